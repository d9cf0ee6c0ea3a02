//! The rules in plain Rust: no SQL, no HTTP.

pub mod agreement;
pub mod attachment;
pub mod bank_account;
pub mod bank_return;
pub mod boleto;
pub mod chart;
pub mod chart_import;
pub mod cost_center;
pub mod payable;
pub mod receivable;
pub mod reconciliation;
pub mod remittance;
pub mod renegotiation;
pub mod report;
pub mod settings;
pub mod statement;
pub mod supplier;

pub use bank_account::{BankAccount, BankAccountDraft, BankAccountFields, BankAccountNumber};
pub use chart::{
    Account, AccountCode, AccountDraft, AccountFields, AccountKind, AccountPatch, Nature, Usage,
};
pub use chart_import::{plan_import, Planned, STARTER_CHART};
pub use cost_center::{split, CostCenter, CostCenterDraft, CostCenterFields, Share};
pub use receivable::{
    Installment, InstallmentFilter, InstallmentSort, InstallmentStatus, InstallmentTotals,
    Interval, Origin, PaymentPosition, Receipt, ReceiptDraft, ReceiptRecord, ReceiptSource,
    Receivable, ReceivableDraft, ReceivableMethod, ReceivablePlan, SaleReceivable,
};
pub use settings::FinanceSettings;
pub use supplier::{
    AccountType, BankDataStatus, Defaults, PaymentMethod, PixKey, PixKeyType, Supplier,
    SupplierBankAccount, SupplierBankAccountDraft, SupplierBankAccountFields, SupplierDraft,
    SupplierFields, SupplierFilter, SupplierKind, SupplierPatch, SupplierPixKey, Trail,
};
