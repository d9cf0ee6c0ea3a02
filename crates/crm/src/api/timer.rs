//! `/api/v1/crm/timer`: the caller's attendance timer (one per user): read, start, pause, resume, stop (completing
//! the activity with its duration) and discard. An activity outside the caller's scope is 404.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::activity_dto::ActivityDto;
use super::timer_dto::*;
use super::CrmTag;
use crate::permissions::ACTIVITIES_WRITE;
use crate::service::Timers;

pub struct TimerApi {
    timers: Arc<Timers>,
}

impl TimerApi {
    pub fn new(timers: Arc<Timers>) -> TimerApi {
        TimerApi { timers }
    }
}

/// No timer is not an error for the screen that asks on every load: 204, like an empty answer.
#[derive(ApiResponse)]
enum CurrentTimer {
    #[oai(status = 200)]
    Running(Json<TimerDto>),
    /// The caller has no timer.
    #[oai(status = 204)]
    NoTimer,
}

#[derive(ApiResponse)]
enum TimerStarted {
    #[oai(status = 201)]
    Started(Json<TimerDto>),
}

#[derive(ApiResponse)]
enum Discarded {
    #[oai(status = 204)]
    Discarded,
}

#[OpenApi(prefix_path = "/api/v1/crm/timer", tag = "CrmTag::Crm")]
impl TimerApi {
    /// The caller's timer, running or paused, with the seconds counted at the server's time (204: none).
    #[oai(path = "/", method = "get", operation_id = "getCurrentTimer")]
    async fn current(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
    ) -> ApiResult<CurrentTimer> {
        Ok(match self.timers.current(&auth.0).await? {
            Some(view) => CurrentTimer::Running(Json(TimerDto::from(view))),
            None => CurrentTimer::NoTimer,
        })
    }

    /// Starts the caller's timer on an open activity of their scope, or standalone with a client and a kind (the
    /// activity is created, with origin `timer`, when stopped). One already there: 409 naming it.
    #[oai(path = "/start", method = "post", operation_id = "startTimer")]
    async fn start(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
        body: Json<StartTimerRequest>,
    ) -> ApiResult<TimerStarted> {
        let view = self.timers.start(&auth.0, body.0.into()).await?;
        Ok(TimerStarted::Started(Json(TimerDto::from(view))))
    }

    /// Pauses the running timer (409 when already paused).
    #[oai(path = "/pause", method = "post", operation_id = "pauseTimer")]
    async fn pause(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
    ) -> ApiResult<Json<TimerDto>> {
        Ok(Json(TimerDto::from(self.timers.pause(&auth.0).await?)))
    }

    /// Resumes the paused timer (409 when running); the pause is not counted.
    #[oai(path = "/resume", method = "post", operation_id = "resumeTimer")]
    async fn resume(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
    ) -> ApiResult<Json<TimerDto>> {
        Ok(Json(TimerDto::from(self.timers.resume(&auth.0).await?)))
    }

    /// Stops the timer with an outcome (required): the activity is completed with `duration_s` and the timer
    /// removed in one transaction. A stop queued offline sends `device_stopped_at`.
    #[oai(path = "/stop", method = "post", operation_id = "stopTimer")]
    async fn stop(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
        body: Json<StopTimerRequest>,
    ) -> ApiResult<Json<ActivityDto>> {
        let done = self.timers.stop(&auth.0, body.0.into()).await?;
        Ok(Json(ActivityDto::from(done)))
    }

    /// Throws the caller's timer away; its activity stays open.
    #[oai(path = "/", method = "delete", operation_id = "discardTimer")]
    async fn discard(
        &self,
        #[oai(scope = "ACTIVITIES_WRITE")] auth: BearerAuth,
    ) -> ApiResult<Discarded> {
        self.timers.discard(&auth.0).await?;
        Ok(Discarded::Discarded)
    }
}
