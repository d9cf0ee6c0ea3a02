//! `finance_statement_lines`, `finance_reconciliation_matches` and `_items`, and the candidates reconciliation
//! reads from the receivables' tables.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::Stamp;

type Result<T> = std::result::Result<T, sqlx::Error>;

/// A stored statement line.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LineRow {
    pub id: String,
    pub bank_account_id: String,
    pub fitid_key: String,
    pub fitid: String,
    pub posted: NaiveDate,
    pub amount_cents: i64,
    pub memo: String,
    pub status: String,
    pub match_id: Option<String>,
    pub ignore_reason: Option<String>,
    pub file_name: String,
    pub version: i64,
}

const LINE_COLUMNS: &str =
    "id, bank_account_id, fitid_key, fitid, posted, amount_cents, memo, status, match_id, \
     ignore_reason, file_name, version";

/// A stored match.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchRow {
    pub id: String,
    pub bank_account_id: String,
    pub status: String,
    pub shape: String,
    pub score: i64,
    pub reasons: String,
    pub automatic: bool,
    pub lines_cents: i64,
    pub targets_cents: i64,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub confirmed_by: Option<String>,
    pub confirmed_by_name: Option<String>,
    pub undone_at: Option<DateTime<Utc>>,
    pub undone_reason: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
}

const MATCH_COLUMNS: &str = "id, bank_account_id, status, shape, score, reasons, automatic, lines_cents, \
     targets_cents, confirmed_at, confirmed_by, confirmed_by_name, undone_at, undone_reason, version, created_at";

/// What a match links.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ItemRow {
    pub match_id: String,
    /// LINHA, PARCELA or RECEBIMENTO.
    pub kind: String,
    pub ref_id: String,
    pub amount_cents: i64,
    pub label: String,
    pub created_receipt_id: Option<String>,
}

/// A receipt not yet reconciled, with its título for the engine.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReceiptCandidate {
    pub id: String,
    pub date: NaiveDate,
    pub amount_cents: i64,
    pub number: String,
    pub client_name: String,
    pub client_document: String,
}

pub async fn auto_reconcile(db: &Db, account_id: &str) -> Result<Option<bool>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT auto_reconcile FROM finance_bank_accounts WHERE id = $1",
    )
    .bind(account_id)
    .fetch_optional(pool)
    .await)
}

pub async fn set_auto_reconcile(tx: &mut Tx, account_id: &str, on: bool) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query("UPDATE finance_bank_accounts SET auto_reconcile = $1 WHERE id = $2")
        .bind(on)
        .bind(account_id)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected() == 1))
}

/// Inserts a line unless (account, fitid_key) is already there: whether it was new.
pub async fn insert_line(tx: &mut Tx, l: &LineRow, stamp: &Stamp<'_>) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_statement_lines ({LINE_COLUMNS}, created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $13, $14) \
         ON CONFLICT (bank_account_id, fitid_key) DO NOTHING"
    ))
    .bind(&l.id)
    .bind(&l.bank_account_id)
    .bind(&l.fitid_key)
    .bind(&l.fitid)
    .bind(l.posted)
    .bind(l.amount_cents)
    .bind(&l.memo)
    .bind(&l.status)
    .bind(&l.match_id)
    .bind(&l.ignore_reason)
    .bind(&l.file_name)
    .bind(l.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}

/// The account's lines (of `status` when given), newest first, one page, and how many there are.
pub async fn lines(
    db: &Db,
    account_id: &str,
    status: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<LineRow>, i64)> {
    let sql = format!(
        "SELECT {LINE_COLUMNS} FROM finance_statement_lines WHERE bank_account_id = $1 \
         AND ($2 IS NULL OR status = $2) ORDER BY posted DESC, id LIMIT $3 OFFSET $4"
    );
    let count = "SELECT COUNT(*) FROM finance_statement_lines WHERE bank_account_id = $1 \
         AND ($2 IS NULL OR status = $2)";
    on_db!(db, pool => {
        let rows: Vec<LineRow> = sqlx::query_as(&sql)
            .bind(account_id).bind(status).bind(limit).bind(offset).fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(count).bind(account_id).bind(status).fetch_one(pool).await?;
        Ok((rows, total))
    })
}

pub async fn pending_lines(db: &Db, account_id: &str) -> Result<Vec<LineRow>> {
    let sql = format!(
        "SELECT {LINE_COLUMNS} FROM finance_statement_lines WHERE bank_account_id = $1 AND status = 'PENDENTE' \
         ORDER BY posted, id"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(account_id).fetch_all(pool).await)
}

pub async fn line_by_id(db: &Db, id: &str) -> Result<Option<LineRow>> {
    let sql = format!("SELECT {LINE_COLUMNS} FROM finance_statement_lines WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

/// Opening balance plus every line since the opening date; the count of pending lines.
pub async fn statement_balance(db: &Db, account_id: &str) -> Result<(i64, i64)> {
    on_db!(db, pool => {
        let balance: i64 = sqlx::query_scalar(
            "SELECT CAST(b.opening_balance + COALESCE((SELECT SUM(l.amount_cents) FROM finance_statement_lines l \
             WHERE l.bank_account_id = b.id AND l.posted >= b.opening_date), 0) AS BIGINT) \
             FROM finance_bank_accounts b WHERE b.id = $1",
        )
        .bind(account_id)
        .fetch_one(pool)
        .await?;
        let pending: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM finance_statement_lines WHERE bank_account_id = $1 AND status = 'PENDENTE'",
        )
        .bind(account_id)
        .fetch_one(pool)
        .await?;
        Ok((balance, pending))
    })
}

/// The engine's earlier suggestions for the account go: a run recomputes them.
pub async fn delete_suggestions(tx: &mut Tx, account_id: &str) -> Result<()> {
    on_tx!(tx, conn => {
        sqlx::query(
            "DELETE FROM finance_reconciliation_items WHERE match_id IN (SELECT id FROM \
             finance_reconciliation_matches WHERE bank_account_id = $1 AND status = 'SUGERIDA')",
        )
        .bind(account_id)
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "DELETE FROM finance_reconciliation_matches WHERE bank_account_id = $1 AND status = 'SUGERIDA'",
        )
        .bind(account_id)
        .execute(&mut *conn)
        .await
        .map(|_| ())
    })
}

/// The suggestions that name a line (ignoring it drops them).
pub async fn delete_suggestions_of_line(tx: &mut Tx, line_id: &str) -> Result<()> {
    let ids = "SELECT m.id FROM finance_reconciliation_matches m JOIN finance_reconciliation_items it \
         ON it.match_id = m.id WHERE it.kind = 'LINHA' AND it.ref_id = $1 AND m.status = 'SUGERIDA'";
    on_tx!(tx, conn => {
        let ids: Vec<String> = sqlx::query_scalar(ids).bind(line_id).fetch_all(&mut *conn).await?;
        for id in ids {
            sqlx::query("DELETE FROM finance_reconciliation_items WHERE match_id = $1")
                .bind(&id).execute(&mut *conn).await?;
            sqlx::query("DELETE FROM finance_reconciliation_matches WHERE id = $1")
                .bind(&id).execute(&mut *conn).await?;
        }
        Ok(())
    })
}

pub async fn insert_match(
    tx: &mut Tx,
    m: &MatchRow,
    items: &[ItemRow],
    stamp: &Stamp<'_>,
) -> Result<()> {
    on_tx!(tx, conn => {
        sqlx::query(&format!(
            "INSERT INTO finance_reconciliation_matches ({MATCH_COLUMNS}, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
        ))
        .bind(&m.id)
        .bind(&m.bank_account_id)
        .bind(&m.status)
        .bind(&m.shape)
        .bind(m.score)
        .bind(&m.reasons)
        .bind(m.automatic)
        .bind(m.lines_cents)
        .bind(m.targets_cents)
        .bind(m.confirmed_at)
        .bind(&m.confirmed_by)
        .bind(&m.confirmed_by_name)
        .bind(m.undone_at)
        .bind(&m.undone_reason)
        .bind(m.version)
        .bind(m.created_at)
        .bind(stamp.by)
        .execute(&mut *conn)
        .await?;
        for it in items {
            sqlx::query(
                "INSERT INTO finance_reconciliation_items (match_id, kind, ref_id, amount_cents, label, \
                 created_receipt_id) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&it.match_id)
            .bind(&it.kind)
            .bind(&it.ref_id)
            .bind(it.amount_cents)
            .bind(&it.label)
            .bind(&it.created_receipt_id)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    })
}

pub async fn match_by_id(db: &Db, id: &str) -> Result<Option<MatchRow>> {
    let sql = format!("SELECT {MATCH_COLUMNS} FROM finance_reconciliation_matches WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

/// Suggestions whose lines are all still pending (another suggestion of the same line may have been accepted).
const LIVE: &str = "($2 <> 'SUGERIDA' OR NOT EXISTS (SELECT 1 FROM finance_reconciliation_items li \
     JOIN finance_statement_lines l ON l.id = li.ref_id WHERE li.match_id = m.id AND li.kind = 'LINHA' \
     AND l.status <> 'PENDENTE'))";

/// The account's matches of `status`, best score first for suggestions, newest first otherwise (suggestions of a
/// line that is no longer pending left out).
pub async fn matches(db: &Db, account_id: &str, status: &str) -> Result<Vec<MatchRow>> {
    let sql = format!(
        "SELECT {MATCH_COLUMNS} FROM finance_reconciliation_matches m WHERE bank_account_id = $1 AND status = $2 \
         AND {LIVE} ORDER BY score DESC, confirmed_at DESC, id"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(account_id).bind(status).fetch_all(pool).await)
}

/// The items of the account's matches of `status`.
pub async fn items(db: &Db, account_id: &str, status: &str) -> Result<Vec<ItemRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT it.match_id, it.kind, it.ref_id, it.amount_cents, it.label, it.created_receipt_id \
         FROM finance_reconciliation_items it JOIN finance_reconciliation_matches m ON m.id = it.match_id \
         WHERE m.bank_account_id = $1 AND m.status = $2 ORDER BY it.match_id, it.kind, it.ref_id",
    )
    .bind(account_id)
    .bind(status)
    .fetch_all(pool)
    .await)
}

pub async fn items_of(db: &Db, match_id: &str) -> Result<Vec<ItemRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT match_id, kind, ref_id, amount_cents, label, created_receipt_id \
         FROM finance_reconciliation_items WHERE match_id = $1 ORDER BY kind, ref_id",
    )
    .bind(match_id)
    .fetch_all(pool)
    .await)
}

/// SUGERIDA → CONFIRMADA by `name`; false when it is no longer a suggestion.
pub async fn confirm(tx: &mut Tx, id: &str, name: &str, stamp: &Stamp<'_>) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_reconciliation_matches SET status = 'CONFIRMADA', confirmed_at = $1, confirmed_by = $2, \
         confirmed_by_name = $3, version = version + 1 WHERE id = $4 AND status = 'SUGERIDA'",
    )
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(name)
    .bind(id)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}

/// CONFIRMADA → DESFEITA with the reason; false when it is not confirmed (any more).
pub async fn undo(tx: &mut Tx, id: &str, reason: &str, stamp: &Stamp<'_>) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_reconciliation_matches SET status = 'DESFEITA', undone_at = $1, undone_by = $2, \
         undone_reason = $3, version = version + 1 WHERE id = $4 AND status = 'CONFIRMADA'",
    )
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(reason)
    .bind(id)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}

/// Pending lines → CONCILIADO under the match: how many moved (fewer than asked means one was taken).
pub async fn settle_lines(
    tx: &mut Tx,
    ids: &[String],
    match_id: &str,
    stamp: &Stamp<'_>,
) -> Result<u64> {
    let mut n = 0;
    for id in ids {
        n += on_tx!(tx, conn => sqlx::query(
            "UPDATE finance_statement_lines SET status = 'CONCILIADO', match_id = $1, version = version + 1, \
             updated_at = $2, updated_by = $3 WHERE id = $4 AND status = 'PENDENTE'",
        )
        .bind(match_id)
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(id)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?;
    }
    Ok(n)
}

/// The match's lines back to PENDENTE.
pub async fn reopen_lines(tx: &mut Tx, match_id: &str, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_statement_lines SET status = 'PENDENTE', match_id = NULL, version = version + 1, \
         updated_at = $1, updated_by = $2 WHERE match_id = $3 AND status = 'CONCILIADO'",
    )
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(match_id)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn ignore_line(tx: &mut Tx, id: &str, reason: &str, stamp: &Stamp<'_>) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_statement_lines SET status = 'IGNORADO', ignore_reason = $1, version = version + 1, \
         updated_at = $2, updated_by = $3 WHERE id = $4 AND status = 'PENDENTE'",
    )
    .bind(reason)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(id)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}

pub async fn set_created_receipt(
    tx: &mut Tx,
    match_id: &str,
    installment_id: &str,
    receipt_id: &str,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_reconciliation_items SET created_receipt_id = $1 \
         WHERE match_id = $2 AND kind = 'PARCELA' AND ref_id = $3",
    )
    .bind(receipt_id)
    .bind(match_id)
    .bind(installment_id)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Live receipts credited to the account that no confirmed match names and that no match created.
pub async fn unreconciled_receipts(db: &Db, account_id: &str) -> Result<Vec<ReceiptCandidate>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT p.id, p.date, p.amount_cents, r.number, r.client_name, r.client_document \
         FROM finance_receipts p JOIN finance_receivable_installments i ON i.id = p.installment_id \
         JOIN finance_receivables r ON r.id = i.receivable_id \
         WHERE p.bank_account_id = $1 AND p.reversed_at IS NULL AND p.source <> 'CONCILIACAO' \
         AND NOT EXISTS (SELECT 1 FROM finance_reconciliation_items it JOIN finance_reconciliation_matches m \
           ON m.id = it.match_id WHERE it.kind = 'RECEBIMENTO' AND it.ref_id = p.id AND m.status = 'CONFIRMADA')",
    )
    .bind(account_id)
    .fetch_all(pool)
    .await)
}

/// Whether a confirmed match already names this target (a receipt or an installment settled by one).
pub async fn target_taken(
    tx: &mut Tx,
    kind: &str,
    ref_id: &str,
    except_match: &str,
) -> Result<Option<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT m.confirmed_by_name FROM finance_reconciliation_items it JOIN finance_reconciliation_matches m \
         ON m.id = it.match_id WHERE it.kind = $1 AND it.ref_id = $2 AND m.status = 'CONFIRMADA' AND m.id <> $3 \
         AND (it.kind = 'RECEBIMENTO' OR it.created_receipt_id IS NOT NULL)",
    )
    .bind(kind)
    .bind(ref_id)
    .bind(except_match)
    .fetch_optional(&mut *conn)
    .await)
    .map(|o: Option<Option<String>>| o.map(|n| n.unwrap_or_default()))
}

pub async fn line_in(tx: &mut Tx, id: &str) -> Result<Option<LineRow>> {
    let sql = format!("SELECT {LINE_COLUMNS} FROM finance_statement_lines WHERE id = $1");
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(id).fetch_optional(&mut *conn).await)
}

/// Opening balance plus the lines from the opening date to `day`: what the imported statement says on that day.
pub async fn statement_balance_on(db: &Db, account_id: &str, day: NaiveDate) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT CAST(b.opening_balance + COALESCE((SELECT SUM(l.amount_cents) FROM finance_statement_lines l \
         WHERE l.bank_account_id = b.id AND l.posted >= b.opening_date AND l.posted <= $2), 0) AS BIGINT) \
         FROM finance_bank_accounts b WHERE b.id = $1",
    )
    .bind(account_id)
    .bind(day)
    .fetch_one(pool)
    .await)
}
