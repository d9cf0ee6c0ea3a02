//! `/api/v1/sales/catalog`: list (filters and pages), categories, create, one item, change (over the version
//! read), deactivate, history, and the effective price on a date. Each operation declares its permission on
//! `auth` (the server checks it before the handler runs) and maps the domain to HTTP and back.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::history::{entries, HistoryEntryDto};
use platform::api::{ApiResult, BearerAuth, Date, PageRequest, Text};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi, Tags};

use crate::domain::{
    CatalogDraft, CatalogItem, CatalogKind, Cycle, EffectivePrice, ReleaseCondition,
};
use crate::permissions::{SALES_CATALOG_READ, SALES_CATALOG_WRITE};
use crate::service::Catalog;
use crate::store::CatalogFilter;

pub mod campaign_room;
pub mod dashboard;
pub mod followup;
pub mod plugin;
pub mod reports;
pub mod sales;
pub mod summary_links;

/// Every API of the context: the catalog, the sales and their reports.
pub type SalesApi = (
    CatalogApi,
    sales::SaleApi,
    reports::ReportApi,
    summary_links::SummaryLinkApi,
    summary_links::PublicSummaryApi,
    campaign_room::CampaignRoomApi,
    plugin::SalesPluginApi,
    dashboard::DashboardApi,
    followup::FollowUpApi,
);

#[derive(Tags)]
pub enum SalesTag {
    /// The sales context: the catalog and the sales.
    #[oai(rename = "sales")]
    Sales,
}

pub struct CatalogApi {
    catalog: Arc<Catalog>,
}

impl CatalogApi {
    pub fn new(catalog: Arc<Catalog>) -> CatalogApi {
        CatalogApi { catalog }
    }
}

/// What an item is.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SalesCatalogKind")]
pub enum KindView {
    #[oai(rename = "produto")]
    Produto,
    #[oai(rename = "procedimento")]
    Procedimento,
    #[oai(rename = "plano")]
    Plano,
}

impl From<KindView> for CatalogKind {
    fn from(k: KindView) -> CatalogKind {
        match k {
            KindView::Produto => CatalogKind::Product,
            KindView::Procedimento => CatalogKind::Procedure,
            KindView::Plano => CatalogKind::Plan,
        }
    }
}

impl From<CatalogKind> for KindView {
    fn from(k: CatalogKind) -> KindView {
        match k {
            CatalogKind::Product => KindView::Produto,
            CatalogKind::Procedure => KindView::Procedimento,
            CatalogKind::Plan => KindView::Plano,
        }
    }
}

/// How often a recurring item is charged.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SalesCatalogCycle")]
pub enum CycleView {
    #[oai(rename = "mensal")]
    Mensal,
    #[oai(rename = "trimestral")]
    Trimestral,
    #[oai(rename = "anual")]
    Anual,
}

impl From<Cycle> for CycleView {
    fn from(c: Cycle) -> CycleView {
        match c {
            Cycle::Monthly => CycleView::Mensal,
            Cycle::Quarterly => CycleView::Trimestral,
            Cycle::Yearly => CycleView::Anual,
        }
    }
}

impl CycleView {
    fn as_str(self) -> &'static str {
        match self {
            CycleView::Mensal => "mensal",
            CycleView::Trimestral => "trimestral",
            CycleView::Anual => "anual",
        }
    }
}

/// When the item's follow-up is released.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SalesReleaseCondition")]
pub enum ReleaseView {
    #[oai(rename = "primeira_parcela")]
    PrimeiraParcela,
    #[oai(rename = "pagamento_total")]
    PagamentoTotal,
}

impl From<ReleaseCondition> for ReleaseView {
    fn from(r: ReleaseCondition) -> ReleaseView {
        match r {
            ReleaseCondition::FirstInstallment => ReleaseView::PrimeiraParcela,
            ReleaseCondition::FullPayment => ReleaseView::PagamentoTotal,
        }
    }
}

impl ReleaseView {
    fn as_str(self) -> &'static str {
        match self {
            ReleaseView::PrimeiraParcela => "primeira_parcela",
            ReleaseView::PagamentoTotal => "pagamento_total",
        }
    }
}

/// A catalog item.
#[derive(Object)]
#[oai(rename = "SalesCatalogItem")]
pub struct ItemView {
    pub id: String,
    pub sku: String,
    pub name: String,
    pub kind: KindView,
    pub category: Option<String>,
    /// Centavos.
    pub list_price: i64,
    pub recurring: bool,
    /// Recurring items only.
    pub cycle: Option<CycleView>,
    /// Recurring items only: the minimum term, in cycles.
    pub min_term_cycles: Option<i64>,
    pub commissionable: bool,
    /// Largest discount a sale may give, in basis points (10 000 = 100 %).
    pub max_discount_bp: i64,
    /// Products: the stock material sold.
    pub stock_material_id: Option<String>,
    /// Procedures: the procedure's code (its base de cálculo in stock).
    pub procedure_code: Option<String>,
    pub release_condition: ReleaseView,
    pub active: bool,
    /// Send it back when changing the item (a stale one is 409).
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<CatalogItem> for ItemView {
    fn from(item: CatalogItem) -> ItemView {
        let f = item.fields;
        ItemView {
            id: item.id,
            sku: f.sku,
            name: f.name,
            kind: f.kind.into(),
            category: f.category,
            list_price: f.list_price,
            recurring: f.recurrence.is_some(),
            cycle: f.recurrence.map(|r| r.cycle.into()),
            min_term_cycles: f.recurrence.map(|r| r.min_term_cycles),
            commissionable: f.commissionable,
            max_discount_bp: f.max_discount_bp,
            stock_material_id: f.stock_material_id,
            procedure_code: f.procedure_code,
            release_condition: f.release_condition.into(),
            active: item.active,
            version: item.version,
            created_at: item.created_at,
            updated_at: item.updated_at,
        }
    }
}

/// A new item. The limits here only keep absurd payloads out; the rules are the domain's (a 422 names the
/// field).
#[derive(Object)]
#[oai(rename = "SalesNewCatalogItem", example)]
pub struct NewItemRequest {
    #[oai(validator(max_length = 1000))]
    pub sku: Option<Text>,
    #[oai(validator(max_length = 1000))]
    pub name: Option<Text>,
    pub kind: Option<KindView>,
    #[oai(validator(max_length = 1000))]
    pub category: Option<Text>,
    /// Centavos.
    pub list_price: Option<i64>,
    /// Plans always are; products never.
    pub recurring: Option<bool>,
    pub cycle: Option<CycleView>,
    pub min_term_cycles: Option<i64>,
    /// Default: true.
    pub commissionable: Option<bool>,
    /// 0–10 000; default 0.
    pub max_discount_bp: Option<i64>,
    #[oai(validator(max_length = 100))]
    pub stock_material_id: Option<Text>,
    #[oai(validator(max_length = 1000))]
    pub procedure_code: Option<Text>,
    /// Default: primeira_parcela.
    pub release_condition: Option<ReleaseView>,
}

impl Example for NewItemRequest {
    fn example() -> Self {
        NewItemRequest {
            sku: Some("PEELING-QUIMICO".into()),
            name: Some("Peeling químico".into()),
            kind: Some(KindView::Procedimento),
            category: Some("Facial".into()),
            list_price: Some(45_000),
            recurring: Some(false),
            cycle: None,
            min_term_cycles: None,
            commissionable: Some(true),
            max_discount_bp: Some(1_000),
            stock_material_id: None,
            procedure_code: Some("PEELING-QUIMICO".into()),
            release_condition: Some(ReleaseView::PrimeiraParcela),
        }
    }
}

impl NewItemRequest {
    fn into_draft(self) -> CatalogDraft {
        CatalogDraft {
            sku: Text::optional(self.sku),
            name: Text::optional(self.name),
            kind: self.kind.map(|k| CatalogKind::from(k).as_str().to_string()),
            category: Text::optional(self.category),
            list_price: self.list_price,
            recurring: self.recurring,
            cycle: self.cycle.map(|c| c.as_str().to_string()),
            min_term_cycles: self.min_term_cycles,
            commissionable: self.commissionable,
            max_discount_bp: self.max_discount_bp,
            stock_material_id: Text::optional(self.stock_material_id),
            procedure_code: Text::optional(self.procedure_code),
            release_condition: self.release_condition.map(|r| r.as_str().to_string()),
        }
    }
}

/// Every field of an item, over the version last read (stale → 409). `active` absent keeps the state.
#[derive(Object)]
#[oai(rename = "SalesCatalogItemUpdate", example)]
pub struct UpdateItemRequest {
    pub version: i64,
    pub active: Option<bool>,
    #[oai(flatten)]
    pub item: NewItemRequest,
}

impl Example for UpdateItemRequest {
    fn example() -> Self {
        UpdateItemRequest {
            version: 1,
            active: Some(true),
            item: NewItemRequest::example(),
        }
    }
}

/// The version last read (stale → 409).
#[derive(Object)]
#[oai(rename = "SalesCatalogDeactivation", example)]
pub struct DeactivateRequest {
    pub version: i64,
}

impl Example for DeactivateRequest {
    fn example() -> Self {
        DeactivateRequest { version: 1 }
    }
}

/// One page of items.
#[derive(Object)]
#[oai(rename = "SalesCatalogPage")]
pub struct ItemPage {
    pub items: Vec<ItemView>,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

/// The categories in use.
#[derive(Object)]
#[oai(rename = "SalesCatalogCategories")]
pub struct Categories {
    pub categories: Vec<String>,
}

/// An item's changes, oldest first.
#[derive(Object)]
#[oai(rename = "SalesCatalogHistory")]
pub struct History {
    pub entries: Vec<HistoryEntryDto>,
}

/// What an item costs on a date.
#[derive(Object)]
#[oai(rename = "SalesCatalogPrice")]
pub struct PriceView {
    pub catalog_item_id: String,
    pub date: NaiveDate,
    /// Centavos.
    pub list_price: i64,
    /// Centavos: the campaign's price when one applies, else the list price.
    pub price: i64,
    pub campaign_id: Option<String>,
    pub campaign_name: Option<String>,
    pub campaign_starts_on: Option<NaiveDate>,
    pub campaign_ends_on: Option<NaiveDate>,
}

impl PriceView {
    fn new(id: String, p: EffectivePrice) -> PriceView {
        let c = p.campaign;
        PriceView {
            catalog_item_id: id,
            date: p.date,
            list_price: p.list_price,
            price: p.price,
            campaign_id: c.as_ref().map(|c| c.campaign_id.clone()),
            campaign_name: c.as_ref().map(|c| c.campaign_name.clone()),
            campaign_starts_on: c.as_ref().map(|c| c.starts_on),
            campaign_ends_on: c.as_ref().map(|c| c.ends_on),
        }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<ItemView>),
}

#[OpenApi(prefix_path = "/api/v1/sales/catalog", tag = "SalesTag::Sales")]
impl CatalogApi {
    /// Catalog items by name; `q` searches SKU, name and category.
    #[oai(path = "/", method = "get", operation_id = "listSalesCatalogItems")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        #[oai(scope = "SALES_CATALOG_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        kind: Query<Option<KindView>>,
        #[oai(validator(max_length = 200))] category: Query<Option<String>>,
        active: Query<Option<bool>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<ItemPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = CatalogFilter {
            kind: kind.0.map(Into::into),
            category: category.0,
            active: active.0,
            q: q.0,
        };
        let (items, has_more) = self
            .catalog
            .list(&filter, paging.limit(), paging.offset())
            .await?;
        Ok(Json(ItemPage {
            items: items.into_iter().map(ItemView::from).collect(),
            page: paging.page,
            page_size: paging.page_size,
            has_more,
        }))
    }

    /// The categories in use (the list's filter).
    #[oai(
        path = "/categories",
        method = "get",
        operation_id = "listSalesCatalogCategories"
    )]
    async fn categories(
        &self,
        #[oai(scope = "SALES_CATALOG_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<Categories>> {
        Ok(Json(Categories {
            categories: self.catalog.categories().await?,
        }))
    }

    /// Creates an item (an SKU in use is 409 on `sku`; an unknown stock material is 422).
    #[oai(path = "/", method = "post", operation_id = "createSalesCatalogItem")]
    async fn create(
        &self,
        #[oai(scope = "SALES_CATALOG_WRITE")] auth: BearerAuth,
        body: Json<NewItemRequest>,
    ) -> ApiResult<Created> {
        let item = self.catalog.create(body.0.into_draft(), &auth.0).await?;
        Ok(Created::Created(Json(item.into())))
    }

    /// One item by id.
    #[oai(path = "/:id", method = "get", operation_id = "getSalesCatalogItem")]
    async fn get(
        &self,
        #[oai(scope = "SALES_CATALOG_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ItemView>> {
        Ok(Json(self.catalog.get(&id.0).await?.into()))
    }

    /// Changes every field of an item over the version read (stale → 409, SKU in use → 409).
    #[oai(path = "/:id", method = "put", operation_id = "updateSalesCatalogItem")]
    async fn update(
        &self,
        #[oai(scope = "SALES_CATALOG_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<UpdateItemRequest>,
    ) -> ApiResult<Json<ItemView>> {
        let body = body.0;
        let item = self
            .catalog
            .update(
                &id.0,
                body.version,
                body.item.into_draft(),
                body.active,
                &auth.0,
            )
            .await?;
        Ok(Json(item.into()))
    }

    /// Deactivates an item: it leaves new sales (stale version → 409).
    #[oai(
        path = "/:id/deactivate",
        method = "post",
        operation_id = "deactivateSalesCatalogItem"
    )]
    async fn deactivate(
        &self,
        #[oai(scope = "SALES_CATALOG_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<DeactivateRequest>,
    ) -> ApiResult<Json<ItemView>> {
        let item = self
            .catalog
            .deactivate(&id.0, body.0.version, &auth.0)
            .await?;
        Ok(Json(item.into()))
    }

    /// An item's history (who changed what, when).
    #[oai(
        path = "/:id/history",
        method = "get",
        operation_id = "getSalesCatalogItemHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "SALES_CATALOG_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<History>> {
        Ok(Json(History {
            entries: entries(self.catalog.history(&id.0).await?),
        }))
    }

    /// The item's price on `date` (AAAA-MM-DD; today in São Paulo when absent): the promotional price of a
    /// CRM campaign running that day when it is lower, else the list price.
    #[oai(
        path = "/:id/price",
        method = "get",
        operation_id = "getSalesCatalogItemPrice"
    )]
    async fn price(
        &self,
        #[oai(scope = "SALES_CATALOG_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        date: Query<Option<Date>>,
    ) -> ApiResult<Json<PriceView>> {
        let (item, price) = self.catalog.price(&id.0, date.0.map(|d| d.0)).await?;
        Ok(Json(PriceView::new(item.id, price)))
    }
}
