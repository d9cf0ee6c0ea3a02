//! Categories, locations, materials, unit conversions, policies, lots and clinic assignments.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use super::Result;
use crate::domain::location::LocationFields;
use crate::domain::overview::{sql as rules, SituationFilter, StockSituation};
use crate::domain::{
    Category, Location, LocationKind, Material, MaterialFields, MaterialKind, Policy, Uom,
    UomPurpose,
};

#[derive(sqlx::FromRow)]
struct CategoryRow {
    id: String,
    name: String,
    parent_id: Option<String>,
    created_at: DateTime<Utc>,
}

pub async fn categories(db: &Db) -> Result<Vec<Category>> {
    let rows: Vec<CategoryRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, name, parent_id, created_at FROM stock_categories ORDER BY name, id"
    ).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(|r| Category {
            id: r.id,
            name: r.name,
            parent_id: r.parent_id,
            created_at: r.created_at,
        })
        .collect())
}

pub async fn insert_category(db: &Db, c: &Category) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO stock_categories (id, name, parent_id, created_at) VALUES ($1, $2, $3, $4)"
    ).bind(&c.id).bind(&c.name).bind(&c.parent_id).bind(c.created_at).execute(pool).await.map(|_| ()))
}

#[derive(sqlx::FromRow)]
struct LocationRow {
    id: String,
    code: String,
    name: String,
    kind: String,
    unit_id: Option<String>,
    active: bool,
    created_at: DateTime<Utc>,
}

impl From<LocationRow> for Location {
    fn from(r: LocationRow) -> Location {
        Location {
            id: r.id,
            code: r.code,
            name: r.name,
            kind: LocationKind::parse(&r.kind).unwrap_or(LocationKind::Adjustment),
            unit_id: r.unit_id,
            active: r.active,
            created_at: r.created_at,
        }
    }
}

const LOCATION_COLUMNS: &str = "id, code, name, kind, unit_id, active, created_at";

/// Every location (or only `ids` when given), physical first, by name.
pub async fn locations(db: &Db, ids: Option<&[String]>) -> Result<Vec<Location>> {
    let mut w = Conditions::new();
    if let Some(ids) = ids {
        let list = w.list(ids.iter().cloned());
        w.push(format!("id IN ({list})"));
    }
    let sql = format!(
        "SELECT {LOCATION_COLUMNS} FROM stock_locations WHERE {} ORDER BY \
         CASE kind WHEN 'CENTRAL' THEN 0 WHEN 'CLINIC' THEN 1 WHEN 'IN_TRANSIT' THEN 2 ELSE 3 END, name, id",
        w.sql()
    );
    let rows: Vec<LocationRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Location::from).collect())
}

pub async fn location(db: &Db, id: &str) -> Result<Option<Location>> {
    let sql = format!("SELECT {LOCATION_COLUMNS} FROM stock_locations WHERE id = $1");
    let row: Option<LocationRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Location::from))
}

pub async fn central_count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM stock_locations WHERE kind = 'CENTRAL'")
        .fetch_one(pool).await)
}

pub async fn insert_location(
    db: &Db,
    id: &str,
    f: &LocationFields,
    now: DateTime<Utc>,
) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO stock_locations (id, code, name, kind, unit_id, active, created_at) \
         VALUES ($1, $2, $3, $4, $5, TRUE, $6)"
    ).bind(id).bind(&f.code).bind(&f.name).bind(f.kind.as_str()).bind(&f.unit_id).bind(now)
    .execute(pool).await.map(|_| ()))
}

#[derive(sqlx::FromRow)]
struct MaterialRow {
    id: String,
    sku: String,
    name: String,
    kind: String,
    category_id: Option<String>,
    base_uom: String,
    tracks_lot: bool,
    tracks_expiry: bool,
    expiry_alert_days: i64,
    gtin: Option<String>,
    ncm: Option<String>,
    lead_time_days: i64,
    min_order_qty_milli: i64,
    active: bool,
    avg_cost_micro: i64,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl From<MaterialRow> for Material {
    /// Stored rows were validated on the way in: nothing is checked again.
    fn from(r: MaterialRow) -> Material {
        Material {
            id: r.id,
            fields: MaterialFields {
                sku: r.sku,
                name: r.name,
                kind: MaterialKind::parse(&r.kind).unwrap_or(MaterialKind::Material),
                category_id: r.category_id,
                base_uom: r.base_uom,
                tracks_lot: r.tracks_lot,
                tracks_expiry: r.tracks_expiry,
                expiry_alert_days: r.expiry_alert_days,
                gtin: r.gtin,
                ncm: r.ncm,
                lead_time_days: r.lead_time_days,
                min_order_qty_milli: r.min_order_qty_milli,
                active: r.active,
            },
            avg_cost_micro: r.avg_cost_micro,
            created_at: r.created_at,
            created_by: r.created_by,
        }
    }
}

const MATERIAL_COLUMNS: &str = "id, sku, name, kind, category_id, base_uom, tracks_lot, tracks_expiry, \
    expiry_alert_days, gtin, ncm, lead_time_days, min_order_qty_milli, active, avg_cost_micro, created_at, created_by";

fn search_text(f: &MaterialFields) -> String {
    platform::text::fold(&format!(
        "{} {} {}",
        f.sku,
        f.name,
        f.gtin.as_deref().unwrap_or("")
    ))
}

pub async fn insert_material(db: &Db, m: &Material) -> Result<()> {
    let f = &m.fields;
    let sql = format!(
        "INSERT INTO stock_materials ({MATERIAL_COLUMNS}, search_text) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
    );
    on_db!(db, pool => sqlx::query(&sql)
        .bind(&m.id).bind(&f.sku).bind(&f.name).bind(f.kind.as_str()).bind(&f.category_id).bind(&f.base_uom)
        .bind(f.tracks_lot).bind(f.tracks_expiry).bind(f.expiry_alert_days).bind(&f.gtin).bind(&f.ncm)
        .bind(f.lead_time_days).bind(f.min_order_qty_milli).bind(f.active).bind(m.avg_cost_micro)
        .bind(m.created_at).bind(&m.created_by).bind(search_text(f))
        .execute(pool).await.map(|_| ()))
}

/// [`insert_material`] in the caller's transaction (the demo's bulk load).
pub async fn insert_material_in(tx: &mut Tx, m: &Material) -> Result<()> {
    let f = &m.fields;
    let sql = format!(
        "INSERT INTO stock_materials ({MATERIAL_COLUMNS}, search_text) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&m.id).bind(&f.sku).bind(&f.name).bind(f.kind.as_str()).bind(&f.category_id).bind(&f.base_uom)
        .bind(f.tracks_lot).bind(f.tracks_expiry).bind(f.expiry_alert_days).bind(&f.gtin).bind(&f.ncm)
        .bind(f.lead_time_days).bind(f.min_order_qty_milli).bind(f.active).bind(m.avg_cost_micro)
        .bind(m.created_at).bind(&m.created_by).bind(search_text(f))
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn update_material(db: &Db, id: &str, f: &MaterialFields) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE stock_materials SET sku = $2, name = $3, kind = $4, category_id = $5, base_uom = $6, \
         tracks_lot = $7, tracks_expiry = $8, expiry_alert_days = $9, gtin = $10, ncm = $11, lead_time_days = $12, \
         min_order_qty_milli = $13, active = $14, search_text = $15 WHERE id = $1"
    )
        .bind(id).bind(&f.sku).bind(&f.name).bind(f.kind.as_str()).bind(&f.category_id).bind(&f.base_uom)
        .bind(f.tracks_lot).bind(f.tracks_expiry).bind(f.expiry_alert_days).bind(&f.gtin).bind(&f.ncm)
        .bind(f.lead_time_days).bind(f.min_order_qty_milli).bind(f.active).bind(search_text(f))
        .execute(pool).await.map(|_| ()))
}

pub async fn material(db: &Db, id: &str) -> Result<Option<Material>> {
    let sql = format!("SELECT {MATERIAL_COLUMNS} FROM stock_materials WHERE id = $1");
    let row: Option<MaterialRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Material::from))
}

/// The material, read inside a write transaction.
pub async fn material_in(tx: &mut Tx, id: &str) -> Result<Option<Material>> {
    let sql = format!("SELECT {MATERIAL_COLUMNS} FROM stock_materials WHERE id = $1");
    let row: Option<MaterialRow> =
        on_tx!(tx, conn => sqlx::query_as(&sql).bind(id).fetch_optional(&mut *conn).await)?;
    Ok(row.map(Material::from))
}

pub async fn material_by_sku(db: &Db, sku: &str) -> Result<Option<Material>> {
    let sql = format!("SELECT {MATERIAL_COLUMNS} FROM stock_materials WHERE sku = $1");
    let row: Option<MaterialRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(sku).fetch_optional(pool).await)?;
    Ok(row.map(Material::from))
}

/// A page of materials by name, searched by SKU, name or GTIN; one more row tells whether another page follows.
pub async fn materials(
    db: &Db,
    q: Option<&str>,
    category_id: Option<&str>,
    active: Option<bool>,
    situation: Option<&SituationFilter>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Material>, bool)> {
    let mut w = Conditions::new();
    if let Some(q) = q.map(platform::text::fold).filter(|q| !q.is_empty()) {
        let p = w.arg(SqlArg::Text(q));
        w.push(format!("instr(search_text, {p}) > 0"));
    }
    if let Some(c) = category_id {
        let p = w.arg(SqlArg::Text(c.to_string()));
        w.push(format!("category_id = {p}"));
    }
    if let Some(a) = active {
        w.push(if a { "active = TRUE" } else { "active = FALSE" });
    }
    if let Some(f) = situation {
        situation_condition(&mut w, f);
    }
    let sql = format!(
        "SELECT {MATERIAL_COLUMNS} FROM stock_materials WHERE {} ORDER BY name, id LIMIT {} OFFSET {}",
        w.sql(),
        limit.max(0) + 1,
        offset.max(0)
    );
    let mut rows: Vec<MaterialRow> = match db {
        Db::Sqlite(pool) => {
            bind_sql_args!(sqlx::query_as(&sql), w.args())
                .fetch_all(pool)
                .await?
        }
        Db::Postgres(pool) => {
            let sql = sql.replace("instr(search_text, ", "strpos(search_text, ");
            bind_sql_args!(sqlx::query_as(&sql), w.args())
                .fetch_all(pool)
                .await?
        }
    };
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows.into_iter().map(Material::from).collect(), more))
}

/// The materials in a situation at the locations (the overview's definitions, `domain::overview`).
fn situation_condition(w: &mut Conditions, f: &SituationFilter) {
    // Each use of the location set needs its own parameters.
    let at = |w: &mut Conditions, column: &str| match &f.locations {
        Some(ids) => format!("{column} IN ({})", w.list(ids.iter().cloned())),
        None => format!(
            "{column} IN (SELECT id FROM stock_locations WHERE kind IN ('CENTRAL', 'CLINIC'))"
        ),
    };
    let on_hand = "(SELECT COALESCE(SUM(b.qty_milli), 0) FROM stock_balances b \
                   WHERE b.material_id = p.material_id AND b.location_id = p.location_id)";
    let clause = match f.situation {
        StockSituation::BelowMinimum => format!(
            "EXISTS (SELECT 1 FROM stock_policies p WHERE p.material_id = stock_materials.id AND {} \
             AND {})",
            at(w, "p.location_id"),
            rules::below_minimum(on_hand, "p")
        ),
        StockSituation::AtReorderPoint => format!(
            "EXISTS (SELECT 1 FROM stock_policies p WHERE p.material_id = stock_materials.id AND {} \
             AND {})",
            at(w, "p.location_id"),
            rules::at_reorder_point(on_hand, "p")
        ),
        StockSituation::StockOut => format!(
            "active = TRUE AND (EXISTS (SELECT 1 FROM stock_policies p WHERE p.material_id = stock_materials.id \
             AND {} AND {}) OR EXISTS (SELECT 1 FROM stock_balances s \
             WHERE s.material_id = stock_materials.id AND {} GROUP BY s.location_id HAVING {}))",
            at(w, "p.location_id"),
            rules::stock_out(on_hand),
            at(w, "s.location_id"),
            rules::stock_out("SUM(s.qty_milli)")
        ),
        StockSituation::Negative => format!(
            "EXISTS (SELECT 1 FROM stock_balances s WHERE s.material_id = stock_materials.id AND {} \
             AND s.qty_milli < 0)",
            at(w, "s.location_id")
        ),
        StockSituation::Expired | StockSituation::Expiring(_) => {
            let window = match f.situation {
                StockSituation::Expiring(days) => {
                    let from = w.arg(SqlArg::Date(f.today));
                    let to = w.arg(SqlArg::Date(f.today + chrono::Duration::days(days)));
                    format!("l.expiry_date >= {from} AND l.expiry_date <= {to}")
                }
                _ => format!("l.expiry_date < {}", w.arg(SqlArg::Date(f.today))),
            };
            format!(
                "EXISTS (SELECT 1 FROM stock_balances s JOIN stock_lots l ON l.id = s.lot_id \
                 WHERE s.material_id = stock_materials.id AND {} AND s.qty_milli > 0 AND {window})",
                at(w, "s.location_id")
            )
        }
    };
    w.push(clause);
}

pub async fn material_count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM stock_materials").fetch_one(pool).await)
}

pub async fn has_movements(db: &Db, material_id: &str) -> Result<bool> {
    let n: i64 = on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT 1 FROM stock_movements WHERE material_id = $1 LIMIT 1) x"
    ).bind(material_id).fetch_one(pool).await)?;
    Ok(n > 0)
}

#[derive(sqlx::FromRow)]
struct UomRow {
    uom: String,
    factor_num: i64,
    factor_den: i64,
    purpose: String,
}

pub async fn uoms(db: &Db, material_id: &str) -> Result<Vec<Uom>> {
    let rows: Vec<UomRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT uom, factor_num, factor_den, purpose FROM stock_material_uoms WHERE material_id = $1 ORDER BY uom"
    ).bind(material_id).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(|r| Uom {
            uom: r.uom,
            factor_num: r.factor_num,
            factor_den: r.factor_den,
            purpose: UomPurpose::parse(&r.purpose).unwrap_or(UomPurpose::Both),
        })
        .collect())
}

pub async fn insert_uom(db: &Db, material_id: &str, u: &Uom) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO stock_material_uoms (material_id, uom, factor_num, factor_den, purpose) VALUES ($1, $2, $3, $4, $5)"
    ).bind(material_id).bind(&u.uom).bind(u.factor_num).bind(u.factor_den).bind(u.purpose.as_str())
    .execute(pool).await.map(|_| ()))
}

/// BOM versions (numbers, any status) whose lines are typed in this unit of this material.
pub async fn uom_bom_uses(tx: &mut Tx, material_id: &str, uom: &str) -> Result<Vec<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT DISTINCT b.procedure_code FROM stock_bom_lines l \
         JOIN stock_bom_versions v ON v.id = l.version_id JOIN stock_boms b ON b.id = v.bom_id \
         WHERE l.material_id = $1 AND l.uom = $2 ORDER BY b.procedure_code"
    ).bind(material_id).bind(uom).fetch_all(&mut *conn).await)
}

/// Removes a conversion; false when there was none.
pub async fn delete_uom(tx: &mut Tx, material_id: &str, uom: &str) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "DELETE FROM stock_material_uoms WHERE material_id = $1 AND uom = $2"
    ).bind(material_id).bind(uom).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

#[derive(sqlx::FromRow)]
struct PolicyRow {
    material_id: String,
    location_id: String,
    min_qty_milli: i64,
    reorder_point_milli: i64,
    max_qty_milli: i64,
}

pub async fn policies(
    db: &Db,
    material_id: Option<&str>,
    location_id: Option<&str>,
) -> Result<Vec<Policy>> {
    let mut w = Conditions::new();
    if let Some(m) = material_id {
        let p = w.arg(SqlArg::Text(m.into()));
        w.push(format!("material_id = {p}"));
    }
    if let Some(l) = location_id {
        let p = w.arg(SqlArg::Text(l.into()));
        w.push(format!("location_id = {p}"));
    }
    let sql = format!(
        "SELECT material_id, location_id, min_qty_milli, reorder_point_milli, max_qty_milli FROM stock_policies \
         WHERE {} ORDER BY material_id, location_id LIMIT 1000",
        w.sql()
    );
    let rows: Vec<PolicyRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(|r| Policy {
            material_id: r.material_id,
            location_id: r.location_id,
            min_qty_milli: r.min_qty_milli,
            reorder_point_milli: r.reorder_point_milli,
            max_qty_milli: r.max_qty_milli,
        })
        .collect())
}

pub async fn upsert_policy(db: &Db, p: &Policy) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO stock_policies (material_id, location_id, min_qty_milli, reorder_point_milli, max_qty_milli) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (material_id, location_id) DO UPDATE SET \
         min_qty_milli = excluded.min_qty_milli, reorder_point_milli = excluded.reorder_point_milli, \
         max_qty_milli = excluded.max_qty_milli"
    ).bind(&p.material_id).bind(&p.location_id).bind(p.min_qty_milli).bind(p.reorder_point_milli)
    .bind(p.max_qty_milli).execute(pool).await.map(|_| ()))
}

/// A lot of a material.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LotRow {
    pub id: String,
    pub material_id: String,
    pub lot_code: String,
    pub expiry_date: Option<NaiveDate>,
}

pub async fn lots(db: &Db, material_id: &str) -> Result<Vec<LotRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, material_id, lot_code, expiry_date FROM stock_lots WHERE material_id = $1 \
         ORDER BY expiry_date, lot_code"
    ).bind(material_id).fetch_all(pool).await)
}

pub async fn lot_by_code(tx: &mut Tx, material_id: &str, code: &str) -> Result<Option<LotRow>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT id, material_id, lot_code, expiry_date FROM stock_lots WHERE material_id = $1 AND lot_code = $2"
    ).bind(material_id).bind(code).fetch_optional(&mut *conn).await)
}

pub async fn insert_lot(tx: &mut Tx, lot: &LotRow, now: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO stock_lots (id, material_id, lot_code, expiry_date, created_at) VALUES ($1, $2, $3, $4, $5)"
    ).bind(&lot.id).bind(&lot.material_id).bind(&lot.lot_code).bind(lot.expiry_date).bind(now)
    .execute(&mut *conn).await.map(|_| ()))
}

/// The clinics (locations) a user is assigned to.
pub async fn user_locations(db: &Db, uid: &str) -> Result<Vec<String>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT location_id FROM stock_user_locations WHERE uid = $1 ORDER BY location_id"
    ).bind(uid).fetch_all(pool).await)
}

/// Replaces a user's clinic assignments, in one transaction.
pub async fn set_user_locations(db: &Db, uid: &str, locations: &[String]) -> Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(&mut tx, conn => sqlx::query("DELETE FROM stock_user_locations WHERE uid = $1")
        .bind(uid).execute(&mut *conn).await.map(|_| ()))?;
    for l in locations {
        on_tx!(&mut tx, conn => sqlx::query("INSERT INTO stock_user_locations (uid, location_id) VALUES ($1, $2)")
            .bind(uid).bind(l).execute(&mut *conn).await.map(|_| ()))?;
    }
    tx.commit().await
}
