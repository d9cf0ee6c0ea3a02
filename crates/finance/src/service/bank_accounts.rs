//! Bank accounts' operations.

use chrono::NaiveDate;
use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result, Violations};
use platform::history::{Change, Entry};

use crate::domain::bank_account::nickname;
use crate::domain::{BankAccount, BankAccountDraft, BankAccountNumber};
use crate::store::bank_accounts as store;
use crate::store::Stamp;

use super::{or_duplicate, stale, with_history, written};

/// The history's name for a bank account.
pub const BANK_ACCOUNT_ENTITY: &str = "finance.bank_account";

/// What may change in an account: its nickname, its opening balance and date, its state.
#[derive(Debug, Clone, Default)]
pub struct BankAccountPatch {
    pub nickname: Option<String>,
    pub opening_balance: Option<i64>,
    pub opening_date: Option<NaiveDate>,
    pub active: Option<bool>,
}

pub struct BankAccounts {
    db: Db,
    clock: SharedClock,
}

impl BankAccounts {
    pub fn new(db: Db, clock: SharedClock) -> BankAccounts {
        BankAccounts { db, clock }
    }

    pub async fn list(&self) -> Result<Vec<BankAccount>> {
        Ok(store::all(&self.db).await?)
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    pub async fn get(&self, id: &str) -> Result<BankAccount> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Conta bancária não encontrada."))
    }

    pub async fn create(&self, draft: BankAccountDraft, by: &Principal) -> Result<BankAccount> {
        let account = BankAccount {
            id: uuid::Uuid::now_v7().to_string(),
            fields: draft.validate()?,
            active: true,
            version: 1,
        };
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: BANK_ACCOUNT_ENTITY,
            entity_id: &account.id,
            action: "Conta bancária criada",
            from_state: None,
            to_state: Some("ATIVA"),
            reason: None,
            changes: Vec::new(),
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::insert(tx, &account, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate(&account.fields.number)))
        })
        .await?;
        Ok(account)
    }

    /// Changes the nickname, the opening balance and date or the state, over the version the person saw.
    pub async fn update(
        &self,
        id: &str,
        version: i64,
        patch: BankAccountPatch,
        by: &Principal,
    ) -> Result<BankAccount> {
        let current = self.get(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let mut v = Violations::new();
        let mut next = current.clone();
        if patch.nickname.is_some() {
            next.fields.nickname = nickname(patch.nickname.as_deref(), &mut v);
        }
        v.finish()?;
        next.fields.opening_balance = patch
            .opening_balance
            .unwrap_or(current.fields.opening_balance);
        next.fields.opening_date = patch.opening_date.unwrap_or(current.fields.opening_date);
        next.active = patch.active.unwrap_or(current.active);
        let changes: Vec<Change> = [
            Change::of("nickname", &current.fields.nickname, &next.fields.nickname),
            Change::of(
                "opening_balance",
                &current.fields.opening_balance,
                &next.fields.opening_balance,
            ),
            Change::of(
                "opening_date",
                &current.fields.opening_date,
                &next.fields.opening_date,
            ),
            Change::of("active", &current.active, &next.active),
        ]
        .into_iter()
        .flatten()
        .collect();
        if changes.is_empty() {
            return Ok(current);
        }
        let stamp = Stamp::now(&self.clock, by);
        let state = |active: bool| if active { "ATIVA" } else { "INATIVA" };
        let entry = Entry {
            entity: BANK_ACCOUNT_ENTITY,
            entity_id: &next.id,
            action: "Conta bancária alterada",
            from_state: Some(state(current.active)),
            to_state: Some(state(next.active)),
            reason: None,
            changes,
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            written(store::update(tx, &next, version, &stamp).await?)
        })
        .await?;
        self.get(id).await
    }
}

fn duplicate(number: &BankAccountNumber) -> Error {
    Error::conflict(
        "conta_bancaria_duplicada",
        format!(
            "Já existe a conta {} {}-{} no banco {}.",
            number.agency,
            number.account,
            number.account_digit,
            number.bank.code()
        ),
    )
    .with_field("account", "Esta conta já está cadastrada.")
}
