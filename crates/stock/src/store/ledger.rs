//! The ledger (`stock_movements`, insert-only) and its projection (`stock_balances`).

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use super::Result;
use crate::domain::ledger::{deltas, LotStock};
use crate::domain::overview::consumption_delta;

/// One ledger row as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MovementRow {
    pub id: String,
    pub kind: String,
    pub material_id: String,
    pub lot_id: Option<String>,
    pub qty_milli: i64,
    pub from_location_id: String,
    pub to_location_id: String,
    pub unit_cost_micro: i64,
    pub value_cents: i64,
    pub occurred_at: DateTime<Utc>,
    pub posted_at: DateTime<Utc>,
    pub document_type: Option<String>,
    pub document_id: Option<String>,
    pub reason: Option<String>,
    pub created_by: String,
    pub idempotency_key: String,
    pub reverses_id: Option<String>,
}

const COLUMNS: &str = "id, kind, material_id, lot_id, qty_milli, from_location_id, to_location_id, \
    unit_cost_micro, value_cents, occurred_at, posted_at, document_type, document_id, reason, created_by, \
    idempotency_key, reverses_id";

/// A ledger row with its lot's code and expiry, and whether it was reversed (for lists).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MovementListRow {
    #[sqlx(flatten)]
    pub row: MovementRow,
    pub lot_code: Option<String>,
    pub expiry_date: Option<NaiveDate>,
    pub reversed_by: Option<String>,
}

/// Inserts the row and moves its quantity in the projection, in the caller's transaction.
pub async fn insert(tx: &mut Tx, m: &MovementRow) -> Result<()> {
    if let Tx::Postgres(t) = tx {
        return insert_postgres(t, m).await;
    }
    let sql = format!(
        "INSERT INTO stock_movements ({COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&m.id).bind(&m.kind).bind(&m.material_id).bind(&m.lot_id).bind(m.qty_milli)
        .bind(&m.from_location_id).bind(&m.to_location_id).bind(m.unit_cost_micro).bind(m.value_cents)
        .bind(m.occurred_at).bind(m.posted_at).bind(&m.document_type).bind(&m.document_id).bind(&m.reason)
        .bind(&m.created_by).bind(&m.idempotency_key).bind(&m.reverses_id)
        .execute(&mut *conn).await.map(|_| ()))?;
    let lot = m.lot_id.clone().unwrap_or_default();
    for (location, delta) in deltas(&m.from_location_id, &m.to_location_id, m.qty_milli) {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO stock_balances (material_id, location_id, lot_id, qty_milli) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (material_id, location_id, lot_id) DO UPDATE SET \
             qty_milli = stock_balances.qty_milli + excluded.qty_milli"
        ).bind(&m.material_id).bind(location).bind(&lot).bind(delta).execute(&mut *conn).await.map(|_| ()))?;
    }
    if let Some((location, qty, value)) = consumption_delta(
        &m.from_location_id,
        &m.to_location_id,
        m.qty_milli,
        m.value_cents,
    ) {
        let day = platform::clock::business_date(m.occurred_at);
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO stock_consumption_daily (material_id, location_id, day, qty_milli, value_cents) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (material_id, location_id, day) DO UPDATE SET \
             qty_milli = stock_consumption_daily.qty_milli + excluded.qty_milli, \
             value_cents = stock_consumption_daily.value_cents + excluded.value_cents"
        ).bind(&m.material_id).bind(location).bind(day).bind(qty).bind(value)
            .execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// [`insert`] on PostgreSQL: the ledger row, both ends' balances and the consumption projection in one statement
/// (data-modifying CTEs), one round trip instead of four — a posting is mostly round trips.
async fn insert_postgres(
    t: &mut sqlx::Transaction<'static, sqlx::Postgres>,
    m: &MovementRow,
) -> Result<()> {
    let [(from, from_delta), (to, to_delta)] =
        deltas(&m.from_location_id, &m.to_location_id, m.qty_milli);
    let consumption = consumption_delta(
        &m.from_location_id,
        &m.to_location_id,
        m.qty_milli,
        m.value_cents,
    );
    let mut sql = format!(
        "WITH movement AS (INSERT INTO stock_movements ({COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)), \
         balances AS (INSERT INTO stock_balances (material_id, location_id, lot_id, qty_milli) \
         VALUES ($3, $18, $20, $19), ($3, $21, $20, $22) ON CONFLICT (material_id, location_id, lot_id) \
         DO UPDATE SET qty_milli = stock_balances.qty_milli + excluded.qty_milli)"
    );
    if consumption.is_some() {
        sql.push_str(
            ", consumption AS (INSERT INTO stock_consumption_daily \
             (material_id, location_id, day, qty_milli, value_cents) VALUES ($3, $23, $24, $25, $26) \
             ON CONFLICT (material_id, location_id, day) DO UPDATE SET \
             qty_milli = stock_consumption_daily.qty_milli + excluded.qty_milli, \
             value_cents = stock_consumption_daily.value_cents + excluded.value_cents)",
        );
    }
    sql.push_str(" SELECT 1");
    let mut q = sqlx::query(&sql)
        .bind(&m.id)
        .bind(&m.kind)
        .bind(&m.material_id)
        .bind(&m.lot_id)
        .bind(m.qty_milli)
        .bind(&m.from_location_id)
        .bind(&m.to_location_id)
        .bind(m.unit_cost_micro)
        .bind(m.value_cents)
        .bind(m.occurred_at)
        .bind(m.posted_at)
        .bind(&m.document_type)
        .bind(&m.document_id)
        .bind(&m.reason)
        .bind(&m.created_by)
        .bind(&m.idempotency_key)
        .bind(&m.reverses_id)
        .bind(from)
        .bind(from_delta)
        .bind(m.lot_id.as_deref().unwrap_or_default())
        .bind(to)
        .bind(to_delta);
    if let Some((location, qty, value)) = consumption {
        q = q
            .bind(location)
            .bind(platform::clock::business_date(m.occurred_at))
            .bind(qty)
            .bind(value);
    }
    q.execute(&mut **t).await.map(|_| ())
}

pub async fn set_average(tx: &mut Tx, material_id: &str, avg_micro: i64) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_materials SET avg_cost_micro = $2 WHERE id = $1")
        .bind(material_id).bind(avg_micro).execute(&mut *conn).await.map(|_| ()))
}

/// What a material has on hand in every physical location (central, clinics, in transit).
pub async fn on_hand(tx: &mut Tx, material_id: &str) -> Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(b.qty_milli), 0) AS BIGINT) FROM stock_balances b \
         JOIN stock_locations l ON l.id = b.location_id \
         WHERE b.material_id = $1 AND l.kind IN ('CENTRAL', 'CLINIC', 'IN_TRANSIT')"
    ).bind(material_id).fetch_one(&mut *conn).await)
}

/// What one (material, location, lot) holds; `lot_id` `""` is "no lot".
pub async fn balance(
    tx: &mut Tx,
    material_id: &str,
    location_id: &str,
    lot_id: &str,
) -> Result<i64> {
    let q: Option<i64> = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT qty_milli FROM stock_balances WHERE material_id = $1 AND location_id = $2 AND lot_id = $3"
    ).bind(material_id).bind(location_id).bind(lot_id).fetch_optional(&mut *conn).await)?;
    Ok(q.unwrap_or(0))
}

/// The lots of a material with stock at a location, for FEFO picking.
pub async fn lot_stock(tx: &mut Tx, material_id: &str, location_id: &str) -> Result<Vec<LotStock>> {
    let rows: Vec<(String, Option<NaiveDate>, i64)> = on_tx!(tx, conn => sqlx::query_as(
        "SELECT l.id, l.expiry_date, b.qty_milli FROM stock_balances b JOIN stock_lots l ON l.id = b.lot_id \
         WHERE b.material_id = $1 AND b.location_id = $2 AND b.qty_milli > 0"
    ).bind(material_id).bind(location_id).fetch_all(&mut *conn).await)?;
    Ok(rows
        .into_iter()
        .map(|(lot_id, expiry_date, qty_milli)| LotStock {
            lot_id,
            expiry_date,
            qty_milli,
        })
        .collect())
}

/// The rows of the posting made under `key` (its first row carries the key, the others `key#2`, `key#3`, …).
pub async fn by_key(tx: &mut Tx, key: &str) -> Result<Vec<MovementRow>> {
    // A posting's rows are inserted in one transaction, its first row under the key itself: one probe of the
    // unique index tells whether it exists. Only a repeat reads the `key#…` rows, with a LIKE that no index
    // serves (case-insensitive on SQLite, a non-C collation on PostgreSQL): run on every posting it walked the
    // whole ledger, ~60 ms at 200,000 rows on PostgreSQL.
    let first: Option<String> = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT id FROM stock_movements WHERE idempotency_key = $1"
    ).bind(key).fetch_optional(&mut *conn).await)?;
    if first.is_none() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {COLUMNS} FROM stock_movements WHERE idempotency_key = $1 OR idempotency_key LIKE $2 ORDER BY id"
    );
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(key).bind(format!("{key}#%"))
        .fetch_all(&mut *conn).await)
}

pub async fn by_id_in(tx: &mut Tx, id: &str) -> Result<Option<MovementRow>> {
    let sql = format!("SELECT {COLUMNS} FROM stock_movements WHERE id = $1");
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(id).fetch_optional(&mut *conn).await)
}

pub async fn reversal_of(tx: &mut Tx, id: &str) -> Result<Option<String>> {
    on_tx!(tx, conn => sqlx::query_scalar("SELECT id FROM stock_movements WHERE reverses_id = $1")
        .bind(id).fetch_optional(&mut *conn).await)
}

/// The filters of the ledger list.
#[derive(Debug, Clone, Default)]
pub struct MovementFilter {
    pub material_id: Option<String>,
    /// Either end.
    pub location_id: Option<String>,
    pub kind: Option<String>,
    pub lot_id: Option<String>,
    pub from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub until: Option<DateTime<Utc>>,
    pub document_id: Option<String>,
    pub id: Option<String>,
    /// Only rows touching one of these locations (a clinic user's scope).
    pub within: Option<Vec<String>>,
    /// Keyset: rows older than this id (ids are UUIDv7, in posting order).
    pub before: Option<String>,
}

/// Newest first, `limit` rows (plus one to tell whether more follow).
pub async fn list(db: &Db, f: &MovementFilter, limit: i64) -> Result<(Vec<MovementListRow>, bool)> {
    let mut w = Conditions::new();
    let eq = |w: &mut Conditions, col: &str, v: &Option<String>| {
        if let Some(v) = v {
            let p = w.arg(SqlArg::Text(v.clone()));
            w.push(format!("{col} = {p}"));
        }
    };
    eq(&mut w, "m.material_id", &f.material_id);
    eq(&mut w, "m.kind", &f.kind);
    eq(&mut w, "m.lot_id", &f.lot_id);
    eq(&mut w, "m.document_id", &f.document_id);
    eq(&mut w, "m.id", &f.id);
    if let Some(l) = &f.location_id {
        let p = w.arg(SqlArg::Text(l.clone()));
        w.push(format!(
            "(m.from_location_id = {p} OR m.to_location_id = {p})"
        ));
    }
    if let Some(within) = &f.within {
        let a = w.list(within.iter().cloned());
        let b = w.list(within.iter().cloned());
        w.push(format!(
            "(m.from_location_id IN ({a}) OR m.to_location_id IN ({b}))"
        ));
    }
    if let Some(t) = f.from {
        let p = w.arg(SqlArg::Time(t));
        w.push(format!("m.occurred_at >= {p}"));
    }
    if let Some(t) = f.until {
        let p = w.arg(SqlArg::Time(t));
        w.push(format!("m.occurred_at < {p}"));
    }
    if let Some(b) = &f.before {
        let p = w.arg(SqlArg::Text(b.clone()));
        w.push(format!("m.id < {p}"));
    }
    let cols = COLUMNS
        .split(", ")
        .map(|c| format!("m.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {cols}, l.lot_code, l.expiry_date, r.id AS reversed_by FROM stock_movements m \
         LEFT JOIN stock_lots l ON l.id = m.lot_id LEFT JOIN stock_movements r ON r.reverses_id = m.id \
         WHERE {} ORDER BY m.id DESC LIMIT {}",
        w.sql(),
        limit.max(0) + 1
    );
    let mut rows: Vec<MovementListRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows, more))
}

/// What a material holds at a location (every lot), from the projection.
pub async fn location_balance(db: &Db, material_id: &str, location_id: &str) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(qty_milli), 0) AS BIGINT) FROM stock_balances \
         WHERE material_id = $1 AND location_id = $2"
    ).bind(material_id).bind(location_id).fetch_one(pool).await)
}

/// The net effect at a location of the material's rows newer than `after_id` (for a running balance).
pub async fn net_after(
    db: &Db,
    material_id: &str,
    location_id: &str,
    after_id: &str,
) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(CASE WHEN to_location_id = $2 THEN qty_milli ELSE -qty_milli END), 0) AS BIGINT) \
         FROM stock_movements WHERE material_id = $1 AND (to_location_id = $2 OR from_location_id = $2) AND id > $3"
    ).bind(material_id).bind(location_id).bind(after_id).fetch_one(pool).await)
}

/// A balance row of the projection.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BalanceRow {
    pub material_id: String,
    pub location_id: String,
    pub lot_id: String,
    pub qty_milli: i64,
}

/// Balances of physical locations, optionally of one material or location.
pub async fn balances(
    db: &Db,
    material_id: Option<&str>,
    location_id: Option<&str>,
    within: Option<&[String]>,
) -> Result<Vec<BalanceRow>> {
    let mut w = Conditions::new();
    w.push("l.kind IN ('CENTRAL', 'CLINIC', 'IN_TRANSIT')");
    if let Some(m) = material_id {
        let p = w.arg(SqlArg::Text(m.into()));
        w.push(format!("b.material_id = {p}"));
    }
    if let Some(m) = location_id {
        let p = w.arg(SqlArg::Text(m.into()));
        w.push(format!("b.location_id = {p}"));
    }
    if let Some(within) = within {
        let list = w.list(within.iter().cloned());
        w.push(format!("b.location_id IN ({list})"));
    }
    let sql = format!(
        "SELECT b.material_id, b.location_id, b.lot_id, b.qty_milli FROM stock_balances b \
         JOIN stock_locations l ON l.id = b.location_id WHERE {} AND b.qty_milli <> 0 \
         ORDER BY b.material_id, b.location_id, b.lot_id LIMIT 1000",
        w.sql()
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
}

const LEDGER_SUM: &str = "SELECT material_id, location_id, lot_id, CAST(SUM(q) AS BIGINT) AS qty_milli FROM ( \
    SELECT material_id, to_location_id AS location_id, COALESCE(lot_id, '') AS lot_id, qty_milli AS q FROM stock_movements \
    UNION ALL \
    SELECT material_id, from_location_id, COALESCE(lot_id, ''), -qty_milli FROM stock_movements \
    ) x GROUP BY material_id, location_id, lot_id";

/// Recomputes the projection from the ledger, in one transaction; returns how many rows it holds.
pub async fn rebuild(db: &Db) -> Result<u64> {
    let mut tx = db.begin().await?;
    on_tx!(&mut tx, conn => sqlx::query("DELETE FROM stock_balances").execute(&mut *conn).await.map(|_| ()))?;
    let sql = format!(
        "INSERT INTO stock_balances (material_id, location_id, lot_id, qty_milli) {LEDGER_SUM}"
    );
    let done = on_tx!(&mut tx, conn => sqlx::query(&sql).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    let consumption = consumption_from_ledger(&mut tx).await?;
    on_tx!(&mut tx, conn => sqlx::query("DELETE FROM stock_consumption_daily").execute(&mut *conn).await.map(|_| ()))?;
    let rows: Vec<_> = consumption.into_iter().collect();
    for chunk in rows.chunks(200) {
        let mut sql = String::from(
            "INSERT INTO stock_consumption_daily (material_id, location_id, day, qty_milli, value_cents) VALUES ",
        );
        for i in 0..chunk.len() {
            let b = i * 5;
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!(
                "(${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5
            ));
        }
        on_tx!(&mut tx, conn => {
            let mut q = sqlx::query(&sql);
            for ((material, location, day), (qty, value)) in chunk {
                q = q.bind(material).bind(location).bind(*day).bind(*qty).bind(*value);
            }
            q.execute(&mut *conn).await.map(|_| ())
        })?;
    }
    tx.commit().await?;
    Ok(done)
}

/// (material, location, day) → (qty, value) of the consumption projection.
pub type ConsumptionMap = BTreeMap<(String, String, NaiveDate), (i64, i64)>;

/// The consumption projection recomputed from the ledger's rows to or from CONSUMPTION and CUSTOMER (for
/// `rebuild` and `check` only: the overview reads the projection), without zero rows.
async fn consumption_from_ledger(tx: &mut Tx) -> Result<ConsumptionMap> {
    type Row = (String, String, String, i64, i64, DateTime<Utc>);
    let rows: Vec<Row> = on_tx!(tx, conn => sqlx::query_as(
        "SELECT material_id, from_location_id, to_location_id, qty_milli, value_cents, occurred_at \
         FROM stock_movements WHERE to_location_id IN ('loc-consumption', 'loc-customer') \
         OR from_location_id IN ('loc-consumption', 'loc-customer')"
    ).fetch_all(&mut *conn).await)?;
    let mut out = ConsumptionMap::new();
    for (material, from, to, qty, value, at) in rows {
        if let Some((location, q, v)) = consumption_delta(&from, &to, qty, value) {
            let e = out
                .entry((
                    material,
                    location.to_string(),
                    platform::clock::business_date(at),
                ))
                .or_default();
            e.0 += q;
            e.1 += v;
        }
    }
    out.retain(|_, v| *v != (0, 0));
    Ok(out)
}

/// The stored consumption projection and its recomputation from the ledger, without zero rows.
pub async fn consumption_and_ledger(db: &Db) -> Result<(ConsumptionMap, ConsumptionMap)> {
    let mut tx = db.begin().await?;
    let stored: Vec<(String, String, NaiveDate, i64, i64)> = on_tx!(&mut tx, conn => sqlx::query_as(
        "SELECT material_id, location_id, day, qty_milli, value_cents FROM stock_consumption_daily \
         WHERE qty_milli <> 0 OR value_cents <> 0"
    ).fetch_all(&mut *conn).await)?;
    let computed = consumption_from_ledger(&mut tx).await?;
    tx.rollback().await?;
    let stored = stored
        .into_iter()
        .map(|(m, l, d, q, v)| ((m, l, d), (q, v)))
        .collect();
    Ok((stored, computed))
}

/// The projection and the ledger's sum, each as (material, location, lot) → quantity without zeros.
pub async fn projection_and_ledger(db: &Db) -> Result<(Vec<BalanceRow>, Vec<BalanceRow>)> {
    let stored: Vec<BalanceRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT material_id, location_id, lot_id, qty_milli FROM stock_balances WHERE qty_milli <> 0 \
         ORDER BY material_id, location_id, lot_id"
    ).fetch_all(pool).await)?;
    let sql = format!(
        "SELECT material_id, location_id, lot_id, qty_milli FROM ({LEDGER_SUM}) s WHERE qty_milli <> 0 \
         ORDER BY material_id, location_id, lot_id"
    );
    let computed: Vec<BalanceRow> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok((stored, computed))
}
