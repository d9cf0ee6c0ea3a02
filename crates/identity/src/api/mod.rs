//! The identity HTTP API.

mod audit;
mod auth;
mod users;

pub use audit::AuditApi;
pub use auth::AuthApi;
pub use users::UsersApi;

use platform::EndpointRule;
use poem_openapi::Tags;

#[derive(Tags)]
pub enum IdentityTag {
    /// Sign-in, tokens, passwords and access checks.
    #[oai(rename = "identity")]
    Identity,
}

/// Every identity endpoint with the permission it needs.
pub fn endpoints() -> Vec<EndpointRule> {
    [auth::ENDPOINTS, users::ENDPOINTS, audit::ENDPOINTS].concat()
}

/// The client address of a request, for throttling and the audit trail.
fn client_addr(req: &poem::Request) -> Option<String> {
    match req.remote_addr().as_socket_addr() {
        Some(addr) => Some(addr.ip().to_string()),
        None => Some(req.remote_addr().to_string()).filter(|s| !s.is_empty()),
    }
}
