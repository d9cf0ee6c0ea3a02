//! The CRM context: clients, people (CPF) and companies (CNPJ, numeric or the alphanumeric format valid
//! from July 2026), with e-mails, phones, an address, a status and notes.
//!
//! - [`model`]: the API shapes and the stored row; [`validate`]: the rules (422 naming each field);
//! - [`document`]: CPF/CNPJ by kind, over `banking::document`; [`normalize`]: folding for search;
//! - [`store`]: SQL; [`search`]: how a search finds its rows; [`service`]: the operations
//!   ([`Clients`]); [`api`]: the HTTP API;
//! - [`demo`]: demo data and the bulk loader for the benchmark.
//!
//! # Searching a million clients
//!
//! `q` is a substring search over one column, `search_text`: the folded (lowercase, accent-free) name and
//! trade name, the bare document, the e-mails and the phone digits. The query folds `q` the same way
//! and also tries its bare letters and digits (a document or phone typed with punctuation), so a search is
//! "`search_text` holds `term` [or `term2`]" (`instr`/`strpos`: every character of `q` literal), never a
//! scan per field. How the matching rows are found is planned per search ([`search`]):
//!
//! - **Walk** (a common term, `silva` in ~5 % of rows): a page is
//!   `SELECT … WHERE id IN (SELECT id … ORDER BY <sort> LIMIT n) ORDER BY <sort>`. The sort indexes
//!   `(search_name, id)` and `(created_at, id)` also hold `status`, `kind` and `search_text`, so the inner
//!   query walks one index in order, tests each entry without touching the table, and stops after one
//!   page; only the page's rows are read from the table. (Reading the table for every tested entry cost
//!   one random page per entry: ~2,400 pages for `q=silva` on a million rows.)
//! - **By trigrams** (a document, an e-mail, a full name): the candidates are the rows holding two to four
//!   of the term's trigrams, chosen on a sample of the table so that they are few, looked up in the
//!   trigram index (PostgreSQL `pg_trgm` GIN; SQLite FTS5 `crm_clients_fts`, external content over
//!   `search_text`, kept in step by triggers); the whole term, status and kind are then tested on those
//!   rows, which are sorted. Looking up *every* trigram, as `LIKE` on the index does, read the posting
//!   lists of `exa`, `com`, `.br`, which are in every row: 675 ms for one e-mail on PostgreSQL.
//! - Pages and counts are prepared statements with literal bounds, so PostgreSQL keeps a generic plan
//!   instead of planning each request (planning cost as much as running a page).
//! - Pages fetch `page_size + 1` rows to know whether another page exists (`has_more`) without counting.
//! - `total`: a page that is the last one gives the total without counting. Otherwise it is
//!   `SELECT COUNT(*) FROM (SELECT 1 … LIMIT cap + 1)` with `cap` = offset + 10 pages: exact up to ten
//!   pages past the current one, else `cap` with `total_capped: true` (the screen shows "mais de N").
//!   A count reads every match it counts, so it is bounded by how deep the user already is (the OFFSET
//!   walk costs as much) rather than by the table: a fixed cap of 10,000 made `q=silva` read ~170,000 rows
//!   per request. A caller that does not need the total (the benchmark, infinite scroll) passes
//!   `with_total=false` and pays only for the page.
//! - Without `status`, archived clients are left out; `status=archived` lists them.

pub mod api;
pub mod demo;
pub mod document;
pub mod model;
pub mod normalize;
pub mod search;
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
