//! `finance_collection_agreements` and `finance_payment_agreements`, read with their bank account's bank,
//! agência and conta.
//!
//! The nosso número counter moves in the issuing transaction ([`take_nosso_numeros`]): one UPDATE that adds `n`
//! only while the range holds them, so the row lock (PostgreSQL) or the write lock (SQLite) serializes concurrent
//! issues and no number is handed out twice.

use banking::bank::Bank;
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::agreement::{
    CollectionAgreement, CollectionAgreementFields, Layout, PaymentAgreement,
    PaymentAgreementFields, PaymentForm,
};

type Result<T> = std::result::Result<T, sqlx::Error>;

fn decode<T>(what: &str, text: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T> {
    parse(text).ok_or_else(|| sqlx::Error::Decode(format!("unknown {what} {text}").into()))
}

// ---- cobrança ----

const COLLECTION_COLUMNS: &str = "c.id, c.bank_account_id, a.bank, a.agency, a.account, a.account_digit, c.name, \
     c.beneficiary_name, c.beneficiary_document, \
     c.beneficiary_code, c.beneficiary_code_digit, c.carteira, c.modalidade, c.variacao, c.posto, c.layout, \
     c.nosso_numero_first, c.nosso_numero_last, c.next_nosso_numero, c.next_file_sequence, c.fine_bp, \
     c.interest_monthly_bp, c.protest_days, c.baixa_days, c.settlement_days, c.pix_key, c.active, c.version";

const COLLECTION_FROM: &str =
    "finance_collection_agreements c JOIN finance_bank_accounts a ON a.id = c.bank_account_id";

#[derive(sqlx::FromRow)]
struct CollectionRow {
    id: String,
    bank_account_id: String,
    bank: String,
    agency: String,
    account: String,
    account_digit: String,
    name: String,
    beneficiary_name: String,
    beneficiary_document: String,
    beneficiary_code: String,
    beneficiary_code_digit: Option<String>,
    carteira: String,
    modalidade: Option<String>,
    variacao: Option<String>,
    posto: Option<String>,
    layout: String,
    nosso_numero_first: i64,
    nosso_numero_last: i64,
    next_nosso_numero: i64,
    next_file_sequence: i64,
    fine_bp: i64,
    interest_monthly_bp: i64,
    protest_days: Option<i64>,
    baixa_days: Option<i64>,
    settlement_days: i64,
    pix_key: Option<String>,
    active: bool,
    version: i64,
}

impl CollectionRow {
    fn into_agreement(self) -> Result<CollectionAgreement> {
        Ok(CollectionAgreement {
            bank: decode("bank", &self.bank, Bank::from_code)?,
            id: self.id,
            bank_account_id: self.bank_account_id,
            agency: self.agency,
            account: self.account,
            account_digit: self.account_digit,
            fields: CollectionAgreementFields {
                layout: decode("layout", &self.layout, Layout::parse)?,
                name: self.name,
                beneficiary_name: self.beneficiary_name,
                beneficiary_document: self.beneficiary_document,
                beneficiary_code: self.beneficiary_code,
                beneficiary_code_digit: self.beneficiary_code_digit,
                carteira: self.carteira,
                modalidade: self.modalidade,
                variacao: self.variacao,
                posto: self.posto,
                nosso_numero_first: self.nosso_numero_first,
                nosso_numero_last: self.nosso_numero_last,
                next_nosso_numero: self.next_nosso_numero,
                next_file_sequence: self.next_file_sequence,
                fine_bp: self.fine_bp,
                interest_monthly_bp: self.interest_monthly_bp,
                protest_days: self.protest_days,
                baixa_days: self.baixa_days,
                settlement_days: self.settlement_days,
                pix_key: self.pix_key,
            },
            active: self.active,
            version: self.version,
        })
    }
}

pub async fn insert_collection(
    tx: &mut Tx,
    a: &CollectionAgreement,
    stamp: &Stamp<'_>,
) -> Result<()> {
    let f = &a.fields;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_collection_agreements (id, bank_account_id, name, beneficiary_code, \
         beneficiary_code_digit, carteira, modalidade, variacao, posto, layout, nosso_numero_first, \
         nosso_numero_last, next_nosso_numero, next_file_sequence, fine_bp, interest_monthly_bp, protest_days, \
         baixa_days, settlement_days, pix_key, active, version, created_at, created_by, updated_at, updated_by, \
         beneficiary_name, beneficiary_document) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         $22, $23, $24, $23, $24, $25, $26)",
    )
    .bind(&a.id)
    .bind(&a.bank_account_id)
    .bind(&f.name)
    .bind(&f.beneficiary_code)
    .bind(&f.beneficiary_code_digit)
    .bind(&f.carteira)
    .bind(&f.modalidade)
    .bind(&f.variacao)
    .bind(&f.posto)
    .bind(f.layout.as_str())
    .bind(f.nosso_numero_first)
    .bind(f.nosso_numero_last)
    .bind(f.next_nosso_numero)
    .bind(f.next_file_sequence)
    .bind(f.fine_bp)
    .bind(f.interest_monthly_bp)
    .bind(f.protest_days)
    .bind(f.baixa_days)
    .bind(f.settlement_days)
    .bind(&f.pix_key)
    .bind(a.active)
    .bind(a.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&f.beneficiary_name)
    .bind(&f.beneficiary_document)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes the convênio over version `expected`. The counters never go back: a lower `next_nosso_numero` or
/// `next_file_sequence` than stored (someone issued meanwhile) keeps the stored one.
pub async fn update_collection(
    tx: &mut Tx,
    a: &CollectionAgreement,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let f = &a.fields;
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_collection_agreements SET name = $1, beneficiary_code = $2, beneficiary_code_digit = $3, \
         carteira = $4, modalidade = $5, variacao = $6, posto = $7, layout = $8, nosso_numero_first = $9, \
         nosso_numero_last = $10, \
         next_nosso_numero = CASE WHEN next_nosso_numero < $11 THEN $11 ELSE next_nosso_numero END, \
         next_file_sequence = CASE WHEN next_file_sequence < $12 THEN $12 ELSE next_file_sequence END, fine_bp = $13, \
         interest_monthly_bp = $14, protest_days = $15, baixa_days = $16, settlement_days = $17, pix_key = $18, \
         active = $19, version = version + 1, updated_at = $20, updated_by = $21, beneficiary_name = $24, \
         beneficiary_document = $25 WHERE id = $22 AND version = $23",
    )
    .bind(&f.name)
    .bind(&f.beneficiary_code)
    .bind(&f.beneficiary_code_digit)
    .bind(&f.carteira)
    .bind(&f.modalidade)
    .bind(&f.variacao)
    .bind(&f.posto)
    .bind(f.layout.as_str())
    .bind(f.nosso_numero_first)
    .bind(f.nosso_numero_last)
    .bind(f.next_nosso_numero)
    .bind(f.next_file_sequence)
    .bind(f.fine_bp)
    .bind(f.interest_monthly_bp)
    .bind(f.protest_days)
    .bind(f.baixa_days)
    .bind(f.settlement_days)
    .bind(&f.pix_key)
    .bind(a.active)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&a.id)
    .bind(expected)
    .bind(&f.beneficiary_name)
    .bind(&f.beneficiary_document)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn collection_by_id(db: &Db, id: &str) -> Result<Option<CollectionAgreement>> {
    let sql = format!("SELECT {COLLECTION_COLUMNS} FROM {COLLECTION_FROM} WHERE c.id = $1");
    let row: Option<CollectionRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(CollectionRow::into_agreement).transpose()
}

/// Every convênio de cobrança (of one account when given), by account nickname and name.
pub async fn collections(
    db: &Db,
    bank_account_id: Option<&str>,
) -> Result<Vec<CollectionAgreement>> {
    let sql = format!(
        "SELECT {COLLECTION_COLUMNS} FROM {COLLECTION_FROM} WHERE ($1 IS NULL OR c.bank_account_id = $1) \
         ORDER BY a.nickname, c.name, c.id"
    );
    let rows: Vec<CollectionRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(bank_account_id).fetch_all(pool).await)?;
    rows.into_iter()
        .map(CollectionRow::into_agreement)
        .collect()
}

/// Why no numbers were taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// The first of the `n` numbers taken.
    From(i64),
    Exhausted,
    Inactive,
    Missing,
}

/// Takes `n` nosso números from the convênio's counter in the issuing transaction: the first of them, or why not.
pub async fn take_nosso_numeros(tx: &mut Tx, id: &str, n: i64) -> Result<Taken> {
    let first: Option<i64> = on_tx!(tx, conn => sqlx::query_scalar(
        "UPDATE finance_collection_agreements SET next_nosso_numero = next_nosso_numero + $1 \
         WHERE id = $2 AND active = $3 AND next_nosso_numero + $1 - 1 <= nosso_numero_last \
         RETURNING next_nosso_numero - $1",
    )
    .bind(n)
    .bind(id)
    .bind(true)
    .fetch_optional(&mut *conn)
    .await)?;
    if let Some(first) = first {
        return Ok(Taken::From(first));
    }
    let active: Option<bool> = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT active FROM finance_collection_agreements WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await)?;
    Ok(match active {
        None => Taken::Missing,
        Some(false) => Taken::Inactive,
        Some(true) => Taken::Exhausted,
    })
}

pub async fn count_collections(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_collection_agreements")
        .fetch_one(pool).await)
}

// ---- pagamentos ----

const PAYMENT_COLUMNS: &str =
    "p.id, p.bank_account_id, a.bank, p.name, p.code, p.layout, p.next_file_sequence, \
     p.methods, p.active, p.version";

const PAYMENT_FROM: &str =
    "finance_payment_agreements p JOIN finance_bank_accounts a ON a.id = p.bank_account_id";

#[derive(sqlx::FromRow)]
struct PaymentRow {
    id: String,
    bank_account_id: String,
    bank: String,
    name: String,
    code: String,
    layout: String,
    next_file_sequence: i64,
    methods: String,
    active: bool,
    version: i64,
}

impl PaymentRow {
    fn into_agreement(self) -> Result<PaymentAgreement> {
        let methods = self
            .methods
            .split(',')
            .filter(|m| !m.is_empty())
            .map(|m| decode("method", m, PaymentForm::parse))
            .collect::<Result<Vec<_>>>()?;
        Ok(PaymentAgreement {
            bank: decode("bank", &self.bank, Bank::from_code)?,
            id: self.id,
            bank_account_id: self.bank_account_id,
            fields: PaymentAgreementFields {
                layout: decode("layout", &self.layout, Layout::parse)?,
                name: self.name,
                code: self.code,
                next_file_sequence: self.next_file_sequence,
                methods,
            },
            active: self.active,
            version: self.version,
        })
    }
}

fn methods_text(methods: &[PaymentForm]) -> String {
    methods
        .iter()
        .map(|m| m.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

pub async fn insert_payment(tx: &mut Tx, p: &PaymentAgreement, stamp: &Stamp<'_>) -> Result<()> {
    let f = &p.fields;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_payment_agreements (id, bank_account_id, name, code, layout, next_file_sequence, \
         methods, active, version, created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $11)",
    )
    .bind(&p.id)
    .bind(&p.bank_account_id)
    .bind(&f.name)
    .bind(&f.code)
    .bind(f.layout.as_str())
    .bind(f.next_file_sequence)
    .bind(methods_text(&f.methods))
    .bind(p.active)
    .bind(p.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes the convênio over version `expected`; the file sequence never goes back.
pub async fn update_payment(
    tx: &mut Tx,
    p: &PaymentAgreement,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let f = &p.fields;
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_payment_agreements SET name = $1, code = $2, layout = $3, \
         next_file_sequence = CASE WHEN next_file_sequence < $4 THEN $4 ELSE next_file_sequence END, \
         methods = $5, active = $6, version = version + 1, updated_at = $7, updated_by = $8 \
         WHERE id = $9 AND version = $10",
    )
    .bind(&f.name)
    .bind(&f.code)
    .bind(f.layout.as_str())
    .bind(f.next_file_sequence)
    .bind(methods_text(&f.methods))
    .bind(p.active)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&p.id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn payment_by_id(db: &Db, id: &str) -> Result<Option<PaymentAgreement>> {
    let sql = format!("SELECT {PAYMENT_COLUMNS} FROM {PAYMENT_FROM} WHERE p.id = $1");
    let row: Option<PaymentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(PaymentRow::into_agreement).transpose()
}

pub async fn payments(db: &Db, bank_account_id: Option<&str>) -> Result<Vec<PaymentAgreement>> {
    let sql = format!(
        "SELECT {PAYMENT_COLUMNS} FROM {PAYMENT_FROM} WHERE ($1 IS NULL OR p.bank_account_id = $1) \
         ORDER BY a.nickname, p.name, p.id"
    );
    let rows: Vec<PaymentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(bank_account_id).fetch_all(pool).await)?;
    rows.into_iter().map(PaymentRow::into_agreement).collect()
}
