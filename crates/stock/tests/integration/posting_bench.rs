//! Posting throughput (the brief's target: ≥ 5,000 movements per second sustained on PostgreSQL with the
//! projection kept). Ignored by default (it loads a large ledger); run it on a quiet machine:
//!
//! `BACKOFFICE_REQUIRE_PG=1 cargo test --release -p stock --test integration posting_bench:: -- --ignored --nocapture`
//!
//! A ledger of 1,000,000 rows is loaded by SQL first (the postings must not get slower as the ledger grows).
//! Then `WORKERS` tasks post through the real service (`Ledger::post` and `Ledger::consume`: one transaction per
//! command, the balances and consumption projections kept in it, FEFO picking, the weighted average), each on its
//! own materials, alternating a costed entry and a consumption, for `ROUNDS` rounds. At the end the projections
//! must equal the ledger (`backoffice stock check`).

use crate::common;

use std::sync::Arc;
use std::time::Instant;

use common::*;
use platform::clock::Clock;
use platform::on_db;
use platform::testing::TestApi;
use stock::domain::{MovementKind, NewMovement};
use stock::Stock;

/// The ledger's size before the postings (`BENCH_LEDGER_ROWS` overrides it, for a quick try).
fn ledger_rows() -> i64 {
    std::env::var("BENCH_LEDGER_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}
const WORKERS: usize = 16;
const MATERIALS_PER_WORKER: usize = 4;
const ROUNDS: usize = 250;

fn movement(kind: MovementKind, material: &str, location: &str, cost: Option<i64>) -> NewMovement {
    NewMovement {
        kind,
        material_id: material.into(),
        location_id: location.into(),
        qty_milli: 1_000,
        lot_code: None,
        expiry_date: None,
        unit_cost_micro: cost,
        reason: Some("Lançamento do benchmark".into()),
        idempotency_key: None,
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "volume benchmark: run with --ignored on a quiet machine"]
async fn posting_throughput_on_postgres() {
    for api in TestApi::<Stock>::on_each_engine().await {
        if !matches!(api.db, platform::db::Db::Postgres(_)) {
            continue;
        }
        let p = places(&api).await;
        let started = Instant::now();
        let materials_sql = "INSERT INTO stock_materials (id, sku, name, kind, category_id, base_uom, tracks_lot, \
             tracks_expiry, expiry_alert_days, gtin, ncm, lead_time_days, min_order_qty_milli, active, avg_cost_micro, \
             search_text, created_at, created_by) SELECT 'old-' || i, 'OLD-' || i, 'Material ' || i, 'MATERIAL', NULL, \
             'UN', FALSE, FALSE, 30, NULL, NULL, 7, 0, TRUE, 1000000, 'old ' || i, \
             TIMESTAMPTZ '2026-11-01T00:00:00Z', 'bench' FROM generate_series(0, 999) i";
        on_db!(&api.db, pool => sqlx::query(materials_sql).execute(pool).await.map(|_| ()))
            .unwrap();
        let sql = format!(
            "INSERT INTO stock_movements (id, kind, material_id, lot_id, qty_milli, from_location_id, \
             to_location_id, unit_cost_micro, value_cents, occurred_at, posted_at, document_type, document_id, \
             reason, created_by, idempotency_key, reverses_id) SELECT 'bmv-' || i, 'MISC_IN', 'old-' || (i % 1000), \
             NULL, 1000, 'loc-supplier', '{}', 1000000, 100, TIMESTAMPTZ '2026-11-01T12:00:00Z', \
             TIMESTAMPTZ '2026-11-01T12:00:00Z', NULL, NULL, NULL, 'bench', 'bk-' || i, NULL \
             FROM generate_series(0, {}) i",
            p.central,
            ledger_rows() - 1
        );
        on_db!(&api.db, pool => sqlx::query(&sql).execute(pool).await.map(|_| ())).unwrap();
        // The projections of the loaded rows, as `backoffice stock rebuild-balances` makes them.
        api.context.ledger().rebuild_balances().await.unwrap();
        on_db!(&api.db, pool => sqlx::query("VACUUM ANALYZE").execute(pool).await.map(|_| ()))
            .unwrap();
        let mut materials = Vec::new();
        for i in 0..WORKERS * MATERIALS_PER_WORKER {
            materials.push(simple_material(&api, &format!("PB-{i}")).await);
        }
        println!(
            "{}: ledger of {} rows loaded in {:.1} s",
            api.engine(),
            ledger_rows(),
            started.elapsed().as_secs_f64()
        );
        let ledger = Arc::clone(api.context.ledger());
        let keeper = platform::testing::principal("uid-keeper", "Estoquista");
        let at = api.clock.now();
        let started = Instant::now();
        let mut tasks = Vec::new();
        for mine in materials.chunks(MATERIALS_PER_WORKER) {
            let (ledger, keeper, mine, location) = (
                Arc::clone(&ledger),
                keeper.clone(),
                mine.to_vec(),
                p.clinic.clone(),
            );
            tasks.push(tokio::spawn(async move {
                let mut posted = 0usize;
                for round in 0..ROUNDS {
                    for m in &mine {
                        let cost = 1_000_000 + (round as i64 % 7) * 10_000;
                        let entry = movement(MovementKind::MiscIn, m, &location, Some(cost));
                        posted += ledger.post(entry, &keeper).await.expect("entry").rows.len();
                        let used = movement(MovementKind::ProcedureConsumption, m, &location, None);
                        posted += ledger
                            .consume(used, at, &keeper)
                            .await
                            .expect("consumption")
                            .rows
                            .len();
                    }
                }
                posted
            }));
        }
        let mut total = 0;
        for t in tasks {
            total += t.await.unwrap();
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{}: {total} movements ({WORKERS} workers, one command each) in {secs:.2} s: {:.0} movements/s",
            api.engine(),
            total as f64 / secs
        );
        assert!(
            ledger.check().await.unwrap().0.is_empty(),
            "balances drifted"
        );
        assert!(
            ledger.check_consumption().await.unwrap().0.is_empty(),
            "consumption projection drifted"
        );
    }
}
