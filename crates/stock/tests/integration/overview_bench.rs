//! The overview at volume (the brief's target: 1,000,000 movements and 100,000 balances, ≤ 300 ms on PostgreSQL and
//! SQLite). Ignored by default (it loads a large dataset); run it on a quiet machine:
//!
//! `BACKOFFICE_REQUIRE_PG=1 cargo test --release -p stock --test integration overview_bench:: -- --ignored --nocapture`
//!
//! The rows are inserted by SQL (not through the ledger, which would take hours): 25,000 materials × 4 locations =
//! 100,000 balances (a quarter with a dated lot), 25,000 policies, 1,000,000 ledger rows (which the overview never
//! reads) and 500,000 consumption-projection rows (25,000 materials × 4 locations × 5 days in the last year).

use crate::common;

use std::time::Instant;

use common::*;
use platform::on_db;
use platform::testing::TestApi;
use poem::http::StatusCode;
use stock::Stock;

const MATERIALS: i64 = 25_000;
const MOVEMENTS: i64 = 1_000_000;

fn series(n: i64) -> String {
    format!(
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {})",
        n - 1
    )
}

async fn exec(api: &TestApi<Stock>, sql: &str) {
    on_db!(&api.db, pool => sqlx::query(sql).execute(pool).await.map(|_| ()))
        .unwrap_or_else(|e| panic!("{}: {e}\n{sql}", api.engine()));
}

#[tokio::test]
#[ignore = "volume benchmark: run with --ignored on a quiet machine"]
async fn overview_over_a_million_movements_and_100k_balances() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        // PostgreSQL wants typed literals in INSERT … SELECT; SQLite stores them as text.
        let (d, ts) = if matches!(api.db, platform::db::Db::Postgres(_)) {
            ("DATE ", "TIMESTAMPTZ ")
        } else {
            ("", "")
        };
        exec(&api, "INSERT INTO stock_locations (id, code, name, kind, unit_id, active, created_at) VALUES \
             ('bench-clinic', 'BENCH', 'Clínica bench', 'CLINIC', NULL, TRUE, '2026-12-01T00:00:00Z')").await;
        let locations = [
            p.central.clone(),
            p.clinic.clone(),
            p.other_clinic.clone(),
            "bench-clinic".to_string(),
        ];
        let started = Instant::now();
        exec(&api, &format!(
            "{} INSERT INTO stock_materials (id, sku, name, kind, category_id, base_uom, tracks_lot, tracks_expiry, \
             expiry_alert_days, gtin, ncm, lead_time_days, min_order_qty_milli, active, avg_cost_micro, search_text, \
             created_at, created_by) SELECT 'bm-' || i, 'BM-' || i, 'Material ' || i, 'MATERIAL', NULL, 'UN', TRUE, \
             TRUE, 30, NULL, NULL, 7, 0, TRUE, 1000000 + i, 'bm ' || i, {ts}'2026-12-01T00:00:00Z', 'bench' FROM n",
            series(MATERIALS)
        )).await;
        exec(&api, &format!(
            "{} INSERT INTO stock_lots (id, material_id, lot_code, expiry_date, created_at) \
             SELECT 'bl-' || i, 'bm-' || i, 'L' || i, {d}'2027-01-01', {ts}'2026-12-01T00:00:00Z' FROM n \
             WHERE i % 4 = 0",
            series(MATERIALS)
        )).await;
        for (k, loc) in locations.iter().enumerate() {
            exec(&api, &format!(
                "{} INSERT INTO stock_balances (material_id, location_id, lot_id, qty_milli) \
                 SELECT 'bm-' || i, '{loc}', CASE WHEN i % 4 = 0 THEN 'bl-' || i ELSE '' END, (i % 50) * 1000 - {k} \
                 FROM n",
                series(MATERIALS)
            )).await;
            for day in 0..5 {
                exec(&api, &format!(
                    "{} INSERT INTO stock_consumption_daily (material_id, location_id, day, qty_milli, value_cents) \
                     SELECT 'bm-' || i, '{loc}', {d}'2026-{:02}-15', 1000 + i % 7, 100 + i % 1000 FROM n",
                    series(MATERIALS),
                    day * 2 + 2
                )).await;
            }
        }
        exec(&api, &format!(
            "{} INSERT INTO stock_policies (material_id, location_id, min_qty_milli, reorder_point_milli, max_qty_milli) \
             SELECT 'bm-' || i, '{}', 10000, 20000, 40000 FROM n",
            series(MATERIALS),
            p.clinic
        )).await;
        exec(&api, &format!(
            "{} INSERT INTO stock_movements (id, kind, material_id, lot_id, qty_milli, from_location_id, \
             to_location_id, unit_cost_micro, value_cents, occurred_at, posted_at, document_type, document_id, reason, \
             created_by, idempotency_key, reverses_id) SELECT 'bmv-' || i, 'PROCEDURE_CONSUMPTION', \
             'bm-' || (i % {MATERIALS}), NULL, 1000, '{}', 'loc-consumption', 1000000, 100, {ts}'2026-11-01T12:00:00Z', \
             {ts}'2026-11-01T12:00:00Z', NULL, NULL, NULL, 'bench', 'bk-' || i, NULL FROM n",
            series(MOVEMENTS),
            p.clinic
        )).await;
        if matches!(api.db, platform::db::Db::Postgres(_)) {
            // What the autovacuum does to a table loaded like this: the statistics, and the visibility map that
            // lets the consumption index be read without the table.
            exec(&api, "VACUUM ANALYZE").await;
        }
        println!(
            "{}: dataset loaded in {:.1} s",
            api.engine(),
            started.elapsed().as_secs_f64()
        );
        for (label, url) in [
            ("todos os locais", "/api/v1/stock/overview".to_string()),
            (
                "uma clínica",
                format!("/api/v1/stock/overview?location_id={}", p.clinic),
            ),
        ] {
            let mut times = Vec::new();
            for _ in 0..5 {
                let t = Instant::now();
                let (status, body) = api.call("GET", &url, MANAGER, None).await;
                times.push(t.elapsed().as_millis());
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            times.sort();
            println!(
                "{}: overview ({label}): best {} ms, median {} ms, worst {} ms",
                api.engine(),
                times[0],
                times[2],
                times[4]
            );
        }
    }
}
