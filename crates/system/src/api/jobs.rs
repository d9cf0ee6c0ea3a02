//! A job's progress for whoever started it; every job for its administrators.

use chrono::{DateTime, Utc};
use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, PageRequest};
use platform::jobs::{JobCount, JobFilter, JobStatus as Status, JobView, Jobs};
use platform::Error;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};

use super::SystemTag;
use crate::permissions::JOBS_ADMIN;

pub struct JobsApi {
    jobs: Jobs,
}

impl JobsApi {
    pub fn new(jobs: Jobs) -> JobsApi {
        JobsApi { jobs }
    }
}

/// Where a job stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "JobStatus", rename_all = "lowercase")]
pub enum JobStatus {
    Queued,
    Running,
    /// Failed; runs again at `run_at`.
    Retrying,
    Done,
    /// Failed every attempt: retry or cancel it.
    Dead,
    Cancelled,
}

platform::mirror_enum!(
    JobStatus,
    Status {
        Queued,
        Running,
        Retrying,
        Done,
        Dead,
        Cancelled
    }
);

/// A job in the background: its state, progress and result.
#[derive(Object)]
#[oai(rename = "Job", skip_serializing_if_is_none)]
pub struct JobDto {
    pub id: String,
    /// `<context>.<what>`.
    pub kind: String,
    pub status: JobStatus,
    pub attempts: i32,
    pub max_attempts: i32,
    /// When it runs (next).
    pub run_at: DateTime<Utc>,
    pub progress_done: Option<i64>,
    pub progress_total: Option<i64>,
    pub progress_message: Option<String>,
    /// What it produced (a file's id, counts), when done.
    pub result: Option<serde_json::Value>,
    pub last_error: Option<String>,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<JobView> for JobDto {
    fn from(j: JobView) -> JobDto {
        JobDto {
            id: j.id,
            kind: j.kind,
            status: j.status.into(),
            attempts: j.attempts,
            max_attempts: j.max_attempts,
            run_at: j.run_at,
            progress_done: j.progress_done,
            progress_total: j.progress_total,
            progress_message: j.progress_message,
            result: j.result,
            last_error: j.last_error,
            created_by: j.created_by,
            created_at: j.created_at,
            updated_at: j.updated_at,
            finished_at: j.finished_at,
        }
    }
}

/// One page of jobs, newest first.
#[derive(Object)]
pub struct JobPage {
    pub items: Vec<JobDto>,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

/// How many jobs of one kind stand in each state.
#[derive(Object, Default)]
#[oai(rename = "JobKindCounts")]
pub struct JobKindCounts {
    /// `<context>.<what>`.
    pub kind: String,
    pub queued: i64,
    pub running: i64,
    pub retrying: i64,
    pub done: i64,
    pub dead: i64,
    pub cancelled: i64,
}

impl JobKindCounts {
    fn add(&mut self, status: Status, count: i64) {
        let slot = match status {
            Status::Queued => &mut self.queued,
            Status::Running => &mut self.running,
            Status::Retrying => &mut self.retrying,
            Status::Done => &mut self.done,
            Status::Dead => &mut self.dead,
            Status::Cancelled => &mut self.cancelled,
        };
        *slot += count;
    }
}

/// The jobs created in the last days, counted by kind and state.
#[derive(Object)]
#[oai(rename = "JobSummary")]
pub struct JobSummary {
    pub days: u32,
    /// One row per kind, in name order.
    pub kinds: Vec<JobKindCounts>,
}

/// Turns (kind, state, count) rows, sorted by kind, into one row per kind.
fn by_kind(counts: Vec<JobCount>) -> Vec<JobKindCounts> {
    let mut kinds: Vec<JobKindCounts> = Vec::new();
    for c in counts {
        if kinds.last().map(|k| k.kind.as_str()) != Some(c.kind.as_str()) {
            kinds.push(JobKindCounts {
                kind: c.kind,
                ..JobKindCounts::default()
            });
        }
        if let Some(row) = kinds.last_mut() {
            row.add(c.status, c.count);
        }
    }
    kinds
}

#[OpenApi(prefix_path = "/api/v1/system/jobs", tag = "SystemTag::System")]
impl JobsApi {
    /// One job, with its progress: the page that started it polls this.
    ///
    /// Acesso: quem iniciou a tarefa; as demais só com tarefas_administrar (sem ela, 404).
    #[oai(path = "/:id", method = "get", operation_id = "getJob")]
    async fn get(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<JobDto>> {
        let job = self
            .jobs
            .get(&id.0)
            .await?
            .filter(|j| {
                auth.0.has(&JOBS_ADMIN) || j.created_by.as_deref() == Some(auth.0.uid.as_str())
            })
            .ok_or_else(|| Error::not_found("Tarefa não encontrada."))?;
        Ok(Json(job.into()))
    }

    /// Every job, newest first, filtered by state and kind.
    #[oai(path = "/", method = "get", operation_id = "listJobs")]
    async fn list(
        &self,
        #[oai(scope = "JOBS_ADMIN")] _auth: BearerAuth,
        /// Any of these states (all when absent).
        status: Query<Vec<JobStatus>>,
        #[oai(validator(max_length = 100))] kind: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<JobPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = JobFilter {
            statuses: status.0.into_iter().map(Into::into).collect(),
            kind: kind.0.filter(|k| !k.trim().is_empty()),
            created_by: None,
        };
        let (jobs, has_more) = self
            .jobs
            .list(&filter, paging.limit(), paging.offset())
            .await?;
        Ok(Json(JobPage {
            items: jobs.into_iter().map(JobDto::from).collect(),
            page: paging.page,
            page_size: paging.page_size,
            has_more,
        }))
    }

    /// The jobs created in the last `days` days (7 when absent), counted by kind and state.
    #[oai(path = "/summary", method = "get", operation_id = "getJobSummary")]
    async fn summary(
        &self,
        #[oai(scope = "JOBS_ADMIN")] _auth: BearerAuth,
        #[oai(validator(minimum(value = "1"), maximum(value = "90")))] days: Query<Option<u32>>,
    ) -> ApiResult<Json<JobSummary>> {
        let days = days.0.unwrap_or(7);
        let counts = self.jobs.counts_for_last_days(days).await?;
        Ok(Json(JobSummary {
            days,
            kinds: by_kind(counts),
        }))
    }

    /// Runs a dead or cancelled job again, from its first attempt.
    #[oai(path = "/:id/retry", method = "post", operation_id = "retryJob")]
    async fn retry(
        &self,
        #[oai(scope = "JOBS_ADMIN")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<JobDto>> {
        Ok(Json(self.jobs.retry(&id.0).await?.into()))
    }

    /// Cancels a job that has not started or waits to retry.
    #[oai(path = "/:id/cancel", method = "post", operation_id = "cancelJob")]
    async fn cancel(
        &self,
        #[oai(scope = "JOBS_ADMIN")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<JobDto>> {
        Ok(Json(self.jobs.cancel(&id.0).await?.into()))
    }
}
