//! SQL for `crm_clients`. Every function runs on SQLite and PostgreSQL alike (see
//! `platform::db`).
//!
//! Writes are single statements, so each is atomic on its own and none holds a transaction open across
//! a read: a duplicate document is caught by the unique index (not by a racy look-up first), and a
//! change is applied only if the row still has the version it was read at.

use banking::document::Document;
use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::text::{alphanumerics, fold};
use platform::values::{Address, Email, Phone};
use platform::{on_db, on_tx};

use super::search::Plan;
use crate::domain::{
    Channel, Client, ClientFields, ClientFilter, ClientKind, ClientStatus, Consent, Sort,
};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

/// One row of `crm_clients` (without the search columns).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientRow {
    id: String,
    kind: String,
    document: String,
    name: String,
    trade_name: Option<String>,
    emails: String,
    phones: String,
    address: Option<String>,
    status: String,
    notes: Option<String>,
    owner_id: Option<String>,
    unit_id: Option<String>,
    tags: String,
    do_not_contact: bool,
    birth_date: Option<NaiveDate>,
    version: i32,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    created_by: String,
    updated_by: String,
}

/// The columns of [`ClientRow`], for `SELECT`s.
const CLIENT_COLUMNS: &str =
    "id, kind, document, name, trade_name, emails, phones, address, status, notes, owner_id, unit_id, tags, \
     do_not_contact, birth_date, version, created_at, updated_at, created_by, updated_by";

impl ClientRow {
    /// The stored client. Only validated clients are written, so nothing is checked again (a CPF's
    /// check digits are not recomputed on every read); a damaged JSON column reads as empty rather than
    /// failing the whole list, but a document that is not one is an error.
    fn into_client(self) -> Result<Client> {
        let kind = ClientKind::parse(&self.kind).unwrap_or(ClientKind::Person);
        let Some(document) = Document::from_stored(&self.document) else {
            let message = format!("client {}: stored document is not a CPF or CNPJ", self.id);
            return Err(sqlx::Error::Decode(message.into()));
        };
        let list = |json: &str| serde_json::from_str::<Vec<String>>(json).unwrap_or_default();
        Ok(Client {
            fields: ClientFields {
                kind,
                document,
                name: self.name,
                trade_name: self.trade_name,
                emails: list(&self.emails)
                    .into_iter()
                    .map(Email::from_stored)
                    .collect(),
                phones: list(&self.phones)
                    .into_iter()
                    .map(Phone::from_stored)
                    .collect(),
                address: self
                    .address
                    .as_deref()
                    .and_then(|a| serde_json::from_str::<Address>(a).ok()),
                status: ClientStatus::parse(&self.status).unwrap_or(ClientStatus::Active),
                notes: self.notes,
                owner_id: self.owner_id,
                unit_id: self.unit_id,
                tags: list(&self.tags),
                do_not_contact: self.do_not_contact,
                birth_date: self.birth_date,
            },
            id: self.id,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
            created_by: self.created_by,
            updated_by: self.updated_by,
        })
    }
}

/// What identifies a write: who and when.
#[derive(Debug, Clone)]
pub struct Stamp<'a> {
    pub uid: &'a str,
    pub at: DateTime<Utc>,
}

/// The folded name, the sort key.
pub fn search_name(client: &ClientFields) -> String {
    fold(&client.name)
}

/// Everything `q` may match, folded into one column so one (trigram) index serves the whole search.
pub fn search_text(client: &ClientFields) -> String {
    let mut parts = vec![fold(&client.name)];
    parts.extend(client.trade_name.as_deref().map(fold));
    parts.push(alphanumerics(client.document.as_str()));
    parts.extend(client.emails.iter().map(|e| fold(e.as_str())));
    parts.extend(client.phones.iter().map(|p| p.as_str().to_string()));
    parts.join(" | ")
}

fn json_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    serde_json::to_string(&items.collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into())
}

fn json_address(client: &ClientFields) -> Option<String> {
    client
        .address
        .as_ref()
        .and_then(|a| serde_json::to_string(a).ok())
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Client>> {
    let sql = format!("SELECT {CLIENT_COLUMNS} FROM crm_clients WHERE id = $1");
    let row: Option<ClientRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(ClientRow::into_client).transpose()
}

pub async fn by_document(db: &Db, document: &Document) -> Result<Option<Client>> {
    let sql = format!("SELECT {CLIENT_COLUMNS} FROM crm_clients WHERE document = $1");
    let row: Option<ClientRow> = on_db!(db, pool => sqlx::query_as(&sql)
        .bind(document.as_str())
        .fetch_optional(pool)
        .await)?;
    row.map(ClientRow::into_client).transpose()
}

/// Inserts a client; a duplicate document is a unique violation (`platform::db::is_unique_violation`).
pub async fn insert(tx: &mut Tx, id: &str, client: &ClientFields, stamp: &Stamp<'_>) -> Result<()> {
    let sql = "INSERT INTO crm_clients (id, kind, document, name, trade_name, search_name, search_text, emails, \
               phones, address, status, notes, version, created_at, updated_at, created_by, updated_by, owner_id, \
               unit_id, tags, do_not_contact, birth_date) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $13, $14, $14, $15, $16, $17, $18, $19)";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(client.kind.as_str())
        .bind(client.document.as_str())
        .bind(&client.name)
        .bind(&client.trade_name)
        .bind(search_name(client))
        .bind(search_text(client))
        .bind(json_list(client.emails.iter().map(Email::as_str)))
        .bind(json_list(client.phones.iter().map(Phone::as_str)))
        .bind(json_address(client))
        .bind(client.status.as_str())
        .bind(&client.notes)
        .bind(stamp.at)
        .bind(stamp.uid)
        .bind(&client.owner_id)
        .bind(&client.unit_id)
        .bind(json_list(client.tags.iter().map(String::as_str)))
        .bind(client.do_not_contact)
        .bind(client.birth_date)
        .execute(&mut *conn).await.map(|_| ()))
}

/// Writes every editable field, only if the row is still at `version` and not archived. Returns whether
/// it was written; a duplicate document is a unique violation.
pub async fn update(
    tx: &mut Tx,
    id: &str,
    version: i32,
    client: &ClientFields,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let sql = "UPDATE crm_clients SET kind = $3, document = $4, name = $5, trade_name = $6, search_name = $7, \
               search_text = $8, emails = $9, phones = $10, address = $11, status = $12, notes = $13, \
               version = version + 1, updated_at = $14, updated_by = $15, owner_id = $16, unit_id = $17, tags = $18, \
               do_not_contact = $19, birth_date = $20 \
               WHERE id = $1 AND version = $2 AND status <> 'archived'";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(version)
        .bind(client.kind.as_str())
        .bind(client.document.as_str())
        .bind(&client.name)
        .bind(&client.trade_name)
        .bind(search_name(client))
        .bind(search_text(client))
        .bind(json_list(client.emails.iter().map(Email::as_str)))
        .bind(json_list(client.phones.iter().map(Phone::as_str)))
        .bind(json_address(client))
        .bind(client.status.as_str())
        .bind(&client.notes)
        .bind(stamp.at)
        .bind(stamp.uid)
        .bind(&client.owner_id)
        .bind(&client.unit_id)
        .bind(json_list(client.tags.iter().map(String::as_str)))
        .bind(client.do_not_contact)
        .bind(client.birth_date)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

/// Moves a client from `from` to `to` (archive: active|inactive → archived; restore: archived → active).
/// Returns whether a row changed; a client already in `to` is left alone.
pub async fn set_status(
    tx: &mut Tx,
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
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(id).bind(to.as_str()).bind(stamp.at).bind(stamp.uid)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

/// Each order has an index (`search_name, id` / `created_at, id`), so a page is an index walk that
/// stops after `LIMIT` rows.
fn order_by(sort: Sort) -> &'static str {
    match sort {
        Sort::NameAsc => "search_name ASC, id ASC",
        Sort::NameDesc => "search_name DESC, id DESC",
        Sort::CreatedAsc => "created_at ASC, id ASC",
        Sort::CreatedDesc => "created_at DESC, id DESC",
    }
}

/// A statement's string parameters, numbered from `$1` in the order they are added.
#[derive(Default)]
struct Binds(Vec<String>);

impl Binds {
    fn add(&mut self, value: String) -> String {
        self.0.push(value);
        format!("${}", self.0.len())
    }
}

/// Whether `search_text` holds the string parameter `param`, literally (no wildcards). Neither engine can
/// answer this from an index, which is the point: on PostgreSQL a `LIKE` here would let the planner look
/// every trigram of the term up again instead of following the chosen plan, and a prepared statement's
/// generic plan stays the plan that was chosen (see [`list`]).
fn contains_sql(db: &Db, param: &str) -> String {
    match db {
        Db::Sqlite(_) => format!("instr(search_text, {param}) > 0"),
        Db::Postgres(_) => format!("strpos(search_text, {param}) > 0"),
    }
}

/// The `WHERE` clause: status, kind, and the whole of one of the terms.
fn where_sql(filter: &ClientFilter, db: &Db, binds: &mut Binds) -> String {
    let mut clauses = Vec::new();
    match filter.status {
        Some(s) => clauses.push(format!("status = {}", binds.add(s.as_str().into()))),
        None => clauses.push("status <> 'archived'".into()),
    }
    if let Some(k) = filter.kind {
        clauses.push(format!("kind = {}", binds.add(k.as_str().into())));
    }
    if let Some(owners) = &filter.owners {
        if owners.is_empty() {
            clauses.push("owner_id IS NULL AND owner_id IS NOT NULL".into());
        } else {
            let list: Vec<String> = owners.iter().map(|o| binds.add(o.clone())).collect();
            clauses.push(format!("owner_id IN ({})", list.join(", ")));
        }
    }
    if let Some(unit) = &filter.unit_id {
        clauses.push(format!("unit_id = {}", binds.add(unit.clone())));
    }
    if let Some(tag) = &filter.tag {
        // Tags are a JSON array of strings without quotes inside: the quoted tag is a literal substring.
        let quoted = binds.add(format!("\"{tag}\""));
        clauses.push(match db {
            Db::Sqlite(_) => format!("instr(lower(tags), lower({quoted})) > 0"),
            Db::Postgres(_) => format!("strpos(lower(tags), lower({quoted})) > 0"),
        });
    }
    if !filter.terms.is_empty() {
        let holds: Vec<String> = filter
            .terms
            .iter()
            .map(|t| contains_sql(db, &binds.add(t.clone())))
            .collect();
        clauses.push(format!("({})", holds.join(" OR ")));
    }
    clauses.join(" AND ")
}

/// What a page or a count reads, as `crm_clients`: the table (walked through the sort index), or only
/// the rows holding the plan's trigrams. Those candidates still go through the whole `WHERE` clause, so
/// the index can only narrow the rows, never add one.
fn source_sql(db: &Db, plan: &Plan, binds: &mut Binds) -> String {
    let Plan::ByTrigrams(lists) = plan else {
        return "crm_clients".into();
    };
    match db {
        Db::Sqlite(_) => {
            // One FTS5 query (a quoted three-character string is one trigram). `CROSS JOIN` keeps SQLite
            // from walking the sort index instead.
            let query = any_list_of_all(lists, |t| format!("\"{}\"", t.replace('"', "\"\"")));
            format!(
                "(SELECT rowid AS match_rowid FROM crm_clients_fts WHERE crm_clients_fts MATCH {}) matches \
                 CROSS JOIN crm_clients ON crm_clients.rowid = matches.match_rowid",
                binds.add(query)
            )
        }
        Db::Postgres(_) => {
            // Each trigram as a three-character `LIKE`, which pg_trgm answers from that one posting list.
            // `OFFSET 0` keeps the planner from merging this into the outer query, where the whole term's
            // `LIKE` would make it look every trigram up again (or walk the sort index).
            let condition = any_list_of_all(lists, |t| {
                format!("search_text LIKE {}", binds.add(format!("%{t}%")))
            });
            format!("(SELECT * FROM crm_clients WHERE {condition} OFFSET 0) crm_clients")
        }
    }
}

/// `(t1 AND t2) OR (t3 AND t4)`: a row is a candidate when it holds every trigram of one list.
/// (FTS5's query syntax and SQL share `AND`, `OR` and parentheses.)
fn any_list_of_all(lists: &[Vec<String>], mut trigram: impl FnMut(&str) -> String) -> String {
    let groups: Vec<String> = lists
        .iter()
        .map(|trigrams| {
            let all: Vec<String> = trigrams.iter().map(|t| trigram(t)).collect();
            format!("({})", all.join(" AND "))
        })
        .collect();
    groups.join(" OR ")
}

/// One page of clients: at most `limit` rows after `offset`, plus whether more follow.
pub async fn list(
    db: &Db,
    filter: &ClientFilter,
    plan: &Plan,
    sort: Sort,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Client>, bool)> {
    let mut binds = Binds::default();
    let from = source_sql(db, plan, &mut binds);
    let where_sql = where_sql(filter, db, &mut binds);
    let order = order_by(sort);
    // The page's ids come from the sort index alone (it holds every filtered column, see the covering
    // migration) or from the trigram candidates; only those rows are then read from the table.
    // One extra row tells whether another page exists, without counting.
    //
    // Statements stay prepared on the connection: planning a page cost PostgreSQL as much as running
    // it (~1 ms for `q=silva`). The plan is ours (walk or candidates, see `search`), so a generic plan
    // is the right one; the bounds are literals (our own integers), because with `LIMIT $n`
    // PostgreSQL cannot cost a generic plan and re-plans every time.
    let (limit, offset) = (limit.max(0), offset.max(0));
    let sql = format!(
        "SELECT {CLIENT_COLUMNS} FROM crm_clients WHERE id IN \
         (SELECT id FROM {from} WHERE {where_sql} ORDER BY {order} LIMIT {} OFFSET {offset}) \
         ORDER BY {order}",
        limit + 1
    );
    let mut rows: Vec<ClientRow> = on_db!(db, pool => {
        let mut query = sqlx::query_as(&sql);
        for b in &binds.0 {
            query = query.bind(b);
        }
        query.fetch_all(pool).await
    })?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    let clients = rows
        .into_iter()
        .map(ClientRow::into_client)
        .collect::<Result<_>>()?;
    Ok((clients, more))
}

/// How many clients match, counting at most `cap` (so a million-row table costs at most `cap` index
/// entries). Returns the count and whether it reached the cap.
pub async fn count_capped(
    db: &Db,
    filter: &ClientFilter,
    plan: &Plan,
    cap: i64,
) -> Result<(i64, bool)> {
    let mut binds = Binds::default();
    let from = source_sql(db, plan, &mut binds);
    let where_sql = where_sql(filter, db, &mut binds);
    let sql = format!(
        "SELECT COUNT(*) FROM (SELECT 1 FROM {from} WHERE {where_sql} LIMIT {}) capped",
        cap.max(0) + 1
    );
    let count: i64 = on_db!(db, pool => {
        let mut query = sqlx::query_scalar(&sql);
        for b in &binds.0 {
            query = query.bind(b);
        }
        query.fetch_one(pool).await
    })?;
    Ok((count.min(cap), count > cap))
}

/// Every client the filter matches, in order, read as the consumer takes them (an export of the whole
/// set keeps only a channel's worth in memory).
pub fn stream(
    db: &Db,
    filter: &ClientFilter,
    sort: Sort,
) -> impl futures::Stream<Item = platform::error::Result<Client>> + Send + 'static {
    let mut binds = Binds::default();
    let where_sql = where_sql(filter, db, &mut binds);
    let sql = format!(
        "SELECT {CLIENT_COLUMNS} FROM crm_clients WHERE {where_sql} ORDER BY {}",
        order_by(sort)
    );
    let (tx, rx) = tokio::sync::mpsc::channel(256);
    let db = db.clone();
    tokio::spawn(async move {
        use futures::StreamExt;
        on_db!(&db, pool => {
            let mut query = sqlx::query_as::<_, ClientRow>(&sql);
            for b in &binds.0 {
                query = query.bind(b);
            }
            let mut rows = query.fetch(pool);
            while let Some(row) = rows.next().await {
                let client = row.and_then(ClientRow::into_client).map_err(Into::into);
                if tx.send(client).await.is_err() {
                    break; // the download was abandoned
                }
            }
        })
    });
    tokio_stream::wrappers::ReceiverStream::new(rx)
}

pub async fn count_all(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM crm_clients").fetch_one(pool).await)
}

#[derive(sqlx::FromRow)]
struct ConsentRow {
    channel: String,
    granted: bool,
    source: String,
    recorded_at: DateTime<Utc>,
    recorded_by: String,
}

/// A client's consent records, oldest first.
pub async fn consents(db: &Db, client_id: &str) -> Result<Vec<Consent>> {
    let rows: Vec<ConsentRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT channel, granted, source, recorded_at, recorded_by FROM crm_client_consents \
         WHERE client_id = $1 ORDER BY recorded_at, id",
    )
    .bind(client_id)
    .fetch_all(pool)
    .await)?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            Some(Consent {
                channel: Channel::parse(&r.channel)?,
                granted: r.granted,
                source: r.source,
                recorded_at: r.recorded_at,
                recorded_by: r.recorded_by,
            })
        })
        .collect())
}

pub async fn insert_consent(tx: &mut Tx, client_id: &str, c: &Consent) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_client_consents (id, client_id, channel, granted, source, recorded_at, recorded_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(client_id)
    .bind(c.channel.as_str())
    .bind(c.granted)
    .bind(&c.source)
    .bind(c.recorded_at)
    .bind(&c.recorded_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}
