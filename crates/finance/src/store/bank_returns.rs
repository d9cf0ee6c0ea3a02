//! `finance_bank_returns`, `finance_bank_return_occurrences`, `finance_pendencies`, and the retorno's receipts.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::{placeholders, tuples};
use crate::domain::bank_return::{BankReturn, Occurrence, Pendency};

type Result<T> = std::result::Result<T, sqlx::Error>;

const COLUMNS: &str = "id, bank_account_id, kind, file_name, sha256, layout, bank, sequence, generated_on, status, \
     failure, failure_line, total, done, applied, duplicated, not_found, divergent, informative, job_id, \
     imported_at, imported_by, imported_by_name, processed_at, version";

const OCCURRENCE_COLUMNS: &str = "id, return_id, line, nosso_numero, seu_numero, movement_code, movement_text, \
     reasons, occurrence_date, credit_date, amount_cents, paid_cents, interest_cents, fees_cents, result, message, \
     agreement_id, boleto_id, installment_id, remittance_id, dedupe_key, item_result";
/// What an insert writes: the columns read back, and the occurrence's timeline line.
const OCCURRENCE_INSERT_COLUMNS: &str = "id, return_id, line, nosso_numero, seu_numero, movement_code, \
     movement_text, reasons, occurrence_date, credit_date, amount_cents, paid_cents, interest_cents, fees_cents, \
     result, message, agreement_id, boleto_id, installment_id, remittance_id, dedupe_key, item_result, event_kind, \
     event_description, event_bank_text, event_amount_cents, event_details";

const PENDENCY_COLUMNS: &str =
    "id, kind, status, return_id, occurrence_id, bank_account_id, boleto_id, \
     installment_id, nosso_numero, amount_cents, occurrence_date, description, action, reason, \
     resolved_installment_id, resolved_at, resolved_by, version, created_at";

pub async fn insert(tx: &mut Tx, r: &BankReturn, content: &[u8]) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_bank_returns ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
         $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)"
    ))
    .bind(&r.id)
    .bind(&r.bank_account_id)
    .bind(&r.kind)
    .bind(&r.file_name)
    .bind(&r.sha256)
    .bind(&r.layout)
    .bind(&r.bank)
    .bind(r.sequence)
    .bind(r.generated_on)
    .bind(&r.status)
    .bind(&r.failure)
    .bind(r.failure_line)
    .bind(r.total)
    .bind(r.done)
    .bind(r.applied)
    .bind(r.duplicated)
    .bind(r.not_found)
    .bind(r.divergent)
    .bind(r.informative)
    .bind(&r.job_id)
    .bind(r.imported_at)
    .bind(&r.imported_by)
    .bind(&r.imported_by_name)
    .bind(r.processed_at)
    .bind(r.version)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    // The file in its own table: the retorno's job and result write a small row.
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_bank_return_files (return_id, content) VALUES ($1, $2)",
    )
    .bind(&r.id)
    .bind(content)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn set_job(tx: &mut Tx, id: &str, job_id: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE finance_bank_returns SET job_id = $1 WHERE id = $2")
        .bind(job_id)
        .bind(id)
        .execute(&mut *conn)
        .await
        .map(|_| ()))
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<BankReturn>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_bank_returns WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

pub async fn by_sha(db: &Db, account: &str, sha: &str) -> Result<Option<BankReturn>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM finance_bank_returns WHERE bank_account_id = $1 AND sha256 = $2"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(account).bind(sha).fetch_optional(pool).await)
}

pub async fn content(db: &Db, id: &str) -> Result<Option<Vec<u8>>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT content FROM finance_bank_return_files WHERE return_id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await)
}

pub async fn list(db: &Db, limit: i64, offset: i64) -> Result<(Vec<BankReturn>, i64)> {
    let sql = format!(
        "SELECT {COLUMNS} FROM finance_bank_returns ORDER BY imported_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
    );
    on_db!(db, pool => {
        let rows = sqlx::query_as(&sql).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM finance_bank_returns")
            .fetch_one(pool)
            .await?;
        Ok::<_, sqlx::Error>((rows, total))
    })
}

/// The counts and final state, in the applying transaction.
pub async fn finish(tx: &mut Tx, r: &BankReturn) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_bank_returns SET status = $1, failure = $2, failure_line = $3, total = $4, done = $5, \
         applied = $6, duplicated = $7, not_found = $8, divergent = $9, informative = $10, processed_at = $11, \
         version = version + 1 WHERE id = $12 AND status = 'IMPORTADO'",
    )
    .bind(&r.status)
    .bind(&r.failure)
    .bind(r.failure_line)
    .bind(r.total)
    .bind(r.done)
    .bind(r.applied)
    .bind(r.duplicated)
    .bind(r.not_found)
    .bind(r.divergent)
    .bind(r.informative)
    .bind(r.processed_at)
    .bind(&r.id)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn insert_occurrences(tx: &mut Tx, rows: &[Occurrence]) -> Result<()> {
    if let Tx::Postgres(t) = tx {
        // One statement over arrays (see `update_installments`).
        let text = |f: fn(&Occurrence) -> &str| rows.iter().map(f).collect::<Vec<_>>();
        let maybe = |f: fn(&Occurrence) -> Option<&str>| rows.iter().map(f).collect::<Vec<_>>();
        let int = |f: fn(&Occurrence) -> i64| rows.iter().map(f).collect::<Vec<_>>();
        let day = |f: fn(&Occurrence) -> Option<NaiveDate>| rows.iter().map(f).collect::<Vec<_>>();
        return sqlx::query(&format!(
            "INSERT INTO finance_bank_return_occurrences ({OCCURRENCE_INSERT_COLUMNS}) SELECT * FROM \
             UNNEST($1::text[], $2::text[], $3::int8[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], \
             $9::date[], $10::date[], $11::int8[], $12::int8[], $13::int8[], $14::int8[], $15::text[], $16::text[], \
             $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::text[], \
             $25::text[], $26::int8[], $27::text[])"
        ))
        .bind(text(|o| &o.id))
        .bind(text(|o| &o.return_id))
        .bind(int(|o| o.line))
        .bind(text(|o| &o.nosso_numero))
        .bind(text(|o| &o.seu_numero))
        .bind(text(|o| &o.movement_code))
        .bind(text(|o| &o.movement_text))
        .bind(text(|o| &o.reasons))
        .bind(day(|o| o.occurrence_date))
        .bind(day(|o| o.credit_date))
        .bind(int(|o| o.amount_cents))
        .bind(int(|o| o.paid_cents))
        .bind(int(|o| o.interest_cents))
        .bind(int(|o| o.fees_cents))
        .bind(text(|o| &o.result))
        .bind(text(|o| &o.message))
        .bind(maybe(|o| o.agreement_id.as_deref()))
        .bind(maybe(|o| o.boleto_id.as_deref()))
        .bind(maybe(|o| o.installment_id.as_deref()))
        .bind(maybe(|o| o.remittance_id.as_deref()))
        .bind(maybe(|o| o.dedupe_key.as_deref()))
        .bind(maybe(|o| o.item_result.as_deref()))
        .bind(maybe(|o| o.event.as_ref().map(|e| e.kind.as_str())))
        .bind(maybe(|o| o.event.as_ref().map(|e| e.description.as_str())))
        .bind(maybe(|o| o.event.as_ref().and_then(|e| e.bank_text.as_deref())))
        .bind(
            rows.iter()
                .map(|o| o.event.as_ref().and_then(|e| e.amount_cents))
                .collect::<Vec<_>>(),
        )
        .bind(maybe(|o| o.event.as_ref().and_then(|e| e.details.as_deref())))
        .execute(&mut **t)
        .await
        .map(|_| ());
    }
    for chunk in rows.chunks(500) {
        on_tx!(tx, conn => {
            let mut qb = sqlx::QueryBuilder::new(format!(
                "INSERT INTO finance_bank_return_occurrences ({OCCURRENCE_INSERT_COLUMNS}) "
            ));
            qb.push_values(chunk.iter(), |mut q, o| {
                q.push_bind(&o.id)
                    .push_bind(&o.return_id)
                    .push_bind(o.line)
                    .push_bind(&o.nosso_numero)
                    .push_bind(&o.seu_numero)
                    .push_bind(&o.movement_code)
                    .push_bind(&o.movement_text)
                    .push_bind(&o.reasons)
                    .push_bind(o.occurrence_date)
                    .push_bind(o.credit_date)
                    .push_bind(o.amount_cents)
                    .push_bind(o.paid_cents)
                    .push_bind(o.interest_cents)
                    .push_bind(o.fees_cents)
                    .push_bind(&o.result)
                    .push_bind(&o.message)
                    .push_bind(&o.agreement_id)
                    .push_bind(&o.boleto_id)
                    .push_bind(&o.installment_id)
                    .push_bind(&o.remittance_id)
                    .push_bind(&o.dedupe_key)
                    .push_bind(&o.item_result)
                    .push_bind(o.event.as_ref().map(|e| e.kind.as_str()))
                    .push_bind(o.event.as_ref().map(|e| e.description.as_str()))
                    .push_bind(o.event.as_ref().and_then(|e| e.bank_text.as_deref()))
                    .push_bind(o.event.as_ref().and_then(|e| e.amount_cents))
                    .push_bind(o.event.as_ref().and_then(|e| e.details.as_deref()));
            });
            qb.build().execute(&mut *conn).await.map(|_| ())
        })?;
    }
    Ok(())
}

/// Which of `keys` were applied before (by any retorno).
pub async fn applied_keys(tx: &mut Tx, keys: &[String]) -> Result<Vec<String>> {
    if let Tx::Postgres(t) = tx {
        // One statement with an array: planned once.
        return sqlx::query_scalar(
            "SELECT dedupe_key FROM finance_bank_return_occurrences WHERE dedupe_key = ANY($1)",
        )
        .bind(keys)
        .fetch_all(&mut **t)
        .await;
    }
    let mut found = Vec::new();
    for chunk in keys.chunks(CHUNK) {
        let sql = format!(
            "SELECT dedupe_key FROM finance_bank_return_occurrences WHERE dedupe_key IN ({})",
            placeholders(chunk.len())
        );
        let rows: Vec<String> = on_tx!(tx, conn => {
            let mut q = sqlx::query_scalar(&sql);
            for k in chunk {
                q = q.bind(k);
            }
            q.fetch_all(&mut *conn).await
        })?;
        found.extend(rows);
    }
    Ok(found)
}

pub async fn occurrences(
    db: &Db,
    return_id: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Occurrence>, i64)> {
    let sql = format!(
        "SELECT {OCCURRENCE_COLUMNS} FROM finance_bank_return_occurrences WHERE return_id = $1 ORDER BY line \
         LIMIT {limit} OFFSET {offset}"
    );
    on_db!(db, pool => {
        let rows = sqlx::query_as(&sql).bind(return_id).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM finance_bank_return_occurrences WHERE return_id = $1",
        )
        .bind(return_id)
        .fetch_one(pool)
        .await?;
        Ok::<_, sqlx::Error>((rows, total))
    })
}

pub async fn insert_pendencies(tx: &mut Tx, rows: &[Pendency], by: &str) -> Result<()> {
    for chunk in rows.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut qb = sqlx::QueryBuilder::new(format!(
                "INSERT INTO finance_pendencies ({PENDENCY_COLUMNS}, updated_at, updated_by) "
            ));
            qb.push_values(chunk.iter(), |mut q, p| {
                q.push_bind(&p.id)
                    .push_bind(&p.kind)
                    .push_bind(&p.status)
                    .push_bind(&p.return_id)
                    .push_bind(&p.occurrence_id)
                    .push_bind(&p.bank_account_id)
                    .push_bind(&p.boleto_id)
                    .push_bind(&p.installment_id)
                    .push_bind(&p.nosso_numero)
                    .push_bind(p.amount_cents)
                    .push_bind(p.occurrence_date)
                    .push_bind(&p.description)
                    .push_bind(&p.action)
                    .push_bind(&p.reason)
                    .push_bind(&p.resolved_installment_id)
                    .push_bind(p.resolved_at)
                    .push_bind(&p.resolved_by)
                    .push_bind(p.version)
                    .push_bind(p.created_at)
                    .push_bind(p.created_at)
                    .push_bind(by);
            });
            qb.build().execute(&mut *conn).await.map(|_| ())
        })?;
    }
    Ok(())
}

pub async fn pendencies(
    db: &Db,
    status: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Pendency>, i64)> {
    let w = match status {
        Some(_) => "WHERE status = $1",
        None => "",
    };
    let sql = format!(
        "SELECT {PENDENCY_COLUMNS} FROM finance_pendencies {w} ORDER BY created_at DESC, id DESC \
         LIMIT {limit} OFFSET {offset}"
    );
    let count = format!("SELECT COUNT(*) FROM finance_pendencies {w}");
    on_db!(db, pool => {
        let mut q = sqlx::query_as(&sql);
        let mut c = sqlx::query_scalar(&count);
        if let Some(s) = status {
            q = q.bind(s);
            c = c.bind(s);
        }
        let rows = q.fetch_all(pool).await?;
        let total: i64 = c.fetch_one(pool).await?;
        Ok::<_, sqlx::Error>((rows, total))
    })
}

pub async fn pendency(db: &Db, id: &str) -> Result<Option<Pendency>> {
    let sql = format!("SELECT {PENDENCY_COLUMNS} FROM finance_pendencies WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

#[allow(clippy::too_many_arguments)]
pub async fn resolve(
    tx: &mut Tx,
    id: &str,
    expected: i64,
    action: &str,
    reason: Option<&str>,
    installment_id: Option<&str>,
    at: DateTime<Utc>,
    by: &str,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_pendencies SET status = 'RESOLVIDA', action = $1, reason = $2, \
         resolved_installment_id = $3, resolved_at = $4, resolved_by = $5, version = version + 1, updated_at = $4, \
         updated_by = $5 WHERE id = $6 AND version = $7 AND status = 'ABERTA'",
    )
    .bind(action)
    .bind(reason)
    .bind(installment_id)
    .bind(at)
    .bind(by)
    .bind(id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// A boleto as a retorno matches and applies it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Target {
    pub id: String,
    pub agreement_id: String,
    pub nosso_numero: i64,
    pub status: String,
    pub version: i64,
    pub installment_id: String,
    pub amount_cents: i64,
    pub fine_bp: i64,
    pub remittance_id: Option<String>,
}

const TARGETS: &str =
    "SELECT b.id, b.agreement_id, b.nosso_numero, b.status, b.version, b.installment_id, \
     b.amount_cents, b.fine_bp, b.remittance_id FROM finance_boletos b \
     JOIN finance_collection_agreements a ON a.id = b.agreement_id WHERE a.bank_account_id = $1";

/// The boletos of the account's convênios.
pub async fn targets(db: &Db, account: &str) -> Result<Vec<Target>> {
    on_db!(db, pool => sqlx::query_as(TARGETS).bind(account).fetch_all(pool).await)
}

/// The boletos of `agreements` numbered `numbers`, in the applying transaction: their state and version are the
/// ones the application starts from. A unique-index probe per number ([`CHUNK`] a statement on SQLite).
pub async fn targets_numbered(
    tx: &mut Tx,
    agreements: &[String],
    numbers: &[i64],
) -> Result<Vec<Target>> {
    const SELECT: &str =
        "SELECT b.id, b.agreement_id, b.nosso_numero, b.status, b.version, b.installment_id, \
         b.amount_cents, b.fine_bp, b.remittance_id FROM finance_boletos b";
    if agreements.is_empty() || numbers.is_empty() {
        return Ok(Vec::new());
    }
    if let Tx::Postgres(t) = tx {
        return sqlx::query_as(&format!(
            "{SELECT} WHERE b.agreement_id = ANY($1) AND b.nosso_numero = ANY($2)"
        ))
        .bind(agreements)
        .bind(numbers)
        .fetch_all(&mut **t)
        .await;
    }
    let mut found = Vec::new();
    for chunk in numbers.chunks(CHUNK) {
        let sql = format!(
            "{SELECT} WHERE b.agreement_id IN ({}) AND b.nosso_numero IN ({})",
            placeholders(agreements.len()),
            placeholders(chunk.len())
        );
        let rows: Vec<Target> = on_tx!(tx, conn => {
            let mut q = sqlx::query_as(&sql);
            for a in agreements {
                q = q.bind(a);
            }
            for n in chunk {
                q = q.bind(n);
            }
            q.fetch_all(&mut *conn).await
        })?;
        found.extend(rows);
    }
    Ok(found)
}

/// The largest nosso número issued under each of `agreements` (one index probe each).
pub async fn largest_numbers(db: &Db, agreements: &[String]) -> Result<Vec<i64>> {
    let mut found = Vec::with_capacity(agreements.len());
    for a in agreements {
        let n: Option<i64> = on_db!(db, pool => sqlx::query_scalar(
            "SELECT MAX(nosso_numero) FROM finance_boletos WHERE agreement_id = $1",
        )
        .bind(a)
        .fetch_one(pool)
        .await)?;
        found.extend(n);
    }
    Ok(found)
}

/// What an earlier run of a retorno's job applied: its occurrences by result, and its pendências.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub done: i64,
    pub applied: i64,
    pub duplicated: i64,
    pub not_found: i64,
    pub divergent: i64,
    pub informative: i64,
    pub pendencies: i64,
}

impl Tally {
    /// Counts one occurrence by its result.
    pub fn count(&mut self, result: &str, n: i64) {
        self.done += n;
        match result {
            "APLICADA" => self.applied += n,
            "DUPLICADA_IGNORADA" => self.duplicated += n,
            "NAO_LOCALIZADA" => self.not_found += n,
            "DIVERGENTE" => self.divergent += n,
            _ => self.informative += n,
        }
    }
}

/// The retorno's occurrences stored so far, by result, and its pendências (none on a first run: one index probe).
pub async fn tally(db: &Db, return_id: &str) -> Result<Tally> {
    let rows: Vec<(String, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT result, COUNT(*) FROM finance_bank_return_occurrences WHERE return_id = $1 GROUP BY result",
    )
    .bind(return_id)
    .fetch_all(pool)
    .await)?;
    let mut t = Tally::default();
    for (result, n) in &rows {
        t.count(result, *n);
    }
    if t.done > 0 {
        t.pendencies = on_db!(db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM finance_pendencies WHERE return_id = $1",
        )
        .bind(return_id)
        .fetch_one(pool)
        .await)?;
    }
    Ok(t)
}

/// The lines from `first` to `last` the retorno's occurrences already hold (an earlier run's chunk).
pub async fn lines_stored(tx: &mut Tx, return_id: &str, first: i64, last: i64) -> Result<Vec<i64>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT line FROM finance_bank_return_occurrences WHERE return_id = $1 AND line >= $2 AND line <= $3",
    )
    .bind(return_id)
    .bind(first)
    .bind(last)
    .fetch_all(&mut *conn)
    .await)
}

/// The remessas of the boletos the retorno's occurrences name.
pub async fn remittances_answered(tx: &mut Tx, return_id: &str) -> Result<Vec<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT DISTINCT remittance_id FROM finance_bank_return_occurrences WHERE return_id = $1 \
         AND remittance_id IS NOT NULL",
    )
    .bind(return_id)
    .fetch_all(&mut *conn)
    .await)
}

/// An installment as a settlement reads it, in the applying transaction.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Settling {
    pub id: String,
    pub receivable_id: String,
    pub number: String,
    pub origin: String,
    pub origin_id: Option<String>,
    pub client_id: String,
    pub value_cents: i64,
    pub received_cents: i64,
    pub status: String,
    pub version: i64,
}

pub async fn settling(tx: &mut Tx, installment_id: &str) -> Result<Option<Settling>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT i.id, i.receivable_id, r.number, r.origin, r.origin_id, r.client_id, i.value_cents, \
         i.received_cents, i.status, i.version FROM finance_receivable_installments i \
         JOIN finance_receivables r ON r.id = i.receivable_id WHERE i.id = $1",
    )
    .bind(installment_id)
    .fetch_optional(&mut *conn)
    .await)
}

/// Ids a statement reads or writes at once (well under SQLite's parameter limit).
const CHUNK: usize = 500;

/// The installments of `ids` as a settlement reads them, in the applying transaction ([`CHUNK`] a statement).
pub async fn settlings(tx: &mut Tx, ids: &[String]) -> Result<Vec<Settling>> {
    const SELECT: &str = "SELECT i.id, i.receivable_id, r.number, r.origin, r.origin_id, r.client_id, \
         i.value_cents, i.received_cents, i.status, i.version FROM finance_receivable_installments i \
         JOIN finance_receivables r ON r.id = i.receivable_id WHERE i.id";
    if let Tx::Postgres(t) = tx {
        // One statement with an array: planned once.
        return sqlx::query_as(&format!("{SELECT} = ANY($1)"))
            .bind(ids)
            .fetch_all(&mut **t)
            .await;
    }
    let mut found = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(CHUNK) {
        let sql = format!("{SELECT} IN ({})", placeholders(chunk.len()));
        let rows: Vec<Settling> = on_tx!(tx, conn => {
            let mut q = sqlx::query_as(&sql);
            for id in chunk {
                q = q.bind(id);
            }
            q.fetch_all(&mut *conn).await
        })?;
        found.extend(rows);
    }
    Ok(found)
}

/// An installment's new state after the retorno, written if its version is still `version`.
pub struct InstallmentWrite {
    pub id: String,
    pub status: String,
    pub received_cents: i64,
    pub version: i64,
}

/// Writes `rows` ([`CHUNK`] a statement, `UPDATE … FROM` a VALUES list on both engines); how many were
/// written (fewer than `rows` when someone changed one meanwhile).
pub async fn update_installments(
    tx: &mut Tx,
    rows: &[InstallmentWrite],
    at: DateTime<Utc>,
    by: &str,
) -> Result<u64> {
    if let Tx::Postgres(t) = tx {
        // One statement over arrays: PostgreSQL plans it once (a 500-row VALUES list is parsed and planned per
        // statement, which cost more than the writing).
        return sqlx::query(
            "UPDATE finance_receivable_installments SET status = v.w_status, received_cents = v.w_received, \
             version = v.w_version + 1, updated_at = $1, updated_by = $2 \
             FROM UNNEST($3::text[], $4::text[], $5::int8[], $6::int8[]) AS v (w_id, w_status, w_received, w_version) \
             WHERE finance_receivable_installments.id = v.w_id AND finance_receivable_installments.version = v.w_version",
        )
        .bind(at)
        .bind(by)
        .bind(rows.iter().map(|w| w.id.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.status.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.received_cents).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.version).collect::<Vec<_>>())
        .execute(&mut **t)
        .await
        .map(|r| r.rows_affected());
    }
    let mut written = 0;
    for chunk in rows.chunks(CHUNK) {
        let sql = format!(
            "WITH v (w_id, w_status, w_received, w_version) AS (VALUES {}) \
             UPDATE finance_receivable_installments SET status = v.w_status, received_cents = v.w_received, \
             version = v.w_version + 1, updated_at = ?, updated_by = ? FROM v \
             WHERE finance_receivable_installments.id = v.w_id AND finance_receivable_installments.version = v.w_version",
            tuples(chunk.len(), 4)
        );
        written += on_tx!(tx, conn => {
            let mut q = sqlx::query(&sql);
            for w in chunk {
                q = q.bind(&w.id).bind(&w.status).bind(w.received_cents).bind(w.version);
            }
            q.bind(at).bind(by).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(written)
}

/// A boleto's new state after the retorno (`None` keeps the stored value), written if its version is still
/// `version`.
pub struct BoletoWrite {
    pub id: String,
    pub status: String,
    pub code: Option<String>,
    pub text: Option<String>,
    pub paid_date: Option<NaiveDate>,
    pub paid_cents: Option<i64>,
    pub version: i64,
}

/// Writes `rows` ([`CHUNK`] a statement); how many were written.
pub async fn update_boletos(
    tx: &mut Tx,
    rows: &[BoletoWrite],
    at: DateTime<Utc>,
    by: &str,
) -> Result<u64> {
    const SET: &str = "UPDATE finance_boletos SET status = v.w_status, \
         last_occurrence_code = COALESCE(v.w_code, finance_boletos.last_occurrence_code), \
         last_occurrence_text = COALESCE(v.w_text, finance_boletos.last_occurrence_text), \
         paid_date = COALESCE(v.w_paid_date, finance_boletos.paid_date), \
         paid_cents = COALESCE(v.w_paid_cents, finance_boletos.paid_cents), \
         version = v.w_version + 1, updated_at = {AT}, updated_by = {BY}";
    const WHERE: &str =
        "WHERE finance_boletos.id = v.w_id AND finance_boletos.version = v.w_version";
    if let Tx::Postgres(t) = tx {
        // One statement over arrays (see `update_installments`).
        let set = SET.replace("{AT}", "$1").replace("{BY}", "$2");
        return sqlx::query(&format!(
            "{set} FROM UNNEST($3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::int8[], $9::int8[]) \
             AS v (w_id, w_status, w_code, w_text, w_paid_date, w_paid_cents, w_version) {WHERE}"
        ))
        .bind(at)
        .bind(by)
        .bind(rows.iter().map(|w| w.id.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.status.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.code.as_deref()).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.text.as_deref()).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.paid_date).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.paid_cents).collect::<Vec<_>>())
        .bind(rows.iter().map(|w| w.version).collect::<Vec<_>>())
        .execute(&mut **t)
        .await
        .map(|r| r.rows_affected());
    }
    let mut written = 0;
    for chunk in rows.chunks(CHUNK) {
        // Anonymous placeholders, bound in the order they appear: the rows' values, then when and who.
        let set = SET.replace("{AT}", "?").replace("{BY}", "?");
        let sql = format!(
            "WITH v (w_id, w_status, w_code, w_text, w_paid_date, w_paid_cents, w_version) AS (VALUES {}) \
             {set} FROM v {WHERE}",
            tuples(chunk.len(), 7)
        );
        written += on_tx!(tx, conn => {
            let mut q = sqlx::query(&sql);
            for w in chunk {
                q = q
                    .bind(&w.id)
                    .bind(&w.status)
                    .bind(&w.code)
                    .bind(&w.text)
                    .bind(w.paid_date)
                    .bind(w.paid_cents)
                    .bind(w.version);
            }
            q.bind(at).bind(by).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(written)
}

/// A receipt from a retorno occurrence (its source: unique).
pub struct SourcedReceipt {
    pub id: String,
    pub installment_id: String,
    pub date: NaiveDate,
    pub amount_cents: i64,
    pub interest_cents: i64,
    pub fine_cents: i64,
    pub principal_cents: i64,
    pub source_id: String,
}

/// Inserts `rows`, all into `bank_account_id`, by `by` at `at` ([`CHUNK`] a statement).
pub async fn insert_receipts(
    tx: &mut Tx,
    rows: &[SourcedReceipt],
    bank_account_id: &str,
    at: DateTime<Utc>,
    by: &str,
) -> Result<()> {
    if let Tx::Postgres(t) = tx {
        // One statement over arrays (see `update_installments`).
        return sqlx::query(
            "INSERT INTO finance_receipts (id, installment_id, date, amount_cents, interest_cents, fine_cents, \
             discount_cents, principal_cents, bank_account_id, method, source, source_id, created_at, created_by) \
             SELECT r.id, r.installment_id, r.date, r.amount, r.interest, r.fine, 0, r.principal, $1, 'BOLETO', \
             'RETORNO', r.source_id, $2, $3 FROM UNNEST($4::text[], $5::text[], $6::date[], $7::int8[], $8::int8[], \
             $9::int8[], $10::int8[], $11::text[]) AS r (id, installment_id, date, amount, interest, fine, principal, \
             source_id)",
        )
        .bind(bank_account_id)
        .bind(at)
        .bind(by)
        .bind(rows.iter().map(|r| r.id.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.installment_id.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.date).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.amount_cents).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.interest_cents).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.fine_cents).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.principal_cents).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.source_id.as_str()).collect::<Vec<_>>())
        .execute(&mut **t)
        .await
        .map(|_| ());
    }
    for chunk in rows.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut qb = sqlx::QueryBuilder::new(
                "INSERT INTO finance_receipts (id, installment_id, date, amount_cents, interest_cents, fine_cents, \
                 discount_cents, principal_cents, bank_account_id, method, source, source_id, created_at, created_by) ",
            );
            qb.push_values(chunk.iter(), |mut q, r| {
                q.push_bind(&r.id)
                    .push_bind(&r.installment_id)
                    .push_bind(r.date)
                    .push_bind(r.amount_cents)
                    .push_bind(r.interest_cents)
                    .push_bind(r.fine_cents)
                    .push_bind(0_i64)
                    .push_bind(r.principal_cents)
                    .push_bind(bank_account_id)
                    .push_bind("BOLETO")
                    .push_bind("RETORNO")
                    .push_bind(&r.source_id)
                    .push_bind(at)
                    .push_bind(by);
            });
            qb.build().execute(&mut *conn).await.map(|_| ())
        })?;
    }
    Ok(())
}
