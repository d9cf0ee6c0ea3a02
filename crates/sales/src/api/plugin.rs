//! `/api/v1/sales/plugin/*`: the sales parts of the CRM plugin's client card (`/crm/plugin`, framed inside other
//! consoles). Held only through a plugin token (`crm_plugin`: identity confines plugin tokens to that permission
//! and takes it from every other token), so the plugin reaches sales through these operations and never through
//! the web's. Each calls the same service as the web, with the same scope: a client outside the portfolio or a
//! sale outside reach is 404.

use std::sync::Arc;

use crm::permissions::PLUGIN;
use platform::api::{ApiResult, BearerAuth};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::sales::SummaryView;
use super::summary_links::{LinkCreated, NewLinkRequest};
use super::SalesTag;
use crate::domain::summary_link::LinkDraft;
use crate::service::{SalesBook, SummaryLinks};

/// The card lists at most this many sales (the newest); the rest are on `/minhas-vendas`.
const CARD_SALES: i64 = 10;

pub struct SalesPluginApi {
    sales: Arc<SalesBook>,
    links: Arc<SummaryLinks>,
}

impl SalesPluginApi {
    pub fn new(sales: Arc<SalesBook>, links: Arc<SummaryLinks>) -> SalesPluginApi {
        SalesPluginApi { sales, links }
    }
}

#[OpenApi(prefix_path = "/api/v1/sales/plugin", tag = "SalesTag::Sales")]
impl SalesPluginApi {
    /// The plugin card's *Vendas em aberto*: the client's sales still in hand (proposal to last installment)
    /// among those the caller reaches, newest first (at most 10), each with the next installment and whether one
    /// is overdue. 404 for a client outside the caller's portfolio.
    #[oai(
        path = "/clients/:id/sales",
        method = "get",
        operation_id = "salesPluginClientSales"
    )]
    async fn client_sales(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<SummaryView>>> {
        let open = self
            .sales
            .open_of_client(&auth.0, &id.0, CARD_SALES)
            .await?;
        Ok(Json(open.into_iter().map(SummaryView::from).collect()))
    }

    /// *Enviar link de resumo* from the plugin: a summary link of a sale the caller reaches, under the rules of
    /// the web's (404 outside reach; 409 for a cancelled or discarded sale; 422 on `expires_in_hours`); the page
    /// asks its host to insert the URL in the conversation.
    #[oai(
        path = "/sales/:id/summary-links",
        method = "post",
        operation_id = "salesPluginCreateSummaryLink"
    )]
    async fn create_summary_link(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<NewLinkRequest>,
    ) -> ApiResult<LinkCreated> {
        let draft = LinkDraft {
            expires_in_hours: body.0.expires_in_hours,
            require_verification: body.0.require_verification,
        };
        let created = self.links.create(&auth.0, &id.0, draft).await?;
        Ok(LinkCreated::Created(Json(created.into())))
    }
}
