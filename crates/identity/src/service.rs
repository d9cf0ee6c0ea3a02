//! The identity flows: sign-in with throttling, token refresh with rotation, sign-out, password reset
//! and change, user administration, push tokens and the access audit.

use chrono::{DateTime, Duration, Utc};
use futures::future::BoxFuture;
use platform::db::{is_unique_violation, Db};
use platform::error::{ApiError, ApiResult, Violations};
use platform::{Authenticator, Principal, Role};

use crate::firebase::FirebaseVerifier;
use crate::mail::Mailer;
use crate::model::{NewUser, User, UserRow};
use crate::password;
use crate::store::{self, RefreshOutcome};
use crate::tokens::{self, TokenKeys, ACCESS_TOKEN_TTL_SECS, SESSION_TTL_DAYS};

/// The same message for an unknown e-mail and a wrong password, so neither is revealed.
pub const BAD_CREDENTIALS: &str = "E-mail ou senha inválidos.";
/// Failures allowed per e-mail, and per client address, inside the throttle window.
pub const MAX_FAILURES_PER_EMAIL: i64 = 5;
pub const MAX_FAILURES_PER_ADDR: i64 = 20;
pub const THROTTLE_WINDOW_SECS: i64 = 15 * 60;
/// Reset codes expire after 15 minutes and allow 5 wrong tries.
pub const RESET_CODE_TTL_SECS: i64 = 15 * 60;
pub const RESET_CODE_MAX_ATTEMPTS: i32 = 5;
/// At most this many codes per user per throttle window (silently: the answer is always 202).
pub const RESET_CODES_PER_WINDOW: i64 = 5;

const SIGNING_SECRET_KEY: &str = "jwt_signing_secret";

/// A signed-in session's credentials.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub access_token: String,
    pub refresh_token: String,
    pub expires_in: i64,
    pub user: User,
}

pub struct Identity {
    db: Db,
    keys: TokenKeys,
    firebase: Option<std::sync::Arc<FirebaseVerifier>>,
    mailer: Mailer,
}

impl Identity {
    /// Uses `secret` when given (several instances share it), otherwise the one generated on first run and
    /// kept in the database.
    pub async fn new(
        db: Db,
        secret: Option<String>,
        firebase: Option<std::sync::Arc<FirebaseVerifier>>,
        mailer: Mailer,
    ) -> ApiResult<Identity> {
        let secret = match secret {
            Some(s) => s,
            None => {
                store::setting_or_insert(&db, SIGNING_SECRET_KEY, &tokens::random_secret(48))
                    .await?
            }
        };
        Ok(Identity {
            keys: TokenKeys::from_secret(secret.as_bytes()),
            db,
            firebase,
            mailer,
        })
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    // ---- sign-in, refresh, sign-out ----

    pub async fn sign_in(
        &self,
        email: &str,
        password: &str,
        client_addr: Option<&str>,
    ) -> ApiResult<SignedIn> {
        let now = Utc::now();
        let email_key = format!("email:{}", email.trim().to_lowercase());
        let addr_key = client_addr.map(|a| format!("addr:{a}"));
        self.throttle(&email_key, MAX_FAILURES_PER_EMAIL, now)
            .await?;
        if let Some(key) = &addr_key {
            self.throttle(key, MAX_FAILURES_PER_ADDR, now).await?;
        }
        let found = store::user_by_email(&self.db, email).await?;
        let hash = found.as_ref().and_then(|(_, h)| h.clone());
        let password_ok =
            password::verify(password, hash.as_deref().unwrap_or(password::decoy_hash()))
                && hash.is_some();
        let Some((user, _)) = found.filter(|_| password_ok) else {
            let keys: Vec<&str> = std::iter::once(email_key.as_str())
                .chain(addr_key.as_deref())
                .collect();
            store::record_failure(&self.db, &keys, now).await?;
            return Err(ApiError::Unauthorized(credentials_error()));
        };
        if !user.active {
            return Err(ApiError::unauthorized(
                "Usuário desativado. Procure um administrador.",
            ));
        }
        store::clear_failures(&self.db, &email_key).await?;
        self.open_session(user, client_addr, now).await
    }

    async fn throttle(&self, key: &str, max: i64, now: DateTime<Utc>) -> ApiResult<()> {
        let (failures, oldest) =
            store::count_failures(&self.db, key, now - Duration::seconds(THROTTLE_WINDOW_SECS))
                .await?;
        if failures < max {
            return Ok(());
        }
        let frees_at = oldest.unwrap_or(now) + Duration::seconds(THROTTLE_WINDOW_SECS);
        Err(ApiError::too_many_requests(
            (frees_at - now).num_seconds().max(1) as u64,
        ))
    }

    async fn open_session(
        &self,
        user: UserRow,
        client_addr: Option<&str>,
        now: DateTime<Utc>,
    ) -> ApiResult<SignedIn> {
        let session_id = uuid::Uuid::now_v7().to_string();
        let refresh_token = tokens::random_secret(32);
        let expires = now + Duration::days(SESSION_TTL_DAYS);
        store::create_session(
            &self.db,
            &session_id,
            &user.uid,
            client_addr,
            &tokens::digest(&refresh_token),
            now,
            expires,
        )
        .await?;
        Ok(SignedIn {
            access_token: self.keys.issue(&user.uid, &session_id, now.timestamp()),
            refresh_token,
            expires_in: ACCESS_TOKEN_TTL_SECS,
            user: user.into(),
        })
    }

    pub async fn refresh(&self, refresh_token: &str) -> ApiResult<SignedIn> {
        let now = Utc::now();
        let new_token = tokens::random_secret(32);
        let outcome = store::rotate_refresh_token(
            &self.db,
            &tokens::digest(refresh_token),
            &tokens::digest(&new_token),
            now,
        )
        .await?;
        let (uid, session_id) = match outcome {
            RefreshOutcome::Rotated { uid, session_id } => (uid, session_id),
            RefreshOutcome::Reused => {
                tracing::warn!("refresh token reused: session revoked");
                return Err(ApiError::unauthorized("Sessão encerrada por segurança: o token de renovação já tinha sido usado. Entre novamente."));
            }
            RefreshOutcome::Invalid => {
                return Err(ApiError::unauthorized(
                    "Sessão expirada ou inválida. Entre novamente.",
                ))
            }
        };
        let user = store::user_by_uid(&self.db, &uid)
            .await?
            .filter(|u| u.active);
        let Some(user) = user else {
            store::revoke_session(&self.db, &session_id, now).await?;
            return Err(ApiError::unauthorized(
                "Usuário desativado. Procure um administrador.",
            ));
        };
        Ok(SignedIn {
            access_token: self.keys.issue(&uid, &session_id, now.timestamp()),
            refresh_token: new_token,
            expires_in: ACCESS_TOKEN_TTL_SECS,
            user: user.into(),
        })
    }

    pub async fn sign_out(&self, principal: &Principal) -> ApiResult<()> {
        if let Some(sid) = &principal.session_id {
            store::revoke_session(&self.db, sid, Utc::now()).await?;
        }
        Ok(())
    }

    // ---- passwords ----

    /// Always succeeds from the caller's point of view (202), whether or not the e-mail exists.
    pub async fn send_reset_code(&self, email: &str) -> ApiResult<()> {
        let now = Utc::now();
        let Some((user, _)) = store::user_by_email(&self.db, email).await? else {
            tracing::info!("password reset asked for an unknown e-mail");
            return Ok(());
        };
        if !user.active {
            return Ok(());
        }
        let window_start = now - Duration::seconds(THROTTLE_WINDOW_SECS);
        if store::count_recent_codes(&self.db, &user.uid, window_start).await?
            >= RESET_CODES_PER_WINDOW
        {
            tracing::warn!(uid = %user.uid, "password reset codes throttled");
            return Ok(());
        }
        let code = tokens::random_code();
        store::insert_reset_code(
            &self.db,
            &user.uid,
            &tokens::digest(&code),
            now,
            now + Duration::seconds(RESET_CODE_TTL_SECS),
        )
        .await?;
        let body = format!(
            "Olá, {}.\r\n\r\nSeu código para redefinir a senha é {code}.\r\nEle vale por 15 minutos e só pode ser usado uma vez.\r\n\r\nSe você não pediu a redefinição, ignore esta mensagem.",
            user.name
        );
        self.mailer
            .send(
                &self.db,
                &user.email,
                "Código para redefinir sua senha",
                &body,
            )
            .await?;
        Ok(())
    }

    pub async fn confirm_reset(
        &self,
        email: &str,
        code: &str,
        new_password: &str,
    ) -> ApiResult<()> {
        let now = Utc::now();
        let invalid_code =
            || ApiError::invalid_field("code", "Código inválido ou expirado. Peça um novo código.");
        let Some((user, _)) = store::user_by_email(&self.db, email)
            .await?
            .filter(|(u, _)| u.active)
        else {
            return Err(invalid_code());
        };
        let mut violations = Violations::new();
        if let Err(msg) = password::check_rules(new_password, &user.email) {
            violations.add("new_password", msg);
        }
        violations.finish()?;
        let Some((code_id, code_hash, attempts)) =
            store::live_reset_code(&self.db, &user.uid, now).await?
        else {
            return Err(invalid_code());
        };
        if attempts >= RESET_CODE_MAX_ATTEMPTS {
            return Err(invalid_code());
        }
        if tokens::digest(code.trim()) != code_hash {
            store::count_reset_attempt(&self.db, &code_id).await?;
            return Err(invalid_code());
        }
        if !store::redeem_reset_code(
            &self.db,
            &code_id,
            &user.uid,
            &password::hash(new_password),
            now,
        )
        .await?
        {
            return Err(invalid_code());
        }
        Ok(())
    }

    pub async fn change_password(
        &self,
        principal: &Principal,
        current: &str,
        new_password: &str,
    ) -> ApiResult<()> {
        // With Firebase the password lives there and the web app changes it there; only the flag is ours.
        if principal.firebase_uid.is_some() {
            store::mark_password_updated(&self.db, &principal.uid, Utc::now()).await?;
            return Ok(());
        }
        let hash = store::password_hash(&self.db, &principal.uid).await?;
        if !hash.is_some_and(|h| password::verify(current, &h)) {
            return Err(ApiError::invalid_field(
                "current_password",
                "A senha atual não confere.",
            ));
        }
        if current == new_password {
            return Err(ApiError::invalid_field(
                "new_password",
                "A nova senha deve ser diferente da atual.",
            ));
        }
        password::check_rules(new_password, &principal.email)
            .map_err(|m| ApiError::invalid_field("new_password", m))?;
        store::set_password(
            &self.db,
            &principal.uid,
            &password::hash(new_password),
            true,
            Utc::now(),
        )
        .await?;
        Ok(())
    }

    // ---- users ----

    pub async fn user(&self, uid: &str) -> ApiResult<Option<User>> {
        Ok(store::user_by_uid(&self.db, uid).await?.map(User::from))
    }

    /// Creates a user; the e-mail must be new (case-insensitive) and the password follow the rules.
    pub async fn create_user(&self, new: NewUser) -> ApiResult<User> {
        validate_new_user(&new)?;
        let uid = uuid::Uuid::new_v4().simple().to_string();
        let hash = new.password.as_deref().map(password::hash);
        let now = Utc::now();
        match store::insert_user(&self.db, &uid, &new, hash.as_deref(), now).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => {
                return Err(ApiError::conflict(
                    "email_duplicado",
                    format!("Já existe um usuário com o e-mail {}.", new.email.trim()),
                    vec![platform::FieldError::new("email", "e-mail já cadastrado")],
                ))
            }
            Err(e) => return Err(e.into()),
        }
        self.user(&uid)
            .await?
            .ok_or_else(|| ApiError::internal("user vanished after insert"))
    }

    pub async fn update_user(&self, row: &UserRow) -> ApiResult<User> {
        let now = Utc::now();
        store::update_user(&self.db, row, now).await?;
        if !row.active {
            store::revoke_all_sessions(&self.db, &row.uid, now).await?;
        }
        self.user(&row.uid)
            .await?
            .ok_or_else(|| ApiError::not_found("Usuário não encontrado."))
    }

    pub async fn user_row(&self, uid: &str) -> ApiResult<UserRow> {
        store::user_by_uid(&self.db, uid)
            .await?
            .ok_or_else(|| ApiError::not_found(format!("Usuário {uid} não encontrado.")))
    }

    /// An administrator sets a new password: the user must change it again, and every session ends.
    pub async fn admin_reset_password(&self, uid: &str, new_password: &str) -> ApiResult<()> {
        let user = self.user_row(uid).await?;
        password::check_rules(new_password, &user.email)
            .map_err(|m| ApiError::invalid_field("new_password", m))?;
        let now = Utc::now();
        store::set_password(&self.db, uid, &password::hash(new_password), false, now).await?;
        store::revoke_all_sessions(&self.db, uid, now).await?;
        Ok(())
    }

    pub async fn list_users(
        &self,
        filter: &store::UserFilter,
        limit: i64,
        offset: i64,
    ) -> ApiResult<(Vec<User>, i64)> {
        let (rows, total) = store::list_users(&self.db, filter, limit, offset).await?;
        Ok((rows.into_iter().map(User::from).collect(), total))
    }

    async fn authenticate_token(&self, token: &str) -> ApiResult<Principal> {
        let expired = || ApiError::unauthorized("Sessão expirada ou inválida. Entre novamente.");
        if let Some(claims) = self.keys.verify(token) {
            let user =
                store::user_in_live_session(&self.db, &claims.sub, &claims.sid, Utc::now()).await?;
            return user
                .map(|u| u.principal(Some(claims.sid)))
                .ok_or_else(expired);
        }
        if let Some(firebase) = &self.firebase {
            let identity = firebase.verify(token).ok_or_else(expired)?;
            return self
                .firebase_principal(&identity.uid, &identity.email)
                .await;
        }
        Err(expired())
    }
}

impl Identity {
    /// The backoffice user behind a Firebase identity: the one linked to its Firebase uid, or else the
    /// active user with its e-mail, which gets linked now.
    async fn firebase_principal(&self, firebase_uid: &str, email: &str) -> ApiResult<Principal> {
        let user = match store::user_by_firebase_uid(&self.db, firebase_uid).await? {
            Some(u) => Some(u),
            None => {
                let by_email = store::user_by_email(&self.db, email).await?.map(|(u, _)| u);
                if let Some(u) = &by_email {
                    store::link_firebase_uid(&self.db, &u.uid, firebase_uid).await?;
                }
                by_email
            }
        };
        match user {
            Some(u) if u.active => {
                let mut principal = u.principal(None);
                principal.firebase_uid = Some(firebase_uid.to_string());
                Ok(principal)
            }
            _ => Err(ApiError::unauthorized(format!(
                "O e-mail {email} não está cadastrado como usuário ativo do backoffice."
            ))),
        }
    }
}

impl Authenticator for Identity {
    fn authenticate<'a>(&'a self, token: &'a str) -> BoxFuture<'a, ApiResult<Principal>> {
        Box::pin(self.authenticate_token(token))
    }
}

fn credentials_error() -> poem_openapi::payload::Json<platform::ErrorBody> {
    poem_openapi::payload::Json(platform::ErrorBody {
        code: "credenciais_invalidas".into(),
        message: BAD_CREDENTIALS.into(),
        fields: vec![],
    })
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

fn validate_new_user(new: &NewUser) -> ApiResult<()> {
    let mut v = Violations::new();
    if !is_plausible_email(&new.email) {
        v.add(
            "email",
            "Informe um e-mail válido, como nome@empresa.com.br.",
        );
    }
    if new.name.trim().is_empty() {
        v.add("name", "Informe o nome.");
    } else if new.name.trim().chars().count() > 120 {
        v.add("name", "O nome deve ter no máximo 120 caracteres.");
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
