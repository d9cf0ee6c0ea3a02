//! The ledger: list (with a running balance), one row, manual movements, adjustments, reversals, balances.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth, Date};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::dto::*;
use super::overview_dto::OverviewView;
use super::StockTag;
use crate::domain::{ledger, NewMovement};
use crate::permissions::{STOCK_ADJUST, STOCK_LEDGER_READ, STOCK_MOVEMENTS_POST};
use crate::service::{Ledger, PostedMovement};
use crate::store::ledger::MovementFilter;

pub struct LedgerApi {
    ledger: Arc<Ledger>,
}

impl LedgerApi {
    pub fn new(ledger: Arc<Ledger>) -> LedgerApi {
        LedgerApi { ledger }
    }
}

#[derive(ApiResponse)]
enum Posted {
    /// Posted now: its rows (one per lot picked).
    #[oai(status = 201)]
    Created(Json<Vec<MovementView>>),
    /// The same idempotency key was posted before: its rows.
    #[oai(status = 200)]
    Repeated(Json<Vec<MovementView>>),
}

impl From<PostedMovement> for Posted {
    fn from(p: PostedMovement) -> Posted {
        let rows = p.rows.into_iter().map(MovementView::of).collect();
        if p.repeated {
            Posted::Repeated(Json(rows))
        } else {
            Posted::Created(Json(rows))
        }
    }
}

#[derive(ApiResponse)]
enum Reversed {
    #[oai(status = 201)]
    Created(Json<MovementView>),
}

#[OpenApi(prefix_path = "/api/v1/stock", tag = "StockTag::Stock")]
impl LedgerApi {
    /// The ledger, newest first (keyset: pass `next_before` as `before`). With `material_id` and `location_id`,
    /// each row carries the balance there after it. A clinic's staff see their clinics' rows only.
    #[oai(
        path = "/movements",
        method = "get",
        operation_id = "listStockMovements"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        #[oai(scope = "STOCK_LEDGER_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] material_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] location_id: Query<Option<String>>,
        kind: Query<Option<MovementKind>>,
        #[oai(validator(max_length = 100))] lot_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] document_id: Query<Option<String>>,
        /// First day (AAAA-MM-DD), inclusive.
        from: Query<Option<Date>>,
        /// Last day (AAAA-MM-DD), inclusive.
        to: Query<Option<Date>>,
        #[oai(validator(max_length = 100))] before: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<MovementPage>> {
        let filter = MovementFilter {
            material_id: material_id.0,
            location_id: location_id.0,
            kind: kind
                .0
                .map(|k| ledger::MovementKind::from(k).as_str().to_string()),
            lot_id: lot_id.0,
            document_id: document_id.0,
            from: from.0.map(|d| platform::clock::start_of_day(d.0)),
            until: to
                .0
                .and_then(|d| d.0.succ_opt())
                .map(platform::clock::start_of_day),
            before: before.0,
            ..Default::default()
        };
        let limit = i64::from(page_size.0.unwrap_or(50));
        let page = self.ledger.list(filter, limit, &auth.0).await?;
        let items: Vec<MovementView> = page
            .rows
            .into_iter()
            .map(|(r, after)| MovementView::listed(r, after))
            .collect();
        let next_before = page
            .has_more
            .then(|| items.last().map(|m| m.id.clone()))
            .flatten();
        Ok(Json(MovementPage {
            items,
            has_more: page.has_more,
            next_before,
            balance_milli: page.balance_milli,
        }))
    }

    /// One ledger row (404 outside a clinic user's clinics).
    #[oai(
        path = "/movements/:id",
        method = "get",
        operation_id = "getStockMovement"
    )]
    async fn get(
        &self,
        #[oai(scope = "STOCK_LEDGER_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<MovementView>> {
        let row = self.ledger.movement(&id.0, &auth.0).await?;
        Ok(Json(MovementView::listed(row, None)))
    }

    /// Posts an entrada avulsa or a loss (perda por vencimento, avaria) with its reason.
    #[oai(
        path = "/movements",
        method = "post",
        operation_id = "postStockMovement"
    )]
    async fn post(
        &self,
        #[oai(scope = "STOCK_MOVEMENTS_POST")] auth: BearerAuth,
        body: Json<MovementRequest>,
    ) -> ApiResult<Posted> {
        let r = body.0;
        let m = NewMovement {
            kind: r.kind.into(),
            material_id: r.material_id.0,
            location_id: r.location_id.0,
            qty_milli: r.qty_milli,
            lot_code: r.lot_code.into_option().map(String::from),
            expiry_date: r.expiry_date.into_option().map(|d| d.0),
            unit_cost_micro: r.unit_cost_micro.into_option(),
            reason: Some(r.reason.0),
            idempotency_key: r.idempotency_key.into_option().map(String::from),
        };
        Ok(self.ledger.post(m, &auth.0).await?.into())
    }

    /// Posts a manual adjustment (ajuste avulso) with its reason: positive in, negative out.
    #[oai(
        path = "/adjustments",
        method = "post",
        operation_id = "postStockAdjustment"
    )]
    async fn adjust(
        &self,
        #[oai(scope = "STOCK_ADJUST")] auth: BearerAuth,
        body: Json<AdjustmentRequest>,
    ) -> ApiResult<Posted> {
        let r = body.0;
        let m = NewMovement {
            kind: ledger::MovementKind::ManualAdjustment,
            material_id: r.material_id.0,
            location_id: r.location_id.0,
            qty_milli: r.qty_milli,
            lot_code: r.lot_code.into_option().map(String::from),
            expiry_date: r.expiry_date.into_option().map(|d| d.0),
            unit_cost_micro: None,
            reason: Some(r.reason.0),
            idempotency_key: r.idempotency_key.into_option().map(String::from),
        };
        Ok(self.ledger.post(m, &auth.0).await?.into())
    }

    /// Reverses a row (estorno) with its reason; a row is reversed at most once (409).
    #[oai(
        path = "/movements/:id/reverse",
        method = "post",
        operation_id = "reverseStockMovement"
    )]
    async fn reverse(
        &self,
        #[oai(scope = "STOCK_ADJUST")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ReversalRequest>,
    ) -> ApiResult<Reversed> {
        let row = self
            .ledger
            .reverse(&id.0, Some(&body.0.reason), &auth.0)
            .await?;
        Ok(Reversed::Created(Json(MovementView::of(row))))
    }

    /// The stock overview (`/estoque/visao-geral`) of one central or clinic location, or of every one the caller
    /// reaches (a clinic's staff: their clinics; another location is 404). Read from the balance and consumption
    /// projections, policies, lots, dispatches and counts — never a ledger scan.
    #[oai(path = "/overview", method = "get", operation_id = "getStockOverview")]
    async fn overview(
        &self,
        #[oai(scope = "STOCK_LEDGER_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] location_id: Query<Option<String>>,
    ) -> ApiResult<Json<OverviewView>> {
        let location = location_id.0.filter(|l| !l.is_empty());
        let o = self.ledger.overview(location.as_deref(), &auth.0).await?;
        Ok(Json(o.into()))
    }

    /// Balances of physical locations (a clinic's staff: their clinics), by material, location and lot.
    #[oai(path = "/balances", method = "get", operation_id = "listStockBalances")]
    async fn balances(
        &self,
        #[oai(scope = "STOCK_LEDGER_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] material_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] location_id: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<BalanceView>>> {
        let rows = self
            .ledger
            .balances(material_id.0.as_deref(), location_id.0.as_deref(), &auth.0)
            .await?;
        Ok(Json(rows.into_iter().map(BalanceView::from).collect()))
    }
}
