//! `/api/v1/crm/teams*` and `/api/v1/crm/users*`: sales teams (managers, members over time, monthly targets) and
//! the salespeople's CRM profiles. A team or profile outside the caller's scope is 404.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::api::{ApiResult, BearerAuth, Date, HistoryEntryDto, Omittable, Text};
use platform::Error;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::CrmTag;
use crate::domain::{MemberRole, Month, ProfileDraft, Targets, TeamFields};
use crate::permissions::{
    CLIENTS_READ, CRM_USERS_READ, CRM_USERS_WRITE, TEAMS_MANAGE, TEAMS_READ, TEAM_MEMBERS_WRITE,
};
use crate::service::{ProfileView, Profiles, TeamView, Teams};

pub struct TeamsApi {
    teams: Arc<Teams>,
    profiles: Arc<Profiles>,
    clock: platform::clock::SharedClock,
}

impl TeamsApi {
    pub fn new(
        teams: Arc<Teams>,
        profiles: Arc<Profiles>,
        clock: platform::clock::SharedClock,
    ) -> TeamsApi {
        TeamsApi {
            teams,
            profiles,
            clock,
        }
    }

    fn month(&self, month: Option<String>) -> Result<Month, Error> {
        match month.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
            None => Ok(Month::of(self.clock.today())),
            Some(m) => Month::parse("month", m),
        }
    }
}

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

fn team_dto(v: TeamView, today: chrono::NaiveDate) -> TeamDto {
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
    fn fields(self) -> Result<TeamFields, Error> {
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

/// A salesperson's CRM profile. `cnpj`, `legal_name` and `municipality` are the PJ's company.
#[derive(Object)]
#[oai(rename = "CrmUser", skip_serializing_if_is_none)]
pub struct ProfileDto {
    pub user_id: String,
    pub display_name: String,
    pub email: String,
    /// The identity role (`SALESPERSON`, `SALES_MANAGER`).
    pub role: Option<String>,
    /// Digits with DDD.
    pub whatsapp: Option<String>,
    pub unit_id: Option<String>,
    /// `clt` or `pj`.
    pub employment: String,
    pub cnpj: Option<String>,
    pub legal_name: Option<String>,
    pub municipality: Option<String>,
    /// The largest discount without approval, in basis points (500 = 5 %).
    pub discount_limit_bp: i64,
    pub active: bool,
    pub hired_on: Option<Date>,
    pub left_on: Option<Date>,
    /// The teams the salesperson is in today.
    pub teams: Vec<PersonDto>,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

impl From<ProfileView> for ProfileDto {
    fn from(v: ProfileView) -> ProfileDto {
        let f = v.profile.fields;
        let company = f.company;
        ProfileDto {
            user_id: v.profile.user_id,
            display_name: f.display_name,
            email: v.email,
            role: v.role.map(|r| r.as_str().to_string()),
            whatsapp: f.whatsapp.map(|w| w.as_str().to_string()),
            unit_id: f.unit_id,
            employment: f.employment.as_str().into(),
            cnpj: company.as_ref().map(|c| c.cnpj.clone()),
            legal_name: company.as_ref().map(|c| c.legal_name.clone()),
            municipality: company.map(|c| c.municipality),
            discount_limit_bp: f.discount_limit_bp,
            active: f.active,
            hired_on: f.hired_on.map(Into::into),
            left_on: f.left_on.map(Into::into),
            teams: v
                .teams
                .into_iter()
                .map(|(uid, name)| PersonDto { uid, name })
                .collect(),
            version: v.profile.version,
            updated_at: v.profile.updated_at,
        }
    }
}

/// A new CRM profile for an identity user of a sales role.
#[derive(Object)]
#[oai(example)]
pub struct NewProfileRequest {
    #[oai(validator(max_length = 100))]
    pub user_id: String,
    #[oai(validator(max_length = 1000))]
    pub display_name: Text,
    #[oai(validator(max_length = 40))]
    pub whatsapp: Omittable<String>,
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<String>,
    /// `clt` or `pj`.
    #[oai(validator(max_length = 10))]
    pub employment: String,
    #[oai(validator(max_length = 40))]
    pub cnpj: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub legal_name: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub municipality: Omittable<String>,
    /// Default 0.
    pub discount_limit_bp: Omittable<i64>,
    pub hired_on: Omittable<Date>,
}

impl Example for NewProfileRequest {
    fn example() -> Self {
        NewProfileRequest {
            user_id: "uid-do-vendedor".into(),
            display_name: Text("Ana Souza".into()),
            whatsapp: Omittable(Some("(11) 98765-4321".into())),
            unit_id: Omittable(None),
            employment: "clt".into(),
            cnpj: Omittable(None),
            legal_name: Omittable(None),
            municipality: Omittable(None),
            discount_limit_bp: Omittable(Some(500)),
            hired_on: Omittable(None),
        }
    }
}

/// Changes to a profile; absent fields stay.
#[derive(Object)]
pub struct ProfilePatchRequest {
    #[oai(validator(max_length = 1000))]
    pub display_name: Omittable<Text>,
    #[oai(validator(max_length = 40))]
    pub whatsapp: Omittable<String>,
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<String>,
    #[oai(validator(max_length = 10))]
    pub employment: Omittable<String>,
    #[oai(validator(max_length = 40))]
    pub cnpj: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub legal_name: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub municipality: Omittable<String>,
    pub discount_limit_bp: Omittable<i64>,
    pub active: Omittable<bool>,
    pub hired_on: Omittable<Date>,
    pub left_on: Omittable<Date>,
}

#[derive(ApiResponse)]
enum TeamCreated {
    #[oai(status = 201)]
    Created(Json<TeamDto>),
}

#[derive(ApiResponse)]
enum ProfileCreated {
    #[oai(status = 201)]
    Created(Json<ProfileDto>),
}

#[OpenApi(prefix_path = "/api/v1/crm", tag = "CrmTag::Crm")]
impl TeamsApi {
    /// The teams the caller sees (a salesperson: their own; a manager: those they manage), with the month's targets.
    #[oai(path = "/teams", method = "get", operation_id = "listTeams")]
    async fn list(
        &self,
        #[oai(scope = "TEAMS_READ")] auth: BearerAuth,
        /// `AAAA-MM` (default: this month).
        #[oai(validator(max_length = 7))]
        month: Query<Option<String>>,
        /// Include archived teams.
        archived: Query<Option<bool>>,
    ) -> ApiResult<Json<Vec<TeamDto>>> {
        let month = self.month(month.0)?;
        let teams = self
            .teams
            .list(&auth.0, month, archived.0.unwrap_or(false))
            .await?;
        let today = self.clock.today();
        Ok(Json(
            teams.into_iter().map(|t| team_dto(t, today)).collect(),
        ))
    }

    /// Creates a team.
    #[oai(path = "/teams", method = "post", operation_id = "createTeam")]
    async fn create(
        &self,
        #[oai(scope = "TEAMS_MANAGE")] auth: BearerAuth,
        body: Json<TeamRequest>,
    ) -> ApiResult<TeamCreated> {
        let team = self.teams.create(body.0.fields()?, &auth.0).await?;
        Ok(TeamCreated::Created(Json(team_dto(
            team,
            self.clock.today(),
        ))))
    }

    /// One team with its members (history included) and the month's targets.
    #[oai(path = "/teams/:id", method = "get", operation_id = "getTeam")]
    async fn get(
        &self,
        #[oai(scope = "TEAMS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        /// `AAAA-MM` (default: this month).
        #[oai(validator(max_length = 7))]
        month: Query<Option<String>>,
    ) -> ApiResult<Json<TeamDto>> {
        let month = self.month(month.0)?;
        let team = self.teams.get(&auth.0, &id.0, month).await?;
        Ok(Json(team_dto(team, self.clock.today())))
    }

    /// Replaces a team's name, unit and managers.
    #[oai(path = "/teams/:id", method = "put", operation_id = "updateTeam")]
    async fn update(
        &self,
        #[oai(scope = "TEAMS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<TeamRequest>,
    ) -> ApiResult<Json<TeamDto>> {
        let team = self.teams.update(&id.0, body.0.fields()?, &auth.0).await?;
        Ok(Json(team_dto(team, self.clock.today())))
    }

    /// Archives a team (its history and targets stay).
    #[oai(
        path = "/teams/:id/archive",
        method = "post",
        operation_id = "archiveTeam"
    )]
    async fn archive(
        &self,
        #[oai(scope = "TEAMS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<TeamDto>> {
        let team = self.teams.archive(&id.0, &auth.0).await?;
        Ok(Json(team_dto(team, self.clock.today())))
    }

    /// Adds a member from a date (one team at a time per salesperson).
    #[oai(
        path = "/teams/:id/members",
        method = "post",
        operation_id = "addTeamMember"
    )]
    async fn add_member(
        &self,
        #[oai(scope = "TEAM_MEMBERS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<NewMemberRequest>,
    ) -> ApiResult<Json<TeamDto>> {
        let role = match body.0.role_in_team.0.as_deref().map(str::trim) {
            None | Some("") => MemberRole::Vendedor,
            Some(r) => MemberRole::parse(r).ok_or_else(|| {
                Error::invalid_field(
                    "role_in_team",
                    "Papel no time inválido: use vendedor, sdr ou closer.",
                )
            })?,
        };
        let team = self
            .teams
            .add_member(&auth.0, &id.0, &body.0.user_id, role, body.0.joined_on.0)
            .await?;
        Ok(Json(team_dto(team, self.clock.today())))
    }

    /// Ends a membership on its last day (the history stays: reports take membership on each event's date).
    #[oai(
        path = "/teams/:id/members/:member_id/end",
        method = "post",
        operation_id = "endTeamMembership"
    )]
    async fn end_membership(
        &self,
        #[oai(scope = "TEAM_MEMBERS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] member_id: Path<String>,
        body: Json<EndMembershipRequest>,
    ) -> ApiResult<Json<TeamDto>> {
        let team = self
            .teams
            .end_membership(&auth.0, &id.0, &member_id.0, body.0.left_on.0)
            .await?;
        Ok(Json(team_dto(team, self.clock.today())))
    }

    /// Sets the team's targets for a month and splits them evenly over its members (a past month is closed).
    #[oai(
        path = "/teams/:id/targets/:month",
        method = "put",
        operation_id = "setTeamTargets"
    )]
    async fn set_targets(
        &self,
        #[oai(scope = "TEAMS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 7))] month: Path<String>,
        body: Json<TargetsDto>,
    ) -> ApiResult<Json<TeamDto>> {
        let month = Month::parse("month", &month.0)?;
        let team = self
            .teams
            .set_targets(&auth.0, &id.0, month, body.0.into())
            .await?;
        Ok(Json(team_dto(team, self.clock.today())))
    }

    /// Redistributes the month's targets among the members; they must sum to the team's.
    #[oai(
        path = "/teams/:id/targets/:month/members",
        method = "put",
        operation_id = "distributeTeamTargets"
    )]
    async fn distribute(
        &self,
        #[oai(scope = "TEAM_MEMBERS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 7))] month: Path<String>,
        body: Json<DistributionRequest>,
    ) -> ApiResult<Json<TeamDto>> {
        let month = Month::parse("month", &month.0)?;
        let parts = body
            .0
            .members
            .into_iter()
            .map(|m| (m.user_id, Targets::from(m.targets)))
            .collect();
        let team = self.teams.distribute(&auth.0, &id.0, month, parts).await?;
        Ok(Json(team_dto(team, self.clock.today())))
    }

    /// A team's history: created, changed, members in and out, targets; oldest first.
    #[oai(
        path = "/teams/:id/history",
        method = "get",
        operation_id = "getTeamHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "TEAMS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.teams.history(&auth.0, &id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// The active users of the sales roles (portfolio owners, managers and members to pick), by name.
    #[oai(path = "/sales-users", method = "get", operation_id = "listSalesUsers")]
    async fn sales_users(
        &self,
        #[oai(scope = "CLIENTS_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<Vec<SalesUserDto>>> {
        let mut users: Vec<SalesUserDto> = self
            .teams
            .sales_users()
            .await?
            .into_values()
            .filter(|u| u.active)
            .map(|u| SalesUserDto {
                uid: u.uid,
                name: u.name,
                role: u.role.map(|r| r.as_str().to_string()).unwrap_or_default(),
            })
            .collect();
        users.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.uid.cmp(&b.uid)));
        Ok(Json(users))
    }

    /// The CRM profiles the caller reaches (a salesperson: their own; a manager: their teams').
    #[oai(path = "/users", method = "get", operation_id = "listCrmUsers")]
    async fn list_profiles(
        &self,
        #[oai(scope = "CRM_USERS_READ")] auth: BearerAuth,
    ) -> ApiResult<Json<Vec<ProfileDto>>> {
        let all = self.profiles.list(&auth.0).await?;
        Ok(Json(all.into_iter().map(Into::into).collect()))
    }

    /// Creates the CRM profile of an identity user of a sales role (409 when it has one).
    #[oai(path = "/users", method = "post", operation_id = "createCrmUser")]
    async fn create_profile(
        &self,
        #[oai(scope = "CRM_USERS_WRITE")] auth: BearerAuth,
        body: Json<NewProfileRequest>,
    ) -> ApiResult<ProfileCreated> {
        let b = body.0;
        let draft = ProfileDraft {
            display_name: b.display_name.0,
            whatsapp: b.whatsapp.0,
            unit_id: b.unit_id.0,
            employment: b.employment,
            cnpj: b.cnpj.0,
            legal_name: b.legal_name.0,
            municipality: b.municipality.0,
            discount_limit_bp: b.discount_limit_bp.0.unwrap_or(0),
            active: true,
            hired_on: b.hired_on.0.map(|d| d.0),
            left_on: None,
        };
        let view = self
            .profiles
            .create(&b.user_id, draft, &auth.0, self.clock.now())
            .await?;
        Ok(ProfileCreated::Created(Json(view.into())))
    }

    /// One CRM profile (404 outside the caller's scope).
    #[oai(path = "/users/:user_id", method = "get", operation_id = "getCrmUser")]
    async fn get_profile(
        &self,
        #[oai(scope = "CRM_USERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] user_id: Path<String>,
    ) -> ApiResult<Json<ProfileDto>> {
        Ok(Json(self.profiles.get(&auth.0, &user_id.0).await?.into()))
    }

    /// Changes a CRM profile; deactivate it with `active: false`.
    #[oai(
        path = "/users/:user_id",
        method = "patch",
        operation_id = "updateCrmUser"
    )]
    async fn update_profile(
        &self,
        #[oai(scope = "CRM_USERS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] user_id: Path<String>,
        body: Json<ProfilePatchRequest>,
    ) -> ApiResult<Json<ProfileDto>> {
        let b = body.0;
        let view = self
            .profiles
            .update(
                &user_id.0,
                |d| {
                    if let Some(t) = b.display_name.into_option() {
                        d.display_name = t.0;
                    }
                    set(&mut d.whatsapp, b.whatsapp.0);
                    set(&mut d.unit_id, b.unit_id.0);
                    if let Some(e) = b.employment.0 {
                        d.employment = e;
                    }
                    set(&mut d.cnpj, b.cnpj.0);
                    set(&mut d.legal_name, b.legal_name.0);
                    set(&mut d.municipality, b.municipality.0);
                    if let Some(l) = b.discount_limit_bp.0 {
                        d.discount_limit_bp = l;
                    }
                    if let Some(a) = b.active.0 {
                        d.active = a;
                    }
                    if let Some(h) = b.hired_on.0 {
                        d.hired_on = Some(h.0);
                    }
                    if let Some(l) = b.left_on.0 {
                        d.left_on = Some(l.0);
                    }
                },
                &auth.0,
                self.clock.now(),
            )
            .await?;
        Ok(Json(view.into()))
    }

    /// A profile's history, oldest first.
    #[oai(
        path = "/users/:user_id/history",
        method = "get",
        operation_id = "getCrmUserHistory"
    )]
    async fn profile_history(
        &self,
        #[oai(scope = "CRM_USERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] user_id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.profiles.history(&auth.0, &user_id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }
}

/// A text field of a PATCH: absent leaves it, empty clears it.
fn set(field: &mut Option<String>, value: Option<String>) {
    if let Some(v) = value {
        *field = Some(v).filter(|v| !v.trim().is_empty());
    }
}
