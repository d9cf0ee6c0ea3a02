//! SQL for the finance tables, private to the crate. Every statement runs on SQLite and PostgreSQL alike.

pub mod agreements;
pub mod attachments;
pub mod bank_accounts;
pub mod bank_returns;
pub mod boletos;
pub mod chart;
pub mod cost_centers;
pub mod payables;
pub mod receivables;
pub mod remittances;
pub mod reports;
pub mod settings;
pub mod suppliers;

use chrono::{DateTime, Utc};
use platform::access::Principal;
use platform::clock::SharedClock;

/// Who wrote and when: the `created_*` / `updated_*` columns of every finance table.
pub struct Stamp<'a> {
    pub at: DateTime<Utc>,
    pub by: &'a str,
}

impl<'a> Stamp<'a> {
    /// `by`, now by the injectable clock.
    pub fn now(clock: &SharedClock, by: &'a Principal) -> Stamp<'a> {
        Stamp {
            at: clock.now(),
            by: &by.uid,
        }
    }
}

/// `$first, $first+1, …` — `n` placeholders.
pub(crate) fn placeholders(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|k| format!("${k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `($a, $b, …), (…)` — `rows` tuples of `width` placeholders from `$first`.
pub(crate) fn tuples(first: usize, rows: usize, width: usize) -> String {
    (0..rows)
        .map(|r| format!("({})", placeholders(first + r * width, width)))
        .collect::<Vec<_>>()
        .join(", ")
}
