//! `finance_suppliers`, `finance_supplier_bank_accounts` and `finance_supplier_pix_keys`.
//!
//! A duplicate is refused by the unique indexes (an active supplier's document; a live account's bank, agência
//! and conta, a live key), not by a racy look-up first: the caller maps the violation
//! (`platform::db::is_unique_violation`).

use banking::document::Document;
use chrono::{DateTime, Utc};
use platform::db::{Db, Tx};
use platform::text::{alphanumerics, fold};
use platform::values::{Address, Email, Phone};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::{
    AccountType, BankDataStatus, PaymentMethod, PixKey, PixKeyType, Supplier, SupplierBankAccount,
    SupplierBankAccountFields, SupplierFields, SupplierFilter, SupplierPixKey, Trail,
};

type Result<T> = std::result::Result<T, sqlx::Error>;

/// Whether a bank account or key of the supplier `s` awaits confirmation.
const PENDING: &str = "(EXISTS (SELECT 1 FROM finance_supplier_bank_accounts b \
                       WHERE b.supplier_id = s.id AND b.status = 'PENDENTE') \
                       OR EXISTS (SELECT 1 FROM finance_supplier_pix_keys k \
                       WHERE k.supplier_id = s.id AND k.status = 'PENDENTE'))";

/// Every supplier with its `pending_bank_data`, as the table `t` the statements below filter.
fn suppliers() -> String {
    format!(
        "(SELECT s.id, s.document, s.name, s.trade_name, s.sort_name, s.search_text, s.email, s.phone, s.address, \
         s.default_payment_method, s.default_chart_account_id, s.default_cost_center_id, s.notes, s.active, \
         s.version, s.created_at, s.created_by, s.updated_at, s.updated_by, {PENDING} AS pending_bank_data \
         FROM finance_suppliers s) t"
    )
}

const COLUMNS: &str = "t.id, t.document, t.name, t.trade_name, t.email, t.phone, t.address, \
     t.default_payment_method, t.default_chart_account_id, t.default_cost_center_id, t.notes, t.active, t.version, \
     t.created_at, t.created_by, t.updated_at, t.updated_by, t.pending_bank_data";

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    document: String,
    name: String,
    trade_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    address: Option<String>,
    default_payment_method: Option<String>,
    default_chart_account_id: Option<String>,
    default_cost_center_id: Option<String>,
    notes: Option<String>,
    active: bool,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
    updated_at: DateTime<Utc>,
    updated_by: String,
    pending_bank_data: bool,
}

/// A stored document that is not one is damage, not input: an error naming the row.
fn stored_document(table: &str, id: &str, stored: &str) -> Result<Document> {
    Document::from_stored(stored).ok_or_else(|| {
        sqlx::Error::Decode(format!("{table} {id}: stored document is not a CPF or CNPJ").into())
    })
}

impl Row {
    /// Rows were validated on the way in: nothing is checked again.
    fn into_supplier(self) -> Result<Supplier> {
        Ok(Supplier {
            document: stored_document("supplier", &self.id, &self.document)?,
            fields: SupplierFields {
                name: self.name,
                trade_name: self.trade_name,
                email: self.email.map(Email::from_stored),
                phone: self.phone.map(Phone::from_stored),
                address: self
                    .address
                    .as_deref()
                    .and_then(|a| serde_json::from_str::<Address>(a).ok()),
                default_payment_method: self
                    .default_payment_method
                    .as_deref()
                    .and_then(PaymentMethod::parse),
                default_chart_account_id: self.default_chart_account_id,
                default_cost_center_id: self.default_cost_center_id,
                notes: self.notes,
            },
            id: self.id,
            active: self.active,
            version: self.version,
            pending_bank_data: self.pending_bank_data,
            created_at: self.created_at,
            created_by: self.created_by,
            updated_at: self.updated_at,
            updated_by: self.updated_by,
        })
    }
}

/// The folded name: the list's order.
fn sort_name(fields: &SupplierFields) -> String {
    fold(&fields.name)
}

/// What `q` matches, in one column: folded name and trade name, the document in lower case.
fn search_text(document: &Document, fields: &SupplierFields) -> String {
    let mut parts = vec![fold(&fields.name)];
    parts.extend(fields.trade_name.as_deref().map(fold));
    parts.push(document.as_str().to_lowercase());
    parts.join(" | ")
}

fn json_address(fields: &SupplierFields) -> Option<String> {
    fields
        .address
        .as_ref()
        .and_then(|a| serde_json::to_string(a).ok())
}

pub async fn insert(tx: &mut Tx, supplier: &Supplier, stamp: &Stamp<'_>) -> Result<()> {
    let f = &supplier.fields;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_suppliers (id, kind, document, name, trade_name, sort_name, search_text, email, phone, \
         address, default_payment_method, default_chart_account_id, default_cost_center_id, notes, active, version, \
         created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $17, $18)",
    )
    .bind(&supplier.id)
    .bind(supplier.kind().as_str())
    .bind(supplier.document.as_str())
    .bind(&f.name)
    .bind(&f.trade_name)
    .bind(sort_name(f))
    .bind(search_text(&supplier.document, f))
    .bind(f.email.as_ref().map(Email::as_str))
    .bind(f.phone.as_ref().map(Phone::as_str))
    .bind(json_address(f))
    .bind(f.default_payment_method.map(PaymentMethod::as_str))
    .bind(&f.default_chart_account_id)
    .bind(&f.default_cost_center_id)
    .bind(&f.notes)
    .bind(supplier.active)
    .bind(supplier.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes the supplier's fields and state if its version is still `expected`.
pub async fn update(
    tx: &mut Tx,
    supplier: &Supplier,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let f = &supplier.fields;
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_suppliers SET name = $1, trade_name = $2, sort_name = $3, search_text = $4, email = $5, \
         phone = $6, address = $7, default_payment_method = $8, default_chart_account_id = $9, \
         default_cost_center_id = $10, notes = $11, active = $12, version = version + 1, updated_at = $13, \
         updated_by = $14 WHERE id = $15 AND version = $16",
    )
    .bind(&f.name)
    .bind(&f.trade_name)
    .bind(sort_name(f))
    .bind(search_text(&supplier.document, f))
    .bind(f.email.as_ref().map(Email::as_str))
    .bind(f.phone.as_ref().map(Phone::as_str))
    .bind(json_address(f))
    .bind(f.default_payment_method.map(PaymentMethod::as_str))
    .bind(&f.default_chart_account_id)
    .bind(&f.default_cost_center_id)
    .bind(&f.notes)
    .bind(supplier.active)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&supplier.id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Supplier>> {
    let sql = format!("SELECT {COLUMNS} FROM {} WHERE t.id = $1", suppliers());
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(Row::into_supplier).transpose()
}

/// The active supplier with this document (at most one: the unique index).
pub async fn active_by_document(db: &Db, document: &Document) -> Result<Option<Supplier>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM {} WHERE t.document = $1 AND t.active = $2",
        suppliers()
    );
    let row: Option<Row> = on_db!(db, pool => sqlx::query_as(&sql)
        .bind(document.as_str())
        .bind(true)
        .fetch_optional(pool)
        .await)?;
    row.map(Row::into_supplier).transpose()
}

/// `text` as a LIKE pattern that finds it anywhere, its `%`, `_` and `\` taken literally.
fn contains(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// One page of the suppliers `filter` matches, by name, and how many it matches in all.
pub async fn list(
    db: &Db,
    filter: &SupplierFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Supplier>, i64)> {
    let q = filter.q.as_deref().map(fold).filter(|q| !q.is_empty());
    let text = q.as_deref().map(contains);
    // A document typed with its punctuation: its characters, when the search has a digit.
    let document = filter
        .q
        .as_deref()
        .filter(|q| q.chars().any(|c| c.is_ascii_digit()))
        .map(|q| alphanumerics(q).to_uppercase())
        .filter(|d| !d.is_empty())
        .map(|d| format!("%{d}%"));
    let condition = "($1 IS NULL OR t.active = $1) AND ($2 IS NULL OR t.pending_bank_data = $2) \
                     AND ($3 IS NULL OR t.search_text LIKE $3 ESCAPE '\\' OR t.document LIKE $4)";
    let page = format!(
        "SELECT {COLUMNS} FROM {} WHERE {condition} ORDER BY t.sort_name, t.id LIMIT $5 OFFSET $6",
        suppliers()
    );
    let count = format!("SELECT COUNT(*) FROM {} WHERE {condition}", suppliers());
    let (rows, total): (Vec<Row>, i64) = on_db!(db, pool => {
        let rows = sqlx::query_as(&page)
            .bind(filter.active)
            .bind(filter.pending)
            .bind(&text)
            .bind(&document)
            .bind(limit)
            .bind(offset)
            .fetch_all(pool)
            .await?;
        let total = sqlx::query_scalar(&count)
            .bind(filter.active)
            .bind(filter.pending)
            .bind(&text)
            .bind(&document)
            .fetch_one(pool)
            .await?;
        Ok::<_, sqlx::Error>((rows, total))
    })?;
    let items = rows
        .into_iter()
        .map(Row::into_supplier)
        .collect::<Result<Vec<_>>>()?;
    Ok((items, total))
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_suppliers").fetch_one(pool).await)
}

// ---- bank accounts and PIX keys ----

const TRAIL: &str =
    "status, created_at, created_by, confirmed_at, confirmed_by, removed_at, removed_by";

#[derive(sqlx::FromRow)]
struct TrailRow {
    status: String,
    created_at: DateTime<Utc>,
    created_by: String,
    confirmed_at: Option<DateTime<Utc>>,
    confirmed_by: Option<String>,
    removed_at: Option<DateTime<Utc>>,
    removed_by: Option<String>,
}

impl TrailRow {
    fn into_trail(self) -> Result<Trail> {
        let status = BankDataStatus::parse(&self.status).ok_or_else(|| {
            sqlx::Error::Decode(format!("unknown bank data status {}", self.status).into())
        })?;
        Ok(Trail {
            status,
            created_at: self.created_at,
            created_by: self.created_by,
            confirmed_at: self.confirmed_at,
            confirmed_by: self.confirmed_by,
            removed_at: self.removed_at,
            removed_by: self.removed_by,
        })
    }
}

#[derive(sqlx::FromRow)]
struct AccountRow {
    id: String,
    supplier_id: String,
    bank: String,
    agency: String,
    agency_digit: Option<String>,
    account: String,
    account_digit: String,
    account_type: String,
    holder_name: String,
    holder_document: String,
    #[sqlx(flatten)]
    trail: TrailRow,
}

const ACCOUNT_COLUMNS: &str =
    "id, supplier_id, bank, agency, agency_digit, account, account_digit, account_type, \
     holder_name, holder_document";

impl AccountRow {
    fn into_account(self) -> Result<SupplierBankAccount> {
        let account_type = AccountType::parse(&self.account_type).ok_or_else(|| {
            sqlx::Error::Decode(format!("unknown account type {}", self.account_type).into())
        })?;
        Ok(SupplierBankAccount {
            fields: SupplierBankAccountFields {
                holder_document: stored_document(
                    "supplier bank account",
                    &self.id,
                    &self.holder_document,
                )?,
                bank: self.bank,
                agency: self.agency,
                agency_digit: self.agency_digit,
                account: self.account,
                account_digit: self.account_digit,
                account_type,
                holder_name: self.holder_name,
            },
            id: self.id,
            supplier_id: self.supplier_id,
            trail: self.trail.into_trail()?,
        })
    }
}

#[derive(sqlx::FromRow)]
struct KeyRow {
    id: String,
    supplier_id: String,
    key_type: String,
    key: String,
    #[sqlx(flatten)]
    trail: TrailRow,
}

impl KeyRow {
    fn into_key(self) -> Result<SupplierPixKey> {
        let key_type = PixKeyType::parse(&self.key_type).ok_or_else(|| {
            sqlx::Error::Decode(format!("unknown PIX key type {}", self.key_type).into())
        })?;
        Ok(SupplierPixKey {
            id: self.id,
            supplier_id: self.supplier_id,
            key: PixKey {
                key_type,
                key: self.key,
            },
            trail: self.trail.into_trail()?,
        })
    }
}

pub async fn insert_account(tx: &mut Tx, account: &SupplierBankAccount) -> Result<()> {
    let (f, t) = (&account.fields, &account.trail);
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_supplier_bank_accounts ({ACCOUNT_COLUMNS}, {TRAIL}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
    ))
    .bind(&account.id)
    .bind(&account.supplier_id)
    .bind(&f.bank)
    .bind(&f.agency)
    .bind(&f.agency_digit)
    .bind(&f.account)
    .bind(&f.account_digit)
    .bind(f.account_type.as_str())
    .bind(&f.holder_name)
    .bind(f.holder_document.as_str())
    .bind(t.status.as_str())
    .bind(t.created_at)
    .bind(&t.created_by)
    .bind(t.confirmed_at)
    .bind(&t.confirmed_by)
    .bind(t.removed_at)
    .bind(&t.removed_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn insert_key(tx: &mut Tx, key: &SupplierPixKey) -> Result<()> {
    let t = &key.trail;
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_supplier_pix_keys (id, supplier_id, key_type, key, {TRAIL}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    ))
    .bind(&key.id)
    .bind(&key.supplier_id)
    .bind(key.key.key_type.as_str())
    .bind(&key.key.key)
    .bind(t.status.as_str())
    .bind(t.created_at)
    .bind(&t.created_by)
    .bind(t.confirmed_at)
    .bind(&t.confirmed_by)
    .bind(t.removed_at)
    .bind(&t.removed_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// A supplier's accounts that were not removed, oldest first.
pub async fn accounts_of(db: &Db, supplier_id: &str) -> Result<Vec<SupplierBankAccount>> {
    let sql = format!(
        "SELECT {ACCOUNT_COLUMNS}, {TRAIL} FROM finance_supplier_bank_accounts \
         WHERE supplier_id = $1 AND status <> 'REMOVIDA' ORDER BY created_at, id"
    );
    let rows: Vec<AccountRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(supplier_id).fetch_all(pool).await)?;
    rows.into_iter().map(AccountRow::into_account).collect()
}

/// A supplier's keys that were not removed, oldest first.
pub async fn keys_of(db: &Db, supplier_id: &str) -> Result<Vec<SupplierPixKey>> {
    let sql = format!(
        "SELECT id, supplier_id, key_type, key, {TRAIL} FROM finance_supplier_pix_keys \
         WHERE supplier_id = $1 AND status <> 'REMOVIDA' ORDER BY created_at, id"
    );
    let rows: Vec<KeyRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(supplier_id).fetch_all(pool).await)?;
    rows.into_iter().map(KeyRow::into_key).collect()
}

/// The two tables of bank data.
#[derive(Debug, Clone, Copy)]
pub enum BankData {
    Accounts,
    Keys,
}

impl BankData {
    fn table(self) -> &'static str {
        match self {
            BankData::Accounts => "finance_supplier_bank_accounts",
            BankData::Keys => "finance_supplier_pix_keys",
        }
    }
}

/// Confirms one pending item of the supplier; false when it is not pending (any more).
pub async fn confirm(
    tx: &mut Tx,
    what: BankData,
    supplier_id: &str,
    id: &str,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let sql = format!(
        "UPDATE {} SET status = 'CONFIRMADA', confirmed_at = $1, confirmed_by = $2 \
         WHERE id = $3 AND supplier_id = $4 AND status = 'PENDENTE'",
        what.table()
    );
    let done = on_tx!(tx, conn => sqlx::query(&sql)
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(id)
        .bind(supplier_id)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Marks one item of the supplier removed; false when there is none that is not removed already.
pub async fn remove(
    tx: &mut Tx,
    what: BankData,
    supplier_id: &str,
    id: &str,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let sql = format!(
        "UPDATE {} SET status = 'REMOVIDA', removed_at = $1, removed_by = $2 \
         WHERE id = $3 AND supplier_id = $4 AND status <> 'REMOVIDA'",
        what.table()
    );
    let done = on_tx!(tx, conn => sqlx::query(&sql)
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(id)
        .bind(supplier_id)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}
