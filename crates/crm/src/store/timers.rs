//! SQL for the attendance timer: `crm_timers`, one row per user.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use crate::domain::activity::Kind;
use crate::domain::timer::{Target, Timer, TimerState};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

/// The timer with what its screen shows of the activity timed (or of the standalone client).
const SELECT: &str =
    "SELECT t.user_id, t.state, t.started_at, t.resumed_at, t.accumulated_s, t.paused_at, \
    t.activity_id, t.client_id, t.kind, t.version, a.subject, a.kind AS activity_kind, \
    COALESCE(t.client_id, a.client_id) AS shown_client_id, c.name AS client_name \
    FROM crm_timers t LEFT JOIN crm_activities a ON a.id = t.activity_id \
    LEFT JOIN crm_clients c ON c.id = COALESCE(t.client_id, a.client_id) WHERE t.user_id = $1";

#[derive(sqlx::FromRow)]
struct Row {
    user_id: String,
    state: String,
    started_at: DateTime<Utc>,
    resumed_at: DateTime<Utc>,
    accumulated_s: i64,
    paused_at: Option<DateTime<Utc>>,
    activity_id: Option<String>,
    client_id: Option<String>,
    kind: Option<String>,
    version: i64,
    subject: Option<String>,
    activity_kind: Option<String>,
    shown_client_id: Option<String>,
    client_name: Option<String>,
}

/// A timer and the names its screen shows.
#[derive(Debug, Clone)]
pub struct Stored {
    pub timer: Timer,
    /// The activity's subject (none for a standalone timer).
    pub subject: Option<String>,
    pub kind: Kind,
    pub client_id: Option<String>,
    pub client_name: Option<String>,
}

impl From<Row> for Stored {
    fn from(r: Row) -> Stored {
        let kind = r
            .kind
            .as_deref()
            .or(r.activity_kind.as_deref())
            .and_then(Kind::parse)
            .unwrap_or(Kind::Tarefa);
        let target = match (r.activity_id, r.client_id) {
            (Some(id), _) => Target::Activity(id),
            (None, client) => Target::Standalone {
                client_id: client.unwrap_or_default(),
                kind,
            },
        };
        Stored {
            timer: Timer {
                user_id: r.user_id,
                target,
                state: TimerState::parse(&r.state).unwrap_or(TimerState::Paused),
                started_at: r.started_at,
                resumed_at: r.resumed_at,
                accumulated_s: r.accumulated_s,
                paused_at: r.paused_at,
                version: r.version,
            },
            subject: r.subject,
            kind,
            client_id: r.shown_client_id,
            client_name: r.client_name,
        }
    }
}

pub async fn of_user(db: &Db, user_id: &str) -> Result<Option<Stored>> {
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(SELECT).bind(user_id).fetch_optional(pool).await)?;
    Ok(row.map(Stored::from))
}

/// Writes a new timer unless the user already has one; false then.
pub async fn insert(db: &Db, t: &Timer) -> Result<bool> {
    let (activity_id, client_id, kind) = match &t.target {
        Target::Activity(id) => (Some(id.as_str()), None, None),
        Target::Standalone { client_id, kind } => {
            (None, Some(client_id.as_str()), Some(kind.as_str()))
        }
    };
    let done = on_db!(db, pool => sqlx::query(
        "INSERT INTO crm_timers (user_id, state, started_at, resumed_at, accumulated_s, paused_at, activity_id, \
         client_id, kind, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(&t.user_id)
    .bind(t.state.as_str())
    .bind(t.started_at)
    .bind(t.resumed_at)
    .bind(t.accumulated_s)
    .bind(t.paused_at)
    .bind(activity_id)
    .bind(client_id)
    .bind(kind)
    .bind(t.version)
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Writes a pause or a resume if the timer is still at the version before it; false otherwise.
pub async fn update(db: &Db, t: &Timer) -> Result<bool> {
    let done = on_db!(db, pool => sqlx::query(
        "UPDATE crm_timers SET state = $2, resumed_at = $3, accumulated_s = $4, paused_at = $5, version = $6 \
         WHERE user_id = $1 AND version = $7",
    )
    .bind(&t.user_id)
    .bind(t.state.as_str())
    .bind(t.resumed_at)
    .bind(t.accumulated_s)
    .bind(t.paused_at)
    .bind(t.version)
    .bind(t.version - 1)
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Removes the user's timer if it is still at `version`, in the caller's transaction; false otherwise.
pub async fn delete_tx(tx: &mut Tx, user_id: &str, version: i64) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query("DELETE FROM crm_timers WHERE user_id = $1 AND version = $2")
        .bind(user_id)
        .bind(version)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Removes the user's timer, whatever its state; false when there was none.
pub async fn delete(db: &Db, user_id: &str) -> Result<bool> {
    let done = on_db!(db, pool => sqlx::query("DELETE FROM crm_timers WHERE user_id = $1")
        .bind(user_id)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}
