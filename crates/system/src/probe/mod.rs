//! Queue probes: a batch of no-op jobs an administrator enqueues to see the queue work — how many ran,
//! on which instances, and that none ran to completion twice. `scripts/scale-out.sh` uses it to show that
//! jobs enqueued through two instances run exactly once, even when one instance is killed mid-batch.
//!
//! Each probe job waits `work_ms` (standing in for real work, so a kill lands mid-job) and then writes
//! its run in the transaction that completes it: a job whose lease ran out while it worked finds its
//! completion refused and its run rolled back, so the runs counted are the completions.
//!
//! A probe of one job in `steps` steps ("Testar fila" on `/admin/tarefas`) waits `work_ms` per step and
//! reports its progress after each, so an administrator sees the progress bar move as any long job's would.

mod store;

use std::time::Duration;

use platform::context::Platform;
use platform::error::Violation;
use platform::error::{Error, Result};
use platform::jobs::{JobHandler, JobOptions, JobOutcome, JobRun};
use serde::{Deserialize, Serialize};

pub use store::{ProbeReport, WorkerRuns};

pub const JOB_KIND: &str = "system.probe";
/// At most this many jobs in one batch.
pub const MAX_JOBS: i64 = 10_000;
/// At most this long per job.
pub const MAX_WORK_MS: i64 = 2_000;
/// At most this many steps in a one-job probe.
pub const MAX_STEPS: i64 = 100;

#[derive(Serialize, Deserialize)]
struct Payload {
    batch: String,
    work_ms: u64,
    /// Whether the job writes its completion row (the proof of exactly once). Without it the job is a
    /// true no-op, completed in the worker's batched completions (the jobs benchmark).
    #[serde(default = "yes")]
    record: bool,
    /// Steps of `work_ms` each, with progress reported after each one (1: a plain probe job).
    #[serde(default = "one")]
    steps: u32,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// What to enqueue.
#[derive(Debug, Clone, Copy)]
pub struct ProbeRequest {
    pub jobs: i64,
    pub work_ms: i64,
    pub record: bool,
    /// One job in this many steps, reporting progress (`jobs` must be 1).
    pub steps: Option<i64>,
}

/// A batch just enqueued: its id, and the job's id when it is a one-job probe in steps (whose progress
/// the web follows).
#[derive(Debug, Clone)]
pub struct Enqueued {
    pub batch: String,
    pub job_id: Option<String>,
}

/// The dedupe-key prefix of a batch's jobs (their keys are this plus the job's number).
fn key_prefix(batch: &str) -> String {
    format!("system.probe:{batch}:")
}

/// Enqueues a batch of probe jobs in one transaction.
pub async fn enqueue(platform: &Platform, request: ProbeRequest, by_uid: &str) -> Result<Enqueued> {
    validate(&request)?;
    let ProbeRequest {
        jobs,
        work_ms,
        record,
        steps,
    } = request;
    let batch = uuid::Uuid::now_v7().to_string();
    let now = platform.clock.now();
    let mut tx = platform.db.begin().await?;
    store::insert_batch(&mut tx, &batch, jobs, work_ms, by_uid, now).await?;
    let payload = Payload {
        batch: batch.clone(),
        work_ms: work_ms as u64,
        record,
        steps: steps.map_or(1, |s| s as u32),
    };
    let prefix = key_prefix(&batch);
    let options_of = |n: i64| JobOptions {
        created_by: Some(by_uid.to_string()),
        dedupe_key: Some(format!("{prefix}{n:06}")),
        ..JobOptions::default()
    };
    let job_id = if steps.is_some() {
        let id = platform
            .jobs
            .enqueue(&mut tx, JOB_KIND, &payload, options_of(0))
            .await?;
        Some(id)
    } else {
        let jobs_of_batch = (0..jobs).map(|n| (&payload, options_of(n)));
        platform
            .jobs
            .enqueue_many(&mut tx, JOB_KIND, jobs_of_batch)
            .await?;
        None
    };
    tx.commit().await?;
    Ok(Enqueued { batch, job_id })
}

fn validate(request: &ProbeRequest) -> Result<()> {
    let ProbeRequest {
        jobs,
        work_ms,
        steps,
        ..
    } = *request;
    let mut violations = Vec::new();
    if !(1..=MAX_JOBS).contains(&jobs) {
        violations.push(Violation::new(
            "jobs",
            format!("Informe de 1 a {MAX_JOBS} tarefas."),
        ));
    }
    if !(0..=MAX_WORK_MS).contains(&work_ms) {
        violations.push(Violation::new(
            "work_ms",
            format!("Informe de 0 a {MAX_WORK_MS} milissegundos por tarefa."),
        ));
    }
    if let Some(steps) = steps {
        if !(1..=MAX_STEPS).contains(&steps) {
            violations.push(Violation::new(
                "steps",
                format!("Informe de 1 a {MAX_STEPS} etapas."),
            ));
        }
        if jobs != 1 {
            violations.push(Violation::new(
                "jobs",
                "Uma tarefa em etapas é uma só: informe 1 tarefa.",
            ));
        }
    }
    if violations.is_empty() {
        Ok(())
    } else {
        Err(Error::invalid(violations))
    }
}

/// What became of a batch; `None` when there is no such batch.
pub async fn report(platform: &Platform, batch: &str) -> Result<Option<ProbeReport>> {
    let Some(mut report) = store::report(&platform.db, batch).await? else {
        return Ok(None);
    };
    report.done = platform
        .jobs
        .done_with_key_prefix(&key_prefix(batch))
        .await?;
    Ok(Some(report))
}

/// Runs one probe job.
pub fn handler() -> JobHandler {
    JobHandler::new(JOB_KIND, |job: JobRun, payload: Payload| async move {
        let steps = payload.steps.max(1);
        for step in 1..=steps {
            if payload.work_ms > 0 {
                tokio::time::sleep(Duration::from_millis(payload.work_ms)).await;
            }
            if steps > 1 {
                let message = format!("Etapa {step} de {steps}");
                job.progress(i64::from(step), Some(i64::from(steps)), &message)
                    .await?;
            }
        }
        if !payload.record {
            return Ok(JobOutcome::done());
        }
        let now = job.jobs().clock().now();
        let mut tx = job.db().begin().await?;
        store::insert_run(&mut tx, &payload.batch, &job.id, job.worker(), now).await?;
        let outcome = JobOutcome::done();
        job.complete_in(&mut tx, &outcome).await?;
        tx.commit().await?;
        Ok(outcome)
    })
}
