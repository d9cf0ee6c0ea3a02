//! `/api/v1/finance/receivables`: títulos a receber and their installments (the `/recebimentos` page): the
//! installments list with totals over the whole filter and its export, a título and an installment with their
//! history, and the installment's lifecycle (receipt, reversal, extension, cancellation, write-off and its
//! reversion, renegotiation; finance.md §3.1).

use std::sync::Arc;

use banking::document::Document;
use chrono::{DateTime, Utc};
use futures::StreamExt;
use platform::api::{
    ApiResult, BearerAuth, Date, Download, Exported, HistoryEntryDto, Omittable, PageRequest, Text,
};
use platform::export::{self, Cell, Export};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{text, FinanceTag};
use crate::domain::renegotiation::RenegotiationDraft;
use crate::domain::{
    self, InstallmentFilter, InstallmentSort, ReceiptDraft, ReceiptRecord, Receivable,
    ReceivableDraft,
};
use crate::permissions::{
    RECEIPTS_REVERSE, RECEIVABLES_READ, RECEIVABLES_WRITE, RECEIVABLES_WRITE_OFF,
};
use crate::service::{InstallmentDetail, InstallmentRead, ReceivableDetail, Receivables};

pub struct ReceivablesApi {
    receivables: Arc<Receivables>,
}

impl ReceivablesApi {
    pub fn new(receivables: Arc<Receivables>) -> ReceivablesApi {
        ReceivablesApi { receivables }
    }
}

/// An installment's state. VENCIDO is not one: it is `overdue` (open, with a saldo, after the first business day
/// on or after the due date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "ReceivableInstallmentStatus",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum InstallmentStatus {
    Aberto,
    BoletoEmitido,
    Registrado,
    Pago,
    Baixado,
    Cancelado,
    Renegociado,
}

platform::mirror_enum!(
    InstallmentStatus,
    domain::InstallmentStatus {
        Aberto,
        BoletoEmitido,
        Registrado,
        Pago,
        Baixado,
        Cancelado,
        Renegociado
    }
);

/// A state to list, or VENCIDO: open, with a saldo, and overdue today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "ReceivableInstallmentStatusFilter",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum StatusFilter {
    Aberto,
    BoletoEmitido,
    Registrado,
    Pago,
    Baixado,
    Cancelado,
    Renegociado,
    Vencido,
}

impl StatusFilter {
    fn state(self) -> Option<domain::InstallmentStatus> {
        use domain::InstallmentStatus as S;
        Some(match self {
            StatusFilter::Aberto => S::Aberto,
            StatusFilter::BoletoEmitido => S::BoletoEmitido,
            StatusFilter::Registrado => S::Registrado,
            StatusFilter::Pago => S::Pago,
            StatusFilter::Baixado => S::Baixado,
            StatusFilter::Cancelado => S::Cancelado,
            StatusFilter::Renegociado => S::Renegociado,
            StatusFilter::Vencido => return None,
        })
    }
}

/// Where a título came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "ReceivableOrigin", rename_all = "UPPERCASE")]
pub enum Origin {
    Venda,
    Assinatura,
    Manual,
    Renegociacao,
}

platform::mirror_enum!(
    Origin,
    domain::Origin {
        Venda,
        Assinatura,
        Manual,
        Renegociacao
    }
);

/// How an installment is expected to be paid, or how a receipt came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "ReceivableMethod", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Method {
    Boleto,
    Pix,
    CartaoCredito,
    CartaoDebito,
    Dinheiro,
    Transferencia,
}

platform::mirror_enum!(
    Method,
    domain::ReceivableMethod {
        Boleto,
        Pix,
        CartaoCredito,
        CartaoDebito,
        Dinheiro,
        Transferencia
    }
);

/// Where a receipt came from: MANUAL (registered here), RETORNO (a bank file), CONCILIACAO, UPLOAD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "ReceiptSource", rename_all = "UPPERCASE")]
pub enum Source {
    Manual,
    Retorno,
    Conciliacao,
    Upload,
}

platform::mirror_enum!(
    Source,
    domain::ReceiptSource {
        Manual,
        Retorno,
        Conciliacao,
        Upload
    }
);

/// `CPF 123.456.789-09`-style formatting of a stored document (bare when it is not one, which never happens).
fn formatted(document: &str) -> String {
    Document::from_stored(document)
        .map(|d| d.formatted())
        .unwrap_or_else(|| document.to_string())
}

/// One installment, as `/recebimentos` lists it.
#[derive(Object)]
#[oai(rename = "ReceivableInstallment", skip_serializing_if_is_none)]
pub struct InstallmentView {
    pub id: String,
    pub receivable_id: String,
    /// `CR-2026-000123`.
    pub receivable_number: String,
    /// n of N.
    pub seq: i64,
    pub count: i64,
    /// `CR-2026-000123 1/3`.
    pub label: String,
    pub client_id: String,
    /// The client's name and document as they were when the título was created.
    pub client_name: String,
    /// Bare characters, upper case.
    pub client_document: String,
    pub client_document_formatted: String,
    pub description: String,
    pub origin: Origin,
    /// The sale (or subscription, or renegotiated título) it came from.
    pub origin_id: Option<String>,
    pub due_date: Date,
    /// The due date at creation (an extension changes `due_date` only).
    pub original_due_date: Date,
    pub value_cents: i64,
    /// The live receipts' principal.
    pub received_cents: i64,
    /// value − received (a write-off or a cancellation leaves it, and closes the installment).
    pub balance_cents: i64,
    pub payment_method: Method,
    pub bank_account_id: Option<String>,
    pub status: InstallmentStatus,
    /// Open with a saldo after the first business day on or after the due date (today in São Paulo).
    pub overdue: bool,
    /// From the due date; 0 when not overdue.
    pub days_overdue: i64,
    /// Send it back with a command (a stale one is 409).
    pub version: i64,
}

impl From<InstallmentRead> for InstallmentView {
    fn from(read: InstallmentRead) -> InstallmentView {
        let i = read.installment;
        InstallmentView {
            label: i.label(),
            balance_cents: i.balance_cents(),
            client_document_formatted: formatted(&i.client_document),
            id: i.id,
            receivable_id: i.receivable_id,
            receivable_number: i.number,
            seq: i.seq,
            count: i.count,
            client_id: i.client_id,
            client_name: i.client_name,
            client_document: i.client_document,
            description: i.description,
            origin: i.origin.into(),
            origin_id: i.origin_id,
            due_date: Date(i.due_date),
            original_due_date: Date(i.original_due_date),
            value_cents: i.value_cents,
            received_cents: i.received_cents,
            payment_method: i.payment_method.into(),
            bank_account_id: i.bank_account_id,
            status: i.status.into(),
            overdue: read.overdue,
            days_overdue: read.days_overdue,
            version: i.version,
        }
    }
}

/// How many installments of one state, and their saldo.
#[derive(Object)]
#[oai(rename = "ReceivableStatusTotal")]
pub struct StatusTotal {
    pub status: InstallmentStatus,
    pub count: i64,
    pub balance_cents: i64,
}

/// The sums over every installment the filters match (not only the page).
#[derive(Object)]
#[oai(rename = "ReceivableInstallmentTotals")]
pub struct TotalsView {
    pub value_cents: i64,
    pub received_cents: i64,
    pub balance_cents: i64,
    pub count: i64,
    pub by_status: Vec<StatusTotal>,
}

/// One page of installments.
#[derive(Object)]
#[oai(rename = "ReceivableInstallmentPage")]
pub struct InstallmentPageView {
    pub items: Vec<InstallmentView>,
    /// Every installment the filters match.
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
    pub totals: TotalsView,
}

/// A título with its installments.
#[derive(Object)]
#[oai(rename = "Receivable", skip_serializing_if_is_none)]
pub struct ReceivableView {
    pub id: String,
    /// `CR-2026-000123`.
    pub number: String,
    pub client_id: String,
    pub client_name: String,
    pub client_document: String,
    pub client_document_formatted: String,
    pub description: String,
    /// An analytic RECEITA account of the chart.
    pub chart_account_id: String,
    pub origin: Origin,
    pub origin_id: Option<String>,
    pub issue_date: Date,
    pub total_cents: i64,
    pub payment_method: Method,
    pub bank_account_id: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    /// uid of who created it.
    pub created_by: String,
    pub installments: Vec<InstallmentView>,
}

impl From<ReceivableDetail> for ReceivableView {
    fn from(detail: ReceivableDetail) -> ReceivableView {
        let r: Receivable = detail.receivable;
        ReceivableView {
            client_document_formatted: formatted(&r.client_document),
            id: r.id,
            number: r.number,
            client_id: r.client_id,
            client_name: r.client_name,
            client_document: r.client_document,
            description: r.description,
            chart_account_id: r.chart_account_id,
            origin: r.origin.into(),
            origin_id: r.origin_id,
            issue_date: Date(r.issue_date),
            total_cents: r.total_cents,
            payment_method: r.payment_method.into(),
            bank_account_id: r.bank_account_id,
            version: r.version,
            created_at: r.created_at,
            created_by: r.created_by,
            installments: detail
                .installments
                .into_iter()
                .map(InstallmentView::from)
                .collect(),
        }
    }
}

/// A receipt (baixa) on an installment; a reversed one is kept, marked.
#[derive(Object)]
#[oai(rename = "Receipt", skip_serializing_if_is_none)]
pub struct ReceiptView {
    pub id: String,
    pub date: Date,
    /// What came in = principal + interest + fine − discount.
    pub amount_cents: i64,
    pub interest_cents: i64,
    pub fine_cents: i64,
    pub discount_cents: i64,
    /// What left the installment's saldo.
    pub principal_cents: i64,
    pub bank_account_id: String,
    pub method: Method,
    pub source: Source,
    pub reversed: bool,
    pub reversed_at: Option<DateTime<Utc>>,
    pub reversed_reason: Option<String>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

impl From<ReceiptRecord> for ReceiptView {
    fn from(record: ReceiptRecord) -> ReceiptView {
        let r = record.receipt;
        ReceiptView {
            id: record.id,
            date: Date(r.date),
            amount_cents: r.amount_cents,
            interest_cents: r.interest_cents,
            fine_cents: r.fine_cents,
            discount_cents: r.discount_cents,
            principal_cents: r.principal_cents,
            bank_account_id: r.bank_account_id,
            method: r.method.into(),
            source: record.source.into(),
            reversed: record.reversed_at.is_some(),
            reversed_at: record.reversed_at,
            reversed_reason: record.reversed_reason,
            created_by: record.created_by,
            created_at: record.created_at,
        }
    }
}

/// An installment with its receipts.
#[derive(Object)]
#[oai(rename = "InstallmentDetail", skip_serializing_if_is_none)]
pub struct InstallmentDetailView {
    #[oai(flatten)]
    pub installment: InstallmentView,
    /// Oldest first, reversed ones included.
    pub receipts: Vec<ReceiptView>,
    /// Why it was written off without receipt (BAIXADO).
    pub write_off_reason: Option<String>,
}

impl From<InstallmentDetail> for InstallmentDetailView {
    fn from(detail: InstallmentDetail) -> InstallmentDetailView {
        let write_off_reason = detail.installment.installment.write_off_reason.clone();
        InstallmentDetailView {
            installment: detail.installment.into(),
            receipts: detail.receipts.into_iter().map(ReceiptView::from).collect(),
            write_off_reason,
        }
    }
}

// The limits below only keep absurd payloads out; the rules are the domain's (a 422 names the field).

/// A new título (origin MANUAL): `total_cents` split in `installments` (default 1; the odd cents on the first),
/// due from `first_due` monthly (or every `interval_days`). `payment_method` (default BOLETO): BOLETO, PIX,
/// CARTAO_CREDITO, CARTAO_DEBITO, DINHEIRO or TRANSFERENCIA.
#[derive(Object)]
#[oai(rename = "NewReceivable", example)]
pub struct NewReceivableRequest {
    #[oai(validator(max_length = 100))]
    pub client_id: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub description: Omittable<Text>,
    /// An active analytic account of natureza RECEITA.
    #[oai(validator(max_length = 100))]
    pub chart_account_id: Omittable<Text>,
    pub issue_date: Omittable<Date>,
    pub total_cents: Omittable<i64>,
    /// 1 to 120.
    pub installments: Omittable<i64>,
    /// On or after `issue_date`.
    pub first_due: Omittable<Date>,
    /// Days between due dates; absent or 0: the same day of each month.
    pub interval_days: Omittable<i64>,
    #[oai(validator(max_length = 100))]
    pub payment_method: Omittable<Text>,
    /// An active bank account of the company, where the money is expected.
    #[oai(validator(max_length = 100))]
    pub bank_account_id: Omittable<Text>,
}

impl Example for NewReceivableRequest {
    fn example() -> Self {
        NewReceivableRequest {
            client_id: Omittable(Some("0193a1b2-0000-7000-8000-000000000001".into())),
            description: Omittable(Some("Tratamento ortodôntico".into())),
            chart_account_id: Omittable(Some("0193a1b2-0000-7000-8000-000000000002".into())),
            issue_date: Omittable(chrono::NaiveDate::from_ymd_opt(2026, 1, 10).map(Date)),
            total_cents: Omittable(Some(100_000)),
            installments: Omittable(Some(3)),
            first_due: Omittable(chrono::NaiveDate::from_ymd_opt(2026, 1, 31).map(Date)),
            interval_days: Omittable(None),
            payment_method: Omittable(Some("BOLETO".into())),
            bank_account_id: Omittable(None),
        }
    }
}

/// A receipt on an open installment, over the version last read. An amount above the saldo must be declared as
/// `interest_cents` (juros) or `fine_cents` (multa); `discount_cents` lowers what comes in. `method`: BOLETO, PIX,
/// CARTAO_CREDITO, CARTAO_DEBITO, DINHEIRO or TRANSFERENCIA.
#[derive(Object)]
#[oai(rename = "NewReceipt", example)]
pub struct NewReceiptRequest {
    pub version: i64,
    /// Not after today.
    pub date: Omittable<Date>,
    /// What came in.
    pub amount_cents: Omittable<i64>,
    pub interest_cents: Omittable<i64>,
    pub fine_cents: Omittable<i64>,
    pub discount_cents: Omittable<i64>,
    /// The active bank account the money came into.
    #[oai(validator(max_length = 100))]
    pub bank_account_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub method: Omittable<Text>,
}

impl Example for NewReceiptRequest {
    fn example() -> Self {
        NewReceiptRequest {
            version: 1,
            date: Omittable(chrono::NaiveDate::from_ymd_opt(2026, 2, 2).map(Date)),
            amount_cents: Omittable(Some(33_534)),
            interest_cents: Omittable(Some(200)),
            fine_cents: Omittable(Some(0)),
            discount_cents: Omittable(Some(0)),
            bank_account_id: Omittable(Some("0193a1b2-0000-7000-8000-000000000003".into())),
            method: Omittable(Some("PIX".into())),
        }
    }
}

/// Why (10 to 500 characters).
#[derive(Object)]
#[oai(rename = "ReasonRequest", example)]
pub struct ReasonRequest {
    #[oai(validator(max_length = 2000))]
    pub reason: Omittable<Text>,
}

impl Example for ReasonRequest {
    fn example() -> Self {
        ReasonRequest {
            reason: Omittable(Some("Recebimento lançado na parcela errada.".into())),
        }
    }
}

/// A command over the version last read, with its reason (10 to 500 characters).
#[derive(Object)]
#[oai(rename = "VersionedReasonRequest", example)]
pub struct VersionedReasonRequest {
    pub version: i64,
    #[oai(validator(max_length = 2000))]
    pub reason: Omittable<Text>,
}

impl Example for VersionedReasonRequest {
    fn example() -> Self {
        VersionedReasonRequest {
            version: 1,
            reason: Omittable(Some(
                "Cliente desistiu do tratamento antes de começar.".into(),
            )),
        }
    }
}

/// A new due date (on or after the título's issue, and different from the current one), over the version last
/// read, with its reason.
#[derive(Object)]
#[oai(rename = "ExtendInstallment", example)]
pub struct ExtendRequest {
    pub version: i64,
    pub due_date: Omittable<Date>,
    #[oai(validator(max_length = 2000))]
    pub reason: Omittable<Text>,
}

impl Example for ExtendRequest {
    fn example() -> Self {
        ExtendRequest {
            version: 1,
            due_date: Omittable(chrono::NaiveDate::from_ymd_opt(2026, 3, 15).map(Date)),
            reason: Omittable(Some("Cliente pediu para pagar depois do salário.".into())),
        }
    }
}

/// An installment over the version last read.
#[derive(Object)]
#[oai(rename = "VersionedInstallment")]
pub struct VersionedInstallment {
    #[oai(validator(max_length = 100))]
    pub id: String,
    pub version: i64,
}

/// Open installments of one client replaced by a new título (origin RENEGOCIACAO): `total_cents` (default: the sum
/// of their saldos) in `count` installments (default 1; odd cents on the first) due from `first_due` (not in the
/// past) monthly or every `interval_days`; `payment_method` defaults to the first installment's. With its reason.
#[derive(Object)]
#[oai(rename = "Renegotiation", example)]
pub struct RenegotiationRequest {
    #[oai(validator(max_items = 500))]
    pub installments: Vec<VersionedInstallment>,
    pub total_cents: Omittable<i64>,
    pub count: Omittable<i64>,
    pub first_due: Omittable<Date>,
    pub interval_days: Omittable<i64>,
    #[oai(validator(max_length = 100))]
    pub payment_method: Omittable<Text>,
    #[oai(validator(max_length = 2000))]
    pub reason: Omittable<Text>,
}

impl Example for RenegotiationRequest {
    fn example() -> Self {
        RenegotiationRequest {
            installments: vec![VersionedInstallment {
                id: "0193a1b2-0000-7000-8000-000000000004".into(),
                version: 1,
            }],
            total_cents: Omittable(Some(120_000)),
            count: Omittable(Some(4)),
            first_due: Omittable(chrono::NaiveDate::from_ymd_opt(2026, 12, 10).map(Date)),
            interval_days: Omittable(None),
            payment_method: Omittable(Some("BOLETO".into())),
            reason: Omittable(Some(
                "Cliente pediu para parcelar o saldo em atraso.".into(),
            )),
        }
    }
}

#[derive(ApiResponse)]
enum CreatedReceivable {
    #[oai(status = 201)]
    Created(Json<ReceivableView>),
}

#[derive(ApiResponse)]
enum CreatedReceipt {
    #[oai(status = 201)]
    Created(Json<InstallmentDetailView>),
}

/// The installments list's filters, as the list and the export take them.
#[allow(clippy::too_many_arguments)]
fn filter_of(
    due_from: Option<Date>,
    due_to: Option<Date>,
    status: Vec<StatusFilter>,
    client_id: Option<String>,
    payment_method: Option<Method>,
    bank_account_id: Option<String>,
    origin: Option<Origin>,
    q: Option<String>,
    sort: Option<String>,
) -> (InstallmentFilter, bool) {
    let overdue = status.contains(&StatusFilter::Vencido);
    let mut statuses: Vec<domain::InstallmentStatus> =
        status.iter().filter_map(|s| s.state()).collect();
    statuses.dedup();
    let blank = |s: Option<String>| s.filter(|s| !s.trim().is_empty());
    (
        InstallmentFilter {
            due_from: due_from.map(|d| d.0),
            due_to: due_to.map(|d| d.0),
            statuses,
            overdue_cutoff: None,
            client_id: blank(client_id),
            payment_method: payment_method.map(Into::into),
            bank_account_id: blank(bank_account_id),
            origin: origin.map(Into::into),
            q: blank(q),
            // The pattern validator admits only the known ones.
            sort: sort
                .as_deref()
                .and_then(InstallmentSort::parse)
                .unwrap_or_default(),
        },
        overdue,
    )
}

/// The columns of the installments export, as the list names them.
fn installment_export() -> Export<InstallmentRead> {
    Export::new("contas-a-receber")
        .column("Título/parcela", |r: &InstallmentRead| {
            Cell::Text(r.installment.label())
        })
        .column("Cliente", |r| {
            Cell::from(r.installment.client_name.as_str())
        })
        .column("CPF/CNPJ", |r| {
            Cell::Text(formatted(&r.installment.client_document))
        })
        .column("Descrição", |r| {
            Cell::from(r.installment.description.as_str())
        })
        .column("Origem", |r| Cell::from(r.installment.origin.as_str()))
        .column("Vencimento", |r| Cell::Date(r.installment.due_date))
        .column("Valor", |r| Cell::Money(r.installment.value_cents))
        .column("Recebido", |r| Cell::Money(r.installment.received_cents))
        .column("Saldo", |r| Cell::Money(r.installment.balance_cents()))
        .column("Forma", |r| {
            Cell::from(r.installment.payment_method.as_str())
        })
        .column("Status", |r| Cell::from(r.installment.status.as_str()))
        .column("Vencido", |r| Cell::Bool(r.overdue))
        .column("Atraso (dias)", |r| Cell::Integer(r.days_overdue))
}

#[OpenApi(
    prefix_path = "/api/v1/finance/receivables",
    tag = "FinanceTag::Finance"
)]
impl ReceivablesApi {
    /// Installments (one row per parcela), by due date unless `sort` says otherwise, with the sums over every
    /// installment the filters match. `status` repeats; VENCIDO means open, with a saldo and overdue today. `q`
    /// matches the título's number, the client's name or CPF/CNPJ (with or without punctuation).
    #[oai(
        path = "/installments",
        method = "get",
        operation_id = "listReceivableInstallments"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        due_from: Query<Option<Date>>,
        due_to: Query<Option<Date>>,
        status: Query<Vec<StatusFilter>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        origin: Query<Option<Origin>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        /// `due_date`, `-due_date`, `value`, `-value`, `client` or `-client` (default `due_date`).
        #[oai(validator(pattern = "^-?(due_date|value|client)$"))]
        sort: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<InstallmentPageView>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (filter, overdue) = filter_of(
            due_from.0,
            due_to.0,
            status.0,
            client_id.0,
            payment_method.0,
            bank_account_id.0,
            origin.0,
            q.0,
            sort.0,
        );
        let found = self
            .receivables
            .list(filter, overdue, paging.limit(), paging.offset())
            .await?;
        let has_more = paging.offset() + (found.items.len() as i64) < found.total;
        let t = found.totals;
        Ok(Json(InstallmentPageView {
            items: found.items.into_iter().map(InstallmentView::from).collect(),
            total: found.total,
            page: paging.page,
            page_size: paging.page_size,
            has_more,
            totals: TotalsView {
                value_cents: t.value_cents,
                received_cents: t.received_cents,
                balance_cents: t.balance_cents,
                count: t.count,
                by_status: t
                    .by_status
                    .into_iter()
                    .map(|(status, count, balance_cents)| StatusTotal {
                        status: status.into(),
                        count,
                        balance_cents,
                    })
                    .collect(),
            },
        }))
    }

    /// Exports every installment the filters match (the same filters and order as the list), as CSV or XLSX.
    #[oai(
        path = "/installments/export",
        method = "get",
        operation_id = "exportReceivableInstallments"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn export(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        due_from: Query<Option<Date>>,
        due_to: Query<Option<Date>>,
        status: Query<Vec<StatusFilter>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        origin: Query<Option<Origin>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        /// `due_date`, `-due_date`, `value`, `-value`, `client` or `-client` (default `due_date`).
        #[oai(validator(pattern = "^-?(due_date|value|client)$"))]
        sort: Query<Option<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let (filter, overdue) = filter_of(
            due_from.0,
            due_to.0,
            status.0,
            client_id.0,
            payment_method.0,
            bank_account_id.0,
            origin.0,
            q.0,
            sort.0,
        );
        let rows = self.receivables.stream(filter, overdue).await?;
        Ok(Download::new(installment_export().response(
            format,
            self.receivables.today(),
            rows.boxed(),
        )))
    }

    /// Creates a título (origin MANUAL) and its installments, numbered `CR-<year of issue>-NNNNNN`. The client
    /// must exist in crm; the chart account be an active analytic RECEITA one; the bank account, when given, an
    /// active one of the company (422 naming the field).
    #[oai(path = "/", method = "post", operation_id = "createReceivable")]
    async fn create(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE")] auth: BearerAuth,
        body: Json<NewReceivableRequest>,
    ) -> ApiResult<CreatedReceivable> {
        let b = body.0;
        let draft = ReceivableDraft {
            client_id: text(b.client_id),
            description: text(b.description),
            chart_account_id: text(b.chart_account_id),
            issue_date: b.issue_date.into_option().map(|d| d.0),
            total_cents: b.total_cents.into_option(),
            installments: b.installments.into_option(),
            first_due: b.first_due.into_option().map(|d| d.0),
            interval_days: b.interval_days.into_option(),
            payment_method: text(b.payment_method),
            bank_account_id: text(b.bank_account_id),
        };
        let created = self.receivables.create(draft, &auth.0).await?;
        Ok(CreatedReceivable::Created(Json(created.into())))
    }

    /// Renegotiates open installments of one client: a new título (origin RENEGOCIACAO, numbered like any other)
    /// replaces them and each becomes RENEGOCIADO, in one transaction. A stale version is 409; installments of
    /// several clients, or not open, are refused.
    #[oai(
        path = "/renegotiations",
        method = "post",
        operation_id = "renegotiateInstallments"
    )]
    async fn renegotiate(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE")] auth: BearerAuth,
        body: Json<RenegotiationRequest>,
    ) -> ApiResult<CreatedReceivable> {
        let b = body.0;
        let draft = RenegotiationDraft {
            installments: b
                .installments
                .into_iter()
                .map(|i| (i.id, i.version))
                .collect(),
            total_cents: b.total_cents.into_option(),
            count: b.count.into_option(),
            first_due: b.first_due.into_option().map(|d| d.0),
            interval_days: b.interval_days.into_option(),
            payment_method: text(b.payment_method),
        };
        let reason = text(b.reason);
        let created = self
            .receivables
            .renegotiate(draft, reason.as_deref(), &auth.0)
            .await?;
        Ok(CreatedReceivable::Created(Json(created.into())))
    }

    /// One installment, with its receipts.
    #[oai(
        path = "/installments/:id",
        method = "get",
        operation_id = "getReceivableInstallment"
    )]
    async fn installment(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        Ok(Json(self.receivables.installment(&id.0).await?.into()))
    }

    /// An installment's history: created, receipts registered and reversed, due date extended, cancelled, written
    /// off, reverted; oldest first.
    #[oai(
        path = "/installments/:id/history",
        method = "get",
        operation_id = "listReceivableInstallmentHistory"
    )]
    async fn installment_history(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.receivables.installment_history(&id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// Registers a receipt on an open installment (ABERTO, BOLETO_EMITIDO, REGISTRADO; else 409 `estado_invalido`)
    /// over the version last read: PAGO when the saldo reaches zero. Publishes `finance.receivable_settled`.
    #[oai(
        path = "/installments/:id/receipts",
        method = "post",
        operation_id = "registerReceipt"
    )]
    async fn register_receipt(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<NewReceiptRequest>,
    ) -> ApiResult<CreatedReceipt> {
        let b = body.0;
        let draft = ReceiptDraft {
            date: b.date.into_option().map(|d| d.0),
            amount_cents: b.amount_cents.into_option(),
            interest_cents: b.interest_cents.into_option(),
            fine_cents: b.fine_cents.into_option(),
            discount_cents: b.discount_cents.into_option(),
            bank_account_id: text(b.bank_account_id),
            method: text(b.method),
        };
        let detail = self
            .receivables
            .register_receipt(&id.0, b.version, draft, &auth.0)
            .await?;
        Ok(CreatedReceipt::Created(Json(detail.into())))
    }

    /// Reverses a receipt (kept, marked): what was received is recomputed and a PAGO installment reopens.
    /// Publishes `finance.receivable_reversed`.
    #[oai(
        path = "/installments/:id/receipts/:receipt_id/reverse",
        method = "post",
        operation_id = "reverseReceipt"
    )]
    async fn reverse_receipt(
        &self,
        #[oai(scope = "RECEIPTS_REVERSE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] receipt_id: Path<String>,
        body: Json<ReasonRequest>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        let reason = text(body.0.reason);
        Ok(Json(
            self.receivables
                .reverse_receipt(&id.0, &receipt_id.0, reason.as_deref(), &auth.0)
                .await?
                .into(),
        ))
    }

    /// Extends an open installment's due date (the original due date is kept).
    #[oai(
        path = "/installments/:id/extend",
        method = "post",
        operation_id = "extendInstallment"
    )]
    async fn extend(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ExtendRequest>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        let b = body.0;
        let reason = text(b.reason);
        Ok(Json(
            self.receivables
                .extend(
                    &id.0,
                    b.version,
                    b.due_date.into_option().map(|d| d.0),
                    reason.as_deref(),
                    &auth.0,
                )
                .await?
                .into(),
        ))
    }

    /// Cancels an open installment. Títulos of sales are cancelled through the sale (409 `titulo_de_venda`); a
    /// paid installment is never cancelled (409). Publishes `finance.receivable_cancelled`.
    #[oai(
        path = "/installments/:id/cancel",
        method = "post",
        operation_id = "cancelInstallment"
    )]
    async fn cancel(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionedReasonRequest>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        let b = body.0;
        let reason = text(b.reason);
        Ok(Json(
            self.receivables
                .cancel(&id.0, b.version, reason.as_deref(), &auth.0)
                .await?
                .into(),
        ))
    }

    /// Writes an open installment off without receipt (BAIXADO).
    ///
    /// Acesso: acima da alçada (parâmetros do financeiro) só quem tem financeiro_alcada_ilimitada (403 "Valor acima da sua alçada").
    #[oai(
        path = "/installments/:id/write-off",
        method = "post",
        operation_id = "writeOffInstallment"
    )]
    async fn write_off(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE_OFF")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionedReasonRequest>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        let b = body.0;
        let reason = text(b.reason);
        Ok(Json(
            self.receivables
                .write_off(&id.0, b.version, reason.as_deref(), &auth.0)
                .await?
                .into(),
        ))
    }

    /// Reverts a write-off: BAIXADO → ABERTO.
    #[oai(
        path = "/installments/:id/write-off/revert",
        method = "post",
        operation_id = "revertWriteOff"
    )]
    async fn revert_write_off(
        &self,
        #[oai(scope = "RECEIPTS_REVERSE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ReasonRequest>,
    ) -> ApiResult<Json<InstallmentDetailView>> {
        let reason = text(body.0.reason);
        Ok(Json(
            self.receivables
                .revert_write_off(&id.0, reason.as_deref(), &auth.0)
                .await?
                .into(),
        ))
    }

    /// One título, with its installments.
    #[oai(path = "/:id", method = "get", operation_id = "getReceivable")]
    async fn get(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ReceivableView>> {
        Ok(Json(self.receivables.get(&id.0).await?.into()))
    }

    /// A título's history (its creation; each installment's lifecycle is in the installment's history).
    #[oai(
        path = "/:id/history",
        method = "get",
        operation_id = "listReceivableHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.receivables.history(&id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }
}
