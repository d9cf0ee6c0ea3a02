//! The overview's shape (`GET /api/v1/stock/overview`). Definitions of every figure: `domain::overview`.

use chrono::{DateTime, Utc};
use platform::api::Date;
use poem_openapi::{Enum, Object};

use super::dto::LocationView;
use crate::domain::overview::{self as rules, AbcClass, LotsValue, StockSituation};
use crate::service::{LastCount, StockOverview};

/// A stock situation (the overview's cards) to filter the materials list by; definitions in `domain::overview`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "StockSituation", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StockSituationView {
    BelowMinimum,
    AtReorderPoint,
    StockOut,
    Negative,
    Expired,
    #[oai(rename = "EXPIRING_30")]
    Expiring30,
    #[oai(rename = "EXPIRING_60")]
    Expiring60,
    #[oai(rename = "EXPIRING_90")]
    Expiring90,
}

impl From<StockSituationView> for StockSituation {
    fn from(s: StockSituationView) -> StockSituation {
        match s {
            StockSituationView::BelowMinimum => StockSituation::BelowMinimum,
            StockSituationView::AtReorderPoint => StockSituation::AtReorderPoint,
            StockSituationView::StockOut => StockSituation::StockOut,
            StockSituationView::Negative => StockSituation::Negative,
            StockSituationView::Expired => StockSituation::Expired,
            StockSituationView::Expiring30 => StockSituation::Expiring(30),
            StockSituationView::Expiring60 => StockSituation::Expiring(60),
            StockSituationView::Expiring90 => StockSituation::Expiring(90),
        }
    }
}

/// How many ABC items the overview lists (the largest; the class totals cover every item).
pub const ABC_ITEMS: usize = 50;

/// Lots and the value of their balances.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockLotsValue")]
pub struct LotsValueView {
    pub lots: i64,
    pub value_cents: i64,
}

impl From<LotsValue> for LotsValueView {
    fn from(v: LotsValue) -> LotsValueView {
        LotsValueView {
            lots: v.lots,
            value_cents: v.value_cents,
        }
    }
}

/// Lots with stock expiring from today through today + `days` (not expired).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockExpiryWindow")]
pub struct ExpiryWindowView {
    pub days: i64,
    pub lots: i64,
    pub value_cents: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "StockAbcClass")]
pub enum AbcClassView {
    A,
    B,
    C,
}

impl From<AbcClass> for AbcClassView {
    fn from(c: AbcClass) -> AbcClassView {
        match c {
            AbcClass::A => AbcClassView::A,
            AbcClass::B => AbcClassView::B,
            AbcClass::C => AbcClassView::C,
        }
    }
}

/// One class of the ABC curve: how many materials, their consumption value.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockAbcClassTotal")]
pub struct AbcClassTotal {
    pub class: AbcClassView,
    pub items: i64,
    pub value_cents: i64,
}

/// A material on the ABC curve.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockAbcItem")]
pub struct AbcItemView {
    pub material_id: String,
    pub sku: String,
    pub name: String,
    /// Consumption value over the last 365 days.
    pub value_cents: i64,
    /// Cumulative share including this material, in basis points (10.000 = 100 %).
    pub cumulative_bp: i64,
    pub class: AbcClassView,
}

/// The last posted count at the chosen locations.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockOverviewCount", skip_serializing_if_is_none)]
pub struct LastCountView {
    pub id: String,
    pub number: String,
    pub location_id: String,
    pub finished_at: Option<DateTime<Utc>>,
    /// Σ counted quantity at the average cost.
    pub counted_cents: i64,
    /// Σ |difference| at the average cost.
    pub adjusted_cents: i64,
    /// 1 − adjusted ÷ counted, in basis points; absent when nothing of value was counted.
    pub accuracy_bp: Option<i64>,
}

impl From<LastCount> for LastCountView {
    fn from(c: LastCount) -> LastCountView {
        LastCountView {
            id: c.id,
            number: c.number,
            location_id: c.location_id,
            finished_at: c.finished_at,
            counted_cents: c.counted_cents,
            adjusted_cents: c.adjusted_cents,
            accuracy_bp: c.accuracy_bp,
        }
    }
}

/// The stock overview of one location or of every location the caller reaches (figures from the projections).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockOverview", skip_serializing_if_is_none)]
pub struct OverviewView {
    /// The location chosen; absent: every location the caller reaches.
    pub location_id: Option<String>,
    /// The locations the caller may choose (active central and clinics in reach).
    pub locations: Vec<LocationView>,
    /// Today (São Paulo): the expiry windows and the consumption windows end here.
    pub as_of: Date,
    /// Net quantity per material × average cost.
    pub stock_value_cents: i64,
    /// (material, location) pairs below the policy's minimum.
    pub below_minimum: i64,
    /// Pairs at or under the reorder point, not below the minimum.
    pub at_reorder_point: i64,
    /// Pairs of an active material stocked there (policy or balance) with on-hand ≤ 0.
    pub stock_outs: i64,
    /// Balance rows (material, location, lot) below zero.
    pub negative_balances: i64,
    pub expired: LotsValueView,
    /// 30, 60 and 90 days (cumulative).
    pub expiring: Vec<ExpiryWindowView>,
    /// Shipped on open dispatches from or to the chosen locations, not yet received or resolved.
    pub in_transit_cents: i64,
    /// Consumption (procedures and sales, net of reversals) over the last 90 and 365 days.
    pub consumption_90_cents: i64,
    pub consumption_365_cents: i64,
    /// Stock value ÷ average daily consumption of the last 90 days; absent without consumption.
    pub coverage_days: Option<i64>,
    /// 365-day consumption ÷ stock value, in hundredths (425 = 4,25); absent without stock.
    pub turnover_hundredths: Option<i64>,
    pub abc_classes: Vec<AbcClassTotal>,
    /// The largest consumers (at most 50), in curve order.
    pub abc_items: Vec<AbcItemView>,
    pub last_count: Option<LastCountView>,
}

impl From<StockOverview> for OverviewView {
    fn from(o: StockOverview) -> OverviewView {
        let f = o.figures;
        let abc_classes = [AbcClass::A, AbcClass::B, AbcClass::C]
            .into_iter()
            .map(|class| {
                let items = f.abc.iter().filter(|i| i.class == class);
                AbcClassTotal {
                    class: class.into(),
                    items: items.clone().count() as i64,
                    value_cents: items.map(|i| i.value_cents).sum(),
                }
            })
            .collect();
        OverviewView {
            location_id: o.location_id,
            locations: o.locations.into_iter().map(LocationView::from).collect(),
            as_of: Date(o.today),
            stock_value_cents: f.stock_value_cents,
            below_minimum: f.below_minimum,
            at_reorder_point: f.at_reorder_point,
            stock_outs: f.stock_outs,
            negative_balances: f.negative_balances,
            expired: f.expired.into(),
            expiring: rules::EXPIRY_WINDOWS
                .iter()
                .zip(f.expiring)
                .map(|(days, v)| ExpiryWindowView {
                    days: *days,
                    lots: v.lots,
                    value_cents: v.value_cents,
                })
                .collect(),
            in_transit_cents: o.in_transit_cents,
            consumption_90_cents: f.consumption_90_cents,
            consumption_365_cents: f.consumption_365_cents,
            coverage_days: f.coverage_days,
            turnover_hundredths: f.turnover_hundredths,
            abc_classes,
            abc_items: f
                .abc
                .into_iter()
                .take(ABC_ITEMS)
                .map(|i| AbcItemView {
                    material_id: i.material_id,
                    sku: i.sku,
                    name: i.name,
                    value_cents: i.value_cents,
                    cumulative_bp: i.cumulative_bp,
                    class: i.class.into(),
                })
                .collect(),
            last_count: o.last_count.map(LastCountView::from),
        }
    }
}
