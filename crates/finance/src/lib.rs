//! The finance context: the money side of the business (`../shared/product/finance.md`), on top of the pure
//! `banking` crate. Built area by area; so far the chart of accounts, the cost centres,
//! the company's bank accounts and settings, the suppliers with their bank data, and the receivables (títulos a
//! receber, their installments and receipts; [`events`] tells the other contexts about them).
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
pub mod events;
pub mod permissions;
pub mod service;
mod store;

use std::sync::Arc;

use platform::access::{Permission, RouteRule};
use platform::context::{Context, Demo, Platform, StartError, Started};
use platform::migrate::Migrations;
use platform::Error;

/// `R$ 1.234,56`: the banking core's formatter, the one every context shows money with.
pub use banking::pdf::format_brl;
pub use domain::boleto::percent;
pub use domain::reconciliation;
pub use domain::{PaymentPosition, Receivable, ReceivableMethod, SaleReceivable};
pub use service::{BankAccounts, Chart, CostCenters, Receivables, Settings, Suppliers};

/// The context: its public interface for the server and for other contexts.
pub struct Finance {
    chart: Arc<Chart>,
    cost_centers: Arc<CostCenters>,
    bank_accounts: Arc<BankAccounts>,
    settings: Arc<Settings>,
    suppliers: Arc<Suppliers>,
    receivables: Arc<Receivables>,
    agreements: Arc<service::Agreements>,
    boletos: Arc<service::Boletos>,
    attachments: Arc<service::Attachments>,
    reports: Arc<service::Reports>,
    payables: Arc<service::Payables>,
    remittances: Arc<service::Remittances>,
    bank_returns: Arc<service::BankReturns>,
    reconciliation: Arc<service::Reconciliation>,
}

impl Finance {
    pub fn chart(&self) -> &Arc<Chart> {
        &self.chart
    }

    pub fn cost_centers(&self) -> &Arc<CostCenters> {
        &self.cost_centers
    }

    pub fn bank_accounts(&self) -> &Arc<BankAccounts> {
        &self.bank_accounts
    }

    /// The finance parameters (the approval limit the payables and payment batches will check).
    pub fn settings(&self) -> &Arc<Settings> {
        &self.settings
    }

    /// The suppliers (fornecedores) and their bank data.
    pub fn suppliers(&self) -> &Arc<Suppliers> {
        &self.suppliers
    }

    /// The receivables (títulos a receber) and their installments; sales creates its títulos with
    /// [`Receivables::create_in`], in the sale's own transaction.
    pub fn receivables(&self) -> &Arc<Receivables> {
        &self.receivables
    }
}

impl Finance {
    /// The attachments (anexos) of installments and payables.
    pub fn attachments(&self) -> &Arc<service::Attachments> {
        &self.attachments
    }
}

impl Finance {
    /// The receivables reports: receipts by period, aging and the projected cash flow.
    pub fn reports(&self) -> &Arc<service::Reports> {
        &self.reports
    }
}

impl Finance {
    /// The convênios de cobrança and de pagamentos.
    pub fn agreements(&self) -> &Arc<service::Agreements> {
        &self.agreements
    }

    /// The boletos; the remessa and retorno work records on them with [`service::Boletos::record_in`].
    pub fn boletos(&self) -> &Arc<service::Boletos> {
        &self.boletos
    }
}

impl Finance {
    /// The payables (contas a pagar) and their installments; the payment remessa and retorno work moves
    /// installments with [`service::Payables::put_in_remittance`] and [`service::Payables::reject_by_bank`].
    pub fn payables(&self) -> &Arc<service::Payables> {
        &self.payables
    }
}

impl Finance {
    /// The remessas de cobrança.
    pub fn remittances(&self) -> &Arc<service::Remittances> {
        &self.remittances
    }

    /// The retornos de cobrança and their pendências.
    pub fn bank_returns(&self) -> &Arc<service::BankReturns> {
        &self.bank_returns
    }
}

impl Finance {
    /// Bank reconciliation: statements, the matching and its manual work.
    pub fn reconciliation(&self) -> &Arc<service::Reconciliation> {
        &self.reconciliation
    }
}

impl Context for Finance {
    const NAME: &'static str = "finance";
    type Api = api::FinanceApi;

    fn migrations() -> Migrations {
        platform::embedded_migrations!()
    }

    fn permissions() -> &'static [&'static Permission] {
        permissions::ALL
    }

    fn route_rules() -> &'static [RouteRule] {
        permissions::ROUTE_RULES
    }

    /// Needs crm started first: títulos name its clients (read through `crm::Crm`, never its tables).
    async fn start(platform: &Platform, started: &Started) -> Result<Finance, StartError> {
        let crm = started.get::<crm::Crm>()?;
        let boletos = Arc::new(service::Boletos::new(
            platform.db.clone(),
            platform.clock.clone(),
            crm.clone(),
        ));
        let remittances = Arc::new(service::Remittances::new(
            platform.db.clone(),
            platform.clock.clone(),
            boletos.clone(),
        ));
        let bank_returns = Arc::new(service::BankReturns::new(
            platform.db.clone(),
            platform.clock.clone(),
            platform.jobs.clone(),
            boletos.clone(),
        ));
        let receivables = Arc::new(Receivables::new(
            platform.db.clone(),
            platform.clock.clone(),
            platform.jobs.clone(),
            crm.clone(),
        ));
        Ok(Finance {
            remittances,
            bank_returns,
            chart: Arc::new(Chart::new(platform.db.clone(), platform.clock.clone())),
            cost_centers: Arc::new(CostCenters::new(
                platform.db.clone(),
                platform.clock.clone(),
            )),
            bank_accounts: Arc::new(BankAccounts::new(
                platform.db.clone(),
                platform.clock.clone(),
            )),
            settings: Arc::new(Settings::new(platform.db.clone(), platform.clock.clone())),
            suppliers: Arc::new(Suppliers::new(
                platform.db.clone(),
                platform.clock.clone(),
                platform.jobs.clone(),
            )),
            payables: Arc::new(service::Payables::new(
                platform.db.clone(),
                platform.clock.clone(),
                platform.jobs.clone(),
                crm.clone(),
            )),
            reconciliation: Arc::new(service::Reconciliation::new(
                platform.db.clone(),
                platform.clock.clone(),
                receivables.clone(),
            )),
            receivables,
            attachments: Arc::new(service::Attachments::new(
                platform.db.clone(),
                platform.clock.clone(),
                platform.files.clone(),
            )),
            agreements: Arc::new(service::Agreements::new(
                platform.db.clone(),
                platform.clock.clone(),
            )),
            boletos,
            reports: Arc::new(service::Reports::new(
                platform.db.clone(),
                platform.clock.clone(),
            )),
        })
    }

    fn api(self: &Arc<Self>) -> api::FinanceApi {
        (
            api::ChartApi::new(self.chart.clone()),
            api::CostCentersApi::new(self.cost_centers.clone()),
            api::BankAccountsApi::new(self.bank_accounts.clone()),
            api::SettingsApi::new(self.settings.clone()),
            api::SuppliersApi::new(self.suppliers.clone()).with_payables(self.payables.clone()),
            api::ReceivablesApi::new(self.receivables.clone()),
            api::InstallmentAttachmentsApi::new(self.attachments.clone(), self.receivables.clone()),
            api::AgreementsApi::new(self.agreements.clone()),
            api::BoletosApi::new(self.boletos.clone()),
            api::ReportsApi::new(self.reports.clone()),
            api::PayablesApi::new(self.payables.clone()),
            api::PayableAttachmentsApi::new(self.attachments.clone(), self.payables.clone()),
            api::RemittancesApi::new(self.remittances.clone()),
            api::BankReturnsApi::new(self.bank_returns.clone()),
            api::ReconciliationApi::new(self.reconciliation.clone()),
        )
    }

    fn jobs(self: &Arc<Self>) -> Vec<platform::jobs::JobHandler> {
        vec![self.bank_returns.handler()]
    }

    async fn seed_demo(self: &Arc<Self>, demo: &mut Demo) -> Result<Vec<String>, Error> {
        demo::seed(self, demo).await
    }
}
