//! What the overview reads: the balance projection, policies, lots, the consumption projection, open dispatch
//! lines and posted counts, for a set of locations. No query here reads `stock_movements`.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::Db;
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db};

use super::Result;
use crate::domain::overview::{MaterialConsumption, PolicyLevels, Position};

fn within(w: &mut Conditions, column: &str, locations: &[String]) {
    let list = w.list(locations.iter().cloned());
    w.push(format!("{column} IN ({list})"));
}

/// Every balance row (zeros too: a stock-out) at the locations, with its material's cost and its lot's expiry.
pub async fn positions(db: &Db, locations: &[String]) -> Result<Vec<Position>> {
    let mut w = Conditions::new();
    within(&mut w, "b.location_id", locations);
    let sql = format!(
        "SELECT b.material_id, b.location_id, b.lot_id, b.qty_milli, m.avg_cost_micro, m.active, l.expiry_date \
         FROM stock_balances b JOIN stock_materials m ON m.id = b.material_id \
         LEFT JOIN stock_lots l ON l.id = b.lot_id WHERE {}",
        w.sql()
    );
    type Row = (String, String, String, i64, i64, bool, Option<NaiveDate>);
    let rows: Vec<Row> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(
            |(material_id, location_id, lot_id, qty_milli, avg_cost_micro, active, expiry_date)| {
                Position {
                    material_id,
                    location_id,
                    lot_id,
                    qty_milli,
                    avg_cost_micro,
                    active,
                    expiry_date,
                }
            },
        )
        .collect())
}

/// The policies of active materials at the locations.
pub async fn policies(db: &Db, locations: &[String]) -> Result<Vec<PolicyLevels>> {
    let mut w = Conditions::new();
    w.push("m.active = TRUE");
    within(&mut w, "p.location_id", locations);
    let sql = format!(
        "SELECT p.material_id, p.location_id, p.min_qty_milli, p.reorder_point_milli FROM stock_policies p \
         JOIN stock_materials m ON m.id = p.material_id WHERE {}",
        w.sql()
    );
    let rows: Vec<(String, String, i64, i64)> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(
            |(material_id, location_id, min_qty_milli, reorder_point_milli)| PolicyLevels {
                material_id,
                location_id,
                min_qty_milli,
                reorder_point_milli,
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
