//! `/api/v1/stock/boms…` (procedure bills of materials: read by stock, purchasing and the finance manager;
//! written and published by STOCK_MANAGER and ADMIN) and `/api/v1/stock/procedure-consumptions` (STOCK_MANAGER,
//! ADMIN, and clinic staff for their own clinics) — §3, §5(d), §7.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::bom_dto::*;
use super::StockTag;
use crate::permissions::{STOCK_BOMS_READ, STOCK_BOMS_WRITE, STOCK_PROCEDURE_CONSUME};
use crate::service::{BomDraft, Boms, ProcedureConsumption};

pub struct BomsApi {
    boms: Arc<Boms>,
}

impl BomsApi {
    pub fn new(boms: Arc<Boms>) -> BomsApi {
        BomsApi { boms }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<BomView>),
}

#[derive(ApiResponse)]
enum Consumed {
    /// Posted now (or nothing to post: no published version).
    #[oai(status = 201)]
    Created(Json<ConsumptionView>),
    /// A repeat of an earlier call for the same appointment and revision: its result.
    #[oai(status = 200)]
    Repeated(Json<ConsumptionView>),
}

#[OpenApi(prefix_path = "/api/v1/stock", tag = "StockTag::Stock")]
impl BomsApi {
    /// Procedures with their BOM (global and per clinic override), the version in force now and its material
    /// cost at the current average.
    #[oai(path = "/boms", method = "get", operation_id = "listStockBoms")]
    async fn list(
        &self,
        #[oai(scope = "STOCK_BOMS_READ")] _auth: BearerAuth,
        /// Code or name of the procedure.
        #[oai(validator(max_length = 100))]
        search: Query<Option<String>>,
        /// Only this clinic's overrides; `global` for the global BOMs only.
        #[oai(validator(max_length = 100))]
        clinic_location_id: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<BomSummaryView>>> {
        let clinic = clinic_location_id
            .0
            .map(|c| if c == "global" { String::new() } else { c });
        let rows = self
            .boms
            .list(search.0.as_deref(), clinic.as_deref())
            .await?;
        let now = self.boms.now();
        Ok(Json(
            rows.into_iter()
                .map(|s| BomSummaryView::of(s, now))
                .collect(),
        ))
    }

    /// "Nova base de cálculo" or "Criar exceção para clínica": the BOM and its first draft (version 1).
    #[oai(path = "/boms", method = "post", operation_id = "createStockBom")]
    async fn create(
        &self,
        #[oai(scope = "STOCK_BOMS_WRITE")] auth: BearerAuth,
        body: Json<BomRequest>,
    ) -> ApiResult<Created> {
        let r = body.0;
        let draft = BomDraft {
            procedure_code: r.procedure_code.0,
            procedure_name: r.procedure_name.into_option().map(String::from),
            clinic_location_id: r.clinic_location_id.into_option().map(String::from),
            lines: r
                .lines
                .into_option()
                .map(|l| l.into_iter().map(Into::into).collect()),
        };
        let d = self.boms.create(draft, &auth.0).await?;
        Ok(Created::Created(Json(BomView::of(d, self.boms.now()))))
    }

    /// "Procedimento sem base de cálculo": procedures consumed at a clinic while no version was published (and
    /// still none is in force there).
    #[oai(
        path = "/procedures-without-bom",
        method = "get",
        operation_id = "listStockProceduresWithoutBom"
    )]
    async fn without_bom(
        &self,
        #[oai(scope = "STOCK_BOMS_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<Vec<WithoutBomView>>> {
        let rows = self.boms.without_bom().await?;
        Ok(Json(rows.into_iter().map(Into::into).collect()))
    }

    /// A BOM with every version (newest first), lines, material cost and history.
    #[oai(path = "/boms/:id", method = "get", operation_id = "getStockBom")]
    async fn get(
        &self,
        #[oai(scope = "STOCK_BOMS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<BomView>> {
        let d = self.boms.detail(&id.0).await?;
        Ok(Json(BomView::of(d, self.boms.now())))
    }

    /// "Nova versão": a draft copying the latest version (409 while a draft exists).
    #[oai(
        path = "/boms/:id/versions",
        method = "post",
        operation_id = "createStockBomVersion"
    )]
    async fn new_version(
        &self,
        #[oai(scope = "STOCK_BOMS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Created> {
        let d = self.boms.new_version(&id.0, &auth.0).await?;
        Ok(Created::Created(Json(BomView::of(d, self.boms.now()))))
    }

    /// Edits a draft (note and lines, replaced). A published version never changes (409).
    #[oai(
        path = "/boms/:id/versions/:number",
        method = "put",
        operation_id = "updateStockBomDraft"
    )]
    async fn update(
        &self,
        #[oai(scope = "STOCK_BOMS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] number: Path<i64>,
        body: Json<BomDraftRequest>,
    ) -> ApiResult<Json<BomView>> {
        let r = body.0;
        let d = self
            .boms
            .update_draft(
                &id.0,
                number.0,
                r.version,
                r.note.into_option().map(String::from),
                r.lines.into_iter().map(Into::into).collect(),
                &auth.0,
            )
            .await?;
        Ok(Json(BomView::of(d, self.boms.now())))
    }

    /// "Publicar": now or at a future date (no backdating, not when empty).
    #[oai(
        path = "/boms/:id/versions/:number/publish",
        method = "post",
        operation_id = "publishStockBomVersion"
    )]
    async fn publish(
        &self,
        #[oai(scope = "STOCK_BOMS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] number: Path<i64>,
        body: Json<BomPublishRequest>,
    ) -> ApiResult<Json<BomView>> {
        let r = body.0;
        let d = self
            .boms
            .publish(
                &id.0,
                number.0,
                r.version,
                r.effective_from.into_option(),
                &auth.0,
            )
            .await?;
        Ok(Json(BomView::of(d, self.boms.now())))
    }

    /// "Importar CSV": the draft's lines from a file, all or nothing (a 422 names every problem by spreadsheet
    /// line and column); creates the next draft when there is none.
    #[oai(
        path = "/boms/:id/import",
        method = "post",
        operation_id = "importStockBomDraft"
    )]
    async fn import(
        &self,
        #[oai(scope = "STOCK_BOMS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<BomImportRequest>,
    ) -> ApiResult<Json<BomView>> {
        let r = body.0;
        let d = self
            .boms
            .import(&id.0, &r.csv.0, r.version.into_option(), &auth.0)
            .await?;
        Ok(Json(BomView::of(d, self.boms.now())))
    }

    /// The side-by-side diff of two versions, by material.
    #[oai(
        path = "/boms/:id/diff",
        method = "get",
        operation_id = "diffStockBomVersions"
    )]
    async fn diff(
        &self,
        #[oai(scope = "STOCK_BOMS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        /// The older version's number.
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))]
        de: Query<i64>,
        /// The newer version's number.
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))]
        para: Query<i64>,
    ) -> ApiResult<Json<BomDiffView>> {
        let lines = self.boms.diff(&id.0, de.0, para.0).await?;
        Ok(Json(BomDiffView {
            left_number: de.0,
            right_number: para.0,
            lines: lines.into_iter().map(Into::into).collect(),
        }))
    }

    /// A finished procedure consumes its BOM at the clinic (§5(d)): FEFO over unexpired lots, short stock
    /// posted without a lot (the balance goes negative; never blocks), the material cost posted in the answer.
    /// Idempotent per (appointment, revision): a repeat answers 200 with the first result. Without a published
    /// version nothing is posted and the procedure is listed as "Procedimento sem base de cálculo".
    #[oai(
        path = "/procedure-consumptions",
        method = "post",
        operation_id = "consumeStockProcedure"
    )]
    async fn consume(
        &self,
        #[oai(scope = "STOCK_PROCEDURE_CONSUME")] auth: BearerAuth,
        body: Json<ConsumptionRequest>,
    ) -> ApiResult<Consumed> {
        let r = body.0;
        let c = ProcedureConsumption {
            appointment_id: r.appointment_id.0,
            revision: r.revision.into_option().unwrap_or(1),
            procedure_code: r.procedure_code.0,
            location_id: r.location_id.0.trim().to_string(),
            occurred_at: r.occurred_at,
            quantity: r.quantity.into_option().unwrap_or(1),
            optional_material_ids: r
                .optional_material_ids
                .into_option()
                .unwrap_or_default()
                .into_iter()
                .map(|t| t.0.trim().to_string())
                .collect(),
            changes: r
                .changes
                .into_option()
                .unwrap_or_default()
                .into_iter()
                .map(Into::into)
                .collect(),
        };
        let result = self.boms.consume_for_procedure(c, &auth.0).await?;
        Ok(if result.repeated {
            Consumed::Repeated(Json(result.into()))
        } else {
            Consumed::Created(Json(result.into()))
        })
    }

    /// The appointment was reopened or cancelled: reverses the consumption (the latest revision unless one is
    /// named) through the ledger, each row at most once, in one transaction. A repeat answers 200 with the same
    /// result; finishing again posts revision + 1. Clinic staff reach only their own clinics (404 otherwise).
    #[oai(
        path = "/procedure-consumptions/:appointment_id/reversal",
        method = "post",
        operation_id = "reverseStockProcedureConsumption"
    )]
    async fn reverse(
        &self,
        #[oai(scope = "STOCK_PROCEDURE_CONSUME")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] appointment_id: Path<String>,
        body: Json<ConsumptionReversalRequest>,
    ) -> ApiResult<Consumed> {
        let r = body.0;
        let result = self
            .boms
            .reverse_consumption(
                &appointment_id.0,
                r.revision.into_option(),
                r.reason.into_option().as_deref(),
                &auth.0,
            )
            .await?;
        Ok(if result.repeated {
            Consumed::Repeated(Json(result.into()))
        } else {
            Consumed::Created(Json(result.into()))
        })
    }

    /// "Simular custo": what a number of procedures would consume under a version (optional lines when ticked,
    /// changes applied) and its material cost at the current averages. Posts nothing.
    #[oai(
        path = "/boms/:id/versions/:number/simulation",
        method = "post",
        operation_id = "simulateStockBomCost"
    )]
    async fn simulate(
        &self,
        #[oai(scope = "STOCK_BOMS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] number: Path<i64>,
        body: Json<SimulationRequest>,
    ) -> ApiResult<Json<SimulationView>> {
        let r = body.0;
        let ticked: Vec<String> = r
            .optional_material_ids
            .into_option()
            .unwrap_or_default()
            .into_iter()
            .map(|t| t.0.trim().to_string())
            .collect();
        let changes: Vec<_> = r
            .changes
            .into_option()
            .unwrap_or_default()
            .into_iter()
            .map(Into::into)
            .collect();
        let s = self
            .boms
            .simulate(&id.0, number.0, r.quantity, &ticked, &changes)
            .await?;
        Ok(Json(s.into()))
    }
}
