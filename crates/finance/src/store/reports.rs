//! The receivables reports' sums (finance.md §6): GROUP BY over `finance_receivable_installments` (with its título)
//! and `finance_receipts`, never their rows. Dates computed by the service (range, overdue cutoff, aging edges)
//! are written into the statement as literals (they are `NaiveDate`s, never text from a request); the filters are
//! bound. A period's first day is the database's (date_trunc on PostgreSQL, date() on SQLite; weeks from Monday).
//!
//! Over a million installments on PostgreSQL (finance.md §6: each report in under a second): the títulos are joined
//! only when the dimension or a filter reads them, and each statement runs in its own read transaction that turns JIT off (its compilation alone took 150–190 ms
//! a statement) and gives the sorts and hash tables room (`work_mem`), so grouping some 250,000 period × client
//! cells is a hash aggregate in memory rather than a sort spilling to disk.

use chrono::NaiveDate;
use platform::db::{Db, Engine};
use sqlx::Row;

use crate::domain::receivable::InstallmentStatus;
use crate::domain::report::{
    sql_states, AgingEdges, AgingRow, Bucket, Dimension, Figures, ReportCell, ReportFilter,
};

type Result<T> = std::result::Result<T, sqlx::Error>;

/// (period, dimension value, client name, previsto, em aberto, vencido).
type DueRow = (NaiveDate, Option<String>, Option<String>, i64, i64, i64);
/// (period, dimension value, client name, principal, Σ principal × days).
type ReceivedRow = (NaiveDate, Option<String>, Option<String>, i64, f64);
/// (client, Σ principal within 90 days, Σ principal × delay, Σ principal).
type PaidRow = (String, i64, f64, i64);

const FROM_INSTALLMENTS: &str =
    "finance_receivable_installments i JOIN finance_receivables r ON r.id = i.receivable_id";
const FROM_RECEIPTS: &str =
    "finance_receipts p JOIN finance_receivable_installments i ON i.id = p.installment_id \
     JOIN finance_receivables r ON r.id = i.receivable_id";
/// The same without the título (when nothing reads it).
const FROM_INSTALLMENTS_ONLY: &str = "finance_receivable_installments i";
const FROM_RECEIPTS_ONLY: &str =
    "finance_receipts p JOIN finance_receivable_installments i ON i.id = p.installment_id";

/// A report statement's session settings on PostgreSQL, for its transaction only (`set_config(…, true)` is `SET
/// LOCAL`): no JIT, and room to hash-aggregate a period × client grouping of a million installments in memory.
const PG_REPORT_SETTINGS: &str =
    "SELECT set_config('jit', 'off', true), set_config('work_mem', '128MB', true)";

/// Runs `$body` with `$conn` bound to a connection of `$db` (`&mut SqliteConnection` or `&mut PgConnection`); on
/// PostgreSQL inside a read transaction with [`PG_REPORT_SETTINGS`].
macro_rules! on_report_conn {
    ($db:expr, $conn:ident => $body:expr) => {
        match $db {
            Db::Sqlite(pool) => {
                let mut c = pool.acquire().await?;
                let $conn = &mut *c;
                $body
            }
            Db::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                sqlx::query(PG_REPORT_SETTINGS).execute(&mut *tx).await?;
                let out = {
                    let $conn = &mut *tx;
                    $body
                };
                tx.commit().await?;
                out
            }
        }
    };
}

/// A date as an SQL literal (both engines compare it with a DATE column).
fn lit(day: NaiveDate) -> String {
    format!("'{}'", day.format("%Y-%m-%d"))
}

/// The first day of `column`'s period.
fn period(engine: Engine, bucket: Bucket, column: &str) -> String {
    match (engine, bucket) {
        (_, Bucket::Day) => column.to_string(),
        (Engine::Postgres, Bucket::Week) => {
            format!("CAST(date_trunc('week', CAST({column} AS TIMESTAMP)) AS DATE)")
        }
        (Engine::Postgres, Bucket::Month) => {
            format!("CAST(date_trunc('month', CAST({column} AS TIMESTAMP)) AS DATE)")
        }
        // 'weekday 1' moves forward to the next Monday (or stays on one): from 6 days before, that is this week's.
        (Engine::Sqlite, Bucket::Week) => format!("date({column}, '-6 days', 'weekday 1')"),
        (Engine::Sqlite, Bucket::Month) => format!("date({column}, 'start of month')"),
    }
}

/// Calendar days from `early` to `late`, as a float (it multiplies money in a sum).
fn days_between(engine: Engine, late: &str, early: &str) -> String {
    match engine {
        Engine::Postgres => format!("CAST({late} - {early} AS DOUBLE PRECISION)"),
        Engine::Sqlite => format!("(julianday({late}) - julianday({early}))"),
    }
}

fn real(engine: Engine) -> &'static str {
    match engine {
        Engine::Postgres => "DOUBLE PRECISION",
        Engine::Sqlite => "REAL",
    }
}

/// The dimension's value of an installment.
fn key(dimension: Dimension) -> &'static str {
    match dimension {
        Dimension::Cliente => "r.client_id",
        Dimension::Forma => "i.payment_method",
        Dimension::Conta => "i.bank_account_id",
        Dimension::PlanoDeContas => "r.chart_account_id",
        Dimension::Origem => "r.origin",
    }
}

/// The client's name beside its id (nothing for the other dimensions).
fn name(dimension: Dimension) -> &'static str {
    match dimension {
        Dimension::Cliente => "MAX(r.client_name)",
        _ => "CAST(NULL AS TEXT)",
    }
}

/// What a period's sums are split by.
#[derive(Debug, Clone, Copy)]
pub enum Grouping<'a> {
    /// Each value of the dimension.
    By(Dimension),
    /// Each of these clients (the others left out).
    Clients(&'a [String]),
    /// Nothing: one sum per period.
    Total,
}

impl Grouping<'_> {
    fn key(self) -> &'static str {
        match self {
            Grouping::By(d) => key(d),
            Grouping::Clients(_) => key(Dimension::Cliente),
            Grouping::Total => "CAST(NULL AS TEXT)",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Grouping::By(d) => name(d),
            Grouping::Clients(_) => name(Dimension::Cliente),
            Grouping::Total => "CAST(NULL AS TEXT)",
        }
    }

    fn joins_receivable(self, filter: &ReportFilter) -> bool {
        match self {
            Grouping::By(d) => joins_receivable(d, filter),
            Grouping::Clients(_) => true,
            Grouping::Total => filter_reads_receivable(filter),
        }
    }

    /// The clients' restriction: $6, a JSON array of ids (one bind type for both engines).
    fn restriction(self, engine: Engine) -> &'static str {
        match (self, engine) {
            (Grouping::Clients(_), Engine::Postgres) => {
                " AND r.client_id = ANY(ARRAY(SELECT jsonb_array_elements_text(CAST($6 AS jsonb))))"
            }
            (Grouping::Clients(_), Engine::Sqlite) => {
                " AND r.client_id IN (SELECT value FROM json_each($6))"
            }
            _ => "",
        }
    }

    /// $6 for [`Grouping::Clients`].
    fn clients_json(self) -> Option<String> {
        match self {
            Grouping::Clients(ids) => Some(serde_json::to_string(ids).unwrap_or_default()),
            _ => None,
        }
    }
}

/// The filters' binds, then the clients' when the grouping has them.
macro_rules! bind_grouped {
    ($query:expr, $f:expr, $clients:expr) => {{
        let q = bind_filters!($query, $f);
        match $clients.clone() {
            Some(json) => q.bind(json),
            None => q,
        }
    }};
}

/// The filters, bound as $1 to $5, with the título joined as `r`.
const FILTERS: &str = "($1 IS NULL OR r.client_id = $1) AND ($2 IS NULL OR i.payment_method = $2) \
     AND ($3 IS NULL OR i.bank_account_id = $3) AND ($4 IS NULL OR r.origin = $4) \
     AND ($5 IS NULL OR r.chart_account_id = $5)";
/// The same without it (used when the título's filters are unset: they stay in the statement, bound, as
/// `receivable_id IN (…)`).
const FILTERS_NO_JOIN: &str =
    "($1 IS NULL OR i.receivable_id IN (SELECT id FROM finance_receivables WHERE client_id = $1)) \
     AND ($2 IS NULL OR i.payment_method = $2) AND ($3 IS NULL OR i.bank_account_id = $3) \
     AND ($4 IS NULL OR i.receivable_id IN (SELECT id FROM finance_receivables WHERE origin = $4)) \
     AND ($5 IS NULL OR i.receivable_id IN (SELECT id FROM finance_receivables WHERE chart_account_id = $5))";

/// Whether the título is read: by the dimension or by a filter.
fn joins_receivable(dimension: Dimension, filter: &ReportFilter) -> bool {
    matches!(
        dimension,
        Dimension::Cliente | Dimension::PlanoDeContas | Dimension::Origem
    ) || filter_reads_receivable(filter)
}

/// Whether a filter reads the título.
fn filter_reads_receivable(filter: &ReportFilter) -> bool {
    filter.client_id.is_some() || filter.origin.is_some() || filter.chart_account_id.is_some()
}

/// (FROM over the installments, the filters) for `grouping` and `filter`.
fn installments_from(grouping: Grouping, filter: &ReportFilter) -> (&'static str, &'static str) {
    if grouping.joins_receivable(filter) {
        (FROM_INSTALLMENTS, FILTERS)
    } else {
        (FROM_INSTALLMENTS_ONLY, FILTERS_NO_JOIN)
    }
}

/// (FROM over the receipts, the filters) for `grouping` and `filter`.
fn receipts_from(grouping: Grouping, filter: &ReportFilter) -> (&'static str, &'static str) {
    if grouping.joins_receivable(filter) {
        (FROM_RECEIPTS, FILTERS)
    } else {
        (FROM_RECEIPTS_ONLY, FILTERS_NO_JOIN)
    }
}

macro_rules! bind_filters {
    ($query:expr, $f:expr) => {
        $query
            .bind($f.client_id.clone())
            .bind($f.payment_method.map(|m| m.as_str()))
            .bind($f.bank_account_id.clone())
            .bind($f.origin.map(|o| o.as_str()))
            .bind($f.chart_account_id.clone())
    };
}

fn open_states() -> String {
    sql_states(&InstallmentStatus::OPEN)
}

fn closed_unpaid_states() -> String {
    sql_states(&[InstallmentStatus::Cancelado, InstallmentStatus::Renegociado])
}

/// Per period (of the due date) × dimension value, over the installments due in `from..=to`: previsto (cancelled
/// and renegotiated installments count for what they received), em aberto and vencido (open saldo on either side
/// of `cutoff`).
pub async fn due_by_period(
    db: &Db,
    from: NaiveDate,
    to: NaiveDate,
    bucket: Bucket,
    grouping: Grouping<'_>,
    cutoff: NaiveDate,
    filter: &ReportFilter,
) -> Result<Vec<ReportCell>> {
    let engine = db.engine();
    let (open, closed, cutoff) = (open_states(), closed_unpaid_states(), lit(cutoff));
    let balance = "i.value_cents - i.received_cents";
    let (from_clause, filters) = installments_from(grouping, filter);
    let sql = format!(
        "SELECT {period} AS period, {key} AS dim, {name} AS name, \
         CAST(SUM(CASE WHEN i.status IN ({closed}) THEN i.received_cents ELSE i.value_cents END) AS BIGINT), \
         CAST(SUM(CASE WHEN i.status IN ({open}) AND i.due_date > {cutoff} THEN {balance} ELSE 0 END) AS BIGINT), \
         CAST(SUM(CASE WHEN i.status IN ({open}) AND i.due_date <= {cutoff} THEN {balance} ELSE 0 END) AS BIGINT) \
         FROM {from_clause} WHERE i.due_date >= {from} AND i.due_date <= {to} AND {filters}{only} \
         GROUP BY 1, 2",
        period = period(engine, bucket, "i.due_date"),
        key = grouping.key(),
        name = grouping.name(),
        only = grouping.restriction(engine),
        from = lit(from),
        to = lit(to),
    );
    let clients = grouping.clients_json();
    let rows: Vec<DueRow> = on_report_conn!(db, conn => bind_grouped!(sqlx::query_as(&sql), filter, clients)
        .fetch_all(&mut *conn)
        .await?);
    Ok(rows
        .into_iter()
        .map(|(period, key, name, expected, open, overdue)| ReportCell {
            period,
            key,
            name,
            figures: Figures {
                expected_cents: expected,
                open_cents: open,
                overdue_cents: overdue,
                ..Figures::default()
            },
        })
        .collect())
}

/// The `n` clients with the most previsto (due in `from..=to`, as [`due_by_period`] sums it), largest first, and how
/// many clients have installments due in the range at all.
pub async fn top_clients(
    db: &Db,
    from: NaiveDate,
    to: NaiveDate,
    n: usize,
    filter: &ReportFilter,
) -> Result<(Vec<String>, i64)> {
    let closed = closed_unpaid_states();
    let sql = format!(
        "SELECT dim, CAST(COUNT(*) OVER () AS BIGINT) FROM (SELECT r.client_id AS dim, \
         SUM(CASE WHEN i.status IN ({closed}) THEN i.received_cents ELSE i.value_cents END) AS total \
         FROM {FROM_INSTALLMENTS} WHERE i.due_date >= {from} AND i.due_date <= {to} AND {FILTERS} GROUP BY 1) t \
         ORDER BY total DESC, dim LIMIT {n}",
        from = lit(from),
        to = lit(to),
    );
    let rows: Vec<(String, i64)> = on_report_conn!(db, conn => bind_filters!(sqlx::query_as(&sql), filter)
        .fetch_all(&mut *conn)
        .await?);
    let count = rows.first().map(|r| r.1).unwrap_or(0);
    Ok((rows.into_iter().map(|r| r.0).collect(), count))
}

/// Which date of a receipt places it in a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReceiptDate {
    /// Its installment's due date.
    Due,
    /// Its own date.
    Paid,
}

/// Per period × dimension value, the live receipts (a reversed one never counts) whose `date` falls in
/// `from..=to`: their principal, and Σ principal × days from the due date (the prazo médio's numerator).
#[allow(clippy::too_many_arguments)]
pub async fn received_by_period(
    db: &Db,
    from: NaiveDate,
    to: NaiveDate,
    date: ReceiptDate,
    bucket: Bucket,
    grouping: Grouping<'_>,
    filter: &ReportFilter,
) -> Result<Vec<ReportCell>> {
    let engine = db.engine();
    let column = match date {
        ReceiptDate::Due => "i.due_date",
        ReceiptDate::Paid => "p.date",
    };
    let (from_clause, filters) = receipts_from(grouping, filter);
    let sql = format!(
        "SELECT {period} AS period, {key} AS dim, {name} AS name, CAST(SUM(p.principal_cents) AS BIGINT), \
         SUM(CAST(p.principal_cents AS {real}) * {days}) \
         FROM {from_clause} WHERE p.reversed_at IS NULL AND {column} >= {from} AND {column} <= {to} \
         AND {filters}{only} GROUP BY 1, 2",
        period = period(engine, bucket, column),
        key = grouping.key(),
        name = grouping.name(),
        only = grouping.restriction(engine),
        real = real(engine),
        days = days_between(engine, "p.date", "i.due_date"),
        from = lit(from),
        to = lit(to),
    );
    let clients = grouping.clients_json();
    let rows: Vec<ReceivedRow> = on_report_conn!(db, conn => bind_grouped!(sqlx::query_as(&sql), filter, clients)
        .fetch_all(&mut *conn)
        .await?);
    Ok(rows
        .into_iter()
        .map(|(period, key, name, received, weighted)| ReportCell {
            period,
            key,
            name,
            figures: Figures {
                received_cents: received,
                weighted_days: weighted,
                weighted_cents: received,
                ..Figures::default()
            },
        })
        .collect())
}

/// Per dimension value, the open saldo of every open installment in each aging bucket of `edges`.
pub async fn aging(
    db: &Db,
    edges: &AgingEdges,
    dimension: Dimension,
    filter: &ReportFilter,
) -> Result<Vec<AgingRow>> {
    let balance = "i.value_cents - i.received_cents";
    let sums: Vec<String> = edges
        .edges
        .iter()
        .map(|(_, from, to)| {
            let mut when = vec!["1 = 1".to_string()];
            if let Some(from) = from {
                when.push(format!("i.due_date >= {}", lit(*from)));
            }
            if let Some(to) = to {
                when.push(format!("i.due_date <= {}", lit(*to)));
            }
            format!(
                "CAST(SUM(CASE WHEN {} THEN {balance} ELSE 0 END) AS BIGINT)",
                when.join(" AND ")
            )
        })
        .collect();
    let (from_clause, filters) = installments_from(Grouping::By(dimension), filter);
    let sql = format!(
        "SELECT {key} AS dim, {name} AS name, {sums} FROM {from_clause} \
         WHERE i.status IN ({open}) AND i.value_cents > i.received_cents AND {filters} GROUP BY 1",
        key = key(dimension),
        name = name(dimension),
        sums = sums.join(", "),
        open = open_states(),
    );
    let n = edges.edges.len();
    on_report_conn!(db, conn => {
        let rows = bind_filters!(sqlx::query(&sql), filter).fetch_all(&mut *conn).await?;
        rows.iter()
            .map(|row| {
                Ok(AgingRow {
                    key: row.try_get(0)?,
                    name: row.try_get(1)?,
                    amounts: (0..n).map(|i| row.try_get::<i64, _>(i + 2)).collect::<Result<Vec<_>>>()?,
                })
            })
            .collect::<Result<Vec<_>>>()
    })
}

/// The opening balance of the active accounts (or `account_id`) plus the live receipts credited to them and minus
/// the live payments made from them, from their opening date to `today`.
pub async fn system_balance(db: &Db, account_id: Option<&str>, today: NaiveDate) -> Result<i64> {
    let opening =
        "SELECT CAST(COALESCE(SUM(opening_balance), 0) AS BIGINT) FROM finance_bank_accounts \
         WHERE active = TRUE AND ($1 IS NULL OR id = $1)";
    let received = format!(
        "SELECT CAST(COALESCE(SUM(p.amount_cents), 0) AS BIGINT) FROM finance_receipts p \
         JOIN finance_bank_accounts b ON b.id = p.bank_account_id \
         WHERE p.reversed_at IS NULL AND b.active = TRUE AND ($1 IS NULL OR b.id = $1) \
         AND p.date >= b.opening_date AND p.date <= {}",
        lit(today)
    );
    let paid = format!(
        "SELECT CAST(COALESCE(SUM(p.amount_cents), 0) AS BIGINT) FROM finance_payments p \
         JOIN finance_bank_accounts b ON b.id = p.bank_account_id \
         WHERE p.reversed_at IS NULL AND b.active = TRUE AND ($1 IS NULL OR b.id = $1) \
         AND p.date >= b.opening_date AND p.date <= {}",
        lit(today)
    );
    on_report_conn!(db, conn => {
        let a: i64 = sqlx::query_scalar(opening).bind(account_id).fetch_one(&mut *conn).await?;
        let b: i64 = sqlx::query_scalar(&received).bind(account_id).fetch_one(&mut *conn).await?;
        let c: i64 = sqlx::query_scalar(&paid).bind(account_id).fetch_one(&mut *conn).await?;
        Ok(a + b - c)
    })
}

/// What is still to be paid of the open payable installments (drafts included; paid, cancelled and those of a
/// cancelled payable left out), per payment date (the scheduled date, else the due date) up to `to`, of
/// `account_id`'s when given.
pub async fn payables_by_date(
    db: &Db,
    to: NaiveDate,
    account_id: Option<&str>,
) -> Result<Vec<(NaiveDate, i64)>> {
    let sql = format!(
        "SELECT COALESCE(i.scheduled_date, i.due_date) AS day, \
         CAST(SUM(CASE WHEN i.amount_cents > i.paid_cents THEN i.amount_cents - i.paid_cents ELSE 0 END) AS BIGINT) \
         FROM finance_payable_installments i JOIN finance_payables p ON p.id = i.payable_id \
         WHERE i.status NOT IN ('PAGO', 'CANCELADO') AND p.status <> 'CANCELADA' \
         AND COALESCE(i.scheduled_date, i.due_date) <= {to} AND ($1 IS NULL OR i.bank_account_id = $1) GROUP BY 1",
        to = lit(to),
    );
    on_report_conn!(db, conn => sqlx::query_as(&sql).bind(account_id).fetch_all(&mut *conn).await)
}

/// The states of a live boleto (one per installment at most).
const LIVE_BOLETO: &str = "'EMITIDO', 'EM_REMESSA', 'REGISTRADO', 'BAIXA_SOLICITADA', 'PROTESTADO'";

/// The open saldo of the open installments (of `account_id`'s, when given) per due date in `from..=to`, per client
/// when `by_client`, and per compensação (D+n business days of the convênio of the installment's live boleto; 0
/// without one).
pub async fn open_by_due_date(
    db: &Db,
    from: NaiveDate,
    to: NaiveDate,
    account_id: Option<&str>,
    by_client: bool,
) -> Result<Vec<(NaiveDate, Option<String>, i64, i64)>> {
    // The título only for its client.
    let (client, from_clause) = if by_client {
        ("r.client_id", FROM_INSTALLMENTS)
    } else {
        ("CAST(NULL AS TEXT)", FROM_INSTALLMENTS_ONLY)
    };
    let sql = format!(
        "SELECT i.due_date, {client}, CAST(COALESCE(a.settlement_days, 0) AS BIGINT), \
         CAST(SUM(i.value_cents - i.received_cents) AS BIGINT) \
         FROM {from_clause} \
         LEFT JOIN finance_boletos b ON b.installment_id = i.id AND b.status IN ({LIVE_BOLETO}) \
         LEFT JOIN finance_collection_agreements a ON a.id = b.agreement_id \
         WHERE i.status IN ({open}) AND i.value_cents > i.received_cents \
         AND i.due_date >= {from} AND i.due_date <= {to} AND ($1 IS NULL OR i.bank_account_id = $1) GROUP BY 1, 2, 3",
        open = open_states(),
        from = lit(from),
        to = lit(to),
    );
    on_report_conn!(db, conn => sqlx::query_as(&sql).bind(account_id).fetch_all(&mut *conn).await)
}

/// The open saldo overdue (due on or before `cutoff`), of `account_id`'s installments when given.
pub async fn overdue_balance(db: &Db, cutoff: NaiveDate, account_id: Option<&str>) -> Result<i64> {
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(i.value_cents - i.received_cents), 0) AS BIGINT) \
         FROM finance_receivable_installments i WHERE i.status IN ({open}) AND i.value_cents > i.received_cents \
         AND i.due_date <= {cutoff} AND ($1 IS NULL OR i.bank_account_id = $1)",
        open = open_states(),
        cutoff = lit(cutoff),
    );
    on_report_conn!(db, conn => sqlx::query_scalar(&sql).bind(account_id).fetch_one(&mut *conn).await)
}

/// Per client, over the installments due in `from..=to` (cancelled and renegotiated ones left out): the value
/// due, and of their live receipts the principal paid within 90 days of the due date, Σ principal × delay and Σ
/// principal.
pub async fn client_history(
    db: &Db,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<(String, i64, i64, f64, i64)>> {
    let engine = db.engine();
    let closed = closed_unpaid_states();
    let due = format!(
        "SELECT r.client_id, CAST(SUM(i.value_cents) AS BIGINT) FROM {FROM_INSTALLMENTS} \
         WHERE i.status NOT IN ({closed}) AND i.due_date >= {from} AND i.due_date <= {to} GROUP BY 1",
        from = lit(from),
        to = lit(to),
    );
    let days = days_between(engine, "p.date", "i.due_date");
    let paid = format!(
        "SELECT r.client_id, \
         CAST(SUM(CASE WHEN {days} <= 90 THEN p.principal_cents ELSE 0 END) AS BIGINT), \
         SUM(CAST(p.principal_cents AS {real}) * {days}), CAST(SUM(p.principal_cents) AS BIGINT) \
         FROM {FROM_RECEIPTS} WHERE p.reversed_at IS NULL AND i.status NOT IN ({closed}) \
         AND i.due_date >= {from} AND i.due_date <= {to} GROUP BY 1",
        real = real(engine),
        from = lit(from),
        to = lit(to),
    );
    // The two sums at once, each on its own connection.
    let (due, paid): (Vec<(String, i64)>, Vec<PaidRow>) = futures::future::try_join(
        async {
            Ok::<_, sqlx::Error>(
                on_report_conn!(db, conn => sqlx::query_as(&due).fetch_all(&mut *conn).await?),
            )
        },
        async {
            Ok::<_, sqlx::Error>(
                on_report_conn!(db, conn => sqlx::query_as(&paid).fetch_all(&mut *conn).await?),
            )
        },
    )
    .await?;
    let mut paid: std::collections::HashMap<String, (i64, f64, i64)> = paid
        .into_iter()
        .map(|(client, within, weighted, sum)| (client, (within, weighted, sum)))
        .collect();
    Ok(due
        .into_iter()
        .map(|(client, due)| {
            let (within, weighted, sum) = paid.remove(&client).unwrap_or((0, 0.0, 0));
            (client, due, within, weighted, sum)
        })
        .collect())
}
