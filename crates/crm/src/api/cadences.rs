//! `/api/v1/crm/cadences*`: the cadences the caller sees with their metrics, the builder (create, change: a new
//! version when active or enrolled), the preview calendar, enrollments (enroll up to 200 clients all or none, pause,
//! resume, end). A cadence or an enrollment outside the caller's scope is 404.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::cadence_dto::*;
use super::CrmTag;
use crate::domain::cadence::EnrollmentStatus;
use crate::permissions::{CADENCES_READ, CADENCES_WRITE, ENROLLMENTS_WRITE};
use crate::service::Cadences;

pub struct CadencesApi {
    cadences: Arc<Cadences>,
}

impl CadencesApi {
    pub fn new(cadences: Arc<Cadences>) -> CadencesApi {
        CadencesApi { cadences }
    }
}

#[derive(ApiResponse)]
enum CadenceCreated {
    #[oai(status = 201)]
    Created(Json<CadenceDto>),
}

#[derive(ApiResponse)]
enum Enrolled {
    #[oai(status = 201)]
    Created(Json<Vec<EnrollmentDto>>),
}

#[OpenApi(prefix_path = "/api/v1/crm/cadences", tag = "CrmTag::Crm")]
impl CadencesApi {
    /// The cadences the caller sees (global ones and those of their teams), with their metrics.
    #[oai(path = "/", method = "get", operation_id = "listCadences")]
    async fn list(
        &self,
        #[oai(scope = "CADENCES_READ")] auth: BearerAuth,
    ) -> ApiResult<Json<Vec<CadenceDto>>> {
        let views = self.cadences.list(&auth.0).await?;
        Ok(Json(
            views.into_iter().map(|v| cadence_dto(v, None)).collect(),
        ))
    }

    /// A new cadence: a manager for a team they manage; an administrator also a global one (no `team_id`).
    #[oai(path = "/", method = "post", operation_id = "createCadence")]
    async fn create(
        &self,
        #[oai(scope = "CADENCES_WRITE")] auth: BearerAuth,
        body: Json<CadenceRequest>,
    ) -> ApiResult<CadenceCreated> {
        let (_, draft) = body.0.draft();
        let view = self.cadences.create(&auth.0, draft).await?;
        Ok(CadenceCreated::Created(Json(cadence_dto(view, None))))
    }

    /// When each step would fall for an enrollment starting on `start` (business days and hours; the preview
    /// calendar of the builder). Nothing is written.
    #[oai(path = "/simulate", method = "post", operation_id = "simulateCadence")]
    async fn simulate(
        &self,
        #[oai(scope = "CADENCES_READ")] _auth: BearerAuth,
        body: Json<SimulateCadenceRequest>,
    ) -> ApiResult<Json<Vec<SimulatedStepDto>>> {
        let start = body.0.start.0.map(|d| d.0);
        let out = self.cadences.simulate(&drafts(body.0.steps), start).await?;
        Ok(Json(out.iter().map(|(s, d)| simulated(s, d)).collect()))
    }

    /// One cadence, with per-step metrics.
    #[oai(path = "/:id", method = "get", operation_id = "getCadence")]
    async fn get(
        &self,
        #[oai(scope = "CADENCES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CadenceDto>> {
        let (view, per_step) = self.cadences.get(&auth.0, &id.0).await?;
        Ok(Json(cadence_dto(view, Some(per_step))))
    }

    /// Changes a cadence. New steps on an active cadence (or one with enrollments) make a new version; enrollments
    /// keep theirs.
    #[oai(path = "/:id", method = "put", operation_id = "updateCadence")]
    async fn update(
        &self,
        #[oai(scope = "CADENCES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<CadenceRequest>,
    ) -> ApiResult<Json<CadenceDto>> {
        let (version, draft) = body.0.draft();
        let view = self.cadences.update(&auth.0, &id.0, version, draft).await?;
        Ok(Json(cadence_dto(view, None)))
    }

    /// A cadence's enrollments the caller reaches (a salesperson: their own), newest first (at most 500).
    #[oai(
        path = "/:id/enrollments",
        method = "get",
        operation_id = "listCadenceEnrollments"
    )]
    async fn enrollments(
        &self,
        #[oai(scope = "CADENCES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(pattern = "^(ativa|pausada|concluida|encerrada)$"))] status: Query<
            Option<String>,
        >,
    ) -> ApiResult<Json<Vec<EnrollmentDto>>> {
        let status = status.0.as_deref().and_then(EnrollmentStatus::parse);
        let rows = self.cadences.enrollments(&auth.0, &id.0, status).await?;
        Ok(Json(rows.into_iter().map(enrollment_dto).collect()))
    }

    /// Enrolls up to 200 clients, all or none: a client outside the caller's reach, with `do_not_contact`, without
    /// consent for a step's channel or already in a cadence is refused (422 naming `client_ids[i]` and the client).
    #[oai(
        path = "/:id/enrollments",
        method = "post",
        operation_id = "enrollClients"
    )]
    async fn enroll(
        &self,
        #[oai(scope = "ENROLLMENTS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<EnrollRequest>,
    ) -> ApiResult<Enrolled> {
        let ids: Vec<String> = body.0.client_ids.into_iter().map(String::from).collect();
        let rows = self.cadences.enroll(&auth.0, &id.0, &ids).await?;
        Ok(Enrolled::Created(Json(
            rows.into_iter().map(enrollment_dto).collect(),
        )))
    }

    /// Pauses an active enrollment (`manual` or `ausencia`), optionally until `resume_on`.
    #[oai(
        path = "/enrollments/:id/pause",
        method = "post",
        operation_id = "pauseEnrollment"
    )]
    async fn pause(
        &self,
        #[oai(scope = "ENROLLMENTS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<PauseEnrollmentRequest>,
    ) -> ApiResult<Json<EnrollmentDto>> {
        let reason = body.0.reason.0.map(String::from);
        let resume_on = body.0.resume_on.0.map(|d| d.0);
        let view = self
            .cadences
            .pause(&auth.0, &id.0, reason.as_deref(), resume_on)
            .await?;
        Ok(Json(enrollment_dto(view)))
    }

    /// Resumes a paused enrollment: the next step keeps its gap in business days, counted from today.
    #[oai(
        path = "/enrollments/:id/resume",
        method = "post",
        operation_id = "resumeEnrollment"
    )]
    async fn resume(
        &self,
        #[oai(scope = "ENROLLMENTS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<EnrollmentDto>> {
        Ok(Json(enrollment_dto(
            self.cadences.resume(&auth.0, &id.0).await?,
        )))
    }

    /// Ends an active or paused enrollment.
    #[oai(
        path = "/enrollments/:id/end",
        method = "post",
        operation_id = "endEnrollment"
    )]
    async fn end(
        &self,
        #[oai(scope = "ENROLLMENTS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<EnrollmentDto>> {
        Ok(Json(enrollment_dto(
            self.cadences.end(&auth.0, &id.0).await?,
        )))
    }
}
