//! `finance_payables`, `finance_payable_allocations`, `finance_payable_installments` and `finance_payments`.
//!
//! An installment's `paid_cents`, `charges_cents` and `paid_at` are its live payment's, written in the transaction
//! that adds or reverses the payment; its state and version change with it.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::text::{alphanumerics, fold};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::payable::{
    AgendaFilter, AgendaTotals, Allocation, DocumentKind, Payable, PayableFilter,
    PayableInstallment, PayableInstallmentStatus, PayableMethod, PayableOrigin, PayableStatus,
    PayableTotals, PayeeSnapshot, Payment, PaymentData, PaymentRecord, PaymentSource,
};
use crate::domain::{PixKey, PixKeyType};

type Result<T> = std::result::Result<T, sqlx::Error>;

fn decode<T>(what: &str, text: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T> {
    parse(text).ok_or_else(|| sqlx::Error::Decode(format!("unknown {what} {text}").into()))
}

/// `text` as a LIKE pattern that finds it anywhere, its `%`, `_` and `\` taken literally.
fn contains(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// Enum constants as SQL literals (never input).
fn in_list<'a>(values: impl IntoIterator<Item = &'a str>) -> String {
    values
        .into_iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `q` folded as a pattern, and, when it has a digit, its characters as a document pattern.
fn search(q: Option<&str>) -> (Option<String>, Option<String>) {
    let text = q.map(fold).filter(|q| !q.is_empty()).map(|q| contains(&q));
    let document = q
        .filter(|q| q.chars().any(|c| c.is_ascii_digit()))
        .map(|q| alphanumerics(q).to_uppercase())
        .filter(|d| !d.is_empty())
        .map(|d| format!("%{d}%"));
    (text, document)
}

// ---- payables ----

const PAYABLE_COLUMNS: &str = "p.id, p.number, p.supplier_id, p.client_id, p.payee_name, p.payee_document, \
     p.document_kind, p.document_number, p.document_series, p.nfe_key, p.description, p.chart_account_id, \
     p.competence, p.issue_date, p.total_cents, p.origin, p.origin_id, p.block_reason, p.block_source, p.status, \
     p.approval_requested, p.returned, p.returned_comment, p.approved_at, p.approved_by, p.cancel_reason, \
     p.duplicate_reason, p.editors, p.version, p.created_at, p.created_by";

#[derive(sqlx::FromRow)]
struct PayableRow {
    id: String,
    number: String,
    supplier_id: Option<String>,
    client_id: Option<String>,
    payee_name: String,
    payee_document: String,
    document_kind: String,
    document_number: Option<String>,
    document_series: Option<String>,
    nfe_key: Option<String>,
    description: String,
    chart_account_id: String,
    competence: String,
    issue_date: NaiveDate,
    total_cents: i64,
    origin: String,
    origin_id: Option<String>,
    block_reason: Option<String>,
    block_source: Option<String>,
    status: String,
    approval_requested: bool,
    returned: bool,
    returned_comment: Option<String>,
    approved_at: Option<DateTime<Utc>>,
    approved_by: Option<String>,
    cancel_reason: Option<String>,
    duplicate_reason: Option<String>,
    editors: String,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl PayableRow {
    fn into_payable(self) -> Result<Payable> {
        Ok(Payable {
            document_kind: decode("document kind", &self.document_kind, DocumentKind::parse)?,
            origin: decode("origin", &self.origin, PayableOrigin::parse)?,
            status: decode("status", &self.status, PayableStatus::parse)?,
            editors: self
                .editors
                .split('|')
                .filter(|e| !e.is_empty())
                .map(String::from)
                .collect(),
            id: self.id,
            number: self.number,
            supplier_id: self.supplier_id,
            client_id: self.client_id,
            payee_name: self.payee_name,
            payee_document: self.payee_document,
            document_number: self.document_number,
            document_series: self.document_series,
            nfe_key: self.nfe_key,
            description: self.description,
            chart_account_id: self.chart_account_id,
            competence: self.competence,
            issue_date: self.issue_date,
            total_cents: self.total_cents,
            origin_id: self.origin_id,
            block_reason: self.block_reason,
            block_source: self.block_source,
            approval_requested: self.approval_requested,
            returned: self.returned,
            returned_comment: self.returned_comment,
            approved_at: self.approved_at,
            approved_by: self.approved_by,
            cancel_reason: self.cancel_reason,
            duplicate_reason: self.duplicate_reason,
            version: self.version,
            created_at: self.created_at,
            created_by: self.created_by,
        })
    }
}

fn editors(p: &Payable) -> String {
    if p.editors.is_empty() {
        "|".to_string()
    } else {
        format!("|{}|", p.editors.join("|"))
    }
}

fn search_text(p: &Payable) -> String {
    [
        fold(&p.number),
        fold(&p.payee_name),
        p.document_number.as_deref().map(fold).unwrap_or_default(),
        p.payee_document.to_lowercase(),
        fold(&p.description),
    ]
    .join(" | ")
}

pub async fn insert_payable(tx: &mut Tx, p: &Payable, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_payables (id, number, supplier_id, client_id, payee_name, payee_document, payee_sort, \
         search_text, document_kind, document_number, document_series, nfe_key, description, chart_account_id, \
         competence, issue_date, total_cents, origin, origin_id, block_reason, block_source, status, \
         approval_requested, returned, returned_comment, approved_at, approved_by, cancel_reason, duplicate_reason, \
         editors, version, created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $32, $33)",
    )
    .bind(&p.id)
    .bind(&p.number)
    .bind(&p.supplier_id)
    .bind(&p.client_id)
    .bind(&p.payee_name)
    .bind(&p.payee_document)
    .bind(fold(&p.payee_name))
    .bind(search_text(p))
    .bind(p.document_kind.as_str())
    .bind(&p.document_number)
    .bind(&p.document_series)
    .bind(&p.nfe_key)
    .bind(&p.description)
    .bind(&p.chart_account_id)
    .bind(&p.competence)
    .bind(p.issue_date)
    .bind(p.total_cents)
    .bind(p.origin.as_str())
    .bind(&p.origin_id)
    .bind(&p.block_reason)
    .bind(&p.block_source)
    .bind(p.status.as_str())
    .bind(p.approval_requested)
    .bind(p.returned)
    .bind(&p.returned_comment)
    .bind(p.approved_at)
    .bind(&p.approved_by)
    .bind(&p.cancel_reason)
    .bind(&p.duplicate_reason)
    .bind(editors(p))
    .bind(p.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes every field of `p` (its version + 1) if the stored version is still `p.version`.
pub async fn update_payable(tx: &mut Tx, p: &Payable, stamp: &Stamp<'_>) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_payables SET supplier_id = $1, client_id = $2, payee_name = $3, payee_document = $4, \
         payee_sort = $5, search_text = $6, document_kind = $7, document_number = $8, document_series = $9, \
         nfe_key = $10, description = $11, chart_account_id = $12, competence = $13, issue_date = $14, \
         total_cents = $15, block_reason = $16, block_source = $17, status = $18, approval_requested = $19, \
         returned = $20, returned_comment = $21, approved_at = $22, approved_by = $23, cancel_reason = $24, \
         duplicate_reason = $25, editors = $26, version = version + 1, updated_at = $27, updated_by = $28 \
         WHERE id = $29 AND version = $30",
    )
    .bind(&p.supplier_id)
    .bind(&p.client_id)
    .bind(&p.payee_name)
    .bind(&p.payee_document)
    .bind(fold(&p.payee_name))
    .bind(search_text(p))
    .bind(p.document_kind.as_str())
    .bind(&p.document_number)
    .bind(&p.document_series)
    .bind(&p.nfe_key)
    .bind(&p.description)
    .bind(&p.chart_account_id)
    .bind(&p.competence)
    .bind(p.issue_date)
    .bind(p.total_cents)
    .bind(&p.block_reason)
    .bind(&p.block_source)
    .bind(p.status.as_str())
    .bind(p.approval_requested)
    .bind(p.returned)
    .bind(&p.returned_comment)
    .bind(p.approved_at)
    .bind(&p.approved_by)
    .bind(&p.cancel_reason)
    .bind(&p.duplicate_reason)
    .bind(editors(p))
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&p.id)
    .bind(p.version)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn payable_by_id(db: &Db, id: &str) -> Result<Option<Payable>> {
    let sql = format!("SELECT {PAYABLE_COLUMNS} FROM finance_payables p WHERE p.id = $1");
    let row: Option<PayableRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(PayableRow::into_payable).transpose()
}

/// The number of a live (not cancelled) payable of the supplier with this número and série, other than `except`.
pub async fn duplicate_of(
    tx: &mut Tx,
    supplier_id: &str,
    number: &str,
    series: Option<&str>,
    except: Option<&str>,
) -> Result<Option<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT number FROM finance_payables WHERE supplier_id = $1 AND document_number = $2 \
         AND COALESCE(document_series, '') = COALESCE($3, '') AND status <> 'CANCELADA' \
         AND ($4 IS NULL OR id <> $4) ORDER BY created_at LIMIT 1",
    )
    .bind(supplier_id)
    .bind(number)
    .bind(series)
    .bind(except)
    .fetch_optional(&mut *conn)
    .await)
}

pub async fn replace_allocations(tx: &mut Tx, payable_id: &str, rows: &[Allocation]) -> Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("DELETE FROM finance_payable_allocations WHERE payable_id = $1")
            .bind(payable_id)
            .execute(&mut *conn)
            .await?;
        for (seq, a) in rows.iter().enumerate() {
            sqlx::query(
                "INSERT INTO finance_payable_allocations (payable_id, seq, cost_center_id, percent_bp, amount_cents) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(payable_id)
            .bind(seq as i64 + 1)
            .bind(&a.cost_center_id)
            .bind(a.percent_bp)
            .bind(a.amount_cents)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    })
}

pub async fn allocations_of(db: &Db, payable_id: &str) -> Result<Vec<Allocation>> {
    let rows: Vec<(String, Option<i64>, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT cost_center_id, percent_bp, amount_cents FROM finance_payable_allocations WHERE payable_id = $1 \
         ORDER BY seq",
    )
    .bind(payable_id)
    .fetch_all(pool)
    .await)?;
    Ok(rows
        .into_iter()
        .map(|(cost_center_id, percent_bp, amount_cents)| Allocation {
            cost_center_id,
            percent_bp,
            amount_cents,
        })
        .collect())
}

/// A payable as the documents list shows it: with its next open due date and what was paid.
#[derive(Debug, Clone)]
pub struct Listed {
    pub payable: Payable,
    pub next_due: Option<NaiveDate>,
    pub paid_cents: i64,
    /// Its attachments not removed.
    pub attachment_count: i64,
}

#[derive(sqlx::FromRow)]
struct ListedRow {
    #[sqlx(flatten)]
    payable: PayableRow,
    next_due: Option<NaiveDate>,
    paid_cents: i64,
    attachment_count: i64,
}

const OPEN_STATES: &str = "'RASCUNHO', 'APROVADO', 'AGENDADO', 'EM_REMESSA', 'REJEITADO'";

fn listed_columns() -> String {
    format!(
        "{PAYABLE_COLUMNS}, (SELECT MIN(i.due_date) FROM finance_payable_installments i WHERE i.payable_id = p.id \
         AND i.status IN ({OPEN_STATES})) AS next_due, \
         CAST((SELECT COALESCE(SUM(i.paid_cents), 0) FROM finance_payable_installments i \
         WHERE i.payable_id = p.id) AS BIGINT) AS paid_cents, \
         CAST((SELECT COUNT(*) FROM finance_attachments a WHERE a.owner_kind = 'PAYABLE' AND a.owner_id = p.id \
         AND a.removed_at IS NULL) AS BIGINT) AS attachment_count"
    )
}

#[derive(Clone)]
struct PayableBinds {
    supplier_id: Option<String>,
    chart_account_id: Option<String>,
    cost_center_id: Option<String>,
    competence: Option<String>,
    issue_from: Option<NaiveDate>,
    issue_to: Option<NaiveDate>,
    approver: Option<String>,
    approver_pattern: Option<String>,
    max_total: Option<i64>,
    text: Option<String>,
    document: Option<String>,
}

fn payable_where(f: &PayableFilter) -> (String, PayableBinds) {
    let statuses = if f.statuses.is_empty() {
        "TRUE".to_string()
    } else {
        format!(
            "p.status IN ({})",
            in_list(f.statuses.iter().map(|s| s.as_str()))
        )
    };
    let awaiting = if f.awaiting_approval_of.is_some() {
        "p.status = 'RASCUNHO' AND p.approval_requested AND p.created_by <> $7 AND p.editors NOT LIKE $8 \
         AND ($9 IS NULL OR p.total_cents <= $9)"
    } else {
        "($7 IS NULL OR $8 IS NULL OR $9 IS NULL OR TRUE)"
    };
    let blocked = if f.blocked {
        "p.block_reason IS NOT NULL"
    } else {
        "TRUE"
    };
    let (text, document) = search(f.q.as_deref());
    let (approver, max_total) = match &f.awaiting_approval_of {
        Some((uid, max)) => (Some(uid.clone()), *max),
        None => (None, None),
    };
    (
        format!(
            "{statuses} AND {blocked} AND {awaiting} AND ($1 IS NULL OR p.supplier_id = $1) \
             AND ($2 IS NULL OR p.chart_account_id = $2) \
             AND ($3 IS NULL OR EXISTS (SELECT 1 FROM finance_payable_allocations a WHERE a.payable_id = p.id \
             AND a.cost_center_id = $3)) AND ($4 IS NULL OR p.competence = $4) \
             AND ($5 IS NULL OR p.issue_date >= $5) AND ($6 IS NULL OR p.issue_date <= $6) \
             AND ($10 IS NULL OR p.search_text LIKE $10 ESCAPE '\\' OR p.payee_document LIKE $11)"
        ),
        PayableBinds {
            supplier_id: f.supplier_id.clone(),
            chart_account_id: f.chart_account_id.clone(),
            cost_center_id: f.cost_center_id.clone(),
            competence: f.competence.clone(),
            issue_from: f.issue_from,
            issue_to: f.issue_to,
            approver_pattern: approver.as_ref().map(|u| format!("%|{u}|%")),
            approver,
            max_total,
            text,
            document,
        },
    )
}

macro_rules! bind_payables {
    ($query:expr, $b:expr) => {
        $query
            .bind($b.supplier_id.clone())
            .bind($b.chart_account_id.clone())
            .bind($b.cost_center_id.clone())
            .bind($b.competence.clone())
            .bind($b.issue_from)
            .bind($b.issue_to)
            .bind($b.approver.clone())
            .bind($b.approver_pattern.clone())
            .bind($b.max_total)
            .bind($b.text.clone())
            .bind($b.document.clone())
    };
}

const PAYABLE_ORDER: &str = "p.issue_date DESC, p.number DESC";

pub async fn list_payables(
    db: &Db,
    filter: &PayableFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Listed>, i64)> {
    let (sql, b) = payable_where(filter);
    let page = format!(
        "SELECT {} FROM finance_payables p WHERE {sql} ORDER BY {PAYABLE_ORDER} LIMIT $12 OFFSET $13",
        listed_columns()
    );
    let count = format!("SELECT COUNT(*) FROM finance_payables p WHERE {sql}");
    let (rows, total): (Vec<ListedRow>, i64) = on_db!(db, pool => {
        let rows = bind_payables!(sqlx::query_as(&page), b)
            .bind(limit)
            .bind(offset)
            .fetch_all(pool)
            .await?;
        let total = bind_payables!(sqlx::query_scalar(&count), b).fetch_one(pool).await?;
        Ok::<_, sqlx::Error>((rows, total))
    })?;
    let items = rows
        .into_iter()
        .map(|r| {
            Ok(Listed {
                payable: r.payable.into_payable()?,
                next_due: r.next_due,
                paid_cents: r.paid_cents,
                attachment_count: r.attachment_count,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((items, total))
}

pub async fn payable_totals(db: &Db, filter: &PayableFilter) -> Result<PayableTotals> {
    let (sql, b) = payable_where(filter);
    let q = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(p.total_cents), 0) AS BIGINT), \
         CAST(COALESCE(SUM((SELECT COALESCE(SUM(i.paid_cents), 0) FROM finance_payable_installments i \
         WHERE i.payable_id = p.id)), 0) AS BIGINT) FROM finance_payables p WHERE {sql}"
    );
    let (count, total_cents, paid_cents): (i64, i64, i64) =
        on_db!(db, pool => bind_payables!(sqlx::query_as(&q), b).fetch_one(pool).await)?;
    Ok(PayableTotals {
        count,
        total_cents,
        paid_cents,
    })
}

/// Every payable `filter` matches, for an export.
pub async fn all_payables(db: &Db, filter: &PayableFilter) -> Result<Vec<Listed>> {
    let (items, _) = list_payables(db, filter, i64::MAX / 2, 0).await?;
    Ok(items)
}

// ---- installments ----

const INSTALLMENTS: &str =
    "finance_payable_installments i JOIN finance_payables p ON p.id = i.payable_id";

const INSTALLMENT_COLUMNS: &str = "i.id, i.payable_id, p.number, i.seq, i.count, p.payee_name, p.supplier_id, \
     p.description, p.document_number, p.chart_account_id, i.due_date, i.amount_cents, i.method, \
     i.linha_digitavel, i.barcode, i.pix_key_type, i.pix_key, i.pix_qr, i.supplier_bank_account_id, \
     i.scheduled_date, i.status, i.charges_cents, i.paid_cents, i.paid_at, i.bank_account_id, i.receipt_file_id, \
     i.remittance_id, i.rejection_reason, i.payee_snapshot, i.version";

#[derive(sqlx::FromRow)]
struct InstallmentRow {
    id: String,
    payable_id: String,
    number: String,
    seq: i64,
    count: i64,
    payee_name: String,
    supplier_id: Option<String>,
    description: String,
    document_number: Option<String>,
    chart_account_id: String,
    due_date: NaiveDate,
    amount_cents: i64,
    method: String,
    linha_digitavel: Option<String>,
    barcode: Option<String>,
    pix_key_type: Option<String>,
    pix_key: Option<String>,
    pix_qr: Option<String>,
    supplier_bank_account_id: Option<String>,
    scheduled_date: Option<NaiveDate>,
    status: String,
    charges_cents: i64,
    paid_cents: i64,
    paid_at: Option<NaiveDate>,
    bank_account_id: Option<String>,
    receipt_file_id: Option<String>,
    remittance_id: Option<String>,
    rejection_reason: Option<String>,
    payee_snapshot: Option<String>,
    version: i64,
}

impl InstallmentRow {
    fn into_installment(self) -> Result<PayableInstallment> {
        let pix_key = match (self.pix_key_type, self.pix_key) {
            (Some(t), Some(key)) => Some(PixKey {
                key_type: decode("pix key type", &t, PixKeyType::parse)?,
                key,
            }),
            _ => None,
        };
        let payee_snapshot = self
            .payee_snapshot
            .map(|json| serde_json::from_str(&json))
            .transpose()
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        Ok(PayableInstallment {
            payee_snapshot,
            method: decode("method", &self.method, PayableMethod::parse)?,
            status: decode("status", &self.status, PayableInstallmentStatus::parse)?,
            data: PaymentData {
                linha_digitavel: self.linha_digitavel,
                barcode: self.barcode,
                pix_key,
                pix_qr: self.pix_qr,
                supplier_bank_account_id: self.supplier_bank_account_id,
            },
            id: self.id,
            payable_id: self.payable_id,
            number: self.number,
            seq: self.seq,
            count: self.count,
            payee_name: self.payee_name,
            supplier_id: self.supplier_id,
            description: self.description,
            document_number: self.document_number,
            chart_account_id: self.chart_account_id,
            due_date: self.due_date,
            amount_cents: self.amount_cents,
            scheduled_date: self.scheduled_date,
            charges_cents: self.charges_cents,
            paid_cents: self.paid_cents,
            paid_at: self.paid_at,
            bank_account_id: self.bank_account_id,
            receipt_file_id: self.receipt_file_id,
            remittance_id: self.remittance_id,
            rejection_reason: self.rejection_reason,
            version: self.version,
        })
    }
}

pub async fn insert_installment(
    tx: &mut Tx,
    i: &PayableInstallment,
    stamp: &Stamp<'_>,
) -> Result<()> {
    let d = &i.data;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_payable_installments (id, payable_id, seq, count, due_date, amount_cents, method, \
         linha_digitavel, barcode, pix_key_type, pix_key, pix_qr, supplier_bank_account_id, scheduled_date, status, \
         charges_cents, paid_cents, paid_at, bank_account_id, receipt_file_id, remittance_id, rejection_reason, \
         version, created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         $22, $23, $24, $25, $24, $25)",
    )
    .bind(&i.id)
    .bind(&i.payable_id)
    .bind(i.seq)
    .bind(i.count)
    .bind(i.due_date)
    .bind(i.amount_cents)
    .bind(i.method.as_str())
    .bind(&d.linha_digitavel)
    .bind(&d.barcode)
    .bind(d.pix_key.as_ref().map(|k| k.key_type.as_str()))
    .bind(d.pix_key.as_ref().map(|k| k.key.clone()))
    .bind(&d.pix_qr)
    .bind(&d.supplier_bank_account_id)
    .bind(i.scheduled_date)
    .bind(i.status.as_str())
    .bind(i.charges_cents)
    .bind(i.paid_cents)
    .bind(i.paid_at)
    .bind(&i.bank_account_id)
    .bind(&i.receipt_file_id)
    .bind(&i.remittance_id)
    .bind(&i.rejection_reason)
    .bind(i.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Discards a draft's installments (none has a payment: the caller checked), before its edit writes new ones.
pub async fn discard_installments(tx: &mut Tx, payable_id: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM finance_payable_installments WHERE payable_id = $1 AND status IN ('RASCUNHO', 'APROVADO') \
         AND NOT EXISTS (SELECT 1 FROM finance_payments m WHERE m.installment_id = finance_payable_installments.id)",
    )
    .bind(payable_id)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn installment_by_id(db: &Db, id: &str) -> Result<Option<PayableInstallment>> {
    let sql = format!("SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE i.id = $1");
    let row: Option<InstallmentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(InstallmentRow::into_installment).transpose()
}

pub async fn installments_of(db: &Db, payable_id: &str) -> Result<Vec<PayableInstallment>> {
    let sql = format!(
        "SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE i.payable_id = $1 ORDER BY i.seq"
    );
    let rows: Vec<InstallmentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(payable_id).fetch_all(pool).await)?;
    rows.into_iter()
        .map(InstallmentRow::into_installment)
        .collect()
}

/// Writes an installment's state (status, schedule, live payment, remessa, rejection) over `expected`.
pub async fn update_installment(
    tx: &mut Tx,
    i: &PayableInstallment,
    expected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_payable_installments SET status = $1, scheduled_date = $2, charges_cents = $3, \
         paid_cents = $4, paid_at = $5, bank_account_id = $6, receipt_file_id = $7, remittance_id = $8, \
         rejection_reason = $9, version = version + 1, updated_at = $10, updated_by = $11 \
         WHERE id = $12 AND version = $13",
    )
    .bind(i.status.as_str())
    .bind(i.scheduled_date)
    .bind(i.charges_cents)
    .bind(i.paid_cents)
    .bind(i.paid_at)
    .bind(&i.bank_account_id)
    .bind(&i.receipt_file_id)
    .bind(&i.remittance_id)
    .bind(&i.rejection_reason)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(&i.id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Moves every installment of a payable in one of `from` to `to` (approval, its voiding, cancellation).
pub async fn move_installments(
    tx: &mut Tx,
    payable_id: &str,
    from: &[PayableInstallmentStatus],
    to: PayableInstallmentStatus,
    stamp: &Stamp<'_>,
) -> Result<u64> {
    let sql = format!(
        "UPDATE finance_payable_installments SET status = $1, version = version + 1, updated_at = $2, \
         updated_by = $3 WHERE payable_id = $4 AND status IN ({})",
        in_list(from.iter().map(|s| s.as_str()))
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(to.as_str())
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(payable_id)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))
}

/// Sets each installment's payee snapshot (at approval), or clears it (`None`: a change voided the approval).
pub async fn set_payee_snapshots(
    tx: &mut Tx,
    snapshots: &[(&str, Option<&PayeeSnapshot>)],
) -> Result<()> {
    for (id, snapshot) in snapshots {
        let json = snapshot
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        on_tx!(tx, conn => sqlx::query(
            "UPDATE finance_payable_installments SET payee_snapshot = $1 WHERE id = $2",
        )
        .bind(json)
        .bind(*id)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
    }
    Ok(())
}

#[derive(Clone)]
struct AgendaBinds {
    due_from: Option<NaiveDate>,
    due_to: Option<NaiveDate>,
    supplier_id: Option<String>,
    method: Option<&'static str>,
    bank_account_id: Option<String>,
    chart_account_id: Option<String>,
    cost_center_id: Option<String>,
    text: Option<String>,
    document: Option<String>,
}

fn agenda_where(f: &AgendaFilter) -> (String, AgendaBinds) {
    let statuses = if f.statuses.is_empty() {
        "TRUE".to_string()
    } else {
        format!(
            "i.status IN ({})",
            in_list(f.statuses.iter().map(|s| s.as_str()))
        )
    };
    let (text, document) = search(f.q.as_deref());
    (
        format!(
            "{statuses} AND ($1 IS NULL OR i.due_date >= $1) AND ($2 IS NULL OR i.due_date <= $2) \
             AND ($3 IS NULL OR p.supplier_id = $3) AND ($4 IS NULL OR i.method = $4) \
             AND ($5 IS NULL OR i.bank_account_id = $5) AND ($6 IS NULL OR p.chart_account_id = $6) \
             AND ($7 IS NULL OR EXISTS (SELECT 1 FROM finance_payable_allocations a WHERE a.payable_id = p.id \
             AND a.cost_center_id = $7)) \
             AND ($8 IS NULL OR p.search_text LIKE $8 ESCAPE '\\' OR p.payee_document LIKE $9)"
        ),
        AgendaBinds {
            due_from: f.due_from,
            due_to: f.due_to,
            supplier_id: f.supplier_id.clone(),
            method: f.method.map(PayableMethod::as_str),
            bank_account_id: f.bank_account_id.clone(),
            chart_account_id: f.chart_account_id.clone(),
            cost_center_id: f.cost_center_id.clone(),
            text,
            document,
        },
    )
}

macro_rules! bind_agenda {
    ($query:expr, $b:expr) => {
        $query
            .bind($b.due_from)
            .bind($b.due_to)
            .bind($b.supplier_id.clone())
            .bind($b.method)
            .bind($b.bank_account_id.clone())
            .bind($b.chart_account_id.clone())
            .bind($b.cost_center_id.clone())
            .bind($b.text.clone())
            .bind($b.document.clone())
    };
}

const AGENDA_ORDER: &str = "i.due_date, p.number, i.seq";

pub async fn list_agenda(
    db: &Db,
    filter: &AgendaFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<PayableInstallment>, i64)> {
    let (sql, b) = agenda_where(filter);
    let page = format!(
        "SELECT {INSTALLMENT_COLUMNS} FROM {INSTALLMENTS} WHERE {sql} ORDER BY {AGENDA_ORDER} LIMIT $10 OFFSET $11"
    );
    let count = format!("SELECT COUNT(*) FROM {INSTALLMENTS} WHERE {sql}");
    let (rows, total): (Vec<InstallmentRow>, i64) = on_db!(db, pool => {
        let rows = bind_agenda!(sqlx::query_as(&page), b)
            .bind(limit)
            .bind(offset)
            .fetch_all(pool)
            .await?;
        let total = bind_agenda!(sqlx::query_scalar(&count), b).fetch_one(pool).await?;
        Ok::<_, sqlx::Error>((rows, total))
    })?;
    let items = rows
        .into_iter()
        .map(InstallmentRow::into_installment)
        .collect::<Result<Vec<_>>>()?;
    Ok((items, total))
}

pub async fn agenda_totals(db: &Db, filter: &AgendaFilter) -> Result<AgendaTotals> {
    let (sql, b) = agenda_where(filter);
    let q = format!(
        "SELECT i.due_date, COUNT(*), CAST(COALESCE(SUM(i.amount_cents), 0) AS BIGINT), \
         CAST(COALESCE(SUM(i.paid_cents), 0) AS BIGINT) FROM {INSTALLMENTS} WHERE {sql} \
         GROUP BY i.due_date ORDER BY i.due_date"
    );
    let rows: Vec<(NaiveDate, i64, i64, i64)> =
        on_db!(db, pool => bind_agenda!(sqlx::query_as(&q), b).fetch_all(pool).await)?;
    let mut totals = AgendaTotals::default();
    for (day, count, amount, paid) in rows {
        totals.count += count;
        totals.amount_cents += amount;
        totals.paid_cents += paid;
        totals.by_day.push((day, count, amount));
    }
    Ok(totals)
}

/// Every installment the agenda's filter matches, for an export.
pub async fn all_agenda(db: &Db, filter: &AgendaFilter) -> Result<Vec<PayableInstallment>> {
    let (items, _) = list_agenda(db, filter, i64::MAX / 2, 0).await?;
    Ok(items)
}

// ---- payments ----

const PAYMENT_COLUMNS: &str = "id, installment_id, date, amount_cents, charges_cents, discount_cents, \
     principal_cents, bank_account_id, receipt_file_id, source, source_id, reversed_at, reversed_by, \
     reversed_reason, created_at, created_by";

#[derive(sqlx::FromRow)]
struct PaymentRow {
    id: String,
    installment_id: String,
    date: NaiveDate,
    amount_cents: i64,
    charges_cents: i64,
    discount_cents: i64,
    principal_cents: i64,
    bank_account_id: String,
    receipt_file_id: Option<String>,
    source: String,
    source_id: String,
    reversed_at: Option<DateTime<Utc>>,
    reversed_by: Option<String>,
    reversed_reason: Option<String>,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl PaymentRow {
    fn into_record(self) -> Result<PaymentRecord> {
        Ok(PaymentRecord {
            payment: Payment {
                date: self.date,
                amount_cents: self.amount_cents,
                charges_cents: self.charges_cents,
                discount_cents: self.discount_cents,
                principal_cents: self.principal_cents,
                bank_account_id: self.bank_account_id,
                receipt_file_id: self.receipt_file_id,
            },
            source: decode("source", &self.source, PaymentSource::parse)?,
            id: self.id,
            installment_id: self.installment_id,
            source_id: self.source_id,
            reversed_at: self.reversed_at,
            reversed_by: self.reversed_by,
            reversed_reason: self.reversed_reason,
            created_at: self.created_at,
            created_by: self.created_by,
        })
    }
}

pub async fn insert_payment(tx: &mut Tx, r: &PaymentRecord) -> Result<()> {
    let p = &r.payment;
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_payments ({PAYMENT_COLUMNS}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
    ))
    .bind(&r.id)
    .bind(&r.installment_id)
    .bind(p.date)
    .bind(p.amount_cents)
    .bind(p.charges_cents)
    .bind(p.discount_cents)
    .bind(p.principal_cents)
    .bind(&p.bank_account_id)
    .bind(&p.receipt_file_id)
    .bind(r.source.as_str())
    .bind(&r.source_id)
    .bind(r.reversed_at)
    .bind(&r.reversed_by)
    .bind(&r.reversed_reason)
    .bind(r.created_at)
    .bind(&r.created_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn payments_of(db: &Db, installment_id: &str) -> Result<Vec<PaymentRecord>> {
    let sql = format!(
        "SELECT {PAYMENT_COLUMNS} FROM finance_payments WHERE installment_id = $1 ORDER BY created_at, id"
    );
    let rows: Vec<PaymentRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(installment_id).fetch_all(pool).await)?;
    rows.into_iter().map(PaymentRow::into_record).collect()
}

/// Marks a live payment reversed; false when it is not live (any more).
pub async fn reverse_payment(
    tx: &mut Tx,
    id: &str,
    reason: &str,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_payments SET reversed_at = $1, reversed_by = $2, reversed_reason = $3 \
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

/// Per supplier: what is still to be paid (open installments of live payables) and the last live payment's date.
pub async fn supplier_positions(db: &Db) -> Result<Vec<(String, i64, Option<NaiveDate>)>> {
    on_db!(db, pool => sqlx::query_as(&format!(
        "SELECT p.supplier_id, \
         CAST(COALESCE(SUM(CASE WHEN i.status IN ({OPEN_STATES}) THEN i.amount_cents - i.paid_cents ELSE 0 END), 0) \
         AS BIGINT), MAX(i.paid_at) FROM {INSTALLMENTS} WHERE p.supplier_id IS NOT NULL \
         AND p.status <> 'CANCELADA' GROUP BY p.supplier_id"
    ))
    .fetch_all(pool)
    .await)
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_payables").fetch_one(pool).await)
}
