//! `/api/v1/sales/dashboard`: the sales dashboard (`/dashboard`) of a month, by role: a salesperson's own month,
//! a manager's teams with the members' ranking, the company for finance and administrators (optionally one unit or
//! one team). Amounts in centavos, ratios in basis points.

use std::sync::Arc;

use chrono::NaiveDate;
use crm::domain::Month;
use platform::api::{ApiResult, BearerAuth};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};

use super::SalesTag;
use crate::domain::campaign_room::progress_bp;
use crate::domain::dashboard::{DayPoint, GroupRow, MemberRow};
use crate::permissions::SALES_DASHBOARD_READ;
use crate::service::dashboard::{Dashboard, DashboardView, FunnelStage, Named, TeamOption};
use crate::service::{DashboardQuery, SalesDashboard};

pub struct DashboardApi {
    dashboard: Arc<SalesDashboard>,
}

impl DashboardApi {
    pub fn new(dashboard: Arc<SalesDashboard>) -> DashboardApi {
        DashboardApi { dashboard }
    }
}

/// Whose month: the caller's own (a salesperson), their teams' (a manager) or the company's.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SalesDashboardView")]
pub enum ViewKind {
    #[oai(rename = "proprio")]
    Proprio,
    #[oai(rename = "equipe")]
    Equipe,
    #[oai(rename = "empresa")]
    Empresa,
}

impl From<DashboardView> for ViewKind {
    fn from(v: DashboardView) -> ViewKind {
        match v {
            DashboardView::Own => ViewKind::Proprio,
            DashboardView::Teams => ViewKind::Equipe,
            DashboardView::Company => ViewKind::Empresa,
        }
    }
}

/// A day of the month: sold up to it and the target up to it (pro rata by day).
#[derive(Object)]
#[oai(rename = "SalesDashboardDay")]
pub struct DayView {
    pub date: NaiveDate,
    pub sold: i64,
    pub target: i64,
}

impl From<DayPoint> for DayView {
    fn from(d: DayPoint) -> DayView {
        DayView {
            date: d.day,
            sold: d.sold,
            target: d.target,
        }
    }
}

/// A team's or a unit's month (`id` absent for the teams with no unit).
#[derive(Object)]
#[oai(rename = "SalesDashboardGroup", skip_serializing_if_is_none)]
pub struct GroupView {
    pub id: Option<String>,
    pub name: String,
    pub sold: i64,
    pub count: i64,
    pub target: i64,
    /// Sold over target (absent without a target).
    pub progress_bp: Option<i64>,
}

impl From<(GroupRow, String)> for GroupView {
    fn from((row, name): (GroupRow, String)) -> GroupView {
        GroupView {
            progress_bp: row.progress_bp(),
            id: Some(row.key).filter(|k| !k.is_empty()),
            name,
            sold: row.sold,
            count: row.count,
            target: row.target,
        }
    }
}

/// A member in the ranking: their split share of the teams' sales against their member targets.
#[derive(Object)]
#[oai(rename = "SalesDashboardMember", skip_serializing_if_is_none)]
pub struct MemberView {
    pub user_id: String,
    pub name: String,
    pub sold: i64,
    pub count: i64,
    pub target: i64,
    pub progress_bp: Option<i64>,
}

impl From<(MemberRow, String)> for MemberView {
    fn from((row, name): (MemberRow, String)) -> MemberView {
        MemberView {
            progress_bp: row.progress_bp(),
            user_id: row.user_id,
            name,
            sold: row.sold,
            count: row.count,
            target: row.target,
        }
    }
}

/// A working stage of the open funnel: open opportunities and their expected value.
#[derive(Object)]
#[oai(rename = "SalesDashboardStage")]
pub struct StageView {
    pub stage_id: String,
    pub name: String,
    pub count: i64,
    pub value: i64,
}

impl From<FunnelStage> for StageView {
    fn from(s: FunnelStage) -> StageView {
        StageView {
            stage_id: s.stage_id,
            name: s.name,
            count: s.count,
            value: s.value,
        }
    }
}

/// A team the page's filter offers.
#[derive(Object)]
#[oai(rename = "SalesDashboardTeam", skip_serializing_if_is_none)]
pub struct TeamOptionView {
    pub id: String,
    pub name: String,
    pub unit_id: Option<String>,
}

/// A unit the page's filter offers.
#[derive(Object)]
#[oai(rename = "SalesDashboardUnit")]
pub struct UnitOptionView {
    pub id: String,
    pub name: String,
}

/// The month's dashboard (centavos; ratios in basis points, 10 000 = 100 %).
#[derive(Object)]
#[oai(rename = "SalesDashboard", skip_serializing_if_is_none)]
pub struct SalesDashboardView {
    /// `AAAA-MM`.
    pub month: String,
    pub view: ViewKind,
    /// A salesperson: their split share of each sale (rounded down per sale); otherwise the sales' totals.
    pub sold: i64,
    pub sold_count: i64,
    pub average_ticket: Option<i64>,
    pub target: i64,
    pub target_count: i64,
    /// Sold over target (absent without a target): the gauge.
    pub progress_bp: Option<i64>,
    /// Opportunities won and lost (closed in the month) and won / (won + lost).
    pub won: i64,
    pub lost: i64,
    pub conversion_bp: Option<i64>,
    /// Open activities due before now, and due from now to the end of today.
    pub activities_overdue: i64,
    pub activities_due_today: i64,
    pub days: Vec<DayView>,
    pub by_team: Vec<GroupView>,
    pub by_unit: Vec<GroupView>,
    /// The members of the teams shown, by value (empty for a salesperson).
    pub ranking: Vec<MemberView>,
    pub funnel: Vec<StageView>,
    /// The filter's choices.
    pub teams: Vec<TeamOptionView>,
    pub units: Vec<UnitOptionView>,
}

impl From<Dashboard> for SalesDashboardView {
    fn from(d: Dashboard) -> SalesDashboardView {
        let decided = d.won + d.lost;
        SalesDashboardView {
            month: d.month.to_string(),
            view: d.view.into(),
            progress_bp: progress_bp(d.sold, Some(d.target)),
            conversion_bp: (decided > 0).then(|| d.won * 10_000 / decided),
            sold: d.sold,
            sold_count: d.sold_count,
            average_ticket: d.average_ticket,
            target: d.target,
            target_count: d.target_count,
            won: d.won,
            lost: d.lost,
            activities_overdue: d.activities_overdue,
            activities_due_today: d.activities_due_today,
            days: d.days.into_iter().map(Into::into).collect(),
            by_team: d.by_team.into_iter().map(Into::into).collect(),
            by_unit: d.by_unit.into_iter().map(Into::into).collect(),
            ranking: d.ranking.into_iter().map(Into::into).collect(),
            funnel: d.funnel.into_iter().map(Into::into).collect(),
            teams: d
                .teams
                .into_iter()
                .map(|t: TeamOption| TeamOptionView {
                    id: t.id,
                    name: t.name,
                    unit_id: t.unit_id,
                })
                .collect(),
            units: d
                .units
                .into_iter()
                .map(|u: Named| UnitOptionView {
                    id: u.id,
                    name: u.name,
                })
                .collect(),
        }
    }
}

#[OpenApi(prefix_path = "/api/v1/sales/dashboard", tag = "SalesTag::Sales")]
impl DashboardApi {
    /// The sales dashboard of `month` (AAAA-MM; by default this month in São Paulo; 422 names `month`). A
    /// salesperson sees their own month (`unit_id` and `team_id` are ignored); a manager their teams, one of them
    /// with `team_id` (404 for a team not theirs); finance and administrators the company, one unit or one team
    /// (404 for an unknown team).
    #[oai(path = "/", method = "get", operation_id = "getSalesDashboard")]
    async fn dashboard(
        &self,
        #[oai(scope = "SALES_DASHBOARD_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 7))] month: Query<Option<String>>,
        #[oai(validator(max_length = 100))] unit_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] team_id: Query<Option<String>>,
    ) -> ApiResult<Json<SalesDashboardView>> {
        let month = Month::parse_or("month", month.0.as_deref(), self.dashboard.today())?;
        let given = |v: Option<String>| v.filter(|t| !t.trim().is_empty());
        let query = DashboardQuery {
            month,
            unit_id: given(unit_id.0),
            team_id: given(team_id.0),
        };
        let dashboard = self.dashboard.dashboard(&auth.0, query).await?;
        Ok(Json(dashboard.into()))
    }
}
