//! The stock context: materials (SKU, units and their exact conversions, lots and expiry, GTIN, NCM),
//! categories, locations (central, clinics, in transit and the ledger's virtual ends), stock policies per
//! location, clinic assignments (`user_locations`), and the stock ledger.
//!
//! # The ledger
//!
//! `stock_movements` is insert-only: a trigger on both engines refuses UPDATE and DELETE, and corrections are
//! reversals (each row reversed at most once: `reverses_id` is unique). Every row moves a positive quantity of
//! one material (and lot) from one location to another, so the ledger always sums to zero. `stock_balances`
//! (material, location, lot) is a projection kept in the inserting transaction; `backoffice stock
//! rebuild-balances` recomputes it from the ledger and `backoffice stock check` reports where they differ.
//! Quantities are thousandths of the base unit, unit costs millionths of a real, values centavos; the
//! weighted average is computed in `i128` (`domain::ledger`).
//!
//! Its shape (every context has it; see `docs/architecture.md`):
//! - [`domain`]: the rules in plain Rust (no SQL, no HTTP), input parsed once into valid types;
//! - [`service`]: the operations ([`Registers`], [`Ledger`]), returning domain errors;
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

use platform::access::{Permission, RouteRule};
use platform::context::{Context, Demo, Platform, StartError, Started};
use platform::migrate::Migrations;
use platform::Error;

pub use service::{Boms, Counts, Dispatches, Drift, Ledger, Registers};
pub use store::ledger::MovementFilter;

/// The context: its public interface for the server and for other contexts.
pub struct Stock {
    registers: Arc<Registers>,
    ledger: Arc<Ledger>,
    dispatches: Arc<Dispatches>,
    counts: Arc<Counts>,
    boms: Arc<Boms>,
}

impl Stock {
    pub fn registers(&self) -> &Arc<Registers> {
        &self.registers
    }

    pub fn ledger(&self) -> &Arc<Ledger> {
        &self.ledger
    }

    pub fn dispatches(&self) -> &Arc<Dispatches> {
        &self.dispatches
    }

    pub fn counts(&self) -> &Arc<Counts> {
        &self.counts
    }

    /// Procedure BOMs; [`Boms::consume_for_procedure`] is what the clinic side calls when a procedure is
    /// finished.
    pub fn boms(&self) -> &Arc<Boms> {
        &self.boms
    }
}

impl Context for Stock {
    const NAME: &'static str = "stock";
    type Api = api::StockApi;

    fn migrations() -> Migrations {
        platform::embedded_migrations!()
    }

    fn permissions() -> &'static [&'static Permission] {
        permissions::ALL
    }

    fn route_rules() -> &'static [RouteRule] {
        permissions::ROUTE_RULES
    }

    async fn start(platform: &Platform, _started: &Started) -> Result<Stock, StartError> {
        let ledger = Arc::new(Ledger::new(platform.db.clone(), platform.clock.clone()));
        Ok(Stock {
            registers: Arc::new(Registers::new(platform.db.clone(), platform.clock.clone())),
            dispatches: Arc::new(Dispatches::new(
                platform.db.clone(),
                platform.clock.clone(),
                platform.jobs.clone(),
            )),
            counts: Arc::new(Counts::new(
                platform.db.clone(),
                platform.clock.clone(),
                ledger.clone(),
            )),
            boms: Arc::new(Boms::new(platform.db.clone(), platform.clock.clone())),
            ledger,
        })
    }

    fn api(self: &Arc<Self>) -> api::StockApi {
        (
            api::RegistersApi::new(self.registers.clone()),
            api::LedgerApi::new(self.ledger.clone()),
            api::DispatchesApi::new(self.dispatches.clone()),
            api::CountsApi::new(self.counts.clone()),
            api::BomsApi::new(self.boms.clone()),
        )
    }

    async fn seed_demo(self: &Arc<Self>, demo: &mut Demo) -> Result<Vec<String>, Error> {
        let mut lines = demo::seed(&self.registers, &self.ledger, demo).await?;
        lines.extend(demo::dispatches::seed(&self.registers, &self.dispatches, demo).await?);
        lines.extend(demo::counts::seed(&self.counts, demo).await?);
        lines.extend(demo::boms::seed(&self.boms, demo).await?);
        // Last, so the count in progress and the dispatches keep their lines.
        let by = demo
            .user(platform::Role::StockManager)
            .map(|u| u.uid.clone())
            .unwrap_or_else(|| "demo".into());
        lines.extend(demo::bulk::seed(self.registers.db(), &by, self.ledger.now()).await?);
        Ok(lines)
    }
}
