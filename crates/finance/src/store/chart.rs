//! `finance_chart_accounts`.

use super::Stamp;
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use crate::domain::{Account, AccountCode, AccountKind, Nature};

type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    code: String,
    name: String,
    nature: String,
    kind: String,
    active: bool,
    version: i64,
}

const COLUMNS: &str = "id, code, name, nature, kind, active, version";

impl From<Row> for Account {
    /// Stored rows were validated on the way in: a value the domain no longer knows is a bug, not input.
    fn from(row: Row) -> Account {
        Account {
            id: row.id,
            code: AccountCode::parse(&row.code).expect("stored account code"),
            name: row.name,
            nature: Nature::parse(&row.nature).expect("stored nature"),
            kind: AccountKind::parse(&row.kind).expect("stored kind"),
            active: row.active,
            version: row.version,
        }
    }
}

pub async fn insert(tx: &mut Tx, account: &Account, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_chart_accounts (id, code, parent_code, name, nature, kind, active, version, \
         created_at, created_by, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10)",
    )
    .bind(&account.id)
    .bind(account.code.as_str())
    .bind(account.code.parent().map(|p| p.as_str().to_string()))
    .bind(&account.name)
    .bind(account.nature.as_str())
    .bind(account.kind.as_str())
    .bind(account.active)
    .bind(account.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes `account` over the stored one if its version is still `expected`; false when someone else wrote first.
pub async fn update(
    tx: &mut Tx,
    account: &Account,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_chart_accounts SET name = $1, kind = $2, active = $3, version = version + 1, \
         updated_at = $4, updated_by = $5 WHERE id = $6 AND version = $7",
    )
    .bind(&account.name)
    .bind(account.kind.as_str())
    .bind(account.active)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&account.id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Account>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_chart_accounts WHERE id = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Account::from))
}

pub async fn by_code(db: &Db, code: &str) -> Result<Option<Account>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_chart_accounts WHERE code = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(code).fetch_optional(pool).await)?;
    Ok(row.map(Account::from))
}

/// Every account (a chart holds tens to a few hundred), in no particular order.
pub async fn all(db: &Db) -> Result<Vec<Account>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_chart_accounts");
    let rows: Vec<Row> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Account::from).collect())
}

/// (children, active children) directly under `code`.
pub async fn children_of(db: &Db, code: &str) -> Result<(i64, i64)> {
    let row: (i64, Option<i64>) = on_db!(db, pool => sqlx::query_as(
        "SELECT COUNT(*), SUM(CASE WHEN active THEN 1 ELSE 0 END) FROM finance_chart_accounts WHERE parent_code = $1",
    )
    .bind(code)
    .fetch_one(pool)
    .await)?;
    Ok((row.0, row.1.unwrap_or(0)))
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_chart_accounts").fetch_one(pool).await)
}
