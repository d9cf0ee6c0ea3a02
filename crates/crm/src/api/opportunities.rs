//! `/api/v1/crm/funnel` and `/api/v1/crm/opportunities*`: the funnel's stages and lists, the board, the list,
//! new leads, drags between stages, changes and losses. An opportunity outside the caller's scope is 404.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth, Date, HistoryEntryDto, PageRequest};
use platform::Error;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::opportunity_dto::{
    FunnelBoard, FunnelSettings, LoseRequest, MoveRequest, NewOpportunityRequest, OpportunityDto,
    OpportunityPage, OpportunityPatchRequest,
};
use super::CrmTag;
use crate::domain::opportunity::{Source, Status};
use crate::permissions::{OPPORTUNITIES_READ, OPPORTUNITIES_WRITE};
use crate::service::{FunnelQuery, Opportunities, CARDS_PER_COLUMN};
use crate::store::opportunities::ListSort;

pub struct OpportunitiesApi {
    opportunities: Arc<Opportunities>,
}

impl OpportunitiesApi {
    pub fn new(opportunities: Arc<Opportunities>) -> OpportunitiesApi {
        OpportunitiesApi { opportunities }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<OpportunityDto>),
}

/// The board's and the list's filters, as the query string carries them.
#[allow(clippy::too_many_arguments)]
fn query(
    team_id: Option<String>,
    owner_id: Option<String>,
    source: Option<String>,
    link_id: Option<String>,
    client_id: Option<String>,
    from: Option<Date>,
    to: Option<Date>,
    idle_days: Option<i64>,
    q: Option<String>,
    closed_days: Option<i64>,
) -> Result<FunnelQuery, Error> {
    let blank = |s: Option<String>| s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    let source = match blank(source) {
        None => None,
        Some(s) => Some(Source::parse(&s).ok_or_else(|| {
            Error::invalid_field(
                "source",
                "Origem inválida: use indicacao, instagram, google, site, whatsapp, evento, ativo ou outro.",
            )
        })?),
    };
    if let (Some(f), Some(t)) = (from, to) {
        if f.0 > t.0 {
            return Err(Error::invalid_field(
                "from",
                "O início do período deve ser anterior ao fim.",
            ));
        }
    }
    Ok(FunnelQuery {
        team_id: blank(team_id),
        owner_id: blank(owner_id),
        source,
        link_id: blank(link_id),
        client_id: blank(client_id),
        from: from.map(|d| d.0),
        to: to.map(|d| d.0),
        idle_days,
        q: blank(q),
        closed_days,
    })
}

#[OpenApi(prefix_path = "/api/v1/crm", tag = "CrmTag::Crm")]
impl OpportunitiesApi {
    /// The funnel's stages (working ones in order, then Ganho and Perdido), sources and reasons for a loss.
    #[oai(path = "/funnel", method = "get", operation_id = "getFunnelSettings")]
    async fn settings(
        &self,
        #[oai(scope = "OPPORTUNITIES_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<FunnelSettings>> {
        Ok(Json(FunnelSettings::new(
            self.opportunities.stages().await?,
        )))
    }

    /// The board: per stage, how many opportunities match and their expected value, and the newest cards. The
    /// won and lost columns show those closed in the last `closed_days` (default 30).
    #[allow(clippy::too_many_arguments)]
    #[oai(
        path = "/opportunities/board",
        method = "get",
        operation_id = "getFunnelBoard"
    )]
    async fn board(
        &self,
        #[oai(scope = "OPPORTUNITIES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] team_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] owner_id: Query<Option<String>>,
        #[oai(validator(max_length = 20))] source: Query<Option<String>>,
        #[oai(validator(max_length = 100))] link_id: Query<Option<String>>,
        from: Query<Option<Date>>,
        to: Query<Option<Date>>,
        /// Only those not touched for more than this many days.
        #[oai(validator(minimum(value = "0"), maximum(value = "3650")))]
        idle_days: Query<Option<i64>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "3650")))] closed_days: Query<
            Option<i64>,
        >,
        /// Cards per column (default 20).
        #[oai(validator(minimum(value = "0"), maximum(value = "100")))]
        per_column: Query<Option<i64>>,
    ) -> ApiResult<Json<FunnelBoard>> {
        let q = query(
            team_id.0,
            owner_id.0,
            source.0,
            link_id.0,
            None,
            from.0,
            to.0,
            idle_days.0,
            q.0,
            closed_days.0,
        )?;
        let columns = self
            .opportunities
            .board(&auth.0, &q, per_column.0.unwrap_or(CARDS_PER_COLUMN))
            .await?;
        let open = columns.iter().filter(|c| c.stage.kind.as_str() == "aberta");
        let (open_count, open_value_cents) =
            open.fold((0, 0), |(n, v), c| (n + c.count, v + c.value_cents));
        Ok(Json(FunnelBoard {
            columns: columns.into_iter().map(Into::into).collect(),
            open_count,
            open_value_cents,
        }))
    }

    /// The opportunities as a list, newest first (or by `sort`): all, one `status` or one `stage_id`.
    #[allow(clippy::too_many_arguments)]
    #[oai(
        path = "/opportunities",
        method = "get",
        operation_id = "listOpportunities"
    )]
    async fn list(
        &self,
        #[oai(scope = "OPPORTUNITIES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] team_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] owner_id: Query<Option<String>>,
        #[oai(validator(max_length = 20))] source: Query<Option<String>>,
        #[oai(validator(max_length = 100))] link_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        from: Query<Option<Date>>,
        to: Query<Option<Date>>,
        #[oai(validator(minimum(value = "0"), maximum(value = "3650")))] idle_days: Query<
            Option<i64>,
        >,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        /// `aberta`, `ganha` or `perdida`.
        #[oai(validator(pattern = "^(aberta|ganha|perdida)$"))]
        status: Query<Option<String>>,
        #[oai(validator(max_length = 100))] stage_id: Query<Option<String>>,
        /// `recentes` (default), `valor`, `parados`, `fechamento` or `etapa` (newest in the stage first).
        #[oai(validator(pattern = "^(recentes|valor|parados|fechamento|etapa)$"))]
        sort: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<OpportunityPage>> {
        let q = query(
            team_id.0,
            owner_id.0,
            source.0,
            link_id.0,
            client_id.0,
            from.0,
            to.0,
            idle_days.0,
            q.0,
            None,
        )?;
        let sort = match sort.0.as_deref() {
            Some("valor") => ListSort::ValueDesc,
            Some("parados") => ListSort::IdleFirst,
            Some("fechamento") => ListSort::CloseDate,
            Some("etapa") => ListSort::InStage,
            _ => ListSort::Newest,
        };
        let status = status.0.as_deref().and_then(Status::parse);
        let paging = PageRequest::new(page.0, page_size.0);
        let stage = stage_id.0.filter(|s| !s.trim().is_empty());
        let (items, total) = self
            .opportunities
            .list(
                &auth.0,
                &q,
                status,
                stage.as_deref(),
                sort,
                paging.limit(),
                paging.offset(),
            )
            .await?;
        Ok(Json(OpportunityPage {
            items: items.into_iter().map(Into::into).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// A new lead.
    #[oai(
        path = "/opportunities",
        method = "post",
        operation_id = "createOpportunity"
    )]
    async fn create(
        &self,
        #[oai(scope = "OPPORTUNITIES_WRITE")] auth: BearerAuth,
        body: Json<NewOpportunityRequest>,
    ) -> ApiResult<Created> {
        let (draft, stage, link_code) = body.0.draft();
        let view = self
            .opportunities
            .create(&auth.0, draft, stage.as_deref(), link_code.as_deref())
            .await?;
        Ok(Created::Created(Json(view.into())))
    }

    /// One opportunity.
    #[oai(
        path = "/opportunities/:id",
        method = "get",
        operation_id = "getOpportunity"
    )]
    async fn get(
        &self,
        #[oai(scope = "OPPORTUNITIES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<OpportunityDto>> {
        Ok(Json(
            self.opportunities.get_for(&auth.0, &id.0).await?.into(),
        ))
    }

    /// Changes an opportunity; absent fields stay.
    #[oai(
        path = "/opportunities/:id",
        method = "patch",
        operation_id = "updateOpportunity"
    )]
    async fn update(
        &self,
        #[oai(scope = "OPPORTUNITIES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<OpportunityPatchRequest>,
    ) -> ApiResult<Json<OpportunityDto>> {
        let patch = body.0;
        let reason = patch.attribution_reason.0.clone().map(|t| t.0);
        let view = self
            .opportunities
            .update(
                &auth.0,
                &id.0,
                patch.version.0,
                |d| patch.apply(d),
                reason.as_deref(),
            )
            .await?;
        Ok(Json(view.into()))
    }

    /// Moves it to a working stage (the drag on the board). Ganho comes only from a confirmed sale; Perdido from
    /// `lose`.
    #[oai(
        path = "/opportunities/:id/move",
        method = "post",
        operation_id = "moveOpportunity"
    )]
    async fn move_to(
        &self,
        #[oai(scope = "OPPORTUNITIES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<MoveRequest>,
    ) -> ApiResult<Json<OpportunityDto>> {
        let view = self
            .opportunities
            .move_to(&auth.0, &id.0, body.0.stage_id.trim(), body.0.version.0)
            .await?;
        Ok(Json(view.into()))
    }

    /// Marks it lost, with a reason from the list.
    #[oai(
        path = "/opportunities/:id/lose",
        method = "post",
        operation_id = "loseOpportunity"
    )]
    async fn lose(
        &self,
        #[oai(scope = "OPPORTUNITIES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<LoseRequest>,
    ) -> ApiResult<Json<OpportunityDto>> {
        let b = body.0;
        let view = self
            .opportunities
            .lose(
                &auth.0,
                &id.0,
                &b.reason,
                b.note.0.as_deref().map(|t| t.as_str()),
            )
            .await?;
        Ok(Json(view.into()))
    }

    /// Its history: created, changed, moved, lost, won; oldest first.
    #[oai(
        path = "/opportunities/:id/history",
        method = "get",
        operation_id = "getOpportunityHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "OPPORTUNITIES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.opportunities.history(&auth.0, &id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }
}
