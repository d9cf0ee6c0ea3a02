//! The identity HTTP API.

mod audit;
mod auth;
mod permissions;
mod plugin;
mod users;

pub use audit::AuditApi;
pub use auth::AuthApi;
pub use permissions::PermissionsApi;
pub use plugin::PluginAuthApi;
pub use users::UsersApi;

use poem_openapi::Tags;

use crate::service::Identity;

#[derive(Tags)]
pub enum IdentityTag {
    /// Sign-in, tokens, passwords and access checks.
    #[oai(rename = "identity")]
    Identity,
}

/// The client address of a request, for throttling and the audit trail (`X-Forwarded-For` only from a
/// trusted proxy).
fn client_addr(identity: &Identity, req: &poem::Request) -> Option<String> {
    let peer = req.remote_addr().as_socket_addr().map(|a| a.ip());
    let forwarded = req
        .headers()
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok());
    identity.client_addr(peer, forwarded)
}
