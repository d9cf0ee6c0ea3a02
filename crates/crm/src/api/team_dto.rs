//! The shapes of `/api/v1/crm/teams*`: teams, memberships and targets, and the people they name.

use chrono::{DateTime, Utc};
use platform::api::{Date, Omittable, Text};
use poem_openapi::types::Example;
use poem_openapi::Object;

use platform::Error;

use crate::domain::{Targets, TeamFields};
use crate::service::TeamView;

/// A user as the CRM shows them.
#[derive(Object)]
#[oai(rename = "CrmPerson")]
pub struct PersonDto {
    pub uid: String,
    pub name: String,
}

/// A user of a sales role.
#[derive(Object)]
pub struct SalesUserDto {
    pub uid: String,
    pub name: String,
    /// `SALESPERSON` or `SALES_MANAGER`.
    pub role: String,
}

/// A membership: who, in which part, from when to when (`left_on` the last day; absent while a member).
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct TeamMemberDto {
    pub id: String,
    pub user_id: String,
    pub name: String,
    /// `vendedor`, `sdr` or `closer`.
    pub role_in_team: String,
    pub joined_on: Date,
    pub left_on: Option<Date>,
    /// A member today.
    pub current: bool,
}

/// A month's targets: sold value (centavos), sales, done activities, new clients.
#[derive(Object, Clone, Copy)]
#[oai(example)]
pub struct TargetsDto {
    pub sales_value_cents: i64,
    pub sales_count: i64,
    pub activities_done: i64,
    pub new_clients: i64,
}

impl Example for TargetsDto {
    fn example() -> Self {
        TargetsDto {
            sales_value_cents: 15_000_000,
            sales_count: 30,
            activities_done: 600,
            new_clients: 20,
        }
    }
}

impl From<Targets> for TargetsDto {
    fn from(t: Targets) -> TargetsDto {
        TargetsDto {
            sales_value_cents: t.sales_value_cents,
            sales_count: t.sales_count,
            activities_done: t.activities_done,
            new_clients: t.new_clients,
        }
    }
}

impl From<TargetsDto> for Targets {
    fn from(t: TargetsDto) -> Targets {
        Targets {
            sales_value_cents: t.sales_value_cents,
            sales_count: t.sales_count,
            activities_done: t.activities_done,
            new_clients: t.new_clients,
        }
    }
}

/// A member's targets for the month.
#[derive(Object)]
pub struct MemberTargetsDto {
    pub user_id: String,
    pub name: String,
    pub targets: TargetsDto,
}

/// A team with its managers, every membership (history included) and the month's targets.
#[derive(Object)]
#[oai(rename = "Team", skip_serializing_if_is_none)]
pub struct TeamDto {
    pub id: String,
    pub name: String,
    pub unit_id: Option<String>,
    pub archived: bool,
    pub version: i64,
    pub managers: Vec<PersonDto>,
    pub members: Vec<TeamMemberDto>,
    /// The month the targets are of, `AAAA-MM`.
    pub month: String,
    /// A past month: its targets are read-only.
    pub month_closed: bool,
    /// The team's targets for the month, when set.
    pub targets: Option<TargetsDto>,
    pub member_targets: Vec<MemberTargetsDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub(super) fn team_dto(v: TeamView, today: chrono::NaiveDate) -> TeamDto {
    let name_of = |uid: &str| {
        v.members
            .iter()
            .find(|m| m.row.user_id == uid)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| uid.to_string())
    };
    let member_targets = v
        .member_targets
        .iter()
        .map(|(uid, t)| MemberTargetsDto {
            user_id: uid.clone(),
            name: name_of(uid),
            targets: (*t).into(),
        })
        .collect();
    TeamDto {
        id: v.team.id,
        name: v.team.name,
        unit_id: v.team.unit_id,
        archived: v.team.archived,
        version: v.team.version,
        managers: v
            .managers
            .into_iter()
            .map(|p| PersonDto {
                uid: p.uid,
                name: p.name,
            })
            .collect(),
        members: v
            .members
            .into_iter()
            .map(|m| TeamMemberDto {
                current: m.row.on(today),
                id: m.row.id,
                user_id: m.row.user_id,
                name: m.name,
                role_in_team: m.row.role_in_team,
                joined_on: m.row.joined_on.into(),
                left_on: m.row.left_on.map(Into::into),
            })
            .collect(),
        month: v.month.to_string(),
        month_closed: v.closed,
        targets: v.targets.map(Into::into),
        member_targets,
        created_at: v.team.created_at,
        updated_at: v.team.updated_at,
    }
}

/// A team as typed: name, unit, managers (SALES_MANAGER users).
#[derive(Object)]
#[oai(example)]
pub struct TeamRequest {
    #[oai(validator(max_length = 1000))]
    pub name: Text,
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<String>,
    #[oai(validator(max_items = 20))]
    pub manager_ids: Omittable<Vec<String>>,
}

impl Example for TeamRequest {
    fn example() -> Self {
        TeamRequest {
            name: Text("Time Centro".into()),
            unit_id: Omittable(None),
            manager_ids: Omittable(Some(Vec::new())),
        }
    }
}

impl TeamRequest {
    pub(super) fn fields(self) -> Result<TeamFields, Error> {
        TeamFields::parse(
            &self.name.0,
            self.unit_id.0,
            self.manager_ids.0.unwrap_or_default(),
        )
    }
}

/// A new member from a date.
#[derive(Object)]
#[oai(example)]
pub struct NewMemberRequest {
    #[oai(validator(max_length = 100))]
    pub user_id: String,
    /// `vendedor` (default), `sdr` or `closer`.
    #[oai(validator(max_length = 20))]
    pub role_in_team: Omittable<String>,
    pub joined_on: Date,
}

impl Example for NewMemberRequest {
    fn example() -> Self {
        NewMemberRequest {
            user_id: "uid-do-vendedor".into(),
            role_in_team: Omittable(Some("vendedor".into())),
            joined_on: chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
                .unwrap_or_default()
                .into(),
        }
    }
}

/// The member's last day in the team.
#[derive(Object)]
pub struct EndMembershipRequest {
    pub left_on: Date,
}

/// A member's part of the month's targets.
#[derive(Object)]
pub struct MemberTargetsRequest {
    #[oai(validator(max_length = 100))]
    pub user_id: String,
    pub targets: TargetsDto,
}

/// The member targets, which must sum to the team's, metric by metric.
#[derive(Object)]
pub struct DistributionRequest {
    #[oai(validator(max_items = 200))]
    pub members: Vec<MemberTargetsRequest>,
}
