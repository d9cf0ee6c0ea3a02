//! `crm_preview_grants`: the feature previews' grants.

use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::error::Result;
use platform::{on_db, on_tx};

use crate::domain::preview::{PreviewGrant, SubjectKind};

/// A grant with who changed it last and when.
#[derive(Debug, Clone)]
pub struct StoredGrant {
    pub grant: PreviewGrant,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
}

type Row = (String, String, String, bool, DateTime<Utc>, String);

fn stored(rows: Vec<Row>) -> Vec<StoredGrant> {
    rows.into_iter()
        .filter_map(
            |(feature, kind, subject_id, enabled, updated_at, updated_by)| {
                Some(StoredGrant {
                    grant: PreviewGrant {
                        feature,
                        kind: SubjectKind::parse(&kind)?,
                        subject_id,
                        enabled,
                    },
                    updated_at,
                    updated_by,
                })
            },
        )
        .collect()
}

/// Every grant, by feature, kind and subject.
pub async fn grants(db: &Db) -> Result<Vec<StoredGrant>> {
    let rows: Vec<Row> = on_db!(db, pool => sqlx::query_as(
        "SELECT feature, subject_kind, subject_id, enabled, updated_at, updated_by FROM crm_preview_grants \
         ORDER BY feature, subject_kind, subject_id")
        .fetch_all(pool).await)?;
    Ok(stored(rows))
}

/// One grant, if any.
pub async fn grant(
    tx: &mut Tx,
    feature: &str,
    kind: SubjectKind,
    subject_id: &str,
) -> Result<Option<bool>> {
    let row: Option<(bool,)> = on_tx!(tx, conn => sqlx::query_as(
        "SELECT enabled FROM crm_preview_grants WHERE feature = $1 AND subject_kind = $2 AND subject_id = $3")
        .bind(feature).bind(kind.as_str()).bind(subject_id).fetch_optional(&mut *conn).await)?;
    Ok(row.map(|(e,)| e))
}

/// Inserts or replaces a grant.
pub async fn put_grant(tx: &mut Tx, g: &PreviewGrant, by: &str, at: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_preview_grants (feature, subject_kind, subject_id, enabled, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (feature, subject_kind, subject_id) \
         DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at, updated_by = excluded.updated_by")
        .bind(&g.feature).bind(g.kind.as_str()).bind(&g.subject_id).bind(g.enabled).bind(at).bind(by)
        .execute(&mut *conn).await.map(|_| ()))?;
    Ok(())
}

/// Removes a grant.
pub async fn delete_grant(
    tx: &mut Tx,
    feature: &str,
    kind: SubjectKind,
    subject_id: &str,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM crm_preview_grants WHERE feature = $1 AND subject_kind = $2 AND subject_id = $3")
        .bind(feature).bind(kind.as_str()).bind(subject_id).execute(&mut *conn).await.map(|_| ()))?;
    Ok(())
}
