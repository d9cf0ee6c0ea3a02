//! SQL for the team comparison: the CRM's events grouped per (person, business date) so the service receives a
//! few thousand groups instead of a year of rows, and the open funnel per team.
//!
//! The business date of a timestamp: PostgreSQL converts with the São Paulo zone; SQLite has no zone database,
//! so it shifts by three hours — São Paulo's offset since daylight saving ended there in 2019, which covers
//! every date this product holds.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Engine};
use platform::on_db;
use platform::sql::{Conditions, SqlArg};

use crate::domain::comparison::{DayEvents, ACTIVITY_KINDS};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

/// The business date of `column`, on `engine`.
fn day(engine: Engine, column: &str) -> String {
    match engine {
        Engine::Postgres => format!("(({column}) AT TIME ZONE 'America/Sao_Paulo')::date"),
        Engine::Sqlite => format!("date({column}, '-3 hours')"),
    }
}

/// Whole days between two business dates (`later - earlier`).
fn days_between(engine: Engine, later: &str, earlier: &str) -> String {
    match engine {
        Engine::Postgres => format!("({} - {})", day(engine, later), day(engine, earlier)),
        Engine::Sqlite => format!(
            "CAST(julianday({}) - julianday({}) AS INTEGER)",
            day(engine, later),
            day(engine, earlier)
        ),
    }
}

/// Whose events are read: the people who were ever members of some teams (the service then counts each event
/// for the team of its date), or some people themselves, whatever their team.
#[derive(Debug, Clone, Copy)]
pub enum Who<'a> {
    Teams(&'a [String]),
    People(&'a [String]),
}

impl Who<'_> {
    /// `owner_id` within these people.
    fn owners(self, w: &mut Conditions) {
        match self {
            Who::Teams(team_ids) => {
                let teams = w.list(team_ids.iter().cloned());
                w.push(format!(
                    "owner_id IN (SELECT user_id FROM crm_team_members WHERE team_id IN ({teams}))"
                ));
            }
            Who::People(uids) => {
                let people = w.list(uids.iter().cloned());
                w.push(format!("owner_id IN ({people})"));
            }
        }
    }
}

/// `owner_id` within `who`; `at` in `[from, to)`.
fn scope(column: &str, who: Who<'_>, from: DateTime<Utc>, to: DateTime<Utc>) -> Conditions {
    let mut w = Conditions::new();
    who.owners(&mut w);
    let from = w.arg(SqlArg::Time(from));
    let to = w.arg(SqlArg::Time(to));
    w.push(format!("{column} >= {from} AND {column} < {to}"));
    w
}

type Grouped = Vec<(String, NaiveDate, DayEvents)>;

/// Every event of `who` in `[from, to)`, per (person, business date): done activities by kind, opportunities
/// closed (won, lost, the won ones' cycle), leads created (and won within `window_days`), cadence enrollments
/// (replied, booked).
pub async fn day_events(
    db: &Db,
    who: Who<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    window_days: i64,
) -> Result<Grouped> {
    let mut all: Grouped = Vec::new();
    activities(db, who, from, to, &mut all).await?;
    closed(db, who, from, to, &mut all).await?;
    leads(db, who, from, to, window_days, &mut all).await?;
    enrollments(db, who, from, to, &mut all).await?;
    Ok(all)
}

/// Done activities per (person, business date, kind), from the counts the triggers keep
/// (`crm_activity_day_counts`). `from` and `to` are starts of business days, as every caller passes them.
async fn activities(
    db: &Db,
    who: Who<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    out: &mut Grouped,
) -> Result<()> {
    let mut w = Conditions::new();
    who.owners(&mut w);
    let from = w.arg(SqlArg::Date(platform::clock::business_date(from)));
    let to = w.arg(SqlArg::Date(platform::clock::business_date(to)));
    w.push(format!("day >= {from} AND day < {to} AND done <> 0"));
    let sql = format!(
        "SELECT owner_id, day, kind, done FROM crm_activity_day_counts WHERE {}",
        w.sql()
    );
    let rows: Vec<(String, NaiveDate, String, i64)> = on_db!(db, pool =>
        platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    push_activities(rows, out);
    Ok(())
}

/// The same groups straight from the activities: the definition the kept counts are checked against.
#[cfg(test)]
pub async fn activities_by_scan(
    db: &Db,
    who: Who<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Grouped> {
    let w = scope("done_at", who, from, to);
    let sql = format!(
        "SELECT owner_id, {d} AS day, kind, COUNT(*) FROM crm_activities WHERE {} \
         GROUP BY owner_id, {d}, kind",
        w.sql(),
        d = day(db.engine(), "done_at"),
    );
    let rows: Vec<(String, NaiveDate, String, i64)> = on_db!(db, pool =>
        platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    let mut out = Vec::new();
    push_activities(rows, &mut out);
    Ok(out)
}

/// The kept counts, read as the comparison reads them (for the check against [`activities_by_scan`]).
#[cfg(test)]
pub async fn activities_kept(
    db: &Db,
    who: Who<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Grouped> {
    let mut out = Vec::new();
    activities(db, who, from, to, &mut out).await?;
    Ok(out)
}

fn push_activities(rows: Vec<(String, NaiveDate, String, i64)>, out: &mut Grouped) {
    for (owner, day, kind, n) in rows {
        let Some(k) = ACTIVITY_KINDS.iter().position(|a| *a == kind) else {
            continue;
        };
        let mut ev = DayEvents::default();
        ev.activities[k] = n;
        out.push((owner, day, ev));
    }
}

async fn closed(
    db: &Db,
    who: Who<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    out: &mut Grouped,
) -> Result<()> {
    let engine = db.engine();
    let mut w = scope("closed_at", who, from, to);
    w.push("status IN ('ganha', 'perdida')");
    let sql = format!(
        "SELECT owner_id, {d} AS day, \
         SUM(CASE WHEN status = 'ganha' THEN 1 ELSE 0 END), \
         SUM(CASE WHEN status = 'perdida' THEN 1 ELSE 0 END), \
         SUM(CASE WHEN status = 'ganha' THEN {cycle} ELSE 0 END) \
         FROM crm_opportunities WHERE {} GROUP BY owner_id, {d}",
        w.sql(),
        d = day(engine, "closed_at"),
        cycle = days_between(engine, "closed_at", "created_at"),
    );
    let rows: Vec<(String, NaiveDate, i64, i64, i64)> = on_db!(db, pool =>
        platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    for (owner, day, won, lost, cycle) in rows {
        let ev = DayEvents {
            won,
            lost,
            won_cycle_days: cycle,
            ..DayEvents::default()
        };
        out.push((owner, day, ev));
    }
    Ok(())
}

async fn leads(
    db: &Db,
    who: Who<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    window_days: i64,
    out: &mut Grouped,
) -> Result<()> {
    let engine = db.engine();
    let mut w = scope("created_at", who, from, to);
    let window = w.arg(SqlArg::Int(window_days));
    let sql = format!(
        "SELECT owner_id, {d} AS day, COUNT(*), \
         SUM(CASE WHEN status = 'ganha' AND {cycle} <= {window} THEN 1 ELSE 0 END) \
         FROM crm_opportunities WHERE {} GROUP BY owner_id, {d}",
        w.sql(),
        d = day(engine, "created_at"),
        cycle = days_between(engine, "closed_at", "created_at"),
    );
    let rows: Vec<(String, NaiveDate, i64, i64)> = on_db!(db, pool =>
        platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    for (owner, day, leads, won) in rows {
        let ev = DayEvents {
            leads,
            leads_won_in_window: won,
            ..DayEvents::default()
        };
        out.push((owner, day, ev));
    }
    Ok(())
}

async fn enrollments(
    db: &Db,
    who: Who<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    out: &mut Grouped,
) -> Result<()> {
    let w = scope("created_at", who, from, to);
    let sql = format!(
        "SELECT owner_id, {d} AS day, COUNT(*), COUNT(replied_at), COUNT(booked_at) \
         FROM crm_cadence_enrollments WHERE {} GROUP BY owner_id, {d}",
        w.sql(),
        d = day(db.engine(), "created_at"),
    );
    let rows: Vec<(String, NaiveDate, i64, i64, i64)> = on_db!(db, pool =>
        platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    for (owner, day, enrolled, replied, booked) in rows {
        let ev = DayEvents {
            enrolled,
            replied,
            booked,
            ..DayEvents::default()
        };
        out.push((owner, day, ev));
    }
    Ok(())
}

/// One column of a team's open funnel.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FunnelRow {
    pub team_id: String,
    pub stage_id: String,
    pub count: i64,
    pub value_cents: i64,
}

/// The open opportunities per working stage (count and expected value): of these teams (`team_id` is the
/// team's), or of these people (`team_id` is then the owner's id).
pub async fn open_funnel(db: &Db, who: Who<'_>) -> Result<Vec<FunnelRow>> {
    let mut w = Conditions::new();
    let (key, ids) = match who {
        Who::Teams(ids) => ("team_id", ids),
        Who::People(ids) => ("owner_id", ids),
    };
    let ids = w.list(ids.iter().cloned());
    let sql = format!(
        "SELECT {key} AS team_id, stage_id, COUNT(*) AS count, \
         CAST(COALESCE(SUM(expected_value_cents), 0) AS BIGINT) AS value_cents \
         FROM crm_opportunities WHERE status = 'aberta' AND {key} IN ({ids}) \
         GROUP BY {key}, stage_id"
    );
    on_db!(db, pool => platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
}

/// The open activities of these people due before `now` (overdue), per person.
pub async fn overdue(db: &Db, uids: &[String], now: DateTime<Utc>) -> Result<Vec<(String, i64)>> {
    let mut w = Conditions::new();
    let people = w.list(uids.iter().cloned());
    let now = w.arg(SqlArg::Time(now));
    let sql = format!(
        "SELECT owner_id, COUNT(*) FROM crm_activities \
         WHERE done_at IS NULL AND owner_id IN ({people}) AND due_at < {now} GROUP BY owner_id"
    );
    on_db!(db, pool => platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
}

/// How many open activities of these people are due in `[from, to)` (all of them together).
pub async fn due_between(
    db: &Db,
    uids: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<i64> {
    if uids.is_empty() {
        return Ok(0);
    }
    let mut w = Conditions::new();
    let people = w.list(uids.iter().cloned());
    let from = w.arg(SqlArg::Time(from));
    let to = w.arg(SqlArg::Time(to));
    let sql = format!(
        "SELECT COUNT(*) FROM crm_activities \
         WHERE done_at IS NULL AND owner_id IN ({people}) AND due_at >= {from} AND due_at < {to}"
    );
    on_db!(db, pool => platform::bind_sql_args!(sqlx::query_scalar(&sql), w.args()).fetch_one(pool).await)
}

/// The working stages, left to right: (id, name).
pub async fn working_stages(db: &Db) -> Result<Vec<(String, String)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, name FROM crm_stages WHERE kind = 'aberta' ORDER BY position, id",
    )
    .fetch_all(pool)
    .await)
}
