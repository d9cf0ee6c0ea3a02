//! Procedure BOMs, their versions and lines, and the procedure consumptions (one row per appointment and
//! revision).

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use super::Result;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BomRow {
    pub id: String,
    pub procedure_code: String,
    pub procedure_name: String,
    /// '' = global.
    pub clinic_location_id: String,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

const BOM_COLUMNS: &str =
    "id, procedure_code, procedure_name, clinic_location_id, created_at, created_by";

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct VersionRow {
    pub id: String,
    pub bom_id: String,
    pub number: i64,
    pub status: String,
    pub effective_from: Option<DateTime<Utc>>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub published_at: Option<DateTime<Utc>>,
    pub published_by: Option<String>,
    pub version: i64,
}

const VERSION_COLUMNS: &str =
    "id, bom_id, number, status, effective_from, note, created_at, created_by, \
    published_at, published_by, version";

/// A line with its material's SKU, name, base unit and current average cost.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LineRow {
    pub version_id: String,
    pub seq: i64,
    pub material_id: String,
    pub qty_milli: i64,
    pub uom: String,
    pub qty_base_milli: i64,
    pub waste_bp: i64,
    pub optional: bool,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
    pub avg_cost_micro: i64,
    pub tracks_lot: bool,
}

pub async fn insert_bom(tx: &mut Tx, b: &BomRow) -> Result<()> {
    let sql = format!("INSERT INTO stock_boms ({BOM_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)");
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&b.id).bind(&b.procedure_code).bind(&b.procedure_name).bind(&b.clinic_location_id)
        .bind(b.created_at).bind(&b.created_by)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn bom(db: &Db, id: &str) -> Result<Option<BomRow>> {
    let sql = format!("SELECT {BOM_COLUMNS} FROM stock_boms WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

pub async fn bom_by_code(tx: &mut Tx, code: &str, clinic: &str) -> Result<Option<BomRow>> {
    let sql = format!(
        "SELECT {BOM_COLUMNS} FROM stock_boms WHERE procedure_code = $1 AND clinic_location_id = $2"
    );
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(code).bind(clinic).fetch_optional(&mut *conn).await)
}

/// BOMs, by procedure code then global first, filtered by a search on code or name and by clinic ('' = only
/// global ones).
pub async fn boms(db: &Db, search: Option<&str>, clinic: Option<&str>) -> Result<Vec<BomRow>> {
    let mut w = Conditions::new();
    if let Some(s) = search.map(str::trim).filter(|s| !s.is_empty()) {
        let p = w.arg(SqlArg::Text(format!("%{}%", s.to_lowercase())));
        w.push(format!(
            "(LOWER(procedure_code) LIKE {p} OR LOWER(procedure_name) LIKE {p})"
        ));
    }
    if let Some(c) = clinic {
        let p = w.arg(SqlArg::Text(c.to_string()));
        w.push(format!("clinic_location_id = {p}"));
    }
    let sql = format!(
        "SELECT {BOM_COLUMNS} FROM stock_boms WHERE {} ORDER BY procedure_code, clinic_location_id LIMIT 1000",
        w.sql()
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
}

pub async fn insert_version(tx: &mut Tx, v: &VersionRow) -> Result<()> {
    let sql = format!(
        "INSERT INTO stock_bom_versions ({VERSION_COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&v.id).bind(&v.bom_id).bind(v.number).bind(&v.status).bind(v.effective_from).bind(&v.note)
        .bind(v.created_at).bind(&v.created_by).bind(v.published_at).bind(&v.published_by).bind(v.version)
        .execute(&mut *conn).await.map(|_| ()))
}

/// A BOM's versions, oldest first.
pub async fn versions(db: &Db, bom_id: &str) -> Result<Vec<VersionRow>> {
    let sql = format!(
        "SELECT {VERSION_COLUMNS} FROM stock_bom_versions WHERE bom_id = $1 ORDER BY number"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(bom_id).fetch_all(pool).await)
}

pub async fn versions_in(tx: &mut Tx, bom_id: &str) -> Result<Vec<VersionRow>> {
    let sql = format!(
        "SELECT {VERSION_COLUMNS} FROM stock_bom_versions WHERE bom_id = $1 ORDER BY number"
    );
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(bom_id).fetch_all(&mut *conn).await)
}

/// Moves a draft to its next edit: true when `version` matched (otherwise someone changed it first).
pub async fn touch_draft(tx: &mut Tx, id: &str, version: i64, note: Option<&str>) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_bom_versions SET version = version + 1, note = $3 \
         WHERE id = $1 AND version = $2 AND status = 'RASCUNHO'"
    ).bind(id).bind(version).bind(note).execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn publish(
    tx: &mut Tx,
    id: &str,
    version: i64,
    effective_from: DateTime<Utc>,
    at: DateTime<Utc>,
    by: &str,
) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_bom_versions SET status = 'PUBLICADA', effective_from = $3, published_at = $4, \
         published_by = $5, version = version + 1 WHERE id = $1 AND version = $2 AND status = 'RASCUNHO'"
    ).bind(id).bind(version).bind(effective_from).bind(at).bind(by)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

const LINE_SELECT: &str = "SELECT bl.version_id, bl.seq, bl.material_id, bl.qty_milli, bl.uom, \
    bl.qty_base_milli, bl.waste_bp, bl.optional, m.sku, m.name AS material_name, m.base_uom, m.avg_cost_micro, \
    m.tracks_lot FROM stock_bom_lines bl JOIN stock_materials m ON m.id = bl.material_id";

/// The lines of these versions, in order.
pub async fn lines_of(db: &Db, version_ids: &[String]) -> Result<Vec<LineRow>> {
    if version_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let list = w.list(version_ids.iter().cloned());
    w.push(format!("bl.version_id IN ({list})"));
    let sql = format!(
        "{LINE_SELECT} WHERE {} ORDER BY bl.version_id, bl.seq",
        w.sql()
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
}

pub async fn lines_in(tx: &mut Tx, version_id: &str) -> Result<Vec<LineRow>> {
    let sql = format!("{LINE_SELECT} WHERE bl.version_id = $1 ORDER BY bl.seq");
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(version_id).fetch_all(&mut *conn).await)
}

/// A stored line (what is written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLine {
    pub material_id: String,
    pub qty_milli: i64,
    pub uom: String,
    pub qty_base_milli: i64,
    pub waste_bp: i64,
    pub optional: bool,
}

/// Replaces a draft's lines.
pub async fn replace_lines(tx: &mut Tx, version_id: &str, lines: &[NewLine]) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM stock_bom_lines WHERE version_id = $1")
        .bind(version_id).execute(&mut *conn).await.map(|_| ()))?;
    for (i, l) in lines.iter().enumerate() {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO stock_bom_lines (version_id, seq, material_id, qty_milli, uom, qty_base_milli, waste_bp, \
             optional) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
        ).bind(version_id).bind(i as i64 + 1).bind(&l.material_id).bind(l.qty_milli).bind(&l.uom)
            .bind(l.qty_base_milli).bind(l.waste_bp).bind(l.optional)
            .execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// Base unit and conversions (uom, num, den) of the given materials, and whether each is active.
pub async fn units_of(
    tx: &mut Tx,
    material_ids: &[String],
) -> Result<
    Vec<(
        String,
        String,
        bool,
        Option<String>,
        Option<i64>,
        Option<i64>,
    )>,
> {
    if material_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let list = w.list(material_ids.iter().cloned());
    w.push(format!("m.id IN ({list})"));
    let sql = format!(
        "SELECT m.id, m.base_uom, m.active, u.uom, u.factor_num, u.factor_den FROM stock_materials m \
         LEFT JOIN stock_material_uoms u ON u.material_id = m.id AND u.purpose IN ('DISPENSE', 'BOTH') \
         WHERE {}",
        w.sql()
    );
    on_tx!(tx, conn => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(&mut *conn).await)
}

/// Material ids by SKU (uppercase), for an import.
pub async fn materials_by_sku(tx: &mut Tx, skus: &[String]) -> Result<Vec<(String, String)>> {
    if skus.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let list = w.list(skus.iter().cloned());
    w.push(format!("sku IN ({list})"));
    let sql = format!("SELECT sku, id FROM stock_materials WHERE {}", w.sql());
    on_tx!(tx, conn => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(&mut *conn).await)
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ConsumptionRow {
    pub appointment_id: String,
    pub revision: i64,
    pub procedure_code: String,
    pub location_id: String,
    pub quantity: i64,
    pub bom_version_id: Option<String>,
    pub cost_cents: i64,
    pub occurred_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    /// Set when the appointment was reopened or cancelled and the rows were reversed.
    pub reversed_at: Option<DateTime<Utc>>,
    pub reversed_by: Option<String>,
    pub reversal_reason: Option<String>,
}

const CONSUMPTION_COLUMNS: &str =
    "appointment_id, revision, procedure_code, location_id, quantity, \
    bom_version_id, cost_cents, occurred_at, created_at, created_by";

const CONSUMPTION_READ: &str =
    "appointment_id, revision, procedure_code, location_id, quantity, \
    bom_version_id, cost_cents, occurred_at, created_at, created_by, reversed_at, reversed_by, reversal_reason";

pub async fn insert_consumption(tx: &mut Tx, c: &ConsumptionRow) -> Result<()> {
    let sql = format!(
        "INSERT INTO stock_procedure_consumptions ({CONSUMPTION_COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&c.appointment_id).bind(c.revision).bind(&c.procedure_code).bind(&c.location_id)
        .bind(c.quantity).bind(&c.bom_version_id).bind(c.cost_cents).bind(c.occurred_at)
        .bind(c.created_at).bind(&c.created_by)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_consumption_cost(
    tx: &mut Tx,
    appointment_id: &str,
    revision: i64,
    cost_cents: i64,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_procedure_consumptions SET cost_cents = $3 WHERE appointment_id = $1 AND revision = $2"
    ).bind(appointment_id).bind(revision).bind(cost_cents).execute(&mut *conn).await.map(|_| ()))
}

pub async fn consumption(
    db: &Db,
    appointment_id: &str,
    revision: i64,
) -> Result<Option<ConsumptionRow>> {
    let sql = format!(
        "SELECT {CONSUMPTION_READ} FROM stock_procedure_consumptions \
         WHERE appointment_id = $1 AND revision = $2"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(appointment_id).bind(revision).fetch_optional(pool).await)
}

/// The latest revision of an appointment's consumption.
pub async fn latest_consumption(db: &Db, appointment_id: &str) -> Result<Option<ConsumptionRow>> {
    let sql = format!(
        "SELECT {CONSUMPTION_READ} FROM stock_procedure_consumptions \
         WHERE appointment_id = $1 ORDER BY revision DESC LIMIT 1"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(appointment_id).fetch_optional(pool).await)
}

/// Marks a consumption reversed (once: false when it already was).
pub async fn set_reversed(
    tx: &mut Tx,
    appointment_id: &str,
    revision: i64,
    at: DateTime<Utc>,
    by: &str,
    reason: &str,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_procedure_consumptions SET reversed_at = $3, reversed_by = $4, reversal_reason = $5 \
         WHERE appointment_id = $1 AND revision = $2 AND reversed_at IS NULL"
    ).bind(appointment_id).bind(revision).bind(at).bind(by).bind(reason).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// A per-material change reported with a finished procedure.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ChangeRow {
    pub material_id: String,
    /// NOT_USED or EXTRA.
    pub kind: String,
    pub qty_milli: i64,
    pub reason: String,
}

pub async fn insert_changes(
    tx: &mut Tx,
    appointment_id: &str,
    revision: i64,
    changes: &[ChangeRow],
) -> Result<()> {
    for c in changes {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO stock_procedure_consumption_changes \
             (appointment_id, revision, material_id, kind, qty_milli, reason) VALUES ($1, $2, $3, $4, $5, $6)"
        ).bind(appointment_id).bind(revision).bind(&c.material_id).bind(&c.kind).bind(c.qty_milli)
            .bind(&c.reason).execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

pub async fn changes(db: &Db, appointment_id: &str, revision: i64) -> Result<Vec<ChangeRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT material_id, kind, qty_milli, reason FROM stock_procedure_consumption_changes \
         WHERE appointment_id = $1 AND revision = $2 ORDER BY material_id"
    ).bind(appointment_id).bind(revision).fetch_all(pool).await)
}

/// The versions of many BOMs in one query per 500 BOMs (the list), by BOM, in number order.
pub async fn versions_of(
    db: &Db,
    bom_ids: &[String],
) -> Result<std::collections::BTreeMap<String, Vec<VersionRow>>> {
    let mut out: std::collections::BTreeMap<String, Vec<VersionRow>> = Default::default();
    for chunk in bom_ids.chunks(500) {
        let mut w = Conditions::new();
        let list = w.list(chunk.iter().cloned());
        w.push(format!("bom_id IN ({list})"));
        let sql = format!(
            "SELECT {VERSION_COLUMNS} FROM stock_bom_versions WHERE {} ORDER BY bom_id, number",
            w.sql()
        );
        let rows: Vec<VersionRow> = on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args())
            .fetch_all(pool).await)?;
        for r in rows {
            out.entry(r.bom_id.clone()).or_default().push(r);
        }
    }
    Ok(out)
}

/// Procedures consumed without a published version, per (procedure, location): how many times, the latest.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct WithoutBomRow {
    pub procedure_code: String,
    pub location_id: String,
    pub location_name: String,
    pub occurrences: i64,
    pub last_occurred_at: DateTime<Utc>,
}

pub async fn without_bom(db: &Db) -> Result<Vec<WithoutBomRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT c.procedure_code, c.location_id, l.name AS location_name, CAST(COUNT(*) AS BIGINT) AS occurrences, \
         MAX(c.occurred_at) AS last_occurred_at FROM stock_procedure_consumptions c \
         JOIN stock_locations l ON l.id = c.location_id WHERE c.bom_version_id IS NULL \
         GROUP BY c.procedure_code, c.location_id, l.name ORDER BY MAX(c.occurred_at) DESC, c.procedure_code LIMIT 1000"
    ).fetch_all(pool).await)
}
