//! Queue probes for administrators (`crate::probe`): enqueue a batch of no-op jobs, read what became of it.

use chrono::{DateTime, Utc};
use platform::api::{ApiResult, BearerAuth, Omittable};
use platform::context::Platform;
use platform::Error;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::SystemTag;
use crate::permissions::JOBS_ADMIN;
use crate::probe::{self, ProbeReport};

pub struct ProbesApi {
    platform: Platform,
}

impl ProbesApi {
    pub fn new(platform: Platform) -> ProbesApi {
        ProbesApi { platform }
    }
}

/// A batch of no-op jobs to enqueue.
#[derive(Object)]
#[oai(example)]
pub struct NewProbeRequest {
    /// How many jobs (1 to 10.000).
    #[oai(validator(minimum(value = "1"), maximum(value = "10000")))]
    pub jobs: i64,
    /// How long each job works, in milliseconds (0 to 2.000).
    #[oai(validator(minimum(value = "0"), maximum(value = "2000")))]
    pub work_ms: i64,
    /// Whether each job writes its completion row, the proof that it ran once (default true). Without
    /// it a job is a true no-op (the jobs benchmark) and only `done` counts it.
    pub record: Omittable<bool>,
    /// One job in this many steps (1 to 100), reporting its progress after each step of `work_ms`:
    /// "Testar fila" follows it as a page follows any long job. `jobs` must be 1.
    #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
    pub steps: Omittable<i64>,
}

impl Example for NewProbeRequest {
    fn example() -> Self {
        NewProbeRequest {
            jobs: 100,
            work_ms: 0,
            record: Omittable(Some(true)),
            steps: Omittable(None),
        }
    }
}

/// Completions by one worker (`<host>-<pid>`: one per instance).
#[derive(Object)]
#[oai(rename = "ProbeWorkerRuns")]
pub struct WorkerRunsDto {
    pub worker: String,
    pub runs: i64,
}

/// What became of a probe batch: every job ran exactly once when `runs` = `distinct_jobs` = `jobs`.
#[derive(Object)]
#[oai(rename = "JobProbe", skip_serializing_if_is_none)]
pub struct ProbeDto {
    pub batch: String,
    pub jobs: i64,
    pub work_ms: i64,
    pub created_at: DateTime<Utc>,
    /// Jobs of the batch that are done.
    pub done: i64,
    /// Completions recorded (a job completed twice would count twice).
    pub runs: i64,
    pub distinct_jobs: i64,
    pub by_worker: Vec<WorkerRunsDto>,
    /// The job to follow (`GET /api/v1/system/jobs/{id}`), when the probe is one job in steps; given only
    /// by the request that enqueued it.
    pub job_id: Option<String>,
}

impl From<ProbeReport> for ProbeDto {
    fn from(r: ProbeReport) -> ProbeDto {
        ProbeDto {
            batch: r.batch,
            jobs: r.jobs,
            work_ms: r.work_ms,
            created_at: r.created_at,
            done: r.done,
            runs: r.runs,
            distinct_jobs: r.distinct_jobs,
            by_worker: r
                .by_worker
                .into_iter()
                .map(|w| WorkerRunsDto {
                    worker: w.worker,
                    runs: w.runs,
                })
                .collect(),
            job_id: None,
        }
    }
}

#[derive(ApiResponse)]
enum Enqueued {
    #[oai(status = 201)]
    Created(Json<ProbeDto>),
}

#[OpenApi(prefix_path = "/api/v1/system/job-probes", tag = "SystemTag::System")]
impl ProbesApi {
    /// Enqueues a batch of no-op jobs, to see the queue run them (each exactly once, on any instance).
    #[oai(path = "/", method = "post", operation_id = "createJobProbe")]
    async fn create(
        &self,
        #[oai(scope = "JOBS_ADMIN")] auth: BearerAuth,
        body: Json<NewProbeRequest>,
    ) -> ApiResult<Enqueued> {
        let request = probe::ProbeRequest {
            jobs: body.jobs,
            work_ms: body.work_ms,
            record: body.record.0.unwrap_or(true),
            steps: body.steps.0,
        };
        let enqueued = probe::enqueue(&self.platform, request, &auth.0.uid).await?;
        let report = probe::report(&self.platform, &enqueued.batch)
            .await?
            .ok_or_else(|| Error::internal("lote recém-criado não encontrado"))?;
        let mut dto = ProbeDto::from(report);
        dto.job_id = enqueued.job_id;
        Ok(Enqueued::Created(Json(dto)))
    }

    /// What became of a batch: completions, distinct jobs and completions per instance.
    #[oai(path = "/:batch", method = "get", operation_id = "getJobProbe")]
    async fn get(
        &self,
        #[oai(scope = "JOBS_ADMIN")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] batch: Path<String>,
    ) -> ApiResult<Json<ProbeDto>> {
        let report = probe::report(&self.platform, &batch.0)
            .await?
            .ok_or_else(|| Error::not_found(format!("Lote {} não encontrado.", batch.0)))?;
        Ok(Json(report.into()))
    }
}
