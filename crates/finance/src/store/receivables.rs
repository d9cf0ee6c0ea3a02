//! `finance_receivables`, `finance_receivable_installments` and `finance_receipts`.
//!
//! An installment's `received_cents` is the sum of its live receipts' principal, recomputed in the transaction
//! that adds or reverses one ([`live_principal`]); its state and version change with it.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::sql::Conditions;
use platform::text::{alphanumerics, fold};
use platform::{bind_sql_args, on_db, on_tx};

use super::Stamp;
use crate::domain::{
    Installment, InstallmentFilter, InstallmentSort, InstallmentStatus, InstallmentTotals, Origin,
    Receipt, ReceiptRecord, ReceiptSource, Receivable, ReceivableMethod,
};

type Result<T> = std::result::Result<T, sqlx::Error>;

fn decode<T>(what: &str, text: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T> {
    parse(text).ok_or_else(|| sqlx::Error::Decode(format!("unknown {what} {text}").into()))
}

// ---- títulos ----

const RECEIVABLE_COLUMNS: &str = "id, number, client_id, client_name, client_document, description, \
     chart_account_id, origin, origin_id, issue_date, total_cents, payment_method, bank_account_id, version, \
     created_at, created_by";

#[derive(sqlx::FromRow)]
struct ReceivableRow {
    id: String,
    number: String,
    client_id: String,
    client_name: String,
    client_document: String,
    description: String,
    chart_account_id: String,
    origin: String,
    origin_id: Option<String>,
    issue_date: NaiveDate,
    total_cents: i64,
    payment_method: String,
    bank_account_id: Option<String>,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl ReceivableRow {
    fn into_receivable(self) -> Result<Receivable> {
        Ok(Receivable {
            origin: decode("origin", &self.origin, Origin::parse)?,
            payment_method: decode("method", &self.payment_method, ReceivableMethod::parse)?,
            id: self.id,
            number: self.number,
            client_id: self.client_id,
            client_name: self.client_name,
            client_document: self.client_document,
            description: self.description,
            chart_account_id: self.chart_account_id,
            origin_id: self.origin_id,
            issue_date: self.issue_date,
            total_cents: self.total_cents,
            bank_account_id: self.bank_account_id,
            version: self.version,
            created_at: self.created_at,
            created_by: self.created_by,
        })
    }
}

/// What `q` matches, in one column: the folded number and client name, the document in lower case.
fn search_text(r: &Receivable) -> String {
    [
        fold(&r.number),
        fold(&r.client_name),
        r.client_document.to_lowercase(),
    ]
    .join(" | ")
}

pub async fn insert_receivable(tx: &mut Tx, r: &Receivable, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_receivables ({RECEIVABLE_COLUMNS}, client_sort, search_text, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $15, $16)"
    ))
    .bind(&r.id)
    .bind(&r.number)
    .bind(&r.client_id)
    .bind(&r.client_name)
    .bind(&r.client_document)
    .bind(&r.description)
    .bind(&r.chart_account_id)
    .bind(r.origin.as_str())
    .bind(&r.origin_id)
    .bind(r.issue_date)
    .bind(r.total_cents)
    .bind(r.payment_method.as_str())
    .bind(&r.bank_account_id)
    .bind(r.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(fold(&r.client_name))
    .bind(search_text(r))
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn receivable_by_id(db: &Db, id: &str) -> Result<Option<Receivable>> {
    let sql = format!("SELECT {RECEIVABLE_COLUMNS} FROM finance_receivables WHERE id = $1");
    let row: Option<ReceivableRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(ReceivableRow::into_receivable).transpose()
}

/// The título of a sale, read in the caller's transaction.
pub async fn sale_receivable_in(tx: &mut Tx, sale_id: &str) -> Result<Option<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT number FROM finance_receivables WHERE origin = 'VENDA' AND origin_id = $1",
    )
    .bind(sale_id)
    .fetch_optional(&mut *conn)
    .await)
}

// ---- installments ----

/// An installment with its título's columns, as the table `t` the statements below read.
const INSTALLMENTS: &str =
    "finance_receivable_installments i JOIN finance_receivables r ON r.id = i.receivable_id";

const INSTALLMENT_COLUMNS: &str = "i.id, i.receivable_id, r.number, i.seq, i.count, r.client_id, r.client_name, \
     r.client_document, r.description, r.origin, r.origin_id, r.issue_date, i.due_date, i.original_due_date, \
     i.value_cents, i.received_cents, i.status, i.payment_method, i.bank_account_id, i.write_off_reason, i.version";

#[derive(sqlx::FromRow)]
struct InstallmentRow {
    id: String,
    receivable_id: String,
    number: String,
    seq: i64,
    count: i64,
    client_id: String,
    client_name: String,
    client_document: String,
    description: String,
    origin: String,
    origin_id: Option<String>,
    issue_date: NaiveDate,
    due_date: NaiveDate,
    original_due_date: NaiveDate,
    value_cents: i64,
    received_cents: i64,
    status: String,
    payment_method: String,
    bank_account_id: Option<String>,
    write_off_reason: Option<String>,
    version: i64,
}

impl InstallmentRow {
    fn into_installment(self) -> Result<Installment> {
        Ok(Installment {
            origin: decode("origin", &self.origin, Origin::parse)?,
            status: decode("status", &self.status, InstallmentStatus::parse)?,
            payment_method: decode("method", &self.payment_method, ReceivableMethod::parse)?,
            id: self.id,
            receivable_id: self.receivable_id,
            number: self.number,
            seq: self.seq,
            count: self.count,
            client_id: self.client_id,
            client_name: self.client_name,
            client_document: self.client_document,
            description: self.description,
            origin_id: self.origin_id,
            issue_date: self.issue_date,
            due_date: self.due_date,
            original_due_date: self.original_due_date,
            value_cents: self.value_cents,
            received_cents: self.received_cents,
            bank_account_id: self.bank_account_id,
            write_off_reason: self.write_off_reason,
            version: self.version,
        })
    }
}

pub async fn insert_installment(tx: &mut Tx, i: &Installment, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_receivable_installments (id, receivable_id, seq, count, due_date, original_due_date, \
         value_cents, received_cents, status, payment_method, bank_account_id, version, created_at, created_by, \
         updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $13, $14)",
    )
    .bind(&i.id)
    .bind(&i.receivable_id)
    .bind(i.seq)
    .bind(i.count)
    .bind(i.due_date)
    .bind(i.original_due_date)
    .bind(i.value_cents)
    .bind(i.received_cents)
    .bind(i.status.as_str())
    .bind(i.payment_method.as_str())
    .bind(&i.bank_account_id)
    .bind(i.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn installment_by_id(db: &Db, id: &str) -> Result<Option<Installment>> {
    let sql = format!("SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE i.id = $1");
    let row: Option<InstallmentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(InstallmentRow::into_installment).transpose()
}

/// A título's installments, 1 to N.
pub async fn installments_of(db: &Db, receivable_id: &str) -> Result<Vec<Installment>> {
    installments_of_many(db, &[receivable_id.to_string()]).await
}

/// The installments of several títulos (a list's page of sales), by título and seq.
pub async fn installments_of_many(db: &Db, receivable_ids: &[String]) -> Result<Vec<Installment>> {
    if receivable_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let ids = w.list(receivable_ids.iter().cloned());
    let sql = format!(
        "SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE i.receivable_id IN ({ids}) \
         ORDER BY i.receivable_id, i.seq"
    );
    let args = w.args();
    let rows: Vec<InstallmentRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), args).fetch_all(pool).await)?;
    rows.into_iter()
        .map(InstallmentRow::into_installment)
        .collect()
}

/// What a command changes in an installment.
#[derive(Debug, Clone)]
pub struct InstallmentState<'a> {
    pub status: InstallmentStatus,
    pub received_cents: i64,
    pub due_date: NaiveDate,
    /// The write-off's reason, when and who: `None` keeps what is stored, `Some(None)` clears it.
    pub write_off: Option<Option<(&'a str, DateTime<Utc>, &'a str)>>,
}

/// Writes the installment's state if its version is still `expected`.
pub async fn update_installment(
    tx: &mut Tx,
    id: &str,
    expected: i64,
    state: &InstallmentState<'_>,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let (reason, at, by) = match state.write_off.flatten() {
        Some((reason, at, by)) => (Some(reason), Some(at), Some(by)),
        None => (None, None, None),
    };
    let touch = state.write_off.is_some();
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_receivable_installments SET status = $1, received_cents = $2, due_date = $3, \
         write_off_reason = CASE WHEN $11 THEN $4 ELSE write_off_reason END, \
         write_off_at = CASE WHEN $11 THEN $5 ELSE write_off_at END, \
         write_off_by = CASE WHEN $11 THEN $6 ELSE write_off_by END, \
         version = version + 1, updated_at = $7, updated_by = $8 WHERE id = $9 AND version = $10",
    )
    .bind(state.status.as_str())
    .bind(state.received_cents)
    .bind(state.due_date)
    .bind(reason)
    .bind(at)
    .bind(by)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(id)
    .bind(expected)
    .bind(touch)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// `text` as a LIKE pattern that finds it anywhere, its `%`, `_` and `\` taken literally.
fn contains(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// A bound value of the list's WHERE clause.
#[derive(Clone)]
enum Arg {
    Date(NaiveDate),
    Text(String),
}

/// The filter's WHERE clause with only the conditions it sets, `$1`… in the order of `args`, and whether it reads
/// the título. A catch-all clause (`$1 IS NULL OR …` for every filter) gave PostgreSQL one generic plan for every
/// filter once the statement was prepared: a scan of every installment, whatever the page asked for (0.1–0.5 s a
/// request over a million).
#[derive(Clone)]
struct Where {
    sql: String,
    args: Vec<Arg>,
    reads_receivable: bool,
}

impl Where {
    fn arg(&mut self, arg: Arg) -> String {
        self.args.push(arg);
        format!("${}", self.args.len())
    }
}

fn where_of(filter: &InstallmentFilter) -> Where {
    let mut w = Where {
        sql: String::new(),
        args: Vec::new(),
        reads_receivable: false,
    };
    let mut conditions: Vec<String> = Vec::new();
    if let Some(d) = filter.due_from {
        conditions.push(format!("i.due_date >= {}", w.arg(Arg::Date(d))));
    }
    if let Some(d) = filter.due_to {
        conditions.push(format!("i.due_date <= {}", w.arg(Arg::Date(d))));
    }
    let overdue = filter.overdue_cutoff.map(|cutoff| {
        format!(
            "(i.status IN ({}) AND i.value_cents > i.received_cents AND i.due_date <= {})",
            in_list(&InstallmentStatus::OPEN),
            w.arg(Arg::Date(cutoff))
        )
    });
    match (filter.statuses.is_empty(), overdue) {
        (true, None) => {}
        (true, Some(overdue)) => conditions.push(overdue),
        (false, None) => conditions.push(format!("i.status IN ({})", in_list(&filter.statuses))),
        (false, Some(overdue)) => conditions.push(format!(
            "(i.status IN ({}) OR {overdue})",
            in_list(&filter.statuses)
        )),
    }
    if let Some(c) = &filter.client_id {
        conditions.push(format!("r.client_id = {}", w.arg(Arg::Text(c.clone()))));
        w.reads_receivable = true;
    }
    if let Some(m) = filter.payment_method {
        conditions.push(format!(
            "i.payment_method = {}",
            w.arg(Arg::Text(m.as_str().into()))
        ));
    }
    if let Some(a) = &filter.bank_account_id {
        conditions.push(format!(
            "i.bank_account_id = {}",
            w.arg(Arg::Text(a.clone()))
        ));
    }
    if let Some(o) = filter.origin {
        conditions.push(format!(
            "r.origin = {}",
            w.arg(Arg::Text(o.as_str().into()))
        ));
        w.reads_receivable = true;
    }
    if let Some(q) = filter.q.as_deref().map(fold).filter(|q| !q.is_empty()) {
        let text = format!(
            "r.search_text LIKE {} ESCAPE '\\'",
            w.arg(Arg::Text(contains(&q)))
        );
        // A document typed with its punctuation: its characters, when the search has a digit.
        let document = filter
            .q
            .as_deref()
            .filter(|q| q.chars().any(|c| c.is_ascii_digit()))
            .map(|q| alphanumerics(q).to_uppercase())
            .filter(|d| !d.is_empty());
        conditions.push(match document {
            Some(d) => format!(
                "({text} OR r.client_document LIKE {})",
                w.arg(Arg::Text(format!("%{d}%")))
            ),
            None => text,
        });
        w.reads_receivable = true;
    }
    w.sql = if conditions.is_empty() {
        "TRUE".into()
    } else {
        conditions.join(" AND ")
    };
    w
}

/// The installments, with their título when `w` reads it.
fn from_of(w: &Where) -> &'static str {
    if w.reads_receivable {
        INSTALLMENTS
    } else {
        "finance_receivable_installments i"
    }
}

/// States as SQL literals (they are the enum's own constants, never input).
fn in_list(states: &[InstallmentStatus]) -> String {
    states
        .iter()
        .map(|s| format!("'{}'", s.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn order_by(sort: InstallmentSort) -> &'static str {
    match sort {
        InstallmentSort::DueDate => "i.due_date, r.number, i.seq",
        InstallmentSort::DueDateDesc => "i.due_date DESC, r.number DESC, i.seq DESC",
        InstallmentSort::Value => "i.value_cents, i.due_date, i.id",
        InstallmentSort::ValueDesc => "i.value_cents DESC, i.due_date, i.id",
        InstallmentSort::Client => "r.client_sort, i.due_date, i.id",
        InstallmentSort::ClientDesc => "r.client_sort DESC, i.due_date, i.id",
    }
}

/// Binds a [`Where`]'s args in order.
macro_rules! bind_args {
    ($query:expr, $args:expr) => {{
        let mut q = $query;
        for arg in $args {
            q = match arg {
                Arg::Date(d) => q.bind(*d),
                Arg::Text(t) => q.bind(t.clone()),
            };
        }
        q
    }};
}

/// One page of the installments `filter` matches (how many match: [`totals`]).
pub async fn page(
    db: &Db,
    filter: &InstallmentFilter,
    limit: i64,
    offset: i64,
) -> Result<Vec<Installment>> {
    let w = where_of(filter);
    let n = w.args.len();
    let page = format!(
        "SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE {} ORDER BY {} LIMIT ${} OFFSET ${}",
        w.sql,
        order_by(filter.sort),
        n + 1,
        n + 2
    );
    let rows: Vec<InstallmentRow> = on_db!(db, pool => bind_args!(sqlx::query_as(&page), &w.args)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    rows.into_iter()
        .map(InstallmentRow::into_installment)
        .collect::<Result<Vec<_>>>()
}

/// The sums over every installment `filter` matches (not one page).
pub async fn totals(db: &Db, filter: &InstallmentFilter) -> Result<InstallmentTotals> {
    let w = where_of(filter);
    let sql = format!(
        "SELECT i.status, COUNT(*), CAST(COALESCE(SUM(i.value_cents), 0) AS BIGINT), \
         CAST(COALESCE(SUM(i.received_cents), 0) AS BIGINT) FROM {} WHERE {} GROUP BY i.status",
        from_of(&w),
        w.sql
    );
    let rows: Vec<(String, i64, i64, i64)> =
        on_db!(db, pool => bind_args!(sqlx::query_as(&sql), &w.args).fetch_all(pool).await)?;
    let mut totals = InstallmentTotals::default();
    let mut by_status = Vec::new();
    for (status, count, value, received) in rows {
        let status = decode("status", &status, InstallmentStatus::parse)?;
        totals.count += count;
        totals.value_cents += value;
        totals.received_cents += received;
        by_status.push((status, count, value - received));
    }
    totals.balance_cents = totals.value_cents - totals.received_cents;
    by_status.sort_by_key(|(s, _, _)| InstallmentStatus::ALL.iter().position(|a| a == s));
    totals.by_status = by_status;
    Ok(totals)
}

/// Every installment `filter` matches, in its order, for an export.
pub fn stream(
    db: &Db,
    filter: &InstallmentFilter,
) -> impl futures::Stream<Item = platform::error::Result<Installment>> + Send + 'static {
    let w = where_of(filter);
    let sql = format!(
        "SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE {} ORDER BY {}",
        w.sql,
        order_by(filter.sort)
    );
    let (tx, rx) = tokio::sync::mpsc::channel(256);
    let db = db.clone();
    tokio::spawn(async move {
        use futures::StreamExt;
        on_db!(&db, pool => {
            let mut rows = bind_args!(sqlx::query_as::<_, InstallmentRow>(&sql), &w.args).fetch(pool);
            while let Some(row) = rows.next().await {
                let installment = row.and_then(InstallmentRow::into_installment).map_err(Into::into);
                if tx.send(installment).await.is_err() {
                    break; // the download was abandoned
                }
            }
        })
    });
    tokio_stream::wrappers::ReceiverStream::new(rx)
}

// ---- receipts ----

const RECEIPT_COLUMNS: &str = "id, installment_id, date, amount_cents, interest_cents, fine_cents, \
     discount_cents, principal_cents, bank_account_id, method, source, reversed_at, reversed_by, reversed_reason, \
     created_at, created_by";

#[derive(sqlx::FromRow)]
struct ReceiptRow {
    id: String,
    installment_id: String,
    date: NaiveDate,
    amount_cents: i64,
    interest_cents: i64,
    fine_cents: i64,
    discount_cents: i64,
    principal_cents: i64,
    bank_account_id: String,
    method: String,
    source: String,
    reversed_at: Option<DateTime<Utc>>,
    reversed_by: Option<String>,
    reversed_reason: Option<String>,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl ReceiptRow {
    fn into_record(self) -> Result<ReceiptRecord> {
        Ok(ReceiptRecord {
            receipt: Receipt {
                date: self.date,
                amount_cents: self.amount_cents,
                interest_cents: self.interest_cents,
                fine_cents: self.fine_cents,
                discount_cents: self.discount_cents,
                principal_cents: self.principal_cents,
                bank_account_id: self.bank_account_id,
                method: decode("method", &self.method, ReceivableMethod::parse)?,
            },
            source: decode("source", &self.source, ReceiptSource::parse)?,
            id: self.id,
            installment_id: self.installment_id,
            reversed_at: self.reversed_at,
            reversed_by: self.reversed_by,
            reversed_reason: self.reversed_reason,
            created_at: self.created_at,
            created_by: self.created_by,
        })
    }
}

pub async fn insert_receipt(tx: &mut Tx, r: &ReceiptRecord) -> Result<()> {
    let p = &r.receipt;
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_receipts ({RECEIPT_COLUMNS}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
    ))
    .bind(&r.id)
    .bind(&r.installment_id)
    .bind(p.date)
    .bind(p.amount_cents)
    .bind(p.interest_cents)
    .bind(p.fine_cents)
    .bind(p.discount_cents)
    .bind(p.principal_cents)
    .bind(&p.bank_account_id)
    .bind(p.method.as_str())
    .bind(r.source.as_str())
    .bind(r.reversed_at)
    .bind(&r.reversed_by)
    .bind(&r.reversed_reason)
    .bind(r.created_at)
    .bind(&r.created_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// An installment's receipts, oldest first (reversed ones included).
pub async fn receipts_of(db: &Db, installment_id: &str) -> Result<Vec<ReceiptRecord>> {
    let sql = format!(
        "SELECT {RECEIPT_COLUMNS} FROM finance_receipts WHERE installment_id = $1 ORDER BY created_at, id"
    );
    let rows: Vec<ReceiptRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(installment_id).fetch_all(pool).await)?;
    rows.into_iter().map(ReceiptRow::into_record).collect()
}

/// Marks a live receipt reversed; false when it is not live (any more).
pub async fn reverse_receipt(
    tx: &mut Tx,
    id: &str,
    reason: &str,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_receipts SET reversed_at = $1, reversed_by = $2, reversed_reason = $3 \
         WHERE id = $4 AND reversed_at IS NULL",
    )
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(reason)
    .bind(id)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// The sum of the installment's live receipts' principal, in the transaction that changes them.
pub async fn live_principal(tx: &mut Tx, installment_id: &str) -> Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(principal_cents), 0) AS BIGINT) FROM finance_receipts \
         WHERE installment_id = $1 AND reversed_at IS NULL",
    )
    .bind(installment_id)
    .fetch_one(&mut *conn)
    .await)
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_receivables").fetch_one(pool).await)
}

/// The installments still to receive that may be credited to `account_id` (theirs, or with no account named),
/// the candidates reconciliation matches statement credits against.
pub async fn open_for_account(db: &Db, account_id: &str) -> Result<Vec<Installment>> {
    let sql = format!(
        "SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE i.status IN ('ABERTO', 'BOLETO_EMITIDO', \
         'REGISTRADO') AND i.value_cents > i.received_cents \
         AND (i.bank_account_id IS NULL OR i.bank_account_id = $1) ORDER BY i.due_date, i.id"
    );
    let rows: Vec<InstallmentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(account_id).fetch_all(pool).await)?;
    rows.into_iter()
        .map(InstallmentRow::into_installment)
        .collect()
}
