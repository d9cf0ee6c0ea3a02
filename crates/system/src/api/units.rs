//! The company's units (clinics and the head office): everyone signed in reads them (every form that picks a
//! unit), administrators keep them.

use chrono::{DateTime, Utc};
use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, Omittable, Text};
use platform::units::{self, Unit, UnitDraft};
use platform::Platform;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::SystemTag;
use crate::permissions::UNITS_MANAGE;

pub struct UnitsApi {
    platform: Platform,
}

impl UnitsApi {
    pub fn new(platform: Platform) -> UnitsApi {
        UnitsApi { platform }
    }
}

/// A unit of the company.
#[derive(Object)]
#[oai(rename = "Unit", skip_serializing_if_is_none)]
pub struct UnitView {
    pub id: String,
    pub code: String,
    pub name: String,
    pub city: Option<String>,
    pub state: Option<String>,
    pub active: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Unit> for UnitView {
    fn from(u: Unit) -> UnitView {
        UnitView {
            id: u.id,
            code: u.code,
            name: u.name,
            city: u.city,
            state: u.state,
            active: u.active,
            version: u.version,
            created_at: u.created_at,
            updated_at: u.updated_at,
        }
    }
}

/// A unit as typed (create, or replace every field).
#[derive(Object)]
#[oai(example)]
pub struct UnitRequest {
    #[oai(validator(max_length = 100))]
    pub code: Text,
    #[oai(validator(max_length = 1000))]
    pub name: Text,
    #[oai(validator(max_length = 1000))]
    pub city: Omittable<Text>,
    #[oai(validator(max_length = 10))]
    pub state: Omittable<Text>,
    /// Default true.
    pub active: Omittable<bool>,
}

impl Example for UnitRequest {
    fn example() -> Self {
        UnitRequest {
            code: Text("CLI-03".into()),
            name: Text("Clínica Moema".into()),
            city: Omittable(Some(Text("São Paulo".into()))),
            state: Omittable(Some(Text("SP".into()))),
            active: Omittable(Some(true)),
        }
    }
}

impl From<UnitRequest> for UnitDraft {
    fn from(r: UnitRequest) -> UnitDraft {
        UnitDraft {
            code: r.code.0,
            name: r.name.0,
            city: r.city.0.map(|t| t.0),
            state: r.state.0.map(|t| t.0),
            active: r.active.0.unwrap_or(true),
        }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<UnitView>),
}

#[OpenApi(prefix_path = "/api/v1/system/units", tag = "SystemTag::System")]
impl UnitsApi {
    /// Every unit, active first, by name.
    #[oai(path = "/", method = "get", operation_id = "listUnits")]
    async fn list(
        &self,
        #[oai(scope = "SIGNED_IN")] _auth: BearerAuth,
    ) -> ApiResult<Json<Vec<UnitView>>> {
        let all = units::list(&self.platform.db).await?;
        Ok(Json(all.into_iter().map(UnitView::from).collect()))
    }

    /// Creates a unit; a code in use is 422 naming `code`.
    #[oai(path = "/", method = "post", operation_id = "createUnit")]
    async fn create(
        &self,
        #[oai(scope = "UNITS_MANAGE")] auth: BearerAuth,
        body: Json<UnitRequest>,
    ) -> ApiResult<Created> {
        let now = self.platform.clock.now();
        let unit = units::create(&self.platform.db, body.0.into(), &auth.0.uid, now).await?;
        Ok(Created::Created(Json(unit.into())))
    }

    /// Replaces a unit's fields (inactivate it with `active: false`; units are never deleted).
    #[oai(path = "/:id", method = "put", operation_id = "updateUnit")]
    async fn update(
        &self,
        #[oai(scope = "UNITS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<UnitRequest>,
    ) -> ApiResult<Json<UnitView>> {
        let now = self.platform.clock.now();
        let unit = units::update(&self.platform.db, &id.0, body.0.into(), &auth.0.uid, now).await?;
        Ok(Json(unit.into()))
    }
}
