//! The rules in plain Rust: no SQL, no HTTP.

pub mod catalog;

pub use catalog::{
    effective_price, parse_sku, CatalogDraft, CatalogFields, CatalogItem, CatalogKind, Cycle,
    EffectivePrice, PromoOffer, Recurrence, ReleaseCondition,
};
pub mod report;
pub mod sale;
pub mod summary_link;

pub use sale::{
    ApprovalLevel, DiscountApproval, Installment, InstallmentDraft, Line, LineDraft, PaymentMethod,
    PaymentPlan, PricedItem, Sale, SaleDraft, SaleFields, SaleStatus, Share, ShareDraft,
};
pub mod campaign_room;
pub mod dashboard;
pub mod followup;
