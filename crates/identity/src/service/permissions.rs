//! Permissions as data, for administrators: which roles hold each permission, and one user's grants and
//! revokes (`platform::access::table`). Every change is one transaction with its history entry.

use std::collections::BTreeSet;

use platform::access::table::{self, Decision, Exception};
use platform::access::{Grant, Permission, Role, SIGNED_IN};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Reason};
use platform::notify::Notify;
use platform::Principal;

use super::{may_manage, Identity};
use crate::permissions::PERMISSIONS_MANAGE;
use crate::store;

/// Permissions nobody edits: being signed in, and editing permissions (an administrator could otherwise
/// lock every administrator out).
fn is_fixed(permission: &Permission) -> bool {
    permission == &SIGNED_IN || permission == &PERMISSIONS_MANAGE
}

/// One permission of the catalog, as the administrators' page shows it.
#[derive(Debug, Clone)]
pub struct CatalogEntry {
    pub permission: &'static Permission,
    /// The roles that hold it now (empty for a flag permission).
    pub roles: BTreeSet<Role>,
    /// Whether administrators may change who holds it.
    pub editable: bool,
}

/// What one user holds, and why.
#[derive(Debug, Clone)]
pub struct UserPermissions {
    pub uid: String,
    pub role: Option<Role>,
    /// The codes the user holds now (role, flags and exceptions together).
    pub effective: Vec<&'static str>,
    pub exceptions: Vec<Exception>,
}

impl Identity {
    fn permission(&self, code: &str) -> Result<&'static Permission> {
        self.catalog
            .iter()
            .copied()
            .find(|p| p.code == code)
            .ok_or_else(|| Error::not_found(format!("Permissão {code} não existe.")))
    }

    /// Every permission, with the roles that hold it now.
    pub async fn permission_catalog(&self) -> Result<Vec<CatalogEntry>> {
        let holders = table::role_holders(&self.db).await?;
        Ok(self
            .catalog
            .iter()
            .map(|&permission| CatalogEntry {
                permission,
                roles: holders.get(permission.code).cloned().unwrap_or_default(),
                editable: !is_fixed(permission),
            })
            .collect())
    }

    /// Makes `roles` exactly the holders of the role permission `code`. Only a SUPER_ADMIN adds or removes
    /// an administrator role.
    pub async fn set_permission_roles(
        &self,
        by: &Principal,
        code: &str,
        roles: BTreeSet<Role>,
        reason: Option<&str>,
    ) -> Result<CatalogEntry> {
        let permission = self.permission(code)?;
        let reason = Reason::parse("reason", reason).map_err(|v| Error::invalid(vec![v]))?;
        if is_fixed(permission) {
            return Err(Error::invalid_field(
                "roles",
                "Esta permissão não pode ser alterada.",
            ));
        }
        if let Grant::Flag(flag) = permission.grant {
            return Err(Error::invalid_field(
                "roles",
                format!(
                    "Esta permissão vem da marcação {} de cada usuário, não do papel.",
                    flag.as_str()
                ),
            ));
        }
        let before = table::role_holders(&self.db)
            .await?
            .remove(code)
            .unwrap_or_default();
        let touched = before.symmetric_difference(&roles);
        if touched.clone().any(|r| !may_manage(by, Some(*r))) {
            return Err(Error::forbidden(
                "Só um superadministrador altera as permissões dos administradores.",
            ));
        }
        let names = |set: &BTreeSet<Role>| {
            set.iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut tx = self.db.begin().await?;
        table::set_roles(&mut tx, code, &roles).await?;
        let entry = Entry {
            entity: "platform.permission",
            entity_id: code,
            action: "Papéis da permissão alterados",
            from_state: None,
            to_state: None,
            reason: Some(&reason),
            changes: Change::of("roles", &names(&before), &names(&roles))
                .into_iter()
                .collect(),
        };
        history::record(&mut tx, &entry, by, self.clock.now()).await?;
        tx.commit().await?;
        Ok(CatalogEntry {
            permission,
            roles,
            editable: true,
        })
    }

    /// The active users who hold the permission `code` now (roles, flags and each user's grants and revokes,
    /// as [`Principal::has`] decides), by uid: whom a notice for "every holder of" it reaches. A code the catalog
    /// does not know is held by nobody.
    pub async fn holders(&self, code: &str) -> Result<Vec<String>> {
        match self.catalog.iter().copied().find(|p| p.code == code) {
            Some(permission) => Ok(store::holders(&self.db, permission).await?),
            None => {
                tracing::warn!(code, "notice for the holders of an unknown permission");
                Ok(Vec::new())
            }
        }
    }

    /// What `uid` holds. `by` reads themself, or anyone with `usuarios_ler` (checked by the API).
    pub async fn user_permissions(&self, uid: &str) -> Result<UserPermissions> {
        let user = store::user_by_uid(&self.db, uid)
            .await?
            .ok_or_else(|| Error::not_found(format!("Usuário {uid} não encontrado.")))?;
        let mut principal = user.principal(None);
        principal.held = Some(table::held(&self.db, principal.role, uid).await?);
        Ok(UserPermissions {
            uid: uid.to_string(),
            role: principal.role,
            effective: self
                .catalog
                .iter()
                .filter(|p| principal.has(p))
                .map(|p| p.code)
                .collect(),
            exceptions: table::exceptions(&self.db, uid).await?,
        })
    }

    /// Grants, revokes, or returns to the role's default one permission for one user.
    pub async fn set_user_permission(
        &self,
        by: &Principal,
        uid: &str,
        code: &str,
        decision: Decision,
        reason: Option<&str>,
    ) -> Result<UserPermissions> {
        let user = store::user_by_uid(&self.db, uid)
            .await?
            .ok_or_else(|| Error::not_found(format!("Usuário {uid} não encontrado.")))?;
        let permission = self.permission(code)?;
        let reason = Reason::parse("reason", reason).map_err(|v| Error::invalid(vec![v]))?;
        if is_fixed(permission) {
            return Err(Error::invalid_field(
                "decision",
                "Esta permissão não pode ser alterada.",
            ));
        }
        if !may_manage(by, user.role()) {
            return Err(Error::forbidden(
                "Só um superadministrador altera as permissões dos administradores.",
            ));
        }
        let action = match decision {
            Decision::Grant => "Permissão concedida",
            Decision::Revoke => "Permissão revogada",
            Decision::RoleDefault => "Permissão volta ao padrão do papel",
        };
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        table::set_exception(&mut tx, uid, code, decision, reason.as_str(), &by.uid, now).await?;
        let entry = Entry {
            entity: super::users::USER_ENTITY,
            entity_id: uid,
            action,
            from_state: None,
            to_state: None,
            reason: Some(&reason),
            changes: vec![Change {
                field: "permission".into(),
                from: None,
                to: Some(code.to_string()),
            }],
        };
        history::record(&mut tx, &entry, by, now).await?;
        let notice = permission_notice(uid, permission, decision, &reason);
        self.jobs.publish(&mut tx, &notice).await?;
        tx.commit().await?;
        self.user_permissions(uid).await
    }
}

/// What the user is told when one of their permissions changes (in-app and, with FCM, a push): the page
/// that lists what they can open now.
fn permission_notice(
    uid: &str,
    permission: &Permission,
    decision: Decision,
    reason: &Reason,
) -> Notify {
    let title = match decision {
        Decision::Grant => "Você recebeu uma permissão",
        Decision::Revoke => "Uma permissão sua foi retirada",
        Decision::RoleDefault => "Uma permissão sua voltou ao padrão do seu papel",
    };
    Notify::to_users(
        vec![uid.to_string()],
        title,
        format!(
            "Permissão para {}. Motivo: {}",
            permission.label,
            reason.as_str()
        ),
        "/inicio",
    )
}
