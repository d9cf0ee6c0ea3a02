//! `/dashboard`, the sales dashboard of a month, by role (sales-crm-commissions.md §4 and §6 `sales/reports,
//! dashboard`): a salesperson their own split share against their member targets; a sales manager the teams they
//! manage with the members' ranking; finance and administrators the company, optionally one unit or one team,
//! with the standings by team and by unit. The CRM gives the conversion, the funnel and the activities
//! ([`crm::service::Teams::pipeline`]). See [`crate::domain::dashboard`] for the sums.
//!
//! Sold is what `/minhas-vendas` counts: confirmed in the month (São Paulo) and not cancelled since; a team's
//! sales are those of the team snapshot on the sale. Commissions are not here yet: that context does not exist.

use std::collections::HashMap;
use std::sync::Arc;

use crm::domain::{Month, Reach, Targets};
use crm::service::{PipelineOf, TeamView};
use platform::clock::{business_date, start_of_day, SharedClock};
use platform::db::Db;
use platform::error::{Error, Result};
use platform::Principal;

use crate::domain::campaign_room::RoomSale;
use crate::domain::dashboard::{
    average_ticket, by_team, by_unit, cumulative, own_part, ranking, totals, DayPoint, GroupRow,
    MemberRow,
};
use crate::store::campaign_room::{sold_sales, SoldSales};

/// What the page asks: the month and, for finance and administrators (and a manager among their teams), one
/// unit or one team.
#[derive(Debug, Clone)]
pub struct DashboardQuery {
    pub month: Month,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
}

/// Whose month the dashboard shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DashboardView {
    Own,
    Teams,
    Company,
}

/// An id and the name the page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub id: String,
    pub name: String,
}

/// A team the page may filter by, with its unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamOption {
    pub id: String,
    pub name: String,
    pub unit_id: Option<String>,
}

/// One column of the open funnel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunnelStage {
    pub stage_id: String,
    pub name: String,
    pub count: i64,
    pub value: i64,
}

#[derive(Debug, Clone)]
pub struct Dashboard {
    pub month: Month,
    pub view: DashboardView,
    pub sold: i64,
    pub sold_count: i64,
    pub average_ticket: Option<i64>,
    pub target: i64,
    pub target_count: i64,
    pub won: i64,
    pub lost: i64,
    pub activities_overdue: i64,
    pub activities_due_today: i64,
    pub days: Vec<DayPoint>,
    pub by_team: Vec<(GroupRow, String)>,
    pub by_unit: Vec<(GroupRow, String)>,
    pub ranking: Vec<(MemberRow, String)>,
    pub funnel: Vec<FunnelStage>,
    pub teams: Vec<TeamOption>,
    pub units: Vec<Named>,
}

/// The name of the unit row of teams without a unit.
const NO_UNIT: &str = "Sem unidade";

pub struct SalesDashboard {
    db: Db,
    clock: SharedClock,
    crm: Arc<crm::Crm>,
}

/// The sales and targets a dashboard sums, before the CRM's figures are added.
struct Scoped {
    view: DashboardView,
    sales: Vec<RoomSale>,
    targets: Targets,
    /// (team id, own target) of the teams shown.
    teams: Vec<(String, i64)>,
    /// (member uid, member target) for the ranking.
    members: Vec<(String, i64)>,
    pipeline: crm::service::Pipeline,
    team_options: Vec<TeamOption>,
    unit_of: HashMap<String, Option<String>>,
}

impl SalesDashboard {
    pub fn new(db: Db, clock: SharedClock, crm: Arc<crm::Crm>) -> SalesDashboard {
        SalesDashboard { db, clock, crm }
    }

    pub fn today(&self) -> chrono::NaiveDate {
        self.clock.today()
    }

    /// The month's dashboard for `p`'s role. A salesperson's unit and team are ignored (their month is theirs);
    /// a team outside the caller's teams is 404; a unit with no team of theirs has no sales.
    pub async fn dashboard(&self, p: &Principal, query: DashboardQuery) -> Result<Dashboard> {
        let month = query.month;
        let scoped = match Reach::of(p) {
            Reach::Own => self.own(p, month).await?,
            reach => self.of_teams(p, reach, &query).await?,
        };
        let (sold, sold_count) = totals(&scoped.sales);
        let team_names: HashMap<String, String> = scoped
            .team_options
            .iter()
            .map(|t| (t.id.clone(), t.name.clone()))
            .collect();
        let team_rows = by_team(&scoped.sales, &scoped.teams);
        let unit_names = self.unit_names().await?;
        let unit_rows = by_unit(&team_rows, |t| scoped.unit_of.get(t).cloned().flatten());
        let uids: Vec<&str> = scoped.members.iter().map(|(u, _)| u.as_str()).collect();
        let people = self.crm.teams().names_of(&uids).await?;
        let named = |id: &str, names: &HashMap<String, String>| {
            names.get(id).cloned().unwrap_or_else(|| id.to_string())
        };
        let pipeline = scoped.pipeline;
        let funnel = pipeline
            .stages
            .iter()
            .map(|(id, name)| {
                let open = pipeline.funnel.iter().find(|(s, _, _)| s == id);
                FunnelStage {
                    stage_id: id.clone(),
                    name: name.clone(),
                    count: open.map_or(0, |f| f.1),
                    value: open.map_or(0, |f| f.2),
                }
            })
            .collect();
        Ok(Dashboard {
            month,
            view: scoped.view,
            sold,
            sold_count,
            average_ticket: average_ticket(sold, sold_count),
            target: scoped.targets.sales_value_cents,
            target_count: scoped.targets.sales_count,
            won: pipeline.won,
            lost: pipeline.lost,
            activities_overdue: pipeline.overdue,
            activities_due_today: pipeline.due_today,
            days: cumulative(
                &scoped.sales,
                month.first_day(),
                month.end(),
                scoped.targets.sales_value_cents,
                |s| business_date(s.confirmed_at),
            ),
            by_unit: unit_rows
                .into_iter()
                .map(|r| {
                    let name = if r.key.is_empty() {
                        NO_UNIT.to_string()
                    } else {
                        named(&r.key, &unit_names)
                    };
                    (r, name)
                })
                .collect(),
            by_team: team_rows
                .into_iter()
                .map(|r| {
                    let name = named(&r.key, &team_names);
                    (r, name)
                })
                .collect(),
            ranking: ranking(&scoped.sales, &scoped.members)
                .into_iter()
                .map(|r| {
                    let name = named(&r.user_id, &people);
                    (r, name)
                })
                .collect(),
            funnel,
            units: unit_options(scoped.view, &scoped.team_options, &unit_names),
            teams: scoped.team_options,
        })
    }

    /// A salesperson's month: their share of the sales they are in the split of, against their member targets
    /// summed over their teams of the month; the teams are those of their sales.
    async fn own(&self, p: &Principal, month: Month) -> Result<Scoped> {
        let filter = SoldSales {
            from: start_of_day(month.first_day()),
            to: start_of_day(month.end()),
            campaign_id: None,
            teams: None,
            person: Some(&p.uid),
        };
        let sales = own_part(&sold_sales(&self.db, &filter).await?, &p.uid);
        let teams = self.crm.teams();
        let targets = teams
            .person_targets(month)
            .await?
            .remove(&p.uid)
            .unwrap_or_default();
        let pipeline = teams.pipeline(PipelineOf::Person(&p.uid), month).await?;
        let mut team_ids: Vec<String> = sales.iter().filter_map(|s| s.team_id.clone()).collect();
        team_ids.sort();
        team_ids.dedup();
        let names = teams.team_names().await?;
        Ok(Scoped {
            view: DashboardView::Own,
            sales,
            targets,
            teams: team_ids.iter().map(|t| (t.clone(), 0)).collect(),
            members: Vec::new(),
            pipeline,
            team_options: team_ids
                .into_iter()
                .map(|id| TeamOption {
                    name: names.get(&id).cloned().unwrap_or_default(),
                    id,
                    unit_id: None,
                })
                .collect(),
            unit_of: HashMap::new(),
        })
    }

    /// A manager's teams or the company (every team), narrowed to one unit or one team.
    async fn of_teams(
        &self,
        p: &Principal,
        reach: Reach,
        query: &DashboardQuery,
    ) -> Result<Scoped> {
        let month = query.month;
        let crm_teams = self.crm.teams();
        // A manager's list is the teams they manage; finance's and administrators' every team, archived too (a
        // team archived since still sold in its month).
        let views = crm_teams.list(p, month, true).await?;
        let team_options: Vec<TeamOption> = views
            .iter()
            .filter(|v| !v.team.archived)
            .map(|v| TeamOption {
                id: v.team.id.clone(),
                name: v.team.name.clone(),
                unit_id: v.team.unit_id.clone(),
            })
            .collect();
        let unit_of = views
            .iter()
            .map(|v| (v.team.id.clone(), v.team.unit_id.clone()))
            .collect();
        let shown = narrowed(views, query)?;
        let narrowed_down = query.team_id.is_some() || query.unit_id.is_some();
        let team_ids: Vec<String> = shown.iter().map(|v| v.team.id.clone()).collect();
        // The whole company counts the sales of no team too; a manager only their teams'.
        let teams_filter = (reach != Reach::All || narrowed_down).then_some(team_ids.as_slice());
        let filter = SoldSales {
            from: start_of_day(month.first_day()),
            to: start_of_day(month.end()),
            campaign_id: None,
            teams: teams_filter,
            person: None,
        };
        let sales = sold_sales(&self.db, &filter).await?;
        let mut targets = Targets::default();
        for t in shown.iter().filter_map(|v| v.targets.as_ref()) {
            targets.add(t);
        }
        let pipeline = crm_teams
            .pipeline(PipelineOf::Teams(&team_ids), month)
            .await?;
        let teams = shown
            .iter()
            .map(|v| {
                let own = v.targets.as_ref().map_or(0, |t| t.sales_value_cents);
                (v.team.id.clone(), own)
            })
            .collect();
        Ok(Scoped {
            view: if reach == Reach::All {
                DashboardView::Company
            } else {
                DashboardView::Teams
            },
            members: members_of(&shown, month),
            sales,
            targets,
            teams,
            pipeline,
            team_options,
            unit_of,
        })
    }

    async fn unit_names(&self) -> Result<HashMap<String, String>> {
        Ok(platform::units::list(&self.db)
            .await?
            .into_iter()
            .map(|u| (u.id, u.name))
            .collect())
    }
}

/// The units the caller may pick, by name: every unit for the company; a manager's, those of their teams.
fn unit_options(
    view: DashboardView,
    teams: &[TeamOption],
    names: &HashMap<String, String>,
) -> Vec<Named> {
    let mut units: Vec<Named> = names
        .iter()
        .filter(|(id, _)| {
            view == DashboardView::Company || teams.iter().any(|t| t.unit_id.as_ref() == Some(id))
        })
        .map(|(id, name)| Named {
            id: id.clone(),
            name: name.clone(),
        })
        .collect();
    units.sort_by(|a, b| (&a.name, &a.id).cmp(&(&b.name, &b.id)));
    units
}

/// The teams the query keeps: one team (404 when it is not among the caller's), those of one unit, or all. An
/// archived team is kept only when asked for by id or when it had a target in the month.
fn narrowed(views: Vec<TeamView>, query: &DashboardQuery) -> Result<Vec<TeamView>> {
    if let Some(team) = &query.team_id {
        let found: Vec<TeamView> = views.into_iter().filter(|v| &v.team.id == team).collect();
        if found.is_empty() {
            return Err(Error::not_found("Time não encontrado."));
        }
        return Ok(found);
    }
    Ok(views
        .into_iter()
        .filter(|v| !v.team.archived || v.targets.is_some())
        .filter(|v| {
            query
                .unit_id
                .as_ref()
                .is_none_or(|u| v.team.unit_id.as_ref() == Some(u))
        })
        .collect())
}

/// Everyone who was a member of these teams on some day of the month, in the teams' order, with their member
/// targets summed over them.
fn members_of(teams: &[TeamView], month: Month) -> Vec<(String, i64)> {
    let (first, last) = (month.first_day(), month.end() - chrono::Duration::days(1));
    let mut members: Vec<(String, i64)> = Vec::new();
    for team in teams {
        for m in &team.members {
            let row = &m.row;
            let in_month = row.joined_on <= last && row.left_on.is_none_or(|l| l >= first);
            if in_month && !members.iter().any(|(u, _)| u == &row.user_id) {
                members.push((row.user_id.clone(), 0));
            }
        }
        for (uid, t) in &team.member_targets {
            if let Some(m) = members.iter_mut().find(|(u, _)| u == uid) {
                m.1 += t.sales_value_cents;
            }
        }
    }
    members
}
