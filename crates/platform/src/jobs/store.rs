//! SQL for the jobs tables. Every statement runs on both engines; claiming differs (PostgreSQL skips the
//! rows other workers have locked).

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::JobOptions;
use crate::db::{Db, Tx};
use crate::{on_db, on_tx};

type Result<T> = std::result::Result<T, sqlx::Error>;

/// Where a job stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobStatus {
    Queued,
    Running,
    /// Failed, waiting to run again.
    Retrying,
    Done,
    /// Failed every attempt: an administrator retries or cancels it.
    Dead,
    Cancelled,
}

impl JobStatus {
    pub const ALL: [JobStatus; 6] = [
        JobStatus::Queued,
        JobStatus::Running,
        JobStatus::Retrying,
        JobStatus::Done,
        JobStatus::Dead,
        JobStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Queued => "queued",
            JobStatus::Running => "running",
            JobStatus::Retrying => "retrying",
            JobStatus::Done => "done",
            JobStatus::Dead => "dead",
            JobStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<JobStatus> {
        JobStatus::ALL.into_iter().find(|j| j.as_str() == s)
    }
}

/// A job as people see it.
#[derive(Debug, Clone, PartialEq)]
pub struct JobView {
    pub id: String,
    pub kind: String,
    pub status: JobStatus,
    pub attempts: i32,
    pub max_attempts: i32,
    pub run_at: DateTime<Utc>,
    pub progress_done: Option<i64>,
    pub progress_total: Option<i64>,
    pub progress_message: Option<String>,
    pub result: Option<Value>,
    pub last_error: Option<String>,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct JobRow {
    id: String,
    kind: String,
    status: String,
    attempts: i32,
    max_attempts: i32,
    run_at: DateTime<Utc>,
    progress_done: Option<i64>,
    progress_total: Option<i64>,
    progress_message: Option<String>,
    result: Option<String>,
    last_error: Option<String>,
    created_by: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str =
    "id, kind, status, attempts, max_attempts, run_at, progress_done, progress_total, \
     progress_message, result, last_error, created_by, created_at, updated_at, finished_at";

impl From<JobRow> for JobView {
    fn from(r: JobRow) -> JobView {
        JobView {
            status: JobStatus::parse(&r.status).unwrap_or(JobStatus::Dead),
            result: r
                .result
                .as_deref()
                .and_then(|j| serde_json::from_str(j).ok()),
            id: r.id,
            kind: r.kind,
            attempts: r.attempts,
            max_attempts: r.max_attempts,
            run_at: r.run_at,
            progress_done: r.progress_done,
            progress_total: r.progress_total,
            progress_message: r.progress_message,
            last_error: r.last_error,
            created_by: r.created_by,
            created_at: r.created_at,
            updated_at: r.updated_at,
            finished_at: r.finished_at,
        }
    }
}

/// A job claimed by a worker.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct Claimed {
    pub id: String,
    pub kind: String,
    pub payload: String,
    pub attempts: i32,
    pub max_attempts: i32,
}

pub(super) async fn insert(
    tx: &mut Tx,
    kind: &str,
    payload: &str,
    options: &JobOptions,
    now: DateTime<Utc>,
) -> Result<String> {
    let id = uuid::Uuid::now_v7().to_string();
    // A repeated dedupe key inserts nothing (a unique violation would abort a PostgreSQL transaction).
    let sql = "INSERT INTO platform_jobs (id, kind, payload, status, attempts, max_attempts, run_at, \
               created_by, created_at, updated_at, dedupe_key) \
               VALUES ($1, $2, $3, 'queued', 0, $4, $5, $6, $7, $7, $8) ON CONFLICT (dedupe_key) DO NOTHING";
    let inserted = on_tx!(&mut *tx, conn => sqlx::query(sql)
        .bind(&id)
        .bind(kind)
        .bind(payload)
        .bind(options.max_attempts.unwrap_or(super::DEFAULT_MAX_ATTEMPTS).max(1))
        .bind(options.run_at.unwrap_or(now))
        .bind(&options.created_by)
        .bind(now)
        .bind(&options.dedupe_key)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?;
    match (inserted, &options.dedupe_key) {
        (0, Some(key)) => existing(tx, key).await,
        _ => Ok(id),
    }
}

/// Rows per statement of [`insert_many`]: 8 parameters a row stays far below both engines' limits.
const ROWS_PER_INSERT: usize = 1000;

/// Inserts many jobs of one kind with multi-row statements; a repeated dedupe key inserts nothing.
/// Returns how many were inserted.
pub(super) async fn insert_many(
    tx: &mut Tx,
    kind: &str,
    jobs: &[(String, JobOptions)],
    now: DateTime<Utc>,
) -> Result<u64> {
    use std::fmt::Write;
    let mut inserted = 0;
    for chunk in jobs.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from(
            "INSERT INTO platform_jobs (id, kind, payload, status, attempts, max_attempts, run_at, \
             created_by, created_at, updated_at, dedupe_key) VALUES ",
        );
        for i in 0..chunk.len() {
            let b = i * 8;
            let sep = if i == 0 { "" } else { ", " };
            let _ = write!(
                sql,
                "{sep}(${}, ${}, ${}, 'queued', 0, ${}, ${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5,
                b + 6,
                b + 7,
                b + 7,
                b + 8
            );
        }
        sql.push_str(" ON CONFLICT (dedupe_key) DO NOTHING");
        inserted += on_tx!(&mut *tx, conn => {
            let mut query = sqlx::query(&sql);
            for (payload, options) in chunk {
                query = query
                    .bind(uuid::Uuid::now_v7().to_string())
                    .bind(kind)
                    .bind(payload.as_str())
                    .bind(options.max_attempts.unwrap_or(super::DEFAULT_MAX_ATTEMPTS).max(1))
                    .bind(options.run_at.unwrap_or(now))
                    .bind(options.created_by.as_deref())
                    .bind(now)
                    .bind(options.dedupe_key.as_deref());
            }
            query.execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(inserted)
}

async fn existing(tx: &mut Tx, key: &str) -> Result<String> {
    on_tx!(tx, conn => sqlx::query_scalar("SELECT id FROM platform_jobs WHERE dedupe_key = $1")
        .bind(key)
        .fetch_one(&mut *conn)
        .await)
}

/// Claims up to `limit` ready jobs for `worker` until `until`: queued or retrying ones whose time has
/// come, in order (read from the `platform_jobs_queue` index, stopping at `limit`), then — when that
/// leaves room — running ones whose worker's lease ran out (it died).
pub(super) async fn claim(
    db: &Db,
    worker: &str,
    limit: i64,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Vec<Claimed>> {
    const READY: &str = "status IN ('queued', 'retrying') AND run_at <= $3";
    const ABANDONED: &str = "status = 'running' AND locked_until < $3";
    let mut claimed = claim_where(db, worker, READY, limit, now, until).await?;
    let room = limit - claimed.len() as i64;
    if room > 0 {
        claimed.extend(claim_where(db, worker, ABANDONED, room, now, until).await?);
    }
    Ok(claimed)
}

async fn claim_where(
    db: &Db,
    worker: &str,
    condition: &str,
    limit: i64,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Vec<Claimed>> {
    // On PostgreSQL any number of workers claim at once, each skipping the rows another holds; SQLite has
    // one worker per database and the statement is atomic on its own.
    let lock = match db {
        Db::Postgres(_) => "FOR UPDATE SKIP LOCKED",
        Db::Sqlite(_) => "",
    };
    let sql = format!(
        "UPDATE platform_jobs SET status = 'running', locked_by = $1, locked_until = $2, \
         attempts = attempts + 1, updated_at = $3 \
         WHERE id IN (SELECT id FROM platform_jobs WHERE {condition} ORDER BY run_at, id LIMIT {limit} {lock}) \
         RETURNING id, kind, payload, attempts, max_attempts"
    );
    on_db!(db, pool => sqlx::query_as(&sql)
        .bind(worker)
        .bind(until)
        .bind(now)
        .fetch_all(pool)
        .await)
}

/// Marks done the jobs `worker` still holds; returns how many.
pub(super) async fn complete_many(
    db: &Db,
    worker: &str,
    done: &[(String, Option<Value>)],
    now: DateTime<Utc>,
) -> Result<u64> {
    if done.is_empty() {
        return Ok(0);
    }
    let (plain, with_result): (Vec<_>, Vec<_>) = done.iter().partition(|(_, r)| r.is_none());
    let mut count = 0;
    if !plain.is_empty() {
        let ids: Vec<&str> = plain.iter().map(|(id, _)| id.as_str()).collect();
        let ids_json = serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into());
        let owned = "locked_by = $1 AND status = 'running'";
        let done_sql = "status = 'done', finished_at = $2, updated_at = $2, locked_by = NULL, locked_until = NULL";
        count += match db {
            Db::Postgres(pool) => sqlx::query(&format!(
                "UPDATE platform_jobs SET {done_sql} WHERE {owned} AND id = ANY($3)"
            ))
            .bind(worker)
            .bind(now)
            .bind(&ids)
            .execute(pool)
            .await?
            .rows_affected(),
            Db::Sqlite(pool) => sqlx::query(&format!(
                "UPDATE platform_jobs SET {done_sql} WHERE {owned} AND id IN (SELECT value FROM json_each($3))"
            ))
            .bind(worker)
            .bind(now)
            .bind(ids_json)
            .execute(pool)
            .await?
            .rows_affected(),
        };
    }
    for (id, result) in with_result {
        let result = result.as_ref().map(Value::to_string);
        count += on_db!(db, pool => sqlx::query(
            "UPDATE platform_jobs SET status = 'done', result = $4, finished_at = $3, updated_at = $3, \
             locked_by = NULL, locked_until = NULL WHERE id = $1 AND locked_by = $2 AND status = 'running'",
        )
        .bind(id)
        .bind(worker)
        .bind(now)
        .bind(result)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
    }
    Ok(count)
}

/// Marks one job done in the handler's transaction, if `worker` still holds it.
pub(super) async fn complete_in(
    tx: &mut Tx,
    id: &str,
    worker: &str,
    result: Option<&Value>,
    now: DateTime<Utc>,
) -> Result<bool> {
    let result = result.map(Value::to_string);
    let updated = on_tx!(tx, conn => sqlx::query(
        "UPDATE platform_jobs SET status = 'done', result = $4, finished_at = $3, updated_at = $3, \
         locked_by = NULL, locked_until = NULL WHERE id = $1 AND locked_by = $2 AND status = 'running'",
    )
    .bind(id)
    .bind(worker)
    .bind(now)
    .bind(result)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(updated == 1)
}

/// Records a failed attempt: `retrying` at `retry_at`, or `dead` once the attempts are spent.
pub(super) async fn fail(
    db: &Db,
    id: &str,
    worker: &str,
    error: &str,
    now: DateTime<Utc>,
    retry_at: DateTime<Utc>,
) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE platform_jobs SET status = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'retrying' END, \
         run_at = $4, last_error = $5, updated_at = $3, \
         finished_at = CASE WHEN attempts >= max_attempts THEN $3 ELSE NULL END, \
         locked_by = NULL, locked_until = NULL \
         WHERE id = $1 AND locked_by = $2 AND status = 'running'",
    )
    .bind(id)
    .bind(worker)
    .bind(now)
    .bind(retry_at)
    .bind(error)
    .execute(pool)
    .await
    .map(|_| ()))?;
    Ok(())
}

pub(super) async fn progress(
    db: &Db,
    id: &str,
    worker: &str,
    done: i64,
    total: Option<i64>,
    message: &str,
    until: DateTime<Utc>,
) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE platform_jobs SET progress_done = $3, progress_total = $4, progress_message = $5, \
         locked_until = $6 WHERE id = $1 AND locked_by = $2 AND status = 'running'",
    )
    .bind(id)
    .bind(worker)
    .bind(done)
    .bind(total)
    .bind(message)
    .bind(until)
    .execute(pool)
    .await
    .map(|_| ()))?;
    Ok(())
}

/// [`progress`] in the handler's transaction: how far the job is commits with the work it counts. False when
/// `worker` no longer holds the job.
#[allow(clippy::too_many_arguments)]
pub(super) async fn progress_in(
    tx: &mut Tx,
    id: &str,
    worker: &str,
    done: i64,
    total: Option<i64>,
    message: &str,
    until: DateTime<Utc>,
) -> Result<bool> {
    let updated = on_tx!(tx, conn => sqlx::query(
        "UPDATE platform_jobs SET progress_done = $3, progress_total = $4, progress_message = $5, \
         locked_until = $6 WHERE id = $1 AND locked_by = $2 AND status = 'running'",
    )
    .bind(id)
    .bind(worker)
    .bind(done)
    .bind(total)
    .bind(message)
    .bind(until)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(updated == 1)
}

/// Renews the lease on every job `worker` is running.
pub(super) async fn renew(db: &Db, worker: &str, until: DateTime<Utc>) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE platform_jobs SET locked_until = $2 WHERE locked_by = $1 AND status = 'running'",
    )
    .bind(worker)
    .bind(until)
    .execute(pool)
    .await
    .map(|_| ()))?;
    Ok(())
}

pub(super) async fn get(db: &Db, id: &str) -> Result<Option<JobView>> {
    let sql = format!("SELECT {COLUMNS} FROM platform_jobs WHERE id = $1");
    let row: Option<JobRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(JobView::from))
}

/// What the jobs list shows.
#[derive(Debug, Clone, Default)]
pub struct JobFilter {
    pub statuses: Vec<JobStatus>,
    pub kind: Option<String>,
    pub created_by: Option<String>,
}

/// How many jobs of one kind stand in one state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobCount {
    pub kind: String,
    pub status: JobStatus,
    pub count: i64,
}

/// Jobs created since `since`, counted by kind and state (kinds in name order).
pub(super) async fn counts_since(db: &Db, since: DateTime<Utc>) -> Result<Vec<JobCount>> {
    let rows: Vec<(String, String, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT kind, status, COUNT(*) FROM platform_jobs WHERE created_at >= $1 \
         GROUP BY kind, status ORDER BY kind, status",
    )
    .bind(since)
    .fetch_all(pool)
    .await)?;
    Ok(rows
        .into_iter()
        .filter_map(|(kind, status, count)| {
            JobStatus::parse(&status).map(|status| JobCount {
                kind,
                status,
                count,
            })
        })
        .collect())
}

/// Newest first; one more row than the page tells whether another follows.
pub(super) async fn list(
    db: &Db,
    filter: &JobFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<JobView>, bool)> {
    let mut clauses = vec!["1 = 1".to_string()];
    let mut binds: Vec<String> = Vec::new();
    if !filter.statuses.is_empty() {
        // Our own enum's names: safe to write into the statement.
        let list: Vec<String> = filter
            .statuses
            .iter()
            .map(|s| format!("'{}'", s.as_str()))
            .collect();
        clauses.push(format!("status IN ({})", list.join(", ")));
    }
    for (column, value) in [("kind", &filter.kind), ("created_by", &filter.created_by)] {
        if let Some(value) = value {
            binds.push(value.clone());
            clauses.push(format!("{column} = ${}", binds.len()));
        }
    }
    let sql = format!(
        "SELECT {COLUMNS} FROM platform_jobs WHERE {} ORDER BY created_at DESC, id DESC LIMIT {} OFFSET {}",
        clauses.join(" AND "),
        limit.max(0) + 1,
        offset.max(0)
    );
    let mut rows: Vec<JobRow> = on_db!(db, pool => {
        let mut query = sqlx::query_as(&sql);
        for b in &binds {
            query = query.bind(b);
        }
        query.fetch_all(pool).await
    })?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows.into_iter().map(JobView::from).collect(), more))
}

/// How many jobs whose dedupe key starts with `prefix` are done (a range over the key's unique index).
pub(super) async fn done_with_key_prefix(db: &Db, prefix: &str) -> Result<i64> {
    // Keys are `prefix` + a suffix of ASCII digits and letters: every one sorts below `prefix` + '~'.
    let end = format!("{prefix}~");
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM platform_jobs WHERE dedupe_key >= $1 AND dedupe_key < $2 AND status = 'done'",
    )
    .bind(prefix)
    .bind(end)
    .fetch_one(pool)
    .await)
}

pub(super) async fn retry(db: &Db, id: &str, now: DateTime<Utc>) -> Result<bool> {
    let updated = on_db!(db, pool => sqlx::query(
        "UPDATE platform_jobs SET status = 'queued', attempts = 0, run_at = $2, updated_at = $2, \
         finished_at = NULL WHERE id = $1 AND status IN ('dead', 'cancelled')",
    )
    .bind(id)
    .bind(now)
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(updated == 1)
}

pub(super) async fn cancel(db: &Db, id: &str, now: DateTime<Utc>) -> Result<bool> {
    let updated = on_db!(db, pool => sqlx::query(
        "UPDATE platform_jobs SET status = 'cancelled', updated_at = $2, finished_at = $2 \
         WHERE id = $1 AND status IN ('queued', 'retrying')",
    )
    .bind(id)
    .bind(now)
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(updated == 1)
}

pub(super) async fn event_payload(db: &Db, id: &str) -> Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT payload FROM platform_events WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await)
}
