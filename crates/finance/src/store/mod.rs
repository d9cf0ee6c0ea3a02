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
pub mod reconciliation;
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

/// `?, ?, …` — `n` anonymous placeholders, bound in the order they appear in the statement. The bulk statements
/// of SQLite use these rather than `$N`: SQLite keeps named parameters in a list that `sqlite3_bind_parameter_name`
/// walks for every parameter sqlx binds, so a statement of 500 rows × 7 `$N` columns spent more time finding its
/// parameters than writing its rows (a retorno of 100,000 boletos: 5 s of 18; docs/benchmarks.md).
pub(crate) fn placeholders(n: usize) -> String {
    vec!["?"; n].join(", ")
}

/// `(?, ?, …), (…)` — `rows` tuples of `width` anonymous placeholders (see [`placeholders`]).
pub(crate) fn tuples(rows: usize, width: usize) -> String {
    vec![format!("({})", placeholders(width)); rows].join(", ")
}
