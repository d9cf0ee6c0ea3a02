//! `/api/v1/finance/remittances` (the `/remessa` and `/remessas` pages): the items pending per convênio, a draft
//! remessa de cobrança, "Gerar arquivo", the download, "Marcar como enviada", "Reabrir", "Descartar", a remessa's
//! detail and the list. Every operation needs `remessa_cobranca` (the permission the `/remessa` route checks).

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::access::REMESSA_COBRANCA;
use platform::api::download::ContentTypes;
use platform::api::{ApiResult, BearerAuth, Download, Exported, PageRequest};
use platform::export::{self, Cell, Export};
use poem::{IntoResponse, Response};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::FinanceTag;
use crate::domain::remittance::{
    PendingItem, Remittance, RemittanceFilter, RemittanceItem, RemittanceStatus,
};
use crate::service::{RemittanceDetail, Remittances};

pub struct RemittancesApi {
    remittances: Arc<Remittances>,
}

impl RemittancesApi {
    pub fn new(remittances: Arc<Remittances>) -> RemittancesApi {
        RemittancesApi { remittances }
    }
}

/// An item waiting for a remessa.
#[derive(Object)]
#[oai(rename = "RemittancePendingItem", skip_serializing_if_is_none)]
pub struct PendingItemView {
    pub boleto_id: String,
    pub instruction_id: Option<String>,
    /// ENTRADA, PEDIDO_BAIXA, ALTERACAO_VENCIMENTO, ABATIMENTO, PROTESTO or SUSTAR_PROTESTO.
    pub instruction: String,
    pub nosso_numero: i64,
    pub nosso_numero_formatted: String,
    pub payer_name: String,
    pub due_date: NaiveDate,
    pub amount_cents: i64,
}

impl From<&PendingItem> for PendingItemView {
    fn from(p: &PendingItem) -> Self {
        PendingItemView {
            boleto_id: p.boleto_id.clone(),
            instruction_id: p.instruction_id.clone(),
            instruction: p.instruction.as_str().into(),
            nosso_numero: p.nosso_numero,
            nosso_numero_formatted: p.nosso_numero_formatted.clone(),
            payer_name: p.payer_name.clone(),
            due_date: p.due_date,
            amount_cents: p.amount_cents,
        }
    }
}

#[derive(Object)]
#[oai(rename = "RemittancePending", skip_serializing_if_is_none)]
pub struct PendingView {
    pub items: Vec<PendingItemView>,
    pub count: i64,
    pub total_cents: i64,
}

/// A remessa as the list shows it.
#[derive(Object)]
#[oai(rename = "Remittance", skip_serializing_if_is_none)]
pub struct RemittanceView {
    pub id: String,
    /// RM-2026-000012.
    pub number: String,
    /// COBRANCA (PAGAMENTO later).
    pub kind: String,
    pub bank_account_id: String,
    pub agreement_id: String,
    /// CNAB240 or CNAB400.
    pub layout: String,
    /// The file's sequence (NSA), once generated.
    pub sequence: Option<i64>,
    pub file_name: Option<String>,
    /// RASCUNHO, GERADA, ENVIADA, PROCESSADA, REJEITADA or CANCELADA.
    pub status: String,
    pub item_count: i64,
    pub total_cents: i64,
    pub rejected_count: i64,
    pub sha256: Option<String>,
    pub generated_at: Option<DateTime<Utc>>,
    pub generated_by: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub sent_by: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

impl From<&Remittance> for RemittanceView {
    fn from(r: &Remittance) -> Self {
        RemittanceView {
            id: r.id.clone(),
            number: r.number.clone(),
            kind: r.kind.clone(),
            bank_account_id: r.bank_account_id.clone(),
            agreement_id: r.agreement_id.clone(),
            layout: r.layout.clone(),
            sequence: r.sequence,
            file_name: r.file_name.clone(),
            status: r.status.as_str().into(),
            item_count: r.item_count,
            total_cents: r.total_cents,
            rejected_count: r.rejected_count,
            sha256: r.sha256.clone(),
            generated_at: r.generated_at,
            generated_by: r.generated_by.clone(),
            sent_at: r.sent_at,
            sent_by: r.sent_by.clone(),
            version: r.version,
            created_at: r.created_at,
            created_by: r.created_by.clone(),
        }
    }
}

#[derive(Object)]
#[oai(rename = "RemittanceItem", skip_serializing_if_is_none)]
pub struct ItemView {
    pub id: String,
    pub position: i64,
    pub boleto_id: String,
    pub instruction_id: Option<String>,
    pub instruction: String,
    pub nosso_numero: i64,
    pub amount_cents: i64,
    /// What the retorno said: CONFIRMADO, REJEITADO, LIQUIDADO or BAIXADO.
    pub result: Option<String>,
    pub result_code: Option<String>,
    pub result_text: Option<String>,
}

impl From<&RemittanceItem> for ItemView {
    fn from(i: &RemittanceItem) -> Self {
        ItemView {
            id: i.id.clone(),
            position: i.position,
            boleto_id: i.boleto_id.clone(),
            instruction_id: i.instruction_id.clone(),
            instruction: i.instruction.as_str().into(),
            nosso_numero: i.nosso_numero,
            amount_cents: i.amount_cents,
            result: i.result.clone(),
            result_code: i.result_code.clone(),
            result_text: i.result_text.clone(),
        }
    }
}

#[derive(Object)]
#[oai(rename = "RemittanceItemPage", skip_serializing_if_is_none)]
pub struct ItemPage {
    pub items: Vec<ItemView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

#[derive(Object)]
#[oai(rename = "RemittanceHistoryLine", skip_serializing_if_is_none)]
pub struct HistoryView {
    pub at: DateTime<Utc>,
    pub by_name: String,
    pub action: String,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
}

#[derive(Object)]
#[oai(rename = "RemittanceReturn", skip_serializing_if_is_none)]
pub struct ReturnRef {
    pub id: String,
    pub file_name: String,
    pub imported_at: DateTime<Utc>,
}

#[derive(Object)]
#[oai(rename = "RemittanceDetail", skip_serializing_if_is_none)]
pub struct DetailView {
    pub remittance: RemittanceView,
    pub agreement_name: String,
    /// The first 100 items in file order; `GET …/{id}/items` pages through all of them.
    pub items: Vec<ItemView>,
    /// How many items the remessa has.
    pub item_total: i64,
    /// The preflight's findings (JSON array), the last time the file was generated.
    pub preflight: Option<String>,
    pub returns: Vec<ReturnRef>,
    pub history: Vec<HistoryView>,
}

impl From<RemittanceDetail> for DetailView {
    fn from(d: RemittanceDetail) -> Self {
        DetailView {
            preflight: d.remittance.preflight.clone(),
            remittance: (&d.remittance).into(),
            agreement_name: d.agreement_name,
            items: d.items.iter().map(ItemView::from).collect(),
            item_total: d.item_total,
            returns: d
                .returns
                .into_iter()
                .map(|(id, file_name, imported_at)| ReturnRef {
                    id,
                    file_name,
                    imported_at,
                })
                .collect(),
            history: d
                .history
                .into_iter()
                .map(|h| HistoryView {
                    at: h.at,
                    by_name: h.by_name,
                    action: h.action,
                    from_state: h.from_state,
                    to_state: h.to_state,
                })
                .collect(),
        }
    }
}

#[derive(Object)]
#[oai(rename = "RemittancePage", skip_serializing_if_is_none)]
pub struct PageView {
    pub items: Vec<RemittanceView>,
    pub total: i64,
    pub total_cents: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

/// A draft: the convênio and, optionally, which pending items (all when both are left out).
#[derive(Object)]
#[oai(rename = "RemittanceCreate")]
pub struct CreateRequest {
    #[oai(validator(max_length = 100))]
    pub agreement_id: Option<String>,
    #[oai(validator(max_items = 100000))]
    pub boleto_ids: Option<Vec<String>>,
    #[oai(validator(max_items = 100000))]
    pub instruction_ids: Option<Vec<String>>,
}

#[derive(ApiResponse)]
pub enum Created {
    /// The draft (RASCUNHO).
    #[oai(status = 201)]
    Created(Json<DetailView>),
}

/// A remessa file.
pub struct RemessaFile;

impl ContentTypes for RemessaFile {
    const TYPES: &'static [&'static str] = &["text/plain"];
    const DESCRIPTION: &'static str = "O arquivo de remessa CNAB, com o nome pela regra do banco.";
}

/// The list's filters, as the list and the export take them (blank ids and unknown states are no filter).
fn filter_of(
    agreement_id: Option<String>,
    bank_account_id: Option<String>,
    status: &[String],
) -> RemittanceFilter {
    let blank = |s: Option<String>| s.filter(|s| !s.trim().is_empty());
    RemittanceFilter {
        agreement_id: blank(agreement_id),
        bank_account_id: blank(bank_account_id),
        // Repeated (`status=A&status=B`) or joined by commas, as the export link sends it.
        statuses: status
            .iter()
            .flat_map(|s| s.split(','))
            .filter_map(|s| RemittanceStatus::parse(s.trim()))
            .collect(),
    }
}

fn remittance_export() -> Export<Remittance> {
    let opt_at = |at: Option<DateTime<Utc>>| at.map(Cell::DateTime).unwrap_or(Cell::Empty);
    Export::new("remessas")
        .column("Remessa", |r: &Remittance| Cell::from(r.number.as_str()))
        .column("Sequencial", |r| {
            r.sequence.map(Cell::Integer).unwrap_or(Cell::Empty)
        })
        .column("Tipo", |r| Cell::from(r.kind.as_str()))
        .column("Layout", |r| Cell::from(r.layout.as_str()))
        .column("Arquivo", |r| {
            Cell::Text(r.file_name.clone().unwrap_or_default())
        })
        .column("Gerada", move |r| opt_at(r.generated_at))
        .column("Enviada", move |r| opt_at(r.sent_at))
        .column("Itens", |r| Cell::Integer(r.item_count))
        .column("Valor", |r| Cell::Money(r.total_cents))
        .column("Status", |r| Cell::from(r.status.as_str()))
        .column("Rejeições", |r| Cell::Integer(r.rejected_count))
}

#[OpenApi(
    prefix_path = "/api/v1/finance/remittances",
    tag = "FinanceTag::Finance"
)]
impl RemittancesApi {
    /// The convênio's EMITIDO boletos in no live remessa and its pending instructions, with count and total.
    #[oai(
        path = "/pending",
        method = "get",
        operation_id = "listRemittancePending"
    )]
    async fn pending(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] agreement_id: Query<String>,
    ) -> ApiResult<Json<PendingView>> {
        let p = self.remittances.pending(&agreement_id.0).await?;
        Ok(Json(PendingView {
            items: p.items.iter().map(PendingItemView::from).collect(),
            count: p.count,
            total_cents: p.total_cents,
        }))
    }

    /// Remessas de cobrança, newest first, with the count and total over the filter.
    #[oai(path = "/", method = "get", operation_id = "listRemittances")]
    async fn list(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] agreement_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        /// RASCUNHO, GERADA, ENVIADA, PROCESSADA, REJEITADA or CANCELADA (repeats).
        status: Query<Vec<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<PageView>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = filter_of(agreement_id.0, bank_account_id.0, &status.0);
        let found = self
            .remittances
            .list(filter, paging.limit(), paging.offset())
            .await?;
        Ok(Json(PageView {
            has_more: paging.offset() + (found.items.len() as i64) < found.total,
            items: found.items.iter().map(RemittanceView::from).collect(),
            total: found.total,
            total_cents: found.total_cents,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// Exports every remessa the filters match (the list's filters, newest first), as CSV or XLSX.
    #[oai(path = "/export", method = "get", operation_id = "exportRemittances")]
    async fn export(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] agreement_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        /// RASCUNHO, GERADA, ENVIADA, PROCESSADA, REJEITADA or CANCELADA (repeats).
        status: Query<Vec<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let filter = filter_of(agreement_id.0, bank_account_id.0, &status.0);
        // A company sends a few remessas a day: the whole filter fits in memory.
        let found = self
            .remittances
            .list(filter, i64::from(u32::MAX), 0)
            .await?;
        let rows = futures::stream::iter(found.items.into_iter().map(Ok));
        Ok(Download::new(remittance_export().response(
            format,
            self.remittances.today(),
            rows,
        )))
    }

    /// A draft (RASCUNHO) of the convênio's pending items; an item already in a live remessa is 409.
    #[oai(path = "/", method = "post", operation_id = "createRemittance")]
    async fn create(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        body: Json<CreateRequest>,
    ) -> ApiResult<Created> {
        let b = body.0;
        let d = self
            .remittances
            .create(
                b.agreement_id.as_deref(),
                b.boleto_ids.as_deref(),
                b.instruction_ids.as_deref(),
                &auth.0,
            )
            .await?;
        Ok(Created::Created(Json(d.into())))
    }

    /// A remessa with its items and their results, the preflight, the retornos that answered it and history.
    #[oai(path = "/:id", method = "get", operation_id = "getRemittance")]
    async fn get(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DetailView>> {
        Ok(Json(self.remittances.detail(&id.0).await?.into()))
    }

    /// The remessa's items in file order, a page at a time, with what the retornos said of each.
    #[oai(
        path = "/:id/items",
        method = "get",
        operation_id = "listRemittanceItems"
    )]
    async fn items(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<ItemPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, total) = self
            .remittances
            .items_page(&id.0, paging.limit(), paging.offset())
            .await?;
        Ok(Json(ItemPage {
            has_more: paging.offset() + (items.len() as i64) < total,
            items: items.iter().map(ItemView::from).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// "Gerar arquivo": one transaction (a concurrent generation on the convênio is 409 "Outra remessa deste
    /// convênio está sendo gerada."); preflight findings are 422 naming line, positions, field and expectation.
    #[oai(
        path = "/:id/generate",
        method = "post",
        operation_id = "generateRemittance"
    )]
    async fn generate(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DetailView>> {
        Ok(Json(
            self.remittances.generate(&id.0, &auth.0).await?.into(),
        ))
    }

    /// The generated file, with the bank's file name.
    #[oai(
        path = "/:id/file",
        method = "get",
        operation_id = "downloadRemittanceFile"
    )]
    async fn file(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Download<RemessaFile>> {
        let (name, bytes) = self.remittances.file(&id.0).await?;
        let response: Response = bytes
            .with_content_type("text/plain; charset=windows-1252")
            .with_header(
                "Content-Disposition",
                format!("attachment; filename=\"{name}\""),
            )
            .into_response();
        Ok(Download::new(response))
    }

    /// GERADA → ENVIADA.
    #[oai(
        path = "/:id/mark-sent",
        method = "post",
        operation_id = "markRemittanceSent"
    )]
    async fn mark_sent(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DetailView>> {
        Ok(Json(
            self.remittances.mark_sent(&id.0, &auth.0).await?.into(),
        ))
    }

    /// GERADA → RASCUNHO, only when never sent; it keeps its sequence.
    #[oai(
        path = "/:id/reopen",
        method = "post",
        operation_id = "reopenRemittance"
    )]
    async fn reopen(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DetailView>> {
        Ok(Json(self.remittances.reopen(&id.0, &auth.0).await?.into()))
    }

    /// RASCUNHO (never generated) → CANCELADA; its items are free again.
    #[oai(
        path = "/:id/discard",
        method = "post",
        operation_id = "discardRemittance"
    )]
    async fn discard(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DetailView>> {
        Ok(Json(self.remittances.discard(&id.0, &auth.0).await?.into()))
    }
}
