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
}

/// Enqueues a batch of `jobs` probe jobs, each working `work_ms`, in one transaction; returns its id.
pub async fn enqueue(platform: &Platform, jobs: i64, work_ms: i64, by_uid: &str) -> Result<String> {
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
    };
    for _ in 0..jobs {
        let options = JobOptions {
            created_by: Some(by_uid.to_string()),
            ..JobOptions::default()
        };
        platform
            .jobs
            .enqueue(&mut tx, JOB_KIND, &payload, options)
            .await?;
    }
    tx.commit().await?;
    Ok(batch)
}

/// What became of a batch; `None` when there is no such batch.
pub async fn report(platform: &Platform, batch: &str) -> Result<Option<ProbeReport>> {
    Ok(store::report(&platform.db, batch).await?)
}

/// Runs one probe job.
pub fn handler() -> JobHandler {
    JobHandler::new(JOB_KIND, |job: JobRun, payload: Payload| async move {
        if payload.work_ms > 0 {
            tokio::time::sleep(Duration::from_millis(payload.work_ms)).await;
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
