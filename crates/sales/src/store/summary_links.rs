//! SQL for `sales_summary_links`, private to the crate. Every statement runs on SQLite and PostgreSQL alike.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use crate::domain::summary_link::{Revocation, MAX_WRONG_ANSWERS};

type Result<T> = std::result::Result<T, sqlx::Error>;

const COLUMNS: &str =
    "id, sale_id, token_hash, snapshot, require_verification, birth_answer_hash, \
     document_answer_hash, wrong_answers, expires_at, revoked_reason, revoked_at, first_viewed_at, \
     last_viewed_at, view_count, created_at, created_by";

/// A stored link (the snapshot still as its JSON text).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LinkRow {
    pub id: String,
    pub sale_id: String,
    pub token_hash: String,
    pub snapshot: String,
    pub require_verification: bool,
    pub birth_answer_hash: Option<String>,
    pub document_answer_hash: Option<String>,
    pub wrong_answers: i64,
    pub expires_at: DateTime<Utc>,
    pub revoked_reason: Option<String>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub first_viewed_at: Option<DateTime<Utc>>,
    pub last_viewed_at: Option<DateTime<Utc>>,
    pub view_count: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

pub async fn insert_in(tx: &mut Tx, link: &LinkRow) -> Result<()> {
    let sql = format!(
        "INSERT INTO sales_summary_links ({COLUMNS}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&link.id)
        .bind(&link.sale_id)
        .bind(&link.token_hash)
        .bind(&link.snapshot)
        .bind(link.require_verification)
        .bind(&link.birth_answer_hash)
        .bind(&link.document_answer_hash)
        .bind(link.wrong_answers)
        .bind(link.expires_at)
        .bind(&link.revoked_reason)
        .bind(link.revoked_at)
        .bind(link.first_viewed_at)
        .bind(link.last_viewed_at)
        .bind(link.view_count)
        .bind(link.created_at)
        .bind(&link.created_by)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn by_token_hash(db: &Db, token_hash: &str) -> Result<Option<LinkRow>> {
    let sql = format!("SELECT {COLUMNS} FROM sales_summary_links WHERE token_hash = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(token_hash).fetch_optional(pool).await)
}

/// A sale's links, newest first.
pub async fn of_sale(db: &Db, sale_id: &str) -> Result<Vec<LinkRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM sales_summary_links WHERE sale_id = $1 ORDER BY created_at DESC, id DESC"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(sale_id).fetch_all(pool).await)
}

/// Counts a view: the first stays, the last and the count move.
pub async fn record_view(db: &Db, id: &str, at: DateTime<Utc>) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE sales_summary_links SET first_viewed_at = COALESCE(first_viewed_at, $1), last_viewed_at = $1, \
         view_count = view_count + 1 WHERE id = $2")
        .bind(at)
        .bind(id)
        .execute(pool).await.map(|_| ()))
}

/// Counts a wrong answer in one statement (answers sent at once cannot all slip under the limit); the count
/// after it, or `None` when the link was already locked.
pub async fn add_wrong_answer(db: &Db, id: &str) -> Result<Option<i64>> {
    on_db!(db, pool => sqlx::query_scalar(
        "UPDATE sales_summary_links SET wrong_answers = wrong_answers + 1 \
         WHERE id = $1 AND wrong_answers < $2 RETURNING wrong_answers")
        .bind(id)
        .bind(MAX_WRONG_ANSWERS)
        .fetch_optional(pool).await)
}

/// Revokes every live link of a sale, in the transaction that edits or cancels it.
pub async fn revoke_of_sale(
    tx: &mut Tx,
    sale_id: &str,
    why: Revocation,
    at: DateTime<Utc>,
) -> Result<u64> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE sales_summary_links SET revoked_reason = $1, revoked_at = $2 \
         WHERE sale_id = $3 AND revoked_at IS NULL")
        .bind(why.as_str())
        .bind(at)
        .bind(sale_id)
        .execute(&mut *conn).await.map(|r| r.rows_affected()))
}

/// Revokes one link of a sale; false when there is none such or it was already revoked.
pub async fn revoke_in(
    tx: &mut Tx,
    sale_id: &str,
    id: &str,
    why: Revocation,
    at: DateTime<Utc>,
) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE sales_summary_links SET revoked_reason = $1, revoked_at = $2 \
         WHERE id = $3 AND sale_id = $4 AND revoked_at IS NULL")
        .bind(why.as_str())
        .bind(at)
        .bind(id)
        .bind(sale_id)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}
