//! Inventory counts: the count, its scope, its lines (the snapshot), the devices' entries and each counter's
//! tally per line and round. Set-based where a count is large (the snapshot is one `INSERT … SELECT`); every
//! other statement touches at most one sheet, one sync batch or one posting chunk.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Engine, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use super::Result;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CountRow {
    pub id: String,
    pub number: String,
    pub location_id: String,
    pub blind: bool,
    pub status: String,
    pub round: i64,
    pub started_at: Option<DateTime<Utc>>,
    pub line_count: i64,
    pub post_cursor: i64,
    pub posted_lines: i64,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub approved_by: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub version: i64,
}

const COUNT_COLUMNS: &str =
    "id, number, location_id, blind, status, round, started_at, line_count, post_cursor, \
    posted_lines, note, created_at, created_by, approved_by, approved_at, finished_at, version";

/// A count with its location's name and its progress (lines not pending, in conflict, to recount).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CountListRow {
    #[sqlx(flatten)]
    pub count: CountRow,
    pub location_name: String,
    pub counted_lines: i64,
    pub conflict_lines: i64,
    pub recount_lines: i64,
}

pub async fn insert_count(tx: &mut Tx, c: &CountRow) -> Result<()> {
    let sql = format!(
        "INSERT INTO stock_counts ({COUNT_COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
    );
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&c.id).bind(&c.number).bind(&c.location_id).bind(c.blind).bind(&c.status).bind(c.round)
        .bind(c.started_at).bind(c.line_count).bind(c.post_cursor).bind(c.posted_lines).bind(&c.note)
        .bind(c.created_at).bind(&c.created_by).bind(&c.approved_by).bind(c.approved_at).bind(c.finished_at)
        .bind(c.version)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn insert_scope(tx: &mut Tx, count_id: &str, kind: &str, ids: &[String]) -> Result<()> {
    for id in ids {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO stock_count_scope (count_id, kind, ref_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING"
        ).bind(count_id).bind(kind).bind(id).execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

pub async fn scope(db: &Db, count_id: &str) -> Result<Vec<(String, String)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT kind, ref_id FROM stock_count_scope WHERE count_id = $1 ORDER BY kind, ref_id"
    ).bind(count_id).fetch_all(pool).await)
}

pub async fn count(db: &Db, id: &str) -> Result<Option<CountRow>> {
    let sql = format!("SELECT {COUNT_COLUMNS} FROM stock_counts WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

/// The count, locked for the rest of the transaction on PostgreSQL (SQLite has one writer anyway).
pub async fn count_for_update(tx: &mut Tx, id: &str) -> Result<Option<CountRow>> {
    let lock = if tx.engine() == Engine::Postgres {
        " FOR UPDATE"
    } else {
        ""
    };
    let sql = format!("SELECT {COUNT_COLUMNS} FROM stock_counts WHERE id = $1{lock}");
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(id).fetch_optional(&mut *conn).await)
}

/// Sets the state (and the round) and bumps the version.
pub async fn set_status(tx: &mut Tx, id: &str, status: &str, round: i64) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_counts SET status = $2, round = $3, version = version + 1 WHERE id = $1"
    ).bind(id).bind(status).bind(round).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_started(tx: &mut Tx, id: &str, at: DateTime<Utc>, lines: i64) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_counts SET status = 'EM_CONTAGEM', started_at = $2, line_count = $3, round = 1, \
         version = version + 1 WHERE id = $1"
    ).bind(id).bind(at).bind(lines).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_approved(tx: &mut Tx, id: &str, by: &str, at: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_counts SET status = 'APROVADO', approved_by = $2, approved_at = $3, version = version + 1 \
         WHERE id = $1"
    ).bind(id).bind(by).bind(at).execute(&mut *conn).await.map(|_| ()))
}

/// After a posting chunk: the cursor, how many lines got a movement, and the state.
pub async fn set_posted_chunk(
    tx: &mut Tx,
    id: &str,
    cursor: i64,
    posted: i64,
    status: &str,
    finished_at: Option<DateTime<Utc>>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_counts SET post_cursor = $2, posted_lines = posted_lines + $3, status = $4, \
         finished_at = COALESCE($5, finished_at), version = version + 1 WHERE id = $1"
    ).bind(id).bind(cursor).bind(posted).bind(status).bind(finished_at).execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_line_count(tx: &mut Tx, id: &str, lines: i64) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE stock_counts SET line_count = $2 WHERE id = $1")
        .bind(id).bind(lines).execute(&mut *conn).await.map(|_| ()))
}

/// Each a range of `stock_count_lines_status` (count, status).
const PROGRESS: &str = "COALESCE((SELECT COUNT(*) FROM stock_count_lines x WHERE x.count_id = c.id \
    AND x.status IN ('CONTADO', 'CONFLITO', 'OK')), 0) AS counted_lines, \
    COALESCE((SELECT COUNT(*) FROM stock_count_lines x WHERE x.count_id = c.id AND x.status = 'CONFLITO'), 0) AS conflict_lines, \
    COALESCE((SELECT COUNT(*) FROM stock_count_lines x WHERE x.count_id = c.id AND x.status = 'RECONTAR'), 0) AS recount_lines";

/// Newest first, one page (plus one to tell whether more follow).
pub async fn list(
    db: &Db,
    status: Option<&str>,
    location_id: Option<&str>,
    offset: i64,
    limit: i64,
) -> Result<(Vec<CountListRow>, i64)> {
    let mut w = Conditions::new();
    if let Some(s) = status {
        let p = w.arg(SqlArg::Text(s.into()));
        w.push(format!("c.status = {p}"));
    }
    if let Some(l) = location_id {
        let p = w.arg(SqlArg::Text(l.into()));
        w.push(format!("c.location_id = {p}"));
    }
    let cols = COUNT_COLUMNS
        .split(", ")
        .map(|c| format!("c.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {cols}, l.name AS location_name, {PROGRESS} FROM stock_counts c \
         JOIN stock_locations l ON l.id = c.location_id WHERE {} ORDER BY c.created_at DESC, c.id DESC \
         LIMIT {} OFFSET {}",
        w.sql(),
        limit.max(0),
        offset.max(0)
    );
    let rows: Vec<CountListRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    let total_sql = format!("SELECT COUNT(*) FROM stock_counts c WHERE {}", w.sql());
    let total: i64 = on_db!(db, pool => bind_sql_args!(sqlx::query_scalar(&total_sql), w.args())
        .fetch_one(pool).await)?;
    Ok((rows, total))
}

pub async fn one_listed(db: &Db, id: &str) -> Result<Option<CountListRow>> {
    let cols = COUNT_COLUMNS
        .split(", ")
        .map(|c| format!("c.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {cols}, l.name AS location_name, {PROGRESS} FROM stock_counts c \
         JOIN stock_locations l ON l.id = c.location_id WHERE c.id = $1"
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

/// The snapshot: one line per (material, lot) the projection holds (non-zero) at the location within the
/// scope, numbered by category, name and lot, in one `INSERT … SELECT`. Returns how many lines it made.
pub async fn snapshot(tx: &mut Tx, count_id: &str, location_id: &str) -> Result<i64> {
    let sql = "INSERT INTO stock_count_lines (count_id, seq, sheet_no, material_id, lot_id, expected_qty_milli, \
         unexpected, status, round) \
         SELECT $1, rn, (rn - 1) / 500 + 1, material_id, lot_id, qty_milli, FALSE, 'PENDENTE', 1 FROM ( \
           SELECT b.material_id, b.lot_id, b.qty_milli, ROW_NUMBER() OVER ( \
             ORDER BY COALESCE(c.name, ''), m.name, m.id, COALESCE(l.lot_code, ''), b.lot_id) AS rn \
           FROM stock_balances b JOIN stock_materials m ON m.id = b.material_id \
           LEFT JOIN stock_categories c ON c.id = m.category_id \
           LEFT JOIN stock_lots l ON l.id = b.lot_id \
           WHERE b.location_id = $2 AND b.qty_milli <> 0 AND ( \
             NOT EXISTS (SELECT 1 FROM stock_count_scope s WHERE s.count_id = $1) \
             OR m.id IN (SELECT s.ref_id FROM stock_count_scope s WHERE s.count_id = $1 AND s.kind = 'MATERIAL') \
             OR m.category_id IN (SELECT s.ref_id FROM stock_count_scope s WHERE s.count_id = $1 AND s.kind = 'CATEGORY') \
             OR m.category_id IN (SELECT k.id FROM stock_categories k JOIN stock_count_scope s ON s.ref_id = k.parent_id \
                                  WHERE s.count_id = $1 AND s.kind = 'CATEGORY')) \
         ) snap";
    let n = on_tx!(tx, conn => sqlx::query(sql).bind(count_id).bind(location_id)
        .execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    Ok(i64::try_from(n).unwrap_or(i64::MAX))
}

/// Another open count at the same location holding one of this count's materials (its number), if any.
pub async fn overlapping(tx: &mut Tx, count_id: &str, location_id: &str) -> Result<Option<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT c.number FROM stock_counts c WHERE c.location_id = $2 AND c.id <> $1 \
         AND c.status IN ('EM_CONTAGEM', 'EM_RECONTAGEM', 'AGUARDANDO_APROVACAO', 'APROVADO', 'LANCANDO') \
         AND EXISTS (SELECT 1 FROM stock_count_lines a JOIN stock_count_lines b ON b.material_id = a.material_id \
                     WHERE a.count_id = $1 AND b.count_id = c.id) \
         ORDER BY c.number LIMIT 1"
    ).bind(count_id).bind(location_id).fetch_optional(&mut *conn).await)
}

/// A sheet and its progress.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SheetRow {
    pub sheet_no: i64,
    pub lines: i64,
    pub pending: i64,
    pub conflicts: i64,
    pub recounts: i64,
}

pub async fn sheets(db: &Db, count_id: &str) -> Result<Vec<SheetRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT sheet_no, COUNT(*) AS lines, \
         CAST(COALESCE(SUM(CASE WHEN status = 'PENDENTE' THEN 1 ELSE 0 END), 0) AS BIGINT) AS pending, \
         CAST(COALESCE(SUM(CASE WHEN status = 'CONFLITO' THEN 1 ELSE 0 END), 0) AS BIGINT) AS conflicts, \
         CAST(COALESCE(SUM(CASE WHEN status = 'RECONTAR' THEN 1 ELSE 0 END), 0) AS BIGINT) AS recounts \
         FROM stock_count_lines WHERE count_id = $1 GROUP BY sheet_no ORDER BY sheet_no"
    ).bind(count_id).fetch_all(pool).await)
}

/// A line as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LineRow {
    pub seq: i64,
    pub sheet_no: i64,
    pub material_id: String,
    pub lot_id: String,
    pub expected_qty_milli: i64,
    pub unexpected: bool,
    pub status: String,
    pub round: i64,
    pub counted_qty_milli: Option<i64>,
    pub counted_at: Option<DateTime<Utc>>,
    pub theoretical_qty_milli: Option<i64>,
    pub difference_milli: Option<i64>,
    pub flag: Option<String>,
    pub movement_id: Option<String>,
}

const LINE_COLUMNS: &str =
    "seq, sheet_no, material_id, lot_id, expected_qty_milli, unexpected, status, round, \
    counted_qty_milli, counted_at, theoretical_qty_milli, difference_milli, flag, movement_id";

/// A line with what a counter needs to find the item.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LineListRow {
    #[sqlx(flatten)]
    pub line: LineRow,
    pub sku: String,
    pub name: String,
    pub base_uom: String,
    pub gtin: Option<String>,
    pub lot_code: Option<String>,
    pub expiry_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, Default)]
pub struct LineFilter {
    pub sheet_no: Option<i64>,
    pub status: Option<String>,
    /// SKU, name or GTIN (case-insensitive, contains).
    pub search: Option<String>,
    /// Keyset: lines after this seq.
    pub after: Option<i64>,
    /// Lines with a difference (for the manager's review).
    pub with_difference: bool,
}

pub async fn lines(
    db: &Db,
    count_id: &str,
    f: &LineFilter,
    limit: i64,
) -> Result<(Vec<LineListRow>, bool)> {
    let mut w = Conditions::new();
    let p = w.arg(SqlArg::Text(count_id.into()));
    w.push(format!("x.count_id = {p}"));
    if let Some(s) = f.sheet_no {
        let p = w.arg(SqlArg::Int(s));
        w.push(format!("x.sheet_no = {p}"));
    }
    if let Some(s) = &f.status {
        let p = w.arg(SqlArg::Text(s.clone()));
        w.push(format!("x.status = {p}"));
    }
    if let Some(s) = f.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let like = format!("%{}%", s.to_lowercase().replace(['%', '_'], ""));
        let p = w.arg(SqlArg::Text(like));
        let exact = w.arg(SqlArg::Text(s.to_string()));
        w.push(format!(
            "(LOWER(m.sku) LIKE {p} OR LOWER(m.name) LIKE {p} OR m.gtin = {exact} OR LOWER(l.lot_code) LIKE {p})"
        ));
    }
    if let Some(a) = f.after {
        let p = w.arg(SqlArg::Int(a));
        w.push(format!("x.seq > {p}"));
    }
    if f.with_difference {
        w.push("x.difference_milli <> 0");
    }
    let cols = LINE_COLUMNS
        .split(", ")
        .map(|c| format!("x.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {cols}, m.sku, m.name, m.base_uom, m.gtin, l.lot_code, l.expiry_date \
         FROM stock_count_lines x JOIN stock_materials m ON m.id = x.material_id \
         LEFT JOIN stock_lots l ON l.id = x.lot_id WHERE {} ORDER BY x.seq LIMIT {}",
        w.sql(),
        limit.max(0) + 1
    );
    let mut rows: Vec<LineListRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows, more))
}

/// The lines `seqs` of a count (with the material's average cost), in the caller's transaction.
///
/// The sequence numbers arrive as rows (`unnest` of one array on PostgreSQL, `json_each` of one JSON array on
/// SQLite) joined to the key (count, seq): each line is one probe of the primary key. A list `seq IN ($2 … $501)`
/// left PostgreSQL walking the count's lines (it did not use the second key column as an index condition).
pub async fn lines_in(tx: &mut Tx, count_id: &str, seqs: &[i64]) -> Result<Vec<(LineRow, i64)>> {
    if seqs.is_empty() {
        return Ok(Vec::new());
    }
    let cols = LINE_COLUMNS
        .split(", ")
        .map(|c| format!("x.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    // On SQLite, CROSS JOIN keeps the list as the outer loop: with a plain JOIN its planner, knowing nothing of
    // `json_each`'s size, walked the count's 50,000 lines once per listed line (1.6 s for 500 lines).
    let from = |seqs: &str, join: &str| {
        format!(
            "SELECT {cols}, m.avg_cost_micro FROM {seqs} {join} stock_count_lines x ON x.count_id = $1 \
             AND x.seq = s.seq JOIN stock_materials m ON m.id = x.material_id ORDER BY x.seq"
        )
    };
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        line: LineRow,
        avg_cost_micro: i64,
    }
    let rows: Vec<Row> = match tx {
        Tx::Postgres(t) => {
            let sql = from("unnest($2::BIGINT[]) AS s(seq)", "JOIN");
            sqlx::query_as(&sql)
                .bind(count_id)
                .bind(seqs)
                .fetch_all(&mut **t)
                .await?
        }
        Tx::Sqlite(t, _) => {
            let sql = from("(SELECT value AS seq FROM json_each($2)) s", "CROSS JOIN");
            sqlx::query_as(&sql)
                .bind(count_id)
                .bind(json_array(seqs))
                .fetch_all(&mut **t)
                .await?
        }
    };
    Ok(rows
        .into_iter()
        .map(|r| (r.line, r.avg_cost_micro))
        .collect())
}

/// `[1,2,3]`, for SQLite's `json_each`.
fn json_array(seqs: &[i64]) -> String {
    let items: Vec<String> = seqs.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(","))
}

/// The line of (material, lot) in a count, if any.
pub async fn line_of(
    tx: &mut Tx,
    count_id: &str,
    material_id: &str,
    lot_id: &str,
) -> Result<Option<i64>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT seq FROM stock_count_lines WHERE count_id = $1 AND material_id = $2 AND lot_id = $3"
    ).bind(count_id).bind(material_id).bind(lot_id).fetch_optional(&mut *conn).await)
}

/// Appends a line found but not expected ("não previsto"); returns its seq.
pub async fn insert_unexpected(
    tx: &mut Tx,
    count_id: &str,
    material_id: &str,
    lot_id: &str,
    round: i64,
) -> Result<i64> {
    let seq: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT CAST(COALESCE(MAX(seq), 0) AS BIGINT) + 1 FROM stock_count_lines WHERE count_id = $1"
    ).bind(count_id).fetch_one(&mut *conn).await)?;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO stock_count_lines (count_id, seq, sheet_no, material_id, lot_id, expected_qty_milli, \
         unexpected, status, round) VALUES ($1, $2, $3, $4, $5, 0, TRUE, 'PENDENTE', $6)"
    ).bind(count_id).bind(seq).bind(crate::domain::count::sheet_of(seq)).bind(material_id).bind(lot_id)
        .bind(round).execute(&mut *conn).await.map(|_| ()))?;
    Ok(seq)
}

/// Which of these entry ids the device already sent.
pub async fn known_entries(tx: &mut Tx, device_id: &str, ids: &[String]) -> Result<Vec<String>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let p = w.arg(SqlArg::Text(device_id.into()));
    w.push(format!("device_id = {p}"));
    let list = w.list(ids.iter().cloned());
    w.push(format!("entry_id IN ({list})"));
    let sql = format!("SELECT entry_id FROM stock_count_entries WHERE {}", w.sql());
    on_tx!(tx, conn => bind_sql_args!(sqlx::query_scalar(&sql), w.args()).fetch_all(&mut *conn).await)
}

/// An entry to store.
#[derive(Debug, Clone)]
pub struct EntryRow {
    pub entry_id: String,
    pub seq: i64,
    pub round: i64,
    pub mode: &'static str,
    pub qty_milli: i64,
    pub counted_at: DateTime<Utc>,
}

/// Inserts the entries (new ones only: the caller filtered the known ids), 100 rows per statement.
pub async fn insert_entries(
    tx: &mut Tx,
    count_id: &str,
    device_id: &str,
    counter_uid: &str,
    received_at: DateTime<Utc>,
    entries: &[EntryRow],
) -> Result<()> {
    for chunk in entries.chunks(100) {
        let mut w = Conditions::new();
        let count = w.arg(SqlArg::Text(count_id.into()));
        let device = w.arg(SqlArg::Text(device_id.into()));
        let counter = w.arg(SqlArg::Text(counter_uid.into()));
        let received = w.arg(SqlArg::Time(received_at));
        let mut values = Vec::with_capacity(chunk.len());
        for e in chunk {
            let id = w.arg(SqlArg::Text(e.entry_id.clone()));
            let seq = w.arg(SqlArg::Int(e.seq));
            let round = w.arg(SqlArg::Int(e.round));
            let mode = w.arg(SqlArg::Text(e.mode.into()));
            let qty = w.arg(SqlArg::Int(e.qty_milli));
            let at = w.arg(SqlArg::Time(e.counted_at));
            values.push(format!(
                "({device}, {id}, {count}, {seq}, {round}, {counter}, {mode}, {qty}, {at}, {received})"
            ));
        }
        let sql = format!(
            "INSERT INTO stock_count_entries (device_id, entry_id, count_id, seq, round, counter_uid, mode, \
             qty_milli, counted_at, received_at) VALUES {} ON CONFLICT (device_id, entry_id) DO NOTHING",
            values.join(", ")
        );
        on_tx!(tx, conn => bind_sql_args!(sqlx::query(&sql), w.args()).execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// One counter's entries on these lines in their rounds: (seq, round, mode, qty, counted_at), in the order
/// received (the caller orders by `counted_at`).
pub async fn counter_entries(
    tx: &mut Tx,
    count_id: &str,
    counter_uid: &str,
    seqs: &[i64],
) -> Result<Vec<(i64, i64, String, i64, DateTime<Utc>)>> {
    if seqs.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let p = w.arg(SqlArg::Text(count_id.into()));
    w.push(format!("count_id = {p}"));
    let p = w.arg(SqlArg::Text(counter_uid.into()));
    w.push(format!("counter_uid = {p}"));
    let marks: Vec<String> = seqs.iter().map(|s| w.arg(SqlArg::Int(*s))).collect();
    w.push(format!("seq IN ({})", marks.join(", ")));
    let sql = format!(
        "SELECT seq, round, mode, qty_milli, counted_at FROM stock_count_entries WHERE {} \
         ORDER BY seq, round, received_at, entry_id",
        w.sql()
    );
    on_tx!(tx, conn => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(&mut *conn).await)
}

/// Sets each counter's value on lines in a round: (seq, round, counter, qty, counted_at), 100 rows per statement.
pub async fn upsert_tallies(
    tx: &mut Tx,
    count_id: &str,
    rows: &[(i64, i64, String, i64, DateTime<Utc>)],
) -> Result<()> {
    for chunk in rows.chunks(100) {
        let mut w = Conditions::new();
        let count = w.arg(SqlArg::Text(count_id.into()));
        let values: Vec<String> = chunk
            .iter()
            .map(|(seq, round, counter, qty, at)| {
                let seq = w.arg(SqlArg::Int(*seq));
                let round = w.arg(SqlArg::Int(*round));
                let counter = w.arg(SqlArg::Text(counter.clone()));
                let qty = w.arg(SqlArg::Int(*qty));
                let at = w.arg(SqlArg::Time(*at));
                format!("({count}, {seq}, {round}, {counter}, {qty}, {at})")
            })
            .collect();
        let sql = format!(
            "INSERT INTO stock_count_tallies (count_id, seq, round, counter_uid, qty_milli, counted_at) VALUES {} \
             ON CONFLICT (count_id, seq, round, counter_uid) DO UPDATE SET \
             qty_milli = excluded.qty_milli, counted_at = excluded.counted_at",
            values.join(", ")
        );
        on_tx!(tx, conn => bind_sql_args!(sqlx::query(&sql), w.args()).execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// Every tally on these lines, all rounds: (seq, round, counter, qty, counted_at).
pub async fn tallies(
    tx: &mut Tx,
    count_id: &str,
    seqs: &[i64],
) -> Result<Vec<(i64, i64, String, i64, DateTime<Utc>)>> {
    if seqs.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let p = w.arg(SqlArg::Text(count_id.into()));
    w.push(format!("count_id = {p}"));
    let marks: Vec<String> = seqs.iter().map(|s| w.arg(SqlArg::Int(*s))).collect();
    w.push(format!("seq IN ({})", marks.join(", ")));
    let sql = format!(
        "SELECT seq, round, counter_uid, qty_milli, counted_at FROM stock_count_tallies WHERE {} \
         ORDER BY seq, round, counter_uid",
        w.sql()
    );
    on_tx!(tx, conn => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(&mut *conn).await)
}

/// The posted movements of these materials at the location after the snapshot instant (count adjustments
/// aside): (material, lot, delta there, occurred_at).
pub async fn moves_since(
    tx: &mut Tx,
    location_id: &str,
    since: DateTime<Utc>,
    material_ids: &[String],
) -> Result<Vec<(String, String, i64, DateTime<Utc>)>> {
    if material_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let loc = w.arg(SqlArg::Text(location_id.into()));
    let t = w.arg(SqlArg::Time(since));
    w.push(format!("m.posted_at > {t}"));
    w.push(format!(
        "(m.from_location_id = {loc} OR m.to_location_id = {loc})"
    ));
    w.push("m.kind <> 'COUNT_ADJUSTMENT'");
    let list = w.list(material_ids.iter().cloned());
    w.push(format!("m.material_id IN ({list})"));
    let sql = format!(
        "SELECT m.material_id, COALESCE(m.lot_id, '') AS lot_id, \
         CASE WHEN m.to_location_id = {loc} THEN m.qty_milli ELSE -m.qty_milli END AS delta, m.occurred_at \
         FROM stock_movements m WHERE {}",
        w.sql()
    );
    on_tx!(tx, conn => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(&mut *conn).await)
}

/// What resolving a line sets.
#[derive(Debug, Clone)]
pub struct LineResolution {
    pub seq: i64,
    pub status: &'static str,
    pub counted_qty_milli: Option<i64>,
    pub counted_at: Option<DateTime<Utc>>,
    pub theoretical_qty_milli: Option<i64>,
    pub difference_milli: Option<i64>,
    pub flag: Option<&'static str>,
}

/// Applies the resolutions. On PostgreSQL in one statement, the rows as parallel arrays (`unnest`), each line one
/// probe of the key (count, seq); on SQLite 100 lines per statement (`UPDATE … FROM (VALUES …)`, whose columns
/// are `column1…`), which SQLite already joins by the key.
pub async fn resolve_lines(tx: &mut Tx, count_id: &str, rows: &[LineResolution]) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    if let Tx::Postgres(t) = tx {
        let seqs: Vec<i64> = rows.iter().map(|r| r.seq).collect();
        let statuses: Vec<&str> = rows.iter().map(|r| r.status).collect();
        let counted: Vec<Option<i64>> = rows.iter().map(|r| r.counted_qty_milli).collect();
        let ats: Vec<Option<DateTime<Utc>>> = rows.iter().map(|r| r.counted_at).collect();
        let theos: Vec<Option<i64>> = rows.iter().map(|r| r.theoretical_qty_milli).collect();
        let diffs: Vec<Option<i64>> = rows.iter().map(|r| r.difference_milli).collect();
        let flags: Vec<Option<&str>> = rows.iter().map(|r| r.flag).collect();
        sqlx::query(
            "UPDATE stock_count_lines SET status = v.status, counted_qty_milli = v.counted, counted_at = v.at, \
             theoretical_qty_milli = v.theo, difference_milli = v.diff, flag = v.flag \
             FROM unnest($2::BIGINT[], $3::TEXT[], $4::BIGINT[], $5::TIMESTAMPTZ[], $6::BIGINT[], $7::BIGINT[], \
             $8::TEXT[]) AS v(seq, status, counted, at, theo, diff, flag) \
             WHERE stock_count_lines.count_id = $1 AND stock_count_lines.seq = v.seq",
        )
        .bind(count_id)
        .bind(&seqs)
        .bind(&statuses)
        .bind(&counted)
        .bind(&ats)
        .bind(&theos)
        .bind(&diffs)
        .bind(&flags)
        .execute(&mut **t)
        .await?;
        return Ok(());
    }
    for chunk in rows.chunks(100) {
        let mut w = Conditions::new();
        let count = w.arg(SqlArg::Text(count_id.into()));
        let null_int = |w: &mut Conditions, v: Option<i64>| match v {
            Some(v) => w.arg(SqlArg::Int(v)),
            None => "CAST(NULL AS BIGINT)".to_string(),
        };
        let values: Vec<String> = chunk
            .iter()
            .map(|r| {
                let seq = w.arg(SqlArg::Int(r.seq));
                let status = w.arg(SqlArg::Text(r.status.into()));
                let counted = null_int(&mut w, r.counted_qty_milli);
                let at = match r.counted_at {
                    Some(t) => w.arg(SqlArg::Time(t)),
                    None => "CAST(NULL AS TIMESTAMPTZ)".to_string(),
                };
                let theo = null_int(&mut w, r.theoretical_qty_milli);
                let diff = null_int(&mut w, r.difference_milli);
                let flag = match r.flag {
                    Some(f) => w.arg(SqlArg::Text(f.into())),
                    None => "CAST(NULL AS TEXT)".to_string(),
                };
                format!("({seq}, {status}, {counted}, {at}, {theo}, {diff}, {flag})")
            })
            .collect();
        let sql = format!(
            "UPDATE stock_count_lines SET status = v.column2, counted_qty_milli = v.column3, counted_at = v.column4, \
             theoretical_qty_milli = v.column5, difference_milli = v.column6, flag = v.column7 \
             FROM (VALUES {}) AS v WHERE stock_count_lines.count_id = {count} AND stock_count_lines.seq = v.column1",
            values.join(", ")
        );
        on_tx!(tx, conn => bind_sql_args!(sqlx::query(&sql), w.args()).execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// The ledger row posted under this idempotency key (exact match: the key is unique in the ledger).
pub async fn movement_by_key(tx: &mut Tx, key: &str) -> Result<Option<String>> {
    on_tx!(tx, conn => sqlx::query_scalar("SELECT id FROM stock_movements WHERE idempotency_key = $1")
        .bind(key).fetch_optional(&mut *conn).await)
}

/// How many lines are in each state.
pub async fn status_counts(tx: &mut Tx, count_id: &str) -> Result<Vec<(String, i64)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT status, COUNT(*) FROM stock_count_lines WHERE count_id = $1 GROUP BY status"
    ).bind(count_id).fetch_all(&mut *conn).await)
}

/// Sends to recount (round `round`, state RECONTAR) the lines in conflict, and those counted in the first
/// round with a flag (moved during the count, beyond the tolerance); returns how many.
pub async fn to_recount(tx: &mut Tx, count_id: &str, round: i64) -> Result<u64> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_count_lines SET status = 'RECONTAR', round = $2 WHERE count_id = $1 AND \
         (status = 'CONFLITO' OR (round = 1 AND flag IS NOT NULL AND status IN ('CONTADO', 'OK')))"
    ).bind(count_id).bind(round).execute(&mut *conn).await.map(|r| r.rows_affected()))
}

/// Sends the chosen lines (or, with none chosen, every line with a difference) to recount in `round`.
pub async fn request_recount(tx: &mut Tx, count_id: &str, round: i64, seqs: &[i64]) -> Result<u64> {
    let mut w = Conditions::new();
    let p = w.arg(SqlArg::Text(count_id.into()));
    w.push(format!("count_id = {p}"));
    let r = w.arg(SqlArg::Int(round));
    if seqs.is_empty() {
        w.push("difference_milli <> 0");
    } else {
        let marks: Vec<String> = seqs.iter().map(|s| w.arg(SqlArg::Int(*s))).collect();
        w.push(format!("seq IN ({})", marks.join(", ")));
    }
    let sql = format!(
        "UPDATE stock_count_lines SET status = 'RECONTAR', round = {r} WHERE {}",
        w.sql()
    );
    on_tx!(tx, conn => bind_sql_args!(sqlx::query(&sql), w.args()).execute(&mut *conn).await
        .map(|r| r.rows_affected()))
}

/// Who sent entries to the count.
pub async fn counters(db: &Db, count_id: &str) -> Result<Vec<String>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT DISTINCT counter_uid FROM stock_count_entries WHERE count_id = $1 ORDER BY counter_uid"
    ).bind(count_id).fetch_all(pool).await)
}

pub async fn counted_by(tx: &mut Tx, count_id: &str, uid: &str) -> Result<bool> {
    let n: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM stock_count_entries WHERE count_id = $1 AND counter_uid = $2"
    ).bind(count_id).bind(uid).fetch_one(&mut *conn).await)?;
    Ok(n > 0)
}

/// The next posting chunk: lines after the cursor, in order, with the material's average cost.
pub async fn post_chunk(
    tx: &mut Tx,
    count_id: &str,
    after: i64,
    limit: i64,
) -> Result<Vec<(LineRow, i64)>> {
    let cols = LINE_COLUMNS
        .split(", ")
        .map(|c| format!("x.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {cols}, m.avg_cost_micro FROM stock_count_lines x JOIN stock_materials m ON m.id = x.material_id \
         WHERE x.count_id = $1 AND x.seq > $2 ORDER BY x.seq LIMIT {}",
        limit.max(1)
    );
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        line: LineRow,
        avg_cost_micro: i64,
    }
    let rows: Vec<Row> = on_tx!(tx, conn => sqlx::query_as(&sql).bind(count_id).bind(after)
        .fetch_all(&mut *conn).await)?;
    Ok(rows
        .into_iter()
        .map(|r| (r.line, r.avg_cost_micro))
        .collect())
}

pub async fn set_line_movement(
    tx: &mut Tx,
    count_id: &str,
    seq: i64,
    movement_id: &str,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE stock_count_lines SET movement_id = $3 WHERE count_id = $1 AND seq = $2"
    ).bind(count_id).bind(seq).bind(movement_id).execute(&mut *conn).await.map(|_| ()))
}
