//! Materials, their units, lots and policies; categories; locations; clinic assignments.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth, PageRequest};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::dto::*;
use super::overview_dto::StockSituationView;
use super::StockTag;
use crate::domain::{CategoryDraft, LocationDraft, PolicyDraft, UomDraft};
use crate::permissions::{STOCK_REGISTERS_READ, STOCK_REGISTERS_WRITE, STOCK_USER_LOCATIONS};
use crate::service::Registers;

pub struct RegistersApi {
    registers: Arc<Registers>,
}

impl RegistersApi {
    pub fn new(registers: Arc<Registers>) -> RegistersApi {
        RegistersApi { registers }
    }
}

#[derive(ApiResponse)]
enum MaterialCreated {
    #[oai(status = 201)]
    Created(Json<MaterialView>),
}

#[derive(ApiResponse)]
enum UomCreated {
    #[oai(status = 201)]
    Created(Json<UomView>),
}

#[derive(ApiResponse)]
enum UomRemoved {
    #[oai(status = 204)]
    Removed,
}

#[derive(ApiResponse)]
enum CategoryCreated {
    #[oai(status = 201)]
    Created(Json<CategoryView>),
}

#[derive(ApiResponse)]
enum LocationCreated {
    #[oai(status = 201)]
    Created(Json<LocationView>),
}

#[OpenApi(prefix_path = "/api/v1/stock", tag = "StockTag::Stock")]
impl RegistersApi {
    /// Materials by name; `q` searches SKU, name and GTIN; `situation` keeps those in a stock situation.
    #[oai(
        path = "/materials",
        method = "get",
        operation_id = "listStockMaterials"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn list_materials(
        &self,
        #[oai(scope = "STOCK_REGISTERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        #[oai(validator(max_length = 100))] category_id: Query<Option<String>>,
        active: Query<Option<bool>>,
        /// Only materials in this stock situation (the overview's cards) at `location_id`, or at every central and
        /// clinic location the caller reaches.
        situation: Query<Option<StockSituationView>>,
        /// With `situation`: the location (a clinic user's other locations are 404).
        #[oai(validator(max_length = 100))]
        location_id: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<MaterialPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, has_more) = self
            .registers
            .materials_in(
                q.0.as_deref(),
                category_id.0.as_deref(),
                active.0,
                situation.0.map(Into::into),
                location_id.0.as_deref().filter(|l| !l.is_empty()),
                &auth.0,
                paging.limit(),
                paging.offset(),
            )
            .await?;
        Ok(Json(MaterialPage {
            items: items.into_iter().map(MaterialView::from).collect(),
            page: paging.page,
            page_size: paging.page_size,
            has_more,
        }))
    }

    /// Creates a material; an SKU in use (ignoring case) is 409 on `sku`.
    #[oai(
        path = "/materials",
        method = "post",
        operation_id = "createStockMaterial"
    )]
    async fn create_material(
        &self,
        #[oai(scope = "STOCK_REGISTERS_WRITE")] auth: BearerAuth,
        body: Json<MaterialRequest>,
    ) -> ApiResult<MaterialCreated> {
        let m = self
            .registers
            .create_material(body.0.into(), &auth.0.uid)
            .await?;
        Ok(MaterialCreated::Created(Json(m.into())))
    }

    /// One material.
    #[oai(
        path = "/materials/:id",
        method = "get",
        operation_id = "getStockMaterial"
    )]
    async fn get_material(
        &self,
        #[oai(scope = "STOCK_REGISTERS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<MaterialView>> {
        Ok(Json(self.registers.material(&id.0).await?.into()))
    }

    /// Changes a material (all its fields). Base unit and SKU are fixed after the first movement (422).
    #[oai(
        path = "/materials/:id",
        method = "put",
        operation_id = "updateStockMaterial"
    )]
    async fn update_material(
        &self,
        #[oai(scope = "STOCK_REGISTERS_WRITE")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<MaterialRequest>,
    ) -> ApiResult<Json<MaterialView>> {
        Ok(Json(
            self.registers
                .update_material(&id.0, body.0.into())
                .await?
                .into(),
        ))
    }

    /// A material's unit conversions.
    #[oai(
        path = "/materials/:id/units",
        method = "get",
        operation_id = "listStockMaterialUnits"
    )]
    async fn list_units(
        &self,
        #[oai(scope = "STOCK_REGISTERS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<UomView>>> {
        let uoms = self.registers.uoms(&id.0).await?;
        Ok(Json(uoms.into_iter().map(UomView::from).collect()))
    }

    /// Adds a unit conversion (an exact fraction landing on whole thousandths).
    #[oai(
        path = "/materials/:id/units",
        method = "post",
        operation_id = "addStockMaterialUnit"
    )]
    async fn add_unit(
        &self,
        #[oai(scope = "STOCK_REGISTERS_WRITE")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<UomRequest>,
    ) -> ApiResult<UomCreated> {
        let r = body.0;
        let draft = UomDraft {
            uom: Some(r.uom.0),
            factor_num: Some(r.factor_num),
            factor_den: r.factor_den.into_option(),
            purpose: r.purpose.into_option().map(Into::into),
        };
        Ok(UomCreated::Created(Json(
            self.registers.add_uom(&id.0, draft).await?.into(),
        )))
    }

    /// Removes a unit conversion no BOM line uses (422 on `uom` otherwise).
    #[oai(
        path = "/materials/:id/units/:uom",
        method = "delete",
        operation_id = "removeStockMaterialUnit"
    )]
    async fn remove_unit(
        &self,
        #[oai(scope = "STOCK_REGISTERS_WRITE")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] uom: Path<String>,
    ) -> ApiResult<UomRemoved> {
        self.registers.remove_uom(&id.0, &uom.0).await?;
        Ok(UomRemoved::Removed)
    }

    /// A material's lots, first expiry first, with their expiry situation and balances per location (a clinic's
    /// staff: their clinics).
    #[oai(
        path = "/materials/:id/lots",
        method = "get",
        operation_id = "listStockMaterialLots"
    )]
    async fn list_lots(
        &self,
        #[oai(scope = "STOCK_REGISTERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<LotView>>> {
        let lots = self.registers.lots(&id.0, &auth.0).await?;
        Ok(Json(lots.into_iter().map(LotView::from).collect()))
    }

    /// Categories (two levels).
    #[oai(
        path = "/categories",
        method = "get",
        operation_id = "listStockCategories"
    )]
    async fn list_categories(
        &self,
        #[oai(scope = "STOCK_REGISTERS_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<Vec<CategoryView>>> {
        let all = self.registers.categories().await?;
        Ok(Json(all.into_iter().map(CategoryView::from).collect()))
    }

    #[oai(
        path = "/categories",
        method = "post",
        operation_id = "createStockCategory"
    )]
    async fn create_category(
        &self,
        #[oai(scope = "STOCK_REGISTERS_WRITE")] _auth: BearerAuth,
        body: Json<CategoryRequest>,
    ) -> ApiResult<CategoryCreated> {
        let draft = CategoryDraft {
            name: Some(body.0.name.0),
            parent_id: body.0.parent_id.into_option().map(String::from),
        };
        Ok(CategoryCreated::Created(Json(
            self.registers.create_category(draft).await?.into(),
        )))
    }

    /// The locations the caller reaches (a clinic's staff: their clinics), physical first.
    #[oai(
        path = "/locations",
        method = "get",
        operation_id = "listStockLocations"
    )]
    async fn list_locations(
        &self,
        #[oai(scope = "STOCK_REGISTERS_READ")] auth: BearerAuth,
    ) -> ApiResult<Json<Vec<LocationView>>> {
        let all = self.registers.locations(&auth.0).await?;
        Ok(Json(all.into_iter().map(LocationView::from).collect()))
    }

    /// Creates the central warehouse (one) or a clinic (of a unit).
    #[oai(
        path = "/locations",
        method = "post",
        operation_id = "createStockLocation"
    )]
    async fn create_location(
        &self,
        #[oai(scope = "STOCK_REGISTERS_WRITE")] _auth: BearerAuth,
        body: Json<LocationRequest>,
    ) -> ApiResult<LocationCreated> {
        let r = body.0;
        let draft = LocationDraft {
            code: Some(r.code.0),
            name: Some(r.name.0),
            kind: Some(r.kind.into()),
            unit_id: r.unit_id.into_option().map(String::from),
        };
        Ok(LocationCreated::Created(Json(
            self.registers.create_location(draft).await?.into(),
        )))
    }

    /// Stock policies, of one material or one location.
    #[oai(path = "/policies", method = "get", operation_id = "listStockPolicies")]
    async fn list_policies(
        &self,
        #[oai(scope = "STOCK_REGISTERS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] material_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] location_id: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<PolicyView>>> {
        let all = self
            .registers
            .policies(material_id.0.as_deref(), location_id.0.as_deref())
            .await?;
        Ok(Json(all.into_iter().map(PolicyView::from).collect()))
    }

    /// Sets a material's policy at a location (`0 ≤ min ≤ reorder point ≤ max`, 422 naming the field).
    #[oai(path = "/policies", method = "put", operation_id = "setStockPolicy")]
    async fn set_policy(
        &self,
        #[oai(scope = "STOCK_REGISTERS_WRITE")] _auth: BearerAuth,
        body: Json<PolicyRequest>,
    ) -> ApiResult<Json<PolicyView>> {
        let r = body.0;
        let draft = PolicyDraft {
            min_qty_milli: Some(r.min_qty_milli),
            reorder_point_milli: Some(r.reorder_point_milli),
            max_qty_milli: Some(r.max_qty_milli),
        };
        let p = self
            .registers
            .set_policy(&r.material_id, &r.location_id, draft)
            .await?;
        Ok(Json(p.into()))
    }

    /// The clinics a user works in.
    #[oai(
        path = "/user-locations/:uid",
        method = "get",
        operation_id = "getStockUserLocations"
    )]
    async fn get_user_locations(
        &self,
        #[oai(scope = "STOCK_USER_LOCATIONS")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] uid: Path<String>,
    ) -> ApiResult<Json<UserLocations>> {
        let location_ids = self.registers.user_locations(&uid.0).await?;
        Ok(Json(UserLocations { location_ids }))
    }

    /// Replaces the clinics a user works in.
    #[oai(
        path = "/user-locations/:uid",
        method = "put",
        operation_id = "setStockUserLocations"
    )]
    async fn set_user_locations(
        &self,
        #[oai(scope = "STOCK_USER_LOCATIONS")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] uid: Path<String>,
        body: Json<UserLocations>,
    ) -> ApiResult<Json<UserLocations>> {
        let location_ids = self
            .registers
            .set_user_locations(&uid.0, body.0.location_ids)
            .await?;
        Ok(Json(UserLocations { location_ids }))
    }
}
