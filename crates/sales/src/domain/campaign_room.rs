//! `/blackfriday`, the campaign room (a TV screen for sales rooms): which Black Friday campaign to show on a date,
//! the goals' progress, the team ranking, the top salespeople by their split share and the ticker of the latest
//! sales. Pure: the campaign's sold sales come in, already read.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use crm::domain::campaign::{Campaign, CampaignKind};

/// A sold sale of the campaign: confirmed in its window, not cancelled, with a line at the campaign's price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomSale {
    pub sale_id: String,
    pub owner_id: String,
    /// The owner's team on the day of the sale.
    pub team_id: Option<String>,
    /// Centavos.
    pub total: i64,
    pub confirmed_at: DateTime<Utc>,
    /// The description of the sale's first line at the campaign price (what the ticker shows).
    pub item: String,
    /// (salesperson, basis points), summing 10 000.
    pub shares: Vec<(String, i64)>,
}

/// Someone's (a team's or a salesperson's) standing: value in centavos and number of sales.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub key: String,
    pub value: i64,
    pub count: i64,
}

/// A salesperson's part of a sale: their share of its total, rounded down (as `/minhas-vendas` counts it).
pub fn share_of(total: i64, share_bp: i64) -> i64 {
    total * share_bp / 10_000
}

/// The standings by value (largest first), then by count, then by key so the order is stable.
fn ranked(totals: HashMap<String, (i64, i64)>) -> Vec<Standing> {
    let mut rows: Vec<Standing> = totals
        .into_iter()
        .map(|(key, (value, count))| Standing { key, value, count })
        .collect();
    rows.sort_by(|a, b| (b.value, b.count, &a.key).cmp(&(a.value, a.count, &b.key)));
    rows
}

/// Per team: the whole value and the number of its sales (a sale with no team is in no team's row).
pub fn team_standings(sales: &[RoomSale]) -> Vec<Standing> {
    let mut totals: HashMap<String, (i64, i64)> = HashMap::new();
    for sale in sales {
        if let Some(team) = &sale.team_id {
            let row = totals.entry(team.clone()).or_default();
            row.0 += sale.total;
            row.1 += 1;
        }
    }
    ranked(totals)
}

/// Per salesperson: their share of each sale they are in the split of, and how many those sales are.
pub fn salesperson_standings(sales: &[RoomSale]) -> Vec<Standing> {
    let mut totals: HashMap<String, (i64, i64)> = HashMap::new();
    for sale in sales {
        for (uid, bp) in &sale.shares {
            let row = totals.entry(uid.clone()).or_default();
            row.0 += share_of(sale.total, *bp);
            row.1 += 1;
        }
    }
    ranked(totals)
}

/// The same standings by number of sales (most first), then by value.
pub fn by_count(mut rows: Vec<Standing>) -> Vec<Standing> {
    rows.sort_by(|a, b| (b.count, b.value, &a.key).cmp(&(a.count, a.value, &b.key)));
    rows
}

/// The latest `n` sales, newest first.
pub fn ticker(sales: &[RoomSale], n: usize) -> Vec<&RoomSale> {
    let mut latest: Vec<&RoomSale> = sales.iter().collect();
    latest.sort_by(|a, b| (b.confirmed_at, &b.sale_id).cmp(&(a.confirmed_at, &a.sale_id)));
    latest.truncate(n);
    latest
}

/// How far `done` is towards `goal`, in basis points (10 000 = 100 %; above it when the goal is beaten). None
/// when the campaign set no goal, or a zero one.
pub fn progress_bp(done: i64, goal: Option<i64>) -> Option<i64> {
    match goal {
        Some(goal) if goal > 0 => Some(done.max(0).saturating_mul(10_000) / goal),
        _ => None,
    }
}

/// The Black Friday campaign to show on `today`, or the last and the next ones when none is running.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice<'a> {
    Running(&'a Campaign),
    Idle {
        last: Option<&'a Campaign>,
        next: Option<&'a Campaign>,
    },
}

/// Among the `black_friday` campaigns: the one running `today` (the latest started when two overlap); else the
/// last one to have ended and the next one to start.
pub fn choose(campaigns: &[Campaign], today: NaiveDate) -> Choice<'_> {
    let black_friday = || {
        campaigns
            .iter()
            .filter(|c| c.fields.kind == CampaignKind::BlackFriday)
    };
    let running = black_friday()
        .filter(|c| c.fields.is_running(today))
        .max_by(|a, b| (a.fields.starts_on, &a.id).cmp(&(b.fields.starts_on, &b.id)));
    if let Some(c) = running {
        return Choice::Running(c);
    }
    let last = black_friday()
        .filter(|c| c.fields.ends_on < today)
        .max_by(|a, b| (a.fields.ends_on, &a.id).cmp(&(b.fields.ends_on, &b.id)));
    let next = black_friday()
        .filter(|c| c.fields.starts_on > today)
        .min_by(|a, b| (a.fields.starts_on, &a.id).cmp(&(b.fields.starts_on, &b.id)));
    Choice::Idle { last, next }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use crm::domain::campaign::CampaignFields;

    fn d(m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, day).unwrap()
    }

    fn campaign(id: &str, kind: CampaignKind, starts: NaiveDate, ends: NaiveDate) -> Campaign {
        let at = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
        Campaign {
            id: id.into(),
            fields: CampaignFields {
                name: id.into(),
                kind,
                starts_on: starts,
                ends_on: ends,
                goal_value: None,
                goal_count: None,
                promo_prices: Vec::new(),
            },
            version: 1,
            created_at: at,
            updated_at: at,
            created_by: "u".into(),
            updated_by: "u".into(),
        }
    }

    fn sale(
        id: &str,
        team: Option<&str>,
        total: i64,
        minute: u32,
        shares: &[(&str, i64)],
    ) -> RoomSale {
        RoomSale {
            sale_id: id.into(),
            owner_id: shares[0].0.into(),
            team_id: team.map(Into::into),
            total,
            confirmed_at: Utc.with_ymd_and_hms(2026, 11, 27, 15, minute, 0).unwrap(),
            item: format!("item {id}"),
            shares: shares.iter().map(|(u, bp)| (u.to_string(), *bp)).collect(),
        }
    }

    fn rows(standings: &[Standing]) -> Vec<(&str, i64, i64)> {
        standings
            .iter()
            .map(|s| (s.key.as_str(), s.value, s.count))
            .collect()
    }

    #[test]
    fn a_salesperson_ranks_by_their_split_share_and_a_team_by_its_sales() {
        let sales = [
            sale(
                "1",
                Some("centro"),
                100_001,
                1,
                &[("vera", 6_000), ("ana", 4_000)],
            ),
            sale("2", Some("norte"), 50_000, 2, &[("otto", 10_000)]),
            sale("3", Some("centro"), 30_000, 3, &[("ana", 10_000)]),
            sale("4", None, 10_000, 4, &[("ana", 10_000)]),
        ];
        // 60 % of 100 001 rounds down to 60 000; Ana has 40 000 + 30 000 + 10 000 over three sales.
        assert_eq!(
            rows(&salesperson_standings(&sales)),
            [("ana", 80_000, 3), ("vera", 60_000, 1), ("otto", 50_000, 1)]
        );
        assert_eq!(
            rows(&by_count(salesperson_standings(&sales))),
            [("ana", 80_000, 3), ("vera", 60_000, 1), ("otto", 50_000, 1)]
        );
        // The sale with no team is in no team's row.
        assert_eq!(
            rows(&team_standings(&sales)),
            [("centro", 130_001, 2), ("norte", 50_000, 1)]
        );
    }

    #[test]
    fn by_count_puts_the_most_sales_first_and_breaks_ties_by_value() {
        let sales = [
            sale("1", None, 90_000, 1, &[("vera", 10_000)]),
            sale("2", None, 1_000, 2, &[("otto", 10_000)]),
            sale("3", None, 2_000, 3, &[("otto", 10_000)]),
            sale("4", None, 5_000, 4, &[("ana", 10_000)]),
        ];
        assert_eq!(
            rows(&by_count(salesperson_standings(&sales))),
            [("otto", 3_000, 2), ("vera", 90_000, 1), ("ana", 5_000, 1)]
        );
    }

    #[test]
    fn the_ticker_is_the_latest_sales_newest_first() {
        let sales = [
            sale("1", None, 1, 10, &[("vera", 10_000)]),
            sale("2", None, 1, 30, &[("vera", 10_000)]),
            sale("3", None, 1, 20, &[("vera", 10_000)]),
        ];
        let ids: Vec<&str> = ticker(&sales, 2)
            .iter()
            .map(|s| s.sale_id.as_str())
            .collect();
        assert_eq!(ids, ["2", "3"]);
    }

    #[test]
    fn progress_is_in_basis_points_and_absent_without_a_goal() {
        assert_eq!(progress_bp(125_000, Some(250_000)), Some(5_000));
        assert_eq!(progress_bp(1, Some(3)), Some(3_333));
        assert_eq!(progress_bp(300, Some(200)), Some(15_000));
        assert_eq!(progress_bp(10, Some(0)), None);
        assert_eq!(progress_bp(10, None), None);
    }

    #[test]
    fn the_running_black_friday_is_chosen_else_the_last_and_the_next() {
        let bf = CampaignKind::BlackFriday;
        let campaigns = [
            campaign("bf-2025", bf, d(1, 1), d(1, 10)),
            campaign("bf-nov", bf, d(11, 20), d(11, 30)),
            campaign("verao", CampaignKind::Seasonal, d(11, 1), d(12, 31)),
            campaign("bf-dez", bf, d(12, 20), d(12, 26)),
            campaign("bf-jan", bf, d(12, 28), d(12, 31)),
        ];
        // Start and end days are inside.
        for day in [d(11, 20), d(11, 25), d(11, 30)] {
            assert_eq!(choose(&campaigns, day), Choice::Running(&campaigns[1]));
        }
        // The seasonal one runs on 07/12 but is not a Black Friday.
        assert_eq!(
            choose(&campaigns, d(12, 7)),
            Choice::Idle {
                last: Some(&campaigns[1]),
                next: Some(&campaigns[3]),
            }
        );
        assert_eq!(
            choose(&campaigns[2..3], d(12, 7)),
            Choice::Idle {
                last: None,
                next: None,
            }
        );
    }

    #[test]
    fn of_two_overlapping_black_fridays_the_latest_started_is_shown() {
        let bf = CampaignKind::BlackFriday;
        let campaigns = [
            campaign("long", bf, d(11, 1), d(11, 30)),
            campaign("short", bf, d(11, 25), d(11, 28)),
        ];
        assert_eq!(
            choose(&campaigns, d(11, 26)),
            Choice::Running(&campaigns[1])
        );
        assert_eq!(
            choose(&campaigns, d(11, 29)),
            Choice::Running(&campaigns[0])
        );
    }
}
