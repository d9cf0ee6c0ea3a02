//! Queue probes: a batch of no-op jobs an administrator enqueues to see the queue work — how many ran,
//! on which instances, and that none ran to completion twice. `scripts/scale-out.sh` uses it to show that
//! jobs enqueued through two instances run exactly once, even when one instance is killed mid-batch.
//!
//! Each probe job waits `work_ms` (standing in for real work, so a kill lands mid-job) and then writes
//! its run in the transaction that completes it: a job whose lease ran out while it worked finds its
//! completion refused and its run rolled back, so the runs counted are the completions.

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

#[derive(Serialize, Deserialize)]
struct Payload {
    batch: String,
    work_ms: u64,
    /// Whether the job writes its completion row (the proof of exactly once). Without it the job is a
    /// true no-op, completed in the worker's batched completions (the jobs benchmark).
    #[serde(default = "yes")]
    record: bool,
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
}

/// The dedupe-key prefix of a batch's jobs (their keys are this plus the job's number).
fn key_prefix(batch: &str) -> String {
    format!("system.probe:{batch}:")
}

/// Enqueues a batch of probe jobs in one transaction; returns its id.
pub async fn enqueue(platform: &Platform, request: ProbeRequest, by_uid: &str) -> Result<String> {
    let ProbeRequest {
        jobs,
        work_ms,
        record,
    } = request;
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
    if !violations.is_empty() {
        return Err(Error::invalid(violations));
    }
    let batch = uuid::Uuid::now_v7().to_string();
    let now = platform.clock.now();
    let mut tx = platform.db.begin().await?;
    store::insert_batch(&mut tx, &batch, jobs, work_ms, by_uid, now).await?;
    let payload = Payload {
        batch: batch.clone(),
        work_ms: work_ms as u64,
        record,
    };
    let prefix = key_prefix(&batch);
    let jobs_of_batch = (0..jobs).map(|n| {
        let options = JobOptions {
            created_by: Some(by_uid.to_string()),
            dedupe_key: Some(format!("{prefix}{n:06}")),
            ..JobOptions::default()
        };
        (&payload, options)
    });
    platform
        .jobs
        .enqueue_many(&mut tx, JOB_KIND, jobs_of_batch)
        .await?;
    tx.commit().await?;
    Ok(batch)
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
        if payload.work_ms > 0 {
            tokio::time::sleep(Duration::from_millis(payload.work_ms)).await;
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
