//! `/api/v1/crm/links*` and `/api/v1/crm/campaigns*`: marketing links (list with counts, create, change,
//! duplicate, archive, QR code), the UTM vocabularies, the allow-list, and campaigns.
//!
//! `/l/{code}` itself is not here: it is served outside the API (see [`super::redirect`]).

use std::sync::Arc;

use platform::api::{ApiError, ApiResult, BearerAuth, HistoryEntryDto, PageRequest};
use platform::Principal;
use poem::http::header;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::link_dto::{
    AllowedHosts, CampaignRequest, CampaignView, LinkPage, LinkPatchRequest, LinkState, LinkView,
    LinkVocabulary, NewLinkRequest, VocabularyTerm,
};
use super::CrmTag;
use crate::domain::campaign::CampaignKind;
use crate::domain::link::{UTM_MEDIUMS, UTM_SOURCES};
use crate::permissions::{LINKS_MANAGE, LINKS_READ, LINKS_SETTINGS, LINKS_WRITE};
use crate::service::links::{CountedLink, Links};
use crate::store::links::{LinkFilter, LinkState as State};

pub struct LinksApi {
    links: Arc<Links>,
}

impl LinksApi {
    pub fn new(links: Arc<Links>) -> LinksApi {
        LinksApi { links }
    }

    fn view(&self, c: CountedLink, by: &Principal) -> LinkView {
        let can_edit = by.has(&LINKS_MANAGE)
            || (by.has(&LINKS_WRITE)
                && c.link
                    .fields
                    .owner_id
                    .as_deref()
                    .is_some_and(|o| by.is_self(o)));
        LinkView::new(c, self.links.clock().today(), can_edit)
    }
}

#[derive(ApiResponse)]
enum CreatedLink {
    #[oai(status = 201)]
    Created(Json<LinkView>),
}

#[derive(ApiResponse)]
enum CreatedCampaign {
    #[oai(status = 201)]
    Created(Json<CampaignView>),
}

#[derive(ApiResponse)]
enum Deleted {
    #[oai(status = 204)]
    Deleted,
}

/// A QR code: PNG or SVG.
#[derive(ApiResponse)]
enum QrCode {
    #[oai(status = 200, content_type = "image/png")]
    Png(poem_openapi::payload::Binary<Vec<u8>>),
    #[oai(status = 200, content_type = "image/svg+xml")]
    Svg(poem_openapi::payload::PlainText<String>),
}

fn kind_label(kind: CampaignKind) -> &'static str {
    match kind {
        CampaignKind::BlackFriday => "Black Friday",
        CampaignKind::Seasonal => "Sazonal",
        CampaignKind::Other => "Outra",
    }
}

#[OpenApi(prefix_path = "/api/v1/crm", tag = "CrmTag::Crm")]
impl LinksApi {
    /// The UTM builder's fixed vocabularies (source and medium), the campaign kinds and the hosts a
    /// destination may have.
    #[oai(
        path = "/links/vocabulary",
        method = "get",
        operation_id = "getLinkVocabulary"
    )]
    async fn vocabulary(
        &self,
        #[oai(scope = "LINKS_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<LinkVocabulary>> {
        Ok(Json(LinkVocabulary {
            utm_sources: UTM_SOURCES.iter().map(VocabularyTerm::from).collect(),
            utm_mediums: UTM_MEDIUMS.iter().map(VocabularyTerm::from).collect(),
            campaign_kinds: CampaignKind::ALL
                .iter()
                .map(|k| VocabularyTerm {
                    value: k.as_str().into(),
                    label: kind_label(*k).into(),
                })
                .collect(),
            allowed_hosts: self.links.allow_list().await?.hosts().to_vec(),
        }))
    }

    /// The hosts links may send visitors to.
    #[oai(
        path = "/links/allowed-hosts",
        method = "get",
        operation_id = "getLinkAllowedHosts"
    )]
    async fn allowed_hosts(
        &self,
        #[oai(scope = "LINKS_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<AllowedHosts>> {
        let list = self.links.allow_list().await?;
        Ok(Json(AllowedHosts {
            hosts: list.hosts().to_vec(),
        }))
    }

    /// Replaces the hosts links may send visitors to (bare domains, matched exactly). Links already saved
    /// with a host taken off the list answer 410 from then on.
    #[oai(
        path = "/links/allowed-hosts",
        method = "put",
        operation_id = "setLinkAllowedHosts"
    )]
    async fn set_allowed_hosts(
        &self,
        #[oai(scope = "LINKS_SETTINGS")] auth: BearerAuth,
        body: Json<AllowedHosts>,
    ) -> ApiResult<Json<AllowedHosts>> {
        let list = self.links.set_allowed_hosts(body.0.hosts, &auth.0).await?;
        Ok(Json(AllowedHosts {
            hosts: list.hosts().to_vec(),
        }))
    }

    /// Lists marketing links, newest first, with their clicks, previews and unique visitors. Without the
    /// permission to see every link: the shared active links and the caller's personal links.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/links", method = "get", operation_id = "listLinks")]
    async fn list(
        &self,
        #[oai(scope = "LINKS_READ")] auth: BearerAuth,
        /// Part of the name or of `utm_campaign`, or the code.
        #[oai(validator(max_length = 200))]
        q: Query<Option<String>>,
        #[oai(validator(max_length = 100))] campaign_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] utm_source: Query<Option<String>>,
        #[oai(validator(max_length = 100))] utm_medium: Query<Option<String>>,
        state: Query<Option<LinkState>>,
        /// Only the caller's personal links.
        mine: Query<Option<bool>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<LinkPage>> {
        let nonblank =
            |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let filter = LinkFilter {
            q: nonblank(q.0).map(|s| s.to_lowercase()),
            campaign_id: nonblank(campaign_id.0),
            utm_source: nonblank(utm_source.0),
            utm_medium: nonblank(utm_medium.0),
            state: match state.0 {
                None | Some(LinkState::Active) => State::Active,
                Some(LinkState::Archived) => State::Archived,
                Some(LinkState::All) => State::All,
            },
            owner_id: mine.0.unwrap_or(false).then(|| auth.0.uid.clone()),
        };
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, total) = self
            .links
            .list(&filter, paging.limit(), paging.offset(), &auth.0)
            .await?;
        Ok(Json(LinkPage {
            items: items.into_iter().map(|c| self.view(c, &auth.0)).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// Creates a link with a fresh 7-character code. The destination must be https on an allowed host
    /// (422 naming `destination_url` otherwise). Without the permission to manage links, the link is the
    /// caller's personal link.
    #[oai(path = "/links", method = "post", operation_id = "createLink")]
    async fn create(
        &self,
        #[oai(scope = "LINKS_WRITE")] auth: BearerAuth,
        body: Json<NewLinkRequest>,
    ) -> ApiResult<CreatedLink> {
        let link = self.links.create(body.0.into(), &auth.0).await?;
        Ok(CreatedLink::Created(Json(self.view(link, &auth.0))))
    }

    /// One link with its counts.
    #[oai(path = "/links/:id", method = "get", operation_id = "getLink")]
    async fn get(
        &self,
        #[oai(scope = "LINKS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<LinkView>> {
        let link = self.links.get(&id.0, &auth.0).await?;
        Ok(Json(self.view(link, &auth.0)))
    }

    /// Changes a link; absent fields stay. An archived link is not edited (409).
    #[oai(path = "/links/:id", method = "patch", operation_id = "updateLink")]
    async fn update(
        &self,
        #[oai(scope = "LINKS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<LinkPatchRequest>,
    ) -> ApiResult<Json<LinkView>> {
        let link = self.links.update(&id.0, body.0.into(), &auth.0).await?;
        Ok(Json(self.view(link, &auth.0)))
    }

    /// A new link (new code) with the same destination and UTMs.
    #[oai(
        path = "/links/:id/duplicate",
        method = "post",
        operation_id = "duplicateLink"
    )]
    async fn duplicate(
        &self,
        #[oai(scope = "LINKS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<CreatedLink> {
        let link = self.links.duplicate(&id.0, &auth.0).await?;
        Ok(CreatedLink::Created(Json(self.view(link, &auth.0))))
    }

    /// Archives a link: `/l/{code}` answers 410 from then on, and the code is never reused.
    #[oai(
        path = "/links/:id/archive",
        method = "post",
        operation_id = "archiveLink"
    )]
    async fn archive(
        &self,
        #[oai(scope = "LINKS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<LinkView>> {
        let link = self.links.archive(&id.0, &auth.0).await?;
        Ok(Json(self.view(link, &auth.0)))
    }

    /// A link's history: created, changed (the fields that changed), archived; oldest first.
    #[oai(
        path = "/links/:id/history",
        method = "get",
        operation_id = "getLinkHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "LINKS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.links.history(&id.0, &auth.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// The link's QR code (of its short URL on this server), as PNG or SVG.
    #[oai(path = "/links/:id/qr", method = "get", operation_id = "getLinkQrCode")]
    async fn qr(
        &self,
        req: &poem::Request,
        #[oai(scope = "LINKS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        /// `png` (default) or `svg`.
        #[oai(validator(pattern = "^(png|svg)$"))]
        format: Query<Option<String>>,
    ) -> ApiResult<QrCode> {
        let code = self.links.short_code(&id.0, &auth.0).await?;
        let url = format!("{}/l/{code}", origin(req));
        let matrix = super::qr::Matrix::of(&url)
            .map_err(|e| ApiError::from(platform::Error::internal(format!("QR code: {e}"))))?;
        Ok(match format.0.as_deref() {
            Some("svg") => QrCode::Svg(poem_openapi::payload::PlainText(matrix.svg())),
            _ => QrCode::Png(poem_openapi::payload::Binary(matrix.png().map_err(
                |e| ApiError::from(platform::Error::internal(format!("PNG: {e}"))),
            )?)),
        })
    }

    /// Every campaign, latest first.
    #[oai(path = "/campaigns", method = "get", operation_id = "listCampaigns")]
    async fn campaigns(
        &self,
        #[oai(scope = "LINKS_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<Vec<CampaignView>>> {
        let today = self.links.clock().today();
        let all = self.links.campaigns().await?;
        Ok(Json(
            all.into_iter()
                .map(|c| CampaignView::new(c, today))
                .collect(),
        ))
    }

    #[oai(path = "/campaigns", method = "post", operation_id = "createCampaign")]
    async fn create_campaign(
        &self,
        #[oai(scope = "LINKS_MANAGE")] auth: BearerAuth,
        body: Json<CampaignRequest>,
    ) -> ApiResult<CreatedCampaign> {
        let c = self.links.create_campaign(body.0.into(), &auth.0).await?;
        Ok(CreatedCampaign::Created(Json(CampaignView::new(
            c,
            self.links.clock().today(),
        ))))
    }

    #[oai(path = "/campaigns/:id", method = "get", operation_id = "getCampaign")]
    async fn campaign(
        &self,
        #[oai(scope = "LINKS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CampaignView>> {
        let c = self.links.campaign(&id.0).await?;
        Ok(Json(CampaignView::new(c, self.links.clock().today())))
    }

    /// Replaces a campaign's fields.
    #[oai(
        path = "/campaigns/:id",
        method = "put",
        operation_id = "updateCampaign"
    )]
    async fn update_campaign(
        &self,
        #[oai(scope = "LINKS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<CampaignRequest>,
    ) -> ApiResult<Json<CampaignView>> {
        let c = self
            .links
            .update_campaign(&id.0, body.0.into(), &auth.0)
            .await?;
        Ok(Json(CampaignView::new(c, self.links.clock().today())))
    }

    /// Deletes a campaign no link names (409 when links name it).
    #[oai(
        path = "/campaigns/:id",
        method = "delete",
        operation_id = "deleteCampaign"
    )]
    async fn delete_campaign(
        &self,
        #[oai(scope = "LINKS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Deleted> {
        self.links.delete_campaign(&id.0, &auth.0).await?;
        Ok(Deleted::Deleted)
    }
}

/// `https://host` of the request (`http://` for a local address), for the QR code's absolute URL.
fn origin(req: &poem::Request) -> String {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    let local =
        host.starts_with("localhost") || host.starts_with("127.") || host.starts_with("[::1]");
    let forwarded_https = req
        .headers()
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == "https");
    let scheme = if local && !forwarded_https {
        "http"
    } else {
        "https"
    };
    format!("{scheme}://{host}")
}
