//! The client operations: create, read, change, archive, restore and the searchable list. Each returns
//! a domain [`Error`]; the API layer alone decides the HTTP status.

use banking::document::Document;
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, Existing, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::{Principal, Role};

use std::collections::HashMap;
use std::sync::Arc;

use super::teams::Teams;
use crate::domain::{Channel, Consent, Scope};
use crate::permissions::CLIENTS_TRANSFER;

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
    /// The search as typed (for the exact lookup outside the scope).
    pub q: Option<String>,
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
    /// Whose clients a user reaches, and the names of the portfolio owners.
    teams: Arc<Teams>,
    /// The search statistics (see [`search`]).
    stats: StatsCache,
}

impl Clients {
    pub fn new(db: Db, clock: SharedClock, teams: Arc<Teams>) -> Clients {
        Clients {
            db,
            clock,
            teams,
            stats: StatsCache::default(),
        }
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    /// A client by id, whoever asks (other contexts' reads through the public interface).
    pub async fn get(&self, id: &str) -> Result<Client> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| not_found(id))
    }

    /// A client `p` reaches, or 404 as if it did not exist.
    pub async fn get_for(&self, p: &Principal, id: &str) -> Result<Client> {
        self.get_within(&self.teams.scope(p).await?, id).await
    }

    /// A client within `scope`, or 404 as if it did not exist.
    async fn get_within(&self, scope: &Scope, id: &str) -> Result<Client> {
        let client = self.get(id).await?;
        if !scope.reaches(client.fields.owner_id.as_deref(), None) {
            return Err(not_found(id));
        }
        Ok(client)
    }

    /// A client's consents: the one in force per channel, and every record, oldest first.
    pub async fn consents(&self, p: &Principal, id: &str) -> Result<(Vec<Consent>, Vec<Consent>)> {
        self.get_for(p, id).await?;
        let all = store::consents(&self.db, id).await?;
        Ok((crate::domain::consent::current(&all), all))
    }

    /// Records a grant or revocation for one channel, with its source, in the client's history too.
    pub async fn record_consent(
        &self,
        p: &Principal,
        id: &str,
        channel: Channel,
        granted: bool,
        source: &str,
    ) -> Result<(Vec<Consent>, Vec<Consent>)> {
        let client = self.get_for(p, id).await?;
        if client.fields.status == ClientStatus::Archived {
            return Err(archived(&client));
        }
        let consent = Consent {
            channel,
            granted,
            source: crate::domain::consent::parse_source(source)?,
            recorded_at: self.clock.now(),
            recorded_by: p.uid.clone(),
        };
        let mut tx = self.db.begin().await?;
        store::insert_consent(&mut tx, id, &consent).await?;
        let what = format!(
            "{} {} ({})",
            channel.label(),
            if granted { "autorizado" } else { "revogado" },
            consent.source
        );
        let entry = Entry {
            entity: CLIENT_ENTITY,
            entity_id: id,
            action: "Consentimento registrado",
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![Change::new("consent", None, Some(what))],
        };
        history::record(&mut tx, &entry, p, consent.recorded_at).await?;
        tx.commit().await?;
        self.consents(p, id).await
    }

    /// The names of these clients' portfolio owners, by uid (one query for a page of clients).
    pub async fn owner_names<'a>(
        &self,
        clients: impl IntoIterator<Item = &'a Client>,
    ) -> Result<HashMap<String, String>> {
        let mut owners: Vec<&str> = clients
            .into_iter()
            .filter_map(|c| c.fields.owner_id.as_deref())
            .collect();
        owners.sort_unstable();
        owners.dedup();
        self.teams.names_of(&owners).await
    }

    /// Checks what `p` may set as the client's portfolio owner and unit. A salesperson's new client is theirs; only
    /// the holders of `clientes_transferir` (managers within their teams, those who reach every client) move one.
    async fn check_portfolio(
        &self,
        p: &Principal,
        scope: &Scope,
        client: &mut ClientFields,
        before: Option<&ClientFields>,
    ) -> Result<()> {
        let sales_role = matches!(p.role, Some(Role::Salesperson | Role::SalesManager));
        if before.is_none() && client.owner_id.is_none() && sales_role {
            client.owner_id = Some(p.uid.clone());
        }
        let changed = before.is_none_or(|b| b.owner_id != client.owner_id);
        if let (true, Some(owner)) = (changed, client.owner_id.as_deref()) {
            if before.is_some() && !p.has(&CLIENTS_TRANSFER) {
                return Err(Error::invalid_field(
                    "owner_id",
                    "Só o gestor transfere um cliente para outra carteira.",
                ));
            }
            if owner != p.uid {
                let users = self.teams.sales_users().await?;
                if !users.get(owner).is_some_and(|u| u.active) {
                    return Err(Error::invalid_field(
                        "owner_id",
                        "O responsável deve ser um vendedor ou gerente de vendas ativo.",
                    ));
                }
                if !scope.reaches(Some(owner), None) {
                    return Err(Error::invalid_field(
                        "owner_id",
                        "Escolha um responsável do seu time.",
                    ));
                }
            }
        }
        if let Some(unit) = &client.unit_id {
            if before.is_none_or(|b| b.unit_id.as_deref() != Some(unit)) {
                platform::units::active(&self.db, unit, "unit_id").await?;
            }
        }
        if client.birth_date.is_some_and(|d| d > self.clock.today()) {
            return Err(Error::invalid_field(
                "birth_date",
                "A data de nascimento não pode estar no futuro.",
            ));
        }
        Ok(())
    }

    /// Creates a client, with its history entry, in one transaction.
    pub async fn create(&self, draft: ClientDraft, by: &Principal) -> Result<Client> {
        let mut client = draft.validate()?;
        let scope = self.teams.scope(by).await?;
        self.check_portfolio(by, &scope, &mut client, None).await?;
        let id = uuid::Uuid::now_v7().to_string();
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        match store::insert(&mut tx, &id, &client, &stamp).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => {
                drop(tx);
                return Err(self.duplicate(by, &client.document).await);
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
        let scope = self.teams.scope(by).await?;
        for _ in 0..WRITE_ATTEMPTS {
            let current = self.get_within(&scope, id).await?;
            if current.fields.status == ClientStatus::Archived {
                return Err(archived(&current));
            }
            let mut client = ClientDraft::patched(&current.fields, patch.clone()).validate()?;
            self.check_portfolio(by, &scope, &mut client, Some(&current.fields))
                .await?;
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
                return Err(self.duplicate(by, &client.document).await);
            }
            Err(e) => return Err(e.into()),
        }
        // Not to be contacted: every cadence of the client ends (an opt-out in the cadence's metrics).
        if client.do_not_contact && !current.fields.do_not_contact {
            super::Cadences::end_for_client(&mut tx, &current.id, "opt_out", &stamp).await?;
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
        let before = self.get_for(by, id).await?;
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

    /// A client's history, oldest first; 404 for a client that does not exist or that `p` does not reach.
    pub async fn history(&self, p: &Principal, id: &str) -> Result<Vec<Recorded>> {
        self.get_for(p, id).await?;
        history::of(&self.db, CLIENT_ENTITY, id).await
    }

    /// The page `p` sees: the filter narrowed to their scope's portfolios. When a search for an exact document,
    /// e-mail or phone finds a client outside the scope, `notice` says only who holds it (no data), so nobody
    /// registers it twice.
    pub async fn list_for(
        &self,
        p: &Principal,
        query: &ListQuery,
    ) -> Result<(ListPage, Option<String>)> {
        let scope = self.teams.scope(p).await?;
        let mut scoped = query.clone();
        narrow(&mut scoped.filter, &scope);
        let page = self.list(&scoped).await?;
        let notice = match (&scope, page.items.is_empty(), &query.q) {
            (Scope::Users { .. }, true, Some(q)) => self.held_elsewhere(q, &scope).await?,
            _ => None,
        };
        Ok((page, notice))
    }

    /// "Cliente já cadastrado. Responsável: {nome}" when `q` is exactly a client's document, e-mail or phone and
    /// that client is outside `scope`.
    async fn held_elsewhere(&self, q: &str, scope: &Scope) -> Result<Option<String>> {
        let bare = platform::text::alphanumerics(q).to_uppercase();
        let folded = platform::text::fold(q);
        let filter = ClientFilter {
            terms: crate::domain::search_terms(q),
            ..ClientFilter::default()
        };
        let plan = self.search_plan(&filter, 20).await?;
        let (candidates, _) = store::list(&self.db, &filter, &plan, Sort::default(), 20, 0).await?;
        let exact = candidates.into_iter().find(|c| {
            let f = &c.fields;
            f.document.as_str() == bare
                || f.emails.iter().any(|e| e.as_str().to_lowercase() == folded)
                || f.phones.iter().any(|ph| {
                    let digits = bare
                        .strip_prefix("55")
                        .filter(|d| d.len() >= 10)
                        .unwrap_or(&bare);
                    ph.as_str() == digits
                })
        });
        let Some(client) = exact.filter(|c| !scope.reaches(c.fields.owner_id.as_deref(), None))
        else {
            return Ok(None);
        };
        Ok(Some(self.held_by(&client).await?))
    }

    /// Whether `p` reaches `client` (its portfolio is in their scope).
    pub async fn reaches(&self, p: &Principal, client: &Client) -> Result<bool> {
        Ok(self
            .teams
            .scope(p)
            .await?
            .reaches(client.fields.owner_id.as_deref(), None))
    }

    pub(crate) async fn held_by(&self, client: &Client) -> Result<String> {
        let owner = match &client.fields.owner_id {
            Some(uid) => self
                .owner_names([client])
                .await?
                .remove(uid)
                .unwrap_or_else(|| "sem responsável".into()),
            None => "sem responsável".into(),
        };
        Ok(format!("Cliente já cadastrado. Responsável: {owner}"))
    }

    /// Every client `filter` matches within `p`'s scope, sorted, for an export.
    pub async fn stream_for(
        &self,
        p: &Principal,
        filter: &ClientFilter,
        sort: Sort,
    ) -> Result<impl futures::Stream<Item = Result<Client>> + Send + 'static> {
        let scope = self.teams.scope(p).await?;
        let mut filter = filter.clone();
        narrow(&mut filter, &scope);
        Ok(store::stream(&self.db, &filter, sort))
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
    /// archived) and pointing at it; a client outside `by`'s scope is named only by who holds it.
    async fn duplicate(&self, by: &Principal, document: &Document) -> Error {
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
        match self.teams.scope(by).await {
            Ok(scope) if !scope.reaches(existing.fields.owner_id.as_deref(), None) => {
                return match self.held_by(&existing).await {
                    Ok(message) => Error::conflict("documento_duplicado", message)
                        .with_field("document", "já cadastrado"),
                    Err(e) => e,
                };
            }
            Ok(_) => {}
            Err(e) => return e,
        }
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

/// The filter narrowed to the portfolios `scope` reaches (an `owner_id` filter outside it matches nothing).
fn narrow(filter: &mut ClientFilter, scope: &Scope) {
    if let Some(reach) = scope.users() {
        filter.owners = Some(match filter.owners.take() {
            None => reach,
            Some(asked) => asked.into_iter().filter(|o| reach.contains(o)).collect(),
        });
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

fn yes_no(b: bool) -> &'static str {
    if b {
        "sim"
    } else {
        "não"
    }
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
        Change::of(
            "owner_id",
            &before.owner_id.clone().unwrap_or_default(),
            &after.owner_id.clone().unwrap_or_default(),
        ),
        Change::of(
            "unit_id",
            &before.unit_id.clone().unwrap_or_default(),
            &after.unit_id.clone().unwrap_or_default(),
        ),
        Change::of("tags", &before.tags.join(", "), &after.tags.join(", ")),
        Change::of(
            "do_not_contact",
            &yes_no(before.do_not_contact),
            &yes_no(after.do_not_contact),
        ),
        Change::of(
            "birth_date",
            &before
                .birth_date
                .map(|d| d.format("%d/%m/%Y").to_string())
                .unwrap_or_default(),
            &after
                .birth_date
                .map(|d| d.format("%d/%m/%Y").to_string())
                .unwrap_or_default(),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}
