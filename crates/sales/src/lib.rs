//! The sales context.
//!
//! Its shape (every context has it; see `docs/architecture.md`):
//! - [`domain`]: the rules in plain Rust (no SQL, no HTTP), input parsed once into valid types;
//! - [`service`]: the operations, returning domain errors ([`platform::Error`]);
//! - `store`: SQL for both engines, private to the crate;
//! - [`api`]: the HTTP API; [`permissions`]: what its operations need;
//! - `demo`: demo data; `migrations/`: its tables.

pub mod api;
mod demo;
pub mod domain;
pub mod permissions;
pub mod service;
mod store;

use std::sync::Arc;

use platform::access::Permission;
use platform::context::{Context, Demo, Platform, StartError, Started};
use platform::migrate::Migrations;
use platform::Error;

pub use service::Items;

/// The context: its public interface for the server and for other contexts.
pub struct Sales {
    items: Arc<Items>,
}

impl Sales {
    pub fn items(&self) -> &Arc<Items> {
        &self.items
    }
}

impl Context for Sales {
    const NAME: &'static str = "sales";
    type Api = api::ItemsApi;

    fn migrations() -> Migrations {
        platform::embedded_migrations!()
    }

    fn permissions() -> &'static [&'static Permission] {
        permissions::ALL
    }

    async fn start(platform: &Platform, _started: &Started) -> Result<Sales, StartError> {
        Ok(Sales {
            items: Arc::new(Items::new(platform.db.clone(), platform.clock.clone())),
        })
    }

    fn api(self: &Arc<Self>) -> api::ItemsApi {
        api::ItemsApi::new(self.items.clone())
    }

    async fn seed_demo(self: &Arc<Self>, demo: &mut Demo) -> Result<Vec<String>, Error> {
        demo::seed(&self.items, demo).await
    }
}
