//! The identity flows, one file each: [`session`] (sign-in with throttling, refresh with rotation,
//! sign-out), [`passwords`] (reset and change), [`users`] (administration), [`audit`] (the dispatch
//! access audit) and [`throttle`] (the counters both sign-in and reset codes go through).

mod audit;
mod passwords;
mod permissions;
mod plugin;
mod session;
pub mod throttle;
mod users;

use std::net::IpAddr;
use std::sync::Arc;

use futures::future::BoxFuture;
use platform::access::{table, Permission};
use platform::api::auth::Operation;
use platform::api::Authenticator;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::jobs::Jobs;
use platform::Principal;

use crate::firebase::FirebaseVerifier;
use crate::mail::Mailer;
use crate::store;
use crate::tokens::{self, TokenKeys};

pub use crate::store::{AuditFilter, AuditRow};
pub use audit::is_dispatch;
pub use passwords::{RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_SECS};
pub use permissions::{CatalogEntry, UserPermissions};
pub use plugin::{
    PluginSignedIn, PLUGIN_AUDIENCE, PLUGIN_PERMISSIONS, PLUGIN_REFRESH_COOKIE,
    PLUGIN_REFRESH_PATH, PLUGIN_ROLES, PLUGIN_SESSION_TTL_SECS,
};
pub use session::{SignedIn, BAD_CREDENTIALS, REFRESH_GRACE_SECS};
pub use users::{is_plausible_email, may_manage, UserFilter, NAME_MAX_CHARS};

const SIGNING_SECRET_KEY: &str = "jwt_signing_secret";

/// What identity needs from outside: the database, the time, the mail relay and the proxies it trusts.
pub struct Identity {
    db: Db,
    clock: SharedClock,
    keys: TokenKeys,
    firebase: Option<Arc<FirebaseVerifier>>,
    mailer: Mailer,
    trusted_proxies: Vec<IpAddr>,
    catalog: Arc<[&'static Permission]>,
    /// To tell a user of a change made to them (`platform::notify::Notify`, published with the change).
    jobs: Jobs,
}

/// How identity is set up (from the server's configuration, or a test's).
pub struct Setup {
    pub db: Db,
    pub clock: SharedClock,
    /// Shared signing secret (several instances); `None`: the one generated on first run and kept in the
    /// database.
    pub secret: Option<String>,
    pub firebase: Option<Arc<FirebaseVerifier>>,
    pub mailer: Mailer,
    pub trusted_proxies: Vec<IpAddr>,
    /// Every permission declared, for the administrators' permission pages.
    pub catalog: Arc<[&'static Permission]>,
    pub jobs: Jobs,
}

impl Identity {
    pub async fn new(setup: Setup) -> Result<Identity> {
        let secret = match setup.secret {
            Some(s) => s,
            None => {
                store::setting_or_insert(&setup.db, SIGNING_SECRET_KEY, &tokens::random_secret(48))
                    .await?
            }
        };
        Ok(Identity {
            keys: TokenKeys::from_secret(secret.as_bytes()),
            db: setup.db,
            clock: setup.clock,
            firebase: setup.firebase,
            mailer: setup.mailer,
            trusted_proxies: setup.trusted_proxies,
            catalog: setup.catalog,
            jobs: setup.jobs,
        })
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    /// The client's address: the connection's, or — only when the connection comes from a trusted proxy
    /// — the last address in `X-Forwarded-For` that is not itself a trusted proxy.
    pub fn client_addr(&self, peer: Option<IpAddr>, forwarded_for: Option<&str>) -> Option<String> {
        platform::api::client_addr(peer, forwarded_for, &self.trusted_proxies)
            .map(|a| a.to_string())
    }

    async fn authenticate_token(&self, token: &str) -> Result<Principal> {
        let expired = || {
            Error::unauthenticated(
                "nao_autenticado",
                "Sessão expirada ou inválida. Entre novamente.",
            )
        };
        if let Some(claims) = self
            .keys
            .verify(token)
            .or_else(|| plugin::verify(&self.keys, token))
        {
            let user =
                store::user_in_live_session(&self.db, &claims.sub, &claims.sid, self.clock.now())
                    .await?;
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

    /// The backoffice user behind a Firebase identity: the one linked to its Firebase uid, or else the
    /// active user with its e-mail, which gets linked now.
    async fn firebase_principal(&self, firebase_uid: &str, email: &str) -> Result<Principal> {
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
            _ => Err(Error::unauthenticated(
                "nao_autenticado",
                format!("O e-mail {email} não está cadastrado como usuário ativo do backoffice."),
            )),
        }
    }
}

impl Authenticator for Identity {
    fn authenticate<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal>> {
        Box::pin(async move {
            let mut principal = self.authenticate_token(token).await?;
            // Permissions as data: read with the user on every request, so a change applies at once.
            principal.held = Some(table::held(&self.db, principal.role, &principal.uid).await?);
            // A plugin token reaches the plugin's operations only, and only a plugin token reaches them.
            plugin::confine(&mut principal, plugin::verify(&self.keys, token).is_some());
            Ok(principal)
        })
    }

    /// The server's own refusals of the dispatch area go to the access audit beside what clients report.
    fn denied<'a>(
        &'a self,
        principal: &'a Principal,
        operation: &'a Operation,
    ) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            let Some(permission) = operation.permission.filter(|p| audit::is_dispatch(p)) else {
                return;
            };
            let content = format!(
                "{} {} recusado: falta a permissão {}",
                operation.method, operation.path, permission.code
            );
            if let Err(e) = self.audit_server_refusal(principal, &content, None).await {
                tracing::warn!(error = %e, "could not audit a refused dispatch request");
            }
        })
    }

    /// A dispatch operation's handler refusing the caller (own request, the hub flag…) is audited too.
    fn refused<'a>(
        &'a self,
        principal: &'a Principal,
        operation: &'a Operation,
        reason: &'a str,
    ) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            if !operation.permission.is_some_and(audit::is_dispatch) {
                return;
            }
            let content = format!("{} {} recusado: {reason}", operation.method, operation.path);
            if let Err(e) = self.audit_server_refusal(principal, &content, None).await {
                tracing::warn!(error = %e, "could not audit a refused dispatch request");
            }
        })
    }
}
