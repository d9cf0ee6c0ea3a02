//! `finance_remittances` and `finance_remittance_items`. Items go in multi-row statements of [`CHUNK`] rows.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::remittance::{
    ItemInstruction, PendingItem, Remittance, RemittanceFilter, RemittanceItem, RemittanceStatus,
};

type Result<T> = std::result::Result<T, sqlx::Error>;

pub const CHUNK: usize = 500;

fn decode<T>(what: &str, text: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T> {
    parse(text).ok_or_else(|| sqlx::Error::Decode(format!("unknown {what} {text}").into()))
}

const COLUMNS: &str = "id, number, kind, bank_account_id, agreement_id, layout, sequence, file_name, status, \
     item_count, total_cents, rejected_count, preflight, sha256, generated_at, generated_by, sent_at, sent_by, \
     version, created_at, created_by";

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    number: String,
    kind: String,
    bank_account_id: String,
    agreement_id: String,
    layout: String,
    sequence: Option<i64>,
    file_name: Option<String>,
    status: String,
    item_count: i64,
    total_cents: i64,
    rejected_count: i64,
    preflight: Option<String>,
    sha256: Option<String>,
    generated_at: Option<DateTime<Utc>>,
    generated_by: Option<String>,
    sent_at: Option<DateTime<Utc>>,
    sent_by: Option<String>,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl Row {
    fn into_remittance(self) -> Result<Remittance> {
        Ok(Remittance {
            status: decode("remittance status", &self.status, RemittanceStatus::parse)?,
            id: self.id,
            number: self.number,
            kind: self.kind,
            bank_account_id: self.bank_account_id,
            agreement_id: self.agreement_id,
            layout: self.layout,
            sequence: self.sequence,
            file_name: self.file_name,
            item_count: self.item_count,
            total_cents: self.total_cents,
            rejected_count: self.rejected_count,
            preflight: self.preflight,
            sha256: self.sha256,
            generated_at: self.generated_at,
            generated_by: self.generated_by,
            sent_at: self.sent_at,
            sent_by: self.sent_by,
            version: self.version,
            created_at: self.created_at,
            created_by: self.created_by,
        })
    }
}

pub async fn insert(tx: &mut Tx, r: &Remittance, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_remittances ({COLUMNS}, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, \
         $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)"
    ))
    .bind(&r.id)
    .bind(&r.number)
    .bind(&r.kind)
    .bind(&r.bank_account_id)
    .bind(&r.agreement_id)
    .bind(&r.layout)
    .bind(r.sequence)
    .bind(&r.file_name)
    .bind(r.status.as_str())
    .bind(r.item_count)
    .bind(r.total_cents)
    .bind(r.rejected_count)
    .bind(&r.preflight)
    .bind(&r.sha256)
    .bind(r.generated_at)
    .bind(&r.generated_by)
    .bind(r.sent_at)
    .bind(&r.sent_by)
    .bind(r.version)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// The items, with their live key (the boleto for an entry, else the instruction): a unique violation means an
/// item is already in a live remessa.
pub async fn insert_items(tx: &mut Tx, items: &[RemittanceItem]) -> Result<()> {
    if let Tx::Postgres(t) = tx {
        // One statement over arrays: planned once, where 500-row VALUES lists were planned per statement.
        return sqlx::query(
            "INSERT INTO finance_remittance_items (id, remittance_id, position, boleto_id, instruction_id, \
             instruction, nosso_numero, amount_cents, live_key) SELECT * FROM UNNEST($1::text[], $2::text[], \
             $3::int8[], $4::text[], $5::text[], $6::text[], $7::int8[], $8::int8[], $9::text[])",
        )
        .bind(items.iter().map(|i| i.id.as_str()).collect::<Vec<_>>())
        .bind(items.iter().map(|i| i.remittance_id.as_str()).collect::<Vec<_>>())
        .bind(items.iter().map(|i| i.position).collect::<Vec<_>>())
        .bind(items.iter().map(|i| i.boleto_id.as_str()).collect::<Vec<_>>())
        .bind(items.iter().map(|i| i.instruction_id.as_deref()).collect::<Vec<_>>())
        .bind(items.iter().map(|i| i.instruction.as_str()).collect::<Vec<_>>())
        .bind(items.iter().map(|i| i.nosso_numero).collect::<Vec<_>>())
        .bind(items.iter().map(|i| i.amount_cents).collect::<Vec<_>>())
        .bind(
            items
                .iter()
                .map(|i| i.instruction_id.as_deref().unwrap_or(&i.boleto_id))
                .collect::<Vec<_>>(),
        )
        .execute(&mut **t)
        .await
        .map(|_| ());
    }
    for chunk in items.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut qb = sqlx::QueryBuilder::new(
                "INSERT INTO finance_remittance_items (id, remittance_id, position, boleto_id, instruction_id, \
                 instruction, nosso_numero, amount_cents, live_key) ",
            );
            qb.push_values(chunk.iter(), |mut q, i| {
                q.push_bind(&i.id)
                    .push_bind(&i.remittance_id)
                    .push_bind(i.position)
                    .push_bind(&i.boleto_id)
                    .push_bind(&i.instruction_id)
                    .push_bind(i.instruction.as_str())
                    .push_bind(i.nosso_numero)
                    .push_bind(i.amount_cents)
                    .push_bind(i.instruction_id.clone().unwrap_or_else(|| i.boleto_id.clone()));
            });
            qb.build().execute(&mut *conn).await.map(|_| ())
        })?;
    }
    Ok(())
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Remittance>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_remittances WHERE id = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(Row::into_remittance).transpose()
}

pub async fn list(
    db: &Db,
    f: &RemittanceFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Remittance>, i64, i64)> {
    let mut wheres = vec!["kind = 'COBRANCA'".to_string()];
    let mut binds: Vec<String> = Vec::new();
    if let Some(a) = &f.agreement_id {
        binds.push(a.clone());
        wheres.push(format!("agreement_id = ${}", binds.len()));
    }
    if let Some(a) = &f.bank_account_id {
        binds.push(a.clone());
        wheres.push(format!("bank_account_id = ${}", binds.len()));
    }
    if !f.statuses.is_empty() {
        let list = f
            .statuses
            .iter()
            .map(|s| format!("'{}'", s.as_str()))
            .collect::<Vec<_>>()
            .join(", ");
        wheres.push(format!("status IN ({list})"));
    }
    let w = wheres.join(" AND ");
    let sql = format!(
        "SELECT {COLUMNS} FROM finance_remittances WHERE {w} ORDER BY created_at DESC, id DESC LIMIT {limit} \
         OFFSET {offset}"
    );
    let totals = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(total_cents), 0) AS BIGINT) FROM finance_remittances WHERE {w}"
    );
    let (rows, (count, sum)): (Vec<Row>, (i64, i64)) = on_db!(db, pool => {
        let mut q = sqlx::query_as(&sql);
        let mut t = sqlx::query_as(&totals);
        for b in &binds {
            q = q.bind(b);
            t = t.bind(b);
        }
        let rows = q.fetch_all(pool).await?;
        let totals: (i64, i64) = t.fetch_one(pool).await?;
        Ok::<_, sqlx::Error>((rows, totals))
    })?;
    Ok((
        rows.into_iter()
            .map(Row::into_remittance)
            .collect::<Result<_>>()?,
        count,
        sum,
    ))
}

#[derive(sqlx::FromRow)]
struct ItemRow {
    id: String,
    remittance_id: String,
    position: i64,
    boleto_id: String,
    instruction_id: Option<String>,
    instruction: String,
    nosso_numero: i64,
    amount_cents: i64,
    result: Option<String>,
    result_code: Option<String>,
    result_text: Option<String>,
}

/// A column of the occurrence that gives item `i` its result: the latest of its boleto on its remessa that says
/// something of the item (retornos record it there rather than updating every item: docs/benchmarks.md).
macro_rules! item_occurrence {
    ($column:literal) => {
        concat!(
            "(SELECT l.",
            $column,
            " FROM finance_bank_return_occurrences l WHERE l.remittance_id = i.remittance_id AND l.boleto_id = \
             i.boleto_id AND l.item_result IS NOT NULL ORDER BY l.id DESC LIMIT 1)"
        )
    };
}
/// That occurrence's id (the detail joins it for the code and text).
const ITEM_OCCURRENCE: &str = item_occurrence!("id");
/// Its result alone (closing the remessa reads no more).
const ITEM_RESULT: &str = item_occurrence!("item_result");

impl ItemRow {
    fn into_item(self) -> Result<RemittanceItem> {
        Ok(RemittanceItem {
            instruction: decode("instruction", &self.instruction, ItemInstruction::parse)?,
            id: self.id,
            remittance_id: self.remittance_id,
            position: self.position,
            boleto_id: self.boleto_id,
            instruction_id: self.instruction_id,
            nosso_numero: self.nosso_numero,
            amount_cents: self.amount_cents,
            result: self.result,
            result_code: self.result_code,
            result_text: self.result_text,
        })
    }
}

/// The remessa's items in file order, without their results (what a generation writes).
pub async fn items_of(db: &Db, remittance_id: &str) -> Result<Vec<RemittanceItem>> {
    items(
        db,
        remittance_id,
        "i.result, i.result_code, i.result_text",
        "",
        "",
    )
    .await
}

/// A page of the remessa's items in file order and how many it has; `with_results`: with what the retornos said
/// of each (a draft was never sent, so none spoke of its items).
pub async fn items_page(
    db: &Db,
    remittance_id: &str,
    with_results: bool,
    limit: i64,
    offset: i64,
) -> Result<(Vec<RemittanceItem>, i64)> {
    let (results, join) = if with_results {
        (
            "COALESCE(o.item_result, i.result) AS result, COALESCE(o.movement_code, i.result_code) \
             AS result_code, COALESCE(o.movement_text, i.result_text) AS result_text",
            format!("LEFT JOIN finance_bank_return_occurrences o ON o.id = {ITEM_OCCURRENCE}"),
        )
    } else {
        ("i.result, i.result_code, i.result_text", String::new())
    };
    let page = format!(" LIMIT {limit} OFFSET {offset}");
    let items = items(db, remittance_id, results, &join, &page).await?;
    let total: i64 = on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM finance_remittance_items WHERE remittance_id = $1"
    )
    .bind(remittance_id)
    .fetch_one(pool)
    .await)?;
    Ok((items, total))
}

async fn items(
    db: &Db,
    remittance_id: &str,
    results: &str,
    join: &str,
    page: &str,
) -> Result<Vec<RemittanceItem>> {
    let sql = format!(
        "SELECT i.id, i.remittance_id, i.position, i.boleto_id, i.instruction_id, i.instruction, i.nosso_numero, \
         i.amount_cents, {results} FROM finance_remittance_items i {join} WHERE i.remittance_id = $1 \
         ORDER BY i.position{page}"
    );
    let rows: Vec<ItemRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(remittance_id).fetch_all(pool).await)?;
    rows.into_iter().map(ItemRow::into_item).collect()
}

#[derive(sqlx::FromRow)]
struct PendingRow {
    boleto_id: String,
    instruction_id: Option<String>,
    kind: Option<String>,
    nosso_numero: i64,
    nosso_numero_formatted: String,
    payer_name: String,
    due_date: NaiveDate,
    amount_cents: i64,
}

/// The convênio's EMITIDO boletos in no live remessa, then its pending instructions in none, by nosso número.
pub async fn pending(db: &Db, agreement_id: &str) -> Result<Vec<PendingItem>> {
    let entries = "SELECT b.id AS boleto_id, NULL AS instruction_id, NULL AS kind, b.nosso_numero, \
         b.nosso_numero_formatted, b.payer_name, b.due_date, b.amount_cents FROM finance_boletos b \
         WHERE b.agreement_id = $1 AND b.status = 'EMITIDO' AND NOT EXISTS \
         (SELECT 1 FROM finance_remittance_items i WHERE i.live_key = b.id) ORDER BY b.nosso_numero";
    let instructions = "SELECT b.id AS boleto_id, i.id AS instruction_id, i.kind AS kind, b.nosso_numero, \
         b.nosso_numero_formatted, b.payer_name, COALESCE(i.new_due_date, b.due_date) AS due_date, \
         COALESCE(i.amount_cents, b.amount_cents) AS amount_cents FROM finance_boleto_instructions i \
         JOIN finance_boletos b ON b.id = i.boleto_id WHERE b.agreement_id = $1 AND i.remittance_id IS NULL \
         AND NOT EXISTS (SELECT 1 FROM finance_remittance_items r WHERE r.live_key = i.id) \
         ORDER BY b.nosso_numero, i.created_at";
    let (a, b): (Vec<PendingRow>, Vec<PendingRow>) = on_db!(db, pool => {
        let a = sqlx::query_as(entries).bind(agreement_id).fetch_all(pool).await?;
        let b = sqlx::query_as(instructions).bind(agreement_id).fetch_all(pool).await?;
        Ok::<_, sqlx::Error>((a, b))
    })?;
    a.into_iter()
        .chain(b)
        .map(|r| {
            let instruction = match &r.kind {
                None => ItemInstruction::Entrada,
                Some(k) => ItemInstruction::of(decode(
                    "instruction kind",
                    k,
                    crate::domain::boleto::InstructionKind::parse,
                )?),
            };
            Ok(PendingItem {
                boleto_id: r.boleto_id,
                instruction_id: r.instruction_id,
                instruction,
                nosso_numero: r.nosso_numero,
                nosso_numero_formatted: r.nosso_numero_formatted,
                payer_name: r.payer_name,
                due_date: r.due_date,
                amount_cents: r.amount_cents,
            })
        })
        .collect()
}

/// An instruction's new due date and amount (for the file).
pub async fn instruction_values(
    db: &Db,
    remittance_id: &str,
) -> Result<Vec<(String, Option<NaiveDate>, Option<i64>)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT i.id, i.new_due_date, i.amount_cents FROM finance_boleto_instructions i \
         JOIN finance_remittance_items r ON r.instruction_id = i.id WHERE r.remittance_id = $1",
    )
    .bind(remittance_id)
    .fetch_all(pool)
    .await)
}

/// Takes the convênio's next file sequence if it is still `expected` (the convênio's row is locked until the
/// transaction ends: a concurrent generation finds it moved).
pub async fn take_sequence(tx: &mut Tx, agreement_id: &str, expected: i64) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_collection_agreements SET next_file_sequence = next_file_sequence + 1 \
         WHERE id = $1 AND next_file_sequence = $2",
    )
    .bind(agreement_id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Locks the convênio's row for a regeneration that keeps its sequence, if its counter is still `expected`.
pub async fn lock_sequence(tx: &mut Tx, agreement_id: &str, expected: i64) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_collection_agreements SET next_file_sequence = next_file_sequence \
         WHERE id = $1 AND next_file_sequence = $2",
    )
    .bind(agreement_id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// What a generation writes.
pub struct Generated<'a> {
    pub sequence: i64,
    pub file_name: &'a str,
    pub content: &'a [u8],
    pub sha256: &'a str,
    pub preflight: &'a str,
    pub item_count: i64,
    pub total_cents: i64,
}

pub async fn set_generated(
    tx: &mut Tx,
    id: &str,
    expected: i64,
    g: &Generated<'_>,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_remittances SET status = 'GERADA', sequence = $1, file_name = $2, \
         sha256 = $3, preflight = $4, item_count = $5, total_cents = $6, generated_at = $7, generated_by = $8, \
         version = version + 1, updated_at = $7, updated_by = $8 WHERE id = $9 AND version = $10 \
         AND status = 'RASCUNHO'",
    )
    .bind(g.sequence)
    .bind(g.file_name)
    .bind(g.sha256)
    .bind(g.preflight)
    .bind(g.item_count)
    .bind(g.total_cents)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    if done != 1 {
        return Ok(false);
    }
    // The file in its own table: the remessa's later state changes write a small row (a regeneration after
    // reopening replaces it).
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO finance_remittance_files (remittance_id, content) VALUES ($1, $2) \
         ON CONFLICT (remittance_id) DO UPDATE SET content = excluded.content",
    )
    .bind(id)
    .bind(g.content)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    Ok(true)
}

/// Moves the remessa from `from` to `to` over the version the caller read; `sent` stamps the sending.
pub async fn set_status(
    tx: &mut Tx,
    id: &str,
    expected: i64,
    from: RemittanceStatus,
    to: RemittanceStatus,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let sent = to == RemittanceStatus::Enviada;
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_remittances SET status = $1, sent_at = CASE WHEN $2 THEN $3 ELSE sent_at END, \
         sent_by = CASE WHEN $2 THEN $4 ELSE sent_by END, version = version + 1, updated_at = $3, \
         updated_by = $4 WHERE id = $5 AND version = $6 AND status = $7",
    )
    .bind(to.as_str())
    .bind(sent)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(id)
    .bind(expected)
    .bind(from.as_str())
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Frees a discarded remessa's items for another one.
pub async fn release_items(tx: &mut Tx, remittance_id: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_remittance_items SET live_key = NULL WHERE remittance_id = $1",
    )
    .bind(remittance_id)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn content(db: &Db, id: &str) -> Result<Option<Vec<u8>>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT content FROM finance_remittance_files WHERE remittance_id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await)
}

/// A sent remessa whose `answered` boletos are as many as its items is PROCESSADA with `rejected` rejections: its
/// items are entradas of distinct boletos (an instruction's boleto had its entrada in another remessa), so every
/// item has the result the caller counted. False when the counts differ (see [`close_if_done`]).
pub async fn close_answered(
    tx: &mut Tx,
    remittance_id: &str,
    answered: i64,
    rejected: i64,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_remittances SET status = 'PROCESSADA', rejected_count = $2, version = version + 1, \
         updated_at = $3, updated_by = $4 WHERE id = $1 AND status IN ('ENVIADA', 'GERADA') AND item_count = $5",
    )
    .bind(remittance_id)
    .bind(rejected)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(answered)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// When every item of a sent remessa has a result, it is PROCESSADA (with its rejections counted).
pub async fn close_if_done(tx: &mut Tx, remittance_id: &str, stamp: &Stamp<'_>) -> Result<bool> {
    // One pass over the items counts both the ones still waiting and the rejected ones (read twice, the
    // results of a 100,000-item remessa cost a second each).
    let sql = format!(
        "WITH tally AS (SELECT COALESCE(SUM(CASE WHEN r.result IS NULL THEN 1 ELSE 0 END), 0) AS waiting, \
         COALESCE(SUM(CASE WHEN r.result = 'REJEITADO' THEN 1 ELSE 0 END), 0) AS rejected FROM \
         (SELECT COALESCE({ITEM_RESULT}, i.result) AS result FROM finance_remittance_items i \
         WHERE i.remittance_id = $1) r) \
         UPDATE finance_remittances SET status = 'PROCESSADA', rejected_count = (SELECT rejected FROM tally), \
         version = version + 1, updated_at = $2, updated_by = $3 \
         WHERE id = $1 AND status IN ('ENVIADA', 'GERADA') AND (SELECT waiting FROM tally) = 0"
    );
    let done = on_tx!(tx, conn => sqlx::query(&sql)
    .bind(remittance_id)
    .bind(stamp.at)
    .bind(stamp.by)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}
