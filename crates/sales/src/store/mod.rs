//! SQL for `sales_catalog_items`, private to the crate. Every statement runs on SQLite and PostgreSQL alike
//! (the search's `instr` is PostgreSQL's `strpos`).

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use crate::domain::{CatalogFields, CatalogItem, CatalogKind, Cycle, Recurrence, ReleaseCondition};

pub mod campaign_room;
pub mod followup;
pub mod sales;
pub mod summary_links;

type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(sqlx::FromRow)]
struct ItemRow {
    id: String,
    sku: String,
    name: String,
    kind: String,
    category: Option<String>,
    list_price: i64,
    cycle: Option<String>,
    min_term_cycles: Option<i64>,
    commissionable: bool,
    max_discount_bp: i64,
    stock_material_id: Option<String>,
    procedure_code: Option<String>,
    release_condition: String,
    active: bool,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
    updated_at: DateTime<Utc>,
    updated_by: String,
}

const COLUMNS: &str = "id, sku, name, kind, category, list_price, cycle, min_term_cycles, commissionable, \
     max_discount_bp, stock_material_id, procedure_code, release_condition, active, version, created_at, \
     created_by, updated_at, updated_by";

impl From<ItemRow> for CatalogItem {
    /// Stored rows were validated on the way in: nothing is checked again.
    fn from(row: ItemRow) -> CatalogItem {
        let recurrence = match (
            row.cycle.as_deref().and_then(Cycle::parse),
            row.min_term_cycles,
        ) {
            (Some(cycle), Some(min_term_cycles)) => Some(Recurrence {
                cycle,
                min_term_cycles,
            }),
            _ => None,
        };
        CatalogItem {
            id: row.id,
            fields: CatalogFields {
                sku: row.sku,
                name: row.name,
                kind: CatalogKind::parse(&row.kind).unwrap_or(CatalogKind::Product),
                category: row.category,
                list_price: row.list_price,
                recurrence,
                commissionable: row.commissionable,
                max_discount_bp: row.max_discount_bp,
                stock_material_id: row.stock_material_id,
                procedure_code: row.procedure_code,
                release_condition: ReleaseCondition::parse(&row.release_condition)
                    .unwrap_or(ReleaseCondition::FirstInstallment),
            },
            active: row.active,
            version: row.version,
            created_at: row.created_at,
            created_by: row.created_by,
            updated_at: row.updated_at,
            updated_by: row.updated_by,
        }
    }
}

fn search_text(f: &CatalogFields) -> String {
    platform::text::fold(&format!(
        "{} {} {}",
        f.sku,
        f.name,
        f.category.as_deref().unwrap_or("")
    ))
}

pub async fn insert(tx: &mut Tx, item: &CatalogItem) -> Result<()> {
    let sql = format!(
        "INSERT INTO sales_catalog_items ({COLUMNS}, search_text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \
         $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)"
    );
    let f = &item.fields;
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&item.id)
        .bind(&f.sku)
        .bind(&f.name)
        .bind(f.kind.as_str())
        .bind(&f.category)
        .bind(f.list_price)
        .bind(f.recurrence.map(|r| r.cycle.as_str()))
        .bind(f.recurrence.map(|r| r.min_term_cycles))
        .bind(f.commissionable)
        .bind(f.max_discount_bp)
        .bind(&f.stock_material_id)
        .bind(&f.procedure_code)
        .bind(f.release_condition.as_str())
        .bind(item.active)
        .bind(item.version)
        .bind(item.created_at)
        .bind(&item.created_by)
        .bind(item.updated_at)
        .bind(&item.updated_by)
        .bind(search_text(f))
        .execute(&mut *conn).await.map(|_| ()))
}

/// Writes `item` if its stored version is still `expected` (bumping it); false when someone wrote first.
pub async fn update(tx: &mut Tx, item: &CatalogItem, expected: i64) -> Result<bool> {
    let sql = "UPDATE sales_catalog_items SET sku = $1, name = $2, kind = $3, category = $4, list_price = $5, \
               cycle = $6, min_term_cycles = $7, commissionable = $8, max_discount_bp = $9, \
               stock_material_id = $10, procedure_code = $11, release_condition = $12, active = $13, \
               search_text = $14, version = version + 1, updated_at = $15, updated_by = $16 \
               WHERE id = $17 AND version = $18";
    let f = &item.fields;
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(&f.sku)
        .bind(&f.name)
        .bind(f.kind.as_str())
        .bind(&f.category)
        .bind(f.list_price)
        .bind(f.recurrence.map(|r| r.cycle.as_str()))
        .bind(f.recurrence.map(|r| r.min_term_cycles))
        .bind(f.commissionable)
        .bind(f.max_discount_bp)
        .bind(&f.stock_material_id)
        .bind(&f.procedure_code)
        .bind(f.release_condition.as_str())
        .bind(item.active)
        .bind(search_text(f))
        .bind(item.updated_at)
        .bind(&item.updated_by)
        .bind(&item.id)
        .bind(expected)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<CatalogItem>> {
    let sql = format!("SELECT {COLUMNS} FROM sales_catalog_items WHERE id = $1");
    let row: Option<ItemRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(CatalogItem::from))
}

pub async fn by_sku(db: &Db, sku: &str) -> Result<Option<CatalogItem>> {
    let sql = format!("SELECT {COLUMNS} FROM sales_catalog_items WHERE sku = $1");
    let row: Option<ItemRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(sku).fetch_optional(pool).await)?;
    Ok(row.map(CatalogItem::from))
}

/// The list's filters (each optional).
#[derive(Debug, Clone, Default)]
pub struct CatalogFilter {
    pub kind: Option<CatalogKind>,
    pub category: Option<String>,
    pub active: Option<bool>,
    /// Searched, folded, in the SKU, name and category.
    pub q: Option<String>,
}

/// One page by name, fetching one more row to tell whether another page follows.
pub async fn list(
    db: &Db,
    filter: &CatalogFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<CatalogItem>, bool)> {
    let mut w = Conditions::new();
    if let Some(q) = filter
        .q
        .as_deref()
        .map(platform::text::fold)
        .filter(|q| !q.is_empty())
    {
        let p = w.arg(SqlArg::Text(q));
        w.push(format!("instr(search_text, {p}) > 0"));
    }
    if let Some(kind) = filter.kind {
        let p = w.arg(SqlArg::Text(kind.as_str().to_string()));
        w.push(format!("kind = {p}"));
    }
    if let Some(c) = filter.category.as_deref().filter(|c| !c.is_empty()) {
        let p = w.arg(SqlArg::Text(c.to_string()));
        w.push(format!("category = {p}"));
    }
    if let Some(a) = filter.active {
        w.push(if a { "active = TRUE" } else { "active = FALSE" });
    }
    let sql = format!(
        "SELECT {COLUMNS} FROM sales_catalog_items WHERE {} ORDER BY name, id LIMIT {} OFFSET {}",
        w.sql(),
        limit.max(0) + 1,
        offset.max(0)
    );
    let mut rows: Vec<ItemRow> = match db {
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
    Ok((rows.into_iter().map(CatalogItem::from).collect(), more))
}

/// The categories in use, alphabetically (the list's filter).
pub async fn categories(db: &Db) -> Result<Vec<String>> {
    let sql = "SELECT DISTINCT category FROM sales_catalog_items WHERE category IS NOT NULL ORDER BY category";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_all(pool).await)
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM sales_catalog_items").fetch_one(pool).await)
}
