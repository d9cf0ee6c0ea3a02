//! `/api/v1/sales/follow-up` (`/follow-up-pedidos`): the board of the tracks the caller reaches (filters by
//! status, kind, unit and team), one track, its history, and the steps (schedule, ship, deliver, perform,
//! return) over the version read; and a sale's tracks for its page. The sale's reach decides (404 outside it).

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::history::{entries, HistoryEntryDto};
use platform::api::{ApiResult, BearerAuth};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{Enum, Object, OpenApi};

use super::SalesTag;
use crate::domain::followup::{Sla, StepDraft, TrackKind, TrackStatus};
use crate::permissions::{SALES_FOLLOWUP_READ, SALES_FOLLOWUP_WRITE};
use crate::service::{BoardItem, BoardQuery, FollowUp};
use crate::store::followup::BOARD_LIMIT;

pub struct FollowUpApi {
    followup: Arc<FollowUp>,
}

impl FollowUpApi {
    pub fn new(followup: Arc<FollowUp>) -> FollowUpApi {
        FollowUpApi { followup }
    }
}

/// What a track follows.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "FollowUpKind")]
pub enum KindView {
    #[oai(rename = "produto")]
    Produto,
    #[oai(rename = "procedimento")]
    Procedimento,
}

impl From<KindView> for TrackKind {
    fn from(k: KindView) -> TrackKind {
        match k {
            KindView::Produto => TrackKind::Product,
            KindView::Procedimento => TrackKind::Procedure,
        }
    }
}

impl From<TrackKind> for KindView {
    fn from(k: TrackKind) -> KindView {
        match k {
            TrackKind::Product => KindView::Produto,
            TrackKind::Procedure => KindView::Procedimento,
        }
    }
}

/// Where a track stands.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "FollowUpStatus")]
pub enum StatusView {
    #[oai(rename = "aguardando_pagamento")]
    AguardandoPagamento,
    #[oai(rename = "em_separacao")]
    EmSeparacao,
    #[oai(rename = "enviado")]
    Enviado,
    #[oai(rename = "entregue")]
    Entregue,
    #[oai(rename = "a_agendar")]
    AAgendar,
    #[oai(rename = "agendado")]
    Agendado,
    #[oai(rename = "realizado")]
    Realizado,
    #[oai(rename = "retorno")]
    Retorno,
}

const STATUS_PAIRS: [(StatusView, TrackStatus); 8] = [
    (
        StatusView::AguardandoPagamento,
        TrackStatus::AwaitingPayment,
    ),
    (StatusView::EmSeparacao, TrackStatus::Picking),
    (StatusView::Enviado, TrackStatus::Shipped),
    (StatusView::Entregue, TrackStatus::Delivered),
    (StatusView::AAgendar, TrackStatus::ToSchedule),
    (StatusView::Agendado, TrackStatus::Scheduled),
    (StatusView::Realizado, TrackStatus::Performed),
    (StatusView::Retorno, TrackStatus::Returned),
];

impl From<StatusView> for TrackStatus {
    fn from(s: StatusView) -> TrackStatus {
        STATUS_PAIRS
            .iter()
            .find(|(v, _)| *v == s)
            .map_or(TrackStatus::AwaitingPayment, |(_, t)| *t)
    }
}

impl From<TrackStatus> for StatusView {
    fn from(s: TrackStatus) -> StatusView {
        STATUS_PAIRS
            .iter()
            .find(|(_, t)| *t == s)
            .map_or(StatusView::AguardandoPagamento, |(v, _)| *v)
    }
}

/// The SLA badge: before the deadline, on its last day, after it.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "FollowUpSla")]
pub enum SlaView {
    #[oai(rename = "no_prazo")]
    NoPrazo,
    #[oai(rename = "vencendo")]
    Vencendo,
    #[oai(rename = "atrasado")]
    Atrasado,
}

impl From<Sla> for SlaView {
    fn from(s: Sla) -> SlaView {
        match s {
            Sla::OnTime => SlaView::NoPrazo,
            Sla::DueToday => SlaView::Vencendo,
            Sla::Late => SlaView::Atrasado,
        }
    }
}

/// A track with what the board shows of its sale.
#[derive(Object)]
#[oai(rename = "FollowUpTrack")]
pub struct TrackView {
    pub id: String,
    pub sale_id: String,
    /// `V-2026-000123`.
    pub sale_number: String,
    pub client_name: String,
    pub owner_id: String,
    pub owner_name: String,
    pub team_id: Option<String>,
    pub item_seq: i64,
    pub description: String,
    pub quantity: i64,
    pub kind: KindView,
    /// `primeira_parcela` or `pagamento_total`: the catalog item's on the sale's confirmation.
    pub release_condition: String,
    pub status: StatusView,
    /// Whether it is final (delivered, performed or returned).
    pub is_final: bool,
    pub released_at: Option<DateTime<Utc>>,
    /// The day shipping (product) or scheduling (procedure) is due.
    pub sla_due_on: Option<NaiveDate>,
    /// Only while the step under SLA is pending.
    pub sla: Option<SlaView>,
    pub scheduled_on: Option<NaiveDate>,
    pub unit_id: Option<String>,
    pub professional: Option<String>,
    pub tracking_code: Option<String>,
    pub status_at: DateTime<Utc>,
    /// Send it back with a step (a stale one is 409).
    pub version: i64,
}

impl From<BoardItem> for TrackView {
    fn from(b: BoardItem) -> TrackView {
        let t = b.track;
        TrackView {
            id: t.id,
            sale_id: t.sale_id,
            sale_number: b.sale_number,
            client_name: b.client_name,
            owner_id: b.owner_id,
            owner_name: b.owner_name,
            team_id: b.team_id,
            item_seq: t.item_seq,
            description: t.description,
            quantity: t.quantity,
            kind: t.kind.into(),
            release_condition: t.release_condition.as_str().to_string(),
            status: t.status.into(),
            is_final: t.status.is_final(),
            released_at: t.released_at,
            sla_due_on: t.sla_due_on,
            sla: b.sla.map(Into::into),
            scheduled_on: t.scheduled_on,
            unit_id: t.unit_id,
            professional: t.professional,
            tracking_code: t.tracking_code,
            status_at: t.status_at,
            version: t.version,
        }
    }
}

/// The board: the tracks, oldest first, and whether the limit cut it (filter then).
#[derive(Object)]
#[oai(rename = "FollowUpBoard")]
pub struct BoardView {
    pub items: Vec<TrackView>,
    pub truncated: bool,
}

/// The version last read.
#[derive(Object)]
#[oai(rename = "FollowUpVersion", example)]
pub struct VersionRequest {
    pub version: i64,
}

impl Example for VersionRequest {
    fn example() -> Self {
        VersionRequest { version: 2 }
    }
}

/// Schedules a procedure: the date (`AAAA-MM-DD`), the unit and the professional.
#[derive(Object)]
#[oai(rename = "FollowUpSchedule", example)]
pub struct ScheduleRequest {
    pub version: i64,
    #[oai(validator(max_length = 20))]
    pub scheduled_on: Option<String>,
    #[oai(validator(max_length = 100))]
    pub unit_id: Option<String>,
    #[oai(validator(max_length = 1000))]
    pub professional: Option<String>,
}

impl Example for ScheduleRequest {
    fn example() -> Self {
        ScheduleRequest {
            version: 2,
            scheduled_on: Some("2026-12-18".into()),
            unit_id: Some("0190a0b0-0000-7000-8000-000000000001".into()),
            professional: Some("Dra. Helena Prado".into()),
        }
    }
}

/// Marks a product shipped with the carrier's tracking code.
#[derive(Object)]
#[oai(rename = "FollowUpShipment", example)]
pub struct ShipRequest {
    pub version: i64,
    #[oai(validator(max_length = 1000))]
    pub tracking_code: Option<String>,
}

impl Example for ShipRequest {
    fn example() -> Self {
        ShipRequest {
            version: 2,
            tracking_code: Some("BR123456789BR".into()),
        }
    }
}

/// A track's changes, oldest first.
#[derive(Object)]
#[oai(rename = "FollowUpHistory")]
pub struct History {
    pub entries: Vec<HistoryEntryDto>,
}

impl FollowUpApi {
    async fn step(
        &self,
        auth: &BearerAuth,
        id: &str,
        version: i64,
        draft: StepDraft,
    ) -> ApiResult<Json<TrackView>> {
        let item = self.followup.step(&auth.0, id, version, draft).await?;
        Ok(Json(item.into()))
    }
}

#[OpenApi(prefix_path = "/api/v1/sales", tag = "SalesTag::Sales")]
impl FollowUpApi {
    /// The board: the tracks of the sales the caller reaches (a salesperson: own and split; a manager: their
    /// teams'; finance and administrators: all), oldest first, with their SLA badge today. `unit_id`: the
    /// sales of the unit's teams and the procedures scheduled at it.
    #[oai(
        path = "/follow-up",
        method = "get",
        operation_id = "listFollowUpTracks"
    )]
    async fn board(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_READ")] auth: BearerAuth,
        status: Query<Option<StatusView>>,
        kind: Query<Option<KindView>>,
        #[oai(validator(max_length = 100))] unit_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] team_id: Query<Option<String>>,
    ) -> ApiResult<Json<BoardView>> {
        let query = BoardQuery {
            status: status.0.map(Into::into),
            kind: kind.0.map(Into::into),
            unit_id: unit_id.0.filter(|u| !u.trim().is_empty()),
            team_id: team_id.0.filter(|t| !t.trim().is_empty()),
        };
        let items = self.followup.board(&auth.0, query).await?;
        Ok(Json(BoardView {
            truncated: items.len() as i64 >= BOARD_LIMIT,
            items: items.into_iter().map(Into::into).collect(),
        }))
    }

    /// One track (404 outside the caller's reach).
    #[oai(
        path = "/follow-up/:id",
        method = "get",
        operation_id = "getFollowUpTrack"
    )]
    async fn get(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<TrackView>> {
        Ok(Json(self.followup.get(&auth.0, &id.0).await?.into()))
    }

    /// A track's changes, oldest first.
    #[oai(
        path = "/follow-up/:id/history",
        method = "get",
        operation_id = "getFollowUpTrackHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<History>> {
        Ok(Json(History {
            entries: entries(self.followup.history(&auth.0, &id.0).await?),
        }))
    }

    /// Schedules a procedure *A agendar* (422 naming `scheduled_on`, `unit_id` or `professional`; 409 for a
    /// stale version, a track still awaiting payment or not at this step).
    #[oai(
        path = "/follow-up/:id/schedule",
        method = "post",
        operation_id = "scheduleFollowUpTrack"
    )]
    async fn schedule(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ScheduleRequest>,
    ) -> ApiResult<Json<TrackView>> {
        let b = body.0;
        let draft = StepDraft::Schedule {
            scheduled_on: b.scheduled_on,
            unit_id: b.unit_id,
            professional: b.professional,
        };
        self.step(&auth, &id.0, b.version, draft).await
    }

    /// Marks a product *Em separação* shipped (422 naming `tracking_code`; 409 as for scheduling).
    #[oai(
        path = "/follow-up/:id/ship",
        method = "post",
        operation_id = "shipFollowUpTrack"
    )]
    async fn ship(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ShipRequest>,
    ) -> ApiResult<Json<TrackView>> {
        let draft = StepDraft::Ship {
            tracking_code: body.0.tracking_code,
        };
        self.step(&auth, &id.0, body.0.version, draft).await
    }

    /// Marks a shipped product delivered (final; may conclude the sale).
    #[oai(
        path = "/follow-up/:id/deliver",
        method = "post",
        operation_id = "deliverFollowUpTrack"
    )]
    async fn deliver(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionRequest>,
    ) -> ApiResult<Json<TrackView>> {
        self.step(&auth, &id.0, body.0.version, StepDraft::Deliver)
            .await
    }

    /// Marks a scheduled procedure performed (final; may conclude the sale).
    #[oai(
        path = "/follow-up/:id/perform",
        method = "post",
        operation_id = "performFollowUpTrack"
    )]
    async fn perform(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionRequest>,
    ) -> ApiResult<Json<TrackView>> {
        self.step(&auth, &id.0, body.0.version, StepDraft::Perform)
            .await
    }

    /// Records a performed procedure's return visit.
    #[oai(
        path = "/follow-up/:id/return",
        method = "post",
        operation_id = "returnFollowUpTrack"
    )]
    async fn return_visit(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionRequest>,
    ) -> ApiResult<Json<TrackView>> {
        self.step(&auth, &id.0, body.0.version, StepDraft::Return)
            .await
    }

    /// A sale's tracks by item, for its page (404 outside the caller's reach).
    #[oai(
        path = "/sales/:id/follow-up",
        method = "get",
        operation_id = "listSaleFollowUpTracks"
    )]
    async fn of_sale(
        &self,
        #[oai(scope = "SALES_FOLLOWUP_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<TrackView>>> {
        let items = self.followup.of_sale(&auth.0, &id.0).await?;
        Ok(Json(items.into_iter().map(Into::into).collect()))
    }
}
