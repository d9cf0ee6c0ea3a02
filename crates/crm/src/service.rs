//! The client operations: create, read, change, archive, restore and the searchable list.

use chrono::Utc;
use platform::db::{is_unique_violation, Db};
use platform::error::{ApiError, ApiResult};
use platform::FieldError;

use crate::model::{Client, ClientDraft, ClientPatchRequest, ClientRow, ClientStatus, ValidClient};
use crate::search::{self, Plan, StatsCache, TrigramIndex};
use crate::store::{self, ClientFilter, Sort, Stamp};
use crate::validate::validate;

/// Totals are counted up to this many pages past the current one; beyond that the page says
/// `total_capped` (see the crate docs).
pub const PAGES_COUNTED_AHEAD: i64 = 10;

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
    /// The search statistics (see [`search`]).
    stats: StatsCache,
}

impl Clients {
    pub fn new(db: Db) -> Clients {
        Clients {
            db,
            stats: StatsCache::default(),
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub async fn get(&self, id: &str) -> ApiResult<Client> {
        Ok(self.row(id).await?.into_client())
    }

    async fn row(&self, id: &str) -> ApiResult<ClientRow> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| not_found(id))
    }

    pub async fn create(&self, draft: ClientDraft, uid: &str) -> ApiResult<Client> {
        let client = validate(&draft)?;
        let id = uuid::Uuid::now_v7().to_string();
        let stamp = Stamp {
            uid,
            at: Utc::now(),
        };
        match store::insert(&self.db, &id, &client, &stamp).await {
            Ok(()) => self.get(&id).await,
            Err(e) if is_unique_violation(&e) => Err(self.duplicate(&client.document).await),
            Err(e) => Err(e.into()),
        }
    }

    /// Applies `patch` on top of the stored client, re-validating the whole result.
    pub async fn update(
        &self,
        id: &str,
        patch: ClientPatchRequest,
        uid: &str,
    ) -> ApiResult<Client> {
        for _ in 0..WRITE_ATTEMPTS {
            let row = self.row(id).await?;
            let version = row.version;
            let current = row.into_client();
            if current.status == ClientStatus::Archived {
                return Err(archived(&current));
            }
            let client = validate(&ClientDraft::patched(&current, patch.clone()))?;
            if self.write(id, version, &client, uid).await? {
                return self.get(id).await;
            }
            // Someone else changed (or archived) it since we read it: read it again and reapply.
        }
        Err(ApiError::conflict(
            "alteracao_concorrente",
            "O cliente foi alterado por outra pessoa ao mesmo tempo. Recarregue e tente novamente.",
            vec![],
        ))
    }

    async fn write(
        &self,
        id: &str,
        version: i32,
        client: &ValidClient,
        uid: &str,
    ) -> ApiResult<bool> {
        let stamp = Stamp {
            uid,
            at: Utc::now(),
        };
        match store::update(&self.db, id, version, client, &stamp).await {
            Ok(written) => Ok(written),
            Err(e) if is_unique_violation(&e) => Err(self.duplicate(&client.document).await),
            Err(e) => Err(e.into()),
        }
    }

    /// Archives a client (idempotent: an archived client is returned as it is).
    pub async fn archive(&self, id: &str, uid: &str) -> ApiResult<Client> {
        let from = [ClientStatus::Active, ClientStatus::Inactive];
        self.move_status(id, &from, ClientStatus::Archived, uid)
            .await
    }

    /// Restores an archived client as active (idempotent for a client that is not archived).
    pub async fn restore(&self, id: &str, uid: &str) -> ApiResult<Client> {
        self.move_status(id, &[ClientStatus::Archived], ClientStatus::Active, uid)
            .await
    }

    async fn move_status(
        &self,
        id: &str,
        from: &[ClientStatus],
        to: ClientStatus,
        uid: &str,
    ) -> ApiResult<Client> {
        let stamp = Stamp {
            uid,
            at: Utc::now(),
        };
        store::set_status(&self.db, id, from, to, &stamp).await?;
        self.get(id).await
    }

    pub async fn list(&self, query: &ListQuery) -> ApiResult<ListPage> {
        let plan = self
            .search_plan(&query.filter, query.offset + query.limit + 1)
            .await?;
        let (rows, has_more) = store::list(
            &self.db,
            &query.filter,
            &plan,
            query.sort,
            query.limit,
            query.offset,
        )
        .await?;
        let seen = query.offset + rows.len() as i64;
        let (total, capped) = if !has_more && (!rows.is_empty() || query.offset == 0) {
            // The last page tells the total without counting.
            (seen, false)
        } else if query.with_total {
            let cap = query.offset + PAGES_COUNTED_AHEAD * query.limit;
            store::count_capped(&self.db, &query.filter, &plan, cap).await?
        } else {
            // Not counted: what is known is that at least this many (and one more, if `has_more`) exist.
            (seen + i64::from(has_more), true)
        };
        let items = rows.into_iter().map(ClientRow::into_client).collect();
        Ok(ListPage {
            items,
            total: total.max(seen),
            capped,
            has_more,
        })
    }

    /// How this search reads its page (see [`search`]).
    pub async fn search_plan(&self, filter: &ClientFilter, rows_wanted: i64) -> ApiResult<Plan> {
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

    /// The 409 for a document that another client already has, naming that client.
    async fn duplicate(&self, document: &str) -> ApiError {
        match store::by_document(&self.db, document).await {
            Ok(Some(existing)) => duplicate_error(&existing.name, &existing.id),
            Ok(None) => duplicate_error("(cliente removido)", ""),
            Err(e) => e.into(),
        }
    }
}

fn duplicate_error(name: &str, id: &str) -> ApiError {
    let message = format!("Já existe um cliente com este documento: {name}");
    let field = if id.is_empty() {
        message.clone()
    } else {
        format!("{message} (id {id})")
    };
    ApiError::conflict(
        "documento_duplicado",
        message,
        vec![FieldError::new("document", field)],
    )
}

fn not_found(id: &str) -> ApiError {
    let shown: String = id.chars().take(60).collect();
    ApiError::not_found(format!("Cliente {shown} não encontrado."))
}

fn archived(client: &Client) -> ApiError {
    ApiError::conflict(
        "cliente_arquivado",
        format!(
            "O cliente {} está arquivado; restaure-o antes de editar.",
            client.name
        ),
        vec![],
    )
}
