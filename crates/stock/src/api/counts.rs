//! `/api/v1/stock/counts…`: inventory counts. STOCK_KEEPER counts (sheets, lines, entries); STOCK_MANAGER and
//! ADMIN also create, start, close, approve, reject, post and cancel (§7).

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::count_dto::*;
use super::StockTag;
use crate::permissions::{STOCK_COUNT, STOCK_COUNT_MANAGE};
use crate::service::{CountDraft, Counts, SyncBatch, SyncEntry};
use crate::store::counts::LineFilter;

pub struct CountsApi {
    counts: Arc<Counts>,
}

impl CountsApi {
    pub fn new(counts: Arc<Counts>) -> CountsApi {
        CountsApi { counts }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<CountView>),
}

#[OpenApi(prefix_path = "/api/v1/stock", tag = "StockTag::Stock")]
impl CountsApi {
    /// Counts, newest first, with their progress.
    #[oai(path = "/counts", method = "get", operation_id = "listStockCounts")]
    async fn list(
        &self,
        #[oai(scope = "STOCK_COUNT")] _auth: BearerAuth,
        status: Query<Option<CountStatus>>,
        #[oai(validator(max_length = 100))] location_id: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "100000")))] page: Query<Option<u32>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<CountPage>> {
        let (rows, total) = self
            .counts
            .list(
                status.0.map(CountStatus::domain),
                location_id.0.as_deref(),
                i64::from(page.0.unwrap_or(1)),
                i64::from(page_size.0.unwrap_or(20)),
            )
            .await?;
        Ok(Json(CountPage {
            items: rows.into_iter().map(CountView::listed).collect(),
            total,
        }))
    }

    /// "Novo inventário": a draft with its location and scope.
    #[oai(path = "/counts", method = "post", operation_id = "createStockCount")]
    async fn create(
        &self,
        #[oai(scope = "STOCK_COUNT_MANAGE")] auth: BearerAuth,
        body: Json<CountRequest>,
    ) -> ApiResult<Created> {
        let r = body.0;
        let ids = |v: Option<Vec<platform::api::Text>>| {
            v.unwrap_or_default()
                .into_iter()
                .map(|t| t.0.trim().to_string())
                .collect::<Vec<_>>()
        };
        let draft = CountDraft {
            location_id: r.location_id.0,
            blind: r.blind.into_option().unwrap_or(true),
            category_ids: ids(r.category_ids.into_option()),
            material_ids: ids(r.material_ids.into_option()),
            note: r.note.into_option().map(String::from),
        };
        let d = self.counts.create(draft, &auth.0).await?;
        Ok(Created::Created(Json(CountView::detail(d))))
    }

    /// One count with its scope and counters.
    #[oai(path = "/counts/:id", method = "get", operation_id = "getStockCount")]
    async fn get(
        &self,
        #[oai(scope = "STOCK_COUNT")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CountView>> {
        Ok(Json(CountView::detail(
            self.counts.detail(&id.0, &auth.0).await?,
        )))
    }

    /// "Iniciar": the snapshot of expected quantities at this instant and the sheets.
    #[oai(
        path = "/counts/:id/start",
        method = "post",
        operation_id = "startStockCount"
    )]
    async fn start(
        &self,
        #[oai(scope = "STOCK_COUNT_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CountView>> {
        Ok(Json(CountView::detail(
            self.counts.start(&id.0, &auth.0).await?,
        )))
    }

    /// The sheets (≤ 500 lines each) and their progress.
    #[oai(
        path = "/counts/:id/sheets",
        method = "get",
        operation_id = "listStockCountSheets"
    )]
    async fn sheets(
        &self,
        #[oai(scope = "STOCK_COUNT")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<SheetView>>> {
        let rows = self.counts.sheets(&id.0).await?;
        Ok(Json(rows.into_iter().map(SheetView::from).collect()))
    }

    /// Lines by keyset pages (pass `next_after` as `after`), by sheet, state or search (SKU, name, GTIN, lot).
    /// Counters of a blind count get no expected quantities nor differences.
    #[oai(
        path = "/counts/:id/lines",
        method = "get",
        operation_id = "listStockCountLines"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn lines(
        &self,
        #[oai(scope = "STOCK_COUNT")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] sheet: Query<
            Option<i64>,
        >,
        status: Query<Option<LineStatus>>,
        #[oai(validator(max_length = 100))] search: Query<Option<String>>,
        #[oai(validator(minimum(value = "0"), maximum(value = "100000000")))] after: Query<
            Option<i64>,
        >,
        /// Only lines with a difference (ignored for counters of a blind count).
        with_difference: Query<Option<bool>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "500")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<LinePage>> {
        let mut filter = LineFilter {
            sheet_no: sheet.0,
            status: status.0.map(|s| s.as_str().to_string()),
            search: search.0,
            after: after.0,
            with_difference: with_difference.0.unwrap_or(false),
        };
        if !self.counts.sees_expected(&id.0, &auth.0).await? {
            filter.with_difference = false;
            if filter.status.as_deref() == Some("OK") {
                filter.status = None;
            }
        }
        let limit = i64::from(page_size.0.unwrap_or(200));
        let (rows, has_more, sees) = self.counts.lines(&id.0, &filter, limit, &auth.0).await?;
        let items: Vec<LineView> = rows.into_iter().map(|r| LineView::of(r, sees)).collect();
        let next_after = has_more.then(|| items.last().map(|l| l.line_id)).flatten();
        Ok(Json(LinePage {
            items,
            has_more,
            next_after,
        }))
    }

    /// Sync: a batch of ≤ 500 entries from one device (413 above). Repeats are acknowledged and ignored;
    /// entries that cannot apply are refused one by one with the reason.
    #[oai(
        path = "/counts/:id/entries",
        method = "post",
        operation_id = "syncStockCountEntries"
    )]
    async fn entries(
        &self,
        #[oai(scope = "STOCK_COUNT")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<EntriesRequest>,
    ) -> ApiResult<Json<SyncView>> {
        let r = body.0;
        let batch = SyncBatch {
            device_id: r.device_id.0,
            device_clock: r.device_clock.into_option(),
            entries: r
                .entries
                .into_iter()
                .map(|e| SyncEntry {
                    entry_id: e.entry_id.0,
                    line_id: e.line_id.into_option(),
                    material_id: e.material_id.into_option().map(String::from),
                    lot_code: e.lot_code.into_option().map(String::from),
                    qty_milli: e.qty_milli,
                    mode: e.mode.into(),
                    counted_at: e.counted_at,
                })
                .collect(),
        };
        let result = self.counts.sync(&id.0, batch, &auth.0).await?;
        let sees = self.counts.sees_expected(&id.0, &auth.0).await?;
        Ok(Json(SyncView::of(result, sees)))
    }

    /// "Encerrar contagem": conflicts and flagged lines go to recount, otherwise it awaits approval.
    #[oai(
        path = "/counts/:id/close",
        method = "post",
        operation_id = "closeStockCount"
    )]
    async fn close(
        &self,
        #[oai(scope = "STOCK_COUNT_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CountView>> {
        Ok(Json(CountView::detail(
            self.counts.close(&id.0, &auth.0).await?,
        )))
    }

    /// "Aprovar": by someone who counted nothing in it (403 otherwise).
    #[oai(
        path = "/counts/:id/approve",
        method = "post",
        operation_id = "approveStockCount"
    )]
    async fn approve(
        &self,
        #[oai(scope = "STOCK_COUNT_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CountView>> {
        Ok(Json(CountView::detail(
            self.counts.approve(&id.0, &auth.0).await?,
        )))
    }

    /// "Reprovar" (awaiting approval) or "Solicitar recontagem" (while counting), with a reason.
    #[oai(
        path = "/counts/:id/recount",
        method = "post",
        operation_id = "recountStockCount"
    )]
    async fn recount(
        &self,
        #[oai(scope = "STOCK_COUNT_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<RecountRequest>,
    ) -> ApiResult<Json<CountView>> {
        let r = body.0;
        let seqs = r.line_ids.into_option().unwrap_or_default();
        Ok(Json(CountView::detail(
            self.counts
                .recount(&id.0, Some(&r.reason.0), &seqs, &auth.0)
                .await?,
        )))
    }

    /// "Lançar ajustes": posts the next chunk of up to 1,000 lines; call until the state is LANCADO. Resumes
    /// at the stored cursor after a crash; no line is ever posted twice.
    #[oai(
        path = "/counts/:id/post",
        method = "post",
        operation_id = "postStockCount"
    )]
    async fn post(
        &self,
        #[oai(scope = "STOCK_COUNT_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CountView>> {
        Ok(Json(CountView::detail(
            self.counts.post_next(&id.0, &auth.0).await?,
        )))
    }

    /// "Cancelar" before approval, with a reason.
    #[oai(
        path = "/counts/:id/cancel",
        method = "post",
        operation_id = "cancelStockCount"
    )]
    async fn cancel(
        &self,
        #[oai(scope = "STOCK_COUNT_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<CancelRequest>,
    ) -> ApiResult<Json<CountView>> {
        Ok(Json(CountView::detail(
            self.counts
                .cancel(&id.0, Some(&body.0.reason.0), &auth.0)
                .await?,
        )))
    }
}
