//! `/api/v1/finance/payables`: contas a pagar (the `/contas-a-pagar` documents) and their installments (the
//! `/pagamentos` agenda): lists with totals over the whole filter and exports, create and edit drafts, approval
//! within the alçada (never one's own), devolução, cancellation, duplication; scheduling, manual payments and
//! their reversal (finance.md §3.2); reading an NF-e XML and a linha digitável into a suggestion.

use std::sync::Arc;

use banking::document::Document;
use chrono::{DateTime, NaiveDate, Utc};
use futures::StreamExt;
use platform::api::{
    ApiResult, BearerAuth, Date, Download, Exported, HistoryEntryDto, Omittable, PageRequest, Text,
};
use platform::export::{self, Cell, Export};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::types::Example;
use poem_openapi::{ApiRequest, ApiResponse, Enum, Multipart, Object, OpenApi};

use super::receivables::{ReasonRequest, VersionedReasonRequest};
use super::{text, FinanceTag};
use crate::domain::payable::{
    self as domain, AgendaFilter, Allocation, InstallmentDraft, PayableDraft, PayableFilter,
    PayableInstallment, PayeeSnapshot, PaymentDraft, PaymentRecord, ShareDraft,
};
use crate::permissions::{PAYABLES_APPROVE, PAYABLES_READ, PAYABLES_WRITE, PAYMENTS_REVERSE};
use crate::service::{
    AgendaRead, NfeSuggestion, PayableDetail, PayableInstallmentDetail, Payables,
};
use crate::store::payables::Listed;

pub struct PayablesApi {
    payables: Arc<Payables>,
}

impl PayablesApi {
    pub fn new(payables: Arc<Payables>) -> PayablesApi {
        PayablesApi { payables }
    }
}

/// A payable's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PayableStatus", rename_all = "UPPERCASE")]
pub enum Status {
    Rascunho,
    Aprovada,
    Cancelada,
}

platform::mirror_enum!(
    Status,
    domain::PayableStatus {
        Rascunho,
        Aprovada,
        Cancelada
    }
);

/// An installment's state (finance.md §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "PayableInstallmentStatus",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum InstallmentStatus {
    Rascunho,
    Aprovado,
    Agendado,
    EmRemessa,
    Pago,
    Rejeitado,
    Cancelado,
}

platform::mirror_enum!(
    InstallmentStatus,
    domain::PayableInstallmentStatus {
        Rascunho,
        Aprovado,
        Agendado,
        EmRemessa,
        Pago,
        Rejeitado,
        Cancelado
    }
);

/// The agenda's tabs: A_PAGAR (RASCUNHO, APROVADO), PROGRAMADOS (AGENDADO, EM_REMESSA), PAGOS, REJEITADOS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PayableAgendaTab", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Tab {
    APagar,
    Programados,
    Pagos,
    Rejeitados,
}

/// How an installment is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PayableMethod", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Method {
    Boleto,
    PixChave,
    PixQr,
    Ted,
    Concessionaria,
    Tributo,
    DebitoAutomatico,
    Dinheiro,
}

platform::mirror_enum!(
    Method,
    domain::PayableMethod {
        Boleto,
        PixChave,
        PixQr,
        Ted,
        Concessionaria,
        Tributo,
        DebitoAutomatico,
        Dinheiro
    }
);

/// The fiscal document's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PayableDocumentKind", rename_all = "UPPERCASE")]
pub enum DocumentKind {
    Nfe,
    Nfse,
    Recibo,
    Fatura,
    Outro,
}

platform::mirror_enum!(
    DocumentKind,
    domain::DocumentKind {
        Nfe,
        Nfse,
        Recibo,
        Fatura,
        Outro
    }
);

/// Where a payable came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PayableOrigin", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Origin {
    Manual,
    PedidoCompra,
    Comissao,
    Upload,
    Cancelamento,
    Legado,
}

platform::mirror_enum!(
    Origin,
    domain::PayableOrigin {
        Manual,
        PedidoCompra,
        Comissao,
        Upload,
        Cancelamento,
        Legado
    }
);

/// Where a payment came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PaymentSource", rename_all = "UPPERCASE")]
pub enum Source {
    Manual,
    Retorno,
    Conciliacao,
    Upload,
}

platform::mirror_enum!(
    Source,
    domain::PaymentSource {
        Manual,
        Retorno,
        Conciliacao,
        Upload
    }
);

fn formatted(document: &str) -> String {
    Document::from_stored(document)
        .map(|d| d.formatted())
        .unwrap_or_else(|| document.to_string())
}

/// A cost centre's part of a payable.
#[derive(Object)]
#[oai(rename = "PayableAllocation", skip_serializing_if_is_none)]
pub struct AllocationView {
    pub cost_center_id: String,
    /// The share as typed, in basis points (3333 = 33,33 %); absent when typed as an amount.
    pub percent_bp: Option<i64>,
    pub amount_cents: i64,
}

impl From<Allocation> for AllocationView {
    fn from(a: Allocation) -> AllocationView {
        AllocationView {
            cost_center_id: a.cost_center_id,
            percent_bp: a.percent_bp,
            amount_cents: a.amount_cents,
        }
    }
}

/// Who an installment pays and where the money goes, as the payable was approved.
#[derive(Object)]
#[oai(rename = "PayeeSnapshot")]
pub struct PayeeSnapshotView {
    pub name: String,
    /// Bare characters.
    pub document: String,
    /// Formatted as a CPF or CNPJ.
    pub document_formatted: String,
    /// In words: the bank account and its holder, the PIX key, the linha digitável.
    pub destination: String,
    pub taken_at: DateTime<Utc>,
}

impl From<PayeeSnapshot> for PayeeSnapshotView {
    fn from(s: PayeeSnapshot) -> PayeeSnapshotView {
        PayeeSnapshotView {
            document_formatted: formatted(&s.document),
            name: s.name,
            document: s.document,
            destination: s.destination,
            taken_at: s.taken_at,
        }
    }
}

/// An installment (parcela a pagar), as the agenda lists it.
#[derive(Object)]
#[oai(rename = "PayableInstallment", skip_serializing_if_is_none)]
pub struct InstallmentView {
    pub id: String,
    pub payable_id: String,
    /// `CP-2026-000123`.
    pub payable_number: String,
    pub seq: i64,
    pub count: i64,
    /// `CP-2026-000123 1/3`.
    pub label: String,
    pub payee_name: String,
    pub supplier_id: Option<String>,
    pub description: String,
    pub document_number: Option<String>,
    pub chart_account_id: String,
    pub due_date: Date,
    pub amount_cents: i64,
    pub payment_method: Method,
    /// BOLETO, CONCESSIONARIA, TRIBUTO: the line's digits and the barcode.
    pub linha_digitavel: Option<String>,
    pub barcode: Option<String>,
    /// PIX_CHAVE: CPF, CNPJ, EMAIL, TELEFONE or ALEATORIA, and the key.
    pub pix_key_type: Option<String>,
    pub pix_key: Option<String>,
    /// PIX_QR: the copia e cola.
    pub pix_qr: Option<String>,
    /// TED: the supplier's confirmed bank account.
    pub supplier_bank_account_id: Option<String>,
    pub scheduled_date: Option<Date>,
    pub status: InstallmentStatus,
    pub charges_cents: i64,
    /// What the live payment paid of the installment (its principal).
    pub paid_cents: i64,
    pub paid_at: Option<Date>,
    /// The company's account it is (or was) paid from.
    pub bank_account_id: Option<String>,
    /// The comprovante's file id.
    pub receipt_file_id: Option<String>,
    /// The payment remessa it is in.
    pub remittance_id: Option<String>,
    /// The bank's reason, when REJEITADO.
    pub rejection_reason: Option<String>,
    /// The payee as approved (set at approval; absent on a draft).
    pub payee_snapshot: Option<PayeeSnapshotView>,
    /// Due today and in no remessa (the agenda's badge).
    pub due_today_unsent: bool,
    pub version: i64,
}

impl From<AgendaRead> for InstallmentView {
    fn from(read: AgendaRead) -> InstallmentView {
        let i: PayableInstallment = read.installment;
        InstallmentView {
            label: i.label(),
            id: i.id,
            payable_id: i.payable_id,
            payable_number: i.number,
            seq: i.seq,
            count: i.count,
            payee_name: i.payee_name,
            supplier_id: i.supplier_id,
            description: i.description,
            document_number: i.document_number,
            chart_account_id: i.chart_account_id,
            due_date: Date(i.due_date),
            amount_cents: i.amount_cents,
            payment_method: i.method.into(),
            linha_digitavel: i.data.linha_digitavel,
            barcode: i.data.barcode,
            pix_key_type: i
                .data
                .pix_key
                .as_ref()
                .map(|k| k.key_type.as_str().to_string()),
            pix_key: i.data.pix_key.map(|k| k.key),
            pix_qr: i.data.pix_qr,
            supplier_bank_account_id: i.data.supplier_bank_account_id,
            scheduled_date: i.scheduled_date.map(Date),
            status: i.status.into(),
            charges_cents: i.charges_cents,
            paid_cents: i.paid_cents,
            paid_at: i.paid_at.map(Date),
            bank_account_id: i.bank_account_id,
            receipt_file_id: i.receipt_file_id,
            remittance_id: i.remittance_id,
            rejection_reason: i.rejection_reason,
            payee_snapshot: i.payee_snapshot.map(PayeeSnapshotView::from),
            due_today_unsent: read.due_today_unsent,
            version: i.version,
        }
    }
}

/// A payable (conta a pagar).
#[derive(Object)]
#[oai(rename = "Payable", skip_serializing_if_is_none)]
pub struct PayableView {
    pub id: String,
    /// `CP-2026-000123`.
    pub number: String,
    pub supplier_id: Option<String>,
    pub client_id: Option<String>,
    pub payee_name: String,
    pub payee_document: String,
    pub payee_document_formatted: String,
    pub document_kind: DocumentKind,
    pub document_number: Option<String>,
    pub document_series: Option<String>,
    pub nfe_key: Option<String>,
    pub description: String,
    pub chart_account_id: String,
    /// `YYYY-MM`.
    pub competence: String,
    pub issue_date: Date,
    pub total_cents: i64,
    /// What was paid of it (its installments' live payments).
    pub paid_cents: i64,
    /// The first due date still open.
    pub next_due_date: Option<Date>,
    /// Attachments not removed (in the list; the detail lists them at `/payables/{id}/attachments`).
    pub attachment_count: Option<i64>,
    pub origin: Origin,
    pub origin_id: Option<String>,
    pub block_reason: Option<String>,
    pub block_source: Option<String>,
    pub status: Status,
    pub approval_requested: bool,
    /// Sent back by an approver, with the comment.
    pub returned: bool,
    pub returned_comment: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    pub approved_by: Option<String>,
    pub cancel_reason: Option<String>,
    pub duplicate_reason: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    /// uids of who edited it (none of them may approve it).
    pub editors: Vec<String>,
    pub rateio: Vec<AllocationView>,
    /// With the detail only (empty in the list).
    pub installments: Vec<InstallmentView>,
}

fn payable_view(
    p: domain::Payable,
    paid_cents: i64,
    next_due: Option<NaiveDate>,
    attachment_count: Option<i64>,
    allocations: Vec<Allocation>,
    installments: Vec<InstallmentView>,
) -> PayableView {
    PayableView {
        payee_document_formatted: formatted(&p.payee_document),
        id: p.id,
        number: p.number,
        supplier_id: p.supplier_id,
        client_id: p.client_id,
        payee_name: p.payee_name,
        payee_document: p.payee_document,
        document_kind: p.document_kind.into(),
        document_number: p.document_number,
        document_series: p.document_series,
        nfe_key: p.nfe_key,
        description: p.description,
        chart_account_id: p.chart_account_id,
        competence: p.competence,
        issue_date: Date(p.issue_date),
        total_cents: p.total_cents,
        paid_cents,
        next_due_date: next_due.map(Date),
        attachment_count,
        origin: p.origin.into(),
        origin_id: p.origin_id,
        block_reason: p.block_reason,
        block_source: p.block_source,
        status: p.status.into(),
        approval_requested: p.approval_requested,
        returned: p.returned,
        returned_comment: p.returned_comment,
        approved_at: p.approved_at,
        approved_by: p.approved_by,
        cancel_reason: p.cancel_reason,
        duplicate_reason: p.duplicate_reason,
        version: p.version,
        created_at: p.created_at,
        created_by: p.created_by,
        editors: p.editors,
        rateio: allocations.into_iter().map(AllocationView::from).collect(),
        installments,
    }
}

impl PayablesApi {
    fn detail(&self, d: PayableDetail) -> PayableView {
        let next_due = d
            .installments
            .iter()
            .filter(|i| i.status.is_open())
            .map(|i| i.due_date)
            .min();
        let today = self.payables.today();
        let installments = d
            .installments
            .into_iter()
            .map(|i| {
                InstallmentView::from(AgendaRead {
                    due_today_unsent: i.due_date == today
                        && i.remittance_id.is_none()
                        && matches!(
                            i.status,
                            domain::PayableInstallmentStatus::Rascunho
                                | domain::PayableInstallmentStatus::Aprovado
                                | domain::PayableInstallmentStatus::Agendado
                        ),
                    installment: i,
                })
            })
            .collect();
        payable_view(
            d.payable,
            d.paid_cents,
            next_due,
            None,
            d.allocations,
            installments,
        )
    }
}

/// The sums over every payable the filters match.
#[derive(Object)]
#[oai(rename = "PayableTotals")]
pub struct PayableTotalsView {
    pub count: i64,
    pub total_cents: i64,
    pub paid_cents: i64,
}

/// One page of payables.
#[derive(Object)]
#[oai(rename = "PayablePage")]
pub struct PayablePageView {
    pub items: Vec<PayableView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
    pub totals: PayableTotalsView,
}

/// One due date's subtotal.
#[derive(Object)]
#[oai(rename = "PayableDaySubtotal")]
pub struct DayView {
    pub date: Date,
    pub count: i64,
    pub amount_cents: i64,
}

/// The sums over every installment the filters match, and per due date.
#[derive(Object)]
#[oai(rename = "PayableAgendaTotals")]
pub struct AgendaTotalsView {
    pub count: i64,
    pub amount_cents: i64,
    pub paid_cents: i64,
    pub by_day: Vec<DayView>,
}

/// One page of the agenda.
#[derive(Object)]
#[oai(rename = "PayableInstallmentPage")]
pub struct AgendaPageView {
    pub items: Vec<InstallmentView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
    pub totals: AgendaTotalsView,
}

/// A payment (baixa a pagar); a reversed one is kept, marked.
#[derive(Object)]
#[oai(rename = "Payment", skip_serializing_if_is_none)]
pub struct PaymentView {
    pub id: String,
    pub date: Date,
    /// What left the account = principal + charges − discount.
    pub amount_cents: i64,
    pub charges_cents: i64,
    pub discount_cents: i64,
    pub principal_cents: i64,
    pub bank_account_id: String,
    pub receipt_file_id: Option<String>,
    pub source: Source,
    pub reversed: bool,
    pub reversed_at: Option<DateTime<Utc>>,
    pub reversed_reason: Option<String>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

impl From<PaymentRecord> for PaymentView {
    fn from(r: PaymentRecord) -> PaymentView {
        let p = r.payment;
        PaymentView {
            id: r.id,
            date: Date(p.date),
            amount_cents: p.amount_cents,
            charges_cents: p.charges_cents,
            discount_cents: p.discount_cents,
            principal_cents: p.principal_cents,
            bank_account_id: p.bank_account_id,
            receipt_file_id: p.receipt_file_id,
            source: r.source.into(),
            reversed: r.reversed_at.is_some(),
            reversed_at: r.reversed_at,
            reversed_reason: r.reversed_reason,
            created_by: r.created_by,
            created_at: r.created_at,
        }
    }
}

/// An installment with its payments.
#[derive(Object)]
#[oai(rename = "PayableInstallmentDetail")]
pub struct InstallmentDetailView {
    #[oai(flatten)]
    pub installment: InstallmentView,
    pub payments: Vec<PaymentView>,
}

impl From<PayableInstallmentDetail> for InstallmentDetailView {
    fn from(d: PayableInstallmentDetail) -> InstallmentDetailView {
        InstallmentDetailView {
            installment: d.installment.into(),
            payments: d.payments.into_iter().map(PaymentView::from).collect(),
        }
    }
}

// The limits below only keep absurd payloads out; the rules are the domain's (a 422 names the field).

/// A cost centre's share: `percent_bp` (basis points: 5000 = 50 %) or `amount_cents`, summing exactly.
#[derive(Object)]
#[oai(rename = "PayableShareInput")]
pub struct ShareInput {
    #[oai(validator(max_length = 100))]
    pub cost_center_id: Omittable<Text>,
    pub percent_bp: Omittable<i64>,
    pub amount_cents: Omittable<i64>,
}

/// An installment: due date, amount (all omitted: the total split, the odd cent on the first) and payment
/// data per forma: BOLETO/CONCESSIONARIA/TRIBUTO `linha_digitavel` (check digits and amount checked);
/// PIX_CHAVE `pix_key_type` + `pix_key` (a confirmed key of the supplier); PIX_QR `pix_qr`; TED
/// `supplier_bank_account_id` (a confirmed account of the supplier); DEBITO_AUTOMATICO, DINHEIRO nothing.
#[derive(Object)]
#[oai(rename = "PayableInstallmentInput")]
pub struct InstallmentInput {
    pub due_date: Omittable<Date>,
    pub amount_cents: Omittable<i64>,
    #[oai(validator(max_length = 50))]
    pub payment_method: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub linha_digitavel: Omittable<Text>,
    #[oai(validator(max_length = 20))]
    pub pix_key_type: Omittable<Text>,
    #[oai(validator(max_length = 200))]
    pub pix_key: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub pix_qr: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub supplier_bank_account_id: Omittable<Text>,
}

/// A payable (origin MANUAL): its favorecido (`supplier_id`, or `client_id` for refunds), fiscal document
/// (`document_kind` NFE, NFSE, RECIBO, FATURA or OUTRO; número, série, 44-digit NF-e key), an analytic DESPESA
/// account, rateio, competência (`2026-03` or `03/2026`), issue date, total and installments. A second payable of
/// the supplier with the same número and série is 409 unless a manager gives `duplicate_reason`.
#[derive(Object)]
#[oai(rename = "NewPayable", example)]
pub struct NewPayableRequest {
    #[oai(validator(max_length = 100))]
    pub supplier_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub client_id: Omittable<Text>,
    #[oai(validator(max_length = 20))]
    pub document_kind: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub document_number: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub document_series: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub nfe_key: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub description: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub chart_account_id: Omittable<Text>,
    #[oai(validator(max_items = 50))]
    pub rateio: Omittable<Vec<ShareInput>>,
    #[oai(validator(max_length = 20))]
    pub competence: Omittable<Text>,
    pub issue_date: Omittable<Date>,
    pub total_cents: Omittable<i64>,
    #[oai(validator(max_items = 120))]
    pub installments: Omittable<Vec<InstallmentInput>>,
    #[oai(validator(max_length = 2000))]
    pub duplicate_reason: Omittable<Text>,
}

impl Example for NewPayableRequest {
    fn example() -> Self {
        NewPayableRequest {
            supplier_id: Omittable(Some("0193a1b2-0000-7000-8000-000000000010".into())),
            client_id: Omittable(None),
            document_kind: Omittable(Some("NFE".into())),
            document_number: Omittable(Some("4512".into())),
            document_series: Omittable(Some("1".into())),
            nfe_key: Omittable(None),
            description: Omittable(Some("Materiais odontológicos de março".into())),
            chart_account_id: Omittable(Some("0193a1b2-0000-7000-8000-000000000020".into())),
            rateio: Omittable(None),
            competence: Omittable(Some("2026-03".into())),
            issue_date: Omittable(NaiveDate::from_ymd_opt(2026, 3, 2).map(Date)),
            total_cents: Omittable(Some(150_000)),
            installments: Omittable(Some(vec![InstallmentInput {
                due_date: Omittable(NaiveDate::from_ymd_opt(2026, 4, 1).map(Date)),
                amount_cents: Omittable(None),
                payment_method: Omittable(Some("DINHEIRO".into())),
                linha_digitavel: Omittable(None),
                pix_key_type: Omittable(None),
                pix_key: Omittable(None),
                pix_qr: Omittable(None),
                supplier_bank_account_id: Omittable(None),
            }])),
            duplicate_reason: Omittable(None),
        }
    }
}

/// An edit of a payable (the whole of it) over the version last read.
#[derive(Object)]
#[oai(rename = "PayableUpdate")]
pub struct UpdatePayableRequest {
    pub version: i64,
    #[oai(flatten)]
    pub payable: NewPayableRequest,
}

fn draft_of(b: NewPayableRequest) -> (PayableDraft, Option<String>) {
    let draft = PayableDraft {
        supplier_id: text(b.supplier_id),
        client_id: text(b.client_id),
        document_kind: text(b.document_kind),
        document_number: text(b.document_number),
        document_series: text(b.document_series),
        nfe_key: text(b.nfe_key),
        description: text(b.description),
        chart_account_id: text(b.chart_account_id),
        rateio: b
            .rateio
            .into_option()
            .unwrap_or_default()
            .into_iter()
            .map(|s| ShareDraft {
                cost_center_id: text(s.cost_center_id),
                percent_bp: s.percent_bp.into_option(),
                amount_cents: s.amount_cents.into_option(),
            })
            .collect(),
        competence: text(b.competence),
        issue_date: b.issue_date.into_option().map(|d| d.0),
        total_cents: b.total_cents.into_option(),
        installments: b
            .installments
            .into_option()
            .unwrap_or_default()
            .into_iter()
            .map(|i| InstallmentDraft {
                due_date: i.due_date.into_option().map(|d| d.0),
                amount_cents: i.amount_cents.into_option(),
                payment_method: text(i.payment_method),
                linha_digitavel: text(i.linha_digitavel),
                pix_key_type: text(i.pix_key_type),
                pix_key: text(i.pix_key),
                pix_qr: text(i.pix_qr),
                supplier_bank_account_id: text(i.supplier_bank_account_id),
            })
            .collect(),
    };
    (draft, text(b.duplicate_reason))
}

/// A command over the version last read.
#[derive(Object)]
#[oai(rename = "PayableVersion", example)]
pub struct VersionRequest {
    pub version: i64,
}

impl Example for VersionRequest {
    fn example() -> Self {
        VersionRequest { version: 1 }
    }
}

/// Sending back to the author, with a comment (10 to 500 characters).
#[derive(Object)]
#[oai(rename = "PayableSendBack", example)]
pub struct SendBackRequest {
    pub version: i64,
    #[oai(validator(max_length = 2000))]
    pub comment: Omittable<Text>,
}

impl Example for SendBackRequest {
    fn example() -> Self {
        SendBackRequest {
            version: 1,
            comment: Omittable(Some("Falta anexar a nota fiscal.".into())),
        }
    }
}

/// A payment date (a business day on or after today) and, optionally, the account to pay from.
#[derive(Object)]
#[oai(rename = "PayableSchedule", example)]
pub struct ScheduleRequest {
    pub version: i64,
    pub scheduled_date: Omittable<Date>,
    #[oai(validator(max_length = 100))]
    pub bank_account_id: Omittable<Text>,
}

impl Example for ScheduleRequest {
    fn example() -> Self {
        ScheduleRequest {
            version: 2,
            scheduled_date: Omittable(NaiveDate::from_ymd_opt(2026, 3, 12).map(Date)),
            bank_account_id: Omittable(None),
        }
    }
}

/// A payment made outside CNAB: `amount_cents` paid = the installment + `charges_cents` − `discount_cents`.
#[derive(Object)]
#[oai(rename = "NewPayment", example)]
pub struct PaymentRequest {
    pub version: i64,
    pub date: Omittable<Date>,
    pub amount_cents: Omittable<i64>,
    pub charges_cents: Omittable<i64>,
    pub discount_cents: Omittable<i64>,
    #[oai(validator(max_length = 100))]
    pub bank_account_id: Omittable<Text>,
    /// The comprovante's file id.
    #[oai(validator(max_length = 100))]
    pub receipt_file_id: Omittable<Text>,
}

impl Example for PaymentRequest {
    fn example() -> Self {
        PaymentRequest {
            version: 2,
            date: Omittable(NaiveDate::from_ymd_opt(2026, 3, 10).map(Date)),
            amount_cents: Omittable(Some(150_000)),
            charges_cents: Omittable(Some(0)),
            discount_cents: Omittable(Some(0)),
            bank_account_id: Omittable(Some("0193a1b2-0000-7000-8000-000000000003".into())),
            receipt_file_id: Omittable(None),
        }
    }
}

/// A pasted linha digitável (or barcode).
#[derive(Object)]
#[oai(rename = "LinhaDigitavelRequest", example)]
pub struct LinhaRequest {
    #[oai(validator(max_length = 200))]
    pub linha: Omittable<Text>,
}

impl Example for LinhaRequest {
    fn example() -> Self {
        LinhaRequest {
            linha: Omittable(Some(
                "00190.00009 01238.798779 77700.168188 2 37690000013500".into(),
            )),
        }
    }
}

/// What a linha digitável says.
#[derive(Object)]
#[oai(rename = "LinhaDigitavel", skip_serializing_if_is_none)]
pub struct LinhaView {
    /// The digits.
    pub linha: String,
    pub barcode: String,
    /// `boleto` or `arrecadacao`.
    pub kind: String,
    pub amount_cents: Option<i64>,
    pub due_date: Option<Date>,
    /// The bank's COMPE code and name (bank boletos).
    pub bank_code: Option<String>,
    pub bank: Option<String>,
}

/// One duplicata of an NF-e.
#[derive(Object)]
#[oai(rename = "NfeDuplicata", skip_serializing_if_is_none)]
pub struct DuplicataView {
    pub number: Option<String>,
    pub due_date: Date,
    pub amount_cents: i64,
}

/// What an NF-e XML says, for a new payable (nothing is saved).
#[derive(Object)]
#[oai(rename = "NfeSuggestion", skip_serializing_if_is_none)]
pub struct NfeView {
    pub nfe_key: String,
    pub emitter_document: String,
    pub emitter_document_formatted: String,
    pub emitter_name: String,
    pub emitter_trade_name: Option<String>,
    /// The active supplier with the emitter's document, if any.
    pub supplier_id: Option<String>,
    pub supplier_name: Option<String>,
    pub document_number: String,
    pub document_series: String,
    pub issue_date: Date,
    pub total_cents: i64,
    pub duplicatas: Vec<DuplicataView>,
}

impl From<NfeSuggestion> for NfeView {
    fn from(s: NfeSuggestion) -> NfeView {
        let n = s.nfe;
        NfeView {
            emitter_document_formatted: formatted(&n.emitter_document),
            nfe_key: n.key,
            emitter_document: n.emitter_document,
            emitter_name: n.emitter_name,
            emitter_trade_name: n.emitter_trade_name,
            supplier_id: s.supplier_id,
            supplier_name: s.supplier_name,
            document_number: n.number,
            document_series: n.series,
            issue_date: Date(n.issue_date),
            total_cents: n.total_cents,
            duplicatas: n
                .duplicatas
                .into_iter()
                .map(|d| DuplicataView {
                    number: d.number,
                    due_date: Date(d.due_date),
                    amount_cents: d.amount_cents,
                })
                .collect(),
        }
    }
}

/// The NF-e XML as a form (`multipart/form-data`, field `file`).
#[derive(Multipart)]
pub struct NfeForm {
    file: Upload,
}

/// The NF-e XML: the raw XML body, or a form with the file.
#[derive(ApiRequest)]
pub enum NfeUpload {
    #[oai(content_type = "application/xml")]
    Xml(Binary<Vec<u8>>),
    Form(NfeForm),
}

#[derive(ApiResponse)]
enum CreatedPayable {
    #[oai(status = 201)]
    Created(Json<PayableView>),
}

#[derive(ApiResponse)]
enum CreatedPayment {
    #[oai(status = 201)]
    Created(Json<InstallmentDetailView>),
}

#[allow(clippy::too_many_arguments)]
fn payable_filter(
    status: Vec<Status>,
    supplier_id: Option<String>,
    chart_account_id: Option<String>,
    cost_center_id: Option<String>,
    competence: Option<String>,
    issue_from: Option<Date>,
    issue_to: Option<Date>,
    blocked: Option<bool>,
    q: Option<String>,
) -> PayableFilter {
    let blank = |s: Option<String>| s.filter(|s| !s.trim().is_empty());
    let mut statuses: Vec<domain::PayableStatus> = status.into_iter().map(Into::into).collect();
    statuses.dedup();
    PayableFilter {
        statuses,
        supplier_id: blank(supplier_id),
        chart_account_id: blank(chart_account_id),
        cost_center_id: blank(cost_center_id),
        competence: blank(competence).and_then(|c| domain::parse_competence(&c)),
        issue_from: issue_from.map(|d| d.0),
        issue_to: issue_to.map(|d| d.0),
        awaiting_approval_of: None,
        blocked: blocked.unwrap_or(false),
        q: blank(q),
    }
}

#[allow(clippy::too_many_arguments)]
fn agenda_filter(
    tab: Option<Tab>,
    status: Vec<InstallmentStatus>,
    due_from: Option<Date>,
    due_to: Option<Date>,
    supplier_id: Option<String>,
    payment_method: Option<Method>,
    bank_account_id: Option<String>,
    chart_account_id: Option<String>,
    cost_center_id: Option<String>,
    q: Option<String>,
) -> AgendaFilter {
    let blank = |s: Option<String>| s.filter(|s| !s.trim().is_empty());
    let mut statuses: Vec<domain::PayableInstallmentStatus> =
        status.into_iter().map(Into::into).collect();
    if let Some(tab) = tab {
        let name = match tab {
            Tab::APagar => "A_PAGAR",
            Tab::Programados => "PROGRAMADOS",
            Tab::Pagos => "PAGOS",
            Tab::Rejeitados => "REJEITADOS",
        };
        let of_tab = domain::PayableInstallmentStatus::of_tab(name).unwrap_or(&[]);
        let within: Vec<_> = statuses
            .iter()
            .copied()
            .filter(|s| of_tab.contains(s))
            .collect();
        // No state asked for, or none of the tab's: the tab's states.
        statuses = if within.is_empty() {
            of_tab.to_vec()
        } else {
            within
        };
    }
    statuses.dedup();
    AgendaFilter {
        due_from: due_from.map(|d| d.0),
        due_to: due_to.map(|d| d.0),
        statuses,
        supplier_id: blank(supplier_id),
        method: payment_method.map(Into::into),
        bank_account_id: blank(bank_account_id),
        chart_account_id: blank(chart_account_id),
        cost_center_id: blank(cost_center_id),
        q: blank(q),
    }
}

fn payable_export() -> Export<Listed> {
    Export::new("contas-a-pagar")
        .column("Número", |l: &Listed| {
            Cell::from(l.payable.number.as_str())
        })
        .column("Favorecido", |l| Cell::from(l.payable.payee_name.as_str()))
        .column("CPF/CNPJ", |l| {
            Cell::Text(formatted(&l.payable.payee_document))
        })
        .column("Documento fiscal", |l| {
            let p = &l.payable;
            let mut doc = p.document_kind.as_str().to_string();
            if let Some(n) = &p.document_number {
                doc.push_str(&format!(" {n}"));
            }
            if let Some(s) = &p.document_series {
                doc.push_str(&format!(" série {s}"));
            }
            Cell::Text(doc)
        })
        .column("Descrição", |l| {
            Cell::from(l.payable.description.as_str())
        })
        .column("Plano de contas", |l| {
            Cell::from(l.payable.chart_account_id.as_str())
        })
        .column("Competência", |l| {
            Cell::from(l.payable.competence.as_str())
        })
        .column("Próximo vencimento", |l| match l.next_due {
            Some(d) => Cell::Date(d),
            None => Cell::Text(String::new()),
        })
        .column("Total", |l| Cell::Money(l.payable.total_cents))
        .column("Pago", |l| Cell::Money(l.paid_cents))
        .column("Status", |l| Cell::from(l.payable.status.as_str()))
        .column("Origem", |l| Cell::from(l.payable.origin.as_str()))
        .column("Anexos", |l| Cell::Integer(l.attachment_count))
}

fn agenda_export() -> Export<AgendaRead> {
    Export::new("pagamentos")
        .column("Vencimento", |r: &AgendaRead| {
            Cell::Date(r.installment.due_date)
        })
        .column("Favorecido", |r| {
            Cell::from(r.installment.payee_name.as_str())
        })
        .column("Conta/parcela", |r| Cell::Text(r.installment.label()))
        .column("Documento", |r| {
            Cell::Text(r.installment.document_number.clone().unwrap_or_default())
        })
        .column("Descrição", |r| {
            Cell::from(r.installment.description.as_str())
        })
        .column("Valor", |r| Cell::Money(r.installment.amount_cents))
        .column("Forma", |r| Cell::from(r.installment.method.as_str()))
        .column("Conta de débito", |r| {
            Cell::Text(r.installment.bank_account_id.clone().unwrap_or_default())
        })
        .column("Remessa", |r| {
            Cell::Text(r.installment.remittance_id.clone().unwrap_or_default())
        })
        .column("Status", |r| Cell::from(r.installment.status.as_str()))
        .column("Programado para", |r| match r.installment.scheduled_date {
            Some(d) => Cell::Date(d),
            None => Cell::Text(String::new()),
        })
        .column("Pago em", |r| match r.installment.paid_at {
            Some(d) => Cell::Date(d),
            None => Cell::Text(String::new()),
        })
        .column("Valor pago", |r| Cell::Money(r.installment.paid_cents))
}

#[OpenApi(prefix_path = "/api/v1/finance/payables", tag = "FinanceTag::Finance")]
impl PayablesApi {
    /// Payables (one row per document), newest issue first, with the sums over every payable the filters match.
    /// `awaiting_my_approval`: drafts asked for approval that the caller may approve (not created or edited by
    /// them, within their alçada); `blocked`: only blocked ones. `q` matches the number, the payee's name or
    /// CPF/CNPJ, the document number and the description.
    #[oai(path = "/", method = "get", operation_id = "listPayables")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        #[oai(scope = "PAYABLES_READ")] auth: BearerAuth,
        status: Query<Vec<Status>>,
        #[oai(validator(max_length = 100))] supplier_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] cost_center_id: Query<Option<String>>,
        /// `2026-03` or `03/2026`.
        #[oai(validator(max_length = 10))]
        competence: Query<Option<String>>,
        issue_from: Query<Option<Date>>,
        issue_to: Query<Option<Date>>,
        awaiting_my_approval: Query<Option<bool>>,
        blocked: Query<Option<bool>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<PayablePageView>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = payable_filter(
            status.0,
            supplier_id.0,
            chart_account_id.0,
            cost_center_id.0,
            competence.0,
            issue_from.0,
            issue_to.0,
            blocked.0,
            q.0,
        );
        let found = self
            .payables
            .list(
                filter,
                awaiting_my_approval.0.unwrap_or(false),
                &auth.0,
                paging.limit(),
                paging.offset(),
            )
            .await?;
        let has_more = paging.offset() + (found.items.len() as i64) < found.total;
        Ok(Json(PayablePageView {
            items: found
                .items
                .into_iter()
                .map(|(l, allocations)| {
                    let count = Some(l.attachment_count);
                    payable_view(
                        l.payable,
                        l.paid_cents,
                        l.next_due,
                        count,
                        allocations,
                        Vec::new(),
                    )
                })
                .collect(),
            total: found.total,
            page: paging.page,
            page_size: paging.page_size,
            has_more,
            totals: PayableTotalsView {
                count: found.totals.count,
                total_cents: found.totals.total_cents,
                paid_cents: found.totals.paid_cents,
            },
        }))
    }

    /// Exports every payable the filters match (the list's filters and order), as CSV or XLSX.
    #[oai(path = "/export", method = "get", operation_id = "exportPayables")]
    #[allow(clippy::too_many_arguments)]
    async fn export(
        &self,
        #[oai(scope = "PAYABLES_READ")] auth: BearerAuth,
        status: Query<Vec<Status>>,
        #[oai(validator(max_length = 100))] supplier_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] cost_center_id: Query<Option<String>>,
        #[oai(validator(max_length = 10))] competence: Query<Option<String>>,
        issue_from: Query<Option<Date>>,
        issue_to: Query<Option<Date>>,
        awaiting_my_approval: Query<Option<bool>>,
        blocked: Query<Option<bool>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let filter = payable_filter(
            status.0,
            supplier_id.0,
            chart_account_id.0,
            cost_center_id.0,
            competence.0,
            issue_from.0,
            issue_to.0,
            blocked.0,
            q.0,
        );
        let rows = self
            .payables
            .export(filter, awaiting_my_approval.0.unwrap_or(false), &auth.0)
            .await?;
        let stream = futures::stream::iter(rows.into_iter().map(Ok)).boxed();
        Ok(Download::new(payable_export().response(
            format,
            self.payables.today(),
            stream,
        )))
    }

    /// Creates a draft payable (origin MANUAL) and its installments, numbered `CP-<year of issue>-NNNNNN`.
    /// The supplier must be active; the account an analytic DESPESA one (422 naming the field); a TED or PIX key
    /// must be the supplier's confirmed bank data. Same supplier + número + série → 409 "Já existe a conta CP-…
    /// para esta nota".
    ///
    /// Acesso: `duplicate_reason` (lançar nota repetida) só com financeiro_alcada_ilimitada.
    #[oai(path = "/", method = "post", operation_id = "createPayable")]
    async fn create(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        body: Json<NewPayableRequest>,
    ) -> ApiResult<CreatedPayable> {
        let (draft, duplicate_reason) = draft_of(body.0);
        let created = self
            .payables
            .create(draft, duplicate_reason.as_deref(), &auth.0)
            .await?;
        Ok(CreatedPayable::Created(Json(self.detail(created))))
    }

    /// Reads an NF-e XML (≤ 1 MB; raw `application/xml` body or a form with `file`) into a suggestion: the
    /// emitter (and the matching active supplier), número, série, key, total, issue date and duplicatas.
    /// Nothing is saved. A DTD, a broken key or another kind of file is 422 on `file`.
    #[oai(path = "/nfe", method = "post", operation_id = "readPayableNfe")]
    async fn nfe(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] _auth: BearerAuth,
        body: NfeUpload,
    ) -> ApiResult<Json<NfeView>> {
        let bytes = match body {
            NfeUpload::Xml(b) => b.0,
            NfeUpload::Form(form) => {
                if form.file.size() > banking::nfe::MAX_BYTES {
                    return Err(platform::Error::invalid_field(
                        "file",
                        "O XML da NF-e tem no máximo 1 MB.",
                    )
                    .into());
                }
                form.file
                    .into_vec()
                    .await
                    .map_err(|_| platform::Error::invalid_field("file", "Arquivo ilegível."))?
            }
        };
        Ok(Json(self.payables.read_nfe(&bytes).await?.into()))
    }

    /// Reads a pasted linha digitável (47 digits; 48 for arrecadação; or a 44-digit barcode): its amount, due
    /// date, bank and barcode, or 422 on `linha` naming the block whose check digit fails.
    #[oai(
        path = "/linha-digitavel",
        method = "post",
        operation_id = "readLinhaDigitavel"
    )]
    async fn linha(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] _auth: BearerAuth,
        body: Json<LinhaRequest>,
    ) -> ApiResult<Json<LinhaView>> {
        let linha = text(body.0.linha);
        let read = self.payables.read_linha(linha.as_deref())?;
        Ok(Json(LinhaView {
            linha: read.digits,
            barcode: read.barcode,
            kind: read.kind.to_string(),
            amount_cents: read.amount_cents,
            due_date: read.due_date.map(Date),
            bank_code: read.bank_code.map(|c| format!("{c:03}")),
            bank: read.bank_name,
        }))
    }

    /// The agenda (`/pagamentos`): installments by due date, with the sums over every installment the filters
    /// match and per due date. `tab` A_PAGAR, PROGRAMADOS, PAGOS or REJEITADOS narrows `status`.
    #[oai(
        path = "/installments",
        method = "get",
        operation_id = "listPayableInstallments"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn agenda(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        tab: Query<Option<Tab>>,
        status: Query<Vec<InstallmentStatus>>,
        due_from: Query<Option<Date>>,
        due_to: Query<Option<Date>>,
        #[oai(validator(max_length = 100))] supplier_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] cost_center_id: Query<Option<String>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<AgendaPageView>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = agenda_filter(
            tab.0,
            status.0,
            due_from.0,
            due_to.0,
            supplier_id.0,
            payment_method.0,
            bank_account_id.0,
            chart_account_id.0,
            cost_center_id.0,
            q.0,
        );
        let found = self
            .payables
            .agenda(filter, paging.limit(), paging.offset())
            .await?;
        let has_more = paging.offset() + (found.items.len() as i64) < found.total;
        let t = found.totals;
        Ok(Json(AgendaPageView {
            items: found.items.into_iter().map(InstallmentView::from).collect(),
            total: found.total,
            page: paging.page,
            page_size: paging.page_size,
            has_more,
            totals: AgendaTotalsView {
                count: t.count,
                amount_cents: t.amount_cents,
                paid_cents: t.paid_cents,
                by_day: t
                    .by_day
                    .into_iter()
                    .map(|(date, count, amount_cents)| DayView {
                        date: Date(date),
                        count,
                        amount_cents,
                    })
                    .collect(),
            },
        }))
    }

    /// Exports every installment the agenda's filters match, as CSV or XLSX.
    #[oai(
        path = "/installments/export",
        method = "get",
        operation_id = "exportPayableInstallments"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn export_agenda(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        tab: Query<Option<Tab>>,
        status: Query<Vec<InstallmentStatus>>,
        due_from: Query<Option<Date>>,
        due_to: Query<Option<Date>>,
        #[oai(validator(max_length = 100))] supplier_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] cost_center_id: Query<Option<String>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let filter = agenda_filter(
            tab.0,
            status.0,
            due_from.0,
            due_to.0,
            supplier_id.0,
            payment_method.0,
            bank_account_id.0,
            chart_account_id.0,
            cost_center_id.0,
            q.0,
        );
        let rows = self.payables.export_agenda(filter).await?;
        let stream = futures::stream::iter(rows.into_iter().map(Ok)).boxed();
        Ok(Download::new(agenda_export().response(
            format,
            self.payables.today(),
            stream,
        )))
    }

    /// One installment, with its payments.
    #[oai(
        path = "/installments/:id",
        method = "get",
        operation_id = "getPayableInstallment"
    )]
    async fn installment(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        Ok(Json(self.payables.installment(&id.0).await?.into()))
    }

    /// An installment's history, oldest first.
    #[oai(
        path = "/installments/:id/history",
        method = "get",
        operation_id = "listPayableInstallmentHistory"
    )]
    async fn installment_history(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.payables.installment_history(&id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// Schedules an approved (or moves a scheduled) installment to a business day on or after today: AGENDADO.
    /// A weekend or holiday is 422 on `scheduled_date`.
    #[oai(
        path = "/installments/:id/schedule",
        method = "post",
        operation_id = "schedulePayableInstallment"
    )]
    async fn schedule(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ScheduleRequest>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        let b = body.0;
        let bank = text(b.bank_account_id);
        Ok(Json(
            self.payables
                .schedule(
                    &id.0,
                    b.version,
                    b.scheduled_date.into_option().map(|d| d.0),
                    bank.as_deref(),
                    &auth.0,
                )
                .await?
                .into(),
        ))
    }

    /// Registers a payment made outside CNAB on an approved or scheduled installment: PAGO; publishes
    /// `finance.payable_settled`. An installment in a remessa sent to the bank is 409 `parcela_em_remessa`.
    #[oai(
        path = "/installments/:id/payments",
        method = "post",
        operation_id = "registerPayment"
    )]
    async fn pay(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<PaymentRequest>,
    ) -> ApiResult<CreatedPayment> {
        let b = body.0;
        let draft = PaymentDraft {
            date: b.date.into_option().map(|d| d.0),
            amount_cents: b.amount_cents.into_option(),
            charges_cents: b.charges_cents.into_option(),
            discount_cents: b.discount_cents.into_option(),
            bank_account_id: text(b.bank_account_id),
            receipt_file_id: text(b.receipt_file_id),
        };
        let detail = self.payables.pay(&id.0, b.version, draft, &auth.0).await?;
        Ok(CreatedPayment::Created(Json(detail.into())))
    }

    /// Reverses a payment (kept, marked): the installment is APROVADO again.
    #[oai(
        path = "/installments/:id/payments/:payment_id/reverse",
        method = "post",
        operation_id = "reversePayment"
    )]
    async fn reverse_payment(
        &self,
        #[oai(scope = "PAYMENTS_REVERSE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] payment_id: Path<String>,
        body: Json<ReasonRequest>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        let reason = text(body.0.reason);
        Ok(Json(
            self.payables
                .reverse_payment(&id.0, &payment_id.0, reason.as_deref(), &auth.0)
                .await?
                .into(),
        ))
    }

    /// One payable, with its rateio and installments.
    #[oai(path = "/:id", method = "get", operation_id = "getPayable")]
    async fn get(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<PayableView>> {
        Ok(Json(self.detail(self.payables.get(&id.0).await?)))
    }

    /// A payable's history (created, edited — naming who changed what —, approval asked, approved, sent back,
    /// cancelled), oldest first.
    #[oai(
        path = "/:id/history",
        method = "get",
        operation_id = "listPayableHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.payables.history(&id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// Edits a payable (the whole of it) over the version last read, while nothing of it is scheduled, in a
    /// remessa or paid. On an approved payable, a change of value, date, forma, payment data or payee sends it
    /// back to RASCUNHO (approval void).
    #[oai(path = "/:id", method = "put", operation_id = "updatePayable")]
    async fn update(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<UpdatePayableRequest>,
    ) -> ApiResult<Json<PayableView>> {
        let b = body.0;
        let (draft, duplicate_reason) = draft_of(b.payable);
        let updated = self
            .payables
            .update(
                &id.0,
                b.version,
                draft,
                duplicate_reason.as_deref(),
                &auth.0,
            )
            .await?;
        Ok(Json(self.detail(updated)))
    }

    /// Asks for approval of a draft.
    #[oai(
        path = "/:id/request-approval",
        method = "post",
        operation_id = "requestPayableApproval"
    )]
    async fn request_approval(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionRequest>,
    ) -> ApiResult<Json<PayableView>> {
        let d = self
            .payables
            .request_approval(&id.0, body.0.version, &auth.0)
            .await?;
        Ok(Json(self.detail(d)))
    }

    /// Approves a draft: APROVADA, its installments APROVADO. Never by who created or edited it (403); a blocked
    /// one is 409.
    ///
    /// Acesso: acima da alçada (parâmetros do financeiro) só quem tem financeiro_alcada_ilimitada (403 "Valor acima da sua alçada").
    #[oai(
        path = "/:id/approve",
        method = "post",
        operation_id = "approvePayable"
    )]
    async fn approve(
        &self,
        #[oai(scope = "PAYABLES_APPROVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionRequest>,
    ) -> ApiResult<Json<PayableView>> {
        let d = self
            .payables
            .approve(&id.0, body.0.version, &auth.0)
            .await?;
        Ok(Json(self.detail(d)))
    }

    /// Sends a draft back to its author with a comment (10 to 500 characters): devolvida.
    #[oai(
        path = "/:id/send-back",
        method = "post",
        operation_id = "sendBackPayable"
    )]
    async fn send_back(
        &self,
        #[oai(scope = "PAYABLES_APPROVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<SendBackRequest>,
    ) -> ApiResult<Json<PayableView>> {
        let b = body.0;
        let comment = text(b.comment);
        let d = self
            .payables
            .send_back(&id.0, b.version, comment.as_deref(), &auth.0)
            .await?;
        Ok(Json(self.detail(d)))
    }

    /// Cancels a payable (reason): its open installments become CANCELADO; never with an installment paid or in a
    /// remessa (409).
    ///
    /// Acesso: um rascunho por quem o lançou ou por quem tem pagar_estornar; uma conta aprovada só por quem tem pagar_estornar (403).
    #[oai(path = "/:id/cancel", method = "post", operation_id = "cancelPayable")]
    async fn cancel(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionedReasonRequest>,
    ) -> ApiResult<Json<PayableView>> {
        let b = body.0;
        let reason = text(b.reason);
        let d = self
            .payables
            .cancel(&id.0, b.version, reason.as_deref(), &auth.0)
            .await?;
        Ok(Json(self.detail(d)))
    }

    /// A new draft copied from this payable (payee, description, accounts, rateio, installments), without the
    /// fiscal document's número, série and key.
    #[oai(
        path = "/:id/duplicate",
        method = "post",
        operation_id = "duplicatePayable"
    )]
    async fn duplicate(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<CreatedPayable> {
        let d = self.payables.duplicate(&id.0, &auth.0).await?;
        Ok(CreatedPayable::Created(Json(self.detail(d))))
    }
}
