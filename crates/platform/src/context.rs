//! A bounded context, as the server sees it: everything needed to run it, given in one place.
//!
//! A context crate implements [`Context`] on its service type (`crm::Crm`); the server registers it with
//! one line (see `crates/server/Cargo.toml`) and from then on migrates its tables, serves its API, enforces
//! and documents its permissions, routes its web pages' access rules and loads its demo data.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;

use poem_openapi::OpenApi;

use crate::access::{Permission, Role, RouteRule};
use crate::clock::SharedClock;
use crate::config::Config;
use crate::db::Db;
use crate::error::Error;
use crate::files::Files;
use crate::jobs::{Consumer, JobHandler, Jobs};
use crate::migrate::Migrations;

/// What every context is built on.
#[derive(Clone)]
pub struct Platform {
    pub db: Db,
    pub config: Arc<Config>,
    pub clock: SharedClock,
    /// Jobs and events: enqueue and publish in the transaction of a change.
    pub jobs: Jobs,
    /// Stored files (attachments, bank files, exports).
    pub files: Files,
    /// Every permission declared (the platform's and each registered context's): the catalog an
    /// administrator edits (see `access::table`).
    pub permissions: Arc<[&'static Permission]>,
}

impl Platform {
    pub fn new(db: Db, config: Arc<Config>, clock: SharedClock) -> Result<Platform, StartError> {
        let store = Files::open_store(&config.files)?;
        Ok(Platform {
            jobs: Jobs::new(db.clone(), clock.clone()).with_lease(config.job_lease),
            files: Files::new(db.clone(), clock.clone(), store),
            db,
            config,
            clock,
            permissions: crate::access::PLATFORM_PERMISSIONS.into(),
        })
    }

    /// With the whole catalog of permissions (the server passes every registered context's).
    pub fn with_permissions(mut self, permissions: Vec<&'static Permission>) -> Platform {
        self.permissions = permissions.into();
        self
    }
}

pub trait Context: Send + Sync + Sized + 'static {
    /// The context's name: its API tag, the prefix of its paths (`/api/v1/<name>/…`) and of its tables.
    const NAME: &'static str;

    /// Its HTTP API: one `#[OpenApi]` struct, or a tuple of them.
    type Api: OpenApi + 'static;

    /// Its tables (`platform::embedded_migrations!()`).
    fn migrations() -> Migrations;

    /// Every permission its operations declare.
    fn permissions() -> &'static [&'static Permission];

    /// Access rules of the web pages it serves (the guard's generated rules include them).
    fn route_rules() -> &'static [RouteRule] {
        &[]
    }

    /// Builds the context over the platform and the contexts registered before it.
    fn start(
        platform: &Platform,
        started: &Started,
    ) -> impl Future<Output = Result<Self, StartError>> + Send;

    fn api(self: &Arc<Self>) -> Self::Api;

    /// Loads its demo data through its own operations; running it again adds nothing. Returns lines for
    /// the person who ran `backoffice demo-data`.
    fn seed_demo(
        self: &Arc<Self>,
        _demo: &mut Demo,
    ) -> impl Future<Output = Result<Vec<String>, Error>> + Send {
        async { Ok(Vec::new()) }
    }

    /// The jobs it runs (imports, file generation, syncs…), by kind.
    fn jobs(self: &Arc<Self>) -> Vec<JobHandler> {
        Vec::new()
    }

    /// Its reactions to other contexts' events.
    fn consumers(self: &Arc<Self>) -> Vec<Consumer> {
        Vec::new()
    }

    /// Called once the server is about to serve (warm a cache, start a timer). Never blocks.
    fn on_serve(self: &Arc<Self>) {}

    /// Called once the server has stopped taking requests, before the database closes: write what is
    /// still held in memory.
    fn on_stop(self: &Arc<Self>) -> impl Future<Output = ()> + Send {
        async {}
    }
}

/// The contexts started so far, by type: a context reaches another only through its public interface.
#[derive(Default)]
pub struct Started(HashMap<TypeId, Arc<dyn Any + Send + Sync>>);

impl Started {
    pub fn insert<C: Context>(&mut self, context: Arc<C>) {
        self.0.insert(TypeId::of::<C>(), context);
    }

    /// A context registered before the caller (registration order is start order).
    pub fn get<C: Context>(&self) -> Result<Arc<C>, StartError> {
        self.0
            .get(&TypeId::of::<C>())
            .and_then(|c| c.clone().downcast::<C>().ok())
            .ok_or_else(|| {
                StartError(format!(
                    "o contexto {} precisa ser registrado antes de quem o usa",
                    C::NAME
                ))
            })
    }
}

/// What demo data loading shares between contexts: the demo users, created first by identity, and how
/// many generated records a benchmark asked for (`backoffice demo-data --bulk-clients 1000000` asks the
/// context that owns `clients` for a million).
#[derive(Debug, Default)]
pub struct Demo {
    pub users: Vec<DemoUser>,
    pub bulk: std::collections::BTreeMap<&'static str, usize>,
}

#[derive(Debug, Clone)]
pub struct DemoUser {
    pub uid: String,
    pub email: String,
    pub role: Role,
}

impl Demo {
    /// The first demo user with `role` (identity creates one for every role).
    pub fn user(&self, role: Role) -> Option<&DemoUser> {
        self.users.iter().find(|u| u.role == role)
    }
}

/// Why a context could not start: a message for the person starting the server.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct StartError(pub String);

impl From<Error> for StartError {
    fn from(e: Error) -> StartError {
        StartError(e.message)
    }
}

impl From<sqlx::Error> for StartError {
    fn from(e: sqlx::Error) -> StartError {
        StartError(format!("banco de dados: {e}"))
    }
}

/// Registers contexts, in start-up order: generates `Contexts` (one field per context), the tuple type
/// `Apis` of their APIs, and the functions the server calls on all of them. The server's build script
/// writes the one call of this macro from its `Cargo.toml` (see `crates/server/build.rs`).
#[macro_export]
macro_rules! register_contexts {
    ($($field:ident: $ty:ty),* $(,)?) => {
        /// Every registered context, started.
        #[derive(Clone)]
        pub struct Contexts {
            $(pub $field: ::std::sync::Arc<$ty>,)*
        }

        /// Every context's API, in registration order (`()` closes the tuple, so one context is a tuple too).
        pub type Apis = ($(<$ty as $crate::context::Context>::Api,)* ());

        impl Contexts {
            /// Every context's name, in registration order.
            pub const NAMES: &'static [&'static str] = &[$(<$ty as $crate::context::Context>::NAME),*];

            pub fn migrations() -> ::std::vec::Vec<$crate::migrate::Migrations> {
                vec![$(<$ty as $crate::context::Context>::migrations()),*]
            }

            pub fn permissions() -> ::std::vec::Vec<&'static $crate::access::Permission> {
                let mut all: ::std::vec::Vec<&'static $crate::access::Permission> = ::std::vec::Vec::new();
                $(all.extend(<$ty as $crate::context::Context>::permissions());)*
                all
            }

            pub fn route_rules() -> ::std::vec::Vec<&'static $crate::access::RouteRule> {
                let mut all: ::std::vec::Vec<&'static $crate::access::RouteRule> = ::std::vec::Vec::new();
                $(all.extend(<$ty as $crate::context::Context>::route_rules());)*
                all
            }

            pub async fn start(
                platform: &$crate::context::Platform,
            ) -> ::std::result::Result<Contexts, $crate::context::StartError> {
                let mut started = $crate::context::Started::default();
                $(
                    let $field = ::std::sync::Arc::new(
                        <$ty as $crate::context::Context>::start(platform, &started).await?,
                    );
                    started.insert($field.clone());
                    for handler in $crate::context::Context::jobs(&$field) {
                        platform.jobs.register(handler);
                    }
                    for consumer in $crate::context::Context::consumers(&$field) {
                        platform.jobs.subscribe(consumer);
                    }
                )*
                let _ = started;
                Ok(Contexts { $($field),* })
            }

            pub fn apis(&self) -> Apis {
                ($($crate::context::Context::api(&self.$field),)* ())
            }

            pub async fn seed_demo(
                &self,
                demo: &mut $crate::context::Demo,
            ) -> ::std::result::Result<::std::vec::Vec<::std::string::String>, $crate::error::Error> {
                let mut lines = ::std::vec::Vec::new();
                $(lines.extend($crate::context::Context::seed_demo(&self.$field, demo).await?);)*
                Ok(lines)
            }

            pub fn on_serve(&self) {
                $($crate::context::Context::on_serve(&self.$field);)*
            }

            pub async fn on_stop(&self) {
                $($crate::context::Context::on_stop(&self.$field).await;)*
            }
        }
    };
}
