//! `/api/v1/finance/boletos` (the `/boletos` pages): issue boletos for installments, the list with totals by state
//! over the whole filter and its export, a boleto's detail with its timeline, its PDF (or up to 500 in one), and
//! instructions to the bank on registered boletos.

use std::sync::Arc;

use banking::document::Document;
use chrono::{DateTime, Utc};
use crm::api::ClientAddress;
use futures::StreamExt;
use platform::api::download::ContentTypes;
use platform::api::{
    ApiResult, BearerAuth, Date, Download, Exported, Omittable, PageRequest, Text,
};
use platform::export::{self, Cell, Export};
use poem::{IntoResponse, Response};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{text, FinanceTag};
use crate::domain::boleto::{
    interest_per_day, Boleto, BoletoEvent, BoletoFilter, BoletoInstruction, BoletoSort,
    BoletoStatus, EventKind, InstructionKind,
};
use crate::permissions::{BOLETOS_ISSUE, BOLETOS_READ};
use crate::service::{BoletoDetail, Boletos};

pub struct BoletosApi {
    boletos: Arc<Boletos>,
}

impl BoletosApi {
    pub fn new(boletos: Arc<Boletos>) -> BoletosApi {
        BoletosApi { boletos }
    }
}

/// A boleto's state (finance.md §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "BoletoStatus", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StatusView {
    Emitido,
    EmRemessa,
    Registrado,
    Liquidado,
    BaixaSolicitada,
    Baixado,
    Protestado,
    Rejeitado,
    Cancelado,
}

platform::mirror_enum!(
    StatusView,
    BoletoStatus {
        Emitido,
        EmRemessa,
        Registrado,
        Liquidado,
        BaixaSolicitada,
        Baixado,
        Protestado,
        Rejeitado,
        Cancelado
    }
);

/// What a timeline line tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "BoletoEventKind", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EventKindView {
    Emitido,
    EmRemessa,
    EntradaConfirmada,
    Rejeitado,
    Ocorrencia,
    Liquidado,
    Instrucao,
    Baixado,
    Protestado,
    Cancelado,
}

platform::mirror_enum!(
    EventKindView,
    EventKind {
        Emitido,
        EmRemessa,
        EntradaConfirmada,
        Rejeitado,
        Ocorrencia,
        Liquidado,
        Instrucao,
        Baixado,
        Protestado,
        Cancelado
    }
);

/// An instruction to the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "BoletoInstructionKind", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum InstructionKindView {
    Baixa,
    AlteracaoVencimento,
    Abatimento,
    Protesto,
    SustarProtesto,
}

platform::mirror_enum!(
    InstructionKindView,
    InstructionKind {
        Baixa,
        AlteracaoVencimento,
        Abatimento,
        Protesto,
        SustarProtesto
    }
);

fn formatted(document: &str) -> String {
    Document::from_stored(document)
        .map(|d| d.formatted())
        .unwrap_or_else(|| document.to_string())
}

/// A boleto as `/boletos` lists it.
#[derive(Object)]
#[oai(rename = "Boleto", skip_serializing_if_is_none)]
pub struct BoletoView {
    pub id: String,
    pub installment_id: String,
    pub receivable_id: String,
    pub agreement_id: String,
    /// COMPE code of the convênio's bank.
    pub bank: String,
    pub nosso_numero: i64,
    pub nosso_numero_dv: Option<String>,
    /// As printed: `109/00001000-5`.
    pub nosso_numero_formatted: String,
    /// The installment: `CR-2026-000123 1/3`.
    pub seu_numero: String,
    pub client_id: String,
    pub payer_name: String,
    pub payer_document: String,
    pub payer_document_formatted: String,
    pub issue_date: Date,
    pub due_date: Date,
    pub amount_cents: i64,
    pub status: StatusView,
    /// The remessa that carried it (filled by the remessa work).
    pub remittance_id: Option<String>,
    /// The bank's last occurrence: code and text.
    pub last_occurrence_code: Option<String>,
    pub last_occurrence_text: Option<String>,
    pub paid_date: Option<Date>,
    pub paid_cents: Option<i64>,
    pub version: i64,
}

impl From<&Boleto> for BoletoView {
    fn from(b: &Boleto) -> BoletoView {
        BoletoView {
            id: b.id.clone(),
            installment_id: b.installment_id.clone(),
            receivable_id: b.receivable_id.clone(),
            agreement_id: b.agreement_id.clone(),
            bank: b.bank.clone(),
            nosso_numero: b.nosso_numero,
            nosso_numero_dv: b.nosso_numero_dv.clone(),
            nosso_numero_formatted: b.nosso_numero_formatted.clone(),
            seu_numero: b.seu_numero.clone(),
            client_id: b.client_id.clone(),
            payer_name: b.payer.name.clone(),
            payer_document: b.payer.document.clone(),
            payer_document_formatted: formatted(&b.payer.document),
            issue_date: Date(b.issue_date),
            due_date: Date(b.due_date),
            amount_cents: b.amount_cents,
            status: b.status.into(),
            remittance_id: b.remittance_id.clone(),
            last_occurrence_code: b.last_occurrence_code.clone(),
            last_occurrence_text: b.last_occurrence_text.clone(),
            paid_date: b.paid_date.map(Date),
            paid_cents: b.paid_cents,
            version: b.version,
        }
    }
}

/// One line of the timeline.
#[derive(Object)]
#[oai(rename = "BoletoEvent", skip_serializing_if_is_none)]
pub struct EventView {
    pub id: String,
    pub at: DateTime<Utc>,
    pub kind: EventKindView,
    pub description: String,
    /// A bank occurrence's code and text.
    pub bank_code: Option<String>,
    pub bank_text: Option<String>,
    pub remittance_id: Option<String>,
    /// `RM-2026-000058`.
    pub remittance_number: Option<String>,
    pub amount_cents: Option<i64>,
    /// Values of a settlement and the like (juros, multa, tarifa, crédito…).
    pub details: Option<serde_json::Value>,
    pub by_uid: String,
    pub by_name: String,
}

impl From<BoletoEvent> for EventView {
    fn from(e: BoletoEvent) -> EventView {
        EventView {
            id: e.id,
            at: e.at,
            kind: e.kind.into(),
            description: e.description,
            bank_code: e.bank_code,
            bank_text: e.bank_text,
            remittance_id: e.remittance_id,
            remittance_number: e.remittance_number,
            amount_cents: e.amount_cents,
            details: e.details.and_then(|d| serde_json::from_str(&d).ok()),
            by_uid: e.by_uid,
            by_name: e.by_name,
        }
    }
}

/// An instruction to the bank; pending while no remessa carried it.
#[derive(Object)]
#[oai(rename = "BoletoInstruction", skip_serializing_if_is_none)]
pub struct InstructionView {
    pub id: String,
    pub kind: InstructionKindView,
    pub new_due_date: Option<Date>,
    pub amount_cents: Option<i64>,
    pub reason: Option<String>,
    pub pending: bool,
    pub remittance_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

impl From<BoletoInstruction> for InstructionView {
    fn from(i: BoletoInstruction) -> InstructionView {
        InstructionView {
            id: i.id,
            kind: i.kind.into(),
            new_due_date: i.new_due_date.map(Date),
            amount_cents: i.amount_cents,
            reason: i.reason,
            pending: i.remittance_id.is_none(),
            remittance_id: i.remittance_id,
            created_at: i.created_at,
            created_by: i.created_by,
        }
    }
}

/// A boleto with everything its page shows.
#[derive(Object)]
#[oai(rename = "BoletoDetail", skip_serializing_if_is_none)]
pub struct BoletoDetailView {
    #[oai(flatten)]
    pub boleto: BoletoView,
    pub agreement_name: String,
    /// 47 digits.
    pub linha_digitavel: String,
    /// `34191.09008 01000.512345 …`
    pub linha_digitavel_formatted: String,
    /// The 44 digits of the ITF barcode.
    pub barcode: String,
    /// The BR Code of a hybrid boleto (the convênio has a PIX key).
    pub pix_copia_e_cola: Option<String>,
    pub payer_address: ClientAddress,
    pub payer_address_line: String,
    /// Lines of the instructions box.
    pub instructions: String,
    pub fine_bp: i64,
    pub interest_monthly_bp: i64,
    /// Juros pro rata die, in centavos a day of delay.
    pub interest_per_day_cents: i64,
    pub discount_cents: i64,
    pub abatement_cents: i64,
    pub protest_days: Option<i64>,
    pub baixa_days: Option<i64>,
    /// Oldest first.
    pub events: Vec<EventView>,
    pub instruction_requests: Vec<InstructionView>,
}

impl From<BoletoDetail> for BoletoDetailView {
    fn from(d: BoletoDetail) -> BoletoDetailView {
        let b = d.boleto;
        let linha = b.linha_digitavel.as_bytes();
        let linha_digitavel_formatted = <[u8; 47]>::try_from(linha)
            .map(|l| banking::boleto::format_linha(&l))
            .unwrap_or_else(|_| b.linha_digitavel.clone());
        BoletoDetailView {
            boleto: BoletoView::from(&b),
            agreement_name: d.agreement_name,
            linha_digitavel_formatted,
            interest_per_day_cents: interest_per_day(b.amount_cents, b.interest_monthly_bp),
            payer_address_line: b.payer.address_line(),
            payer_address: ClientAddress::from(b.payer.address),
            linha_digitavel: b.linha_digitavel,
            barcode: b.barcode,
            pix_copia_e_cola: b.pix_copia_e_cola,
            instructions: b.instructions,
            fine_bp: b.fine_bp,
            interest_monthly_bp: b.interest_monthly_bp,
            discount_cents: b.discount_cents,
            abatement_cents: b.abatement_cents,
            protest_days: b.protest_days,
            baixa_days: b.baixa_days,
            events: d.events.into_iter().map(Into::into).collect(),
            instruction_requests: d.instructions.into_iter().map(Into::into).collect(),
        }
    }
}

/// How many boletos of one state, and their amount.
#[derive(Object)]
#[oai(rename = "BoletoStatusTotal")]
pub struct StatusTotal {
    pub status: StatusView,
    pub count: i64,
    pub amount_cents: i64,
}

#[derive(Object)]
#[oai(rename = "BoletoTotals")]
pub struct TotalsView {
    pub count: i64,
    pub amount_cents: i64,
    pub by_status: Vec<StatusTotal>,
}

#[derive(Object)]
#[oai(rename = "BoletoPage")]
pub struct PageView {
    pub items: Vec<BoletoView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
    /// Over every boleto the filters match.
    pub totals: TotalsView,
}

/// Issue boletos for these installments under this convênio (one transaction: all or none).
#[derive(Object)]
#[oai(rename = "IssueBoletos", example)]
pub struct IssueRequest {
    #[oai(validator(max_items = 100000))]
    pub installment_ids: Vec<String>,
    #[oai(validator(max_length = 100))]
    pub agreement_id: Omittable<Text>,
}

impl Example for IssueRequest {
    fn example() -> Self {
        IssueRequest {
            installment_ids: vec!["0192a3b4-0000-7000-8000-000000000001".into()],
            agreement_id: Omittable(Some(Text("0192a3b4-0000-7000-8000-000000000002".into()))),
        }
    }
}

/// The boletos issued, in the order of the installments given.
#[derive(Object)]
#[oai(rename = "IssuedBoletos")]
pub struct IssuedView {
    pub count: i64,
    pub items: Vec<BoletoView>,
}

/// Up to 500 boletos in one PDF, in this order.
#[derive(Object)]
#[oai(rename = "BoletoPdfRequest", example)]
pub struct PdfRequest {
    #[oai(validator(max_items = 500))]
    pub ids: Vec<String>,
}

impl Example for PdfRequest {
    fn example() -> Self {
        PdfRequest {
            ids: vec!["0192a3b4-0000-7000-8000-000000000003".into()],
        }
    }
}

/// An instruction to the bank on a registered boleto.
#[derive(Object)]
#[oai(rename = "NewBoletoInstruction", example)]
pub struct InstructionRequest {
    pub kind: Omittable<InstructionKindView>,
    /// ALTERACAO_VENCIMENTO: the new due date (today or later).
    pub new_due_date: Omittable<Date>,
    /// ABATIMENTO: the amount, above zero and below the boleto's.
    pub amount_cents: Omittable<i64>,
    /// Optional; 10 to 500 characters when given.
    #[oai(validator(max_length = 2000))]
    pub reason: Omittable<Text>,
}

impl Example for InstructionRequest {
    fn example() -> Self {
        InstructionRequest {
            kind: Omittable(Some(InstructionKindView::AlteracaoVencimento)),
            new_due_date: Omittable(chrono::NaiveDate::from_ymd_opt(2026, 4, 15).map(Date)),
            amount_cents: Omittable(None),
            reason: Omittable(Some(Text("Cliente pediu nova data de pagamento.".into()))),
        }
    }
}

#[derive(ApiResponse)]
enum Issued {
    #[oai(status = 201)]
    Created(Json<IssuedView>),
}

/// A PDF document.
pub struct Pdf;

impl ContentTypes for Pdf {
    const TYPES: &'static [&'static str] = &["application/pdf"];
    const DESCRIPTION: &'static str = "O boleto em PDF (um por página).";
}

fn pdf_response(bytes: Vec<u8>, name: &str) -> Download<Pdf> {
    let response: Response = bytes
        .with_content_type("application/pdf")
        .with_header(
            "Content-Disposition",
            format!("inline; filename=\"{name}\""),
        )
        .into_response();
    Download::new(response)
}

/// The list's filters, as the list and the export take them.
#[allow(clippy::too_many_arguments)]
fn filter_of(
    agreement_id: Option<String>,
    status: Vec<StatusView>,
    issue_from: Option<Date>,
    issue_to: Option<Date>,
    due_from: Option<Date>,
    due_to: Option<Date>,
    client_id: Option<String>,
    remittance_id: Option<String>,
    installment_id: Option<String>,
    q: Option<String>,
    pending_instruction: Option<bool>,
    sort: Option<String>,
) -> BoletoFilter {
    let blank = |s: Option<String>| s.filter(|s| !s.trim().is_empty());
    let mut statuses: Vec<BoletoStatus> = status.into_iter().map(Into::into).collect();
    statuses.dedup();
    BoletoFilter {
        agreement_id: blank(agreement_id),
        statuses,
        issue_from: issue_from.map(|d| d.0),
        issue_to: issue_to.map(|d| d.0),
        due_from: due_from.map(|d| d.0),
        due_to: due_to.map(|d| d.0),
        client_id: blank(client_id),
        remittance_id: blank(remittance_id),
        installment_id: blank(installment_id),
        q: blank(q),
        pending_instruction: pending_instruction.unwrap_or(false),
        sort: sort
            .as_deref()
            .and_then(BoletoSort::parse)
            .unwrap_or_default(),
    }
}

fn boleto_export() -> Export<Boleto> {
    Export::new("boletos")
        .column("Nosso número", |b: &Boleto| {
            Cell::from(b.nosso_numero_formatted.as_str())
        })
        .column("Cliente", |b| Cell::from(b.payer.name.as_str()))
        .column("CPF/CNPJ", |b| Cell::Text(formatted(&b.payer.document)))
        .column("Título/parcela", |b| Cell::from(b.seu_numero.as_str()))
        .column("Emissão", |b| Cell::Date(b.issue_date))
        .column("Vencimento", |b| Cell::Date(b.due_date))
        .column("Valor", |b| Cell::Money(b.amount_cents))
        .column("Status", |b| Cell::from(b.status.as_str()))
        .column("Remessa", |b| {
            Cell::Text(b.remittance_id.clone().unwrap_or_default())
        })
        .column("Última ocorrência", |b| {
            Cell::Text(match (&b.last_occurrence_code, &b.last_occurrence_text) {
                (Some(c), Some(t)) => format!("{c} {t}"),
                (Some(c), None) => c.clone(),
                _ => String::new(),
            })
        })
        .column("Pago em", |b| match b.paid_date {
            Some(d) => Cell::Date(d),
            None => Cell::Text(String::new()),
        })
        .column("Valor pago", |b| match b.paid_cents {
            Some(c) => Cell::Money(c),
            None => Cell::Text(String::new()),
        })
        .column("Linha digitável", |b| {
            Cell::from(b.linha_digitavel.as_str())
        })
}

#[OpenApi(prefix_path = "/api/v1/finance/boletos", tag = "FinanceTag::Finance")]
impl BoletosApi {
    /// Boletos, by due date unless `sort` says otherwise, with count and amount per state over every boleto the
    /// filters match. `status` repeats; `q` matches the nosso número, the installment, the payer's name or
    /// CPF/CNPJ; `pending_instruction` keeps those with an instruction no remessa carried yet.
    #[oai(path = "/", method = "get", operation_id = "listBoletos")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        #[oai(scope = "BOLETOS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] agreement_id: Query<Option<String>>,
        status: Query<Vec<StatusView>>,
        issue_from: Query<Option<Date>>,
        issue_to: Query<Option<Date>>,
        due_from: Query<Option<Date>>,
        due_to: Query<Option<Date>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] remittance_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] installment_id: Query<Option<String>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        pending_instruction: Query<Option<bool>>,
        /// `due_date`, `issue_date`, `nosso_numero`, `amount` or `client`, `-` for descending (default `due_date`).
        #[oai(validator(pattern = "^-?(due_date|issue_date|nosso_numero|amount|client)$"))]
        sort: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<PageView>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = filter_of(
            agreement_id.0,
            status.0,
            issue_from.0,
            issue_to.0,
            due_from.0,
            due_to.0,
            client_id.0,
            remittance_id.0,
            installment_id.0,
            q.0,
            pending_instruction.0,
            sort.0,
        );
        let found = self
            .boletos
            .list(filter, paging.limit(), paging.offset())
            .await?;
        let has_more = paging.offset() + (found.items.len() as i64) < found.total;
        let t = found.totals;
        Ok(Json(PageView {
            items: found.items.iter().map(BoletoView::from).collect(),
            total: found.total,
            page: paging.page,
            page_size: paging.page_size,
            has_more,
            totals: TotalsView {
                count: t.count,
                amount_cents: t.amount_cents,
                by_status: t
                    .by_status
                    .into_iter()
                    .map(|(status, count, amount_cents)| StatusTotal {
                        status: status.into(),
                        count,
                        amount_cents,
                    })
                    .collect(),
            },
        }))
    }

    /// Exports every boleto the filters match (the list's filters and order), as CSV or XLSX.
    #[oai(path = "/export", method = "get", operation_id = "exportBoletos")]
    #[allow(clippy::too_many_arguments)]
    async fn export(
        &self,
        #[oai(scope = "BOLETOS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] agreement_id: Query<Option<String>>,
        status: Query<Vec<StatusView>>,
        issue_from: Query<Option<Date>>,
        issue_to: Query<Option<Date>>,
        due_from: Query<Option<Date>>,
        due_to: Query<Option<Date>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] remittance_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] installment_id: Query<Option<String>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        pending_instruction: Query<Option<bool>>,
        #[oai(validator(pattern = "^-?(due_date|issue_date|nosso_numero|amount|client)$"))]
        sort: Query<Option<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let filter = filter_of(
            agreement_id.0,
            status.0,
            issue_from.0,
            issue_to.0,
            due_from.0,
            due_to.0,
            client_id.0,
            remittance_id.0,
            installment_id.0,
            q.0,
            pending_instruction.0,
            sort.0,
        );
        let rows = self.boletos.stream(filter);
        Ok(Download::new(boleto_export().response(
            format,
            self.boletos.today(),
            rows.boxed(),
        )))
    }

    /// Issues one boleto per installment under the convênio, all in one transaction: the installments open
    /// (ABERTO, without a live boleto, with a saldo, due today or later) and their payers with a valid CPF/CNPJ,
    /// a name and a full address with CEP, else 422 naming `installment_ids[i]` and the field ("Endereço do
    /// pagador incompleto: informe o CEP.") with nothing consumed; the nosso números come from the convênio's
    /// counter (422 when the range is exhausted). The installments become BOLETO_EMITIDO.
    #[oai(path = "/issue", method = "post", operation_id = "issueBoletos")]
    async fn issue(
        &self,
        #[oai(scope = "BOLETOS_ISSUE")] auth: BearerAuth,
        body: Json<IssueRequest>,
    ) -> ApiResult<Issued> {
        let b = body.0;
        let agreement = text(b.agreement_id);
        let issued = self
            .boletos
            .issue(&b.installment_ids, agreement.as_deref(), &auth.0)
            .await?;
        Ok(Issued::Created(Json(IssuedView {
            count: issued.len() as i64,
            items: issued.iter().map(BoletoView::from).collect(),
        })))
    }

    /// Up to 500 boletos in one PDF, a page each, in the order given (an unknown id is 404).
    #[oai(path = "/pdf", method = "post", operation_id = "downloadBoletosPdf")]
    async fn pdf_merged(
        &self,
        #[oai(scope = "BOLETOS_READ")] _auth: BearerAuth,
        body: Json<PdfRequest>,
    ) -> ApiResult<Download<Pdf>> {
        let bytes = self.boletos.pdf_merged(&body.0.ids).await?;
        Ok(pdf_response(bytes, "boletos.pdf"))
    }

    /// A boleto with its payer, linha digitável, barcode digits, PIX copia e cola, instructions and timeline.
    #[oai(path = "/:id", method = "get", operation_id = "getBoleto")]
    async fn get(
        &self,
        #[oai(scope = "BOLETOS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<BoletoDetailView>> {
        Ok(Json(self.boletos.detail(&id.0).await?.into()))
    }

    /// The boleto as a PDF (recibo do pagador and ficha de compensação with the ITF barcode).
    #[oai(path = "/:id/pdf", method = "get", operation_id = "getBoletoPdf")]
    async fn pdf(
        &self,
        #[oai(scope = "BOLETOS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Download<Pdf>> {
        let boleto = self.boletos.get(&id.0).await?;
        let bytes = self.boletos.pdf(&id.0).await?;
        let name = format!(
            "boleto-{}.pdf",
            boleto
                .nosso_numero_formatted
                .replace(|c: char| !c.is_ascii_alphanumeric(), "-")
        );
        Ok(pdf_response(bytes, &name))
    }

    /// Asks the bank, through the next remessa, for a baixa, a new due date, an abatimento, a protesto or its
    /// sustação. Only on REGISTRADO boletos (422 otherwise); BAIXA moves the boleto to BAIXA_SOLICITADA.
    #[oai(
        path = "/:id/instructions",
        method = "post",
        operation_id = "requestBoletoInstruction"
    )]
    async fn instruct(
        &self,
        #[oai(scope = "BOLETOS_ISSUE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<InstructionRequest>,
    ) -> ApiResult<Json<BoletoDetailView>> {
        let b = body.0;
        let reason = text(b.reason);
        let detail = self
            .boletos
            .instruct(
                &id.0,
                b.kind.into_option().map(Into::into),
                b.new_due_date.into_option().map(|d| d.0),
                b.amount_cents.into_option(),
                reason.as_deref(),
                &auth.0,
            )
            .await?;
        Ok(Json(detail.into()))
    }
}
