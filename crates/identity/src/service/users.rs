//! User administration and the rules a user's data follows (one rule for create and update).

use platform::db::is_unique_violation;
use platform::error::{Error, Result, Violations};
use platform::history::{self, Change, Entry, Recorded};
use platform::{Principal, Role};

use super::Identity;
use crate::domain::password;
use crate::domain::{NewUser, User, UserRow};
use crate::store;

pub use crate::store::UserFilter;

/// The history entity of a user (`platform_history.entity`).
pub const USER_ENTITY: &str = "identity.user";

/// A user's name, on create and on update.
pub const NAME_MAX_CHARS: usize = 120;

impl Identity {
    pub async fn user(&self, uid: &str) -> Result<Option<User>> {
        Ok(store::user_by_uid(&self.db, uid).await?.map(User::from))
    }

    /// The users with these uids (at most a page's worth: the names shown beside a list), in no particular order.
    pub async fn users(&self, uids: &[&str]) -> Result<Vec<User>> {
        Ok(store::users_by_uids(&self.db, uids)
            .await?
            .into_iter()
            .map(User::from)
            .collect())
    }

    /// The user with this e-mail (case-insensitive), if any.
    pub async fn user_by_email(&self, email: &str) -> Result<Option<User>> {
        Ok(store::user_by_email(&self.db, email)
            .await?
            .map(|(u, _)| User::from(u)))
    }

    /// Creates a user; the e-mail must be new (case-insensitive) and the password follow the rules.
    pub async fn create_user(&self, new: NewUser) -> Result<User> {
        validate_new_user(&new)?;
        let uid = uuid::Uuid::new_v4().simple().to_string();
        let hash = match &new.password {
            Some(p) => Some(password::hash_off_thread(p.clone()).await),
            None => None,
        };
        let new = NewUser {
            name: new.name.trim().to_string(),
            ..new
        };
        match store::insert_user(&self.db, &uid, &new, hash.as_deref(), self.clock.now()).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => {
                return Err(Error::conflict(
                    "email_duplicado",
                    format!("Já existe um usuário com o e-mail {}.", new.email.trim()),
                )
                .with_field("email", "e-mail já cadastrado"))
            }
            Err(e) => return Err(e.into()),
        }
        self.user(&uid)
            .await?
            .ok_or_else(|| Error::internal("user vanished after insert"))
    }

    /// Saves a changed user (its name checked by the same rule as on create), in one transaction with its
    /// history entry (the fields that changed); deactivating ends every session.
    pub async fn update_user(&self, by: &Principal, row: &UserRow) -> Result<User> {
        let before = self.user_row(&row.uid).await?;
        let mut row = row.clone();
        row.name = checked_name(&row.name)?;
        let now = self.clock.now();
        let state = |active: bool| if active { "ativo" } else { "inativo" };
        let action = match (before.active, row.active) {
            (true, false) => "Usuário desativado",
            (false, true) => "Usuário reativado",
            _ => "Usuário alterado",
        };
        let flag = |name, from: bool, to: bool| Change::of(name, &from, &to);
        let changes: Vec<Change> = [
            Change::of("name", &before.name, &row.name),
            Change::of(
                "role",
                &before.role.clone().unwrap_or_default(),
                &row.role.clone().unwrap_or_default(),
            ),
            flag(
                "role_id.can_see_conciliation",
                before.can_see_conciliation,
                row.can_see_conciliation,
            ),
            flag(
                "role_id.can_see_dispatch",
                before.can_see_dispatch,
                row.can_see_dispatch,
            ),
            flag(
                "role_id.can_approval_dispatch",
                before.can_approval_dispatch,
                row.can_approval_dispatch,
            ),
            flag("access_hub", before.access_hub, row.access_hub),
            flag("active", before.active, row.active),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mut tx = self.db.begin().await?;
        store::update_user(&mut tx, &row, now).await?;
        if !row.active {
            store::revoke_sessions(&mut tx, &row.uid, None, now).await?;
        }
        if !changes.is_empty() {
            let entry = Entry {
                entity: USER_ENTITY,
                entity_id: &row.uid,
                action,
                from_state: Some(state(before.active)),
                to_state: Some(state(row.active)),
                reason: None,
                changes,
            };
            history::record(&mut tx, &entry, by, now).await?;
        }
        tx.commit().await?;
        self.user(&row.uid)
            .await?
            .ok_or_else(|| Error::not_found("Usuário não encontrado."))
    }

    /// A user's history (changes, deactivation, passwords set, permissions granted or revoked), oldest
    /// first; 404 for a user that does not exist.
    pub async fn user_history(&self, uid: &str) -> Result<Vec<Recorded>> {
        self.user_row(uid).await?;
        history::of(&self.db, USER_ENTITY, uid).await
    }

    pub async fn user_row(&self, uid: &str) -> Result<UserRow> {
        store::user_by_uid(&self.db, uid)
            .await?
            .ok_or_else(|| Error::not_found(format!("Usuário {uid} não encontrado.")))
    }

    pub async fn list_users(
        &self,
        filter: &UserFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<User>, i64)> {
        let (rows, total) = store::list_users(&self.db, filter, limit, offset).await?;
        Ok((rows.into_iter().map(User::from).collect(), total))
    }
}

/// A minimal e-mail check: one `@`, something on both sides, a dot in the domain, no spaces.
pub fn is_plausible_email(email: &str) -> bool {
    let email = email.trim();
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.contains(char::is_whitespace)
        && !domain.contains('@')
        && email.len() <= 254
}

fn name_problem(name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() {
        Some("Informe o nome.".into())
    } else if name.chars().count() > NAME_MAX_CHARS {
        Some(format!(
            "O nome deve ter no máximo {NAME_MAX_CHARS} caracteres."
        ))
    } else {
        None
    }
}

fn checked_name(name: &str) -> Result<String> {
    match name_problem(name) {
        Some(problem) => Err(Error::invalid_field("name", problem)),
        None => Ok(name.trim().to_string()),
    }
}

fn validate_new_user(new: &NewUser) -> Result<()> {
    let mut v = Violations::new();
    if !is_plausible_email(&new.email) {
        v.add(
            "email",
            "Informe um e-mail válido, como nome@empresa.com.br.",
        );
    }
    if let Some(problem) = name_problem(&new.name) {
        v.add("name", problem);
    }
    if let Some(pw) = &new.password {
        if let Err(msg) = password::check_rules(pw, &new.email) {
            v.add("password", msg);
        }
    }
    v.finish()
}

/// Whether `actor` may manage a user whose role is `target` (only SUPER_ADMIN manages administrators).
pub fn may_manage(actor: &Principal, target: Option<Role>) -> bool {
    actor.is_admin()
        && (!target.is_some_and(Role::is_admin) || actor.role == Some(Role::SuperAdmin))
}
