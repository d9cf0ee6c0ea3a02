//! `/api/v1/crm/lab/*`, the CRM's laboratory (`/crmDev`, ADMIN and SUPER_ADMIN: `crm_dev`):
//!
//! - `previews`: the features in pilot (the registry in `domain::preview`) with their grants; a grant turns one on
//!   or off for a role, a team or a user (`PUT`/`DELETE …/grants/{kind}/{subject}`), with the feature's history;
//! - `previews/mine` (every role): the features on for the caller — the web shows or hides them with it;
//! - `cadence-simulation`: a dry run of a cadence (an existing one or steps as typed) from a start date and time:
//!   each step's business day and time, the holidays in between. It writes nothing.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{ApiResult, BearerAuth, Date, HistoryEntryDto, Omittable, Text};
use platform::Error;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::cadence_dto::{drafts, step_dto, CadenceStepDto, CadenceStepRequest};
use super::CrmTag;
use crate::domain::preview::SubjectKind;
use crate::permissions::{CLIENTS_READ, DEV};
use crate::service::lab::{FeatureView, SimulationInput};
use crate::service::Lab;

pub struct LabApi {
    lab: Arc<Lab>,
}

impl LabApi {
    pub fn new(lab: Arc<Lab>) -> LabApi {
        LabApi { lab }
    }
}

/// One grant of a feature in preview.
#[derive(Object)]
#[oai(rename = "PreviewGrant")]
pub struct PreviewGrantDto {
    /// `papel`, `time` or `usuario`.
    pub subject_kind: String,
    /// A role code (`SALESPERSON`), a team id or a user's uid.
    pub subject_id: String,
    pub enabled: bool,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
}

/// A CRM feature in pilot with its grants.
#[derive(Object)]
#[oai(rename = "PreviewFeature")]
pub struct PreviewFeatureDto {
    pub code: String,
    pub label: String,
    pub description: String,
    /// What a user without any grant gets.
    pub default_enabled: bool,
    pub grants: Vec<PreviewGrantDto>,
}

fn feature_dto(v: FeatureView) -> PreviewFeatureDto {
    PreviewFeatureDto {
        code: v.feature.code.to_string(),
        label: v.feature.label.to_string(),
        description: v.feature.description.to_string(),
        default_enabled: v.feature.default_enabled,
        grants: v
            .grants
            .into_iter()
            .map(|g| PreviewGrantDto {
                subject_kind: g.grant.kind.as_str().to_string(),
                subject_id: g.grant.subject_id,
                enabled: g.grant.enabled,
                updated_at: g.updated_at,
                updated_by: g.updated_by,
            })
            .collect(),
    }
}

/// Turns a feature on or off for one subject.
#[derive(Object)]
pub struct PreviewGrantRequest {
    pub enabled: bool,
}

/// The features on for the caller.
#[derive(Object)]
pub struct MyPreviews {
    /// Their codes (`funil_lista`…).
    pub enabled: Vec<String>,
}

/// A cadence dry run: `cadence_id` (one the caller sees) or `steps` as typed, from `start_date` (default today)
/// at `start_time` (`hh:mm`, São Paulo; default 00:00).
#[derive(Object)]
pub struct CadenceSimulationRequest {
    #[oai(validator(max_length = 100))]
    pub cadence_id: Omittable<Text>,
    #[oai(default, validator(max_items = 100))]
    pub steps: Vec<CadenceStepRequest>,
    pub start_date: Omittable<Date>,
    #[oai(validator(max_length = 10))]
    pub start_time: Omittable<Text>,
    /// The unit whose holidays count too (default: company-wide holidays only); unknown: 422 on `unit_id`.
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<Text>,
}

/// One step of a dry run.
#[derive(Object)]
#[oai(rename = "CadenceSimulationStep")]
pub struct CadenceSimulationStepDto {
    pub step: CadenceStepDto,
    /// The business day (São Paulo).
    pub day: NaiveDate,
    /// The start of its window that day.
    pub at: DateTime<Utc>,
    /// Already past at the start: an enrollment then makes it fall due at once.
    pub due_at_once: bool,
}

/// A holiday on the way.
#[derive(Object)]
#[oai(rename = "CalendarHoliday")]
pub struct HolidayDto {
    pub day: NaiveDate,
    pub name: String,
    /// National (computed) or one of the company's.
    pub national: bool,
    /// The unit's own holiday (absent: every unit's).
    #[oai(skip_serializing_if_is_none)]
    pub unit_id: Option<String>,
}

/// A dry run's answer: nothing was written.
#[derive(Object)]
pub struct CadenceSimulation {
    /// The cadence's name, when one was simulated.
    #[oai(skip_serializing_if_is_none)]
    pub cadence_name: Option<String>,
    /// The first business day on or after the start date (an enrollment's anchor).
    pub first_day: NaiveDate,
    pub steps: Vec<CadenceSimulationStepDto>,
    pub holidays: Vec<HolidayDto>,
}

fn kind_of(text: &str) -> Result<SubjectKind, Error> {
    SubjectKind::parse(text)
        .ok_or_else(|| Error::invalid_field("subject_kind", "Informe papel, time ou usuario."))
}

#[OpenApi(prefix_path = "/api/v1/crm/lab", tag = "CrmTag::Crm")]
impl LabApi {
    /// The CRM features in pilot, with their grants per role, team and user.
    #[oai(path = "/previews", method = "get", operation_id = "listCrmPreviews")]
    async fn previews(
        &self,
        #[oai(scope = "DEV")] _auth: BearerAuth,
    ) -> ApiResult<Json<Vec<PreviewFeatureDto>>> {
        let views = self.lab.previews().await?;
        Ok(Json(views.into_iter().map(feature_dto).collect()))
    }

    /// The codes of the features on for the caller: their own grant, else their teams', else their role's, else
    /// the feature's default.
    #[oai(
        path = "/previews/mine",
        method = "get",
        operation_id = "myCrmPreviews"
    )]
    async fn mine(
        &self,
        #[oai(scope = "CLIENTS_READ")] auth: BearerAuth,
    ) -> ApiResult<Json<MyPreviews>> {
        let on = self.lab.mine(&auth.0).await?;
        Ok(Json(MyPreviews {
            enabled: on.into_iter().map(|f| f.code.to_string()).collect(),
        }))
    }

    /// Turns a feature on or off for a role (`papel`, its code), a team (`time`, its id) or a user (`usuario`,
    /// their uid); recorded in the feature's history.
    #[oai(
        path = "/previews/:code/grants/:kind/:subject",
        method = "put",
        operation_id = "setCrmPreviewGrant"
    )]
    async fn set_grant(
        &self,
        #[oai(scope = "DEV")] auth: BearerAuth,
        #[oai(validator(max_length = 60))] code: Path<String>,
        #[oai(validator(max_length = 20))] kind: Path<String>,
        #[oai(validator(max_length = 100))] subject: Path<String>,
        body: Json<PreviewGrantRequest>,
    ) -> ApiResult<Json<PreviewFeatureDto>> {
        let kind = kind_of(&kind.0)?;
        let view = self
            .lab
            .set_grant(&code.0, kind, &subject.0, body.0.enabled, &auth.0)
            .await?;
        Ok(Json(feature_dto(view)))
    }

    /// Removes a grant: the next level (team, role) or the default applies again.
    #[oai(
        path = "/previews/:code/grants/:kind/:subject",
        method = "delete",
        operation_id = "removeCrmPreviewGrant"
    )]
    async fn remove_grant(
        &self,
        #[oai(scope = "DEV")] auth: BearerAuth,
        #[oai(validator(max_length = 60))] code: Path<String>,
        #[oai(validator(max_length = 20))] kind: Path<String>,
        #[oai(validator(max_length = 100))] subject: Path<String>,
    ) -> ApiResult<Json<PreviewFeatureDto>> {
        let kind = kind_of(&kind.0)?;
        let view = self
            .lab
            .remove_grant(&code.0, kind, &subject.0, &auth.0)
            .await?;
        Ok(Json(feature_dto(view)))
    }

    /// A feature's grant changes, oldest first.
    #[oai(
        path = "/previews/:code/history",
        method = "get",
        operation_id = "getCrmPreviewHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "DEV")] _auth: BearerAuth,
        #[oai(validator(max_length = 60))] code: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.lab.history(&code.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// The cadence simulator: when each step of a cadence (an existing one, or steps as typed) would fall for an
    /// enrollment on the start date, on business days and hours with the platform calendar's holidays (and a unit's,
    /// with `unit_id`). A dry run:
    /// nothing is written.
    #[oai(
        path = "/cadence-simulation",
        method = "post",
        operation_id = "simulateCrmCadence"
    )]
    async fn simulate(
        &self,
        #[oai(scope = "DEV")] auth: BearerAuth,
        body: Json<CadenceSimulationRequest>,
    ) -> ApiResult<Json<CadenceSimulation>> {
        let body = body.0;
        let input = SimulationInput {
            cadence_id: body.cadence_id.0.map(String::from),
            steps: drafts(body.steps),
            start_date: body.start_date.0.map(|d| d.0),
            start_time: body.start_time.0.map(String::from),
            unit_id: body.unit_id.0.map(String::from),
        };
        let out = self.lab.simulate(&auth.0, input).await?;
        Ok(Json(CadenceSimulation {
            cadence_name: out.cadence_name,
            first_day: out.first_day,
            steps: out
                .steps
                .iter()
                .map(|s| CadenceSimulationStepDto {
                    step: step_dto(None, &s.step),
                    day: s.date.day,
                    at: s.date.at,
                    due_at_once: s.due_at_once,
                })
                .collect(),
            holidays: out
                .holidays
                .into_iter()
                .map(|h| HolidayDto {
                    day: h.day,
                    name: h.name,
                    national: h.national,
                    unit_id: h.unit_id,
                })
                .collect(),
        }))
    }
}
