//! `finance_boletos`, `finance_boleto_events` and `finance_boleto_instructions`.
//!
//! Issuing writes many rows at once: boletos, events, the installments' new state and their history go in
//! multi-row statements of [`CHUNK`] rows (no per-row round trips), inside the issuing transaction.

use chrono::{DateTime, NaiveDate, Utc};
use platform::access::Principal;
use platform::db::{Db, Tx};
use platform::text::{alphanumerics, fold};
use platform::values::Address;
use platform::{on_db, on_tx};

use super::{placeholders, Stamp};
use crate::domain::boleto::{
    Boleto, BoletoEvent, BoletoFilter, BoletoInstruction, BoletoSort, BoletoStatus, BoletoTotals,
    EventKind, InstructionKind, Payer,
};
use crate::domain::remittance::{BoletoForRemessa, GENERATED_ACTION, REMITTANCE_ENTITY};

type Result<T> = std::result::Result<T, sqlx::Error>;

/// Rows per multi-row statement: well under SQLite's 32 766 and PostgreSQL's 65 535 parameters.
pub const CHUNK: usize = 500;

fn decode<T>(what: &str, text: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T> {
    parse(text).ok_or_else(|| sqlx::Error::Decode(format!("unknown {what} {text}").into()))
}

// ---- issuing ----

/// An installment as issuing checks it.
#[derive(sqlx::FromRow, Debug, Clone)]
pub struct IssueRow {
    pub id: String,
    pub receivable_id: String,
    pub number: String,
    pub seq: i64,
    pub count: i64,
    pub client_id: String,
    pub due_date: NaiveDate,
    pub value_cents: i64,
    pub received_cents: i64,
    pub status: String,
    /// The nosso número of its live boleto, when it has one.
    pub live_boleto: Option<String>,
}

/// The installments of `ids` (any order; missing ones are simply absent).
pub async fn issue_rows(db: &Db, ids: &[String]) -> Result<Vec<IssueRow>> {
    let live = in_list(&BoletoStatus::LIVE);
    let select = format!(
        "SELECT i.id, i.receivable_id, r.number, i.seq, i.count, r.client_id, i.due_date, i.value_cents, i.received_cents, i.status, \
         (SELECT b.nosso_numero_formatted FROM finance_boletos b WHERE b.installment_id = i.id \
          AND b.status IN ({live})) AS live_boleto \
         FROM finance_receivable_installments i JOIN finance_receivables r ON r.id = i.receivable_id \
         WHERE i.id"
    );
    if let Db::Postgres(pool) = db {
        // One statement with an array: planned once.
        return sqlx::query_as(&format!("{select} = ANY($1)"))
            .bind(ids)
            .fetch_all(pool)
            .await;
    }
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(CHUNK) {
        let sql = format!("{select} IN ({})", placeholders(chunk.len()));
        let rows: Vec<IssueRow> = on_db!(db, pool => {
            let mut q = sqlx::query_as(&sql);
            for id in chunk {
                q = q.bind(id);
            }
            q.fetch_all(pool).await
        })?;
        out.extend(rows);
    }
    Ok(out)
}

/// Writes new boletos, [`CHUNK`] rows a statement.
pub async fn insert_boletos(tx: &mut Tx, boletos: &[Boleto], stamp: &Stamp<'_>) -> Result<()> {
    if let Tx::Postgres(t) = tx {
        // One statement over arrays (see `insert_events`).
        let text = |f: fn(&Boleto) -> &str| boletos.iter().map(f).collect::<Vec<_>>();
        let maybe = |f: fn(&Boleto) -> Option<&str>| boletos.iter().map(f).collect::<Vec<_>>();
        let int = |f: fn(&Boleto) -> i64| boletos.iter().map(f).collect::<Vec<_>>();
        let maybe_int = |f: fn(&Boleto) -> Option<i64>| boletos.iter().map(f).collect::<Vec<_>>();
        let day = |f: fn(&Boleto) -> NaiveDate| boletos.iter().map(f).collect::<Vec<_>>();
        let owned = |f: fn(&Boleto) -> String| boletos.iter().map(f).collect::<Vec<_>>();
        return sqlx::query(
            "INSERT INTO finance_boletos (id, installment_id, receivable_id, agreement_id, bank, nosso_numero, \
             nosso_numero_dv, nosso_numero_formatted, seu_numero, client_id, payer_name, payer_document, \
             payer_address, issue_date, due_date, amount_cents, fine_bp, interest_monthly_bp, discount_cents, \
             abatement_cents, protest_days, baixa_days, instructions, barcode, linha_digitavel, \
             pix_copia_e_cola, status, search_text, client_sort, version, created_at, created_by, updated_at, \
             updated_by) SELECT b.*, $1, $2, $1, $2 FROM UNNEST($3::text[], $4::text[], $5::text[], $6::text[], \
             $7::text[], $8::int8[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], \
             $15::text[], $16::date[], $17::date[], $18::int8[], $19::int8[], $20::int8[], $21::int8[], \
             $22::int8[], $23::int8[], $24::int8[], $25::text[], $26::text[], $27::text[], $28::text[], \
             $29::text[], $30::text[], $31::text[], $32::int8[]) AS b",
        )
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(text(|b| &b.id))
        .bind(text(|b| &b.installment_id))
        .bind(text(|b| &b.receivable_id))
        .bind(text(|b| &b.agreement_id))
        .bind(text(|b| &b.bank))
        .bind(int(|b| b.nosso_numero))
        .bind(maybe(|b| b.nosso_numero_dv.as_deref()))
        .bind(text(|b| &b.nosso_numero_formatted))
        .bind(text(|b| &b.seu_numero))
        .bind(text(|b| &b.client_id))
        .bind(text(|b| &b.payer.name))
        .bind(text(|b| &b.payer.document))
        .bind(owned(|b| serde_json::to_string(&b.payer.address).unwrap_or_default()))
        .bind(day(|b| b.issue_date))
        .bind(day(|b| b.due_date))
        .bind(int(|b| b.amount_cents))
        .bind(int(|b| b.fine_bp))
        .bind(int(|b| b.interest_monthly_bp))
        .bind(int(|b| b.discount_cents))
        .bind(int(|b| b.abatement_cents))
        .bind(maybe_int(|b| b.protest_days))
        .bind(maybe_int(|b| b.baixa_days))
        .bind(text(|b| &b.instructions))
        .bind(text(|b| &b.barcode))
        .bind(text(|b| &b.linha_digitavel))
        .bind(maybe(|b| b.pix_copia_e_cola.as_deref()))
        .bind(text(|b| b.status.as_str()))
        .bind(owned(search_text))
        .bind(owned(|b| fold(&b.payer.name)))
        .bind(int(|b| b.version))
        .execute(&mut **t)
        .await
        .map(|_| ());
    }
    for chunk in boletos.chunks(CHUNK) {
        let rows: Vec<(&Boleto, String, String, String)> = chunk
            .iter()
            .map(|b| {
                (
                    b,
                    serde_json::to_string(&b.payer.address).unwrap_or_default(),
                    search_text(b),
                    fold(&b.payer.name),
                )
            })
            .collect();
        on_tx!(tx, conn => {
            let mut qb = sqlx::QueryBuilder::new(
                "INSERT INTO finance_boletos (id, installment_id, receivable_id, agreement_id, bank, nosso_numero, \
                 nosso_numero_dv, nosso_numero_formatted, seu_numero, client_id, payer_name, payer_document, \
                 payer_address, issue_date, due_date, amount_cents, fine_bp, interest_monthly_bp, discount_cents, \
                 abatement_cents, protest_days, baixa_days, instructions, barcode, linha_digitavel, \
                 pix_copia_e_cola, status, search_text, client_sort, version, created_at, created_by, updated_at, \
                 updated_by) ",
            );
            qb.push_values(rows.iter(), |mut q, (b, address, search, sort)| {
                q.push_bind(&b.id)
                    .push_bind(&b.installment_id)
                    .push_bind(&b.receivable_id)
                    .push_bind(&b.agreement_id)
                    .push_bind(&b.bank)
                    .push_bind(b.nosso_numero)
                    .push_bind(&b.nosso_numero_dv)
                    .push_bind(&b.nosso_numero_formatted)
                    .push_bind(&b.seu_numero)
                    .push_bind(&b.client_id)
                    .push_bind(&b.payer.name)
                    .push_bind(&b.payer.document)
                    .push_bind(address)
                    .push_bind(b.issue_date)
                    .push_bind(b.due_date)
                    .push_bind(b.amount_cents)
                    .push_bind(b.fine_bp)
                    .push_bind(b.interest_monthly_bp)
                    .push_bind(b.discount_cents)
                    .push_bind(b.abatement_cents)
                    .push_bind(b.protest_days)
                    .push_bind(b.baixa_days)
                    .push_bind(&b.instructions)
                    .push_bind(&b.barcode)
                    .push_bind(&b.linha_digitavel)
                    .push_bind(&b.pix_copia_e_cola)
                    .push_bind(b.status.as_str())
                    .push_bind(search)
                    .push_bind(sort)
                    .push_bind(b.version)
                    .push_bind(stamp.at)
                    .push_bind(stamp.by)
                    .push_bind(stamp.at)
                    .push_bind(stamp.by);
            });
            qb.build().execute(&mut *conn).await.map(|_| ())
        })?;
    }
    Ok(())
}

/// Appends timeline events, [`CHUNK`] rows a statement.
pub async fn insert_events(tx: &mut Tx, events: &[BoletoEvent]) -> Result<()> {
    if let Tx::Postgres(t) = tx {
        // One statement over arrays: PostgreSQL plans it once, where 500-row VALUES lists were parsed and
        // planned per statement.
        let text = |f: fn(&BoletoEvent) -> &str| events.iter().map(f).collect::<Vec<_>>();
        let maybe = |f: fn(&BoletoEvent) -> Option<&str>| events.iter().map(f).collect::<Vec<_>>();
        return sqlx::query(
            "INSERT INTO finance_boleto_events (id, boleto_id, at, kind, description, bank_code, bank_text, \
             remittance_id, remittance_number, amount_cents, details, by_uid, by_name) SELECT * FROM UNNEST(\
             $1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], \
             $9::text[], $10::int8[], $11::text[], $12::text[], $13::text[])",
        )
        .bind(text(|e| &e.id))
        .bind(text(|e| &e.boleto_id))
        .bind(events.iter().map(|e| e.at).collect::<Vec<_>>())
        .bind(text(|e| e.kind.as_str()))
        .bind(text(|e| &e.description))
        .bind(maybe(|e| e.bank_code.as_deref()))
        .bind(maybe(|e| e.bank_text.as_deref()))
        .bind(maybe(|e| e.remittance_id.as_deref()))
        .bind(maybe(|e| e.remittance_number.as_deref()))
        .bind(events.iter().map(|e| e.amount_cents).collect::<Vec<_>>())
        .bind(maybe(|e| e.details.as_deref()))
        .bind(text(|e| &e.by_uid))
        .bind(text(|e| &e.by_name))
        .execute(&mut **t)
        .await
        .map(|_| ());
    }
    for chunk in events.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut qb = sqlx::QueryBuilder::new(
                "INSERT INTO finance_boleto_events (id, boleto_id, at, kind, description, bank_code, bank_text, \
                 remittance_id, remittance_number, amount_cents, details, by_uid, by_name) ",
            );
            qb.push_values(chunk.iter(), |mut q, e| {
                q.push_bind(&e.id)
                    .push_bind(&e.boleto_id)
                    .push_bind(e.at)
                    .push_bind(e.kind.as_str())
                    .push_bind(&e.description)
                    .push_bind(&e.bank_code)
                    .push_bind(&e.bank_text)
                    .push_bind(&e.remittance_id)
                    .push_bind(&e.remittance_number)
                    .push_bind(e.amount_cents)
                    .push_bind(&e.details)
                    .push_bind(&e.by_uid)
                    .push_bind(&e.by_name);
            });
            qb.build().execute(&mut *conn).await.map(|_| ())
        })?;
    }
    Ok(())
}

/// One history line of many records at once (the installments a batch issue moves), in `platform_history`'s
/// own layout (`platform::history::record` writes one row; this writes [`CHUNK`] a statement).
pub struct HistoryLine {
    pub entity_id: String,
    pub changes: String,
}

#[allow(clippy::too_many_arguments)]
pub async fn insert_history(
    tx: &mut Tx,
    entity: &str,
    action: &str,
    from_state: &str,
    to_state: &str,
    lines: &[HistoryLine],
    by: &Principal,
    at: DateTime<Utc>,
) -> Result<()> {
    if let Tx::Postgres(t) = tx {
        // One statement over arrays (see `insert_events`).
        let ids: Vec<String> = lines
            .iter()
            .map(|_| uuid::Uuid::now_v7().to_string())
            .collect();
        return sqlx::query(
            "INSERT INTO platform_history (id, entity, entity_id, at, by_uid, by_name, action, from_state, \
             to_state, reason, changes) SELECT l.id, $1, l.entity_id, $2, $3, $4, $5, $6, $7, NULL, l.changes \
             FROM UNNEST($8::text[], $9::text[], $10::text[]) AS l (id, entity_id, changes)",
        )
        .bind(entity)
        .bind(at)
        .bind(&by.uid)
        .bind(&by.name)
        .bind(action)
        .bind(from_state)
        .bind(to_state)
        .bind(ids)
        .bind(lines.iter().map(|l| l.entity_id.as_str()).collect::<Vec<_>>())
        .bind(lines.iter().map(|l| l.changes.as_str()).collect::<Vec<_>>())
        .execute(&mut **t)
        .await
        .map(|_| ());
    }
    for chunk in lines.chunks(CHUNK) {
        on_tx!(tx, conn => {
            let mut qb = sqlx::QueryBuilder::new(
                "INSERT INTO platform_history (id, entity, entity_id, at, by_uid, by_name, action, from_state, \
                 to_state, reason, changes) ",
            );
            qb.push_values(chunk.iter(), |mut q, line| {
                q.push_bind(uuid::Uuid::now_v7().to_string())
                    .push_bind(entity)
                    .push_bind(&line.entity_id)
                    .push_bind(at)
                    .push_bind(&by.uid)
                    .push_bind(&by.name)
                    .push_bind(action)
                    .push_bind(from_state)
                    .push_bind(to_state)
                    .push_bind(None::<String>)
                    .push_bind(&line.changes);
            });
            qb.build().execute(&mut *conn).await.map(|_| ())
        })?;
    }
    Ok(())
}

/// Moves the installments of `ids` from `from` to `to` (version + 1); how many moved (fewer than `ids` when
/// someone changed one meanwhile).
pub async fn move_installments(
    tx: &mut Tx,
    ids: &[&str],
    from: &str,
    to: &str,
    stamp: &Stamp<'_>,
) -> Result<u64> {
    move_in_state(
        tx,
        "finance_receivable_installments SET status = $1",
        to,
        from,
        ids,
        stamp,
    )
    .await
}

/// `UPDATE {table_set}, version + 1, stamped WHERE id in ids AND status = $4`: the rows of `ids` still in state
/// `from`, with `$1` bound to `first`; how many were written. On PostgreSQL one statement with an array (planned
/// once); on SQLite [`CHUNK`] ids a statement. `status || ''`: the primary key finds the rows, where an index on the
/// state would scan every row in it.
async fn move_in_state<S: AsRef<str>>(
    tx: &mut Tx,
    table_set: &str,
    first: &str,
    from: &str,
    ids: &[S],
    stamp: &Stamp<'_>,
) -> Result<u64> {
    let update =
        format!("UPDATE {table_set}, version = version + 1, updated_at = $2, updated_by = $3");
    if let Tx::Postgres(t) = tx {
        return sqlx::query(&format!(
            "{update} WHERE id = ANY($5) AND status || '' = $4"
        ))
        .bind(first)
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(from)
        .bind(ids.iter().map(AsRef::as_ref).collect::<Vec<&str>>())
        .execute(&mut **t)
        .await
        .map(|r| r.rows_affected());
    }
    let mut moved = 0;
    // Anonymous placeholders (see `placeholders`), bound in the order they appear: `first`, when, who, the ids,
    // then the state.
    let update = update
        .replace("$1", "?")
        .replace("$2", "?")
        .replace("$3", "?");
    for chunk in ids.chunks(CHUNK) {
        let sql = format!(
            "{update} WHERE id IN ({}) AND status || '' = ?",
            placeholders(chunk.len())
        );
        moved += on_tx!(tx, conn => {
            let mut q = sqlx::query(&sql).bind(first).bind(stamp.at).bind(stamp.by);
            for id in chunk {
                q = q.bind(id.as_ref());
            }
            q.bind(from).execute(&mut *conn).await.map(|r| r.rows_affected())
        })?;
    }
    Ok(moved)
}

// ---- reading ----

const COLUMNS: &str = "b.id, b.installment_id, b.receivable_id, b.agreement_id, b.bank, b.nosso_numero, \
     b.nosso_numero_dv, b.nosso_numero_formatted, b.seu_numero, b.client_id, b.payer_name, b.payer_document, \
     b.payer_address, b.issue_date, b.due_date, b.amount_cents, b.fine_bp, b.interest_monthly_bp, b.discount_cents, \
     b.abatement_cents, b.protest_days, b.baixa_days, b.instructions, b.barcode, b.linha_digitavel, \
     b.pix_copia_e_cola, b.status, b.remittance_id, b.last_occurrence_code, b.last_occurrence_text, b.paid_date, \
     b.paid_cents, b.version, b.created_at, b.created_by";

/// The payer as stored with a boleto (the address as crm's JSON).
fn payer(name: String, document: String, address: &str) -> Result<Payer> {
    let address: Address =
        serde_json::from_str(address).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(Payer {
        name,
        document,
        address,
    })
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    installment_id: String,
    receivable_id: String,
    agreement_id: String,
    bank: String,
    nosso_numero: i64,
    nosso_numero_dv: Option<String>,
    nosso_numero_formatted: String,
    seu_numero: String,
    client_id: String,
    payer_name: String,
    payer_document: String,
    payer_address: String,
    issue_date: NaiveDate,
    due_date: NaiveDate,
    amount_cents: i64,
    fine_bp: i64,
    interest_monthly_bp: i64,
    discount_cents: i64,
    abatement_cents: i64,
    protest_days: Option<i64>,
    baixa_days: Option<i64>,
    instructions: String,
    barcode: String,
    linha_digitavel: String,
    pix_copia_e_cola: Option<String>,
    status: String,
    remittance_id: Option<String>,
    last_occurrence_code: Option<String>,
    last_occurrence_text: Option<String>,
    paid_date: Option<NaiveDate>,
    paid_cents: Option<i64>,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl Row {
    fn into_boleto(self) -> Result<Boleto> {
        Ok(Boleto {
            status: decode("status", &self.status, BoletoStatus::parse)?,
            id: self.id,
            installment_id: self.installment_id,
            receivable_id: self.receivable_id,
            agreement_id: self.agreement_id,
            bank: self.bank,
            nosso_numero: self.nosso_numero,
            nosso_numero_dv: self.nosso_numero_dv,
            nosso_numero_formatted: self.nosso_numero_formatted,
            seu_numero: self.seu_numero,
            client_id: self.client_id,
            payer: payer(self.payer_name, self.payer_document, &self.payer_address)?,
            issue_date: self.issue_date,
            due_date: self.due_date,
            amount_cents: self.amount_cents,
            fine_bp: self.fine_bp,
            interest_monthly_bp: self.interest_monthly_bp,
            discount_cents: self.discount_cents,
            abatement_cents: self.abatement_cents,
            protest_days: self.protest_days,
            baixa_days: self.baixa_days,
            instructions: self.instructions,
            barcode: self.barcode,
            linha_digitavel: self.linha_digitavel,
            pix_copia_e_cola: self.pix_copia_e_cola,
            remittance_id: self.remittance_id,
            last_occurrence_code: self.last_occurrence_code,
            last_occurrence_text: self.last_occurrence_text,
            paid_date: self.paid_date,
            paid_cents: self.paid_cents,
            version: self.version,
            created_at: self.created_at,
            created_by: self.created_by,
        })
    }
}

/// What `q` matches: the nosso número (as printed and bare), the seu número, the folded payer name, the document.
fn search_text(b: &Boleto) -> String {
    [
        fold(&b.nosso_numero_formatted),
        b.nosso_numero.to_string(),
        fold(&b.seu_numero),
        fold(&b.payer.name),
        b.payer.document.to_lowercase(),
    ]
    .join(" | ")
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Boleto>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_boletos b WHERE b.id = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    row.map(Row::into_boleto).transpose()
}

/// The boleto, read in the caller's transaction.
pub async fn by_id_in(tx: &mut Tx, id: &str) -> Result<Option<Boleto>> {
    let sql = format!("SELECT {COLUMNS} FROM finance_boletos b WHERE b.id = $1");
    let row: Option<Row> =
        on_tx!(tx, conn => sqlx::query_as(&sql).bind(id).fetch_optional(&mut *conn).await)?;
    row.map(Row::into_boleto).transpose()
}

/// The installment's live boleto, in the caller's transaction.
pub async fn live_of_installment_in(tx: &mut Tx, installment_id: &str) -> Result<Option<Boleto>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM finance_boletos b WHERE b.installment_id = $1 AND b.status IN ({})",
        in_list(&BoletoStatus::LIVE)
    );
    let row: Option<Row> = on_tx!(tx, conn => sqlx::query_as(&sql)
        .bind(installment_id)
        .fetch_optional(&mut *conn)
        .await)?;
    row.map(Row::into_boleto).transpose()
}

/// Boletos by id, in the order of `ids` (missing ones left out).
#[derive(sqlx::FromRow)]
struct RemessaRow {
    id: String,
    status: String,
    remittance_id: Option<String>,
    nosso_numero: i64,
    nosso_numero_formatted: String,
    seu_numero: String,
    payer_name: String,
    payer_document: String,
    payer_address: String,
    issue_date: NaiveDate,
    due_date: NaiveDate,
    amount_cents: i64,
    fine_bp: i64,
    interest_monthly_bp: i64,
    discount_cents: i64,
    abatement_cents: i64,
    protest_days: Option<i64>,
}

impl RemessaRow {
    fn into_boleto(self) -> Result<BoletoForRemessa> {
        Ok(BoletoForRemessa {
            status: decode("status", &self.status, BoletoStatus::parse)?,
            id: self.id,
            remittance_id: self.remittance_id,
            nosso_numero: self.nosso_numero,
            nosso_numero_formatted: self.nosso_numero_formatted,
            seu_numero: self.seu_numero,
            payer: payer(self.payer_name, self.payer_document, &self.payer_address)?,
            issue_date: self.issue_date,
            due_date: self.due_date,
            amount_cents: self.amount_cents,
            fine_bp: self.fine_bp,
            interest_monthly_bp: self.interest_monthly_bp,
            discount_cents: self.discount_cents,
            abatement_cents: self.abatement_cents,
            protest_days: self.protest_days,
        })
    }
}

/// The boletos of `ids` as a remessa's records take them, in no particular order ([`CHUNK`] a statement on
/// SQLite, one array on PostgreSQL).
pub async fn for_remessa(db: &Db, ids: &[String]) -> Result<Vec<BoletoForRemessa>> {
    const SELECT: &str = "SELECT id, status, remittance_id, nosso_numero, nosso_numero_formatted, seu_numero, \
         payer_name, payer_document, payer_address, issue_date, due_date, amount_cents, fine_bp, \
         interest_monthly_bp, discount_cents, abatement_cents, protest_days FROM finance_boletos WHERE id";
    let rows: Vec<RemessaRow> = if let Db::Postgres(pool) = db {
        sqlx::query_as(&format!("{SELECT} = ANY($1)"))
            .bind(ids)
            .fetch_all(pool)
            .await?
    } else {
        let mut rows = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(CHUNK) {
            let sql = format!("{SELECT} IN ({})", placeholders(chunk.len()));
            rows.extend(on_db!(db, pool => {
                let mut q = sqlx::query_as::<_, RemessaRow>(&sql);
                for id in chunk {
                    q = q.bind(id);
                }
                q.fetch_all(pool).await
            })?);
        }
        rows
    };
    rows.into_iter().map(RemessaRow::into_boleto).collect()
}

pub async fn by_ids(db: &Db, ids: &[String]) -> Result<Vec<Boleto>> {
    let mut found = Vec::with_capacity(ids.len());
    if let Db::Postgres(pool) = db {
        // One statement with an array: planned once.
        let rows: Vec<Row> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM finance_boletos b WHERE b.id = ANY($1)"
        ))
        .bind(ids)
        .fetch_all(pool)
        .await?;
        for row in rows {
            found.push(row.into_boleto()?);
        }
    } else {
        for chunk in ids.chunks(CHUNK) {
            let sql = format!(
                "SELECT {COLUMNS} FROM finance_boletos b WHERE b.id IN ({})",
                placeholders(chunk.len())
            );
            let rows: Vec<Row> = on_db!(db, pool => {
                let mut q = sqlx::query_as(&sql);
                for id in chunk {
                    q = q.bind(id);
                }
                q.fetch_all(pool).await
            })?;
            for row in rows {
                found.push(row.into_boleto()?);
            }
        }
    }
    // In the order of `ids` (a map of positions: `position` in the key was quadratic — minutes at 100,000).
    let order: std::collections::HashMap<&str, usize> = ids
        .iter()
        .enumerate()
        .map(|(n, id)| (id.as_str(), n))
        .collect();
    found.sort_by_key(|b| order.get(b.id.as_str()).copied());
    Ok(found)
}

/// States as SQL literals (the enum's own constants, never input).
fn in_list(states: &[BoletoStatus]) -> String {
    states
        .iter()
        .map(|s| format!("'{}'", s.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn contains(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

struct Where {
    sql: String,
    binds: Binds,
}

#[derive(Clone)]
struct Binds {
    agreement_id: Option<String>,
    issue_from: Option<NaiveDate>,
    issue_to: Option<NaiveDate>,
    due_from: Option<NaiveDate>,
    due_to: Option<NaiveDate>,
    client_id: Option<String>,
    remittance_id: Option<String>,
    installment_id: Option<String>,
    text: Option<String>,
    document: Option<String>,
    pending: bool,
}

fn where_of(filter: &BoletoFilter) -> Where {
    let states = if filter.statuses.is_empty() {
        "1 = 1".to_string()
    } else {
        format!("b.status IN ({})", in_list(&filter.statuses))
    };
    let q = filter.q.as_deref().map(fold).filter(|q| !q.is_empty());
    let document = filter
        .q
        .as_deref()
        .filter(|q| q.chars().any(|c| c.is_ascii_digit()))
        .map(|q| alphanumerics(q).to_uppercase())
        .filter(|d| !d.is_empty())
        .map(|d| format!("%{d}%"));
    Where {
        sql: format!(
            "($1 IS NULL OR b.agreement_id = $1) AND ($2 IS NULL OR b.issue_date >= $2) \
             AND ($3 IS NULL OR b.issue_date <= $3) AND ($4 IS NULL OR b.due_date >= $4) \
             AND ($5 IS NULL OR b.due_date <= $5) AND ($6 IS NULL OR b.client_id = $6) \
             AND ($7 IS NULL OR b.remittance_id = $7) AND ($8 IS NULL OR b.installment_id = $8) \
             AND ($9 IS NULL OR b.search_text LIKE $9 ESCAPE '\\' OR b.payer_document LIKE $10) \
             AND ($11 = FALSE OR EXISTS (SELECT 1 FROM finance_boleto_instructions x \
                  WHERE x.boleto_id = b.id AND x.remittance_id IS NULL)) \
             AND {states}"
        ),
        binds: Binds {
            agreement_id: filter.agreement_id.clone(),
            issue_from: filter.issue_from,
            issue_to: filter.issue_to,
            due_from: filter.due_from,
            due_to: filter.due_to,
            client_id: filter.client_id.clone(),
            remittance_id: filter.remittance_id.clone(),
            installment_id: filter.installment_id.clone(),
            text: q.as_deref().map(contains),
            document,
            pending: filter.pending_instruction,
        },
    }
}

fn order_by(sort: BoletoSort) -> &'static str {
    match sort {
        BoletoSort::DueDate => "b.due_date, b.nosso_numero, b.id",
        BoletoSort::DueDateDesc => "b.due_date DESC, b.nosso_numero DESC, b.id",
        BoletoSort::IssueDate => "b.issue_date, b.nosso_numero, b.id",
        BoletoSort::IssueDateDesc => "b.issue_date DESC, b.nosso_numero DESC, b.id",
        BoletoSort::NossoNumero => "b.agreement_id, b.nosso_numero",
        BoletoSort::NossoNumeroDesc => "b.agreement_id DESC, b.nosso_numero DESC",
        BoletoSort::Amount => "b.amount_cents, b.due_date, b.id",
        BoletoSort::AmountDesc => "b.amount_cents DESC, b.due_date, b.id",
        BoletoSort::Client => "b.client_sort, b.due_date, b.id",
        BoletoSort::ClientDesc => "b.client_sort DESC, b.due_date, b.id",
    }
}

macro_rules! bind_filter {
    ($query:expr, $b:expr) => {
        $query
            .bind($b.agreement_id.clone())
            .bind($b.issue_from)
            .bind($b.issue_to)
            .bind($b.due_from)
            .bind($b.due_to)
            .bind($b.client_id.clone())
            .bind($b.remittance_id.clone())
            .bind($b.installment_id.clone())
            .bind($b.text.clone())
            .bind($b.document.clone())
            .bind($b.pending)
    };
}

/// One page of the boletos `filter` matches, and how many match.
pub async fn list(
    db: &Db,
    filter: &BoletoFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Boleto>, i64)> {
    let w = where_of(filter);
    let page = format!(
        "SELECT {COLUMNS} FROM finance_boletos b WHERE {} ORDER BY {} LIMIT $12 OFFSET $13",
        w.sql,
        order_by(filter.sort)
    );
    let count = format!("SELECT COUNT(*) FROM finance_boletos b WHERE {}", w.sql);
    let b = &w.binds;
    let (rows, total): (Vec<Row>, i64) = on_db!(db, pool => {
        let rows = bind_filter!(sqlx::query_as(&page), b)
            .bind(limit)
            .bind(offset)
            .fetch_all(pool)
            .await?;
        let total = bind_filter!(sqlx::query_scalar(&count), b).fetch_one(pool).await?;
        Ok::<_, sqlx::Error>((rows, total))
    })?;
    let items = rows
        .into_iter()
        .map(Row::into_boleto)
        .collect::<Result<Vec<_>>>()?;
    Ok((items, total))
}

/// Count and amount per state over every boleto `filter` matches.
pub async fn totals(db: &Db, filter: &BoletoFilter) -> Result<BoletoTotals> {
    let w = where_of(filter);
    let sql = format!(
        "SELECT b.status, COUNT(*), CAST(COALESCE(SUM(b.amount_cents), 0) AS BIGINT) FROM finance_boletos b \
         WHERE {} GROUP BY b.status",
        w.sql
    );
    let b = &w.binds;
    let rows: Vec<(String, i64, i64)> =
        on_db!(db, pool => bind_filter!(sqlx::query_as(&sql), b).fetch_all(pool).await)?;
    let mut totals = BoletoTotals::default();
    for (status, count, amount) in rows {
        let status = decode("status", &status, BoletoStatus::parse)?;
        totals.count += count;
        totals.amount_cents += amount;
        totals.by_status.push((status, count, amount));
    }
    totals
        .by_status
        .sort_by_key(|(s, _, _)| BoletoStatus::ALL.iter().position(|a| a == s));
    Ok(totals)
}

/// Every boleto `filter` matches, in its order, for an export.
pub fn stream(
    db: &Db,
    filter: &BoletoFilter,
) -> impl futures::Stream<Item = platform::error::Result<Boleto>> + Send + 'static {
    let w = where_of(filter);
    let sql = format!(
        "SELECT {COLUMNS} FROM finance_boletos b WHERE {} ORDER BY {}",
        w.sql,
        order_by(filter.sort)
    );
    let (tx, rx) = tokio::sync::mpsc::channel(256);
    let db = db.clone();
    tokio::spawn(async move {
        use futures::StreamExt;
        let b = &w.binds;
        on_db!(&db, pool => {
            let mut rows = bind_filter!(sqlx::query_as::<_, Row>(&sql), b).fetch(pool);
            while let Some(row) = rows.next().await {
                let boleto = row.and_then(Row::into_boleto).map_err(Into::into);
                if tx.send(boleto).await.is_err() {
                    break;
                }
            }
        })
    });
    tokio_stream::wrappers::ReceiverStream::new(rx)
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM finance_boletos").fetch_one(pool).await)
}

// ---- events and instructions ----

const EVENT_COLUMNS: &str =
    "id, boleto_id, at, kind, description, bank_code, bank_text, remittance_id, \
     remittance_number, amount_cents, details, by_uid, by_name";

#[derive(sqlx::FromRow)]
struct EventRow {
    id: String,
    boleto_id: String,
    at: DateTime<Utc>,
    kind: String,
    description: String,
    bank_code: Option<String>,
    bank_text: Option<String>,
    remittance_id: Option<String>,
    remittance_number: Option<String>,
    amount_cents: Option<i64>,
    details: Option<String>,
    by_uid: String,
    by_name: String,
}

/// A boleto's timeline, oldest first.
pub async fn events_of(db: &Db, boleto_id: &str) -> Result<Vec<BoletoEvent>> {
    // A retorno's occurrences are their boleto's lines too (finance_bank_return_occurrences.event_*), at the
    // time and by the person of their retorno; and each generation of a remessa that carries the boleto as an
    // entrada is its "Incluído na remessa" line (remessas generated before that was so wrote the line here).
    let sql = format!(
        "SELECT {EVENT_COLUMNS} FROM finance_boleto_events WHERE boleto_id = $1 UNION ALL \
         SELECT o.id, o.boleto_id, r.processed_at AS at, o.event_kind AS kind, o.event_description AS description, \
         TRIM(o.movement_code) AS bank_code, o.event_bank_text AS bank_text, NULL AS remittance_id, \
         NULL AS remittance_number, o.event_amount_cents AS amount_cents, o.event_details AS details, \
         r.imported_by AS by_uid, r.imported_by_name AS by_name FROM finance_bank_return_occurrences o \
         JOIN finance_bank_returns r ON r.id = o.return_id \
         WHERE o.boleto_id = $1 AND o.event_kind IS NOT NULL AND r.processed_at IS NOT NULL UNION ALL \
         SELECT i.id || h.id, i.boleto_id, h.at, 'EM_REMESSA', 'Incluído na remessa ' || m.number, NULL, NULL, m.id, \
         m.number, NULL, NULL, h.by_uid, h.by_name FROM finance_remittance_items i \
         JOIN finance_remittances m ON m.id = i.remittance_id \
         JOIN platform_history h ON h.entity = $2 AND h.entity_id = m.id AND h.action = $3 \
         WHERE i.boleto_id = $1 AND i.instruction = 'ENTRADA' AND NOT EXISTS (SELECT 1 FROM finance_boleto_events e \
         WHERE e.boleto_id = i.boleto_id AND e.remittance_id = m.id AND e.kind = 'EM_REMESSA') ORDER BY at, id"
    );
    let rows: Vec<EventRow> = on_db!(db, pool => sqlx::query_as(&sql)
        .bind(boleto_id)
        .bind(REMITTANCE_ENTITY)
        .bind(GENERATED_ACTION)
        .fetch_all(pool)
        .await)?;
    rows.into_iter()
        .map(|r| {
            Ok(BoletoEvent {
                kind: decode("kind", &r.kind, EventKind::parse)?,
                id: r.id,
                boleto_id: r.boleto_id,
                at: r.at,
                description: r.description,
                bank_code: r.bank_code,
                bank_text: r.bank_text,
                remittance_id: r.remittance_id,
                remittance_number: r.remittance_number,
                amount_cents: r.amount_cents,
                details: r.details,
                by_uid: r.by_uid,
                by_name: r.by_name,
            })
        })
        .collect()
}

const INSTRUCTION_COLUMNS: &str =
    "id, boleto_id, kind, new_due_date, amount_cents, reason, remittance_id, created_at, created_by";

#[derive(sqlx::FromRow)]
struct InstructionRow {
    id: String,
    boleto_id: String,
    kind: String,
    new_due_date: Option<NaiveDate>,
    amount_cents: Option<i64>,
    reason: Option<String>,
    remittance_id: Option<String>,
    created_at: DateTime<Utc>,
    created_by: String,
}

impl InstructionRow {
    fn into_instruction(self) -> Result<BoletoInstruction> {
        Ok(BoletoInstruction {
            kind: decode("kind", &self.kind, InstructionKind::parse)?,
            id: self.id,
            boleto_id: self.boleto_id,
            new_due_date: self.new_due_date,
            amount_cents: self.amount_cents,
            reason: self.reason,
            remittance_id: self.remittance_id,
            created_at: self.created_at,
            created_by: self.created_by,
        })
    }
}

/// A boleto's instructions, oldest first (sent ones included).
pub async fn instructions_of(db: &Db, boleto_id: &str) -> Result<Vec<BoletoInstruction>> {
    let sql = format!(
        "SELECT {INSTRUCTION_COLUMNS} FROM finance_boleto_instructions WHERE boleto_id = $1 \
         ORDER BY created_at, id"
    );
    let rows: Vec<InstructionRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(boleto_id).fetch_all(pool).await)?;
    rows.into_iter()
        .map(InstructionRow::into_instruction)
        .collect()
}

/// The instructions no remessa carried yet, oldest first (for the remessa work).
pub async fn pending_instructions(db: &Db) -> Result<Vec<BoletoInstruction>> {
    let sql = format!(
        "SELECT {INSTRUCTION_COLUMNS} FROM finance_boleto_instructions WHERE remittance_id IS NULL \
         ORDER BY created_at, id"
    );
    let rows: Vec<InstructionRow> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    rows.into_iter()
        .map(InstructionRow::into_instruction)
        .collect()
}

pub async fn insert_instruction(tx: &mut Tx, i: &BoletoInstruction) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(&format!(
        "INSERT INTO finance_boleto_instructions ({INSTRUCTION_COLUMNS}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
    ))
    .bind(&i.id)
    .bind(&i.boleto_id)
    .bind(i.kind.as_str())
    .bind(i.new_due_date)
    .bind(i.amount_cents)
    .bind(&i.reason)
    .bind(&i.remittance_id)
    .bind(i.created_at)
    .bind(&i.created_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// A pending instruction of `kind` on the boleto, in the caller's transaction.
pub async fn has_pending_in(tx: &mut Tx, boleto_id: &str, kind: InstructionKind) -> Result<bool> {
    let n: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM finance_boleto_instructions WHERE boleto_id = $1 AND kind = $2 \
         AND remittance_id IS NULL",
    )
    .bind(boleto_id)
    .bind(kind.as_str())
    .fetch_one(&mut *conn)
    .await)?;
    Ok(n > 0)
}

/// What a state change writes on the boleto (each `None` keeps what is stored).
#[derive(Debug, Clone, Default)]
pub struct BoletoUpdate<'a> {
    pub status: Option<BoletoStatus>,
    pub remittance_id: Option<&'a str>,
    pub occurrence: Option<(&'a str, &'a str)>,
    pub paid: Option<(NaiveDate, i64)>,
    pub due_date: Option<NaiveDate>,
    pub abatement_cents: Option<i64>,
}

/// Writes `update` if the boleto's version is still `expected`.
pub async fn update(
    tx: &mut Tx,
    id: &str,
    expected: i64,
    u: &BoletoUpdate<'_>,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let (code, text) = match u.occurrence {
        Some((c, t)) => (Some(c), Some(t)),
        None => (None, None),
    };
    let (paid_date, paid_cents) = match u.paid {
        Some((d, c)) => (Some(d), Some(c)),
        None => (None, None),
    };
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE finance_boletos SET status = COALESCE($1, status), remittance_id = COALESCE($2, remittance_id), \
         last_occurrence_code = COALESCE($3, last_occurrence_code), \
         last_occurrence_text = COALESCE($4, last_occurrence_text), paid_date = COALESCE($5, paid_date), \
         paid_cents = COALESCE($6, paid_cents), due_date = COALESCE($7, due_date), \
         abatement_cents = COALESCE($8, abatement_cents), version = version + 1, updated_at = $9, \
         updated_by = $10 WHERE id = $11 AND version = $12",
    )
    .bind(u.status.map(BoletoStatus::as_str))
    .bind(u.remittance_id)
    .bind(code)
    .bind(text)
    .bind(paid_date)
    .bind(paid_cents)
    .bind(u.due_date)
    .bind(u.abatement_cents)
    .bind(stamp.at)
    .bind(stamp.by)
    .bind(id)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Sets the installment's state when it is one of `from` (a boleto's entry, rejection or baixa moves it).
pub async fn set_installment_status(
    tx: &mut Tx,
    installment_id: &str,
    from: &[&str],
    to: &str,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let list = from
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "UPDATE finance_receivable_installments SET status = $1, version = version + 1, updated_at = $2, \
         updated_by = $3 WHERE id = $4 AND status IN ({list})"
    );
    let done = on_tx!(tx, conn => sqlx::query(&sql)
        .bind(to)
        .bind(stamp.at)
        .bind(stamp.by)
        .bind(installment_id)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// EMITIDO boletos of `ids` become EM_REMESSA in the remessa (one statement); how many moved.
pub async fn put_in_remittance(
    tx: &mut Tx,
    ids: &[String],
    remittance_id: &str,
    stamp: &Stamp<'_>,
) -> Result<u64> {
    move_in_state(
        tx,
        "finance_boletos SET status = 'EM_REMESSA', remittance_id = $1",
        remittance_id,
        BoletoStatus::Emitido.as_str(),
        ids,
        stamp,
    )
    .await
}
