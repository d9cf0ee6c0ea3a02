//! What the overview reads: the balance projection, policies, lots, the consumption projection, open dispatch
//! lines and posted counts, for a set of locations. No query here reads `stock_movements`.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::Db;
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db};

use super::Result;
use crate::domain::overview::{sql as rules, DatedLot, MaterialConsumption};

fn within(w: &mut Conditions, column: &str, locations: &[String]) {
    let list = w.list(locations.iter().cloned());
    w.push(format!("{column} IN ({list})"));
}

/// Per material, its net quantity over the locations (every lot; ≠ 0 only) and its average cost: the stock value.
pub async fn material_nets(db: &Db, locations: &[String]) -> Result<Vec<(i64, i64)>> {
    let mut w = Conditions::new();
    within(&mut w, "b.location_id", locations);
    let sql = format!(
        "SELECT s.q, m.avg_cost_micro FROM (SELECT b.material_id, CAST(SUM(b.qty_milli) AS BIGINT) AS q \
         FROM stock_balances b WHERE {} GROUP BY b.material_id) s \
         JOIN stock_materials m ON m.id = s.material_id WHERE s.q <> 0",
        w.sql()
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
}

/// The pairs (material, location) with balance rows: how many of an active material are stock-outs, how many
/// balance rows are negative.
pub async fn held_pairs(db: &Db, locations: &[String]) -> Result<(i64, i64)> {
    let mut w = Conditions::new();
    within(&mut w, "b.location_id", locations);
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(CASE WHEN m.active = TRUE AND {} THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(x.negatives), 0) AS BIGINT) FROM (SELECT b.material_id, \
         SUM(b.qty_milli) AS on_hand, SUM(CASE WHEN b.qty_milli < 0 THEN 1 ELSE 0 END) AS negatives \
         FROM stock_balances b WHERE {} GROUP BY b.material_id, b.location_id) x \
         JOIN stock_materials m ON m.id = x.material_id",
        rules::stock_out("x.on_hand"),
        w.sql()
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_one(pool).await)
}

/// The policies of active materials at the locations: how many pairs are below the minimum, how many at the
/// reorder point, how many have no balance row at all (never held there: a stock-out).
pub async fn policy_pairs(db: &Db, locations: &[String]) -> Result<(i64, i64, i64)> {
    let mut w = Conditions::new();
    w.push("m.active = TRUE");
    within(&mut w, "p.location_id", locations);
    // Each policy probes the balances' key (material, location, lot) for its pair: no grouping of every pair.
    // MATERIALIZED: evaluated once per policy, not once per use of `q` below.
    let on_hand = "COALESCE(p.q, 0)";
    let sql = format!(
        "WITH pp AS MATERIALIZED (SELECT p.min_qty_milli, p.reorder_point_milli, \
         (SELECT SUM(b.qty_milli) FROM stock_balances b \
         WHERE b.material_id = p.material_id AND b.location_id = p.location_id) AS q \
         FROM stock_policies p JOIN stock_materials m ON m.id = p.material_id WHERE {}) \
         SELECT CAST(COALESCE(SUM(CASE WHEN {} THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN {} THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN p.q IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM pp p",
        w.sql(),
        rules::below_minimum(on_hand, "p"),
        rules::at_reorder_point(on_hand, "p"),
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_one(pool).await)
}

/// The balance rows > 0 at the locations of lots expiring by `until` (expired ones too).
pub async fn dated_lots(db: &Db, locations: &[String], until: NaiveDate) -> Result<Vec<DatedLot>> {
    let mut w = Conditions::new();
    let p = w.arg(SqlArg::Date(until));
    w.push(format!("l.expiry_date <= {p}"));
    w.push("b.qty_milli > 0");
    within(&mut w, "b.location_id", locations);
    let sql = format!(
        "SELECT b.lot_id, l.expiry_date, b.qty_milli, m.avg_cost_micro FROM stock_lots l \
         JOIN stock_balances b ON b.material_id = l.material_id AND b.lot_id = l.id \
         JOIN stock_materials m ON m.id = b.material_id WHERE {}",
        w.sql()
    );
    let rows: Vec<(String, NaiveDate, i64, i64)> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(
            |(lot_id, expiry_date, qty_milli, avg_cost_micro)| DatedLot {
                lot_id,
                expiry_date,
                qty_milli,
                avg_cost_micro,
            },
        )
        .collect())
}

/// Per material, the consumption value at the locations since `since_90` and since `since_365` (days inclusive).
pub async fn consumption(
    db: &Db,
    locations: &[String],
    since_90: NaiveDate,
    since_365: NaiveDate,
) -> Result<Vec<MaterialConsumption>> {
    let mut w = Conditions::new();
    let d90 = w.arg(SqlArg::Date(since_90));
    let d365 = w.arg(SqlArg::Date(since_365));
    w.push(format!("c.day >= {d365}"));
    within(&mut w, "c.location_id", locations);
    // Grouped by material first, then joined: one join per material instead of one per daily row.
    let sql = format!(
        "SELECT s.material_id, m.sku, m.name, s.v90, s.v365 FROM (SELECT c.material_id, \
         CAST(SUM(CASE WHEN c.day >= {d90} THEN c.value_cents ELSE 0 END) AS BIGINT) AS v90, \
         CAST(SUM(c.value_cents) AS BIGINT) AS v365 \
         FROM stock_consumption_daily c WHERE {} GROUP BY c.material_id) s \
         JOIN stock_materials m ON m.id = s.material_id",
        w.sql()
    );
    let rows: Vec<(String, String, String, i64, i64)> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(
            |(material_id, sku, name, last_90_cents, last_365_cents)| MaterialConsumption {
                material_id,
                sku,
                name,
                last_90_cents,
                last_365_cents,
            },
        )
        .collect())
}

/// Per material, what is still in transit on open dispatches (shipped, not yet received or resolved) from or to
/// the locations (every dispatch when `None`), with the material's average cost.
pub async fn in_transit(db: &Db, locations: Option<&[String]>) -> Result<Vec<(i64, i64)>> {
    let mut w = Conditions::new();
    w.push("d.status IN ('ENVIADO', 'RECEBIDO_COM_DIVERGENCIA')");
    w.push("dl.shipped_qty_milli IS NOT NULL");
    if let Some(locations) = locations {
        let a = w.list(locations.iter().cloned());
        let b = w.list(locations.iter().cloned());
        w.push(format!(
            "(d.from_location_id IN ({a}) OR d.clinic_location_id IN ({b}))"
        ));
    }
    let sql = format!(
        "SELECT CAST(SUM(dl.shipped_qty_milli - COALESCE(dl.received_qty_milli, 0) - dl.resolved_qty_milli) AS BIGINT), \
         m.avg_cost_micro FROM stock_dispatch_lines dl JOIN stock_dispatches d ON d.id = dl.dispatch_id \
         JOIN stock_materials m ON m.id = dl.material_id WHERE {} GROUP BY dl.material_id, m.avg_cost_micro",
        w.sql()
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
}

/// The most recently posted count at the locations: id, number, location, when it finished.
pub async fn last_count(
    db: &Db,
    locations: &[String],
) -> Result<Option<(String, String, String, Option<DateTime<Utc>>)>> {
    let mut w = Conditions::new();
    w.push("status = 'LANCADO' AND finished_at IS NOT NULL");
    within(&mut w, "location_id", locations);
    let sql = format!(
        "SELECT id, number, location_id, finished_at FROM stock_counts WHERE {} \
         ORDER BY finished_at DESC, id DESC LIMIT 1",
        w.sql()
    );
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_optional(pool).await)
}

/// A count's lines per material: Σ |difference|, Σ counted quantity, and the material's average cost.
pub async fn count_totals(db: &Db, count_id: &str) -> Result<Vec<(i64, i64, i64)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT CAST(SUM(ABS(COALESCE(cl.difference_milli, 0))) AS BIGINT), \
         CAST(SUM(COALESCE(cl.counted_qty_milli, 0)) AS BIGINT), m.avg_cost_micro \
         FROM stock_count_lines cl JOIN stock_materials m ON m.id = cl.material_id WHERE cl.count_id = $1 \
         GROUP BY cl.material_id, m.avg_cost_micro"
    ).bind(count_id).fetch_all(pool).await)
}
