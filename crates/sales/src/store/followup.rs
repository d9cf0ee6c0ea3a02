//! SQL for `sales_followup_tracks`, private to the crate. Every statement runs on SQLite and PostgreSQL alike.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use crate::domain::followup::{Track, TrackKind, TrackStatus};
use crate::domain::{ReleaseCondition, SaleStatus};

type Result<T> = std::result::Result<T, sqlx::Error>;

const COLUMNS: &str = "id, sale_id, item_seq, catalog_item_id, description, quantity, kind, release_condition, \
     status, released_at, sla_due_on, scheduled_on, unit_id, professional, tracking_code, status_at, version, \
     created_at, updated_at, updated_by";

/// The most tracks one board read returns (the oldest first): a board past it is filtered.
pub const BOARD_LIMIT: i64 = 1_000;

#[derive(sqlx::FromRow)]
struct TrackRow {
    id: String,
    sale_id: String,
    item_seq: i64,
    catalog_item_id: String,
    description: String,
    quantity: i64,
    kind: String,
    release_condition: String,
    status: String,
    released_at: Option<DateTime<Utc>>,
    sla_due_on: Option<NaiveDate>,
    scheduled_on: Option<NaiveDate>,
    unit_id: Option<String>,
    professional: Option<String>,
    tracking_code: Option<String>,
    status_at: DateTime<Utc>,
    version: i64,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    updated_by: String,
}

impl From<TrackRow> for Track {
    /// Stored rows were validated on the way in: nothing is checked again.
    fn from(r: TrackRow) -> Track {
        Track {
            id: r.id,
            sale_id: r.sale_id,
            item_seq: r.item_seq,
            catalog_item_id: r.catalog_item_id,
            description: r.description,
            quantity: r.quantity,
            kind: TrackKind::parse(&r.kind).unwrap_or(TrackKind::Product),
            release_condition: ReleaseCondition::parse(&r.release_condition)
                .unwrap_or(ReleaseCondition::FullPayment),
            status: TrackStatus::parse(&r.status).unwrap_or(TrackStatus::AwaitingPayment),
            released_at: r.released_at,
            sla_due_on: r.sla_due_on,
            scheduled_on: r.scheduled_on,
            unit_id: r.unit_id,
            professional: r.professional,
            tracking_code: r.tracking_code,
            status_at: r.status_at,
            version: r.version,
            created_at: r.created_at,
            updated_at: r.updated_at,
            updated_by: r.updated_by,
        }
    }
}

pub async fn insert(tx: &mut Tx, t: &Track) -> Result<()> {
    let sql = format!(
        "INSERT INTO sales_followup_tracks ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
         $12, $13, $14, $15, $16, $17, $18, $19, $20)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&t.id)
        .bind(&t.sale_id)
        .bind(t.item_seq)
        .bind(&t.catalog_item_id)
        .bind(&t.description)
        .bind(t.quantity)
        .bind(t.kind.as_str())
        .bind(t.release_condition.as_str())
        .bind(t.status.as_str())
        .bind(t.released_at)
        .bind(t.sla_due_on)
        .bind(t.scheduled_on)
        .bind(&t.unit_id)
        .bind(&t.professional)
        .bind(&t.tracking_code)
        .bind(t.status_at)
        .bind(t.version)
        .bind(t.created_at)
        .bind(t.updated_at)
        .bind(&t.updated_by)
        .execute(&mut *conn).await.map(|_| ()))
}

/// Writes `t` over the version `expected` (bumping it); false when someone moved it first.
pub async fn update(tx: &mut Tx, t: &Track, expected: i64) -> Result<bool> {
    let sql = "UPDATE sales_followup_tracks SET status = $1, released_at = $2, sla_due_on = $3, \
               scheduled_on = $4, unit_id = $5, professional = $6, tracking_code = $7, status_at = $8, \
               version = version + 1, updated_at = $9, updated_by = $10 WHERE id = $11 AND version = $12";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(t.status.as_str())
        .bind(t.released_at)
        .bind(t.sla_due_on)
        .bind(t.scheduled_on)
        .bind(&t.unit_id)
        .bind(&t.professional)
        .bind(&t.tracking_code)
        .bind(t.status_at)
        .bind(t.updated_at)
        .bind(&t.updated_by)
        .bind(&t.id)
        .bind(expected)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Track>> {
    let sql = format!("SELECT {COLUMNS} FROM sales_followup_tracks WHERE id = $1");
    let row: Option<TrackRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Into::into))
}

/// A sale's tracks by item, read in the transaction that changes them.
pub async fn of_sale_in(tx: &mut Tx, sale_id: &str) -> Result<Vec<Track>> {
    let sql =
        format!("SELECT {COLUMNS} FROM sales_followup_tracks WHERE sale_id = $1 ORDER BY item_seq");
    let rows: Vec<TrackRow> =
        on_tx!(tx, conn => sqlx::query_as(&sql).bind(sale_id).fetch_all(&mut *conn).await)?;
    Ok(rows.into_iter().map(Into::into).collect())
}

pub async fn of_sale(db: &Db, sale_id: &str) -> Result<Vec<Track>> {
    let sql =
        format!("SELECT {COLUMNS} FROM sales_followup_tracks WHERE sale_id = $1 ORDER BY item_seq");
    let rows: Vec<TrackRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(sale_id).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// A sale's status and version, read in the transaction that may conclude it.
pub async fn sale_state_in(tx: &mut Tx, sale_id: &str) -> Result<Option<(String, i64)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT status, version FROM sales_sales WHERE id = $1")
        .bind(sale_id)
        .fetch_optional(&mut *conn).await)
}

/// Concludes the sale if it is still confirmed or in progress at `version`; false otherwise.
pub async fn conclude_sale(
    tx: &mut Tx,
    sale_id: &str,
    version: i64,
    at: DateTime<Utc>,
    by: &str,
) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE sales_sales SET status = $1, version = version + 1, updated_at = $2, updated_by = $3 \
         WHERE id = $4 AND version = $5 AND status IN ($6, $7)")
        .bind(SaleStatus::Concluded.as_str())
        .bind(at)
        .bind(by)
        .bind(sale_id)
        .bind(version)
        .bind(SaleStatus::Confirmed.as_str())
        .bind(SaleStatus::InProgress.as_str())
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

/// A track on the board with what it shows of its sale.
#[derive(Debug, Clone)]
pub struct BoardRow {
    pub track: Track,
    pub sale_number: String,
    pub client_name: String,
    pub owner_id: String,
    pub team_id: Option<String>,
}

/// What the board reads: the reach (`users: None`: every sale) and the filters.
#[derive(Debug, Clone, Default)]
pub struct BoardFilter {
    pub users: Option<Vec<String>>,
    pub teams: Vec<String>,
    pub status: Option<TrackStatus>,
    pub kind: Option<TrackKind>,
    pub team_id: Option<String>,
    /// The unit: the tracks of its teams' sales, and the procedures scheduled at it.
    pub unit_id: Option<String>,
    pub unit_teams: Vec<String>,
}

fn reach(w: &mut Conditions, filter: &BoardFilter) {
    let Some(users) = &filter.users else { return };
    let mut reach = Vec::new();
    if !users.is_empty() {
        let ids = w.list(users.iter().cloned());
        reach.push(format!("s.owner_id IN ({ids})"));
        reach.push(format!(
            "s.id IN (SELECT sale_id FROM sales_sale_splits WHERE user_id IN ({ids}))"
        ));
    }
    if !filter.teams.is_empty() {
        let teams = w.list(filter.teams.iter().cloned());
        reach.push(format!("s.team_id IN ({teams})"));
    }
    if reach.is_empty() {
        w.push("1 = 0");
    } else {
        w.push(format!("({})", reach.join(" OR ")));
    }
}

/// The tracks of sold sales within the reach and the filters, oldest first, at most [`BOARD_LIMIT`].
pub async fn board(db: &Db, filter: &BoardFilter) -> Result<Vec<BoardRow>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        track: TrackRow,
        number: String,
        client_name: String,
        owner_id: String,
        team_id: Option<String>,
    }
    let mut w = Conditions::new();
    let sold = w.list(SaleStatus::SOLD.iter().map(|s| s.as_str().to_string()));
    w.push(format!("s.status IN ({sold})"));
    reach(&mut w, filter);
    if let Some(status) = filter.status {
        let p = w.arg(SqlArg::Text(status.as_str().to_string()));
        w.push(format!("t.status = {p}"));
    }
    if let Some(kind) = filter.kind {
        let p = w.arg(SqlArg::Text(kind.as_str().to_string()));
        w.push(format!("t.kind = {p}"));
    }
    if let Some(team) = &filter.team_id {
        let p = w.arg(SqlArg::Text(team.clone()));
        w.push(format!("s.team_id = {p}"));
    }
    if let Some(unit) = &filter.unit_id {
        let p = w.arg(SqlArg::Text(unit.clone()));
        if filter.unit_teams.is_empty() {
            w.push(format!("t.unit_id = {p}"));
        } else {
            let teams = w.list(filter.unit_teams.iter().cloned());
            w.push(format!("(t.unit_id = {p} OR s.team_id IN ({teams}))"));
        }
    }
    let columns = COLUMNS
        .split(", ")
        .map(|c| format!("t.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {columns}, s.number, s.client_name, s.owner_id, s.team_id FROM sales_followup_tracks t \
         JOIN sales_sales s ON s.id = t.sale_id WHERE {} ORDER BY t.created_at, t.id LIMIT {BOARD_LIMIT}",
        w.sql()
    );
    let args = w.args();
    let rows: Vec<Row> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), args).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(|r| BoardRow {
            track: r.track.into(),
            sale_number: r.number,
            client_name: r.client_name,
            owner_id: r.owner_id,
            team_id: r.team_id,
        })
        .collect())
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM sales_followup_tracks")
        .fetch_one(pool).await)
}
