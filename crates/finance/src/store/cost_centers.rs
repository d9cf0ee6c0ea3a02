//! `finance_cost_centers`.

use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::{CostCenter, CostCenterFields};

type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    code: String,
    name: String,
    active: bool,
    version: i64,
}

const COLUMNS: &str = "id, code, name, active, version";

impl From<Row> for CostCenter {
    fn from(row: Row) -> CostCenter {
        CostCenter {
            id: row.id,
            fields: CostCenterFields {
                code: row.code,
                name: row.name,
            },
            active: row.active,
            version: row.version,
        }
    }
}

pub async fn insert(tx: &mut Tx, center: &CostCenter, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_cost_centers (id, code, name, active, version, created_at, created_by, updated_at, \
         updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7)",
    )
    .bind(&center.id)
    .bind(&center.fields.code)
    .bind(&center.fields.name)
    .bind(center.active)
    .bind(center.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes `center` if its version is still `expected`; false when someone else wrote first.
pub async fn update(
    tx: &mut Tx,
    center: &CostCenter,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_cost_centers SET code = $1, name = $2, active = $3, version = version + 1, updated_at = $4, \
         updated_by = $5 WHERE id = $6 AND version = $7",
    )
    .bind(&center.fields.code)
    .bind(&center.fields.name)
    .bind(center.active)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&center.id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<CostCenter>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_cost_centers WHERE id = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(CostCenter::from))
}

/// Every cost centre by code (a company has tens of them).
pub async fn all(db: &Db) -> Result<Vec<CostCenter>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_cost_centers ORDER BY code");
    let rows: Vec<Row> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(CostCenter::from).collect())
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_cost_centers").fetch_one(pool).await)
}
