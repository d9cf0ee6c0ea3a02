//! The shape of `GET /api/v1/crm/teams/comparison`: every metric of every team, for the period and the equal
//! period before it. Ratios are basis points (10000 = 100 %), averages tenths; absent when nothing divides.

use platform::api::Date;
use poem_openapi::Object;

use crate::domain::comparison::{Figures, ACTIVITY_KINDS};
use crate::service::{Comparison, MemberPoint, SeriesPoint, TeamComparison};

#[derive(Object)]
#[oai(rename = "TeamComparison")]
pub struct TeamComparisonDto {
    pub from: Date,
    pub to: Date,
    /// The equal period right before, for the change column.
    pub previous_from: Date,
    pub previous_to: Date,
    /// `semana` or `mes`.
    pub granularity: String,
    /// The funnel's working stages, left to right.
    pub stages: Vec<ComparisonStageDto>,
    /// In the order asked.
    pub teams: Vec<ComparedTeamDto>,
}

#[derive(Object)]
#[oai(rename = "ComparisonStage")]
pub struct ComparisonStageDto {
    pub id: String,
    pub name: String,
}

#[derive(Object)]
#[oai(rename = "ComparedTeam")]
pub struct ComparedTeamDto {
    pub id: String,
    pub name: String,
    /// The average number of members over the period, in thousandths (what "por integrante" divides by).
    pub average_members_milli: i64,
    /// The same over the previous period.
    pub previous_average_members_milli: i64,
    pub current: ComparisonFiguresDto,
    pub previous: ComparisonFiguresDto,
    pub series: Vec<ComparisonPointDto>,
    pub funnel: Vec<ComparisonFunnelDto>,
    pub members: Vec<ComparisonMemberDto>,
}

/// A team's figures over one period.
#[derive(Object)]
#[oai(rename = "ComparisonFigures", skip_serializing_if_is_none)]
pub struct ComparisonFiguresDto {
    pub activities_done: i64,
    /// Done activities per kind, in the screens' order.
    pub activities_by_kind: Vec<ActivityKindCountDto>,
    /// The activities target over the period (each month's part pro rata by day).
    pub activities_target: i64,
    pub activities_attainment_bp: Option<i64>,
    /// Opportunities closed in the period.
    pub won: i64,
    pub lost: i64,
    /// Won ÷ (won + lost).
    pub conversion_bp: Option<i64>,
    /// Leads created in the period, and the share won within 90 days.
    pub leads: i64,
    pub lead_conversion_bp: Option<i64>,
    /// Days from the lead's creation to the win, averaged, in tenths.
    pub cycle_days_tenths: Option<i64>,
    pub activities_per_won_tenths: Option<i64>,
    /// Cadence enrollments started in the period, replied and with an evaluation booked.
    pub enrolled: i64,
    pub replied: i64,
    pub booked: i64,
    pub reply_rate_bp: Option<i64>,
}

#[derive(Object)]
#[oai(rename = "ActivityKindCount")]
pub struct ActivityKindCountDto {
    /// `ligacao`, `whatsapp`, `email`, `visita`, `reuniao` or `tarefa`.
    pub kind: String,
    pub count: i64,
}

/// One bucket (a week from its Monday, or a month) of the period.
#[derive(Object)]
#[oai(rename = "ComparisonPoint")]
pub struct ComparisonPointDto {
    pub start: Date,
    /// `dd/mm` or `mm/aaaa`.
    pub label: String,
    pub activities_done: i64,
    pub won: i64,
    pub activities_target: i64,
    pub cumulative_done: i64,
    pub cumulative_target: i64,
}

#[derive(Object)]
#[oai(rename = "ComparisonFunnel")]
pub struct ComparisonFunnelDto {
    pub stage_id: String,
    pub count: i64,
    pub value_cents: i64,
}

#[derive(Object)]
#[oai(rename = "ComparisonMember")]
pub struct ComparisonMemberDto {
    pub user_id: String,
    pub name: String,
    pub activities_done: i64,
    pub won: i64,
}

pub(super) fn comparison_dto(c: Comparison) -> TeamComparisonDto {
    TeamComparisonDto {
        from: c.input.from.into(),
        to: c.input.to.into(),
        previous_from: c.previous.0.into(),
        previous_to: c.previous.1.into(),
        granularity: c.input.granularity.as_str().into(),
        stages: c
            .stages
            .into_iter()
            .map(|(id, name)| ComparisonStageDto { id, name })
            .collect(),
        teams: c.teams.into_iter().map(team).collect(),
    }
}

fn team(t: TeamComparison) -> ComparedTeamDto {
    ComparedTeamDto {
        id: t.id,
        name: t.name,
        average_members_milli: t.average_members_milli,
        previous_average_members_milli: t.previous_average_members_milli,
        current: figures(&t.current),
        previous: figures(&t.previous),
        series: t.series.into_iter().map(point).collect(),
        funnel: t
            .funnel
            .into_iter()
            .map(|(stage_id, count, value_cents)| ComparisonFunnelDto {
                stage_id,
                count,
                value_cents,
            })
            .collect(),
        members: t.members.into_iter().map(member).collect(),
    }
}

fn figures(f: &Figures) -> ComparisonFiguresDto {
    let e = &f.events;
    ComparisonFiguresDto {
        activities_done: e.activities_done(),
        activities_by_kind: ACTIVITY_KINDS
            .iter()
            .zip(e.activities)
            .map(|(kind, count)| ActivityKindCountDto {
                kind: (*kind).into(),
                count,
            })
            .collect(),
        activities_target: f.activities_target,
        activities_attainment_bp: f.activities_attainment_bp(),
        won: e.won,
        lost: e.lost,
        conversion_bp: f.conversion_bp(),
        leads: e.leads,
        lead_conversion_bp: f.lead_conversion_bp(),
        cycle_days_tenths: f.cycle_days_tenths(),
        activities_per_won_tenths: f.activities_per_won_tenths(),
        enrolled: e.enrolled,
        replied: e.replied,
        booked: e.booked,
        reply_rate_bp: f.reply_rate_bp(),
    }
}

pub(super) fn point(p: SeriesPoint) -> ComparisonPointDto {
    ComparisonPointDto {
        start: p.start.into(),
        label: p.label,
        activities_done: p.activities_done,
        won: p.won,
        activities_target: p.activities_target,
        cumulative_done: p.cumulative_done,
        cumulative_target: p.cumulative_target,
    }
}

fn member(m: MemberPoint) -> ComparisonMemberDto {
    ComparisonMemberDto {
        user_id: m.user_id,
        name: m.name,
        activities_done: m.activities_done,
        won: m.won,
    }
}
