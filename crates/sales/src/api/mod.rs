//! `/api/v1/sales/items`: list, create, one item. Each operation declares its permission on `auth`
//! (the server checks it before the handler runs) and maps the domain to HTTP and back.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::api::{ApiResult, BearerAuth, PageRequest};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi, Tags};

use crate::domain::{Item, ItemDraft};
use crate::permissions::{SALES_READ, SALES_WRITE};
use crate::service::Items;

#[derive(Tags)]
pub enum SalesTag {
    /// The sales context.
    #[oai(rename = "sales")]
    Sales,
}

pub struct ItemsApi {
    items: Arc<Items>,
}

impl ItemsApi {
    pub fn new(items: Arc<Items>) -> ItemsApi {
        ItemsApi { items }
    }
}

/// An item.
#[derive(Object)]
#[oai(rename = "SalesItem")]
pub struct ItemView {
    pub id: String,
    pub name: String,
    /// Centavos.
    pub amount: i64,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

impl From<Item> for ItemView {
    fn from(item: Item) -> ItemView {
        ItemView {
            id: item.id,
            name: item.fields.name,
            amount: item.fields.amount,
            active: item.active,
            created_at: item.created_at,
            created_by: item.created_by,
        }
    }
}

/// A new item. The limits here only keep absurd payloads out; the rules are the domain's (a 422 names
/// the field).
#[derive(Object)]
#[oai(rename = "SalesNewItem", example)]
pub struct NewItemRequest {
    #[oai(validator(max_length = 10000))]
    pub name: Option<String>,
    /// Centavos.
    pub amount: Option<i64>,
}

impl Example for NewItemRequest {
    fn example() -> Self {
        NewItemRequest {
            name: Some("Caixa de luvas".into()),
            amount: Some(4_590),
        }
    }
}

/// One page of items.
#[derive(Object)]
#[oai(rename = "SalesItemPage")]
pub struct ItemPage {
    pub items: Vec<ItemView>,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<ItemView>),
}

#[OpenApi(prefix_path = "/api/v1/sales/items", tag = "SalesTag::Sales")]
impl ItemsApi {
    /// Lists items by name.
    #[oai(path = "/", method = "get", operation_id = "listSalesItems")]
    async fn list(
        &self,
        #[oai(scope = "SALES_READ")] _auth: BearerAuth,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<ItemPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, has_more) = self.items.list(paging.limit(), paging.offset()).await?;
        Ok(Json(ItemPage {
            items: items.into_iter().map(ItemView::from).collect(),
            page: paging.page,
            page_size: paging.page_size,
            has_more,
        }))
    }

    /// Creates an item.
    #[oai(path = "/", method = "post", operation_id = "createSalesItem")]
    async fn create(
        &self,
        #[oai(scope = "SALES_WRITE")] auth: BearerAuth,
        body: Json<NewItemRequest>,
    ) -> ApiResult<Created> {
        let draft = ItemDraft {
            name: body.0.name,
            amount: body.0.amount,
        };
        let item = self.items.create(draft, &auth.0.uid).await?;
        Ok(Created::Created(Json(item.into())))
    }

    /// One item by id.
    #[oai(path = "/:id", method = "get", operation_id = "getSalesItem")]
    async fn get(
        &self,
        #[oai(scope = "SALES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ItemView>> {
        Ok(Json(self.items.get(&id.0).await?.into()))
    }
}
