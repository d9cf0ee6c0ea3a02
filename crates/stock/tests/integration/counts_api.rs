//! Inventory counts on SQLite and PostgreSQL: permissions, blind counts (scenario 21), conflicts and the blind
//! recount (22), moved during the count (23), and a 50,000-line count posted in chunks that resumes after a
//! crash (24) — `../shared/product/purchasing-stock-hub-integrations.md` §5(b), §5(c), §8.

use crate::common;

use chrono::{Duration, TimeZone, Utc};
use common::*;
use platform::clock::Clock;
use platform::on_db;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};
use stock::Stock;

const COUNTS: &str = "/api/v1/stock/counts";
const KEEPER_2: Option<&str> = Some("STOCK_KEEPER+hub");
const KEEPER_3: Option<&str> = Some("STOCK_KEEPER+dispatch");

/// A started count of the location (optionally of some materials); returns its id.
async fn started(api: &TestApi<Stock>, location: &str, blind: bool, materials: &[&str]) -> String {
    let count = call_ok(
        api,
        "POST",
        COUNTS,
        MANAGER,
        Some(json!({"location_id": location, "blind": blind, "material_ids": materials})),
    )
    .await;
    assert_eq!(count["status"], "RASCUNHO");
    assert!(count["number"].as_str().unwrap().starts_with("INV-"));
    let id = count["id"].as_str().unwrap().to_string();
    let count = call_ok(api, "POST", &format!("{COUNTS}/{id}/start"), MANAGER, None).await;
    assert_eq!(count["status"], "EM_CONTAGEM", "{count}");
    id
}

async fn lines(api: &TestApi<Stock>, id: &str, token: Option<&str>) -> Vec<Value> {
    let page = call_ok(
        api,
        "GET",
        &format!("{COUNTS}/{id}/lines?page_size=500"),
        token,
        None,
    )
    .await;
    page["items"].as_array().unwrap().clone()
}

fn entry(id: &str, line: i64, qty: i64, mode: &str, at: chrono::DateTime<Utc>) -> Value {
    json!({"entry_id": id, "line_id": line, "qty_milli": qty, "mode": mode, "counted_at": at})
}

async fn sync(
    api: &TestApi<Stock>,
    id: &str,
    token: Option<&str>,
    device: &str,
    entries: Vec<Value>,
) -> Value {
    let now = api.clock.now();
    call_ok(
        api,
        "POST",
        &format!("{COUNTS}/{id}/entries"),
        token,
        Some(json!({"device_id": device, "device_clock": now, "entries": entries})),
    )
    .await
}

#[tokio::test]
async fn counts_follow_the_access_table() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "ACC-1").await;
        post(
            &api,
            KEEPER,
            entry_in(&m, &p.central, 10_000),
            StatusCode::CREATED,
        )
        .await;
        let body = json!({"location_id": p.central});
        for token in [
            KEEPER,
            Some("PURCHASING_MANAGER"),
            CLINIC,
            Some("FINANCIAL_MANAGER"),
        ] {
            let (status, _) = api.call("POST", COUNTS, token, Some(body.clone())).await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{token:?} may not create a count"
            );
        }
        for token in [Some("PURCHASING_ASSISTANT"), CLINIC] {
            let (status, _) = api.call("GET", COUNTS, token, None).await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{token:?} may not read counts"
            );
        }
        let id = started(&api, &p.central, true, &[]).await;
        for token in [KEEPER, MANAGER, ADMIN] {
            let (status, _) = api
                .call("GET", &format!("{COUNTS}/{id}/sheets"), token, None)
                .await;
            assert_eq!(status, StatusCode::OK);
        }
        let (status, _) = api
            .call("POST", &format!("{COUNTS}/{id}/close"), KEEPER, None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api
            .call("GET", &format!("{COUNTS}/nao-existe"), KEEPER, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // One open count per location and material.
        let again = call_ok(
            &api,
            "POST",
            COUNTS,
            ADMIN,
            Some(json!({"location_id": p.central})),
        )
        .await;
        let (status, error) = api
            .call(
                "POST",
                &format!("{COUNTS}/{}/start", again["id"].as_str().unwrap()),
                ADMIN,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{error}");
        // A reason is required to cancel.
        let (status, error) = api
            .call(
                "POST",
                &format!("{COUNTS}/{id}/cancel"),
                MANAGER,
                Some(json!({"reason": "curto"})),
            )
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["reason".to_string()])
        );
        let cancelled = call_ok(
            &api,
            "POST",
            &format!("{COUNTS}/{id}/cancel"),
            MANAGER,
            Some(json!({"reason": "Contagem aberta por engano"})),
        )
        .await;
        assert_eq!(cancelled["status"], "CANCELADO");
        // Entries for a cancelled count are refused one by one, with the reason.
        let out = sync(
            &api,
            &id,
            KEEPER,
            "dev-1",
            vec![entry("e-1", 1, 5_000, "SET", api.clock.now())],
        )
        .await;
        assert_eq!(out["refused"][0]["entry_id"], "e-1", "{out}");
        assert_eq!(out["acknowledged"], json!([]));
    }
}

fn entry_in(material: &str, location: &str, qty: i64) -> Value {
    json!({"kind": "MISC_IN", "material_id": material, "location_id": location, "qty_milli": qty,
           "unit_cost_micro": 0, "reason": "Carga inicial do estoque"})
}

#[tokio::test]
async fn scenario_21_blind_count_leaves_expected_and_difference_out_for_counters() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let a = simple_material(&api, "BLI-A").await;
        let b = simple_material(&api, "BLI-B").await;
        post(
            &api,
            KEEPER,
            entry_in(&a, &p.central, 10_000),
            StatusCode::CREATED,
        )
        .await;
        post(
            &api,
            KEEPER,
            entry_in(&b, &p.central, 4_000),
            StatusCode::CREATED,
        )
        .await;
        let id = started(&api, &p.central, true, &[]).await;
        let sheets = call_ok(&api, "GET", &format!("{COUNTS}/{id}/sheets"), KEEPER, None).await;
        assert_eq!(sheets[0]["lines"], 2);
        let now = api.clock.now();
        sync(
            &api,
            &id,
            KEEPER,
            "dev-k",
            vec![entry("k-1", 1, 10_000, "SET", now)],
        )
        .await;
        let seen = lines(&api, &id, KEEPER).await;
        assert_eq!(seen.len(), 2);
        for line in &seen {
            let o = line.as_object().unwrap();
            for hidden in [
                "expected_qty_milli",
                "difference",
                "theoretical_qty_milli",
                "flag",
            ] {
                assert!(
                    !o.contains_key(hidden),
                    "{}: a counter got {hidden}: {line}",
                    api.engine()
                );
            }
            assert_ne!(
                line["status"], "OK",
                "OK would tell a counter the difference is zero"
            );
        }
        let count = call_ok(&api, "GET", &format!("{COUNTS}/{id}"), KEEPER, None).await;
        assert_eq!(count["sees_expected"], false);
        // The manager sees them.
        let managed = lines(&api, &id, MANAGER).await;
        assert_eq!(managed[0]["expected_qty_milli"], 10_000);
        assert_eq!(managed[0]["difference"], 0);
        assert_eq!(managed[0]["status"], "OK");
        // Not blind: counters see what is expected.
        let other = simple_material(&api, "BLI-C").await;
        post(
            &api,
            KEEPER,
            entry_in(&other, &p.clinic, 1_000),
            StatusCode::CREATED,
        )
        .await;
        let open = started(&api, &p.clinic, false, &[]).await;
        assert_eq!(
            lines(&api, &open, KEEPER).await[0]["expected_qty_milli"],
            1_000
        );
    }
}

#[tokio::test]
async fn scenario_22_offline_counters_disagree_conflict_then_blind_recount_by_a_third() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "LUV-P").await;
        let other = simple_material(&api, "LUV-M").await;
        post(
            &api,
            KEEPER,
            entry_in(&m, &p.central, 13_000),
            StatusCode::CREATED,
        )
        .await;
        post(
            &api,
            KEEPER,
            entry_in(&other, &p.central, 5_000),
            StatusCode::CREATED,
        )
        .await;
        let id = started(&api, &p.central, true, &[]).await;
        let all = lines(&api, &id, MANAGER).await;
        let line = all.iter().find(|l| l["sku"] == "LUV-P").unwrap()["line_id"]
            .as_i64()
            .unwrap();
        let line_other = all.iter().find(|l| l["sku"] == "LUV-M").unwrap()["line_id"]
            .as_i64()
            .unwrap();
        // Offline for an hour: the devices' clocks are an hour behind; SET then ADD (a second shelf).
        let device_clock = api.clock.now() - Duration::hours(1);
        let batch_1 = json!({"device_id": "tablet-1", "device_clock": device_clock, "entries": [
            entry("a-1", line, 10_000, "SET", device_clock - Duration::minutes(5)),
            entry("a-2", line, 2_000, "ADD", device_clock - Duration::minutes(4)),
            entry("a-3", line_other, 5_000, "SET", device_clock - Duration::minutes(3)),
        ]});
        let url = format!("{COUNTS}/{id}/entries");
        let out = call_ok(&api, "POST", &url, KEEPER, Some(batch_1.clone())).await;
        assert_eq!(out["acknowledged"].as_array().unwrap().len(), 3, "{out}");
        let batch_2 = json!({"device_id": "tablet-2", "device_clock": api.clock.now(), "entries": [
            entry("b-1", line, 15_000, "SET", api.clock.now()),
            entry("b-2", line_other, 5_000, "SET", api.clock.now()),
        ]});
        call_ok(&api, "POST", &url, KEEPER_2, Some(batch_2)).await;
        let status_of =
            |ls: &[Value], seq: i64| ls.iter().find(|l| l["line_id"] == seq).unwrap().clone();
        let now = lines(&api, &id, MANAGER).await;
        assert_eq!(
            status_of(&now, line)["status"],
            "CONFLITO",
            "12 against 15: never last-write-wins"
        );
        assert_eq!(
            status_of(&now, line_other)["status"],
            "OK",
            "equal values are accepted"
        );
        // The offset was applied: the entry counted "5 minutes before the device's clock" is 5 minutes ago.
        let stored: chrono::DateTime<Utc> = on_db!(&api.db, pool => sqlx::query_scalar(
            "SELECT counted_at FROM stock_count_entries WHERE entry_id = 'a-1'").fetch_one(pool).await).unwrap();
        assert!(
            (stored - (api.clock.now() - Duration::minutes(5)))
                .num_seconds()
                .abs()
                < 2,
            "{stored}"
        );
        // Resending the same batch changes nothing.
        let before: i64 = on_db!(&api.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM stock_count_entries").fetch_one(pool).await)
        .unwrap();
        let again = call_ok(&api, "POST", &url, KEEPER, Some(batch_1)).await;
        assert_eq!(again["acknowledged"].as_array().unwrap().len(), 3);
        assert_eq!(again["lines"], json!([]));
        let after: i64 = on_db!(&api.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM stock_count_entries").fetch_one(pool).await)
        .unwrap();
        assert_eq!(before, after);
        assert_eq!(
            status_of(&lines(&api, &id, MANAGER).await, line)["status"],
            "CONFLITO"
        );
        // Closing sends the conflict to a blind recount (round 2).
        let count = call_ok(&api, "POST", &format!("{COUNTS}/{id}/close"), MANAGER, None).await;
        assert_eq!(
            (count["status"].as_str(), count["round"].as_i64()),
            (Some("EM_RECONTAGEM"), Some(2))
        );
        let recount = status_of(&lines(&api, &id, KEEPER).await, line);
        assert_eq!(
            (recount["status"].as_str(), recount["round"].as_i64()),
            (Some("RECONTAR"), Some(2))
        );
        // Neither first counter may recount it; a third person does.
        let out = sync(
            &api,
            &id,
            KEEPER,
            "tablet-1",
            vec![entry("a-4", line, 13_000, "SET", api.clock.now())],
        )
        .await;
        assert_eq!(out["refused"][0]["entry_id"], "a-4", "{out}");
        let out = sync(
            &api,
            &id,
            KEEPER_3,
            "tablet-3",
            vec![entry("c-1", line, 13_000, "SET", api.clock.now())],
        )
        .await;
        assert_eq!(out["acknowledged"], json!(["c-1"]), "{out}");
        // Lines not under recount take no entries in this round.
        let out = sync(
            &api,
            &id,
            KEEPER_3,
            "tablet-3",
            vec![entry("c-2", line_other, 1_000, "SET", api.clock.now())],
        )
        .await;
        assert_eq!(out["refused"][0]["entry_id"], "c-2");
        let count = call_ok(&api, "POST", &format!("{COUNTS}/{id}/close"), MANAGER, None).await;
        assert_eq!(count["status"], "AGUARDANDO_APROVACAO", "{count}");
        // Approval: not by someone who counted.
        let (status, _) = api
            .call("POST", &format!("{COUNTS}/{id}/approve"), KEEPER, None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let count = call_ok(&api, "POST", &format!("{COUNTS}/{id}/approve"), ADMIN, None).await;
        assert_eq!(count["status"], "APROVADO");
        let count = call_ok(&api, "POST", &format!("{COUNTS}/{id}/post"), ADMIN, None).await;
        assert_eq!(count["status"], "LANCADO");
        let (_, balances) = api
            .call(
                "GET",
                &format!("{MOVEMENTS}?material_id={m}&location_id={}", p.central),
                MANAGER,
                None,
            )
            .await;
        assert_eq!(
            balances["balance_milli"], 13_000,
            "the recount agreed with the ledger: {balances}"
        );
        assert!(api.context.ledger().check().await.unwrap().0.is_empty());
    }
}

#[tokio::test]
async fn a_manager_who_counted_cannot_approve() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "APR-1").await;
        post(
            &api,
            KEEPER,
            entry_in(&m, &p.central, 8_000),
            StatusCode::CREATED,
        )
        .await;
        let id = started(&api, &p.central, false, &[]).await;
        sync(
            &api,
            &id,
            MANAGER,
            "pc",
            vec![entry("m-1", 1, 8_000, "SET", api.clock.now())],
        )
        .await;
        call_ok(&api, "POST", &format!("{COUNTS}/{id}/close"), MANAGER, None).await;
        let (status, error) = api
            .call("POST", &format!("{COUNTS}/{id}/approve"), MANAGER, None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{error}");
        // Reprovar sends lines back to recount with a reason.
        let (status, _) = api
            .call(
                "POST",
                &format!("{COUNTS}/{id}/recount"),
                ADMIN,
                Some(json!({"reason": "Conferir prateleira B", "line_ids": [1]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let count = call_ok(&api, "GET", &format!("{COUNTS}/{id}"), ADMIN, None).await;
        assert_eq!(
            (count["status"].as_str(), count["recount_lines"].as_i64()),
            (Some("EM_RECONTAGEM"), Some(1))
        );
    }
}

#[tokio::test]
async fn an_item_found_but_not_expected_becomes_a_line() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "NPR-1").await;
        let found = simple_material(&api, "NPR-2").await;
        post(
            &api,
            KEEPER,
            entry_in(&m, &p.central, 1_000),
            StatusCode::CREATED,
        )
        .await;
        let id = started(&api, &p.central, false, &[]).await;
        let out = sync(&api, &id, KEEPER, "dev", vec![
            json!({"entry_id": "n-1", "material_id": found, "qty_milli": 3_000, "mode": "SET", "counted_at": api.clock.now()}),
        ]).await;
        assert_eq!(out["acknowledged"], json!(["n-1"]), "{out}");
        let ls = lines(&api, &id, MANAGER).await;
        let line = ls
            .iter()
            .find(|l| l["material_id"] == found.as_str())
            .unwrap();
        assert_eq!(
            (line["unexpected"].as_bool(), line["difference"].as_i64()),
            (Some(true), Some(3_000))
        );
    }
}

#[tokio::test]
async fn scenario_23_moved_during_the_count_is_judged_against_the_theoretical_balance() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let nine = Utc.with_ymd_and_hms(2026, 12, 7, 12, 0, 0).unwrap(); // 09:00 in São Paulo
        api.clock.set(nine - Duration::hours(1));
        let p = places(&api).await;
        let m = simple_material(&api, "AGU-1").await;
        post(
            &api,
            KEEPER,
            entry_in(&m, &p.clinic, 50_000),
            StatusCode::CREATED,
        )
        .await;
        api.clock.set(nine);
        let id = started(&api, &p.clinic, true, &[]).await;
        api.clock.set(nine + Duration::minutes(30));
        post(
            &api,
            KEEPER,
            json!({"kind": "LOSS_DAMAGE", "material_id": m, "location_id": p.clinic, "qty_milli": 5_000,
                   "reason": "Consumo durante a contagem"}),
            StatusCode::CREATED,
        )
        .await;
        api.clock.set(nine + Duration::hours(1));
        sync(
            &api,
            &id,
            KEEPER,
            "dev",
            vec![entry("e-45", 1, 45_000, "SET", api.clock.now())],
        )
        .await;
        let line = lines(&api, &id, MANAGER).await[0].clone();
        assert_eq!(
            (
                line["expected_qty_milli"].as_i64(),
                line["theoretical_qty_milli"].as_i64(),
                line["difference"].as_i64()
            ),
            (Some(50_000), Some(45_000), Some(0)),
            "{line}"
        );
        assert!(
            line.get("flag").is_none(),
            "30 minutes apart: not moved during the count"
        );
        call_ok(&api, "POST", &format!("{COUNTS}/{id}/close"), MANAGER, None).await;
        call_ok(&api, "POST", &format!("{COUNTS}/{id}/approve"), ADMIN, None).await;
        let count = call_ok(&api, "POST", &format!("{COUNTS}/{id}/post"), ADMIN, None).await;
        assert_eq!(
            (count["status"].as_str(), count["posted_lines"].as_i64()),
            (Some("LANCADO"), Some(0))
        );
        let adjustments: i64 = on_db!(&api.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM stock_movements WHERE kind = 'COUNT_ADJUSTMENT'").fetch_one(pool).await).unwrap();
        assert_eq!(adjustments, 0, "the line gets no adjustment");
        // A movement within 10 minutes of the count flags the line and sends it to recount.
        let m2 = simple_material(&api, "AGU-2").await;
        post(
            &api,
            KEEPER,
            entry_in(&m2, &p.clinic, 10_000),
            StatusCode::CREATED,
        )
        .await;
        api.clock.advance(Duration::minutes(1));
        let id = started(&api, &p.clinic, true, &[m2.as_str()]).await;
        api.clock.advance(Duration::minutes(1));
        post(
            &api,
            KEEPER,
            entry_in(&m2, &p.clinic, 1_000),
            StatusCode::CREATED,
        )
        .await;
        api.clock.advance(Duration::minutes(3));
        sync(
            &api,
            &id,
            KEEPER,
            "dev",
            vec![entry("f-1", 1, 11_000, "SET", api.clock.now())],
        )
        .await;
        let line = lines(&api, &id, MANAGER).await[0].clone();
        assert_eq!(
            (line["flag"].as_str(), line["difference"].as_i64()),
            (Some("MOVIMENTADO"), Some(0))
        );
        let count = call_ok(&api, "POST", &format!("{COUNTS}/{id}/close"), MANAGER, None).await;
        assert_eq!(count["status"], "EM_RECONTAGEM");
    }
}

// One test per engine: each is the longest of its engine's tests, and the runner runs the two side by side.
#[tokio::test]
async fn scenario_24_fifty_thousand_lines_posted_in_chunks_resume_after_a_crash_exactly_once_on_sqlite(
) {
    let sets = TestApi::<Stock>::migrations_after::<()>();
    let db = platform::testing::sqlite(&sets).await;
    fifty_thousand_lines_posted_in_chunks(TestApi::start(db).await).await;
}

#[tokio::test]
async fn scenario_24_fifty_thousand_lines_posted_in_chunks_resume_after_a_crash_exactly_once_on_postgres(
) {
    let sets = TestApi::<Stock>::migrations_after::<()>();
    // None only outside CI with PostgreSQL down (with a notice); in CI `postgres` fails instead.
    if let Some(db) = platform::testing::postgres(&sets).await {
        fifty_thousand_lines_posted_in_chunks(TestApi::start(db).await).await;
    }
}

async fn fifty_thousand_lines_posted_in_chunks(api: TestApi<Stock>) {
    const N: i64 = 50_000;
    {
        let p = places(&api).await;
        let t0 = api.clock.now();
        // 50,000 materials, each with 100 UN at the central warehouse, loaded straight into the ledger.
        let gen = format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {N})"
        );
        let materials = format!(
            "{gen} INSERT INTO stock_materials (id, sku, name, kind, category_id, base_uom, tracks_lot, tracks_expiry, \
             expiry_alert_days, gtin, ncm, lead_time_days, min_order_qty_milli, active, avg_cost_micro, search_text, \
             created_at, created_by) SELECT 'mat-' || CAST(i AS TEXT), 'SKU-' || CAST(i AS TEXT), \
             'Material ' || CAST(100000 + i AS TEXT), 'MATERIAL', NULL, 'UN', FALSE, FALSE, 60, NULL, NULL, 0, 0, TRUE, 0, \
             'material', $1, 'test' FROM n"
        );
        let movements = format!(
            "{gen} INSERT INTO stock_movements (id, kind, material_id, lot_id, qty_milli, from_location_id, \
             to_location_id, unit_cost_micro, value_cents, occurred_at, posted_at, created_by, idempotency_key) \
             SELECT 'load-' || CAST(i AS TEXT), 'MISC_IN', 'mat-' || CAST(i AS TEXT), NULL, 100000, 'loc-supplier', $2, \
             0, 0, $1, $1, 'test', 'load-' || CAST(i AS TEXT) FROM n"
        );
        on_db!(&api.db, pool => sqlx::query(&materials).bind(t0).execute(pool).await.map(|_| ()))
            .unwrap();
        on_db!(&api.db, pool => sqlx::query(&movements).bind(t0).bind(&p.central).execute(pool).await.map(|_| ())).unwrap();
        api.context.ledger().rebuild_balances().await.unwrap();
        api.clock.advance(Duration::minutes(1));
        let clock = std::time::Instant::now();
        let id = started(&api, &p.central, true, &[]).await;
        eprintln!("{} start {:?}", api.engine(), clock.elapsed());
        let count = call_ok(&api, "GET", &format!("{COUNTS}/{id}"), MANAGER, None).await;
        assert_eq!(count["line_count"], N);
        let sheets = call_ok(&api, "GET", &format!("{COUNTS}/{id}/sheets"), KEEPER, None).await;
        assert_eq!(sheets.as_array().unwrap().len(), 100, "sheets of 500 lines");
        assert!(sheets.as_array().unwrap().iter().all(|s| s["lines"] == 500));
        let url = format!("{COUNTS}/{id}/entries");
        // 501 entries: 413.
        let at = api.clock.now();
        let too_many: Vec<Value> = (1..=501)
            .map(|i| entry(&format!("x-{i}"), i, 100_000, "SET", at))
            .collect();
        let (status, _) = api
            .call(
                "POST",
                &url,
                KEEPER,
                Some(json!({"device_id": "d", "entries": too_many})),
            )
            .await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        // Counted in 100 batches of 500; every tenth line has 1 UN more (1 %: within the tolerance).
        for b in 0..(N / 500) {
            let entries: Vec<Value> = (1..=500)
                .map(|k| {
                    let seq = b * 500 + k;
                    let qty = if seq % 10 == 0 { 101_000 } else { 100_000 };
                    entry(&format!("e-{seq}"), seq, qty, "SET", at)
                })
                .collect();
            let out = sync(&api, &id, KEEPER, "scanner-1", entries).await;
            assert_eq!(
                out["acknowledged"].as_array().unwrap().len(),
                500,
                "{}",
                out["refused"]
            );
        }
        eprintln!("{} synced {:?}", api.engine(), clock.elapsed());
        let count = call_ok(&api, "POST", &format!("{COUNTS}/{id}/close"), MANAGER, None).await;
        assert_eq!(count["status"], "AGUARDANDO_APROVACAO");
        eprintln!("{} closed {:?}", api.engine(), clock.elapsed());
        call_ok(&api, "POST", &format!("{COUNTS}/{id}/approve"), ADMIN, None).await;
        let admin = platform::testing::principal("uid-ADMIN", "ADMIN");
        let counts = api.context.counts();
        // The first chunk commits; the second crashes after 5 of its movements were inserted.
        counts.post_chunk(&id, &admin, None).await.unwrap();
        let crashed = counts.post_chunk(&id, &admin, Some(5)).await;
        assert!(crashed.is_err());
        let (cursor, posted): (i64, i64) = on_db!(&api.db, pool => sqlx::query_as(
            "SELECT post_cursor, posted_lines FROM stock_counts WHERE id = $1").bind(&id).fetch_one(pool).await).unwrap();
        assert_eq!(
            (cursor, posted),
            (1_000, 100),
            "the crashed chunk left nothing behind"
        );
        // "Restarted": a new service on the same database resumes at the cursor.
        let restarted = stock::Counts::new(
            api.db.clone(),
            api.clock.clone(),
            api.context.ledger().clone(),
        );
        let mut calls = 0;
        loop {
            let d = restarted.post_next(&id, &admin).await.unwrap();
            calls += 1;
            assert!(calls <= 60, "no request posts more than 1,000 lines");
            if d.count.count.status == "LANCADO" {
                break;
            }
        }
        eprintln!("{} posted {:?}", api.engine(), clock.elapsed());
        let (movements, keys, lines_posted): (i64, i64, i64) = on_db!(&api.db, pool => sqlx::query_as(
            "SELECT COUNT(*), COUNT(DISTINCT document_id || idempotency_key), \
             (SELECT COUNT(*) FROM stock_count_lines WHERE count_id = $1 AND movement_id IS NOT NULL) \
             FROM stock_movements WHERE kind = 'COUNT_ADJUSTMENT' AND document_id = $1").bind(&id).fetch_one(pool).await).unwrap();
        assert_eq!(
            (movements, keys, lines_posted),
            (N / 10, N / 10, N / 10),
            "every line posted exactly once"
        );
        // Posting again is refused; the projection equals the ledger.
        let (status, _) = api
            .call("POST", &format!("{COUNTS}/{id}/post"), ADMIN, None)
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(api.context.ledger().check().await.unwrap().0.is_empty());
        let held: i64 = on_db!(&api.db, pool => sqlx::query_scalar(
            "SELECT qty_milli FROM stock_balances WHERE material_id = 'mat-10' AND location_id = $1")
            .bind(&p.central).fetch_one(pool).await).unwrap();
        assert_eq!(held, 101_000);
    }
}

/// Scenario 24 with a real crash: the `backoffice` binary serves the count, is killed with SIGKILL once the
/// stored cursor shows a chunk posted (while the next one is being posted), is started again on the same
/// database, and posting resumes: every line posted exactly once, and `backoffice stock check` finds the
/// projection equal to the ledger. 10,000 lines, every one adjusted, so each chunk of 1,000 posts 1,000
/// movements and the kill lands in the middle of the posting.
#[tokio::test]
async fn scenario_24_a_server_killed_with_sigkill_mid_post_resumes_and_posts_every_line_once() {
    const N: i64 = 10_000;
    for (engine, url) in server::databases().await {
        let bin = server::binary();
        let work = std::env::temp_dir().join(format!("stock-kill-{}", uuid_like()));
        std::fs::create_dir_all(&work).unwrap();
        let env = server::Env::new(&bin, &url, &work);
        env.cli(&["migrate"]);
        env.cli(&[
            "users",
            "create",
            "--email",
            "admin@kill.test",
            "--name",
            "Administradora",
            "--role",
            "ADMIN",
            "--password",
            "Senha@123",
            "--password-updated",
        ]);
        env.cli(&[
            "users",
            "create",
            "--email",
            "keeper@kill.test",
            "--name",
            "Estoquista",
            "--role",
            "STOCK_KEEPER",
            "--password",
            "Senha@123",
            "--password-updated",
        ]);
        // The central warehouse and N materials with 100 UN each, loaded straight into the ledger.
        let db = platform::db::Db::connect(&url).await.unwrap();
        let now = chrono::Utc::now();
        let unit = platform::units::create(
            &db,
            platform::units::UnitDraft {
                code: "CENTRAL".into(),
                name: "Depósito central".into(),
                city: Some("São Paulo".into()),
                state: Some("SP".into()),
                active: true,
            },
            "test",
            now,
        )
        .await
        .unwrap()
        .id;
        let mut srv = env.serve();
        let admin = srv.sign_in("admin@kill.test");
        let keeper = srv.sign_in("keeper@kill.test");
        let central = srv.ok(
            "POST",
            "/api/v1/stock/locations",
            &admin,
            json!({"code": "CENTRAL", "name": "Depósito central", "kind": "CENTRAL", "unit_id": unit}),
        )["id"]
            .as_str()
            .unwrap()
            .to_string();
        let gen = format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {N})"
        );
        let materials = format!(
            "{gen} INSERT INTO stock_materials (id, sku, name, kind, category_id, base_uom, tracks_lot, tracks_expiry, \
             expiry_alert_days, gtin, ncm, lead_time_days, min_order_qty_milli, active, avg_cost_micro, search_text, \
             created_at, created_by) SELECT 'mat-' || CAST(i AS TEXT), 'SKU-' || CAST(i AS TEXT), \
             'Material ' || CAST(100000 + i AS TEXT), 'MATERIAL', NULL, 'UN', FALSE, FALSE, 60, NULL, NULL, 0, 0, TRUE, 0, \
             'material', $1, 'test' FROM n"
        );
        let movements = format!(
            "{gen} INSERT INTO stock_movements (id, kind, material_id, lot_id, qty_milli, from_location_id, \
             to_location_id, unit_cost_micro, value_cents, occurred_at, posted_at, created_by, idempotency_key) \
             SELECT 'load-' || CAST(i AS TEXT), 'MISC_IN', 'mat-' || CAST(i AS TEXT), NULL, 100000, 'loc-supplier', $2, \
             0, 0, $1, $1, 'test', 'load-' || CAST(i AS TEXT) FROM n"
        );
        let earlier = now - Duration::minutes(5);
        on_db!(&db, pool => sqlx::query(&materials).bind(earlier).execute(pool).await.map(|_| ()))
            .unwrap();
        on_db!(&db, pool => sqlx::query(&movements).bind(earlier).bind(&central).execute(pool).await.map(|_| ()))
            .unwrap();
        env.cli(&["stock", "rebuild-balances"]);
        // Counted: every line 101 UN (1 % over, within the tolerance), in batches of 500.
        let count = srv.ok(
            "POST",
            COUNTS,
            &admin,
            json!({"location_id": central, "blind": true, "material_ids": []}),
        );
        let id = count["id"].as_str().unwrap().to_string();
        srv.ok("POST", &format!("{COUNTS}/{id}/start"), &admin, json!({}));
        for b in 0..(N / 500) {
            let at = chrono::Utc::now();
            let entries: Vec<Value> = (1..=500)
                .map(|k| {
                    let seq = b * 500 + k;
                    entry(&format!("e-{seq}"), seq, 101_000, "SET", at)
                })
                .collect();
            let out = srv.ok(
                "POST",
                &format!("{COUNTS}/{id}/entries"),
                &keeper,
                json!({"device_id": "scanner-1", "device_clock": at, "entries": entries}),
            );
            assert_eq!(out["acknowledged"].as_array().unwrap().len(), 500, "{out}");
        }
        srv.ok("POST", &format!("{COUNTS}/{id}/close"), &admin, json!({}));
        srv.ok("POST", &format!("{COUNTS}/{id}/approve"), &admin, json!({}));
        // "Lançar ajustes" called back to back on another thread; killed once a chunk is committed.
        let poster = srv.poster(&format!("{COUNTS}/{id}/post"), &admin);
        let cursor = |db: platform::db::Db, id: String| async move {
            on_db!(&db, pool => sqlx::query_as::<_, (i64, String)>(
                "SELECT post_cursor, status FROM stock_counts WHERE id = $1").bind(&id).fetch_one(pool).await)
            .unwrap()
        };
        loop {
            let (at, _) = cursor(db.clone(), id.clone()).await;
            if at >= 1_000 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        srv.kill();
        let calls_before = poster.join().unwrap();
        let (at_kill, status) = cursor(db.clone(), id.clone()).await;
        assert!(
            at_kill < N && status != "LANCADO",
            "{engine}: killed mid-post (cursor {at_kill} of {N}, {status})"
        );
        let posted_at_kill: i64 = on_db!(&db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM stock_movements WHERE kind = 'COUNT_ADJUSTMENT' AND document_id = $1")
            .bind(&id).fetch_one(pool).await)
        .unwrap();
        assert_eq!(
            posted_at_kill, at_kill,
            "{engine}: only whole chunks survive the kill ({calls_before} calls before it)"
        );
        // Restarted on the same database: posting resumes at the cursor.
        let mut srv = env.serve();
        let admin = srv.sign_in("admin@kill.test");
        let mut calls = 0;
        loop {
            let d = srv.ok("POST", &format!("{COUNTS}/{id}/post"), &admin, json!({}));
            calls += 1;
            assert!(calls <= N / 1_000, "{engine}: resumed at the cursor");
            if d["status"] == "LANCADO" {
                break;
            }
        }
        srv.kill();
        let (movements, keys, lines_posted): (i64, i64, i64) = on_db!(&db, pool => sqlx::query_as(
            "SELECT COUNT(*), COUNT(DISTINCT idempotency_key), \
             (SELECT COUNT(*) FROM stock_count_lines WHERE count_id = $1 AND movement_id IS NOT NULL) \
             FROM stock_movements WHERE kind = 'COUNT_ADJUSTMENT' AND document_id = $1").bind(&id).fetch_one(pool).await)
        .unwrap();
        assert_eq!(
            (movements, keys, lines_posted),
            (N, N, N),
            "{engine}: every line posted exactly once"
        );
        let out = env.cli(&["stock", "check"]);
        assert!(out.contains("conferem"), "{engine}: {out}");
        db.close().await;
        let _ = std::fs::remove_dir_all(&work);
    }
}

fn uuid_like() -> String {
    format!(
        "{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    )
}

/// The real `backoffice` binary as a child process, and a small blocking HTTP client for it.
mod server {
    use std::path::{Path, PathBuf};
    use std::process::{Child, Command, Stdio};

    use serde_json::Value;

    /// `BACKOFFICE_BIN`, or the workspace's debug build (`cargo build -p server`).
    pub fn binary() -> PathBuf {
        let bin = std::env::var("BACKOFFICE_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|_| {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/debug/backoffice")
            });
        assert!(
            bin.is_file(),
            "scenario 24 runs the real server: build it (cargo build -p server) or set BACKOFFICE_BIN ({})",
            bin.display()
        );
        bin
    }

    /// A fresh SQLite file, and a fresh PostgreSQL database when the server is reachable (always in CI).
    pub async fn databases() -> Vec<(&'static str, String)> {
        use sqlx::Connection;
        let file = std::env::temp_dir()
            .join("backoffice-tests")
            .join(format!("kill-{}.db", super::uuid_like()));
        let mut out = vec![("sqlite", format!("sqlite://{}", file.display()))];
        let server = std::env::var("BACKOFFICE_TEST_PG")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
        let required = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false")
            || std::env::var("BACKOFFICE_REQUIRE_PG").is_ok_and(|v| v == "1");
        match sqlx::PgConnection::connect(&format!("{server}/postgres")).await {
            Ok(mut admin) => {
                let name = format!("bo_kill_{}", super::uuid_like().replace('-', "_"));
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .await
                    .unwrap();
                out.push(("postgres", format!("{server}/{name}")));
            }
            Err(e) if !required => eprintln!(
                "NOTICE: PostgreSQL unreachable at {server} ({e}); the PostgreSQL half of this test was SKIPPED"
            ),
            Err(e) => panic!("PostgreSQL is required (CI) but unreachable at {server}: {e}"),
        }
        out
    }

    pub struct Env {
        bin: PathBuf,
        vars: Vec<(String, String)>,
    }

    impl Env {
        pub fn new(bin: &Path, url: &str, work: &Path) -> Env {
            Env {
                bin: bin.to_path_buf(),
                vars: vec![
                    ("BACKOFFICE_DATABASE_URL".into(), url.into()),
                    (
                        "BACKOFFICE_FILES_DIR".into(),
                        work.join("files").display().to_string(),
                    ),
                    (
                        "BACKOFFICE_JWT_SECRET".into(),
                        "kill-test-secret-0123456789abcdef".into(),
                    ),
                    ("BACKOFFICE_WEB_ROOT".into(), work.display().to_string()),
                ],
            }
        }

        fn command(&self) -> Command {
            let mut c = Command::new(&self.bin);
            c.envs(self.vars.iter().map(|(k, v)| (k.as_str(), v.as_str())));
            c
        }

        /// Runs a command of the binary to its end; its standard output (fails on a non-zero exit).
        pub fn cli(&self, args: &[&str]) -> String {
            let out = self.command().args(args).output().expect("run backoffice");
            let stdout = String::from_utf8_lossy(&out.stdout).to_string();
            assert!(
                out.status.success(),
                "backoffice {args:?}: {}\n{stdout}\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
            stdout
        }

        /// `backoffice serve` on a free port, once `/readyz` answers.
        pub fn serve(&self) -> Server {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            let child = self
                .command()
                .arg("serve")
                .env("BACKOFFICE_PORT", port.to_string())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start backoffice");
            let mut server = Server {
                child: Some(child),
                base: format!("http://127.0.0.1:{port}"),
            };
            for _ in 0..600 {
                if ureq::get(&format!("{}/readyz", server.base)).call().is_ok() {
                    return server;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            server.kill();
            panic!("backoffice serve did not become ready");
        }
    }

    pub struct Server {
        child: Option<Child>,
        pub base: String,
    }

    impl Server {
        /// A call that must succeed; its body.
        pub fn ok(&self, method: &str, path: &str, token: &str, body: Value) -> Value {
            match call(&self.base, method, path, token, &body) {
                Ok(v) => v,
                Err(e) => panic!("{method} {path}: {e}"),
            }
        }

        pub fn sign_in(&self, email: &str) -> String {
            let resp = ureq::post(&format!("{}/api/v1/auth/sign-in", self.base))
                .set("Content-Type", "application/json")
                .send_string(
                    &serde_json::json!({"email": email, "password": "Senha@123"}).to_string(),
                )
                .expect("sign in");
            let v: Value = serde_json::from_str(&resp.into_string().unwrap()).unwrap();
            v["access_token"]
                .as_str()
                .expect("access_token")
                .to_string()
        }

        /// Calls `path` back to back on another thread until a call fails (the server is gone) or the count
        /// is posted; the thread returns how many calls succeeded.
        pub fn poster(&self, path: &str, token: &str) -> std::thread::JoinHandle<u32> {
            let (base, path, token) = (self.base.clone(), path.to_string(), token.to_string());
            std::thread::spawn(move || {
                let mut calls = 0;
                while let Ok(v) = call(&base, "POST", &path, &token, &serde_json::json!({})) {
                    calls += 1;
                    if v["status"] == "LANCADO" {
                        break;
                    }
                }
                calls
            })
        }

        /// SIGKILL (`kill -9`), then reaps the process.
        pub fn kill(&mut self) {
            if let Some(mut child) = self.child.take() {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }

    impl Drop for Server {
        fn drop(&mut self) {
            self.kill();
        }
    }

    fn call(
        base: &str,
        method: &str,
        path: &str,
        token: &str,
        body: &Value,
    ) -> Result<Value, String> {
        let resp = ureq::request(method, &format!("{base}{path}"))
            .set("Authorization", &format!("Bearer {token}"))
            .set("Content-Type", "application/json")
            .send_string(&body.to_string());
        match resp {
            Ok(r) => Ok(
                serde_json::from_str(&r.into_string().map_err(|e| e.to_string())?)
                    .unwrap_or(Value::Null),
            ),
            Err(ureq::Error::Status(code, r)) => {
                Err(format!("{code} {}", r.into_string().unwrap_or_default()))
            }
            Err(e) => Err(e.to_string()),
        }
    }
}
