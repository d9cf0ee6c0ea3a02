//! The finance operations. Each returns a domain [`Error`]; the API layer alone decides the HTTP status.

mod agreements;
mod attachments;
mod bank_accounts;
mod bank_returns;
pub(crate) mod boletos;
mod chart;
mod cost_centers;
mod laps;
mod payables;
mod receivables;
mod reconciliation;
mod remittances;
mod reports;
mod settings;
mod suppliers;

pub use agreements::{
    Agreements, CollectionAgreementPatch, PaymentAgreementPatch, COLLECTION_AGREEMENT_ENTITY,
    PAYMENT_AGREEMENT_ENTITY,
};
pub use attachments::{Attachments, Owner};
pub use bank_accounts::{BankAccountPatch, BankAccounts, BANK_ACCOUNT_ENTITY};
pub use bank_returns::{BankReturns, APPLY_JOB, MAX_RETURN_BYTES};
pub use boletos::{BoletoChange, BoletoDetail, BoletoPage, Boletos, MAX_ISSUE, MAX_PDF};
pub use chart::{AccountInTree, Chart, ACCOUNT_ENTITY};
pub use cost_centers::{CostCenterPatch, CostCenters, COST_CENTER_ENTITY};
pub use payables::{
    AgendaPage, AgendaRead, NfeSuggestion, PayableDetail, PayableInstallmentDetail, PayablePage,
    Payables, PAYABLE_ENTITY, PAYABLE_INSTALLMENT_ENTITY,
};
pub use receivables::{
    InstallmentDetail, InstallmentPage, InstallmentRead, ReceivableDetail, Receivables,
    INSTALLMENT_ENTITY, RECEIVABLE_ENTITY,
};
pub use reconciliation::{
    ImportSummary, MatchDetail, Overview, Reconciliation, RunSummary, AUTOMATIC,
    MAX_STATEMENT_BYTES,
};
pub use remittances::{Pending, RemittanceDetail, RemittancePage, Remittances, REMITTANCE_ENTITY};
pub use reports::{
    AgingReport, CashFlowQuery, CashFlowReport, DimensionValue, ReceiptsCell, ReceiptsPeriod,
    ReceiptsReport, Reports,
};
pub use settings::{Settings, SETTINGS_ENTITY};
pub use suppliers::{sees_bank_data, SupplierBankData, SupplierDetail, Suppliers, SUPPLIER_ENTITY};

use chrono::{DateTime, Utc};
use platform::access::Principal;
use platform::db::{is_unique_violation, Db, Tx};
use platform::error::{Error, Result};
use platform::history::{self, Entry};

/// A write over a version someone else changed since it was read.
fn stale() -> Error {
    Error::conflict(
        "versao_desatualizada",
        "Este registro foi alterado por outra pessoa. Recarregue a página.",
    )
}

/// Writes a record's change and its history line in one transaction: both, or neither.
async fn with_history(
    db: &Db,
    entry: &Entry<'_>,
    by: &Principal,
    at: DateTime<Utc>,
    write: impl AsyncFnOnce(&mut Tx) -> Result<()>,
) -> Result<()> {
    let mut tx = db.begin().await?;
    write(&mut tx).await?;
    history::record(&mut tx, entry, by, at).await?;
    tx.commit().await?;
    Ok(())
}

/// A versioned update's outcome: written, or not because someone saved over the version the person saw (409).
fn written(updated: bool) -> Result<()> {
    if updated {
        Ok(())
    } else {
        Err(stale())
    }
}

/// A write's error, as `duplicate` when a unique key refused it.
fn or_duplicate(e: sqlx::Error, duplicate: impl FnOnce() -> Error) -> Error {
    if is_unique_violation(&e) {
        duplicate()
    } else {
        e.into()
    }
}
