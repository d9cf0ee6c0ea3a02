//! The shapes of the month KPIs: `GET /api/v1/crm/teams/{id}/kpis`, `/users/kpis` and `/users/{id}/kpis`. The
//! figures are the team comparison's (ratios in basis points, absent when nothing divides); the sales figures
//! (sold value and count, average ticket, sales target attainment) join with the sales module (issue 14).

use poem_openapi::Object;

use super::comparison_dto::{point, ComparisonFunnelDto, ComparisonPointDto, ComparisonStageDto};
use crate::service::{PersonKpis, TargetMonth, TeamKpis, UserKpis};

/// A person's (or a team's) figures for the month.
#[derive(Object)]
#[oai(rename = "MonthKpis", skip_serializing_if_is_none)]
pub struct MonthKpisDto {
    /// Activities done in the month.
    pub activities_done: i64,
    /// The month's activities target (a member's own part; the team's own row for the team).
    pub activities_target: i64,
    pub activities_attainment_bp: Option<i64>,
    /// Open activities due before now (a figure of the moment, not of the month).
    pub overdue_activities: i64,
    /// Opportunities closed in the month.
    pub won: i64,
    pub lost: i64,
    /// Won ÷ (won + lost).
    pub conversion_bp: Option<i64>,
}

#[derive(Object)]
#[oai(rename = "PersonKpis")]
pub struct PersonKpisDto {
    pub user_id: String,
    pub name: String,
    pub kpis: MonthKpisDto,
}

#[derive(Object)]
#[oai(rename = "TeamKpis")]
pub struct TeamKpisDto {
    pub team_id: String,
    pub name: String,
    /// `AAAA-MM`.
    pub month: String,
    pub totals: MonthKpisDto,
    /// Everyone who was in the team on some day of the month, with their events on their days in it.
    pub members: Vec<PersonKpisDto>,
    /// Day by day: done activities against the target, with the running totals.
    pub series: Vec<ComparisonPointDto>,
    /// The funnel's working stages, left to right.
    pub stages: Vec<ComparisonStageDto>,
    /// The team's open opportunities per stage.
    pub funnel: Vec<ComparisonFunnelDto>,
}

/// One month of a salesperson's targets, with the activities done against them.
#[derive(Object)]
#[oai(rename = "TargetMonth", skip_serializing_if_is_none)]
pub struct TargetMonthDto {
    /// `AAAA-MM`.
    pub month: String,
    pub activities_target: i64,
    pub activities_done: i64,
    pub activities_attainment_bp: Option<i64>,
    pub sales_value_cents_target: i64,
    pub sales_count_target: i64,
    pub new_clients_target: i64,
}

#[derive(Object)]
#[oai(rename = "CrmUserKpis")]
pub struct UserKpisDto {
    pub user_id: String,
    pub name: String,
    /// `AAAA-MM`.
    pub month: String,
    pub kpis: MonthKpisDto,
    pub stages: Vec<ComparisonStageDto>,
    /// Their open opportunities per stage.
    pub funnel: Vec<ComparisonFunnelDto>,
    /// The last 12 months, oldest first.
    pub targets: Vec<TargetMonthDto>,
}

fn kpis(p: &PersonKpis) -> MonthKpisDto {
    let f = &p.figures;
    MonthKpisDto {
        activities_done: f.events.activities_done(),
        activities_target: f.activities_target,
        activities_attainment_bp: f.activities_attainment_bp(),
        overdue_activities: p.overdue,
        won: f.events.won,
        lost: f.events.lost,
        conversion_bp: f.conversion_bp(),
    }
}

pub(super) fn person_kpis_dto(p: PersonKpis) -> PersonKpisDto {
    PersonKpisDto {
        kpis: kpis(&p),
        user_id: p.user_id,
        name: p.name,
    }
}

fn stages(stages: Vec<(String, String)>) -> Vec<ComparisonStageDto> {
    stages
        .into_iter()
        .map(|(id, name)| ComparisonStageDto { id, name })
        .collect()
}

fn funnel(funnel: Vec<(String, i64, i64)>) -> Vec<ComparisonFunnelDto> {
    funnel
        .into_iter()
        .map(|(stage_id, count, value_cents)| ComparisonFunnelDto {
            stage_id,
            count,
            value_cents,
        })
        .collect()
}

pub(super) fn team_kpis_dto(t: TeamKpis) -> TeamKpisDto {
    TeamKpisDto {
        team_id: t.team_id,
        name: t.name,
        month: t.month.to_string(),
        totals: kpis(&t.totals),
        members: t.members.into_iter().map(person_kpis_dto).collect(),
        series: t.series.into_iter().map(point).collect(),
        stages: stages(t.stages),
        funnel: funnel(t.funnel),
    }
}

fn target_month(t: TargetMonth) -> TargetMonthDto {
    TargetMonthDto {
        month: t.month.to_string(),
        activities_target: t.targets.activities_done,
        activities_done: t.activities_done,
        activities_attainment_bp: crate::domain::comparison::ratio_bp(
            t.activities_done,
            t.targets.activities_done,
        ),
        sales_value_cents_target: t.targets.sales_value_cents,
        sales_count_target: t.targets.sales_count,
        new_clients_target: t.targets.new_clients,
    }
}

pub(super) fn user_kpis_dto(u: UserKpis) -> UserKpisDto {
    UserKpisDto {
        month: u.month.to_string(),
        kpis: kpis(&u.kpis),
        user_id: u.kpis.user_id,
        name: u.kpis.name,
        stages: stages(u.stages),
        funnel: funnel(u.funnel),
        targets: u.history.into_iter().map(target_month).collect(),
    }
}
