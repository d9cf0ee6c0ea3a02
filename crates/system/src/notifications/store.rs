//! SQL for `system_notifications`.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::notify::Notify;
use platform::{on_db, on_tx};

type Result<T> = std::result::Result<T, sqlx::Error>;

/// One notification of one user.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Notification {
    pub id: String,
    pub title: String,
    pub body: String,
    pub url: String,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, title, body, url, created_at, read_at";

pub async fn insert(tx: &mut Tx, uid: &str, n: &Notify, now: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO system_notifications (id, uid, title, body, url, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(uid)
    .bind(&n.title)
    .bind(&n.body)
    .bind(&n.url)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn inbox(
    db: &Db,
    uid: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Notification>, i64, bool)> {
    let sql = format!(
        "SELECT {COLUMNS} FROM system_notifications WHERE uid = $1 ORDER BY created_at DESC, id DESC \
         LIMIT {} OFFSET {}",
        limit.max(0) + 1,
        offset.max(0)
    );
    let mut items: Vec<Notification> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(uid).fetch_all(pool).await)?;
    let unread: i64 = on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM system_notifications WHERE uid = $1 AND read_at IS NULL",
    )
    .bind(uid)
    .fetch_one(pool)
    .await)?;
    let more = items.len() as i64 > limit;
    items.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((items, unread, more))
}

pub async fn get(db: &Db, uid: &str, id: &str) -> Result<Option<Notification>> {
    let sql = format!("SELECT {COLUMNS} FROM system_notifications WHERE uid = $1 AND id = $2");
    on_db!(db, pool => sqlx::query_as(&sql).bind(uid).bind(id).fetch_optional(pool).await)
}

/// Marks one notification (or, with `None`, all) of `uid` read; already read ones keep their time.
pub async fn mark_read(db: &Db, uid: &str, id: Option<&str>, now: DateTime<Utc>) -> Result<()> {
    let unread = "UPDATE system_notifications SET read_at = $2 WHERE uid = $1 AND read_at IS NULL";
    match id {
        Some(id) => on_db!(db, pool => sqlx::query(&format!("{unread} AND id = $3"))
            .bind(uid).bind(now).bind(id).execute(pool).await.map(|_| ())),
        None => on_db!(db, pool => sqlx::query(unread)
            .bind(uid).bind(now).execute(pool).await.map(|_| ())),
    }
}
