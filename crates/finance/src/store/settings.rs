//! `finance_settings`: one row.

use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::FinanceSettings;

type Result<T> = std::result::Result<T, sqlx::Error>;

pub async fn get(db: &Db) -> Result<Option<FinanceSettings>> {
    let row: Option<(i64, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT approval_limit_cents, version FROM finance_settings WHERE id = 1",
    )
    .fetch_optional(pool)
    .await)?;
    Ok(row.map(|(approval_limit, version)| FinanceSettings {
        approval_limit,
        version,
    }))
}

/// Writes the settings if their version is still `expected` (0: never set); false when someone wrote first.
pub async fn put(
    tx: &mut Tx,
    approval_limit: i64,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = if expected == 0 {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO finance_settings (id, approval_limit_cents, version, updated_at, updated_by) \
             VALUES (1, $1, 1, $2, $3) ON CONFLICT (id) DO NOTHING",
        )
        .bind(approval_limit)
        .bind(stamp.at)
        .bind(stamp.by)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?
    } else {
        on_tx!(tx, conn => sqlx::query(
            "UPDATE finance_settings SET approval_limit_cents = $1, version = version + 1, updated_at = $2, \
             updated_by = $3 WHERE id = 1 AND version = $4",
        )
        .bind(approval_limit)
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(expected)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?
    };
    Ok(done == 1)
}
