//! Dispatches, their lines and picked lots, and what the hub reads about a clinic.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use super::Result;

/// A dispatch as stored, with its clinic's name and how many lines it has.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DispatchRow {
    pub id: String,
    pub number: String,
    pub from_location_id: String,
    pub clinic_location_id: String,
    pub status: String,
    pub notes: Option<String>,
    pub requester_uid: String,
    pub requester_name: String,
    pub approver_uid: Option<String>,
    pub approver_name: Option<String>,
    pub rejection_reason: Option<String>,
    pub carrier: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub received_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub version: i64,
}

const COLUMNS: &str = "id, number, from_location_id, clinic_location_id, status, notes, requester_uid, \
    requester_name, approver_uid, approver_name, rejection_reason, carrier, created_at, decided_at, shipped_at, \
    received_at, closed_at, cancel_reason, cancelled_at, version";

/// A dispatch in a list: the row, its clinic's name and its line count.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DispatchListRow {
    #[sqlx(flatten)]
    pub row: DispatchRow,
    pub clinic_name: String,
    pub line_count: i64,
}

/// A line with its material.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LineRow {
    pub id: String,
    pub dispatch_id: String,
    pub line_no: i64,
    pub material_id: String,
    pub requested_qty_milli: i64,
    pub approved_qty_milli: Option<i64>,
    pub shipped_qty_milli: Option<i64>,
    pub received_qty_milli: Option<i64>,
    pub discrepancy_reason: Option<String>,
    pub resolved_qty_milli: i64,
    /// Why the keeper picked less than approved (the rest of the line is cancelled).
    pub short_pick_reason: Option<String>,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
}

/// A lot picked for a line (`lot_id` `""`: the material has no lots).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PickRow {
    pub line_id: String,
    pub lot_id: String,
    pub qty_milli: i64,
    pub lot_code: Option<String>,
    pub expiry_date: Option<NaiveDate>,
}

pub async fn insert(tx: &mut Tx, d: &DispatchRow) -> Result<()> {
    let sql = format!(
        "INSERT INTO stock_dispatches ({COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&d.id).bind(&d.number).bind(&d.from_location_id).bind(&d.clinic_location_id).bind(&d.status)
        .bind(&d.notes).bind(&d.requester_uid).bind(&d.requester_name).bind(&d.approver_uid)
        .bind(&d.approver_name).bind(&d.rejection_reason).bind(&d.carrier).bind(d.created_at)
        .bind(d.decided_at).bind(d.shipped_at).bind(d.received_at).bind(d.closed_at)
        .bind(&d.cancel_reason).bind(d.cancelled_at).bind(d.version)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn insert_line(
    tx: &mut Tx,
    id: &str,
    dispatch_id: &str,
    line_no: i64,
    material_id: &str,
    requested_qty_milli: i64,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO stock_dispatch_lines (id, dispatch_id, line_no, material_id, requested_qty_milli, \
         resolved_qty_milli) VALUES ($1, $2, $3, $4, $5, 0)"
    ).bind(id).bind(dispatch_id).bind(line_no).bind(material_id).bind(requested_qty_milli)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn get(db: &Db, id: &str) -> Result<Option<DispatchRow>> {
    let sql = format!("SELECT {COLUMNS} FROM stock_dispatches WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

const LINE_SELECT: &str = "SELECT dl.id, dl.dispatch_id, dl.line_no, dl.material_id, dl.requested_qty_milli, \
    dl.approved_qty_milli, dl.shipped_qty_milli, dl.received_qty_milli, dl.discrepancy_reason, dl.resolved_qty_milli, \
    dl.short_pick_reason, m.sku, m.name AS material_name, m.base_uom FROM stock_dispatch_lines dl \
    JOIN stock_materials m ON m.id = dl.material_id WHERE dl.dispatch_id = $1 ORDER BY dl.line_no";

pub async fn lines(db: &Db, dispatch_id: &str) -> Result<Vec<LineRow>> {
    on_db!(db, pool => sqlx::query_as(LINE_SELECT).bind(dispatch_id).fetch_all(pool).await)
}

pub async fn lines_in(tx: &mut Tx, dispatch_id: &str) -> Result<Vec<LineRow>> {
    on_tx!(tx, conn => sqlx::query_as(LINE_SELECT).bind(dispatch_id).fetch_all(&mut *conn).await)
}

const PICK_SELECT: &str = "SELECT p.line_id, p.lot_id, p.qty_milli, l.lot_code, l.expiry_date \
    FROM stock_dispatch_picks p JOIN stock_dispatch_lines dl ON dl.id = p.line_id \
    LEFT JOIN stock_lots l ON l.id = p.lot_id WHERE dl.dispatch_id = $1 \
    ORDER BY dl.line_no, l.expiry_date, p.lot_id";

pub async fn picks(db: &Db, dispatch_id: &str) -> Result<Vec<PickRow>> {
    on_db!(db, pool => sqlx::query_as(PICK_SELECT).bind(dispatch_id).fetch_all(pool).await)
}

pub async fn picks_in(tx: &mut Tx, dispatch_id: &str) -> Result<Vec<PickRow>> {
    on_tx!(tx, conn => sqlx::query_as(PICK_SELECT).bind(dispatch_id).fetch_all(&mut *conn).await)
}

/// Replaces the lots picked for a line.
pub async fn replace_picks(tx: &mut Tx, line_id: &str, picks: &[(String, i64)]) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM stock_dispatch_picks WHERE line_id = $1")
        .bind(line_id).execute(&mut *conn).await.map(|_| ()))?;
    for (lot, qty) in picks {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO stock_dispatch_picks (line_id, lot_id, qty_milli) VALUES ($1, $2, $3)"
        ).bind(line_id).bind(lot).bind(qty).execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// A draft's notes, when it is still a draft at `version` (false: someone changed or submitted it first); the
/// version moves on.
pub async fn update_draft(
    tx: &mut Tx,
    id: &str,
    notes: Option<&str>,
    version: i64,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_dispatches SET notes = $2, version = version + 1 \
         WHERE id = $1 AND status = 'RASCUNHO' AND version = $3"
    ).bind(id).bind(notes).bind(version).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// A draft's lines replaced, numbered from 1 in the order given (a draft has no picks yet).
pub async fn replace_lines(tx: &mut Tx, dispatch_id: &str, lines: &[(String, i64)]) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM stock_dispatch_lines WHERE dispatch_id = $1")
        .bind(dispatch_id).execute(&mut *conn).await.map(|_| ()))?;
    for (i, (material, qty)) in lines.iter().enumerate() {
        let line_id = uuid::Uuid::now_v7().to_string();
        insert_line(tx, &line_id, dispatch_id, i as i64 + 1, material, *qty).await?;
    }
    Ok(())
}

/// Moves the dispatch from `from` to `to` when it is still in `from` (false: someone else moved it first).
pub async fn transition(tx: &mut Tx, id: &str, from: &str, to: &str) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_dispatches SET status = $3, version = version + 1 WHERE id = $1 AND status = $2"
    ).bind(id).bind(from).bind(to).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Who decided (approved or rejected), when, and the rejection's reason.
pub async fn set_decision(
    tx: &mut Tx,
    id: &str,
    uid: &str,
    name: &str,
    reason: Option<&str>,
    at: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_dispatches SET approver_uid = $2, approver_name = $3, rejection_reason = $4, decided_at = $5 \
         WHERE id = $1"
    ).bind(id).bind(uid).bind(name).bind(reason).bind(at).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_shipped(
    tx: &mut Tx,
    id: &str,
    carrier: Option<&str>,
    at: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_dispatches SET carrier = $2, shipped_at = $3 WHERE id = $1")
        .bind(id).bind(carrier).bind(at).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_received(tx: &mut Tx, id: &str, at: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_dispatches SET received_at = $2 WHERE id = $1")
        .bind(id).bind(at).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_closed(tx: &mut Tx, id: &str, at: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_dispatches SET closed_at = $2 WHERE id = $1")
        .bind(id).bind(at).execute(&mut *conn).await.map(|_| ()))
}

/// Why and when the dispatch was cancelled.
pub async fn set_cancelled(tx: &mut Tx, id: &str, reason: &str, at: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_dispatches SET cancel_reason = $2, cancelled_at = $3 WHERE id = $1"
    ).bind(id).bind(reason).bind(at).execute(&mut *conn).await.map(|_| ()))
}

/// Every lot picked for the dispatch's lines is released (a cancelled dispatch holds nothing).
pub async fn clear_picks(tx: &mut Tx, dispatch_id: &str) -> Result<u64> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM stock_dispatch_picks WHERE line_id IN \
         (SELECT id FROM stock_dispatch_lines WHERE dispatch_id = $1)"
    ).bind(dispatch_id).execute(&mut *conn).await.map(|r| r.rows_affected()))
}

/// Why the keeper picked less than approved (`None`: the line is picked in full).
pub async fn set_line_short_pick(tx: &mut Tx, line_id: &str, reason: Option<&str>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_dispatch_lines SET short_pick_reason = $2 WHERE id = $1")
        .bind(line_id).bind(reason).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_line_approved(tx: &mut Tx, line_id: &str, qty: i64) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_dispatch_lines SET approved_qty_milli = $2 WHERE id = $1")
        .bind(line_id).bind(qty).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_line_shipped(tx: &mut Tx, line_id: &str, qty: i64) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_dispatch_lines SET shipped_qty_milli = $2 WHERE id = $1")
        .bind(line_id).bind(qty).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_line_received(
    tx: &mut Tx,
    line_id: &str,
    qty: i64,
    reason: Option<&str>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_dispatch_lines SET received_qty_milli = $2, discrepancy_reason = $3 WHERE id = $1"
    ).bind(line_id).bind(qty).bind(reason).execute(&mut *conn).await.map(|_| ()))
}

pub async fn add_line_resolved(tx: &mut Tx, line_id: &str, qty: i64) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_dispatch_lines SET resolved_qty_milli = resolved_qty_milli + $2 WHERE id = $1"
    ).bind(line_id).bind(qty).execute(&mut *conn).await.map(|_| ()))
}

/// The filters of the dispatch list.
#[derive(Debug, Clone, Default)]
pub struct DispatchFilter {
    pub statuses: Vec<String>,
    /// Only these clinics (the caller's scope, or the one asked).
    pub clinics: Option<Vec<String>>,
    pub requester_uid: Option<String>,
}

/// Newest first, a page of rows and the total.
pub async fn list(
    db: &Db,
    f: &DispatchFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<DispatchListRow>, i64)> {
    let mut w = Conditions::new();
    if !f.statuses.is_empty() {
        let list = w.list(f.statuses.iter().cloned());
        w.push(format!("d.status IN ({list})"));
    }
    if let Some(clinics) = &f.clinics {
        if clinics.is_empty() {
            w.push("1 = 0");
        } else {
            let list = w.list(clinics.iter().cloned());
            w.push(format!("d.clinic_location_id IN ({list})"));
        }
    }
    if let Some(uid) = &f.requester_uid {
        let p = w.arg(SqlArg::Text(uid.clone()));
        w.push(format!("d.requester_uid = {p}"));
    }
    let total_sql = format!("SELECT COUNT(*) FROM stock_dispatches d WHERE {}", w.sql());
    let total: i64 = on_db!(db, pool => bind_sql_args!(sqlx::query_scalar(&total_sql), w.args())
        .fetch_one(pool).await)?;
    let cols = COLUMNS
        .split(", ")
        .map(|c| format!("d.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {cols}, l.name AS clinic_name, \
         (SELECT COUNT(*) FROM stock_dispatch_lines dl WHERE dl.dispatch_id = d.id) AS line_count \
         FROM stock_dispatches d JOIN stock_locations l ON l.id = d.clinic_location_id WHERE {} \
         ORDER BY d.created_at DESC, d.id DESC LIMIT {} OFFSET {}",
        w.sql(),
        limit.max(0),
        offset.max(0)
    );
    let rows =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok((rows, total))
}

/// The active central warehouse.
pub async fn central(db: &Db) -> Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT id FROM stock_locations WHERE kind = 'CENTRAL' AND active ORDER BY created_at, id LIMIT 1"
    ).fetch_optional(pool).await)
}

/// What left a clinic through procedures (net of reversals) since `since`.
pub async fn consumption_since(
    db: &Db,
    material_id: &str,
    location_id: &str,
    since: DateTime<Utc>,
) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(CASE WHEN from_location_id = $2 THEN qty_milli ELSE -qty_milli END), 0) AS BIGINT) \
         FROM stock_movements WHERE material_id = $1 AND occurred_at >= $3 AND \
         ((kind = 'PROCEDURE_CONSUMPTION' AND from_location_id = $2) OR \
          (kind = 'REVERSAL' AND to_location_id = $2 AND from_location_id = 'loc-consumption'))"
    ).bind(material_id).bind(location_id).bind(since).fetch_one(pool).await)
}

/// A clinic's balance of a material with its name, per lot.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ClinicBalanceRow {
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
    pub lot_id: String,
    pub lot_code: Option<String>,
    pub expiry_date: Option<NaiveDate>,
    pub qty_milli: i64,
    pub expiry_alert_days: i64,
}

/// Every non-zero balance of a location, by material name and expiry (at most 500 rows).
pub async fn location_balances(db: &Db, location_id: &str) -> Result<Vec<ClinicBalanceRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT b.material_id, m.sku, m.name AS material_name, m.base_uom, b.lot_id, l.lot_code, l.expiry_date, \
         b.qty_milli, m.expiry_alert_days FROM stock_balances b JOIN stock_materials m ON m.id = b.material_id \
         LEFT JOIN stock_lots l ON l.id = b.lot_id WHERE b.location_id = $1 AND b.qty_milli <> 0 \
         ORDER BY m.name, m.id, l.expiry_date, b.lot_id LIMIT 500"
    ).bind(location_id).fetch_all(pool).await)
}
