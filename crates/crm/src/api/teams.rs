//! `/api/v1/crm/teams*`: sales teams (managers, members over time, monthly targets). A team outside the
//! caller's scope is 404.

use std::sync::Arc;

use platform::api::Date;
use platform::api::{ApiResult, BearerAuth, HistoryEntryDto};
use platform::Error;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::comparison_dto::{comparison_dto, TeamComparisonDto};
use super::kpis_dto::{team_kpis_dto, TeamKpisDto};
use super::team_dto::*;
use super::CrmTag;
use crate::domain::comparison::ComparisonInput;
use crate::domain::{MemberRole, Month, Targets};
use crate::permissions::{TEAMS_COMPARE, TEAMS_MANAGE, TEAMS_READ, TEAM_MEMBERS_WRITE};
use crate::service::Teams;

pub struct TeamsApi {
    teams: Arc<Teams>,
    clock: platform::clock::SharedClock,
}

impl TeamsApi {
    pub fn new(teams: Arc<Teams>, clock: platform::clock::SharedClock) -> TeamsApi {
        TeamsApi { teams, clock }
    }

    fn month(&self, month: Option<String>) -> Result<Month, Error> {
        Month::parse_or("month", month.as_deref(), self.clock.today())
    }
}

#[derive(ApiResponse)]
enum TeamCreated {
    #[oai(status = 201)]
    Created(Json<TeamDto>),
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

    /// Compares 2 to 6 teams over a period (at most 24 months; default this month): every metric for the period
    /// and the equal period before it, a series per week or month, the open funnel and each member's figures.
    /// Events count for the team their person was in on the event's date. A manager compares only teams they
    /// manage (any other id is 404).
    #[oai(
        path = "/teams/comparison",
        method = "get",
        operation_id = "compareTeams"
    )]
    async fn compare(
        &self,
        #[oai(scope = "TEAMS_COMPARE")] auth: BearerAuth,
        /// The teams' ids, separated by commas (`?ids=a,b`).
        #[oai(validator(max_length = 1000))]
        ids: Query<Option<String>>,
        from: Query<Option<Date>>,
        to: Query<Option<Date>>,
        /// `semana` or `mes` (default).
        #[oai(validator(max_length = 10))]
        granularity: Query<Option<String>>,
    ) -> ApiResult<Json<TeamComparisonDto>> {
        let input = ComparisonInput::parse(
            ids.0.as_deref().unwrap_or(""),
            from.0.map(|d| d.0),
            to.0.map(|d| d.0),
            granularity.0.as_deref(),
            self.clock.today(),
        )?;
        let comparison = self.teams.compare(&auth.0, input).await?;
        Ok(Json(comparison_dto(comparison)))
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

    /// A team's month KPIs: per member (on their days in the team) done activities, overdue activities, won and
    /// lost, conversion, activities target and attainment; the team's totals; the daily cumulative series of done
    /// activities against the target; the open funnel per stage. The team comparison's figures, for one team.
    #[oai(path = "/teams/:id/kpis", method = "get", operation_id = "getTeamKpis")]
    async fn kpis(
        &self,
        #[oai(scope = "TEAMS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        /// `AAAA-MM` (default: this month).
        #[oai(validator(max_length = 7))]
        month: Query<Option<String>>,
    ) -> ApiResult<Json<TeamKpisDto>> {
        let month = self.month(month.0)?;
        let kpis = self.teams.team_kpis(&auth.0, &id.0, month).await?;
        Ok(Json(team_kpis_dto(kpis)))
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
}
