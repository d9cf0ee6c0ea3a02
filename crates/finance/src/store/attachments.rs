//! `finance_attachments`, read with their `platform_files` row.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use crate::domain::attachment::{Attachment, OwnerKind, Removal};

type Result<T> = std::result::Result<T, sqlx::Error>;

const SELECT: &str =
    "SELECT a.id, a.owner_id, a.file_id, f.name, f.content_type, f.size_bytes, f.sha256, \
     a.created_at, a.created_by, a.removed_at, a.removed_by, a.removed_reason \
     FROM finance_attachments a JOIN platform_files f ON f.id = a.file_id";

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    owner_id: String,
    file_id: String,
    name: String,
    content_type: String,
    size_bytes: i64,
    sha256: String,
    created_at: DateTime<Utc>,
    created_by: String,
    removed_at: Option<DateTime<Utc>>,
    removed_by: Option<String>,
    removed_reason: Option<String>,
}

impl Row {
    fn into_attachment(self, owner_kind: OwnerKind) -> Attachment {
        let removed = match (self.removed_at, self.removed_by) {
            (Some(at), Some(by)) => Some(Removal {
                at,
                by,
                reason: self.removed_reason.unwrap_or_default(),
            }),
            _ => None,
        };
        Attachment {
            id: self.id,
            owner_kind,
            owner_id: self.owner_id,
            file_id: self.file_id,
            name: self.name,
            content_type: self.content_type,
            size_bytes: self.size_bytes,
            sha256: self.sha256,
            created_at: self.created_at,
            created_by: self.created_by,
            removed,
        }
    }
}

pub async fn insert(
    tx: &mut Tx,
    id: &str,
    kind: OwnerKind,
    owner_id: &str,
    file_id: &str,
    at: DateTime<Utc>,
    by: &str,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_attachments (id, owner_kind, owner_id, file_id, created_at, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(kind.as_str())
    .bind(owner_id)
    .bind(file_id)
    .bind(at)
    .bind(by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    Ok(())
}

/// The owner's attachments, removed ones included, oldest first.
pub async fn of_owner(db: &Db, kind: OwnerKind, owner_id: &str) -> Result<Vec<Attachment>> {
    let sql =
        format!("{SELECT} WHERE a.owner_kind = $1 AND a.owner_id = $2 ORDER BY a.created_at, a.id");
    let rows: Vec<Row> = on_db!(db, pool => sqlx::query_as(&sql)
        .bind(kind.as_str())
        .bind(owner_id)
        .fetch_all(pool)
        .await)?;
    Ok(rows.into_iter().map(|r| r.into_attachment(kind)).collect())
}

/// One attachment of the owner (none when it belongs to another).
pub async fn of_owner_by_id(
    db: &Db,
    kind: OwnerKind,
    owner_id: &str,
    id: &str,
) -> Result<Option<Attachment>> {
    let sql = format!("{SELECT} WHERE a.owner_kind = $1 AND a.owner_id = $2 AND a.id = $3");
    let row: Option<Row> = on_db!(db, pool => sqlx::query_as(&sql)
        .bind(kind.as_str())
        .bind(owner_id)
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    Ok(row.map(|r| r.into_attachment(kind)))
}

/// Marks a live attachment removed; false when it already was.
pub async fn remove(
    tx: &mut Tx,
    id: &str,
    at: DateTime<Utc>,
    by: &str,
    reason: &str,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_attachments SET removed_at = $1, removed_by = $2, removed_reason = $3 \
         WHERE id = $4 AND removed_at IS NULL",
    )
    .bind(at)
    .bind(by)
    .bind(reason)
    .bind(id)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}
