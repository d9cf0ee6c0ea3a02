//! The finance operations. Each returns a domain [`Error`]; the API layer alone decides the HTTP status.

mod bank_accounts;
mod chart;
mod cost_centers;
mod settings;

pub use bank_accounts::{BankAccountPatch, BankAccounts, BANK_ACCOUNT_ENTITY};
pub use chart::{AccountInTree, Chart, ACCOUNT_ENTITY};
pub use cost_centers::{CostCenterPatch, CostCenters, COST_CENTER_ENTITY};
pub use settings::{Settings, SETTINGS_ENTITY};

use platform::error::Error;

/// A write over a version someone else changed since it was read.
fn stale() -> Error {
    Error::conflict(
        "versao_desatualizada",
        "Este registro foi alterado por outra pessoa. Recarregue a página.",
    )
}
