//! `Teams::compare`: the team comparison of sales-crm-commissions.md §4 in one call. The metrics are defined in
//! `domain::comparison`; this reads the grouped events, the memberships, the targets and the funnel, and puts
//! them together.

use std::collections::{BTreeMap, HashMap};

use chrono::{Duration, NaiveDate};
use platform::clock::start_of_day;
use platform::{Error, Principal};

use super::teams::not_found;
use super::Teams;
use crate::domain::comparison::{
    self, average_members_milli, bucket_end, bucket_starts, months_of, target_within,
    ComparisonInput, Figures, Membership, LEAD_WINDOW_DAYS,
};
use crate::domain::Month;
use crate::store::comparison::{self as store, Who};
use crate::store::teams as team_store;

type Result<T> = std::result::Result<T, Error>;

/// The comparison of a few teams over a period.
#[derive(Debug, Clone)]
pub struct Comparison {
    pub input: ComparisonInput,
    pub previous: (NaiveDate, NaiveDate),
    /// The funnel's working stages, left to right: (id, name).
    pub stages: Vec<(String, String)>,
    /// In the order asked.
    pub teams: Vec<TeamComparison>,
}

#[derive(Debug, Clone)]
pub struct TeamComparison {
    pub id: String,
    pub name: String,
    pub average_members_milli: i64,
    pub previous_average_members_milli: i64,
    pub current: Figures,
    pub previous: Figures,
    pub series: Vec<SeriesPoint>,
    /// Open opportunities per working stage: (stage id, count, expected value in centavos).
    pub funnel: Vec<(String, i64, i64)>,
    pub members: Vec<MemberPoint>,
}

/// One bucket of a team's series, with the running totals the cumulative chart draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesPoint {
    pub start: NaiveDate,
    pub label: String,
    pub activities_done: i64,
    pub won: i64,
    pub activities_target: i64,
    pub cumulative_done: i64,
    pub cumulative_target: i64,
}

/// A member's dot on the scatter: done activities against won opportunities in the period.
#[derive(Debug, Clone)]
pub struct MemberPoint {
    pub user_id: String,
    pub name: String,
    pub activities_done: i64,
    pub won: i64,
}

impl Teams {
    /// Compares 2–6 teams. A manager compares only teams they manage: any other id is 404, as if it did not
    /// exist.
    pub async fn compare(&self, p: &Principal, input: ComparisonInput) -> Result<Comparison> {
        let visible = self.visible_teams(p).await?;
        let mut names = Vec::new();
        for id in &input.team_ids {
            let team = team_store::team(self.db(), id)
                .await?
                .ok_or_else(not_found)?;
            if visible.as_ref().is_some_and(|v| !v.contains(&team.id)) {
                return Err(not_found());
            }
            names.push((team.id, team.name));
        }
        let memberships = self.memberships(&input.team_ids).await?;
        let previous = input.previous();
        let events = store::day_events(
            self.db(),
            Who::Teams(&input.team_ids),
            start_of_day(previous.0),
            start_of_day(input.to + Duration::days(1)),
            LEAD_WINDOW_DAYS,
        )
        .await?;
        let mut tallies = comparison::tally(&input, &memberships, &events);
        let targets = self.activity_targets(&input, previous).await?;
        let mut funnels: HashMap<String, Vec<(String, i64, i64)>> = HashMap::new();
        for row in store::open_funnel(self.db(), Who::Teams(&input.team_ids)).await? {
            funnels.entry(row.team_id).or_default().push((
                row.stage_id,
                row.count,
                row.value_cents,
            ));
        }
        let uids: Vec<&str> = memberships
            .values()
            .flatten()
            .map(|m| m.user_id.as_str())
            .collect();
        let people = self.names_of(&uids).await?;
        let mut teams = Vec::new();
        for (id, name) in names {
            let mut tally = tallies.remove(&id).unwrap_or_default();
            let monthly = targets.get(&id).cloned().unwrap_or_default();
            tally.current.activities_target = period_target(&monthly, input.from, input.to);
            tally.previous.activities_target = period_target(&monthly, previous.0, previous.1);
            let series = series(&input, &tally.buckets, &monthly);
            let members = tally
                .members
                .iter()
                .map(|(uid, ev)| MemberPoint {
                    user_id: uid.clone(),
                    name: people.get(uid).cloned().unwrap_or_else(|| uid.clone()),
                    activities_done: ev.activities_done(),
                    won: ev.won,
                })
                .collect();
            let members_of_team = memberships.get(&id).map_or(&[][..], Vec::as_slice);
            teams.push(TeamComparison {
                average_members_milli: average_members_milli(members_of_team, input.from, input.to),
                previous_average_members_milli: average_members_milli(
                    members_of_team,
                    previous.0,
                    previous.1,
                ),
                funnel: funnels.remove(&id).unwrap_or_default(),
                current: tally.current,
                previous: tally.previous,
                series,
                members,
                id,
                name,
            });
        }
        Ok(Comparison {
            stages: store::working_stages(self.db()).await?,
            input,
            previous,
            teams,
        })
    }

    pub(super) async fn memberships(
        &self,
        team_ids: &[String],
    ) -> Result<BTreeMap<String, Vec<Membership>>> {
        let mut all: BTreeMap<String, Vec<Membership>> = BTreeMap::new();
        for m in team_store::members(self.db(), None).await? {
            if team_ids.contains(&m.team_id) {
                all.entry(m.team_id.clone()).or_default().push(Membership {
                    user_id: m.user_id,
                    joined: m.joined_on,
                    left: m.left_on,
                });
            }
        }
        Ok(all)
    }

    /// Each team's monthly activities target (the team's own row) for the months of both periods.
    pub(super) async fn activity_targets(
        &self,
        input: &ComparisonInput,
        previous: (NaiveDate, NaiveDate),
    ) -> Result<HashMap<String, Vec<(Month, i64)>>> {
        let mut targets: HashMap<String, Vec<(Month, i64)>> = HashMap::new();
        for month in months_of(previous.0, input.to) {
            for (team, row) in team_store::all_targets(self.db(), month).await? {
                if row.user_id.is_empty() && input.team_ids.contains(&team) {
                    targets
                        .entry(team)
                        .or_default()
                        .push((month, row.activities_done));
                }
            }
        }
        Ok(targets)
    }
}

/// A target over `from..=to`: each month's part, pro rata by day.
pub(super) fn period_target(monthly: &[(Month, i64)], from: NaiveDate, to: NaiveDate) -> i64 {
    monthly
        .iter()
        .map(|(m, t)| target_within(*m, *t, from, to))
        .sum()
}

/// The buckets of the period with their running totals (the cumulative chart against the target).
pub(super) fn series(
    input: &ComparisonInput,
    buckets: &BTreeMap<NaiveDate, comparison::Bucket>,
    monthly: &[(Month, i64)],
) -> Vec<SeriesPoint> {
    let (mut done, mut target) = (0, 0);
    bucket_starts(input)
        .into_iter()
        .map(|start| {
            let b = buckets.get(&start).cloned().unwrap_or_default();
            let first = start.max(input.from);
            let bucket_target = period_target(monthly, first, bucket_end(input, start));
            done += b.activities_done;
            target += bucket_target;
            SeriesPoint {
                start: first,
                label: input.granularity.label(first),
                activities_done: b.activities_done,
                won: b.won,
                activities_target: bucket_target,
                cumulative_done: done,
                cumulative_target: target,
            }
        })
        .collect()
}
