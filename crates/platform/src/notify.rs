//! Telling people something happened: any context publishes [`Notify`] in the transaction of the change
//! (`platform.jobs.publish(&mut tx, &Notify { … })`); the system context turns it into in-app
//! notifications and push messages, through jobs.

use serde::{Deserialize, Serialize};

use crate::jobs::Event;

/// A notification for some users.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notify {
    /// Who receives it (user uids).
    pub uids: Vec<String>,
    /// Short, in Portuguese ("Lote LP-2026-000012 aguardando sua aprovação").
    pub title: String,
    pub body: String,
    /// The page it opens (`/pagamento-lote?id=…`), carried as the push message's `data.url`.
    pub url: String,
}

impl Event for Notify {
    const KIND: &'static str = "system.notify";
}
