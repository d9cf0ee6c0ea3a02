//! SQL for `sales_items`, private to the crate. Every statement runs on SQLite and PostgreSQL alike.

use chrono::{DateTime, Utc};
use platform::db::Db;
use platform::on_db;

use crate::domain::{Item, ItemFields};

type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(sqlx::FromRow)]
struct ItemRow {
    id: String,
    name: String,
    amount: i64,
    active: bool,
    created_at: DateTime<Utc>,
    created_by: String,
}

const COLUMNS: &str = "id, name, amount, active, created_at, created_by";

impl From<ItemRow> for Item {
    /// Stored rows were validated on the way in: nothing is checked again.
    fn from(row: ItemRow) -> Item {
        Item {
            id: row.id,
            fields: ItemFields {
                name: row.name,
                amount: row.amount,
            },
            active: row.active,
            created_at: row.created_at,
            created_by: row.created_by,
        }
    }
}

pub async fn insert(db: &Db, item: &Item) -> Result<()> {
    let sql = format!("INSERT INTO sales_items ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)");
    on_db!(db, pool => sqlx::query(&sql)
        .bind(&item.id)
        .bind(&item.fields.name)
        .bind(item.fields.amount)
        .bind(item.active)
        .bind(item.created_at)
        .bind(&item.created_by)
        .execute(pool).await.map(|_| ()))
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Item>> {
    let sql = format!("SELECT {COLUMNS} FROM sales_items WHERE id = $1");
    let row: Option<ItemRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Item::from))
}

/// One page by name, fetching one more row to tell whether another page follows.
pub async fn list(db: &Db, limit: i64, offset: i64) -> Result<(Vec<Item>, bool)> {
    let sql = format!(
        "SELECT {COLUMNS} FROM sales_items ORDER BY name, id LIMIT {} OFFSET {}",
        limit.max(0) + 1,
        offset.max(0)
    );
    let mut rows: Vec<ItemRow> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows.into_iter().map(Item::from).collect(), more))
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM sales_items").fetch_one(pool).await)
}
