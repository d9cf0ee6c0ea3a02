//! `/dashboard`, the sales dashboard: a month's sold sales summed for a salesperson (their split share), for the
//! teams a manager manages or for the company, the cumulative sold per day against the target pro rata, the
//! standings by team and by unit and the members' ranking. Pure: the month's sold sales (with their split) and the
//! targets come in, already read. A person's part of a sale is [`share_of`], the same as `/minhas-vendas` and the
//! campaign room count it.

use std::collections::{BTreeMap, HashMap};

use chrono::{Duration, NaiveDate};

use super::campaign_room::{
    progress_bp, salesperson_standings, share_of, team_standings, RoomSale, Standing,
};

/// The sales as one person's: those they are in the split of, each worth their share (rounded down per sale), so
/// every sum below counts their part exactly as `/minhas-vendas` does.
pub fn own_part(sales: &[RoomSale], uid: &str) -> Vec<RoomSale> {
    sales
        .iter()
        .filter_map(|sale| {
            let bp: i64 = sale
                .shares
                .iter()
                .filter(|(u, _)| u == uid)
                .map(|(_, bp)| bp)
                .sum();
            let in_split = sale.shares.iter().any(|(u, _)| u == uid);
            in_split.then(|| RoomSale {
                total: share_of(sale.total, bp),
                shares: vec![(uid.to_string(), 10_000)],
                ..sale.clone()
            })
        })
        .collect()
}

/// The value sold and the number of sales.
pub fn totals(sales: &[RoomSale]) -> (i64, i64) {
    (sales.iter().map(|s| s.total).sum(), sales.len() as i64)
}

/// The average ticket: value over number of sales, rounded down (none without sales).
pub fn average_ticket(sold: i64, count: i64) -> Option<i64> {
    (count > 0).then(|| sold / count)
}

/// One day of the month: sold up to it (cumulative) and the target up to it (pro rata by day).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayPoint {
    pub day: NaiveDate,
    pub sold: i64,
    pub target: i64,
}

/// The month's target up to its `nth` day (1-based) of `days`: pro rata, rounded down, the whole target on the
/// last day.
pub fn pro_rata(target: i64, nth: i64, days: i64) -> i64 {
    if days <= 0 {
        return 0;
    }
    // i128: a large target times 31 stays exact.
    (i128::from(target) * i128::from(nth.clamp(0, days)) / i128::from(days)) as i64
}

/// Every day of `[first, end)` with the sold value accumulated and the target line. `day_of` is a sale's business
/// date.
pub fn cumulative(
    sales: &[RoomSale],
    first: NaiveDate,
    end: NaiveDate,
    target: i64,
    day_of: impl Fn(&RoomSale) -> NaiveDate,
) -> Vec<DayPoint> {
    let mut per_day: BTreeMap<NaiveDate, i64> = BTreeMap::new();
    for sale in sales {
        *per_day.entry(day_of(sale)).or_default() += sale.total;
    }
    let days = (end - first).num_days();
    let mut sold = 0;
    (0..days)
        .map(|i| {
            let day = first + Duration::days(i);
            sold += per_day.get(&day).copied().unwrap_or(0);
            DayPoint {
                day,
                sold,
                target: pro_rata(target, i + 1, days),
            }
        })
        .collect()
}

/// A team's (or a unit's) month: sold, number of sales and its own target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupRow {
    /// The team's id; for a unit, the unit's (empty: teams with no unit).
    pub key: String,
    pub sold: i64,
    pub count: i64,
    pub target: i64,
}

impl GroupRow {
    /// How far the sold value is towards the target (none without one).
    pub fn progress_bp(&self) -> Option<i64> {
        progress_bp(self.sold, Some(self.target))
    }
}

/// Each team of `teams` (id and own target, in the caller's order) with its sales; a team without sales shows
/// zeros. Sorted by value (largest first), then by the caller's order.
pub fn by_team(sales: &[RoomSale], teams: &[(String, i64)]) -> Vec<GroupRow> {
    let standings: HashMap<String, Standing> = team_standings(sales)
        .into_iter()
        .map(|s| (s.key.clone(), s))
        .collect();
    let mut rows: Vec<GroupRow> = teams
        .iter()
        .map(|(id, target)| {
            let s = standings.get(id);
            GroupRow {
                key: id.clone(),
                sold: s.map_or(0, |s| s.value),
                count: s.map_or(0, |s| s.count),
                target: *target,
            }
        })
        .collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.sold));
    rows
}

/// The team rows summed per unit (`unit_of` a team id; a team with none goes under the empty key), by value.
pub fn by_unit(teams: &[GroupRow], unit_of: impl Fn(&str) -> Option<String>) -> Vec<GroupRow> {
    let mut units: BTreeMap<String, GroupRow> = BTreeMap::new();
    for team in teams {
        let key = unit_of(&team.key).unwrap_or_default();
        let row = units.entry(key.clone()).or_insert_with(|| GroupRow {
            key,
            sold: 0,
            count: 0,
            target: 0,
        });
        row.sold += team.sold;
        row.count += team.count;
        row.target += team.target;
    }
    let mut rows: Vec<GroupRow> = units.into_values().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.sold));
    rows
}

/// A member's month in the ranking: their share of the teams' sales against their member targets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    pub user_id: String,
    pub sold: i64,
    pub count: i64,
    pub target: i64,
}

impl MemberRow {
    pub fn progress_bp(&self) -> Option<i64> {
        progress_bp(self.sold, Some(self.target))
    }
}

/// The members (uid and member target, in the caller's order) ranked by their share of `sales` (split partners
/// from outside the teams are left out; a member with no sale shows zeros, after those with sales).
pub fn ranking(sales: &[RoomSale], members: &[(String, i64)]) -> Vec<MemberRow> {
    let targets: HashMap<&str, i64> = members.iter().map(|(u, t)| (u.as_str(), *t)).collect();
    let mut rows: Vec<MemberRow> = salesperson_standings(sales)
        .into_iter()
        .filter_map(|s| {
            targets.get(s.key.as_str()).map(|target| MemberRow {
                target: *target,
                sold: s.value,
                count: s.count,
                user_id: s.key,
            })
        })
        .collect();
    for (uid, target) in members {
        if !rows.iter().any(|r| &r.user_id == uid) {
            rows.push(MemberRow {
                user_id: uid.clone(),
                sold: 0,
                count: 0,
                target: *target,
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, day).unwrap()
    }

    fn sale(
        id: &str,
        team: Option<&str>,
        total: i64,
        day: u32,
        shares: &[(&str, i64)],
    ) -> RoomSale {
        RoomSale {
            sale_id: id.into(),
            owner_id: shares[0].0.into(),
            team_id: team.map(Into::into),
            total,
            confirmed_at: Utc.with_ymd_and_hms(2026, 12, day, 15, 0, 0).unwrap(),
            item: String::new(),
            shares: shares.iter().map(|(u, bp)| (u.to_string(), *bp)).collect(),
        }
    }

    fn month() -> Vec<RoomSale> {
        vec![
            // R$ 1.000,01 split 60/40 between Vera and Ana; R$ 500,00 Vera's alone; R$ 300,00 Otto's, no team.
            sale(
                "A",
                Some("centro"),
                100_001,
                2,
                &[("vera", 6000), ("ana", 4000)],
            ),
            sale("B", Some("centro"), 50_000, 2, &[("vera", 10_000)]),
            sale("C", None, 30_000, 5, &[("otto", 10_000)]),
        ]
    }

    #[test]
    fn a_person_counts_their_share_of_each_sale_they_are_in_rounded_down_per_sale() {
        let vera = own_part(&month(), "vera");
        assert_eq!(totals(&vera), (60_000 + 50_000, 2));
        let ana = own_part(&month(), "ana");
        assert_eq!(totals(&ana), (40_000, 1), "40 % of 1.000,01 rounded down");
        assert_eq!(totals(&own_part(&month(), "nobody")), (0, 0));
        assert_eq!(average_ticket(110_000, 2), Some(55_000));
        assert_eq!(average_ticket(0, 0), None);
    }

    #[test]
    fn the_cumulative_line_adds_each_days_sales_and_the_target_grows_pro_rata() {
        let points = cumulative(&month(), d(1), d(1) + Duration::days(31), 310_000, |s| {
            s.confirmed_at.date_naive()
        });
        assert_eq!(points.len(), 31);
        assert_eq!((points[0].sold, points[0].target), (0, 10_000));
        assert_eq!((points[1].day, points[1].sold), (d(2), 150_001));
        assert_eq!(points[4].sold, 180_001);
        assert_eq!((points[30].sold, points[30].target), (180_001, 310_000));
        // Rounded down each day, the whole target on the last.
        assert_eq!(pro_rata(100, 1, 3), 33);
        assert_eq!(pro_rata(100, 3, 3), 100);
        assert_eq!(pro_rata(100, 1, 0), 0);
    }

    #[test]
    fn teams_units_and_members_are_ranked_with_their_targets_and_zeros_for_the_idle() {
        let teams = by_team(
            &month(),
            &[("norte".to_string(), 0), ("centro".to_string(), 300_000)],
        );
        assert_eq!(
            teams,
            vec![
                GroupRow {
                    key: "centro".into(),
                    sold: 150_001,
                    count: 2,
                    target: 300_000
                },
                GroupRow {
                    key: "norte".into(),
                    sold: 0,
                    count: 0,
                    target: 0
                },
            ],
            "a sale with no team is in no team's row"
        );
        assert_eq!(teams[0].progress_bp(), Some(5000));
        assert_eq!(teams[1].progress_bp(), None);
        let units = by_unit(&teams, |t| (t == "centro").then(|| "clinica".to_string()));
        assert_eq!(
            units
                .iter()
                .map(|u| (u.key.as_str(), u.sold))
                .collect::<Vec<_>>(),
            vec![("clinica", 150_001), ("", 0)]
        );
        let members = [
            ("ana".to_string(), 100_000),
            ("vera".to_string(), 200_000),
            ("bia".to_string(), 0),
        ];
        let rows = ranking(&month(), &members);
        assert_eq!(
            rows.iter()
                .map(|r| (r.user_id.as_str(), r.sold, r.count, r.progress_bp()))
                .collect::<Vec<_>>(),
            vec![
                ("vera", 110_000, 2, Some(5500)),
                ("ana", 40_000, 1, Some(4000)),
                ("bia", 0, 0, None),
            ],
            "Otto is no member: left out"
        );
    }
}
