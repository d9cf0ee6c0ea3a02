//! `finance_bank_accounts`.

use banking::bank::Bank;
use chrono::NaiveDate;
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::{BankAccount, BankAccountFields, BankAccountNumber};

type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    nickname: String,
    bank: String,
    agency: String,
    agency_digit: Option<String>,
    account: String,
    account_digit: String,
    opening_balance: i64,
    opening_date: NaiveDate,
    active: bool,
    version: i64,
}

const COLUMNS: &str =
    "id, nickname, bank, agency, agency_digit, account, account_digit, opening_balance, opening_date, active, version";

impl From<Row> for BankAccount {
    /// Stored rows were validated on the way in: a bank code the crate no longer knows is a bug, not input.
    fn from(row: Row) -> BankAccount {
        BankAccount {
            id: row.id,
            fields: BankAccountFields {
                nickname: row.nickname,
                number: BankAccountNumber {
                    bank: Bank::from_code(&row.bank).expect("stored bank code"),
                    agency: row.agency,
                    agency_digit: row.agency_digit,
                    account: row.account,
                    account_digit: row.account_digit,
                },
                opening_balance: row.opening_balance,
                opening_date: row.opening_date,
            },
            active: row.active,
            version: row.version,
        }
    }
}

pub async fn insert(tx: &mut Tx, account: &BankAccount, stamp: &Stamp<'_>) -> Result<()> {
    let f = &account.fields;
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_bank_accounts ({COLUMNS}, created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12, $13)"
    ))
    .bind(&account.id)
    .bind(&f.nickname)
    .bind(f.number.bank.code())
    .bind(&f.number.agency)
    .bind(&f.number.agency_digit)
    .bind(&f.number.account)
    .bind(&f.number.account_digit)
    .bind(f.opening_balance)
    .bind(f.opening_date)
    .bind(account.active)
    .bind(account.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes what may change (nickname, opening balance and date, state) if the version is still `expected`.
pub async fn update(
    tx: &mut Tx,
    account: &BankAccount,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let f = &account.fields;
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_bank_accounts SET nickname = $1, opening_balance = $2, opening_date = $3, active = $4, \
         version = version + 1, updated_at = $5, updated_by = $6 WHERE id = $7 AND version = $8",
    )
    .bind(&f.nickname)
    .bind(f.opening_balance)
    .bind(f.opening_date)
    .bind(account.active)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&account.id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<BankAccount>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_bank_accounts WHERE id = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(BankAccount::from))
}

/// Every account, by nickname.
pub async fn all(db: &Db) -> Result<Vec<BankAccount>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_bank_accounts ORDER BY nickname, id");
    let rows: Vec<Row> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(BankAccount::from).collect())
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_bank_accounts").fetch_one(pool).await)
}
