//! SQL for cadences: `crm_cadences`, `crm_cadence_steps` (versioned), `crm_cadence_enrollments` and
//! `crm_cadence_step_runs`.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::cadence::{EnrollmentStatus, PauseReason, Step, StepChannel};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

/// A cadence as stored, with its current version's steps.
#[derive(Debug, Clone)]
pub struct Cadence {
    pub id: String,
    pub name: String,
    pub team_id: Option<String>,
    pub active: bool,
    pub link_url: Option<String>,
    pub current_version: i32,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct CadenceRow {
    id: String,
    name: String,
    team_id: Option<String>,
    active: bool,
    link_url: Option<String>,
    current_version: i32,
    version: i64,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<CadenceRow> for Cadence {
    fn from(r: CadenceRow) -> Cadence {
        Cadence {
            id: r.id,
            name: r.name,
            team_id: r.team_id,
            active: r.active,
            link_url: r.link_url,
            current_version: r.current_version,
            version: r.version,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

const CADENCE: &str =
    "SELECT id, name, team_id, active, link_url, current_version, version, created_at, \
    updated_at FROM crm_cadences";

pub async fn cadences(db: &Db) -> Result<Vec<Cadence>> {
    let sql = format!("{CADENCE} ORDER BY name, id");
    let rows: Vec<CadenceRow> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Cadence::from).collect())
}

pub async fn cadence(db: &Db, id: &str) -> Result<Option<Cadence>> {
    let sql = format!("{CADENCE} WHERE id = $1");
    let row: Option<CadenceRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Cadence::from))
}

pub async fn insert_cadence(tx: &mut Tx, c: &Cadence, by: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_cadences (id, name, team_id, active, link_url, current_version, version, created_at, \
         created_by, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9)",
    )
    .bind(&c.id)
    .bind(&c.name)
    .bind(&c.team_id)
    .bind(c.active)
    .bind(&c.link_url)
    .bind(c.current_version)
    .bind(c.version)
    .bind(c.created_at)
    .bind(by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes the cadence's header and version if it still has `version`; false otherwise.
pub async fn update_cadence(
    tx: &mut Tx,
    c: &Cadence,
    version: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_cadences SET name = $3, team_id = $4, active = $5, link_url = $6, current_version = $7, \
         version = version + 1, updated_at = $8, updated_by = $9 WHERE id = $1 AND version = $2",
    )
    .bind(&c.id)
    .bind(version)
    .bind(&c.name)
    .bind(&c.team_id)
    .bind(c.active)
    .bind(&c.link_url)
    .bind(c.current_version)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// A stored step and its id.
#[derive(Debug, Clone)]
pub struct StoredStep {
    pub id: String,
    pub cadence_id: String,
    pub cadence_version: i32,
    pub step: Step,
}

#[derive(sqlx::FromRow)]
struct StepRow {
    id: String,
    cadence_id: String,
    cadence_version: i32,
    step_order: i32,
    day_offset: i32,
    window_start: String,
    window_end: String,
    channel: String,
    template: String,
}

fn hm(s: &str) -> NaiveTime {
    NaiveTime::parse_from_str(s, "%H:%M").unwrap_or(NaiveTime::MIN)
}

impl From<StepRow> for StoredStep {
    fn from(r: StepRow) -> StoredStep {
        StoredStep {
            id: r.id,
            cadence_id: r.cadence_id,
            cadence_version: r.cadence_version,
            step: Step {
                order: r.step_order,
                day_offset: r.day_offset,
                window_start: hm(&r.window_start),
                window_end: hm(&r.window_end),
                channel: StepChannel::parse(&r.channel).unwrap_or(StepChannel::Tarefa),
                template: r.template,
            },
        }
    }
}

const STEP: &str =
    "SELECT id, cadence_id, cadence_version, step_order, day_offset, window_start, window_end, \
    channel, template FROM crm_cadence_steps";

/// The steps of one version, in order.
pub async fn steps(db: &Db, cadence_id: &str, version: i32) -> Result<Vec<StoredStep>> {
    let sql = format!("{STEP} WHERE cadence_id = $1 AND cadence_version = $2 ORDER BY step_order");
    let rows: Vec<StepRow> = on_db!(db, pool => sqlx::query_as(&sql)
        .bind(cadence_id).bind(version).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(StoredStep::from).collect())
}

/// The steps of every cadence's current version.
pub async fn current_steps(db: &Db) -> Result<Vec<StoredStep>> {
    let sql = "SELECT s.id, s.cadence_id, s.cadence_version, s.step_order, s.day_offset, s.window_start, \
        s.window_end, s.channel, s.template FROM crm_cadence_steps s JOIN crm_cadences c ON c.id = s.cadence_id \
        AND c.current_version = s.cadence_version ORDER BY s.cadence_id, s.step_order";
    let rows: Vec<StepRow> = on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(StoredStep::from).collect())
}

pub async fn insert_steps(
    tx: &mut Tx,
    cadence_id: &str,
    version: i32,
    steps: &[Step],
) -> Result<()> {
    for s in steps {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO crm_cadence_steps (id, cadence_id, cadence_version, step_order, day_offset, window_start, \
             window_end, channel, template) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(uuid::Uuid::now_v7().to_string())
        .bind(cadence_id)
        .bind(version)
        .bind(s.order)
        .bind(s.day_offset)
        .bind(s.window_start.format("%H:%M").to_string())
        .bind(s.window_end.format("%H:%M").to_string())
        .bind(s.channel.as_str())
        .bind(&s.template)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
    }
    Ok(())
}

pub async fn delete_steps(tx: &mut Tx, cadence_id: &str, version: i32) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM crm_cadence_steps WHERE cadence_id = $1 AND cadence_version = $2",
    )
    .bind(cadence_id)
    .bind(version)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// An enrollment as stored, with its client's name.
#[derive(Debug, Clone)]
pub struct Enrollment {
    pub id: String,
    pub cadence_id: String,
    pub cadence_version: i32,
    pub client_id: String,
    pub client_name: String,
    pub owner_id: String,
    pub current_step: i32,
    pub status: EnrollmentStatus,
    pub pause_reason: Option<PauseReason>,
    pub resume_on: Option<NaiveDate>,
    pub end_reason: Option<String>,
    pub anchor_on: NaiveDate,
    pub anchor_offset: i32,
    pub next_due_at: Option<DateTime<Utc>>,
    pub replied_at: Option<DateTime<Utc>>,
    pub booked_at: Option<DateTime<Utc>>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct EnrollmentRow {
    id: String,
    cadence_id: String,
    cadence_version: i32,
    client_id: String,
    client_name: String,
    owner_id: String,
    current_step: i32,
    status: String,
    pause_reason: Option<String>,
    resume_on: Option<NaiveDate>,
    end_reason: Option<String>,
    anchor_on: NaiveDate,
    anchor_offset: i32,
    next_due_at: Option<DateTime<Utc>>,
    replied_at: Option<DateTime<Utc>>,
    booked_at: Option<DateTime<Utc>>,
    version: i64,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<EnrollmentRow> for Enrollment {
    fn from(r: EnrollmentRow) -> Enrollment {
        Enrollment {
            id: r.id,
            cadence_id: r.cadence_id,
            cadence_version: r.cadence_version,
            client_id: r.client_id,
            client_name: r.client_name,
            owner_id: r.owner_id,
            current_step: r.current_step,
            status: EnrollmentStatus::parse(&r.status).unwrap_or(EnrollmentStatus::Encerrada),
            pause_reason: r.pause_reason.as_deref().and_then(PauseReason::parse),
            resume_on: r.resume_on,
            end_reason: r.end_reason,
            anchor_on: r.anchor_on,
            anchor_offset: r.anchor_offset,
            next_due_at: r.next_due_at,
            replied_at: r.replied_at,
            booked_at: r.booked_at,
            version: r.version,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

const ENROLLMENT: &str = "SELECT e.id, e.cadence_id, e.cadence_version, e.client_id, c.name AS client_name, \
    e.owner_id, e.current_step, e.status, e.pause_reason, e.resume_on, e.end_reason, e.anchor_on, e.anchor_offset, \
    e.next_due_at, e.replied_at, e.booked_at, e.version, e.created_at, e.updated_at \
    FROM crm_cadence_enrollments e JOIN crm_clients c ON c.id = e.client_id";

pub async fn enrollment(db: &Db, id: &str) -> Result<Option<Enrollment>> {
    let sql = format!("{ENROLLMENT} WHERE e.id = $1");
    let row: Option<EnrollmentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Enrollment::from))
}

pub async fn enrollment_tx(tx: &mut Tx, id: &str) -> Result<Option<Enrollment>> {
    let sql = format!("{ENROLLMENT} WHERE e.id = $1");
    let row: Option<EnrollmentRow> =
        on_tx!(tx, conn => sqlx::query_as(&sql).bind(id).fetch_optional(&mut *conn).await)?;
    Ok(row.map(Enrollment::from))
}

/// The unit whose holidays a client's cadence steps honour: the client's, else the salesperson's (`owner_id`, the
/// enrollment's owner), else none (`None`: the company-wide calendar).
pub async fn calendar_unit(db: &Db, client_id: &str, owner_id: &str) -> Result<Option<String>> {
    let row: Option<(Option<String>,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT COALESCE(c.unit_id, (SELECT u.unit_id FROM crm_users u WHERE u.user_id = $2)) \
         FROM crm_clients c WHERE c.id = $1",
    )
    .bind(client_id)
    .bind(owner_id)
    .fetch_optional(pool)
    .await)?;
    Ok(row.and_then(|(unit,)| unit))
}

/// A cadence's enrollments (of these owners; `None`: everyone's), newest first, at most `limit`.
pub async fn enrollments(
    db: &Db,
    cadence_id: &str,
    status: Option<EnrollmentStatus>,
    owners: Option<&[String]>,
    limit: i64,
) -> Result<Vec<Enrollment>> {
    let mut sql = format!("{ENROLLMENT} WHERE e.cadence_id = $1");
    if status.is_some() {
        sql.push_str(" AND e.status = $2");
    }
    if let Some(owners) = owners {
        let list = owners
            .iter()
            .map(|o| format!("'{}'", o.replace('\'', "''")))
            .collect::<Vec<_>>()
            .join(", ");
        if list.is_empty() {
            return Ok(Vec::new());
        }
        sql.push_str(&format!(" AND e.owner_id IN ({list})"));
    }
    sql.push_str(&format!(
        " ORDER BY e.created_at DESC, e.id DESC LIMIT {limit}"
    ));
    let status = status.map(EnrollmentStatus::as_str).unwrap_or("");
    let rows: Vec<EnrollmentRow> = on_db!(db, pool => {
        let q = sqlx::query_as(&sql).bind(cadence_id);
        let q = if sql.contains("$2") { q.bind(status) } else { q };
        q.fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(Enrollment::from).collect())
}

/// The open (active or paused) enrollments of a client, in the caller's transaction.
pub async fn open_of_client(tx: &mut Tx, client_id: &str) -> Result<Vec<Enrollment>> {
    let sql = format!("{ENROLLMENT} WHERE e.client_id = $1 AND e.status IN ('ativa', 'pausada')");
    let rows: Vec<EnrollmentRow> =
        on_tx!(tx, conn => sqlx::query_as(&sql).bind(client_id).fetch_all(&mut *conn).await)?;
    Ok(rows.into_iter().map(Enrollment::from).collect())
}

pub async fn insert_enrollment(tx: &mut Tx, e: &Enrollment, by: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_cadence_enrollments (id, cadence_id, cadence_version, client_id, owner_id, current_step, \
         status, pause_reason, resume_on, end_reason, anchor_on, anchor_offset, next_due_at, version, created_at, \
         created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, NULL, NULL, $8, $9, $10, 1, $11, $12, $11, $12)",
    )
    .bind(&e.id)
    .bind(&e.cadence_id)
    .bind(e.cadence_version)
    .bind(&e.client_id)
    .bind(&e.owner_id)
    .bind(e.current_step)
    .bind(e.status.as_str())
    .bind(e.anchor_on)
    .bind(e.anchor_offset)
    .bind(e.next_due_at)
    .bind(e.created_at)
    .bind(by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes where an enrollment stands if it still has `version`; false otherwise.
pub async fn update_enrollment(tx: &mut Tx, e: &Enrollment, stamp: &Stamp<'_>) -> Result<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_cadence_enrollments SET current_step = $3, status = $4, pause_reason = $5, resume_on = $6, \
         end_reason = $7, anchor_on = $8, anchor_offset = $9, next_due_at = $10, replied_at = $11, booked_at = $12, \
         version = version + 1, updated_at = $13, updated_by = $14 WHERE id = $1 AND version = $2",
    )
    .bind(&e.id)
    .bind(e.version)
    .bind(e.current_step)
    .bind(e.status.as_str())
    .bind(e.pause_reason.map(PauseReason::as_str))
    .bind(e.resume_on)
    .bind(&e.end_reason)
    .bind(e.anchor_on)
    .bind(e.anchor_offset)
    .bind(e.next_due_at)
    .bind(e.replied_at)
    .bind(e.booked_at)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Records that step `order` fell; false when it had fallen already (the guard of "never twice").
#[allow(clippy::too_many_arguments)]
pub async fn insert_run(
    tx: &mut Tx,
    enrollment_id: &str,
    order: i32,
    step_id: &str,
    cadence_id: &str,
    at: DateTime<Utc>,
    activity_id: Option<&str>,
    emailed: bool,
) -> Result<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_cadence_step_runs (enrollment_id, step_order, step_id, cadence_id, fired_at, activity_id, \
         emailed, replied, booked) VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, FALSE) \
         ON CONFLICT (enrollment_id, step_order) DO NOTHING",
    )
    .bind(enrollment_id)
    .bind(order)
    .bind(step_id)
    .bind(cadence_id)
    .bind(at)
    .bind(activity_id)
    .bind(emailed)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Marks the last step that fell for an enrollment as answered (`replied`) or as having booked an evaluation.
pub async fn mark_last_run(tx: &mut Tx, enrollment_id: &str, booked: bool) -> Result<()> {
    let column = if booked { "booked" } else { "replied" };
    let sql = format!(
        "UPDATE crm_cadence_step_runs SET {column} = TRUE WHERE enrollment_id = $1 AND step_order = \
         (SELECT MAX(step_order) FROM crm_cadence_step_runs WHERE enrollment_id = $1)"
    );
    on_tx!(tx, conn => sqlx::query(&sql).bind(enrollment_id).execute(&mut *conn).await.map(|_| ()))
}

/// Counts per cadence: enrolled, completed, replied, booked, opted out.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct CadenceCounts {
    pub cadence_id: String,
    pub enrolled: i64,
    pub active: i64,
    pub completed: i64,
    pub replied: i64,
    pub booked: i64,
    pub opt_outs: i64,
}

pub async fn cadence_counts(db: &Db) -> Result<Vec<CadenceCounts>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT cadence_id, COUNT(*) AS enrolled, \
         CAST(SUM(CASE WHEN status IN ('ativa', 'pausada') THEN 1 ELSE 0 END) AS BIGINT) AS active, \
         CAST(SUM(CASE WHEN status = 'concluida' THEN 1 ELSE 0 END) AS BIGINT) AS completed, \
         CAST(SUM(CASE WHEN replied_at IS NOT NULL THEN 1 ELSE 0 END) AS BIGINT) AS replied, \
         CAST(SUM(CASE WHEN booked_at IS NOT NULL THEN 1 ELSE 0 END) AS BIGINT) AS booked, \
         CAST(SUM(CASE WHEN end_reason = 'opt_out' THEN 1 ELSE 0 END) AS BIGINT) AS opt_outs \
         FROM crm_cadence_enrollments GROUP BY cadence_id",
    )
    .fetch_all(pool)
    .await)
}

/// Counts per step of one cadence (every version, by order): fell, e-mailed, replied after, booked after.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct StepCounts {
    pub step_order: i32,
    pub fired: i64,
    pub emailed: i64,
    pub replied: i64,
    pub booked: i64,
}

pub async fn step_counts(db: &Db, cadence_id: &str) -> Result<Vec<StepCounts>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT step_order, COUNT(*) AS fired, \
         CAST(SUM(CASE WHEN emailed THEN 1 ELSE 0 END) AS BIGINT) AS emailed, \
         CAST(SUM(CASE WHEN replied THEN 1 ELSE 0 END) AS BIGINT) AS replied, \
         CAST(SUM(CASE WHEN booked THEN 1 ELSE 0 END) AS BIGINT) AS booked \
         FROM crm_cadence_step_runs WHERE cadence_id = $1 GROUP BY step_order ORDER BY step_order",
    )
    .bind(cadence_id)
    .fetch_all(pool)
    .await)
}
