//! SQL for `system_job_probe_batches` and `system_job_probe_runs`.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

type Result<T> = std::result::Result<T, sqlx::Error>;

/// What became of a probe batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeReport {
    pub batch: String,
    /// Jobs enqueued.
    pub jobs: i64,
    pub work_ms: i64,
    pub created_at: DateTime<Utc>,
    /// Jobs of the batch whose status is done.
    pub done: i64,
    /// Completions recorded (a job completed twice counts twice); 0 for a batch that records none.
    pub runs: i64,
    /// Distinct jobs completed.
    pub distinct_jobs: i64,
    /// Completions per worker (instance), by worker.
    pub by_worker: Vec<WorkerRuns>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct WorkerRuns {
    pub worker: String,
    pub runs: i64,
}

pub async fn insert_batch(
    tx: &mut Tx,
    id: &str,
    jobs: i64,
    work_ms: i64,
    by_uid: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO system_job_probe_batches (id, jobs, work_ms, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(jobs)
    .bind(work_ms)
    .bind(by_uid)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn insert_run(
    tx: &mut Tx,
    batch: &str,
    job_id: &str,
    worker: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO system_job_probe_runs (batch_id, job_id, worker, at) VALUES ($1, $2, $3, $4)",
    )
    .bind(batch)
    .bind(job_id)
    .bind(worker)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn report(db: &Db, batch: &str) -> Result<Option<ProbeReport>> {
    let head: Option<(i64, i64, DateTime<Utc>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT jobs, work_ms, created_at FROM system_job_probe_batches WHERE id = $1",
    )
    .bind(batch)
    .fetch_optional(pool)
    .await)?;
    let Some((jobs, work_ms, created_at)) = head else {
        return Ok(None);
    };
    let (runs, distinct_jobs): (i64, i64) = on_db!(db, pool => sqlx::query_as(
        "SELECT COUNT(*), COUNT(DISTINCT job_id) FROM system_job_probe_runs WHERE batch_id = $1",
    )
    .bind(batch)
    .fetch_one(pool)
    .await)?;
    let by_worker: Vec<WorkerRuns> = on_db!(db, pool => sqlx::query_as(
        "SELECT worker, COUNT(*) AS runs FROM system_job_probe_runs WHERE batch_id = $1 \
         GROUP BY worker ORDER BY worker",
    )
    .bind(batch)
    .fetch_all(pool)
    .await)?;
    Ok(Some(ProbeReport {
        batch: batch.to_string(),
        jobs,
        work_ms,
        created_at,
        done: 0,
        runs,
        distinct_jobs,
        by_worker,
    }))
}
