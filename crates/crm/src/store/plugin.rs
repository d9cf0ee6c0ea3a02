//! The plugin's tables: its allowed origins and the audit of its lookups.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::error::Result;
use platform::{on_db, on_tx};

/// The allowed origins, sorted.
pub async fn origins(db: &Db) -> Result<Vec<String>> {
    let rows: Vec<(String,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT origin FROM crm_plugin_origins ORDER BY origin")
        .fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(o,)| o).collect())
}

/// Replaces the allowed origins with `origins`.
pub async fn replace_origins(
    tx: &mut Tx,
    origins: &[String],
    by: &str,
    at: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM crm_plugin_origins").execute(&mut *conn).await.map(|_| ()))?;
    for origin in origins {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO crm_plugin_origins (origin, created_at, created_by) VALUES ($1, $2, $3)")
            .bind(origin).bind(at).bind(by).execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// How many lookups `uid` made since `since`, and the oldest of them.
pub async fn lookups_since(
    db: &Db,
    uid: &str,
    since: DateTime<Utc>,
) -> Result<(i64, Option<DateTime<Utc>>)> {
    let row: (i64, Option<DateTime<Utc>>) = on_db!(db, pool => sqlx::query_as(
        "SELECT COUNT(*), MIN(created_at) FROM crm_plugin_lookups WHERE uid = $1 AND created_at > $2")
        .bind(uid).bind(since).fetch_one(pool).await)?;
    Ok(row)
}

/// One audited lookup.
pub struct LookupRecord<'a> {
    pub id: &'a str,
    pub uid: &'a str,
    pub user_email: &'a str,
    pub term_kind: &'a str,
    pub term: &'a str,
    pub client_id: Option<&'a str>,
    pub at: DateTime<Utc>,
}

pub async fn record_lookup(db: &Db, r: &LookupRecord<'_>) -> Result<()> {
    Ok(on_db!(db, pool => sqlx::query(
        "INSERT INTO crm_plugin_lookups (id, uid, user_email, term_kind, term, client_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(r.id).bind(r.uid).bind(r.user_email).bind(r.term_kind).bind(r.term).bind(r.client_id).bind(r.at)
        .execute(pool).await.map(|_| ()))?)
}
