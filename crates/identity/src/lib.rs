//! The identity context: users, roles and flags; the embedded identity provider (sign-in, rotating
//! refresh tokens, password reset, throttling); Firebase ID-token verification; push tokens; and the
//! access audit of the dispatch area.
//!
//! Other contexts see a user only as a [`platform::Principal`], through the [`Identity`] authenticator.

pub mod api;
pub mod demo;
pub mod domain;
pub mod firebase;
pub mod mail;
pub mod permissions;
mod push;
mod service;
mod store;
pub mod tokens;

use std::sync::Arc;

use platform::access::{Permission, RouteRule};
use platform::context::{Context, Demo, Platform, StartError, Started};
use platform::migrate::Migrations;
use platform::Error;

pub use domain::{NewUser, User};
pub use service::{
    is_plausible_email, may_manage, AuditFilter, AuditRow, Identity, PluginSignedIn, Setup,
    SignedIn, UserFilter, BAD_CREDENTIALS, NAME_MAX_CHARS, PLUGIN_AUDIENCE, PLUGIN_PERMISSIONS,
    PLUGIN_REFRESH_COOKIE, PLUGIN_REFRESH_PATH, PLUGIN_ROLES, PLUGIN_SESSION_TTL_SECS,
    REFRESH_GRACE_SECS, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_SECS,
};
pub use store::OutboxEntry;

impl Context for Identity {
    const NAME: &'static str = "identity";
    type Api = (
        api::AuthApi,
        api::UsersApi,
        api::AuditApi,
        api::PermissionsApi,
        api::PluginAuthApi,
    );

    fn migrations() -> Migrations {
        platform::embedded_migrations!()
    }

    fn permissions() -> &'static [&'static Permission] {
        permissions::ALL
    }

    fn route_rules() -> &'static [RouteRule] {
        permissions::ROUTE_RULES
    }

    async fn start(platform: &Platform, _started: &Started) -> Result<Identity, StartError> {
        let config = &platform.config;
        Ok(Identity::new(Setup {
            db: platform.db.clone(),
            clock: platform.clock.clone(),
            secret: config.jwt_secret.clone(),
            firebase: firebase::verifier_for(&config.auth).await,
            mailer: mail::Mailer::new(config.smtp_url.as_deref(), &config.mail_from)?,
            trusted_proxies: config.http.trusted_proxies.clone(),
            catalog: platform.permissions.clone(),
            jobs: platform.jobs.clone(),
        })
        .await?)
    }

    fn api(self: &Arc<Self>) -> Self::Api {
        (
            api::AuthApi {
                identity: self.clone(),
            },
            api::UsersApi {
                identity: self.clone(),
            },
            api::AuditApi {
                identity: self.clone(),
            },
            api::PermissionsApi {
                identity: self.clone(),
            },
            api::PluginAuthApi {
                identity: self.clone(),
            },
        )
    }

    async fn seed_demo(self: &Arc<Self>, demo: &mut Demo) -> Result<Vec<String>, Error> {
        demo::seed(self, demo).await
    }
}
