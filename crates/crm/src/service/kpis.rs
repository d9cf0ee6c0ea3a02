//! The month KPIs of a team's page and of the salespeople's pages (sales-crm-commissions.md §2: `/crm/times/
//! detalhes`, `/crm/usuarios`, `/crm/usuarios/detalhes`). Every figure is the team comparison's: the same grouped
//! events (`store::comparison::day_events`), the same metrics (`domain::comparison::Figures`), the same
//! cumulative series, only over one team (its members on their days in it) or one person (whatever their team)
//! and one month. Overdue activities (open, due before now) are the one figure of the moment, not of the month.

use std::collections::{BTreeMap, HashMap};

use chrono::Duration;
use platform::clock::start_of_day;
use platform::{Error, Principal};

use super::comparison::{period_target, series};
use super::teams::not_found;
use super::{SeriesPoint, Teams};
use crate::domain::comparison::{
    self, per_person, ComparisonInput, DayEvents, Figures, LEAD_WINDOW_DAYS,
};
use crate::domain::{Month, Targets};
use crate::store::comparison::{self as store, Who};
use crate::store::teams as team_store;

type Result<T> = std::result::Result<T, Error>;

/// How many months the target history goes back (the asked month included).
pub const HISTORY_MONTHS: usize = 12;

/// One person's month: the comparison's figures (the activities target is theirs) and their overdue activities.
#[derive(Debug, Clone, Default)]
pub struct PersonKpis {
    pub user_id: String,
    pub name: String,
    pub figures: Figures,
    pub overdue: i64,
}

/// A team's month: each member's figures on their days in the team, the team's (its own target), the daily
/// cumulative series against the target and the open funnel.
#[derive(Debug, Clone)]
pub struct TeamKpis {
    pub team_id: String,
    pub name: String,
    pub month: Month,
    pub totals: PersonKpis,
    pub members: Vec<PersonKpis>,
    pub series: Vec<SeriesPoint>,
    pub stages: Vec<(String, String)>,
    pub funnel: Vec<(String, i64, i64)>,
}

/// One month of a salesperson's target history.
#[derive(Debug, Clone)]
pub struct TargetMonth {
    pub month: Month,
    pub targets: Targets,
    pub activities_done: i64,
}

/// A salesperson's month with their open funnel and target history (oldest month first).
#[derive(Debug, Clone)]
pub struct UserKpis {
    pub month: Month,
    pub kpis: PersonKpis,
    pub stages: Vec<(String, String)>,
    pub funnel: Vec<(String, i64, i64)>,
    pub history: Vec<TargetMonth>,
}

fn last_day(month: Month) -> chrono::NaiveDate {
    month.end() - Duration::days(1)
}

impl Teams {
    /// A team's month KPIs (404 when `p` may not see the team, as `get`).
    pub async fn team_kpis(&self, p: &Principal, id: &str, month: Month) -> Result<TeamKpis> {
        let team = team_store::team(self.db(), id)
            .await?
            .ok_or_else(not_found)?;
        if self
            .visible_teams(p)
            .await?
            .is_some_and(|v| !v.contains(&team.id))
        {
            return Err(not_found());
        }
        let input = ComparisonInput::month_of_team(&team.id, month);
        let memberships = self.memberships(&input.team_ids).await?;
        let previous = input.previous();
        let events = store::day_events(
            self.db(),
            Who::Teams(&input.team_ids),
            start_of_day(input.from),
            start_of_day(input.to + Duration::days(1)),
            LEAD_WINDOW_DAYS,
        )
        .await?;
        let mut tally = comparison::tally(&input, &memberships, &events)
            .remove(&team.id)
            .unwrap_or_default();
        let monthly = self
            .activity_targets(&input, previous)
            .await?
            .remove(&team.id)
            .unwrap_or_default();
        tally.current.activities_target = period_target(&monthly, input.from, input.to);
        let member_targets: HashMap<String, i64> = team_store::targets(self.db(), &team.id, month)
            .await?
            .into_iter()
            .filter(|t| !t.user_id.is_empty())
            .map(|t| (t.user_id, t.activities_done))
            .collect();
        // Everyone who was in the team on some day of the month, in the order they joined.
        let mut uids: Vec<String> = Vec::new();
        for m in memberships.get(&team.id).map_or(&[][..], Vec::as_slice) {
            let in_month = m.joined <= input.to && m.left.is_none_or(|l| l >= input.from);
            if in_month && !uids.contains(&m.user_id) {
                uids.push(m.user_id.clone());
            }
        }
        let overdue = self.overdue(&uids).await?;
        let names = self
            .names_of(&uids.iter().map(String::as_str).collect::<Vec<_>>())
            .await?;
        let members: Vec<PersonKpis> = uids
            .iter()
            .map(|uid| PersonKpis {
                user_id: uid.clone(),
                name: names.get(uid).cloned().unwrap_or_else(|| uid.clone()),
                figures: Figures {
                    events: tally.members.get(uid).cloned().unwrap_or_default(),
                    activities_target: member_targets.get(uid).copied().unwrap_or(0),
                },
                overdue: overdue.get(uid).copied().unwrap_or(0),
            })
            .collect();
        let totals = PersonKpis {
            user_id: String::new(),
            name: team.name.clone(),
            overdue: members.iter().map(|m| m.overdue).sum(),
            figures: tally.current.clone(),
        };
        let funnel = store::open_funnel(self.db(), Who::Teams(&input.team_ids))
            .await?
            .into_iter()
            .map(|r| (r.stage_id, r.count, r.value_cents))
            .collect();
        Ok(TeamKpis {
            series: series(&input, &tally.buckets, &monthly),
            team_id: team.id,
            name: team.name,
            month,
            totals,
            members,
            stages: store::working_stages(self.db()).await?,
            funnel,
        })
    }

    /// These people's month KPIs, whatever their team, in the order given: one read for a whole list.
    pub async fn people_kpis(&self, uids: &[String], month: Month) -> Result<Vec<PersonKpis>> {
        if uids.is_empty() {
            return Ok(Vec::new());
        }
        let events = store::day_events(
            self.db(),
            Who::People(uids),
            start_of_day(month.first_day()),
            start_of_day(month.end()),
            LEAD_WINDOW_DAYS,
        )
        .await?;
        let mut people = per_person(&events, month.first_day(), last_day(month));
        let targets = self.person_targets(month).await?;
        let overdue = self.overdue(uids).await?;
        let names = self
            .names_of(&uids.iter().map(String::as_str).collect::<Vec<_>>())
            .await?;
        Ok(uids
            .iter()
            .map(|uid| PersonKpis {
                user_id: uid.clone(),
                name: names.get(uid).cloned().unwrap_or_else(|| uid.clone()),
                figures: Figures {
                    events: people.remove(uid).unwrap_or_default(),
                    activities_target: targets.get(uid).map_or(0, |t| t.activities_done),
                },
                overdue: overdue.get(uid).copied().unwrap_or(0),
            })
            .collect())
    }

    /// One person's month KPIs, open funnel and the last [`HISTORY_MONTHS`] months of targets with the done
    /// activities against them. The caller checks the scope.
    pub async fn user_kpis(&self, uid: &str, month: Month) -> Result<UserKpis> {
        let uids = [uid.to_string()];
        let kpis = self
            .people_kpis(&uids, month)
            .await?
            .pop()
            .unwrap_or_default();
        let mut months = vec![month];
        while months.len() < HISTORY_MONTHS {
            let first = months[0].first_day();
            months.insert(0, Month::of(first - Duration::days(1)));
        }
        let events = store::day_events(
            self.db(),
            Who::People(&uids),
            start_of_day(months[0].first_day()),
            start_of_day(month.end()),
            LEAD_WINDOW_DAYS,
        )
        .await?;
        let mut history = Vec::new();
        for m in months {
            let done = per_person(&events, m.first_day(), last_day(m))
                .remove(uid)
                .map_or(0, |e: DayEvents| e.activities_done());
            let targets = self
                .person_targets(m)
                .await?
                .remove(uid)
                .unwrap_or_default();
            history.push(TargetMonth {
                month: m,
                targets,
                activities_done: done,
            });
        }
        let funnel = store::open_funnel(self.db(), Who::People(&uids))
            .await?
            .into_iter()
            .map(|r| (r.stage_id, r.count, r.value_cents))
            .collect();
        Ok(UserKpis {
            month,
            kpis,
            stages: store::working_stages(self.db()).await?,
            funnel,
            history,
        })
    }

    /// Each person's targets for a month: their rows in every team that month, summed (a person who changed
    /// team mid-month has a part in each).
    pub async fn person_targets(&self, month: Month) -> Result<BTreeMap<String, Targets>> {
        let mut all: BTreeMap<String, Targets> = BTreeMap::new();
        for (_, row) in team_store::all_targets(self.db(), month).await? {
            if row.user_id.is_empty() {
                continue;
            }
            all.entry(row.user_id.clone())
                .or_default()
                .add(&row.targets());
        }
        Ok(all)
    }

    /// The teams' own targets for `month` summed (`None`: every team's): a manager's or the company's month.
    pub async fn team_targets(&self, month: Month, teams: Option<&[String]>) -> Result<Targets> {
        let mut sum = Targets::default();
        for (team, row) in team_store::all_targets(self.db(), month).await? {
            if row.user_id.is_empty() && teams.is_none_or(|t| t.contains(&team)) {
                sum.add(&row.targets());
            }
        }
        Ok(sum)
    }

    /// Open activities due before now, per person.
    async fn overdue(&self, uids: &[String]) -> Result<HashMap<String, i64>> {
        if uids.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(store::overdue(self.db(), uids, self.now())
            .await?
            .into_iter()
            .collect())
    }
}

/// Whose pipeline the sales dashboard reads: one person's (whatever their team), or some teams' (their members
/// on their days in them).
#[derive(Debug, Clone, Copy)]
pub enum PipelineOf<'a> {
    Person(&'a str),
    Teams(&'a [String]),
}

/// The CRM side of the sales dashboard's month: opportunities won and lost (closed in the month), the open
/// funnel per working stage, and the open activities overdue (due before now) and still due today (from now to
/// the end of the business day), so the two never count the same activity.
#[derive(Debug, Clone, Default)]
pub struct Pipeline {
    pub won: i64,
    pub lost: i64,
    /// The working stages, left to right: (id, name).
    pub stages: Vec<(String, String)>,
    /// (stage id, open opportunities, expected value in centavos).
    pub funnel: Vec<(String, i64, i64)>,
    pub overdue: i64,
    pub due_today: i64,
}

impl Teams {
    /// The month's pipeline of a person or of some teams (the sales context's door: the caller checks the scope).
    pub async fn pipeline(&self, of: PipelineOf<'_>, month: Month) -> Result<Pipeline> {
        let stages = store::working_stages(self.db()).await?;
        let (from, to) = (start_of_day(month.first_day()), start_of_day(month.end()));
        let (events, who, people) = match of {
            PipelineOf::Person(uid) => {
                let uids = vec![uid.to_string()];
                let events =
                    store::day_events(self.db(), Who::People(&uids), from, to, LEAD_WINDOW_DAYS)
                        .await?;
                let mut mine = DayEvents::default();
                for (_, _, ev) in events.iter().filter(|(u, _, _)| u == uid) {
                    mine.add(ev);
                }
                (mine, uids.clone(), uids)
            }
            PipelineOf::Teams([]) => {
                return Ok(Pipeline {
                    stages,
                    ..Pipeline::default()
                })
            }
            PipelineOf::Teams(team_ids) => {
                let (events, people) = self.teams_events(team_ids, month).await?;
                (events, team_ids.to_vec(), people)
            }
        };
        let funnel_of = match of {
            PipelineOf::Person(_) => Who::People(&who),
            PipelineOf::Teams(_) => Who::Teams(&who),
        };
        let mut funnel: Vec<(String, i64, i64)> = Vec::new();
        // A team funnel comes per (team, stage): summed per stage.
        for row in store::open_funnel(self.db(), funnel_of).await? {
            match funnel.iter_mut().find(|(s, _, _)| *s == row.stage_id) {
                Some(f) => {
                    f.1 += row.count;
                    f.2 += row.value_cents;
                }
                None => funnel.push((row.stage_id, row.count, row.value_cents)),
            }
        }
        let now = self.now();
        let tomorrow = start_of_day(self.today() + Duration::days(1));
        Ok(Pipeline {
            won: events.won,
            lost: events.lost,
            stages,
            funnel,
            overdue: self.overdue(&people).await?.values().sum(),
            due_today: store::due_between(self.db(), &people, now, tomorrow).await?,
        })
    }

    /// The teams' events of the month, each counted for the teams its person was in on its day (as a team's
    /// KPIs count them), and the people who are members of them today (whose activities are theirs now).
    async fn teams_events(
        &self,
        team_ids: &[String],
        month: Month,
    ) -> Result<(DayEvents, Vec<String>)> {
        let input = ComparisonInput {
            team_ids: team_ids.to_vec(),
            ..ComparisonInput::month_of_team("", month)
        };
        let memberships = self.memberships(team_ids).await?;
        let events = store::day_events(
            self.db(),
            Who::Teams(team_ids),
            start_of_day(input.from),
            start_of_day(input.to + Duration::days(1)),
            LEAD_WINDOW_DAYS,
        )
        .await?;
        let mut sum = DayEvents::default();
        for tally in comparison::tally(&input, &memberships, &events).values() {
            sum.add(&tally.current.events);
        }
        let today = self.today();
        let mut people: Vec<String> = memberships
            .values()
            .flatten()
            .filter(|m| m.on(today))
            .map(|m| m.user_id.clone())
            .collect();
        people.sort();
        people.dedup();
        Ok((sum, people))
    }
}
