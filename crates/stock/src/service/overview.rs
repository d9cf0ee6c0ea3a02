//! The stock overview (`GET /api/v1/stock/overview`): the figures of `domain::overview` for one location or every
//! location the caller reaches, read from the projections (never a ledger scan).

use chrono::{DateTime, Duration, NaiveDate, Utc};
use platform::error::{Error, Result};
use platform::Principal;

use super::Ledger;
use crate::domain::ledger::value_cents;
use crate::domain::overview::{
    self as rules, BalanceTotals, Figures, COVERAGE_WINDOW_DAYS, YEAR_WINDOW_DAYS,
};
use crate::domain::{Location, LocationKind};
use crate::store::{overview as store, registers};

/// The last posted count at the chosen locations and its accuracy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastCount {
    pub id: String,
    pub number: String,
    pub location_id: String,
    pub finished_at: Option<DateTime<Utc>>,
    /// Σ counted quantity × average cost.
    pub counted_cents: i64,
    /// Σ |difference| × average cost.
    pub adjusted_cents: i64,
    pub accuracy_bp: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockOverview {
    /// The location chosen (`None`: every location the caller reaches).
    pub location_id: Option<String>,
    /// The locations the caller may choose (central and clinics in reach, active).
    pub locations: Vec<Location>,
    pub today: NaiveDate,
    pub figures: Figures,
    pub in_transit_cents: i64,
    pub last_count: Option<LastCount>,
}

impl Ledger {
    /// The overview of one location (404 when it is not a central or clinic location the caller reaches) or of
    /// every one they reach.
    pub async fn overview(
        &self,
        location_id: Option<&str>,
        principal: &Principal,
    ) -> Result<StockOverview> {
        let db = self.db();
        let scope = super::scope(db, principal).await?;
        let reachable: Vec<Location> = registers::locations(db, scope.as_deref())
            .await?
            .into_iter()
            .filter(|l| matches!(l.kind, LocationKind::Central | LocationKind::Clinic))
            .collect();
        let chosen: Vec<String> = match location_id {
            Some(id) => {
                if !reachable.iter().any(|l| l.id == id) {
                    return Err(Error::not_found("Local não encontrado."));
                }
                vec![id.to_string()]
            }
            None => reachable.iter().map(|l| l.id.clone()).collect(),
        };
        let today = platform::clock::business_date(self.now());
        let since_90 = today - Duration::days(COVERAGE_WINDOW_DAYS - 1);
        let since_365 = today - Duration::days(YEAR_WINDOW_DAYS - 1);
        let (balances, consumption) = if chosen.is_empty() {
            Default::default()
        } else {
            // Independent reads of the projections, each on its own pooled connection at the same time: the
            // overview waits for the slowest rather than for their sum.
            let (material_nets, (stock_outs, negative_balances), policy, dated_lots, consumption) =
                tokio::try_join!(
                    store::material_nets(db, &chosen),
                    store::held_pairs(db, &chosen),
                    store::policy_pairs(db, &chosen),
                    store::dated_lots(
                        db,
                        &chosen,
                        today + Duration::days(rules::EXPIRY_WINDOWS[2])
                    ),
                    store::consumption(db, &chosen, since_90, since_365),
                )?;
            let (below_minimum, at_reorder_point, never_held) = policy;
            let balances = BalanceTotals {
                material_nets,
                below_minimum,
                at_reorder_point,
                stock_outs: stock_outs + never_held,
                negative_balances,
                dated_lots,
            };
            (balances, consumption)
        };
        let figures = rules::figures(&balances, &consumption, today);
        // Everyone else's dispatches are every dispatch; a clinic user's, or one location's, those touching it.
        let transit_scope = (location_id.is_some() || scope.is_some()).then_some(&chosen);
        let in_transit_cents = if transit_scope.is_some_and(|c| c.is_empty()) {
            0
        } else {
            store::in_transit(db, transit_scope.map(|c| c.as_slice()))
                .await?
                .into_iter()
                .map(|(qty, cost)| value_cents(qty, cost))
                .sum()
        };
        let last = if chosen.is_empty() {
            None
        } else {
            store::last_count(db, &chosen).await?
        };
        let last_count = match last {
            Some((id, number, location_id, finished_at)) => {
                let (mut adjusted_cents, mut counted_cents) = (0, 0);
                for (diff, counted, cost) in store::count_totals(db, &id).await? {
                    adjusted_cents += value_cents(diff, cost);
                    counted_cents += value_cents(counted, cost);
                }
                Some(LastCount {
                    id,
                    number,
                    location_id,
                    finished_at,
                    counted_cents,
                    adjusted_cents,
                    accuracy_bp: rules::accuracy_bp(adjusted_cents, counted_cents),
                })
            }
            None => None,
        };
        Ok(StockOverview {
            location_id: location_id.map(String::from),
            locations: reachable.into_iter().filter(|l| l.active).collect(),
            today,
            figures,
            in_transit_cents,
            last_count,
        })
    }
}
