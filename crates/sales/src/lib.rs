//! The sales context: its catalog — products, procedures and plans with their list prices, recurring
//! cycles and minimum terms, commission flag, maximum discount, link to stock and the follow-up's release
//! condition — and the effective price on a date (a CRM campaign's promotional price, read through the CRM's
//! public interface).
//!
//! Its shape (every context has it; see `docs/architecture.md`):
//! - [`domain`]: the rules in plain Rust (no SQL, no HTTP), input parsed once into valid types;
//! - [`service`]: the operations ([`Catalog`]), returning domain errors ([`platform::Error`]);
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
use platform::jobs::Consumer;
use platform::migrate::Migrations;
use platform::Error;

pub use service::{CampaignRoom, Catalog, FollowUp, SalesBook, SalesDashboard, SummaryLinks};
pub use store::sales::SaleFilter;
pub use store::CatalogFilter;

/// The context: its public interface for the server and for other contexts.
pub struct Sales {
    catalog: Arc<Catalog>,
    sales: Arc<SalesBook>,
    summary_links: Arc<SummaryLinks>,
    campaign_room: Arc<CampaignRoom>,
    dashboard: Arc<SalesDashboard>,
    followup: Arc<FollowUp>,
    trusted_proxies: Arc<[std::net::IpAddr]>,
}

impl Sales {
    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.catalog
    }

    /// The sales (drafts, confirmation, discount approvals).
    pub fn sales(&self) -> &Arc<SalesBook> {
        &self.sales
    }

    /// The proposal summary links and their public read.
    pub fn summary_links(&self) -> &Arc<SummaryLinks> {
        &self.summary_links
    }

    /// Order follow-up (`/follow-up-pedidos`).
    pub fn followup(&self) -> &Arc<FollowUp> {
        &self.followup
    }

    /// The campaign room (`/blackfriday`).
    pub fn campaign_room(&self) -> &Arc<CampaignRoom> {
        &self.campaign_room
    }
}

impl Context for Sales {
    const NAME: &'static str = "sales";
    type Api = api::SalesApi;

    fn migrations() -> Migrations {
        platform::embedded_migrations!()
    }

    fn permissions() -> &'static [&'static Permission] {
        permissions::ALL
    }

    fn route_rules() -> &'static [RouteRule] {
        permissions::ROUTE_RULES
    }

    /// Needs crm (campaign prices, clients, opportunities, teams), stock (a product's material) and finance (a
    /// confirmed sale's receivables) started first.
    async fn start(platform: &Platform, started: &Started) -> Result<Sales, StartError> {
        let crm = started.get::<crm::Crm>()?;
        let stock = started.get::<stock::Stock>()?;
        let finance = started.get::<finance::Finance>()?;
        let catalog = Arc::new(Catalog::new(
            platform.db.clone(),
            platform.clock.clone(),
            stock,
            crm.clone(),
        ));
        let sales = Arc::new(SalesBook::new(
            platform.db.clone(),
            platform.clock.clone(),
            catalog.clone(),
            crm.clone(),
            finance.clone(),
        ));
        let followup = Arc::new(FollowUp::new(
            platform.db.clone(),
            platform.clock.clone(),
            sales.clone(),
            crm.clone(),
            finance,
        ));
        let campaign_room = Arc::new(CampaignRoom::new(
            platform.db.clone(),
            platform.clock.clone(),
            crm.clone(),
        ));
        let dashboard = Arc::new(SalesDashboard::new(
            platform.db.clone(),
            platform.clock.clone(),
            crm.clone(),
        ));
        let summary_links = Arc::new(SummaryLinks::new(
            platform.db.clone(),
            platform.clock.clone(),
            sales.clone(),
            crm,
            platform.config.company_name.clone(),
            platform.config.http.public_reads_per_minute,
        ));
        Ok(Sales {
            catalog,
            sales,
            summary_links,
            campaign_room,
            dashboard,
            followup,
            trusted_proxies: platform.config.http.trusted_proxies.clone().into(),
        })
    }

    /// finance's settlements and reversals release (or hold back) the follow-up tracks.
    fn consumers(self: &Arc<Self>) -> Vec<Consumer> {
        self.followup.consumers()
    }

    fn api(self: &Arc<Self>) -> api::SalesApi {
        (
            api::CatalogApi::new(self.catalog.clone()),
            api::sales::SaleApi::new(self.sales.clone()),
            api::reports::ReportApi::new(self.sales.clone()),
            api::summary_links::SummaryLinkApi::new(self.summary_links.clone()),
            api::summary_links::PublicSummaryApi::new(
                self.summary_links.clone(),
                self.trusted_proxies.clone(),
            ),
            api::campaign_room::CampaignRoomApi::new(self.campaign_room.clone()),
            api::plugin::SalesPluginApi::new(self.sales.clone(), self.summary_links.clone()),
            api::dashboard::DashboardApi::new(self.dashboard.clone()),
            api::followup::FollowUpApi::new(self.followup.clone()),
        )
    }

    async fn seed_demo(self: &Arc<Self>, demo: &mut Demo) -> Result<Vec<String>, Error> {
        let mut lines = demo::seed(&self.catalog, demo).await?;
        lines.extend(demo::seed_sales(&self.catalog, &self.sales, demo).await?);
        Ok(lines)
    }
}
