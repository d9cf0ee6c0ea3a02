//! SQL for activities: `crm_activities`.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use super::Stamp;
use crate::domain::activity::{Activity, ActivityFields, Kind, Origin, Outcome};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

const COLUMNS: &str = "a.id, a.kind, a.subject, a.notes, a.client_id, c.name AS client_name, a.opportunity_id, \
    a.owner_id, a.due_at, a.done_at, a.outcome, a.duration_s, a.origin, a.cadence_step_id, a.enrollment_id, \
    a.version, a.created_at, a.created_by, a.updated_at";

const FROM: &str = "crm_activities a LEFT JOIN crm_clients c ON c.id = a.client_id";

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    kind: String,
    subject: String,
    notes: Option<String>,
    client_id: Option<String>,
    client_name: Option<String>,
    opportunity_id: Option<String>,
    owner_id: String,
    due_at: DateTime<Utc>,
    done_at: Option<DateTime<Utc>>,
    outcome: Option<String>,
    duration_s: Option<i64>,
    origin: String,
    cadence_step_id: Option<String>,
    enrollment_id: Option<String>,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
    updated_at: DateTime<Utc>,
}

/// An activity with its client's name.
#[derive(Debug, Clone)]
pub struct Listed {
    pub activity: Activity,
    pub client_name: Option<String>,
}

impl From<Row> for Listed {
    fn from(r: Row) -> Listed {
        Listed {
            client_name: r.client_name,
            activity: Activity {
                id: r.id,
                fields: ActivityFields {
                    kind: Kind::parse(&r.kind).unwrap_or(Kind::Tarefa),
                    subject: r.subject,
                    notes: r.notes,
                    client_id: r.client_id,
                    opportunity_id: r.opportunity_id,
                    owner_id: r.owner_id,
                    due_at: r.due_at,
                },
                done_at: r.done_at,
                outcome: r.outcome.as_deref().and_then(Outcome::parse),
                duration_s: r.duration_s,
                origin: Origin::parse(&r.origin).unwrap_or(Origin::Manual),
                cadence_step_id: r.cadence_step_id,
                enrollment_id: r.enrollment_id,
                version: r.version,
                created_at: r.created_at,
                created_by: r.created_by,
                updated_at: r.updated_at,
            },
        }
    }
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Listed>> {
    let sql = format!("SELECT {COLUMNS} FROM {FROM} WHERE a.id = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Listed::from))
}

/// These activities, in the caller's transaction (a bulk operation reads what it changes there).
pub async fn by_ids_tx(tx: &mut Tx, ids: &[String]) -> Result<Vec<Listed>> {
    let mut w = Conditions::new();
    let marks = w.list(ids.iter().cloned());
    w.push(format!("a.id IN ({marks})"));
    let sql = format!("SELECT {COLUMNS} FROM {FROM} WHERE {}", w.sql());
    let rows: Vec<Row> = on_tx!(tx, conn =>
        bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(&mut *conn).await)?;
    Ok(rows.into_iter().map(Listed::from).collect())
}

pub async fn insert(tx: &mut Tx, a: &Activity) -> Result<()> {
    let f = &a.fields;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_activities (id, kind, subject, notes, client_id, opportunity_id, owner_id, due_at, \
         done_at, outcome, duration_s, origin, cadence_step_id, enrollment_id, version, created_at, created_by, \
         updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
         $17, $16, $17)",
    )
    .bind(&a.id)
    .bind(f.kind.as_str())
    .bind(&f.subject)
    .bind(&f.notes)
    .bind(&f.client_id)
    .bind(&f.opportunity_id)
    .bind(&f.owner_id)
    .bind(f.due_at)
    .bind(a.done_at)
    .bind(a.outcome.map(Outcome::as_str))
    .bind(a.duration_s)
    .bind(a.origin.as_str())
    .bind(&a.cadence_step_id)
    .bind(&a.enrollment_id)
    .bind(a.version)
    .bind(a.created_at)
    .bind(&a.created_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes the fields if the activity still has `version`; false otherwise.
pub async fn update_fields(
    tx: &mut Tx,
    id: &str,
    version: i64,
    f: &ActivityFields,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_activities SET kind = $3, subject = $4, notes = $5, client_id = $6, opportunity_id = $7, \
         owner_id = $8, due_at = $9, version = version + 1, updated_at = $10, updated_by = $11 \
         WHERE id = $1 AND version = $2",
    )
    .bind(id)
    .bind(version)
    .bind(f.kind.as_str())
    .bind(&f.subject)
    .bind(&f.notes)
    .bind(&f.client_id)
    .bind(&f.opportunity_id)
    .bind(&f.owner_id)
    .bind(f.due_at)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Marks an open activity done with `outcome` (and its notes) if it still has `version`; false otherwise.
pub async fn complete(
    tx: &mut Tx,
    id: &str,
    version: i64,
    outcome: Outcome,
    notes: Option<&str>,
    duration_s: Option<i64>,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_activities SET done_at = $3, outcome = $4, notes = $5, duration_s = COALESCE($6, duration_s), \
         version = version + 1, updated_at = $3, updated_by = $7 \
         WHERE id = $1 AND version = $2 AND done_at IS NULL",
    )
    .bind(id)
    .bind(version)
    .bind(stamp.at)
    .bind(outcome.as_str())
    .bind(notes)
    .bind(duration_s)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// What the list is narrowed to (the caller's scope already applied).
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Activities of these owners (`None`: everyone's).
    pub owners: Option<Vec<String>>,
    /// Done ones, or open ones (`None`: both).
    pub done: Option<bool>,
    pub due_from: Option<DateTime<Utc>>,
    pub due_until: Option<DateTime<Utc>>,
    pub kind: Option<Kind>,
    pub outcome: Option<Outcome>,
    pub origin: Option<Origin>,
    pub owner_id: Option<String>,
    pub client_id: Option<String>,
    pub opportunity_id: Option<String>,
    pub enrollment_id: Option<String>,
}

fn conditions(f: &Filter) -> Conditions {
    let mut w = Conditions::new();
    if let Some(owners) = &f.owners {
        let marks = w.list(owners.iter().cloned());
        w.push(format!("a.owner_id IN ({marks})"));
    }
    match f.done {
        Some(true) => w.push("a.done_at IS NOT NULL"),
        Some(false) => w.push("a.done_at IS NULL"),
        None => {}
    }
    if let Some(t) = f.due_from {
        let mark = w.arg(SqlArg::Time(t));
        w.push(format!("a.due_at >= {mark}"));
    }
    if let Some(t) = f.due_until {
        let mark = w.arg(SqlArg::Time(t));
        w.push(format!("a.due_at < {mark}"));
    }
    let mut eq = |column: &str, value: Option<String>| {
        if let Some(v) = value {
            let mark = w.arg(SqlArg::Text(v));
            w.push(format!("{column} = {mark}"));
        }
    };
    eq("a.kind", f.kind.map(|k| k.as_str().to_string()));
    eq("a.outcome", f.outcome.map(|o| o.as_str().to_string()));
    eq("a.origin", f.origin.map(|o| o.as_str().to_string()));
    eq("a.owner_id", f.owner_id.clone());
    eq("a.client_id", f.client_id.clone());
    eq("a.opportunity_id", f.opportunity_id.clone());
    eq("a.enrollment_id", f.enrollment_id.clone());
    w
}

/// A page of activities and how many match: open ones by due time, done ones newest first.
pub async fn list(db: &Db, f: &Filter, limit: i64, offset: i64) -> Result<(Vec<Listed>, i64)> {
    let w = conditions(f);
    let order = if f.done == Some(true) {
        "a.done_at DESC, a.id DESC"
    } else {
        "a.due_at, a.id"
    };
    let page = format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        w.sql()
    );
    let count = format!("SELECT COUNT(*) FROM crm_activities a WHERE {}", w.sql());
    on_db!(db, pool => {
        let rows: Vec<Row> = bind_sql_args!(sqlx::query_as(&page), w.args()).fetch_all(pool).await?;
        let total: i64 = bind_sql_args!(sqlx::query_scalar(&count), w.args()).fetch_one(pool).await?;
        Ok((rows.into_iter().map(Listed::from).collect(), total))
    })
}
