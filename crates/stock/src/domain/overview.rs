//! The stock overview's figures (`/estoque/visao-geral`, §3), computed from the balance projection, the
//! consumption projection, policies, lots and counts — never from a scan of the ledger. Each figure is defined
//! here, once:
//!
//! - **Consumption** of a material at a physical location: what left it to be used (to CONSUMPTION: procedures)
//!   or sold (to CUSTOMER), net of reversals, in quantity and in the rows' value snapshots. Losses, adjustments and
//!   transfers between locations are not consumption (across "Todos os locais" a transfer cancels out). It is kept
//!   per material, location and business day (São Paulo) in `stock_consumption_daily` ([`consumption_delta`]).
//! - **Stock value**: per material, the net quantity over the chosen locations (every lot, negatives included)
//!   × the material's weighted average cost, rounded half-even to the centavo; summed.
//! - **Below minimum**: (material, location) pairs whose policy has a minimum > 0 and whose on-hand (every lot)
//!   is below it. **At reorder point**: policy reorder point > 0, on-hand ≤ it and not below the minimum.
//! - **Stock-outs**: pairs of an active material stocked at the location (a policy there, or a balance row,
//!   i.e. it has been there) whose on-hand is ≤ 0. **Negative balances**: balance rows (material, location, lot)
//!   below zero.
//! - **Expiry**: lots with a positive balance and an expiry date: expired (expiry before today: a lot is usable
//!   through its date), and expiring within 30, 60 and 90 days (today ≤ expiry ≤ today + N; cumulative windows),
//!   each as distinct lots and the value of their balances at the average cost.
//! - **In transit** (computed by the store from the dispatches): shipped − received − resolved of the dispatch
//!   lines still open (ENVIADO, RECEBIDO_COM_DIVERGENCIA) from or to the chosen locations, at the average cost.
//! - **Coverage in days** = stock value ÷ average daily consumption value over the last 90 days (today and the
//!   89 days before), rounded half-even; none without consumption.
//! - **Turnover** = consumption value over the last 365 days ÷ current stock value, in hundredths (425 = 4,25
//!   vezes); none when the stock value is not positive.
//! - **ABC** by consumption value over the last 365 days: materials with positive consumption, largest first
//!   (ties by SKU); a material is A while the cumulative share *before* it is below 80 %, B below 95 %, C after.
//! - **Last count**: the most recently posted count (LANCADO) at the chosen locations; accuracy = 1 − adjusted
//!   value ÷ counted value, where adjusted value = Σ |difference| and counted value = Σ counted quantity over its
//!   lines, both at the current average cost (a surplus and a shortage do not cancel), in basis points.

use std::collections::BTreeSet;

use chrono::NaiveDate;

use super::ledger::{div_half_even, value_cents};
use super::location::LocationKind;

/// Days of consumption behind the coverage.
pub const COVERAGE_WINDOW_DAYS: i64 = 90;
/// Days of consumption behind turnover and the ABC curve.
pub const YEAR_WINDOW_DAYS: i64 = 365;
/// The expiry windows (days from today).
pub const EXPIRY_WINDOWS: [i64; 3] = [30, 60, 90];

/// The overview's figures as a filter of the materials list (each card's list), per the definitions above.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockSituation {
    BelowMinimum,
    AtReorderPoint,
    StockOut,
    Negative,
    Expired,
    /// Expiring from today through today + N days.
    Expiring(i64),
}

/// A materials-list filter by situation at some locations (`None`: central and clinics).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SituationFilter {
    pub situation: StockSituation,
    pub locations: Option<Vec<String>>,
    pub today: NaiveDate,
}

fn is_use_end(id: &str) -> bool {
    id == LocationKind::Consumption.singleton_id().unwrap_or_default()
        || id == LocationKind::Customer.singleton_id().unwrap_or_default()
}

fn is_virtual_end(id: &str) -> bool {
    [
        LocationKind::Supplier,
        LocationKind::Consumption,
        LocationKind::Customer,
        LocationKind::Loss,
        LocationKind::Adjustment,
    ]
    .iter()
    .any(|k| k.singleton_id() == Some(id))
}

/// What a ledger row adds to the consumption projection: (physical location, qty, value), or nothing. A row to
/// CONSUMPTION or CUSTOMER from a physical location adds; the reverse direction (a reversal) subtracts.
pub fn consumption_delta<'a>(
    from: &'a str,
    to: &'a str,
    qty_milli: i64,
    value_cents: i64,
) -> Option<(&'a str, i64, i64)> {
    if is_use_end(to) && !is_virtual_end(from) {
        Some((from, qty_milli, value_cents))
    } else if is_use_end(from) && !is_virtual_end(to) {
        Some((to, -qty_milli, -value_cents))
    } else {
        None
    }
}

/// The pair figures as SQL conditions, for the store (the overview's counts and the materials list's filters):
/// `on_hand` is an expression of the pair's on-hand (every lot), `p` the alias of its policy row
/// (`min_qty_milli`, `reorder_point_milli`). Kept here, beside the definitions above, so that the database and
/// this documentation say the same.
pub mod sql {
    /// Below minimum: a minimum > 0 and on-hand below it.
    pub fn below_minimum(on_hand: &str, p: &str) -> String {
        format!("({p}.min_qty_milli > 0 AND {on_hand} < {p}.min_qty_milli)")
    }

    /// At reorder point: a reorder point > 0, on-hand at or under it, and not below the minimum.
    pub fn at_reorder_point(on_hand: &str, p: &str) -> String {
        format!(
            "({p}.reorder_point_milli > 0 AND {on_hand} <= {p}.reorder_point_milli AND NOT {})",
            below_minimum(on_hand, p)
        )
    }

    /// A stock-out (of a pair stocked there — policy or balance row — of an active material).
    pub fn stock_out(on_hand: &str) -> String {
        format!("({on_hand} <= 0)")
    }
}

/// What the store reads of the balance projection and the policies at the chosen locations, already grouped by
/// the database with the conditions of [`sql`]: the overview never carries every balance row into Rust.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BalanceTotals {
    /// Per material with a net quantity ≠ 0 over the locations: (net quantity, average cost).
    pub material_nets: Vec<(i64, i64)>,
    pub below_minimum: i64,
    pub at_reorder_point: i64,
    pub stock_outs: i64,
    pub negative_balances: i64,
    /// The balance rows > 0 of lots with an expiry date up to today + the widest expiry window (expired too).
    pub dated_lots: Vec<DatedLot>,
}

/// A balance row (> 0) of a dated lot at a chosen location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatedLot {
    pub lot_id: String,
    pub expiry_date: NaiveDate,
    pub qty_milli: i64,
    pub avg_cost_micro: i64,
}

/// A material's consumption value at the chosen locations over the two windows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaterialConsumption {
    pub material_id: String,
    pub sku: String,
    pub name: String,
    pub last_90_cents: i64,
    pub last_365_cents: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LotsValue {
    pub lots: i64,
    pub value_cents: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbcClass {
    A,
    B,
    C,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbcItem {
    pub material_id: String,
    pub sku: String,
    pub name: String,
    pub value_cents: i64,
    /// The cumulative share including this item, in basis points.
    pub cumulative_bp: i64,
    pub class: AbcClass,
}

/// The figures of one selection of locations (the store adds in-transit value and the last count).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Figures {
    pub stock_value_cents: i64,
    pub below_minimum: i64,
    pub at_reorder_point: i64,
    pub stock_outs: i64,
    pub negative_balances: i64,
    pub expired: LotsValue,
    /// Per window of [`EXPIRY_WINDOWS`].
    pub expiring: [LotsValue; 3],
    pub consumption_90_cents: i64,
    pub consumption_365_cents: i64,
    pub coverage_days: Option<i64>,
    pub turnover_hundredths: Option<i64>,
    pub abc: Vec<AbcItem>,
}

fn clamp(v: i128) -> i64 {
    i64::try_from(v).unwrap_or(if v > 0 { i64::MAX } else { i64::MIN })
}

/// The figures, per the definitions above, from what the store grouped.
pub fn figures(
    balances: &BalanceTotals,
    consumption: &[MaterialConsumption],
    today: NaiveDate,
) -> Figures {
    let mut f = Figures {
        below_minimum: balances.below_minimum,
        at_reorder_point: balances.at_reorder_point,
        stock_outs: balances.stock_outs,
        negative_balances: balances.negative_balances,
        ..Figures::default()
    };
    let mut expired_lots: BTreeSet<&str> = BTreeSet::new();
    let mut expiring_lots: [BTreeSet<&str>; 3] = Default::default();
    for p in balances.dated_lots.iter().filter(|p| p.qty_milli > 0) {
        let value = value_cents(p.qty_milli, p.avg_cost_micro);
        if p.expiry_date < today {
            expired_lots.insert(&p.lot_id);
            f.expired.value_cents += value;
        } else {
            let days = (p.expiry_date - today).num_days();
            for (i, window) in EXPIRY_WINDOWS.iter().enumerate() {
                if days <= *window {
                    expiring_lots[i].insert(&p.lot_id);
                    f.expiring[i].value_cents += value;
                }
            }
        }
    }
    f.expired.lots = expired_lots.len() as i64;
    for (i, lots) in expiring_lots.iter().enumerate() {
        f.expiring[i].lots = lots.len() as i64;
    }
    f.stock_value_cents = balances
        .material_nets
        .iter()
        .map(|(q, cost)| value_cents(*q, *cost))
        .sum();
    f.consumption_90_cents = consumption.iter().map(|c| c.last_90_cents).sum();
    f.consumption_365_cents = consumption.iter().map(|c| c.last_365_cents).sum();
    f.coverage_days = coverage_days(f.stock_value_cents, f.consumption_90_cents);
    f.turnover_hundredths = turnover_hundredths(f.consumption_365_cents, f.stock_value_cents);
    f.abc = abc(consumption);
    f
}

/// Stock value ÷ (consumption over [`COVERAGE_WINDOW_DAYS`] ÷ that many days), half-even; none without
/// consumption, 0 without stock.
pub fn coverage_days(stock_value_cents: i64, consumption_cents: i64) -> Option<i64> {
    if consumption_cents <= 0 {
        return None;
    }
    Some(clamp(div_half_even(
        i128::from(stock_value_cents.max(0)) * i128::from(COVERAGE_WINDOW_DAYS),
        i128::from(consumption_cents),
    )))
}

/// Consumption over [`YEAR_WINDOW_DAYS`] ÷ stock value, in hundredths, half-even; none without stock.
pub fn turnover_hundredths(consumption_cents: i64, stock_value_cents: i64) -> Option<i64> {
    if stock_value_cents <= 0 {
        return None;
    }
    Some(clamp(div_half_even(
        i128::from(consumption_cents.max(0)) * 100,
        i128::from(stock_value_cents),
    )))
}

/// The ABC curve over the last 365 days' consumption value (see the module's definitions).
pub fn abc(consumption: &[MaterialConsumption]) -> Vec<AbcItem> {
    let mut items: Vec<&MaterialConsumption> = consumption
        .iter()
        .filter(|c| c.last_365_cents > 0)
        .collect();
    items.sort_by(|a, b| {
        b.last_365_cents
            .cmp(&a.last_365_cents)
            .then_with(|| a.sku.cmp(&b.sku))
    });
    let total: i128 = items.iter().map(|c| i128::from(c.last_365_cents)).sum();
    let mut before: i128 = 0;
    items
        .into_iter()
        .map(|c| {
            // A while the share before this item is below 80 %, B below 95 %.
            let class = if before * 100 < total * 80 {
                AbcClass::A
            } else if before * 100 < total * 95 {
                AbcClass::B
            } else {
                AbcClass::C
            };
            before += i128::from(c.last_365_cents);
            AbcItem {
                material_id: c.material_id.clone(),
                sku: c.sku.clone(),
                name: c.name.clone(),
                value_cents: c.last_365_cents,
                cumulative_bp: clamp(div_half_even(before * 10_000, total.max(1))),
                class,
            }
        })
        .collect()
}

/// 1 − adjusted ÷ counted, in basis points (10,000 = 100 %), half-even, at least 0; none when nothing of
/// value was counted.
pub fn accuracy_bp(adjusted_cents: i64, counted_cents: i64) -> Option<i64> {
    if counted_cents <= 0 {
        return None;
    }
    let off = div_half_even(
        i128::from(adjusted_cents.abs()) * 10_000,
        i128::from(counted_cents),
    );
    Some(clamp((10_000 - off).max(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn lot(lot: &str, q: i64, cost: i64, expiry: &str) -> DatedLot {
        DatedLot {
            lot_id: lot.into(),
            expiry_date: d(expiry),
            qty_milli: q,
            avg_cost_micro: cost,
        }
    }

    fn cons(m: &str, c90: i64, c365: i64) -> MaterialConsumption {
        MaterialConsumption {
            material_id: m.into(),
            sku: m.to_uppercase(),
            name: m.into(),
            last_90_cents: c90,
            last_365_cents: c365,
        }
    }

    #[test]
    fn consumption_is_use_and_sale_net_of_reversals() {
        assert_eq!(
            consumption_delta("clinic", "loc-consumption", 5, 10),
            Some(("clinic", 5, 10))
        );
        assert_eq!(
            consumption_delta("loc-customer", "central", 5, 10),
            Some(("central", -5, -10))
        );
        assert_eq!(consumption_delta("central", "loc-loss", 5, 10), None);
        assert_eq!(consumption_delta("central", "loc-in-transit", 5, 10), None);
        assert_eq!(consumption_delta("loc-supplier", "central", 5, 10), None);
    }

    #[test]
    fn figures_per_the_definitions() {
        let today = d("2026-12-08");
        let balances = BalanceTotals {
            // a: 10 UN at R$ 2,00; b: 5 − 1 UN at R$ 1,00; c: held before, empty now.
            material_nets: vec![(10_000, 2_000_000), (4_000, 1_000_000), (0, 3_000_000)],
            below_minimum: 1,
            at_reorder_point: 1,
            stock_outs: 3,
            negative_balances: 1,
            dated_lots: vec![
                // a's two lots: one expired, one expiring in 20 days, the same lot at two places counted once.
                lot("la1", 4_000, 2_000_000, "2026-12-01"),
                lot("la2", 3_000, 2_000_000, "2026-12-28"),
                lot("la2", 3_000, 2_000_000, "2026-12-28"),
            ],
        };
        let consumption = vec![cons("a", 900, 3_000), cons("b", 0, 1_000)];
        let f = figures(&balances, &consumption, today);
        // a: 10 × 2,00 = 20,00; b: (5 − 1) × 1,00 = 4,00; c: 0.
        assert_eq!(f.stock_value_cents, 2_400);
        assert_eq!((f.below_minimum, f.at_reorder_point), (1, 1));
        assert_eq!((f.stock_outs, f.negative_balances), (3, 1));
        assert_eq!(
            f.expired,
            LotsValue {
                lots: 1,
                value_cents: 800
            }
        );
        assert_eq!(
            f.expiring,
            [LotsValue {
                lots: 1,
                value_cents: 1_200
            }; 3]
        );
        // 2.400 × 90 / 900 = 240 days; 4.000 / 2.400 = 1,67.
        assert_eq!(f.coverage_days, Some(240));
        assert_eq!(f.turnover_hundredths, Some(167));
        assert_eq!(
            f.abc
                .iter()
                .map(|i| (i.sku.as_str(), i.class, i.cumulative_bp))
                .collect::<Vec<_>>(),
            // b: the share before it is 75 % (< 80 %), so A too.
            vec![("A", AbcClass::A, 7_500), ("B", AbcClass::A, 10_000)]
        );
    }

    #[test]
    fn abc_classes_by_the_share_before_each_item() {
        let c = [
            cons("x1", 0, 70),
            cons("x2", 0, 15),
            cons("x3", 0, 6),
            cons("x4", 0, 5),
            cons("x5", 0, 4),
            cons("x6", 0, 0),
        ];
        let classes: Vec<AbcClass> = abc(&c).into_iter().map(|i| i.class).collect();
        // Before: 0 (A), 70 (A), 85 (B), 91 (B), 96 (C); x6 consumed nothing.
        assert_eq!(
            classes,
            [
                AbcClass::A,
                AbcClass::A,
                AbcClass::B,
                AbcClass::B,
                AbcClass::C
            ]
        );
    }

    #[test]
    fn accuracy_and_empty_cases() {
        assert_eq!(accuracy_bp(500, 10_000), Some(9_500));
        assert_eq!(accuracy_bp(-500, 10_000), Some(9_500));
        assert_eq!(accuracy_bp(30_000, 10_000), Some(0));
        assert_eq!(accuracy_bp(0, 0), None);
        assert_eq!(coverage_days(1_000, 0), None);
        assert_eq!(turnover_hundredths(1_000, 0), None);
        assert_eq!(coverage_days(-5, 100), Some(0));
    }
}
