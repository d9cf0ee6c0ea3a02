//! `/api/v1/auth/plugin/*`: the CRM plugin's own sign-in, refresh and sign-out (see `service::plugin`).
//!
//! The refresh token never appears in a body: it is set and read only as an `HttpOnly; Secure;
//! SameSite=None; Partitioned` cookie whose path is the refresh endpoint.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::api::{ApiError, ApiResult, Text};
use platform::Error;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{client_addr, IdentityTag};
use crate::service::{Identity, PluginSignedIn, PLUGIN_REFRESH_COOKIE, PLUGIN_REFRESH_PATH};
use crate::User;

pub struct PluginAuthApi {
    pub identity: Arc<Identity>,
}

#[derive(Object)]
#[oai(example)]
struct PluginSignInRequest {
    #[oai(validator(max_length = 320))]
    email: Text,
    #[oai(validator(max_length = 1024))]
    password: Text,
}

impl Example for PluginSignInRequest {
    fn example() -> Self {
        PluginSignInRequest {
            email: Text("ana.ribeiro@empresa.com.br".into()),
            password: Text("Senha@2026".into()),
        }
    }
}

/// A plugin session: the access token (`aud=crm-plugin`, kept in the plugin page's memory only) and the user.
/// The refresh token is in the cookie.
#[derive(Object)]
struct PluginSession {
    access_token: String,
    /// Seconds until the access token expires.
    expires_in: i64,
    /// When the session ends (at most 12 h after signing in), whatever the refreshes.
    session_expires_at: DateTime<Utc>,
    user: User,
}

#[derive(ApiResponse)]
enum PluginSessionResponse {
    /// Signed in (or renewed); `Set-Cookie` carries the refresh token.
    #[oai(status = 200)]
    Ok(Json<PluginSession>, #[oai(header = "Set-Cookie")] String),
}

#[derive(ApiResponse)]
enum SignedOut {
    /// Signed out; `Set-Cookie` clears the refresh cookie.
    #[oai(status = 204)]
    Done(#[oai(header = "Set-Cookie")] String),
}

/// The refresh cookie for `token`, living `max_age` seconds.
pub fn refresh_cookie(token: &str, max_age: i64) -> String {
    format!(
        "{PLUGIN_REFRESH_COOKIE}={token}; Path={PLUGIN_REFRESH_PATH}; Max-Age={}; HttpOnly; Secure; \
         SameSite=None; Partitioned",
        max_age.max(0)
    )
}

fn answer(identity: &Identity, signed: PluginSignedIn) -> PluginSessionResponse {
    let now = identity.clock().now();
    let max_age = (signed.session_expires_at - now).num_seconds();
    let cookie = refresh_cookie(&signed.refresh_token, max_age);
    PluginSessionResponse::Ok(
        Json(PluginSession {
            access_token: signed.access_token,
            expires_in: signed.expires_in,
            session_expires_at: signed.session_expires_at,
            user: signed.user,
        }),
        cookie,
    )
}

/// The refresh cookie's value, when the request carries it.
fn cookie_token(req: &poem::Request) -> Option<String> {
    req.headers()
        .get_all(poem::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == PLUGIN_REFRESH_COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|v| !v.is_empty() && v.len() <= 512)
}

#[OpenApi(prefix_path = "/api/v1/auth/plugin", tag = "IdentityTag::Identity")]
impl PluginAuthApi {
    /// Signs in to the CRM plugin (inside another console's frame) with e-mail and password: a session of
    /// its own, of at most 12 h. Only salespeople, sales managers and administrators may.
    #[oai(path = "/sign-in", method = "post", operation_id = "pluginSignIn")]
    async fn sign_in(
        &self,
        req: &poem::Request,
        body: Json<PluginSignInRequest>,
    ) -> ApiResult<PluginSessionResponse> {
        let addr = client_addr(&self.identity, req);
        let signed = self
            .identity
            .plugin_sign_in(&body.email, &body.password, addr.as_deref())
            .await?;
        Ok(answer(&self.identity, signed))
    }

    /// Renews the plugin's access token from the refresh cookie (which rotates).
    #[oai(path = "/refresh", method = "post", operation_id = "pluginRefresh")]
    async fn refresh(&self, req: &poem::Request) -> ApiResult<PluginSessionResponse> {
        let token = cookie_token(req).ok_or_else(|| {
            ApiError::from(Error::unauthenticated(
                "nao_autenticado",
                "Sessão do plugin ausente. Entre novamente.",
            ))
        })?;
        let signed = self.identity.plugin_refresh(&token).await?;
        Ok(answer(&self.identity, signed))
    }

    /// Ends the plugin session of the refresh cookie and clears the cookie.
    #[oai(path = "/refresh", method = "delete", operation_id = "pluginSignOut")]
    async fn sign_out(&self, req: &poem::Request) -> ApiResult<SignedOut> {
        if let Some(token) = cookie_token(req) {
            self.identity.plugin_sign_out(&token).await?;
        }
        Ok(SignedOut::Done(refresh_cookie("", 0)))
    }
}
