//! `/api/v1/sales/campaign-room`: the campaign room (`/blackfriday`), a TV screen for sales rooms. The whole
//! company's campaign for every holder of the permission; salespeople by first name, never a client.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{ApiResult, BearerAuth};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};

use super::SalesTag;
use crate::permissions::SALES_CAMPAIGN_ROOM;
use crate::service::campaign_room::{
    Board, Goal, Ranked, Room, RoomCampaign, RoomPrice, TickerSale,
};
use crate::service::CampaignRoom;

pub struct CampaignRoomApi {
    room: Arc<CampaignRoom>,
}

impl CampaignRoomApi {
    pub fn new(room: Arc<CampaignRoom>) -> CampaignRoomApi {
        CampaignRoomApi { room }
    }
}

/// The campaign's kind, as the CRM states it.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "CampaignRoomKind")]
pub enum KindView {
    #[oai(rename = "black_friday")]
    BlackFriday,
    #[oai(rename = "sazonal")]
    Sazonal,
    #[oai(rename = "outra")]
    Outra,
}

impl From<crm::domain::campaign::CampaignKind> for KindView {
    fn from(k: crm::domain::campaign::CampaignKind) -> KindView {
        use crm::domain::campaign::CampaignKind::*;
        match k {
            BlackFriday => KindView::BlackFriday,
            Seasonal => KindView::Sazonal,
            Other => KindView::Outra,
        }
    }
}

/// A campaign: its business dates (both included) and the instants it starts and ends (São Paulo).
#[derive(Object)]
#[oai(rename = "CampaignRoomCampaign")]
pub struct CampaignView {
    pub id: String,
    pub name: String,
    pub kind: KindView,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub starts_at: DateTime<Utc>,
    /// The countdown's target: the start of the day after `ends_on`.
    pub ends_at: DateTime<Utc>,
}

impl From<RoomCampaign> for CampaignView {
    fn from(c: RoomCampaign) -> CampaignView {
        CampaignView {
            id: c.id,
            name: c.name,
            kind: c.kind.into(),
            starts_on: c.starts_on,
            ends_on: c.ends_on,
            starts_at: c.starts_at,
            ends_at: c.ends_at,
        }
    }
}

/// A goal (absent when the campaign set none) and what was done towards it.
#[derive(Object)]
#[oai(rename = "CampaignRoomGoal", skip_serializing_if_is_none)]
pub struct GoalView {
    pub goal: Option<i64>,
    pub done: i64,
    /// `done` over `goal` in basis points (10000 = 100 %, more when beaten); absent without a goal.
    pub progress_bp: Option<i64>,
}

impl From<Goal> for GoalView {
    fn from(g: Goal) -> GoalView {
        GoalView {
            goal: g.goal,
            done: g.done,
            progress_bp: g.progress_bp,
        }
    }
}

/// A ranking row: a team's name or a salesperson's first name, the value (centavos; a salesperson's split
/// share) and the number of sales.
#[derive(Object)]
#[oai(rename = "CampaignRoomRanked")]
pub struct RankedView {
    pub name: String,
    pub value: i64,
    pub count: i64,
}

impl From<Ranked> for RankedView {
    fn from(r: Ranked) -> RankedView {
        RankedView {
            name: r.name,
            value: r.value,
            count: r.count,
        }
    }
}

/// A sale in the ticker: the salesperson's first name and the item, nothing of the client.
#[derive(Object)]
#[oai(rename = "CampaignRoomTickerSale")]
pub struct TickerView {
    pub first_name: String,
    pub item: String,
    pub confirmed_at: DateTime<Utc>,
}

impl From<TickerSale> for TickerView {
    fn from(t: TickerSale) -> TickerView {
        TickerView {
            first_name: t.first_name,
            item: t.item,
            confirmed_at: t.confirmed_at,
        }
    }
}

/// An item of the campaign's price list (centavos).
#[derive(Object)]
#[oai(rename = "CampaignRoomPrice")]
pub struct PriceView {
    pub catalog_item_id: String,
    pub name: String,
    pub list_price: i64,
    pub promo_price: i64,
}

impl From<RoomPrice> for PriceView {
    fn from(p: RoomPrice) -> PriceView {
        PriceView {
            catalog_item_id: p.catalog_item_id,
            name: p.name,
            list_price: p.list_price,
            promo_price: p.promo_price,
        }
    }
}

/// One campaign's board: goals, rankings (top 10 each), the latest 10 sales and the price list.
#[derive(Object)]
#[oai(rename = "CampaignRoomBoard")]
pub struct BoardView {
    pub campaign: CampaignView,
    pub value: GoalView,
    pub count: GoalView,
    pub teams: Vec<RankedView>,
    pub top_by_value: Vec<RankedView>,
    pub top_by_count: Vec<RankedView>,
    /// Newest first.
    pub ticker: Vec<TickerView>,
    pub prices: Vec<PriceView>,
}

fn all<T, U: From<T>>(items: Vec<T>) -> Vec<U> {
    items.into_iter().map(Into::into).collect()
}

impl From<Board> for BoardView {
    fn from(b: Board) -> BoardView {
        BoardView {
            campaign: b.campaign.into(),
            value: b.value.into(),
            count: b.count.into(),
            teams: all(b.teams),
            top_by_value: all(b.top_by_value),
            top_by_count: all(b.top_by_count),
            ticker: all(b.ticker),
            prices: all(b.prices),
        }
    }
}

/// The room: the chosen campaign's board, or (no Black Friday running and none asked for) the last and the
/// next Black Friday; every campaign for the picker; the server's clock for the countdown.
#[derive(Object)]
#[oai(rename = "CampaignRoom", skip_serializing_if_is_none)]
pub struct RoomView {
    pub now: DateTime<Utc>,
    pub campaigns: Vec<CampaignView>,
    pub board: Option<BoardView>,
    pub last: Option<CampaignView>,
    pub next: Option<CampaignView>,
}

impl From<Room> for RoomView {
    fn from(r: Room) -> RoomView {
        RoomView {
            now: r.now,
            campaigns: all(r.campaigns),
            board: r.board.map(Into::into),
            last: r.last.map(Into::into),
            next: r.next.map(Into::into),
        }
    }
}

#[OpenApi(prefix_path = "/api/v1/sales", tag = "SalesTag::Sales")]
impl CampaignRoomApi {
    /// The campaign room: the Black Friday running today, or `campaign` (any kind; 404 when there is none
    /// such). Sales counted: confirmed inside the campaign's dates, not cancelled, with a line at its price.
    #[oai(
        path = "/campaign-room",
        method = "get",
        operation_id = "getCampaignRoom"
    )]
    async fn room(
        &self,
        #[oai(scope = "SALES_CAMPAIGN_ROOM")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] campaign: Query<Option<String>>,
    ) -> ApiResult<Json<RoomView>> {
        let id = campaign.0.filter(|c| !c.trim().is_empty());
        Ok(Json(self.room.room(id.as_deref()).await?.into()))
    }
}
