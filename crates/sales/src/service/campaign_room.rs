//! `/blackfriday`, the campaign room: a TV screen for sales rooms. It shows the whole company's campaign (it is a
//! shared screen), so everything it reads is about salespeople and items, never clients: first names only, the
//! item sold, figures in centavos. See [`crate::domain::campaign_room`] for the rules.
//!
//! A sale belongs to the campaign when it was confirmed inside the campaign's window (business dates in São
//! Paulo, both ends included), is not cancelled and has at least one line sold at the campaign's price (the line
//! carries the campaign's id): a sale in the window at list price is not the campaign's doing.

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use crm::domain::campaign::{Campaign, CampaignKind};
use platform::clock::{start_of_day, SharedClock};
use platform::db::Db;
use platform::error::Result;

use crate::domain::campaign_room::{
    by_count, choose, progress_bp, salesperson_standings, team_standings, ticker, Choice, RoomSale,
    Standing,
};
use crate::domain::summary_link::first_name;
use crate::store;

/// How many rows each ranking and the ticker show (a TV screen has room for so many).
pub const TOP: usize = 10;

/// A campaign as the room names it; `ends_at` is the instant it ends (the day after `ends_on` starts in São
/// Paulo), which the page counts down to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomCampaign {
    pub id: String,
    pub name: String,
    pub kind: CampaignKind,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

impl From<&Campaign> for RoomCampaign {
    fn from(c: &Campaign) -> RoomCampaign {
        RoomCampaign {
            id: c.id.clone(),
            name: c.fields.name.clone(),
            kind: c.fields.kind,
            starts_on: c.fields.starts_on,
            ends_on: c.fields.ends_on,
            starts_at: start_of_day(c.fields.starts_on),
            ends_at: start_of_day(c.fields.ends_on + Duration::days(1)),
        }
    }
}

/// A goal and how far the campaign got (`progress_bp` absent when the campaign set no such goal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub goal: Option<i64>,
    pub done: i64,
    pub progress_bp: Option<i64>,
}

/// A row of a ranking: a team's name or a salesperson's first name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    pub name: String,
    pub value: i64,
    pub count: i64,
}

/// A sale in the ticker: who (first name) sold what, when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TickerSale {
    pub first_name: String,
    pub item: String,
    pub confirmed_at: DateTime<Utc>,
}

/// An item of the campaign's price list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomPrice {
    pub catalog_item_id: String,
    pub name: String,
    pub list_price: i64,
    pub promo_price: i64,
}

/// One campaign's board.
#[derive(Debug, Clone)]
pub struct Board {
    pub campaign: RoomCampaign,
    pub value: Goal,
    pub count: Goal,
    pub teams: Vec<Ranked>,
    pub top_by_value: Vec<Ranked>,
    pub top_by_count: Vec<Ranked>,
    pub ticker: Vec<TickerSale>,
    pub prices: Vec<RoomPrice>,
}

/// The room: the board of the chosen campaign, or the last and the next Black Friday when none runs; every
/// campaign for the picker; the server's clock, for the countdown.
#[derive(Debug, Clone)]
pub struct Room {
    pub now: DateTime<Utc>,
    pub campaigns: Vec<RoomCampaign>,
    pub board: Option<Board>,
    pub last: Option<RoomCampaign>,
    pub next: Option<RoomCampaign>,
}

pub struct CampaignRoom {
    db: Db,
    clock: SharedClock,
    crm: Arc<crm::Crm>,
}

impl CampaignRoom {
    pub fn new(db: Db, clock: SharedClock, crm: Arc<crm::Crm>) -> CampaignRoom {
        CampaignRoom { db, clock, crm }
    }

    /// The room of `campaign_id` (404 when there is none such), or of the Black Friday running today.
    pub async fn room(&self, campaign_id: Option<&str>) -> Result<Room> {
        let links = self.crm.links();
        let campaigns = links.campaigns().await?;
        let (board, last, next) = match campaign_id {
            Some(id) => (
                Some(self.board(&links.campaign(id).await?).await?),
                None,
                None,
            ),
            None => match choose(&campaigns, self.clock.today()) {
                Choice::Running(c) => (Some(self.board(c).await?), None, None),
                Choice::Idle { last, next } => (None, last.map(Into::into), next.map(Into::into)),
            },
        };
        let mut listed: Vec<RoomCampaign> = campaigns.iter().map(Into::into).collect();
        listed.sort_by(|a, b| (b.starts_on, &a.name).cmp(&(a.starts_on, &b.name)));
        Ok(Room {
            now: self.clock.now(),
            campaigns: listed,
            board,
            last,
            next,
        })
    }

    async fn board(&self, campaign: &Campaign) -> Result<Board> {
        let room = RoomCampaign::from(campaign);
        let sales = store::campaign_room::campaign_sales(
            &self.db,
            &campaign.id,
            room.starts_at,
            room.ends_at,
        )
        .await?;
        let sold: i64 = sales.iter().map(|s| s.total).sum();
        let count = sales.len() as i64;
        let people = salesperson_standings(&sales);
        let teams = self.crm.teams();
        let team_names = teams.team_names().await?;
        let mut uids: Vec<&str> = people.iter().map(|s| s.key.as_str()).collect();
        uids.extend(sales.iter().map(|s| s.owner_id.as_str()));
        uids.sort_unstable();
        uids.dedup();
        let names = teams.names_of(&uids).await?;
        let first = |uid: &str| first_name(names.get(uid).map_or("", String::as_str));
        let named = |rows: &[Standing], name: &dyn Fn(&str) -> String| -> Vec<Ranked> {
            rows.iter()
                .take(TOP)
                .map(|s| Ranked {
                    name: name(&s.key),
                    value: s.value,
                    count: s.count,
                })
                .collect()
        };
        let team_name = |id: &str| team_names.get(id).cloned().unwrap_or_default();
        Ok(Board {
            value: Goal {
                goal: campaign.fields.goal_value,
                done: sold,
                progress_bp: progress_bp(sold, campaign.fields.goal_value),
            },
            count: Goal {
                goal: campaign.fields.goal_count,
                done: count,
                progress_bp: progress_bp(count, campaign.fields.goal_count),
            },
            teams: named(&team_standings(&sales), &team_name),
            top_by_value: named(&people, &first),
            top_by_count: named(&by_count(people.clone()), &first),
            ticker: ticker_of(&sales, &first),
            prices: self.prices(campaign).await?,
            campaign: room,
        })
    }

    /// The campaign's promotional prices against the items' list prices. A campaign names an item by its id or
    /// its SKU (as [`crate::Catalog::price`] reads it); a price naming no item is left out.
    async fn prices(&self, campaign: &Campaign) -> Result<Vec<RoomPrice>> {
        let mut prices = Vec::new();
        for p in &campaign.fields.promo_prices {
            let item = match store::by_id(&self.db, &p.catalog_item_id).await? {
                Some(item) => Some(item),
                None => store::by_sku(&self.db, &p.catalog_item_id.to_uppercase()).await?,
            };
            if let Some(item) = item {
                prices.push(RoomPrice {
                    catalog_item_id: item.id,
                    name: item.fields.name,
                    list_price: item.fields.list_price,
                    promo_price: p.price,
                });
            }
        }
        Ok(prices)
    }
}

fn ticker_of(sales: &[RoomSale], first: &dyn Fn(&str) -> String) -> Vec<TickerSale> {
    ticker(sales, TOP)
        .into_iter()
        .map(|s| TickerSale {
            first_name: first(&s.owner_id),
            item: s.item.clone(),
            confirmed_at: s.confirmed_at,
        })
        .collect()
}
