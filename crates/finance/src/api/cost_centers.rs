//! `/api/v1/finance/cost-centers`: list, create, change (codes unique; nothing is deleted).

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth, Omittable, Text};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{text, FinanceTag};
use crate::domain::{CostCenter, CostCenterDraft};
use crate::permissions::{FINANCE_CHART_READ, FINANCE_CHART_WRITE};
use crate::service::{CostCenterPatch, CostCenters};

pub struct CostCentersApi {
    centers: Arc<CostCenters>,
}

impl CostCentersApi {
    pub fn new(centers: Arc<CostCenters>) -> CostCentersApi {
        CostCentersApi { centers }
    }
}

/// A cost centre.
#[derive(Object)]
#[oai(rename = "CostCenter")]
pub struct CostCenterView {
    pub id: String,
    /// Upper case: `ADM`, `CLI-01`.
    pub code: String,
    pub name: String,
    pub active: bool,
    /// Send it back when changing the centre (a stale one is 409).
    pub version: i64,
}

impl From<CostCenter> for CostCenterView {
    fn from(center: CostCenter) -> CostCenterView {
        CostCenterView {
            id: center.id,
            code: center.fields.code,
            name: center.fields.name,
            active: center.active,
            version: center.version,
        }
    }
}

/// Every cost centre, by code.
#[derive(Object)]
#[oai(rename = "CostCenterList")]
pub struct CostCenterList {
    pub items: Vec<CostCenterView>,
}

/// A new cost centre. The limits here only keep absurd payloads out; the rules are the domain's.
#[derive(Object)]
#[oai(rename = "NewCostCenter", example)]
pub struct NewCostCenterRequest {
    #[oai(validator(max_length = 1000))]
    pub code: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
}

impl Example for NewCostCenterRequest {
    fn example() -> Self {
        NewCostCenterRequest {
            code: Omittable(Some("CLI-02".into())),
            name: Omittable(Some("Clínica Jardins".into())),
        }
    }
}

/// A change to a cost centre, with the version last read.
#[derive(Object)]
#[oai(rename = "CostCenterPatch", example)]
pub struct CostCenterPatchRequest {
    pub version: i64,
    #[oai(validator(max_length = 1000))]
    pub code: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    pub active: Omittable<bool>,
}

impl Example for CostCenterPatchRequest {
    fn example() -> Self {
        CostCenterPatchRequest {
            version: 1,
            code: Omittable(None),
            name: Omittable(Some("Clínica Jardins (SP)".into())),
            active: Omittable(None),
        }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<CostCenterView>),
}

#[OpenApi(
    prefix_path = "/api/v1/finance/cost-centers",
    tag = "FinanceTag::Finance"
)]
impl CostCentersApi {
    /// Every cost centre, by code.
    #[oai(path = "/", method = "get", operation_id = "listCostCenters")]
    async fn list(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<CostCenterList>> {
        let items = self.centers.list().await?;
        Ok(Json(CostCenterList {
            items: items.into_iter().map(CostCenterView::from).collect(),
        }))
    }

    /// Adds a cost centre (a code already taken is 409).
    #[oai(path = "/", method = "post", operation_id = "createCostCenter")]
    async fn create(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        body: Json<NewCostCenterRequest>,
    ) -> ApiResult<Created> {
        let draft = CostCenterDraft {
            code: text(body.0.code),
            name: text(body.0.name),
        };
        Ok(Created::Created(Json(
            self.centers.create(draft, &auth.0).await?.into(),
        )))
    }

    /// Changes a cost centre's code, name or state (cost centres are never deleted).
    #[oai(path = "/:id", method = "patch", operation_id = "updateCostCenter")]
    async fn update(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<CostCenterPatchRequest>,
    ) -> ApiResult<Json<CostCenterView>> {
        let body = body.0;
        let patch = CostCenterPatch {
            code: text(body.code),
            name: text(body.name),
            active: body.active.into_option(),
        };
        Ok(Json(
            self.centers
                .update(&id.0, body.version, patch, &auth.0)
                .await?
                .into(),
        ))
    }
}
