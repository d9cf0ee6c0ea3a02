//! The CRM context: clients, people (CPF) and companies (CNPJ, numeric or the alphanumeric format valid
//! from July 2026), with e-mails, phones, an address, a status and notes.
//!
//! - [`model`]: the API shapes and the stored row; [`validate`]: the rules (422 naming each field);
//! - [`document`]: CPF/CNPJ by kind, over `banking::document`; [`normalize`]: folding for search;
//! - [`store`]: SQL; [`service`]: the operations ([`Clients`]); [`api`]: the HTTP API;
//! - [`demo`]: demo data and the bulk loader for the benchmark.
//!
//! # Searching a million clients
//!
//! `q` is a substring search over one column, `search_text`: the folded (lowercase, accent-free) name and
//! trade name, the bare document, the e-mails and the phone digits. The query folds `q` the same way
//! and also tries its bare letters and digits (a document or phone typed with punctuation), so a search is
//! `search_text LIKE '%term%' [OR search_text LIKE '%term2%']`, never a scan per field.
//!
//! - PostgreSQL: a `pg_trgm` GIN index on `search_text` answers rare terms (a document, an e-mail) with
//!   a bitmap scan; for common terms (`silva`, in ~6 % of names) the planner walks the
//!   `(search_name, id)` index in order and stops after one page.
//! - SQLite has no trigram index; a page walks the `(search_name, id)` (or `(created_at, id)`) index and
//!   tests each row, stopping after one page. Common terms are fast; a term that matches almost nothing
//!   reads the whole table (hundreds of milliseconds at a million rows). FTS5's trigram tokenizer would
//!   fix that and is the next step if SQLite must serve such searches at that size.
//! - Pages fetch `page_size + 1` rows to know whether another page exists (`has_more`) without counting.
//! - `total` is `SELECT COUNT(*) FROM (SELECT 1 … LIMIT 10001)`: exact up to 10,000 matches, otherwise
//!   10,000 with `total_capped: true` (the screen shows "mais de 10.000"). A caller that does not need
//!   it (the benchmark, infinite scroll) passes `with_total=false` and pays only for the page.
//! - Without `status`, archived clients are left out; `status=archived` lists them.

pub mod api;
pub mod demo;
pub mod document;
pub mod model;
pub mod normalize;
pub mod service;
pub mod store;
pub mod validate;

pub use model::{Client, ClientAddress, ClientKind, ClientStatus};
pub use service::Clients;

use platform::db::MigrationSet;

/// The CRM tables, for each engine. They reference no other context's tables.
pub fn migrations() -> MigrationSet {
    MigrationSet {
        context: "crm",
        sqlite: sqlx::migrate!("migrations/sqlite"),
        postgres: sqlx::migrate!("migrations/postgres"),
    }
}
