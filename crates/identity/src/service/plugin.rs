//! The CRM plugin's own sessions (`/crm/plugin`, framed inside another console).
//!
//! The plugin signs in inside the frame with e-mail and password and gets a session of its own: third-party
//! storage is partitioned, so it never relies on the web app's session. Its access tokens carry
//! `aud=crm-plugin` and live in the page's memory; its refresh token travels only in an
//! `HttpOnly; Secure; SameSite=None; Partitioned` cookie scoped to [`PLUGIN_REFRESH_PATH`]. A plugin session
//! lasts at most [`PLUGIN_SESSION_TTL_SECS`] from its sign-in (refreshing does not extend it).
//!
//! Confinement ([`confine`]): a plugin token holds only [`PLUGIN_PERMISSIONS`], so every other operation
//! answers 403; a normal token never holds them, so the plugin's operations answer 403 to it. The refresh
//! tokens of the two kinds renew only at their own endpoint.

use chrono::{DateTime, Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use platform::db::Db;
use platform::error::{Error, Result};
use platform::{on_db, Principal, Role};

use super::Identity;
use crate::domain::UserRow;
use crate::store::{self, RefreshOutcome};
use crate::tokens::{self, AccessClaims, TokenKeys, ACCESS_TOKEN_TTL_SECS};
use crate::User;

/// The audience of the plugin's access tokens, and the mark of its sessions.
pub const PLUGIN_AUDIENCE: &str = "crm-plugin";
/// A plugin session lasts at most 12 hours from its sign-in.
pub const PLUGIN_SESSION_TTL_SECS: i64 = 12 * 60 * 60;
/// The only path the plugin's refresh cookie is sent to.
pub const PLUGIN_REFRESH_PATH: &str = "/api/v1/auth/plugin/refresh";
/// The refresh cookie's name.
pub const PLUGIN_REFRESH_COOKIE: &str = "bo_plugin_refresh";
/// The permissions a plugin token may use (the CRM's `crm_plugin`, the plugin endpoint group); a normal
/// token never holds them.
pub const PLUGIN_PERMISSIONS: &[&str] = &["crm_plugin"];
/// Who may sign in to the plugin: the sales roles and the administrators.
pub const PLUGIN_ROLES: [Role; 4] = [
    Role::Salesperson,
    Role::SalesManager,
    Role::Admin,
    Role::SuperAdmin,
];
const ISSUER: &str = "backoffice";

#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct PluginClaims {
    sub: String,
    sid: String,
    iat: i64,
    exp: i64,
    iss: String,
    aud: String,
}

/// A plugin session's credentials. The refresh token goes into the cookie, never into a body.
#[derive(Debug, Clone)]
pub struct PluginSignedIn {
    pub access_token: String,
    pub refresh_token: String,
    pub expires_in: i64,
    /// When the session ends, whatever the refreshes.
    pub session_expires_at: DateTime<Utc>,
    pub user: User,
}

fn issue(keys: &TokenKeys, uid: &str, session_id: &str, now: i64) -> String {
    let claims = PluginClaims {
        sub: uid.to_string(),
        sid: session_id.to_string(),
        iat: now,
        exp: now + ACCESS_TOKEN_TTL_SECS,
        iss: ISSUER.to_string(),
        aud: PLUGIN_AUDIENCE.to_string(),
    };
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(keys.secret()),
    )
    .expect("HS256 encoding of plain claims cannot fail")
}

/// The claims of a plugin access token (signed with the same key, `aud=crm-plugin` required).
pub(crate) fn verify(keys: &TokenKeys, token: &str) -> Option<AccessClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_issuer(&[ISSUER]);
    validation.set_audience(&[PLUGIN_AUDIENCE]);
    validation.set_required_spec_claims(&["exp", "iss", "aud"]);
    validation.leeway = 5;
    jsonwebtoken::decode::<PluginClaims>(
        token,
        &DecodingKey::from_secret(keys.secret()),
        &validation,
    )
    .ok()
    .map(|d| AccessClaims {
        sub: d.claims.sub,
        sid: d.claims.sid,
        iat: d.claims.iat,
        exp: d.claims.exp,
        iss: d.claims.iss,
    })
}

/// Keeps a plugin principal to the plugin's permissions (no flag, no hub), and takes them from any other.
pub(crate) fn confine(principal: &mut Principal, plugin: bool) {
    let is_plugin_code = |code: &String| PLUGIN_PERMISSIONS.contains(&code.as_str());
    if let Some(held) = principal.held.as_mut() {
        held.by_role.retain(|c| is_plugin_code(c) == plugin);
        held.granted.retain(|c| is_plugin_code(c) == plugin);
        if !plugin {
            held.revoked
                .extend(PLUGIN_PERMISSIONS.iter().map(|c| c.to_string()));
        }
    }
    if plugin {
        principal.flags = Default::default();
        principal.access_hub = false;
    }
}

fn expired() -> Error {
    Error::unauthenticated(
        "nao_autenticado",
        "Sessão expirada ou inválida. Entre novamente.",
    )
}

/// The audience of the session a refresh token belongs to: `None` when the token is unknown,
/// `Some(None)` for a web-app session.
async fn audience_of(db: &Db, refresh_token: &str) -> Result<Option<Option<String>>> {
    let hash = tokens::digest(refresh_token);
    let row: Option<(Option<String>,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT s.audience FROM identity_refresh_tokens t JOIN identity_sessions s ON s.id = t.session_id \
         WHERE t.token_hash = $1")
        .bind(&hash).fetch_optional(pool).await)?;
    Ok(row.map(|(a,)| a))
}

/// Refuses (401, nothing spent) a plugin session's refresh token at the web app's refresh.
pub(crate) async fn refuse_plugin_token(db: &Db, refresh_token: &str) -> Result<()> {
    match audience_of(db, refresh_token).await? {
        Some(Some(_)) => Err(expired()),
        _ => Ok(()),
    }
}

impl Identity {
    /// Signs in to the plugin: the same credentials and throttle as the web app, a session of its own.
    pub async fn plugin_sign_in(
        &self,
        email: &str,
        password: &str,
        client_addr: Option<&str>,
    ) -> Result<PluginSignedIn> {
        let now = self.clock.now();
        let user = self
            .verify_credentials(email, password, client_addr, now)
            .await?;
        require_plugin_role(&user)?;
        let session_id = uuid::Uuid::now_v7().to_string();
        let refresh_token = tokens::random_secret(32);
        let expires = now + Duration::seconds(PLUGIN_SESSION_TTL_SECS);
        let refresh_hash = tokens::digest(&refresh_token);
        on_db!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("INSERT INTO identity_sessions (id, uid, client_addr, created_at, expires_at, audience) \
                         VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(&session_id).bind(&user.uid).bind(client_addr).bind(now).bind(expires)
                .bind(PLUGIN_AUDIENCE)
                .execute(&mut *tx).await?;
            sqlx::query("INSERT INTO identity_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)")
                .bind(&refresh_hash).bind(&session_id).bind(now)
                .execute(&mut *tx).await?;
            tx.commit().await
        })?;
        Ok(PluginSignedIn {
            access_token: issue(&self.keys, &user.uid, &session_id, now.timestamp()),
            refresh_token,
            expires_in: ACCESS_TOKEN_TTL_SECS,
            session_expires_at: expires,
            user: user.into(),
        })
    }

    /// Renews a plugin session's access token (the refresh token rotates; the session's end stays).
    pub async fn plugin_refresh(&self, refresh_token: &str) -> Result<PluginSignedIn> {
        let now = self.clock.now();
        if audience_of(&self.db, refresh_token)
            .await?
            .flatten()
            .as_deref()
            != Some(PLUGIN_AUDIENCE)
        {
            return Err(expired());
        }
        let new_token = self.keys.successor(refresh_token);
        let outcome = store::rotate_refresh_token(
            &self.db,
            &tokens::digest(refresh_token),
            &tokens::digest(&new_token),
            now,
            now - Duration::seconds(super::REFRESH_GRACE_SECS),
        )
        .await?;
        let (uid, session_id) = match outcome {
            RefreshOutcome::Rotated { uid, session_id }
            | RefreshOutcome::AlreadyRotated { uid, session_id } => (uid, session_id),
            RefreshOutcome::Reused | RefreshOutcome::Invalid => return Err(expired()),
        };
        let user = store::user_by_uid(&self.db, &uid)
            .await?
            .filter(|u| u.active && require_plugin_role(u).is_ok());
        let Some(user) = user else {
            store::revoke_session(&self.db, &session_id, now).await?;
            return Err(expired());
        };
        let session_expires_at = session_end(&self.db, &session_id).await?.unwrap_or(now);
        Ok(PluginSignedIn {
            access_token: issue(&self.keys, &uid, &session_id, now.timestamp()),
            refresh_token: new_token,
            expires_in: ACCESS_TOKEN_TTL_SECS,
            session_expires_at,
            user: user.into(),
        })
    }

    /// Ends the plugin session of a refresh token (an unknown one is ignored: signing out always succeeds).
    pub async fn plugin_sign_out(&self, refresh_token: &str) -> Result<()> {
        if audience_of(&self.db, refresh_token)
            .await?
            .flatten()
            .as_deref()
            != Some(PLUGIN_AUDIENCE)
        {
            return Ok(());
        }
        let hash = tokens::digest(refresh_token);
        let session: Option<(String,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT session_id FROM identity_refresh_tokens WHERE token_hash = $1")
            .bind(&hash).fetch_optional(pool).await)?;
        if let Some((sid,)) = session {
            store::revoke_session(&self.db, &sid, self.clock.now()).await?;
        }
        Ok(())
    }
}

async fn session_end(db: &Db, session_id: &str) -> Result<Option<DateTime<Utc>>> {
    let row: Option<(DateTime<Utc>,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT expires_at FROM identity_sessions WHERE id = $1")
        .bind(session_id).fetch_optional(pool).await)?;
    Ok(row.map(|(e,)| e))
}

fn require_plugin_role(user: &UserRow) -> Result<()> {
    match user.role() {
        Some(role) if PLUGIN_ROLES.contains(&role) => Ok(()),
        _ => Err(Error::forbidden(
            "O plugin do CRM é só para vendedores, gerentes de vendas e administradores.",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_and_web_tokens_do_not_pass_for_each_other() {
        let keys = TokenKeys::from_secret(b"k");
        let now = Utc::now().timestamp();
        let plugin = issue(&keys, "u1", "s1", now);
        assert!(
            keys.verify(&plugin).is_none(),
            "a plugin token is not a web token"
        );
        assert_eq!(verify(&keys, &plugin).expect("valid").sid, "s1");
        let web = keys.issue("u1", "s1", now);
        assert!(
            verify(&keys, &web).is_none(),
            "a web token is not a plugin token"
        );
        assert!(verify(&TokenKeys::from_secret(b"other"), &plugin).is_none());
    }
}
