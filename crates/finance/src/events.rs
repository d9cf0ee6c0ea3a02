//! What finance tells the other contexts, through the outbox (`platform::jobs::Jobs::publish`, in the transaction
//! of the change). Each event carries a stable `id` its consumers deduplicate by (finance.md §0: consumed
//! idempotently by id).

use chrono::NaiveDate;
use platform::jobs::Event;
use serde::{Deserialize, Serialize};

/// A receipt was registered on an installment (commissions accrue on it; sales learns a sale is paid).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceivableSettled {
    /// The receipt's id.
    pub id: String,
    pub receipt_id: String,
    pub installment_id: String,
    pub receivable_id: String,
    pub receivable_number: String,
    /// VENDA, ASSINATURA, MANUAL or RENEGOCIACAO.
    pub origin: String,
    /// The sale (or subscription, or renegotiated título) the título came from.
    pub origin_id: Option<String>,
    pub client_id: String,
    pub principal_cents: i64,
    pub interest_cents: i64,
    pub fine_cents: i64,
    pub date: NaiveDate,
    /// Whether this receipt left nothing to receive (the installment is PAGO).
    pub paid_off: bool,
}

impl Event for ReceivableSettled {
    const KIND: &'static str = "finance.receivable_settled";
}

/// A receipt was reversed: what [`ReceivableSettled`] said no longer holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceivableReversed {
    /// `<receipt id>:estorno`.
    pub id: String,
    pub receipt_id: String,
    pub installment_id: String,
    pub receivable_id: String,
    pub receivable_number: String,
    pub origin: String,
    pub origin_id: Option<String>,
    pub client_id: String,
    pub principal_cents: i64,
    pub interest_cents: i64,
    pub fine_cents: i64,
    /// The reversed receipt's date.
    pub date: NaiveDate,
    pub reason: String,
}

impl Event for ReceivableReversed {
    const KIND: &'static str = "finance.receivable_reversed";
}

/// An installment was cancelled (no longer to be received).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceivableCancelled {
    /// `<installment id>:cancelamento`.
    pub id: String,
    pub installment_id: String,
    pub receivable_id: String,
    pub receivable_number: String,
    pub origin: String,
    pub origin_id: Option<String>,
    pub client_id: String,
    /// What was left to receive.
    pub balance_cents: i64,
    pub reason: String,
}

impl Event for ReceivableCancelled {
    const KIND: &'static str = "finance.receivable_cancelled";
}

/// An installment of a payable was paid (a manual payment now; later a payment retorno or a reconciliation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayableSettled {
    /// The payment's id.
    pub id: String,
    pub payment_id: String,
    pub installment_id: String,
    pub payable_id: String,
    /// `CP-2026-000123`.
    pub payable_number: String,
    /// MANUAL, PEDIDO_COMPRA, COMISSAO, UPLOAD, CANCELAMENTO or LEGADO.
    pub origin: String,
    /// The purchase order, commission batch or cancellation it came from.
    pub origin_id: Option<String>,
    pub supplier_id: Option<String>,
    pub client_id: Option<String>,
    pub amount_cents: i64,
    pub charges_cents: i64,
    pub date: NaiveDate,
}

impl Event for PayableSettled {
    const KIND: &'static str = "finance.payable_settled";
}

/// The bank refused to pay an installment (a payment retorno): it is REJEITADO, to be corrected and rescheduled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayableRejected {
    /// `<installment id>:rejeicao:<installment version after the rejection>`.
    pub id: String,
    pub installment_id: String,
    pub payable_id: String,
    pub payable_number: String,
    pub origin: String,
    pub origin_id: Option<String>,
    pub supplier_id: Option<String>,
    pub amount_cents: i64,
    /// The bank's reason.
    pub reason: String,
}

impl Event for PayableRejected {
    const KIND: &'static str = "finance.payable_rejected";
}
