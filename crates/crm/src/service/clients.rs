//! The client operations: create, read, change, archive, restore and the searchable list. Each returns
//! a domain [`Error`]; the API layer alone decides the HTTP status.

use banking::document::Document;
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, Existing, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::Principal;

use crate::domain::{
    Client, ClientDraft, ClientFields, ClientFilter, ClientPatch, ClientStatus, Sort,
};
use crate::store::clients::{self as store, Stamp};
use crate::store::search::{self, Plan, StatsCache, TrigramIndex};

/// Totals are counted up to this many pages past the current one; beyond that the page says
/// `capped` (see the crate docs).
pub const PAGES_COUNTED_AHEAD: i64 = 10;

/// The history entity of a client (`platform_history.entity`).
pub const CLIENT_ENTITY: &str = "crm.client";

/// A concurrent change between reading a client and writing it is retried this many times.
const WRITE_ATTEMPTS: usize = 3;

/// The list's parameters, already parsed.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub filter: ClientFilter,
    pub sort: Sort,
    pub limit: i64,
    pub offset: i64,
    /// Whether to count the matches (up to [`PAGES_COUNTED_AHEAD`] pages ahead).
    pub with_total: bool,
}

/// One page of the list.
#[derive(Debug, Clone)]
pub struct ListPage {
    pub items: Vec<Client>,
    /// Exact when `capped` is false; otherwise a lower bound.
    pub total: i64,
    pub capped: bool,
    pub has_more: bool,
}

pub struct Clients {
    db: Db,
    clock: SharedClock,
    /// The search statistics (see [`search`]).
    stats: StatsCache,
}

impl Clients {
    pub fn new(db: Db, clock: SharedClock) -> Clients {
        Clients {
            db,
            clock,
            stats: StatsCache::default(),
        }
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    pub async fn get(&self, id: &str) -> Result<Client> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| not_found(id))
    }

    /// Creates a client, with its history entry, in one transaction.
    pub async fn create(&self, draft: ClientDraft, by: &Principal) -> Result<Client> {
        let client = draft.validate()?;
        let id = uuid::Uuid::now_v7().to_string();
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        match store::insert(&mut tx, &id, &client, &stamp).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => {
                drop(tx);
                return Err(self.duplicate(&client.document).await);
            }
            Err(e) => return Err(e.into()),
        }
        let entry = Entry {
            entity: CLIENT_ENTITY,
            entity_id: &id,
            action: "Cliente cadastrado",
            from_state: None,
            to_state: Some(client.status.as_str()),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(&id).await
    }

    /// Applies `patch` on top of the stored client, validating the whole result again; the fields that
    /// changed go to its history in the same transaction.
    pub async fn update(&self, id: &str, patch: ClientPatch, by: &Principal) -> Result<Client> {
        for _ in 0..WRITE_ATTEMPTS {
            let current = self.get(id).await?;
            if current.fields.status == ClientStatus::Archived {
                return Err(archived(&current));
            }
            let client = ClientDraft::patched(&current.fields, patch.clone()).validate()?;
            if self.write(&current, &client, by).await? {
                return self.get(id).await;
            }
            // Someone else changed (or archived) it since we read it: read it again and reapply.
        }
        Err(Error::conflict(
            "alteracao_concorrente",
            "O cliente foi alterado por outra pessoa ao mesmo tempo. Recarregue e tente novamente.",
        ))
    }

    async fn write(&self, current: &Client, client: &ClientFields, by: &Principal) -> Result<bool> {
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        match store::update(&mut tx, &current.id, current.version, client, &stamp).await {
            Ok(true) => {}
            Ok(false) => return Ok(false),
            Err(e) if is_unique_violation(&e) => {
                drop(tx);
                return Err(self.duplicate(&client.document).await);
            }
            Err(e) => return Err(e.into()),
        }
        let changes = changes(&current.fields, client);
        if !changes.is_empty() {
            let entry = Entry {
                entity: CLIENT_ENTITY,
                entity_id: &current.id,
                action: "Cliente alterado",
                from_state: Some(current.fields.status.as_str()),
                to_state: Some(client.status.as_str()),
                reason: None,
                changes,
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Archives a client (idempotent: an archived client is returned as it is).
    pub async fn archive(&self, id: &str, by: &Principal) -> Result<Client> {
        let from = [ClientStatus::Active, ClientStatus::Inactive];
        self.move_status(id, &from, ClientStatus::Archived, "Cliente arquivado", by)
            .await
    }

    /// Restores an archived client as active (idempotent for a client that is not archived).
    pub async fn restore(&self, id: &str, by: &Principal) -> Result<Client> {
        let from = [ClientStatus::Archived];
        self.move_status(id, &from, ClientStatus::Active, "Cliente restaurado", by)
            .await
    }

    async fn move_status(
        &self,
        id: &str,
        from: &[ClientStatus],
        to: ClientStatus,
        action: &str,
        by: &Principal,
    ) -> Result<Client> {
        let before = self.get(id).await?;
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        if store::set_status(&mut tx, id, from, to, &stamp).await? {
            let entry = Entry {
                entity: CLIENT_ENTITY,
                entity_id: id,
                action,
                from_state: Some(before.fields.status.as_str()),
                to_state: Some(to.as_str()),
                reason: None,
                changes: Vec::new(),
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        tx.commit().await?;
        self.get(id).await
    }

    /// A client's history, oldest first; 404 for a client that does not exist.
    pub async fn history(&self, id: &str) -> Result<Vec<Recorded>> {
        self.get(id).await?;
        history::of(&self.db, CLIENT_ENTITY, id).await
    }

    pub async fn list(&self, query: &ListQuery) -> Result<ListPage> {
        let plan = self
            .search_plan(&query.filter, query.offset + query.limit + 1)
            .await?;
        let (items, has_more) = store::list(
            &self.db,
            &query.filter,
            &plan,
            query.sort,
            query.limit,
            query.offset,
        )
        .await?;
        // Rows seen up to the end of this page; a page past the end saw none, and says nothing.
        let seen = match items.len() {
            0 => 0,
            n => query.offset + n as i64,
        };
        let (total, capped) = if !has_more && (seen > 0 || query.offset == 0) {
            // The last page tells the total without counting.
            (seen, false)
        } else if query.with_total {
            let cap = query.offset + PAGES_COUNTED_AHEAD * query.limit;
            store::count_capped(&self.db, &query.filter, &plan, cap).await?
        } else {
            // Not counted: what is known is that at least this many (and one more, if `has_more`) exist.
            (seen + i64::from(has_more), true)
        };
        Ok(ListPage {
            items,
            total: total.max(seen),
            capped,
            has_more,
        })
    }

    /// Every client `filter` matches, sorted, for an export.
    pub fn stream(
        &self,
        filter: &ClientFilter,
        sort: Sort,
    ) -> impl futures::Stream<Item = Result<Client>> + Send + 'static {
        store::stream(&self.db, filter, sort)
    }

    pub fn today(&self) -> chrono::NaiveDate {
        self.clock.today()
    }

    /// How this search reads its page (see [`search`]).
    async fn search_plan(&self, filter: &ClientFilter, rows_wanted: i64) -> Result<Plan> {
        if filter.terms.is_empty() {
            return Ok(Plan::Walk);
        }
        let stats = self.stats.get(&self.db).await?;
        Ok(search::plan(
            &stats,
            TrigramIndex::of(&self.db),
            &filter.terms,
            rows_wanted,
        ))
    }

    /// Takes the search statistics now rather than at the first search; a failure is logged and left
    /// to the first search to retry.
    pub async fn warm_up_search(&self) {
        if let Err(e) = self.stats.get(&self.db).await {
            tracing::warn!(error = %e, "search statistics not taken at start-up");
        }
    }

    /// Loads `n` generated clients as fast as the engine allows (the million-client benchmark).
    pub async fn bulk_load(&self, n: usize) -> Result<usize> {
        Ok(crate::demo::bulk_load(&self.db, n).await?)
    }

    fn stamp<'a>(&self, uid: &'a str) -> Stamp<'a> {
        Stamp {
            uid,
            at: self.clock.now(),
        }
    }

    /// The refusal of a document another client already has, naming that client (and whether it is
    /// archived) and pointing at it.
    async fn duplicate(&self, document: &Document) -> Error {
        let existing = match store::by_document(&self.db, document).await {
            Ok(Some(existing)) => existing,
            // Gone between the insert and this read: the next attempt will go through.
            Ok(None) => {
                return Error::conflict(
                    "alteracao_concorrente",
                    "O documento acabou de ser liberado; tente novamente.",
                )
            }
            Err(e) => return e.into(),
        };
        let archived = existing.fields.status == ClientStatus::Archived;
        let name = existing.fields.name;
        let message = if archived {
            format!("Já existe um cliente arquivado com este documento: {name}")
        } else {
            format!("Já existe um cliente com este documento: {name}")
        };
        Error::duplicate(
            "documento_duplicado",
            "document",
            message,
            Existing {
                id: existing.id,
                name,
                archived,
            },
        )
    }
}

fn not_found(id: &str) -> Error {
    let shown: String = id.chars().take(60).collect();
    Error::not_found(format!("Cliente {shown} não encontrado."))
}

fn archived(client: &Client) -> Error {
    Error::conflict(
        "cliente_arquivado",
        format!(
            "O cliente {} está arquivado; restaure-o antes de editar.",
            client.fields.name
        ),
    )
}

/// The fields of a client that differ between `before` and `after`, as people read them.
fn changes(before: &ClientFields, after: &ClientFields) -> Vec<Change> {
    let list = |items: Vec<&str>| items.join(", ");
    let address = |a: &ClientFields| {
        a.address
            .as_ref()
            .map(|a| {
                format!(
                    "{}, {} {} — {} — {}/{} — CEP {}",
                    a.street, a.number, a.complement, a.district, a.city, a.state, a.cep
                )
            })
            .unwrap_or_default()
    };
    [
        Change::of("kind", &before.kind.as_str(), &after.kind.as_str()),
        Change::of(
            "document",
            &before.document.formatted(),
            &after.document.formatted(),
        ),
        Change::of("name", &before.name, &after.name),
        Change::of(
            "trade_name",
            &before.trade_name.clone().unwrap_or_default(),
            &after.trade_name.clone().unwrap_or_default(),
        ),
        Change::of(
            "emails",
            &list(before.emails.iter().map(|e| e.as_str()).collect()),
            &list(after.emails.iter().map(|e| e.as_str()).collect()),
        ),
        Change::of(
            "phones",
            &list(before.phones.iter().map(|p| p.as_str()).collect()),
            &list(after.phones.iter().map(|p| p.as_str()).collect()),
        ),
        Change::of("address", &address(before), &address(after)),
        Change::of("status", &before.status.as_str(), &after.status.as_str()),
        Change::of(
            "notes",
            &before.notes.clone().unwrap_or_default(),
            &after.notes.clone().unwrap_or_default(),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}
