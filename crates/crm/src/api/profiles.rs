//! `/api/v1/crm/users*` and `/api/v1/crm/sales-users`: the salespeople's CRM profiles and the sales users to
//! pick. A profile outside the caller's scope is 404.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth, HistoryEntryDto};
use platform::Error;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::kpis_dto::{person_kpis_dto, user_kpis_dto, PersonKpisDto, UserKpisDto};
use super::profile_dto::*;
use super::team_dto::SalesUserDto;
use super::CrmTag;
use crate::domain::{Month, ProfileDraft};
use crate::permissions::{CLIENTS_READ, CRM_USERS_READ, CRM_USERS_WRITE};
use crate::service::{Profiles, Teams};

pub struct ProfilesApi {
    teams: Arc<Teams>,
    profiles: Arc<Profiles>,
    clock: platform::clock::SharedClock,
}

impl ProfilesApi {
    fn month(&self, month: Option<String>) -> Result<Month, Error> {
        Month::parse_or("month", month.as_deref(), self.clock.today())
    }

    pub fn new(
        teams: Arc<Teams>,
        profiles: Arc<Profiles>,
        clock: platform::clock::SharedClock,
    ) -> ProfilesApi {
        ProfilesApi {
            teams,
            profiles,
            clock,
        }
    }
}

#[derive(ApiResponse)]
enum ProfileCreated {
    #[oai(status = 201)]
    Created(Json<ProfileDto>),
}

#[OpenApi(prefix_path = "/api/v1/crm", tag = "CrmTag::Crm")]
impl ProfilesApi {
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

    /// The month KPIs of every profile the caller reaches, in one read (the list's columns): done activities,
    /// overdue activities, won and lost, conversion, activities target and attainment.
    #[oai(path = "/users/kpis", method = "get", operation_id = "listCrmUserKpis")]
    async fn list_kpis(
        &self,
        #[oai(scope = "CRM_USERS_READ")] auth: BearerAuth,
        /// `AAAA-MM` (default: this month).
        #[oai(validator(max_length = 7))]
        month: Query<Option<String>>,
    ) -> ApiResult<Json<Vec<PersonKpisDto>>> {
        let month = self.month(month.0)?;
        let all = self.profiles.month_kpis(&auth.0, month).await?;
        Ok(Json(all.into_iter().map(person_kpis_dto).collect()))
    }

    /// A salesperson's month KPIs, their open funnel per stage and their last 12 months of targets with the
    /// activities done against them (404 outside the caller's scope).
    #[oai(
        path = "/users/:user_id/kpis",
        method = "get",
        operation_id = "getCrmUserKpis"
    )]
    async fn user_kpis(
        &self,
        #[oai(scope = "CRM_USERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] user_id: Path<String>,
        /// `AAAA-MM` (default: this month).
        #[oai(validator(max_length = 7))]
        month: Query<Option<String>>,
    ) -> ApiResult<Json<UserKpisDto>> {
        let month = self.month(month.0)?;
        let kpis = self.profiles.kpis(&auth.0, &user_id.0, month).await?;
        Ok(Json(user_kpis_dto(kpis)))
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

    /// Where the salesperson's commissions are paid. Only the person, finance and administration read it (403).
    #[oai(
        path = "/users/:user_id/payout",
        method = "get",
        operation_id = "getCrmUserPayout"
    )]
    async fn payout(
        &self,
        #[oai(scope = "CRM_USERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] user_id: Path<String>,
    ) -> ApiResult<Json<PayoutDto>> {
        Ok(Json(
            self.profiles.payout(&auth.0, &user_id.0).await?.into(),
        ))
    }

    /// Sets the payout (PIX key or bank account), or clears it when `method` is left out: the person or an
    /// administrator (403 for anyone else).
    #[oai(
        path = "/users/:user_id/payout",
        method = "put",
        operation_id = "setCrmUserPayout"
    )]
    async fn set_payout(
        &self,
        #[oai(scope = "CRM_USERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] user_id: Path<String>,
        body: Json<PayoutRequest>,
    ) -> ApiResult<Json<PayoutDto>> {
        let payout = self
            .profiles
            .set_payout(&auth.0, &user_id.0, body.0.draft(), self.clock.now())
            .await?;
        Ok(Json(payout.into()))
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
