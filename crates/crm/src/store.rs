//! SQL for `crm_clients`. Every function runs on SQLite and PostgreSQL alike (see `platform::db`).
//!
//! Writes are single statements, so each is atomic on its own and none holds a transaction open across
//! a read: a duplicate document is caught by the unique index (not by a racy look-up first), and a
//! change is applied only if the row still has the version it was read at.

use chrono::{DateTime, Utc};
use platform::db::Db;
use platform::on_db;

use crate::model::{ClientRow, ClientStatus, ValidClient, CLIENT_COLUMNS};
use crate::normalize::{alphanumerics, fold};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

/// What identifies a write: who and when.
#[derive(Debug, Clone)]
pub struct Stamp<'a> {
    pub uid: &'a str,
    pub at: DateTime<Utc>,
}

/// The folded name, the sort key.
pub fn search_name(client: &ValidClient) -> String {
    fold(&client.name)
}

/// Everything `q` may match, folded into one column so one (trigram) index serves the whole search.
pub fn search_text(client: &ValidClient) -> String {
    let mut parts = vec![fold(&client.name)];
    parts.extend(client.trade_name.as_deref().map(fold));
    parts.push(alphanumerics(&client.document));
    parts.extend(client.emails.iter().map(|e| fold(e)));
    parts.extend(client.phones.iter().cloned());
    parts.join(" | ")
}

fn json_list(items: &[String]) -> String {
    serde_json::to_string(items).unwrap_or_else(|_| "[]".into())
}

fn json_address(client: &ValidClient) -> Option<String> {
    client
        .address
        .as_ref()
        .and_then(|a| serde_json::to_string(a).ok())
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<ClientRow>> {
    let sql = format!("SELECT {CLIENT_COLUMNS} FROM crm_clients WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

pub async fn by_document(db: &Db, document: &str) -> Result<Option<ClientRow>> {
    let sql = format!("SELECT {CLIENT_COLUMNS} FROM crm_clients WHERE document = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(document).fetch_optional(pool).await)
}

/// Inserts a client; a duplicate document is a unique violation (`platform::db::is_unique_violation`).
pub async fn insert(db: &Db, id: &str, client: &ValidClient, stamp: &Stamp<'_>) -> Result<()> {
    let sql = "INSERT INTO crm_clients (id, kind, document, name, trade_name, search_name, search_text, emails, \
               phones, address, status, notes, version, created_at, updated_at, created_by, updated_by) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $13, $14, $14)";
    on_db!(db, pool => sqlx::query(sql)
        .bind(id)
        .bind(client.kind.as_str())
        .bind(&client.document)
        .bind(&client.name)
        .bind(&client.trade_name)
        .bind(search_name(client))
        .bind(search_text(client))
        .bind(json_list(&client.emails))
        .bind(json_list(&client.phones))
        .bind(json_address(client))
        .bind(client.status.as_str())
        .bind(&client.notes)
        .bind(stamp.at)
        .bind(stamp.uid)
        .execute(pool).await.map(|_| ()))
}

/// Writes every editable field, only if the row is still at `version` and not archived. Returns whether
/// it was written; a duplicate document is a unique violation.
pub async fn update(
    db: &Db,
    id: &str,
    version: i32,
    client: &ValidClient,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let sql = "UPDATE crm_clients SET kind = $3, document = $4, name = $5, trade_name = $6, search_name = $7, \
               search_text = $8, emails = $9, phones = $10, address = $11, status = $12, notes = $13, \
               version = version + 1, updated_at = $14, updated_by = $15 \
               WHERE id = $1 AND version = $2 AND status <> 'archived'";
    on_db!(db, pool => sqlx::query(sql)
        .bind(id)
        .bind(version)
        .bind(client.kind.as_str())
        .bind(&client.document)
        .bind(&client.name)
        .bind(&client.trade_name)
        .bind(search_name(client))
        .bind(search_text(client))
        .bind(json_list(&client.emails))
        .bind(json_list(&client.phones))
        .bind(json_address(client))
        .bind(client.status.as_str())
        .bind(&client.notes)
        .bind(stamp.at)
        .bind(stamp.uid)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Moves a client from `from` to `to` (archive: active|inactive → archived; restore: archived → active).
/// Returns whether a row changed; a client already in `to` is left alone.
pub async fn set_status(
    db: &Db,
    id: &str,
    from: &[ClientStatus],
    to: ClientStatus,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let allowed: Vec<String> = from.iter().map(|s| format!("'{}'", s.as_str())).collect();
    let sql = format!(
        "UPDATE crm_clients SET status = $2, version = version + 1, updated_at = $3, updated_by = $4 \
         WHERE id = $1 AND status IN ({})",
        allowed.join(", ")
    );
    on_db!(db, pool => sqlx::query(&sql)
        .bind(id).bind(to.as_str()).bind(stamp.at).bind(stamp.uid)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// How the list is ordered. Each order has an index (`search_name, id` / `created_at, id`), so a page is
/// an index walk that stops after `LIMIT` rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    NameAsc,
    NameDesc,
    CreatedAsc,
    CreatedDesc,
}

impl Sort {
    pub fn parse(s: &str) -> Option<Sort> {
        match s {
            "name" => Some(Sort::NameAsc),
            "-name" => Some(Sort::NameDesc),
            "created_at" => Some(Sort::CreatedAsc),
            "-created_at" => Some(Sort::CreatedDesc),
            _ => None,
        }
    }

    fn order_by(self) -> &'static str {
        match self {
            Sort::NameAsc => "search_name ASC, id ASC",
            Sort::NameDesc => "search_name DESC, id DESC",
            Sort::CreatedAsc => "created_at ASC, id ASC",
            Sort::CreatedDesc => "created_at DESC, id DESC",
        }
    }
}

/// The list's filters. `status: None` lists every client that is not archived.
#[derive(Debug, Clone, Default)]
pub struct ClientFilter {
    /// `LIKE` patterns against `search_text` (see `normalize::search_patterns`); any may match.
    pub patterns: Vec<String>,
    pub status: Option<ClientStatus>,
    pub kind: Option<crate::model::ClientKind>,
}

/// A filter as SQL: the `WHERE` clause, its string parameters (numbered from `$1`) and the placeholders
/// that hold the `LIKE` patterns (reused by the trigram look-up, see [`from_clause`]).
struct WhereClause {
    sql: String,
    binds: Vec<String>,
    pattern_params: Vec<String>,
}

impl ClientFilter {
    fn where_clause(&self) -> WhereClause {
        let mut clauses = Vec::new();
        let mut binds: Vec<String> = Vec::new();
        fn next(value: String, binds: &mut Vec<String>) -> String {
            binds.push(value);
            format!("${}", binds.len())
        }
        match self.status {
            Some(s) => clauses.push(format!("status = {}", next(s.as_str().into(), &mut binds))),
            None => clauses.push("status <> 'archived'".into()),
        }
        if let Some(k) = self.kind {
            clauses.push(format!("kind = {}", next(k.as_str().into(), &mut binds)));
        }
        let pattern_params: Vec<String> = self
            .patterns
            .iter()
            .map(|p| next(p.clone(), &mut binds))
            .collect();
        if !pattern_params.is_empty() {
            let likes: Vec<String> = pattern_params
                .iter()
                .map(|p| format!("search_text LIKE {p}"))
                .collect();
            clauses.push(format!("({})", likes.join(" OR ")));
        }
        WhereClause {
            sql: clauses.join(" AND "),
            binds,
            pattern_params,
        }
    }
}

/// Fewer trigram-index matches than this, and a SQLite search reads only those rows and sorts them;
/// otherwise it walks the sort index, which for a common term finds a page sooner than sorting thousands
/// of matches would. Deciding costs at most this many index matches (see the crate docs).
const TRIGRAM_MAX_MATCHES: i64 = 300;

/// The rows of `crm_clients_fts` (SQLite's trigram index) that match any of `params`.
fn trigram_matches(params: &[String]) -> String {
    params
        .iter()
        .map(|p| {
            format!("SELECT rowid AS match_rowid FROM crm_clients_fts WHERE search_text LIKE {p}")
        })
        .collect::<Vec<_>>()
        .join(" UNION ")
}

/// Whether the trigram index can answer `pattern` (`%term%`): FTS5's trigram tokenizer needs a literal
/// of at least three characters, and `_` would split it.
fn trigram_searchable(pattern: &str) -> bool {
    let term = pattern.trim_matches('%');
    term.chars().count() >= 3 && !term.contains('_')
}

/// SQLite only: whether this search should start from the trigram index rather than walk the sort index.
/// PostgreSQL's planner makes the same choice itself with its `pg_trgm` index.
async fn by_trigram(db: &Db, filter: &ClientFilter) -> Result<bool> {
    let Db::Sqlite(pool) = db else {
        return Ok(false);
    };
    if filter.patterns.is_empty() || !filter.patterns.iter().all(|p| trigram_searchable(p)) {
        return Ok(false);
    }
    let params: Vec<String> = (1..=filter.patterns.len())
        .map(|i| format!("${i}"))
        .collect();
    let sql = format!(
        "SELECT COUNT(*) FROM ({} LIMIT {TRIGRAM_MAX_MATCHES})",
        trigram_matches(&params)
    );
    let mut query = sqlx::query_scalar(&sql);
    for p in &filter.patterns {
        query = query.bind(p);
    }
    let matches: i64 = query.fetch_one(pool).await?;
    Ok(matches < TRIGRAM_MAX_MATCHES)
}

/// What a page or a count reads: the table, or only the rows the trigram index matched, joined in that
/// order (`CROSS JOIN` keeps SQLite from walking the sort index instead). The `WHERE` clause still tests
/// every pattern, so the index can only narrow the rows, never add one.
fn from_clause(by_trigram: bool, clause: &WhereClause) -> String {
    if by_trigram {
        format!(
            "({}) matches CROSS JOIN crm_clients ON crm_clients.rowid = matches.match_rowid",
            trigram_matches(&clause.pattern_params)
        )
    } else {
        "crm_clients".into()
    }
}

/// One page of clients: at most `limit` rows after `offset`, plus whether more follow.
pub async fn list(
    db: &Db,
    filter: &ClientFilter,
    sort: Sort,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ClientRow>, bool)> {
    let clause = filter.where_clause();
    let from = from_clause(by_trigram(db, filter).await?, &clause);
    let (where_sql, binds) = (&clause.sql, &clause.binds);
    let n = binds.len();
    let order = sort.order_by();
    // The page's ids come from the sort index alone (it holds every filtered column, see the covering
    // migration) or from the trigram matches; only those rows are then read from the table.
    let sql = format!(
        "SELECT {CLIENT_COLUMNS} FROM crm_clients WHERE id IN \
         (SELECT id FROM {from} WHERE {where_sql} ORDER BY {order} LIMIT ${} OFFSET ${}) ORDER BY {order}",
        n + 1,
        n + 2
    );
    // One extra row tells whether another page exists, without counting.
    let mut rows: Vec<ClientRow> = on_db!(db, pool => {
        // Unprepared: PostgreSQL then plans each search for its own pattern (a rare term takes the trigram
        // index, a common one walks the sort index); a cached generic plan would pick one for all.
        let mut query = sqlx::query_as(&sql).persistent(false);
        for b in binds {
            query = query.bind(b);
        }
        query.bind(limit + 1).bind(offset).fetch_all(pool).await
    })?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows, more))
}

/// How many clients match, counting at most `cap` (so a million-row table costs at most `cap` index
/// entries). Returns the count and whether it reached the cap.
pub async fn count_capped(db: &Db, filter: &ClientFilter, cap: i64) -> Result<(i64, bool)> {
    let clause = filter.where_clause();
    let from = from_clause(by_trigram(db, filter).await?, &clause);
    let (where_sql, binds) = (&clause.sql, &clause.binds);
    let sql = format!(
        "SELECT COUNT(*) FROM (SELECT 1 FROM {from} WHERE {where_sql} LIMIT ${}) capped",
        binds.len() + 1
    );
    let count: i64 = on_db!(db, pool => {
        let mut query = sqlx::query_scalar(&sql).persistent(false);
        for b in binds {
            query = query.bind(b);
        }
        query.bind(cap + 1).fetch_one(pool).await
    })?;
    Ok((count.min(cap), count > cap))
}

pub async fn count_all(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM crm_clients").fetch_one(pool).await)
}
