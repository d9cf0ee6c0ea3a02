//! The one shape of a record's history in every API (`GET …/{id}/history`), read by the one history panel
//! of the web (`packages/ui`).

use chrono::{DateTime, Utc};
use poem_openapi::Object;

use crate::history::{Change, Recorded};

/// One changed field of a history entry.
#[derive(Debug, Clone, Object)]
#[oai(rename = "HistoryChange", skip_serializing_if_is_none)]
pub struct HistoryChangeDto {
    pub field: String,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// One entry of a record's history: who, when, what, from which state to which, why, which fields.
#[derive(Debug, Clone, Object)]
#[oai(rename = "HistoryEntry", skip_serializing_if_is_none)]
pub struct HistoryEntryDto {
    pub id: String,
    pub at: DateTime<Utc>,
    pub by_uid: String,
    pub by_name: String,
    /// What happened, for people ("Usuário alterado", "Aprovado").
    pub action: String,
    pub from_state: Option<String>,
    pub to_state: Option<String>,
    pub reason: Option<String>,
    pub changes: Vec<HistoryChangeDto>,
}

impl From<Change> for HistoryChangeDto {
    fn from(c: Change) -> HistoryChangeDto {
        HistoryChangeDto {
            field: c.field,
            from: c.from,
            to: c.to,
        }
    }
}

impl From<Recorded> for HistoryEntryDto {
    fn from(r: Recorded) -> HistoryEntryDto {
        HistoryEntryDto {
            id: r.id,
            at: r.at,
            by_uid: r.by_uid,
            by_name: r.by_name,
            action: r.action,
            from_state: r.from_state,
            to_state: r.to_state,
            reason: r.reason,
            changes: r.changes.into_iter().map(HistoryChangeDto::from).collect(),
        }
    }
}

/// A record's history, oldest first, as the API answers it.
pub fn entries(recorded: Vec<Recorded>) -> Vec<HistoryEntryDto> {
    recorded.into_iter().map(HistoryEntryDto::from).collect()
}
