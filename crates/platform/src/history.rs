//! The append-only history of records that hold money or a state: who, when, what happened, from which
//! state to which, why, and which fields changed. Written in the transaction of the change; never
//! updated or deleted.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::access::Principal;
use crate::db::{Db, Tx};
use crate::error::{Error, Result, Violation};
use crate::{on_db, on_tx};

pub const MIN_REASON: usize = 10;
pub const MAX_REASON: usize = 500;

/// A reason a person gave: 10 to 500 characters once trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(String);

impl Reason {
    /// `field` names the reason in the request (`reason`, `motivo`).
    pub fn parse(field: &str, text: Option<&str>) -> std::result::Result<Reason, Violation> {
        let text = crate::text::collapse_spaces(text.unwrap_or(""));
        let len = text.chars().count();
        if !(MIN_REASON..=MAX_REASON).contains(&len) {
            return Err(Violation::new(
                field,
                format!("Informe o motivo, com {MIN_REASON} a {MAX_REASON} caracteres."),
            ));
        }
        Ok(Reason(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One changed field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub field: String,
    pub from: Option<String>,
    pub to: Option<String>,
}

impl Change {
    /// A change from `from` to `to` as given (either may be absent: added, removed).
    pub fn new(field: &str, from: Option<String>, to: Option<String>) -> Change {
        Change {
            field: field.to_string(),
            from,
            to,
        }
    }

    /// A change when `from` and `to` differ.
    pub fn of<T: PartialEq + ToString>(field: &str, from: &T, to: &T) -> Option<Change> {
        (from != to).then(|| Change {
            field: field.to_string(),
            from: Some(from.to_string()),
            to: Some(to.to_string()),
        })
    }
}

/// What to record.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// `<context>.<entity>`.
    pub entity: &'a str,
    pub entity_id: &'a str,
    /// What happened, for people ("Aprovado", "Dados bancários alterados").
    pub action: &'a str,
    pub from_state: Option<&'a str>,
    pub to_state: Option<&'a str>,
    pub reason: Option<&'a Reason>,
    pub changes: Vec<Change>,
}

/// One recorded entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recorded {
    pub id: String,
    pub at: DateTime<Utc>,
    pub by_uid: String,
    pub by_name: String,
    pub action: String,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
    pub reason: Option<String>,
    pub changes: Vec<Change>,
}

/// Appends `entry`, done by `by` at `at`, in the transaction of the change.
pub async fn record(
    tx: &mut Tx,
    entry: &Entry<'_>,
    by: &Principal,
    at: DateTime<Utc>,
) -> Result<()> {
    let changes = serde_json::to_string(&entry.changes).map_err(Error::internal)?;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO platform_history (id, entity, entity_id, at, by_uid, by_name, action, from_state, \
         to_state, reason, changes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(entry.entity)
    .bind(entry.entity_id)
    .bind(at)
    .bind(&by.uid)
    .bind(&by.name)
    .bind(entry.action)
    .bind(entry.from_state)
    .bind(entry.to_state)
    .bind(entry.reason.map(Reason::as_str))
    .bind(changes)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    at: DateTime<Utc>,
    by_uid: String,
    by_name: String,
    action: String,
    from_state: Option<String>,
    to_state: Option<String>,
    reason: Option<String>,
    changes: String,
}

/// A record's history, oldest first.
pub async fn of(db: &Db, entity: &str, entity_id: &str) -> Result<Vec<Recorded>> {
    let rows: Vec<Row> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, at, by_uid, by_name, action, from_state, to_state, reason, changes \
         FROM platform_history WHERE entity = $1 AND entity_id = $2 ORDER BY at, id",
    )
    .bind(entity)
    .bind(entity_id)
    .fetch_all(pool)
    .await)?;
    Ok(rows
        .into_iter()
        .map(|r| Recorded {
            changes: serde_json::from_str(&r.changes).unwrap_or_default(),
            id: r.id,
            at: r.at,
            by_uid: r.by_uid,
            by_name: r.by_name,
            action: r.action,
            from_state: r.from_state,
            to_state: r.to_state,
            reason: r.reason,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_has_ten_to_five_hundred_characters() {
        assert!(Reason::parse("reason", Some("curto")).is_err());
        assert!(Reason::parse("reason", None).is_err());
        assert_eq!(
            Reason::parse("motivo", Some("  cliente   desistiu da compra "))
                .unwrap()
                .as_str(),
            "cliente desistiu da compra"
        );
        let err = Reason::parse("motivo", Some(&"x".repeat(501))).unwrap_err();
        assert_eq!(err.field, "motivo");
    }

    #[test]
    fn only_differences_are_changes() {
        assert!(Change::of("amount_cents", &100, &100).is_none());
        assert_eq!(
            Change::of("amount_cents", &100, &150)
                .unwrap()
                .to
                .as_deref(),
            Some("150")
        );
    }
}
