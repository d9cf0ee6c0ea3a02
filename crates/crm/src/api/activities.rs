//! `/api/v1/crm/activities*`: the tabs and the calendar, the agenda, create, change, complete with an outcome, and
//! the bulk reschedule and reassign of a manager. An activity outside the caller's scope is 404.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth, Date, HistoryEntryDto, PageRequest};
use platform::Error;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::activity_dto::*;
use super::CrmTag;
use crate::domain::activity::{Kind, Origin, Outcome, Tab};
use crate::permissions::{ACTIVITIES_MANAGE, ACTIVITIES_READ, ACTIVITIES_WRITE};
use crate::service::{Activities, ActivityQuery};

pub struct ActivitiesApi {
    activities: Arc<Activities>,
}

impl ActivitiesApi {
    pub fn new(activities: Arc<Activities>) -> ActivitiesApi {
        ActivitiesApi { activities }
    }
}

#[derive(ApiResponse)]
enum ActivityCreated {
    #[oai(status = 201)]
    Created(Json<ActivityDto>),
}

fn texts(ids: Vec<platform::api::Text>) -> Vec<String> {
    ids.into_iter().map(String::from).collect()
}

fn blank(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

#[OpenApi(prefix_path = "/api/v1/crm/activities", tag = "CrmTag::Crm")]
impl ActivitiesApi {
    /// The activities the caller reaches (a salesperson: their own; a manager: their teams'). `tab`: `hoje` (due
    /// today), `atrasadas` (not done, due in the past), `proximas` (from tomorrow), `concluidas` (newest first);
    /// `from`/`to` narrow to a period of due dates (the calendar).
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/", method = "get", operation_id = "listActivities")]
    async fn list(
        &self,
        #[oai(scope = "ACTIVITIES_READ")] auth: BearerAuth,
        #[oai(validator(pattern = "^(hoje|atrasadas|proximas|concluidas)$"))] tab: Query<
            Option<String>,
        >,
        #[oai(validator(pattern = "^(ligacao|whatsapp|email|visita|reuniao|tarefa)$"))] kind: Query<
            Option<String>,
        >,
        #[oai(validator(
            pattern = "^(atendeu|nao_atendeu|caixa_postal|respondeu|agendou_avaliacao|sem_interesse|numero_invalido|outro)$"
        ))]
        outcome: Query<Option<String>>,
        #[oai(validator(pattern = "^(manual|plugin|cadencia|timer|sistema)$"))] origin: Query<
            Option<String>,
        >,
        #[oai(validator(max_length = 100))] owner_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] opportunity_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] enrollment_id: Query<Option<String>>,
        /// Due on or after this date.
        from: Query<Option<Date>>,
        /// Due on or before this date.
        to: Query<Option<Date>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<ActivityPage>> {
        if let (Some(f), Some(t)) = (from.0, to.0) {
            if t.0 < f.0 {
                return Err(
                    Error::invalid_field("to", "O fim do período vem antes do início.").into(),
                );
            }
        }
        let query = ActivityQuery {
            tab: tab.0.as_deref().and_then(Tab::parse),
            done: None,
            kind: kind.0.as_deref().and_then(Kind::parse),
            outcome: outcome.0.as_deref().and_then(Outcome::parse),
            origin: origin.0.as_deref().and_then(Origin::parse),
            owner_id: blank(owner_id.0),
            client_id: blank(client_id.0),
            opportunity_id: blank(opportunity_id.0),
            enrollment_id: blank(enrollment_id.0),
            from: from.0.map(|d| d.0),
            to: to.0.map(|d| d.0),
        };
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, total) = self
            .activities
            .list(&auth.0, &query, paging.limit(), paging.offset())
            .await?;
        Ok(Json(ActivityPage {
            items: items.into_iter().map(ActivityDto::from).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// Today's open activities and the overdue ones of the caller's scope (the first 50 by due time).
    #[oai(path = "/agenda", method = "get", operation_id = "getActivityAgenda")]
    async fn agenda(
        &self,
        #[oai(scope = "ACTIVITIES_READ")] auth: BearerAuth,
    ) -> ApiResult<Json<ActivityAgenda>> {
        let (items, total) = self.activities.agenda(&auth.0).await?;
        let overdue = items.iter().filter(|a| a.overdue).count() as i64;
        Ok(Json(ActivityAgenda {
            items: items.into_iter().map(ActivityDto::from).collect(),
            total,
            overdue,
        }))
    }

    /// Logs a new activity (owned by the caller unless they name someone of their teams).
    #[oai(path = "/", method = "post", operation_id = "createActivity")]
    async fn create(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
        body: Json<NewActivityRequest>,
    ) -> ApiResult<ActivityCreated> {
        let view = self.activities.create(&auth.0, body.0.draft()).await?;
        Ok(ActivityCreated::Created(Json(ActivityDto::from(view))))
    }

    /// One activity.
    #[oai(path = "/:id", method = "get", operation_id = "getActivity")]
    async fn get(
        &self,
        #[oai(scope = "ACTIVITIES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ActivityDto>> {
        Ok(Json(ActivityDto::from(
            self.activities.get_for(&auth.0, &id.0).await?,
        )))
    }

    /// Changes an activity: reschedule, edit, reassign (to someone of the caller's teams). A done activity changes
    /// only its notes (kept in the history).
    #[oai(path = "/:id", method = "patch", operation_id = "updateActivity")]
    async fn update(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ActivityPatchRequest>,
    ) -> ApiResult<Json<ActivityDto>> {
        let patch = body.0;
        let view = self
            .activities
            .update(&auth.0, &id.0, patch.version.0, |d| patch.apply(d))
            .await?;
        Ok(Json(ActivityDto::from(view)))
    }

    /// Completes an activity with an outcome (required), optionally logging the next one.
    #[oai(
        path = "/:id/complete",
        method = "post",
        operation_id = "completeActivity"
    )]
    async fn complete(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<CompleteActivityRequest>,
    ) -> ApiResult<Json<CompletedActivity>> {
        let (done, next) = self
            .activities
            .complete(&auth.0, &id.0, body.0.into())
            .await?;
        Ok(Json(CompletedActivity {
            activity: ActivityDto::from(done),
            next: next.map(ActivityDto::from),
        }))
    }

    /// Moves up to 200 open activities to a new due time, all or none (422 naming the first refused id).
    #[oai(
        path = "/bulk-reschedule",
        method = "post",
        operation_id = "bulkRescheduleActivities"
    )]
    async fn bulk_reschedule(
        &self,
        #[oai(scope = "ACTIVITIES_MANAGE")] auth: BearerAuth,
        body: Json<BulkRescheduleRequest>,
    ) -> ApiResult<Json<BulkResult>> {
        let ids = texts(body.0.ids);
        let updated = self
            .activities
            .bulk_reschedule(&auth.0, &ids, body.0.due_at)
            .await?;
        Ok(Json(BulkResult {
            updated: updated as i64,
        }))
    }

    /// Gives up to 200 open activities to another owner of the caller's teams, all or none.
    #[oai(
        path = "/bulk-reassign",
        method = "post",
        operation_id = "bulkReassignActivities"
    )]
    async fn bulk_reassign(
        &self,
        #[oai(scope = "ACTIVITIES_MANAGE")] auth: BearerAuth,
        body: Json<BulkReassignRequest>,
    ) -> ApiResult<Json<BulkResult>> {
        let ids = texts(body.0.ids);
        let updated = self
            .activities
            .bulk_reassign(&auth.0, &ids, body.0.owner_id.trim())
            .await?;
        Ok(Json(BulkResult {
            updated: updated as i64,
        }))
    }

    /// An activity's history: created, changed, completed, notes edited; oldest first.
    #[oai(
        path = "/:id/history",
        method = "get",
        operation_id = "getActivityHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "ACTIVITIES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.activities.history(&auth.0, &id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }
}
