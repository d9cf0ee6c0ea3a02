//! Suppliers' operations: the register (create, change, deactivate, reactivate, list) and its bank data (bank
//! accounts and PIX keys: add, remove, confirm). Every command is one transaction with its history entry and,
//! for bank data, the notice to whoever confirms it.
//!
//! The anti-fraud rule: bank data added by someone without [`SUPPLIER_BANK_DATA_CONFIRM`] is PENDENTE (no
//! payment may use it) and every holder of that permission is told; another holder confirms it (never its
//! author). What a holder adds is CONFIRMADA at once, and the other holders are told.

use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Existing, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::jobs::Jobs;
use platform::notify::Notify;

use banking::document::Document;

use crate::domain::supplier::{check_confirmation, parse_pix_key};
use crate::domain::{
    BankDataStatus, Defaults, PixKey, Supplier, SupplierBankAccount, SupplierBankAccountDraft,
    SupplierDraft, SupplierFields, SupplierFilter, SupplierPatch, SupplierPixKey, Trail,
};
use crate::permissions::{SUPPLIER_BANK_DATA_CONFIRM, SUPPLIER_BANK_DATA_WRITE};
use crate::store::suppliers::{self as store, BankData};
use crate::store::{chart, cost_centers, Stamp};

use super::{or_duplicate, stale, with_history, written};

/// The history's name for a supplier (its bank data included).
pub const SUPPLIER_ENTITY: &str = "finance.supplier";

/// The code of the refusal of a document an active supplier has.
const DUPLICATE: &str = "fornecedor_duplicado";

/// The history's field names of bank data: hidden from those who do not see it.
const BANK_ACCOUNT_FIELD: &str = "bank_account";
const PIX_KEY_FIELD: &str = "pix_key";

/// A supplier as its page shows it: with its bank accounts and PIX keys (not the removed ones) for those who may
/// see them.
#[derive(Debug, Clone)]
pub struct SupplierDetail {
    pub supplier: Supplier,
    /// `None` for a caller who neither edits nor confirms bank data (purchasing).
    pub bank_data: Option<SupplierBankData>,
}

#[derive(Debug, Clone)]
pub struct SupplierBankData {
    pub accounts: Vec<SupplierBankAccount>,
    pub keys: Vec<SupplierPixKey>,
}

/// Who sees a supplier's bank accounts and keys: those who edit or confirm them.
pub fn sees_bank_data(by: &Principal) -> bool {
    by.has(&SUPPLIER_BANK_DATA_WRITE) || by.has(&SUPPLIER_BANK_DATA_CONFIRM)
}

pub struct Suppliers {
    db: Db,
    clock: SharedClock,
    /// To tell the confirmers (`platform::notify::Notify`, published with the change).
    jobs: Jobs,
}

impl Suppliers {
    pub fn new(db: Db, clock: SharedClock, jobs: Jobs) -> Suppliers {
        Suppliers { db, clock, jobs }
    }

    /// One page of the suppliers `filter` matches, by name, and how many it matches in all.
    pub async fn list(
        &self,
        filter: &SupplierFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Supplier>, i64)> {
        Ok(store::list(&self.db, filter, limit, offset).await?)
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    pub async fn get(&self, id: &str) -> Result<Supplier> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Fornecedor não encontrado."))
    }

    /// The supplier, with its bank data when `by` may see it.
    pub async fn detail(&self, id: &str, by: &Principal) -> Result<SupplierDetail> {
        let supplier = self.get(id).await?;
        let bank_data = if sees_bank_data(by) {
            Some(SupplierBankData {
                accounts: store::accounts_of(&self.db, id).await?,
                keys: store::keys_of(&self.db, id).await?,
            })
        } else {
            None
        };
        Ok(SupplierDetail {
            supplier,
            bank_data,
        })
    }

    /// Creates a supplier; a document an active supplier has is a 409 naming that supplier.
    pub async fn create(&self, draft: SupplierDraft, by: &Principal) -> Result<SupplierDetail> {
        let (account, center) = self
            .references(
                draft.default_chart_account_id.as_deref(),
                draft.default_cost_center_id.as_deref(),
            )
            .await?;
        let defaults = Defaults {
            chart_account: account.as_ref(),
            cost_center: center.as_ref(),
            ..Defaults::default()
        };
        let (document, fields) = draft.validate(&defaults)?;
        let stamp = Stamp::now(&self.clock, by);
        let supplier = Supplier {
            id: uuid::Uuid::now_v7().to_string(),
            document,
            fields,
            active: true,
            version: 1,
            pending_bank_data: false,
            created_at: stamp.at,
            created_by: by.uid.clone(),
            updated_at: stamp.at,
            updated_by: by.uid.clone(),
        };
        let entry = Entry {
            entity: SUPPLIER_ENTITY,
            entity_id: &supplier.id,
            action: "Fornecedor cadastrado",
            from_state: None,
            to_state: Some(state(true)),
            reason: None,
            changes: Vec::new(),
        };
        let saved = with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::insert(tx, &supplier, &stamp)
                .await
                .map_err(|e| or_duplicate(e, taken))
        })
        .await;
        self.or_named_duplicate(saved, &supplier.document).await?;
        self.detail(&supplier.id, by).await
    }

    /// Changes a supplier's fields or state over the version the person saw (a stale one is 409). Reactivating a
    /// supplier whose document another active supplier has now is a 409 naming that one.
    pub async fn update(
        &self,
        id: &str,
        version: i64,
        patch: SupplierPatch,
        by: &Principal,
    ) -> Result<SupplierDetail> {
        let current = self.get(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let named = |change: &Option<Option<String>>| change.clone().flatten();
        let (account, center) = self
            .references(
                named(&patch.default_chart_account_id).as_deref(),
                named(&patch.default_cost_center_id).as_deref(),
            )
            .await?;
        let defaults = Defaults {
            chart_account: account.as_ref(),
            cost_center: center.as_ref(),
            stored_chart_account: current.fields.default_chart_account_id.as_deref(),
            stored_cost_center: current.fields.default_cost_center_id.as_deref(),
        };
        let (fields, active) = patch.apply(&current, &defaults)?;
        let next = Supplier {
            fields,
            active,
            ..current.clone()
        };
        let changes = changes(&current, &next);
        if changes.is_empty() {
            return self.detail(id, by).await;
        }
        let action = match (current.active, next.active) {
            (true, false) => "Fornecedor inativado",
            (false, true) => "Fornecedor reativado",
            _ => "Fornecedor alterado",
        };
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: SUPPLIER_ENTITY,
            entity_id: id,
            action,
            from_state: Some(state(current.active)),
            to_state: Some(state(next.active)),
            reason: None,
            changes,
        };
        let saved = with_history(&self.db, &entry, by, stamp.at, async |tx| {
            let updated = store::update(tx, &next, version, &stamp)
                .await
                .map_err(|e| or_duplicate(e, taken))?;
            written(updated)
        })
        .await;
        self.or_named_duplicate(saved, &current.document).await?;
        self.detail(id, by).await
    }

    /// Adds a bank account: pending unless `by` may confirm bank data. The same bank, agência and conta twice
    /// among the supplier's accounts is 409.
    pub async fn add_bank_account(
        &self,
        id: &str,
        draft: SupplierBankAccountDraft,
        by: &Principal,
    ) -> Result<SupplierDetail> {
        let supplier = self.get(id).await?;
        let fields = draft.validate()?;
        let stamp = Stamp::now(&self.clock, by);
        let account = SupplierBankAccount {
            id: uuid::Uuid::now_v7().to_string(),
            supplier_id: supplier.id.clone(),
            fields,
            trail: Trail::added(&by.uid, stamp.at, by.has(&SUPPLIER_BANK_DATA_CONFIRM)),
        };
        let pending = account.trail.status == BankDataStatus::Pendente;
        let what = account.fields.describe();
        let entry = Entry {
            entity: SUPPLIER_ENTITY,
            entity_id: id,
            action: if pending {
                "Conta bancária incluída (pendente de confirmação)"
            } else {
                "Conta bancária incluída"
            },
            from_state: None,
            to_state: Some(account.trail.status.as_str()),
            reason: None,
            changes: vec![added(BANK_ACCOUNT_FIELD, &what)],
        };
        let notice = notice(&supplier, by, pending, &format!("a conta bancária {what}"));
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::insert_account(tx, &account).await.map_err(|e| {
                or_duplicate(e, || {
                    Error::conflict(
                        "conta_bancaria_duplicada",
                        "Esta conta (banco, agência e conta) já está cadastrada para o fornecedor.",
                    )
                    .with_field(
                        "account",
                        "Esta conta já está cadastrada para o fornecedor.",
                    )
                })
            })?;
            self.jobs.publish(tx, &notice).await?;
            Ok(())
        })
        .await?;
        self.detail(id, by).await
    }

    /// Adds a PIX key: pending unless `by` may confirm bank data. The same key twice among the supplier's keys
    /// is 409.
    pub async fn add_pix_key(
        &self,
        id: &str,
        key_type: Option<&str>,
        key: Option<&str>,
        by: &Principal,
    ) -> Result<SupplierDetail> {
        let supplier = self.get(id).await?;
        let key = parse_pix_key(key_type, key)?;
        let stamp = Stamp::now(&self.clock, by);
        let key = SupplierPixKey {
            id: uuid::Uuid::now_v7().to_string(),
            supplier_id: supplier.id.clone(),
            key,
            trail: Trail::added(&by.uid, stamp.at, by.has(&SUPPLIER_BANK_DATA_CONFIRM)),
        };
        let pending = key.trail.status == BankDataStatus::Pendente;
        let what = describe_key(&key.key);
        let entry = Entry {
            entity: SUPPLIER_ENTITY,
            entity_id: id,
            action: if pending {
                "Chave PIX incluída (pendente de confirmação)"
            } else {
                "Chave PIX incluída"
            },
            from_state: None,
            to_state: Some(key.trail.status.as_str()),
            reason: None,
            changes: vec![added(PIX_KEY_FIELD, &what)],
        };
        let notice = notice(&supplier, by, pending, &format!("a chave PIX {what}"));
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::insert_key(tx, &key).await.map_err(|e| {
                or_duplicate(e, || {
                    Error::conflict(
                        "chave_pix_duplicada",
                        "Esta chave PIX já está cadastrada para o fornecedor.",
                    )
                    .with_field(
                        "key",
                        "Esta chave PIX já está cadastrada para o fornecedor.",
                    )
                })
            })?;
            self.jobs.publish(tx, &notice).await?;
            Ok(())
        })
        .await?;
        self.detail(id, by).await
    }

    /// Marks a bank account removed (it is kept, and stays in the history).
    pub async fn remove_bank_account(
        &self,
        id: &str,
        account_id: &str,
        by: &Principal,
    ) -> Result<SupplierDetail> {
        let supplier = self.get(id).await?;
        let account = store::accounts_of(&self.db, id)
            .await?
            .into_iter()
            .find(|a| a.id == account_id)
            .ok_or_else(|| Error::not_found("Conta bancária do fornecedor não encontrada."))?;
        let what = account.fields.describe();
        self.remove(
            &supplier,
            BankData::Accounts,
            account_id,
            ("Conta bancária removida", BANK_ACCOUNT_FIELD),
            (&what, &format!("removeu a conta bancária {what}")),
            account.trail.status,
            by,
        )
        .await
    }

    /// Marks a PIX key removed (it is kept, and stays in the history).
    pub async fn remove_pix_key(
        &self,
        id: &str,
        key_id: &str,
        by: &Principal,
    ) -> Result<SupplierDetail> {
        let supplier = self.get(id).await?;
        let key = store::keys_of(&self.db, id)
            .await?
            .into_iter()
            .find(|k| k.id == key_id)
            .ok_or_else(|| Error::not_found("Chave PIX do fornecedor não encontrada."))?;
        let what = describe_key(&key.key);
        self.remove(
            &supplier,
            BankData::Keys,
            key_id,
            ("Chave PIX removida", PIX_KEY_FIELD),
            (&what, &format!("removeu a chave PIX {what}")),
            key.trail.status,
            by,
        )
        .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn remove(
        &self,
        supplier: &Supplier,
        what: BankData,
        item_id: &str,
        (action, field): (&str, &str),
        (described, told): (&str, &str),
        status: BankDataStatus,
        by: &Principal,
    ) -> Result<SupplierDetail> {
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: SUPPLIER_ENTITY,
            entity_id: &supplier.id,
            action,
            from_state: Some(status.as_str()),
            to_state: Some(BankDataStatus::Removida.as_str()),
            reason: None,
            changes: vec![Change {
                field: field.to_string(),
                from: Some(described.to_string()),
                to: None,
            }],
        };
        // A removal applies at once, whoever makes it: the confirmers are told.
        let notice = Notify::to_holders(
            &SUPPLIER_BANK_DATA_CONFIRM,
            vec![by.uid.clone()],
            format!(
                "Dados bancários de {} alterados por {}",
                supplier.fields.name, by.name
            ),
            format!("{} {told}.", by.name),
            url(supplier),
        );
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            if !store::remove(tx, what, &supplier.id, item_id, &stamp).await? {
                return Err(Error::conflict(
                    "alteracao_concorrente",
                    "Estes dados bancários acabaram de ser alterados por outra pessoa. Recarregue a página.",
                ));
            }
            self.jobs.publish(tx, &notice).await?;
            Ok(())
        })
        .await?;
        self.detail(&supplier.id, by).await
    }

    /// Confirms every pending bank account and key of the supplier. `by` holds the confirm permission (the API
    /// checks it) and added none of them (409 otherwise); nothing pending is 409.
    pub async fn confirm_bank_data(&self, id: &str, by: &Principal) -> Result<SupplierDetail> {
        let supplier = self.get(id).await?;
        let accounts: Vec<SupplierBankAccount> = store::accounts_of(&self.db, id)
            .await?
            .into_iter()
            .filter(|a| a.trail.status == BankDataStatus::Pendente)
            .collect();
        let keys: Vec<SupplierPixKey> = store::keys_of(&self.db, id)
            .await?
            .into_iter()
            .filter(|k| k.trail.status == BankDataStatus::Pendente)
            .collect();
        check_confirmation(
            accounts
                .iter()
                .map(|a| &a.trail)
                .chain(keys.iter().map(|k| &k.trail)),
            &by.uid,
        )?;
        let confirmed = |field: &str, what: String| Change {
            field: field.to_string(),
            from: Some(format!("{what} (pendente)")),
            to: Some(format!("{what} (confirmada)")),
        };
        let changes = accounts
            .iter()
            .map(|a| confirmed(BANK_ACCOUNT_FIELD, a.fields.describe()))
            .chain(
                keys.iter()
                    .map(|k| confirmed(PIX_KEY_FIELD, describe_key(&k.key))),
            )
            .collect();
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: SUPPLIER_ENTITY,
            entity_id: id,
            action: "Dados bancários confirmados",
            from_state: Some(BankDataStatus::Pendente.as_str()),
            to_state: Some(BankDataStatus::Confirmada.as_str()),
            reason: None,
            changes,
        };
        // Exactly the items read above: one added meanwhile was not seen, and stays pending.
        let items = accounts
            .iter()
            .map(|a| (BankData::Accounts, a.id.as_str()))
            .chain(keys.iter().map(|k| (BankData::Keys, k.id.as_str())));
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            for (what, item_id) in items {
                if !store::confirm(tx, what, &supplier.id, item_id, &stamp).await? {
                    return Err(Error::conflict(
                        "alteracao_concorrente",
                        "Os dados bancários acabaram de ser alterados por outra pessoa. Recarregue a página.",
                    ));
                }
            }
            Ok(())
        })
        .await?;
        self.detail(id, by).await
    }

    /// A supplier's history, oldest first; the bank data in it only for those who may see bank data.
    pub async fn history(&self, id: &str, by: &Principal) -> Result<Vec<Recorded>> {
        self.get(id).await?;
        let mut recorded = history::of(&self.db, SUPPLIER_ENTITY, id).await?;
        if !sees_bank_data(by) {
            for entry in &mut recorded {
                entry
                    .changes
                    .retain(|c| c.field != BANK_ACCOUNT_FIELD && c.field != PIX_KEY_FIELD);
            }
        }
        Ok(recorded)
    }

    /// The default account and cost centre a draft names, as stored (`None` when not found).
    async fn references(
        &self,
        chart_account: Option<&str>,
        cost_center: Option<&str>,
    ) -> Result<(
        Option<crate::domain::Account>,
        Option<crate::domain::CostCenter>,
    )> {
        let id = |id: Option<&str>| {
            id.map(str::trim)
                .filter(|id| !id.is_empty())
                .map(String::from)
        };
        let account = match id(chart_account) {
            Some(id) => chart::by_id(&self.db, &id).await?,
            None => None,
        };
        let center = match id(cost_center) {
            Some(id) => cost_centers::by_id(&self.db, &id).await?,
            None => None,
        };
        Ok((account, center))
    }

    /// A write refused for a document an active supplier has, as the refusal naming that supplier.
    async fn or_named_duplicate(&self, saved: Result<()>, document: &Document) -> Result<()> {
        match saved {
            Err(e) if e.code == DUPLICATE => Err(self.duplicate(document).await),
            other => other,
        }
    }

    async fn duplicate(&self, document: &Document) -> Error {
        match store::active_by_document(&self.db, document).await {
            Ok(Some(existing)) => Error::duplicate(
                DUPLICATE,
                "document",
                format!(
                    "Já existe um fornecedor com este CPF/CNPJ: {}",
                    existing.fields.name
                ),
                Existing {
                    id: existing.id,
                    name: existing.fields.name,
                    archived: false,
                },
            ),
            // Deactivated between the write and this read: the next attempt will go through.
            Ok(None) => Error::conflict(
                "alteracao_concorrente",
                "O CPF/CNPJ acabou de ser liberado; tente novamente.",
            ),
            Err(e) => e.into(),
        }
    }
}

/// The unique index refused the document (named by [`Suppliers::duplicate`] once the transaction is over).
fn taken() -> Error {
    Error::conflict(
        DUPLICATE,
        "Já existe um fornecedor ativo com este CPF/CNPJ.",
    )
}

fn state(active: bool) -> &'static str {
    if active {
        "ATIVO"
    } else {
        "INATIVO"
    }
}

fn url(supplier: &Supplier) -> String {
    format!("/fornecedores?id={}", supplier.id)
}

fn added(field: &str, what: &str) -> Change {
    Change {
        field: field.to_string(),
        from: None,
        to: Some(what.to_string()),
    }
}

/// "CPF 12345678909", "EMAIL financeiro@alfa.com.br", for the history and notices.
fn describe_key(key: &PixKey) -> String {
    format!("{} {}", key.key_type.as_str(), key.key)
}

/// What the confirmers are told of an addition: it awaits them, or (added by one of them) it applies already.
fn notice(supplier: &Supplier, by: &Principal, pending: bool, what: &str) -> Notify {
    let name = &supplier.fields.name;
    let (title, body) = if pending {
        (
            format!("Dados bancários de {name} aguardando confirmação"),
            format!(
                "{} incluiu {what}; ela só será usada depois de confirmada.",
                by.name
            ),
        )
    } else {
        (
            format!("Dados bancários de {name} alterados por {}", by.name),
            format!("{} incluiu {what}, já confirmada.", by.name),
        )
    };
    Notify::to_holders(
        &SUPPLIER_BANK_DATA_CONFIRM,
        vec![by.uid.clone()],
        title,
        body,
        url(supplier),
    )
}

/// The supplier's fields that differ, as people read them.
fn changes(before: &Supplier, after: &Supplier) -> Vec<Change> {
    let (b, a) = (&before.fields, &after.fields);
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let address = |f: &SupplierFields| {
        f.address
            .as_ref()
            .map(|a| {
                format!(
                    "{}, {} {} — {} — {}/{} — CEP {}",
                    a.street, a.number, a.complement, a.district, a.city, a.state, a.cep
                )
            })
            .unwrap_or_default()
    };
    let email = |f: &SupplierFields| f.email.as_ref().map(|e| e.as_str().to_string());
    let phone = |f: &SupplierFields| f.phone.as_ref().map(|p| p.as_str().to_string());
    let method = |f: &SupplierFields| f.default_payment_method.map(|m| m.as_str().to_string());
    [
        Change::of("name", &b.name, &a.name),
        Change::of("trade_name", &text(&b.trade_name), &text(&a.trade_name)),
        Change::of("email", &text(&email(b)), &text(&email(a))),
        Change::of("phone", &text(&phone(b)), &text(&phone(a))),
        Change::of("address", &address(b), &address(a)),
        Change::of(
            "default_payment_method",
            &text(&method(b)),
            &text(&method(a)),
        ),
        Change::of(
            "default_chart_account_id",
            &text(&b.default_chart_account_id),
            &text(&a.default_chart_account_id),
        ),
        Change::of(
            "default_cost_center_id",
            &text(&b.default_cost_center_id),
            &text(&a.default_cost_center_id),
        ),
        Change::of("notes", &text(&b.notes), &text(&a.notes)),
        Change::of("active", &before.active, &after.active),
    ]
    .into_iter()
    .flatten()
    .collect()
}
