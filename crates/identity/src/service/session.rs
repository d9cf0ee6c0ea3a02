//! Sign-in, refresh and sign-out.

use chrono::{DateTime, Duration, Utc};
use platform::error::{Error, Result};
use platform::Principal;

use super::throttle::{self, SIGN_IN_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_PER_ADDRESS};
use super::Identity;
use crate::domain::password;
use crate::domain::{User, UserRow};
use crate::store::{self, RefreshOutcome};
use crate::tokens::{self, ACCESS_TOKEN_TTL_SECS, SESSION_TTL_DAYS};

/// The same message for an unknown e-mail and a wrong password, so neither is revealed.
pub const BAD_CREDENTIALS: &str = "E-mail ou senha inválidos.";
/// How long a spent refresh token still yields the pair it was exchanged for (two tabs refreshing at once).
pub const REFRESH_GRACE_SECS: i64 = 30;

/// A signed-in session's credentials.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub access_token: String,
    pub refresh_token: String,
    pub expires_in: i64,
    pub user: User,
}

impl Identity {
    pub async fn sign_in(
        &self,
        email: &str,
        password: &str,
        client_addr: Option<&str>,
    ) -> Result<SignedIn> {
        let now = self.clock.now();
        let user = self
            .verify_credentials(email, password, client_addr, now)
            .await?;
        self.open_session(user, client_addr, now).await
    }

    /// The active user with these credentials, through the sign-in throttle (also the plugin's sign-in).
    pub(crate) async fn verify_credentials(
        &self,
        email: &str,
        password: &str,
        client_addr: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<UserRow> {
        let email_key = email.trim().to_lowercase();
        let addr = client_addr.unwrap_or("-");
        let pair_key = format!("signin:{email_key}|{addr}");
        let addr_key = format!("signin-addr:{addr}");
        throttle::admit(&self.db, &pair_key, SIGN_IN_PER_ACCOUNT_AND_ADDRESS, now).await?;
        throttle::admit(&self.db, &addr_key, SIGN_IN_PER_ADDRESS, now).await?;
        let found = store::user_by_email(&self.db, email).await?;
        let hash = found.as_ref().and_then(|(_, h)| h.clone());
        let password_ok = password::verify_off_thread(
            password.to_string(),
            hash.clone()
                .unwrap_or_else(|| password::decoy_hash().to_string()),
        )
        .await
            && hash.is_some();
        let Some((user, _)) = found.filter(|_| password_ok) else {
            return Err(Error::unauthenticated(
                "credenciais_invalidas",
                BAD_CREDENTIALS,
            ));
        };
        if !user.active {
            return Err(Error::unauthenticated(
                "nao_autenticado",
                "Usuário desativado. Procure um administrador.",
            ));
        }
        throttle::forget(&self.db, &pair_key).await?;
        throttle::give_back(&self.db, &addr_key).await?;
        Ok(user)
    }

    async fn open_session(
        &self,
        user: UserRow,
        client_addr: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<SignedIn> {
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

    /// Exchanges a refresh token for a new pair. The successor is derived from the token, so two tabs
    /// presenting it within [`REFRESH_GRACE_SECS`] both get the same refresh token (and a valid access
    /// token); later, a spent token is a replay and ends the session.
    pub async fn refresh(&self, refresh_token: &str) -> Result<SignedIn> {
        let now = self.clock.now();
        // A plugin session's refresh token renews only at the plugin's own refresh.
        super::plugin::refuse_plugin_token(&self.db, refresh_token).await?;
        let new_token = self.keys.successor(refresh_token);
        let outcome = store::rotate_refresh_token(
            &self.db,
            &tokens::digest(refresh_token),
            &tokens::digest(&new_token),
            now,
            now - Duration::seconds(REFRESH_GRACE_SECS),
        )
        .await?;
        let (uid, session_id) = match outcome {
            RefreshOutcome::Rotated { uid, session_id }
            | RefreshOutcome::AlreadyRotated { uid, session_id } => (uid, session_id),
            RefreshOutcome::Reused => {
                tracing::warn!("refresh token reused: session revoked");
                return Err(Error::unauthenticated("nao_autenticado", "Sessão encerrada por segurança: o token de renovação já tinha sido usado. Entre novamente."));
            }
            RefreshOutcome::Invalid => {
                return Err(Error::unauthenticated(
                    "nao_autenticado",
                    "Sessão expirada ou inválida. Entre novamente.",
                ))
            }
        };
        let user = store::user_by_uid(&self.db, &uid)
            .await?
            .filter(|u| u.active);
        let Some(user) = user else {
            store::revoke_session(&self.db, &session_id, now).await?;
            return Err(Error::unauthenticated(
                "nao_autenticado",
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

    pub async fn sign_out(&self, principal: &Principal) -> Result<()> {
        if let Some(sid) = &principal.session_id {
            store::revoke_session(&self.db, sid, self.clock.now()).await?;
        }
        Ok(())
    }
}
