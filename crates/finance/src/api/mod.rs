//! `/api/v1/finance/…`. Each operation declares its permission on `auth` (the server checks it before the handler
//! runs) and maps the domain to HTTP and back. So far: the registers (chart of accounts, cost centres, bank
//! accounts), the settings, the suppliers and the receivables.

mod agreements;
mod attachments;
mod bank_accounts;
mod bank_returns;
mod boletos;
mod chart;
mod cost_centers;
mod payables;
mod receivables;
mod reconciliation;
mod remittances;
mod reports;
mod settings;
mod suppliers;

pub use agreements::AgreementsApi;
pub use attachments::{InstallmentAttachmentsApi, PayableAttachmentsApi};
pub use bank_accounts::BankAccountsApi;
pub use bank_returns::BankReturnsApi;
pub use boletos::BoletosApi;
pub use chart::ChartApi;
pub use cost_centers::CostCentersApi;
pub use payables::PayablesApi;
pub use receivables::ReceivablesApi;
pub use reconciliation::ReconciliationApi;
pub use remittances::RemittancesApi;
pub use reports::ReportsApi;
pub use settings::SettingsApi;
pub use suppliers::SuppliersApi;

use platform::api::{Omittable, Text};
use poem_openapi::Tags;

/// Every finance API, served as one.
pub type FinanceApi = (
    ChartApi,
    CostCentersApi,
    BankAccountsApi,
    SettingsApi,
    SuppliersApi,
    ReceivablesApi,
    InstallmentAttachmentsApi,
    AgreementsApi,
    BoletosApi,
    ReportsApi,
    PayablesApi,
    PayableAttachmentsApi,
    RemittancesApi,
    BankReturnsApi,
    ReconciliationApi,
);

#[derive(Tags)]
pub enum FinanceTag {
    /// The finance context: chart of accounts, receivables, payables, boletos, remittances.
    #[oai(rename = "finance")]
    Finance,
}

/// A text field of a PATCH body: `None` when left out (null is refused by `Omittable`).
fn text(value: Omittable<Text>) -> Option<String> {
    value.into_option().map(|t| t.0)
}
