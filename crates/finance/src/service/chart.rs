//! The chart of accounts' operations.

use std::collections::HashMap;

use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry};

use crate::domain::chart::{self, place};
use crate::domain::{plan_import, Account, AccountDraft, AccountPatch, Usage, STARTER_CHART};
use crate::store::chart as store;
use crate::store::Stamp;

use super::{or_duplicate, stale, with_history, written};

/// The history's name for an account.
pub const ACCOUNT_ENTITY: &str = "finance.chart_account";

/// An account as the chart shows it: with how much of the tree and of the books uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountInTree {
    pub account: Account,
    pub depth: usize,
    pub usage: Usage,
}

/// The chart of accounts.
pub struct Chart {
    db: Db,
    clock: SharedClock,
}

impl Chart {
    pub fn new(db: Db, clock: SharedClock) -> Chart {
        Chart { db, clock }
    }

    /// Every account in tree order (`3`, `3.1`, `3.1.2`, `3.2`…), with its usage.
    pub async fn tree(&self) -> Result<Vec<AccountInTree>> {
        let mut accounts = store::all(&self.db).await?;
        accounts.sort_by_key(|a| a.code.tree_key());
        // Each account's (children, active children), counted in one pass over the chart.
        let mut children: HashMap<String, (i64, i64)> = HashMap::new();
        for account in &accounts {
            if let Some(parent) = account.code.parent() {
                let counts = children.entry(parent.as_str().to_string()).or_default();
                counts.0 += 1;
                counts.1 += i64::from(account.active);
            }
        }
        Ok(accounts
            .into_iter()
            .map(|account| {
                let (children, active_children) = children
                    .get(account.code.as_str())
                    .copied()
                    .unwrap_or_default();
                AccountInTree {
                    depth: account.code.depth(),
                    usage: Usage {
                        children,
                        active_children,
                        // Receivables and payables do not exist yet: nothing uses an account but its children.
                        documents: 0,
                    },
                    account,
                }
            })
            .collect())
    }

    pub async fn get(&self, id: &str) -> Result<Account> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Conta do plano não encontrada."))
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    /// Adds an account under its parent (found by its code).
    pub async fn create(&self, draft: AccountDraft, by: &Principal) -> Result<Account> {
        let fields = draft.validate()?;
        let parent = match fields.code.parent() {
            Some(code) => store::by_code(&self.db, code.as_str()).await?,
            None => None,
        };
        let (fields, nature) = place(fields, parent.as_ref())?;
        let account = Account {
            id: uuid::Uuid::now_v7().to_string(),
            code: fields.code,
            name: fields.name,
            nature,
            kind: fields.kind,
            active: true,
            version: 1,
        };
        let mut tx = self.db.begin().await?;
        let stamp = Stamp::now(&self.clock, by);
        store::insert(&mut tx, &account, &stamp)
            .await
            .map_err(|e| or_duplicate(e, || duplicate(&account)))?;
        record_created(&mut tx, &account, by, &stamp).await?;
        tx.commit().await?;
        Ok(account)
    }

    /// Renames, changes the kind of, deactivates or reactivates an account; `version` is the one the person saw
    /// (a stale one is 409).
    pub async fn update(
        &self,
        id: &str,
        version: i64,
        patch: AccountPatch,
        by: &Principal,
    ) -> Result<AccountInTree> {
        let current = self.get(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let (children, active_children) =
            store::children_of(&self.db, current.code.as_str()).await?;
        let usage = Usage {
            children,
            active_children,
            documents: 0,
        };
        let parent_active = match current.code.parent() {
            Some(code) => store::by_code(&self.db, code.as_str())
                .await?
                .is_some_and(|p| p.active),
            None => true,
        };
        let next = chart::patched(&current, &patch, usage, parent_active)?;
        let changes: Vec<Change> = [
            Change::of("name", &current.name, &next.name),
            Change::of("kind", &current.kind.as_str(), &next.kind.as_str()),
            Change::of("active", &current.active, &next.active),
        ]
        .into_iter()
        .flatten()
        .collect();
        let in_tree = |account: Account| AccountInTree {
            depth: account.code.depth(),
            usage,
            account,
        };
        if changes.is_empty() {
            return Ok(in_tree(current));
        }
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: ACCOUNT_ENTITY,
            entity_id: &next.id,
            action: "Conta alterada",
            from_state: Some(state_of(&current)),
            to_state: Some(state_of(&next)),
            reason: None,
            changes,
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            written(store::update(tx, &next, version, &stamp).await?)
        })
        .await?;
        Ok(in_tree(self.get(id).await?))
    }

    /// Creates every account of a CSV file in one transaction, or none: every problem is named by line and column.
    pub async fn import_csv(&self, csv: &str, by: &Principal) -> Result<Vec<Account>> {
        let existing = store::all(&self.db).await?;
        let planned = plan_import(csv, &existing)?;
        let accounts: Vec<Account> = planned
            .into_iter()
            .map(|p| Account {
                id: uuid::Uuid::now_v7().to_string(),
                code: p.fields.code,
                name: p.fields.name,
                nature: p.nature,
                kind: p.fields.kind,
                active: true,
                version: 1,
            })
            .collect();
        self.insert_all(&accounts, by).await?;
        Ok(accounts)
    }

    /// The clinic network's starter chart, on an empty chart only (409 otherwise: it would mix with the one there).
    pub async fn create_starter(&self, by: &Principal) -> Result<Vec<Account>> {
        if self.count().await? > 0 {
            return Err(Error::conflict(
                "plano_existente",
                "O plano de contas já tem contas; o plano inicial só pode ser criado num plano vazio.",
            ));
        }
        let csv: String = STARTER_CHART
            .iter()
            .map(|(code, name, nature, kind)| {
                format!("{code};{name};{};{}\n", nature.as_str(), kind.as_str())
            })
            .collect();
        self.import_csv(&csv, by).await
    }

    async fn insert_all(&self, accounts: &[Account], by: &Principal) -> Result<()> {
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        for account in accounts {
            // Someone added the same code meanwhile: nothing of the file is kept.
            store::insert(&mut tx, account, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate(account)))?;
            record_created(&mut tx, account, by, &stamp).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

async fn record_created(
    tx: &mut platform::db::Tx,
    account: &Account,
    by: &Principal,
    stamp: &Stamp<'_>,
) -> Result<()> {
    let entry = Entry {
        entity: ACCOUNT_ENTITY,
        entity_id: &account.id,
        action: "Conta criada",
        from_state: None,
        to_state: Some(state_of(account)),
        reason: None,
        changes: Vec::new(),
    };
    history::record(tx, &entry, by, stamp.at).await
}

fn state_of(account: &Account) -> &'static str {
    if account.active {
        "ATIVA"
    } else {
        "INATIVA"
    }
}

fn duplicate(account: &Account) -> Error {
    Error::conflict(
        "conta_duplicada",
        format!("Já existe a conta {} no plano.", account.code.as_str()),
    )
    .with_field(
        "code",
        format!("O código {} já está em uso.", account.code.as_str()),
    )
}
