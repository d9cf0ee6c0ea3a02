//! The stock overview (`GET /api/v1/stock/overview`, `/estoque/visao-geral`) on SQLite and PostgreSQL: who reads
//! it (§7; a clinic's staff their clinics only, another location 404), its figures against a small dataset
//! computed by hand, and the consumption projection kept with the ledger (equal to its recomputation after
//! consumption and a reversal, and after `rebuild-balances`).

use crate::common;

use chrono::{DateTime, Duration, TimeZone, Utc};
use common::*;
use platform::on_db;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};
use stock::domain::{MovementKind, NewMovement};
use stock::Stock;

const OVERVIEW: &str = "/api/v1/stock/overview";
const CLINIC_UID: &str = "uid-CLINIC_STAFF+hub";

/// 2026-12-08 12:00 in São Paulo.
fn today_noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 8, 15, 0, 0).unwrap()
}

fn days(n: i64) -> String {
    (today_noon() - Duration::days(-n))
        .date_naive()
        .format("%Y-%m-%d")
        .to_string()
}

async fn assign_clinic(api: &TestApi<Stock>, location: &str) {
    let (status, out) = api
        .call(
            "PUT",
            &format!("/api/v1/stock/user-locations/{CLINIC_UID}"),
            ADMIN,
            Some(json!({"location_ids": [location]})),
        )
        .await;
    assert!(status.is_success(), "{status} {out}");
}

async fn policy(api: &TestApi<Stock>, material: &str, location: &str, min: i64, rp: i64) {
    let (status, out) = api
        .call(
            "PUT",
            "/api/v1/stock/policies",
            MANAGER,
            Some(
                json!({"material_id": material, "location_id": location, "min_qty_milli": min,
                        "reorder_point_milli": rp, "max_qty_milli": rp * 2}),
            ),
        )
        .await;
    assert!(status.is_success(), "{status} {out}");
}

fn lot_entry(
    material: &str,
    location: &str,
    lot: &str,
    expiry: &str,
    qty: i64,
    cost: i64,
) -> Value {
    json!({"kind": "MISC_IN", "material_id": material, "location_id": location, "qty_milli": qty,
           "lot_code": lot, "expiry_date": expiry, "unit_cost_micro": cost, "reason": "Bonificação do fornecedor"})
}

/// Posts a procedure consumption that happened `days_ago` days before today noon.
async fn consume(
    api: &TestApi<Stock>,
    material: &str,
    location: &str,
    qty: i64,
    days_ago: i64,
) -> String {
    let keeper = platform::testing::principal("uid-keeper", "Estoquista");
    let m = NewMovement {
        kind: MovementKind::ProcedureConsumption,
        material_id: material.into(),
        location_id: location.into(),
        qty_milli: qty,
        lot_code: None,
        expiry_date: None,
        unit_cost_micro: None,
        reason: Some("Consumo em procedimento".into()),
        idempotency_key: None,
    };
    let posted = api
        .context
        .ledger()
        .consume(m, today_noon() - Duration::days(days_ago), &keeper)
        .await
        .unwrap();
    posted.rows[0].id.clone()
}

async fn overview(api: &TestApi<Stock>, token: Option<&str>, location: Option<&str>) -> Value {
    let url = match location {
        Some(l) => format!("{OVERVIEW}?location_id={l}"),
        None => OVERVIEW.to_string(),
    };
    let (status, out) = api.call("GET", &url, token, None).await;
    assert_eq!(status, StatusCode::OK, "{}: {out}", api.engine());
    out
}

#[tokio::test]
async fn scenario_overview_follows_the_access_table() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        assign_clinic(&api, &p.clinic).await;
        for token in [
            Some("PURCHASING_ASSISTANT"),
            Some("PURCHASING_MANAGER"),
            KEEPER,
            MANAGER,
            Some("FINANCIAL_MANAGER"),
            ADMIN,
            CLINIC,
        ] {
            let (status, _) = api.call("GET", OVERVIEW, token, None).await;
            assert_eq!(status, StatusCode::OK, "{token:?} reads the overview");
        }
        let (status, _) = api
            .call("GET", OVERVIEW, Some("FINANCIAL_ASSISTANT"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api.call("GET", OVERVIEW, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        // A clinic's staff: their clinic only; another location (or the central warehouse) is not found.
        let own = overview(&api, CLINIC, Some(&p.clinic)).await;
        assert_eq!(own["location_id"], p.clinic.as_str());
        let all = overview(&api, CLINIC, None).await;
        let reach: Vec<&str> = all["locations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["id"].as_str().unwrap())
            .collect();
        assert_eq!(reach, [p.clinic.as_str()]);
        for other in [&p.other_clinic, &p.central] {
            let (status, _) = api
                .call(
                    "GET",
                    &format!("{OVERVIEW}?location_id={other}"),
                    CLINIC,
                    None,
                )
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }
        // Neither an unknown location nor a virtual end is a location to look at.
        for id in ["nao-existe", "loc-consumption", "loc-in-transit"] {
            let (status, _) = api
                .call(
                    "GET",
                    &format!("{OVERVIEW}?location_id={id}"),
                    MANAGER,
                    None,
                )
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{id}");
        }
        let everything = overview(&api, MANAGER, None).await;
        assert_eq!(everything["locations"].as_array().unwrap().len(), 3);
    }
}

#[tokio::test]
async fn scenario_overview_figures_match_a_hand_computed_dataset() {
    for api in TestApi::<Stock>::on_each_engine().await {
        // Entries a week before "today" (2026-12-08).
        api.clock.set(today_noon() - Duration::days(7));
        let p = places(&api).await;
        assign_clinic(&api, &p.clinic).await;
        let a = material(
            &api,
            json!({"sku": "OV-A", "name": "Material A", "base_uom": "UN", "tracks_lot": true, "tracks_expiry": true}),
        )
        .await["id"]
            .as_str()
            .unwrap()
            .to_string();
        let b = simple_material(&api, "OV-B").await;
        let c = simple_material(&api, "OV-C").await;
        // A at the clinic, R$ 2,00: A0 (1 UN) expires on 12-05 (expired by today), A1 (10 UN) in 20 days, A2
        // (10 UN) in 75 days.
        for (lot, expiry, qty) in [
            ("A0", days(-3), 1_000),
            ("A1", days(20), 10_000),
            ("A2", days(75), 10_000),
        ] {
            post(
                &api,
                KEEPER,
                lot_entry(&a, &p.clinic, lot, &expiry, qty, 2_000_000),
                StatusCode::CREATED,
            )
            .await;
        }
        // B at R$ 1,00: 20 UN at the clinic, 10 at the central warehouse, 5 at the other clinic.
        post(
            &api,
            KEEPER,
            entry(&b, &p.clinic, 20_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        post(
            &api,
            KEEPER,
            entry(&b, &p.central, 10_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        post(
            &api,
            KEEPER,
            entry(&b, &p.other_clinic, 5_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        // C: 2 UN at R$ 5,00 in and lost (a loss is not consumption): a stock-out at the clinic.
        post(
            &api,
            KEEPER,
            entry(&c, &p.clinic, 2_000, 5_000_000),
            StatusCode::CREATED,
        )
        .await;
        let loss = json!({"kind": "LOSS_DAMAGE", "material_id": c, "location_id": p.clinic, "qty_milli": 2_000,
                          "reason": "Caixa molhada no depósito"});
        post(&api, KEEPER, loss, StatusCode::CREATED).await;
        api.clock.set(today_noon());
        // Consumption at the clinic: B 1 UN 400 days ago (outside both windows), 4 UN 100 days ago (year only),
        // 6 UN 10 days ago; A 3 UN 5 days ago (FEFO: A1, since A0 is expired).
        consume(&api, &b, &p.clinic, 1_000, 400).await;
        consume(&api, &b, &p.clinic, 4_000, 100).await;
        consume(&api, &b, &p.clinic, 6_000, 10).await;
        consume(&api, &a, &p.clinic, 3_000, 5).await;
        // Policies at the clinic: A min 20 (18 on hand: below), B reorder point 10 (9 on hand: at it).
        policy(&api, &a, &p.clinic, 20_000, 25_000).await;
        policy(&api, &b, &p.clinic, 5_000, 10_000).await;

        let o = overview(&api, MANAGER, Some(&p.clinic)).await;
        assert_eq!(o["as_of"], "2026-12-08");
        // A: 18 UN × 2,00 = 36,00; B: 9 UN × 1,00 = 9,00; C: 0.
        assert_eq!(o["stock_value_cents"], 4_500, "{}: {o}", api.engine());
        assert_eq!(o["below_minimum"], 1);
        assert_eq!(o["at_reorder_point"], 1);
        assert_eq!(o["stock_outs"], 1, "C at the clinic");
        assert_eq!(o["negative_balances"], 0);
        assert_eq!(o["expired"], json!({"lots": 1, "value_cents": 200}));
        assert_eq!(
            o["expiring"],
            json!([
                {"days": 30, "lots": 1, "value_cents": 1_400},
                {"days": 60, "lots": 1, "value_cents": 1_400},
                {"days": 90, "lots": 2, "value_cents": 3_400},
            ])
        );
        assert_eq!(o["in_transit_cents"], 0);
        // 90 days: B 6,00 + A 6,00; 365 days: B 10,00 + A 6,00.
        assert_eq!(o["consumption_90_cents"], 1_200);
        assert_eq!(o["consumption_365_cents"], 1_600);
        // 4.500 × 90 / 1.200 = 337,5 → 338 (half-even); 1.600 / 4.500 = 0,3556 → 36 hundredths.
        assert_eq!(o["coverage_days"], 338);
        assert_eq!(o["turnover_hundredths"], 36);
        let abc: Vec<(&str, &str, i64)> = o["abc_items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["sku"].as_str().unwrap(),
                    i["class"].as_str().unwrap(),
                    i["cumulative_bp"].as_i64().unwrap(),
                )
            })
            .collect();
        // B first (62,5 %); A's share before it is 62,5 % < 80 %: A too.
        assert_eq!(abc, [("OV-B", "A", 6_250), ("OV-A", "A", 10_000)]);
        assert_eq!(
            o["abc_classes"][0],
            json!({"class": "A", "items": 2, "value_cents": 1_600})
        );
        assert!(o.get("last_count").is_none());

        // Each card's list: the materials list filtered by the same situation.
        for (situation, skus) in [
            ("BELOW_MINIMUM", vec!["OV-A"]),
            ("AT_REORDER_POINT", vec!["OV-B"]),
            ("STOCK_OUT", vec!["OV-C"]),
            ("NEGATIVE", vec![]),
            ("EXPIRED", vec!["OV-A"]),
            ("EXPIRING_30", vec!["OV-A"]),
        ] {
            let url = format!("{MATERIALS}?situation={situation}&location_id={}", p.clinic);
            let (status, page) = api.call("GET", &url, MANAGER, None).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            let got: Vec<&str> = page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["sku"].as_str().unwrap())
                .collect();
            assert_eq!(got, skus, "{} {situation}", api.engine());
        }
        let url = format!(
            "{MATERIALS}?situation=STOCK_OUT&location_id={}",
            p.other_clinic
        );
        let (status, _) = api.call("GET", &url, CLINIC, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, page) = api
            .call(
                "GET",
                &format!("{MATERIALS}?situation=EXPIRING_90"),
                CLINIC,
                None,
            )
            .await;
        assert_eq!(page["items"].as_array().unwrap().len(), 1);

        // Every location: B 24 UN (clinic 9, central 10, other clinic 5) + A 36,00; consumption is the clinic's.
        let all = overview(&api, MANAGER, None).await;
        assert_eq!(all["stock_value_cents"], 6_000);
        assert_eq!(all["consumption_365_cents"], 1_600);
        assert_eq!(all["stock_outs"], 1);
        // The clinic's staff see their clinic's figures under "Todos os locais".
        let staff = overview(&api, CLINIC, None).await;
        assert_eq!(staff["stock_value_cents"], 4_500);
        assert_eq!(staff["coverage_days"], 338);
        // The central warehouse alone: no consumption there, so no coverage.
        let central = overview(&api, MANAGER, Some(&p.central)).await;
        assert_eq!(central["stock_value_cents"], 1_000);
        assert!(central.get("coverage_days").is_none(), "{central}");
        assert_eq!(central["turnover_hundredths"], 0);
    }
}

type ConsumptionRows = Vec<(String, String, String, i64, i64)>;

async fn consumption_rows(api: &TestApi<Stock>) -> ConsumptionRows {
    let rows: Vec<(String, String, chrono::NaiveDate, i64, i64)> =
        on_db!(&api.db, pool => sqlx::query_as(
        "SELECT material_id, location_id, day, qty_milli, value_cents FROM stock_consumption_daily \
         WHERE qty_milli <> 0 OR value_cents <> 0 ORDER BY material_id, location_id, day"
    ).fetch_all(pool).await)
        .unwrap();
    rows.into_iter()
        .map(|(m, l, d, q, v)| (m, l, d.to_string(), q, v))
        .collect()
}

#[tokio::test]
async fn the_consumption_projection_equals_its_recomputation_after_movements_and_a_reversal() {
    for api in TestApi::<Stock>::on_each_engine().await {
        api.clock.set(today_noon());
        let p = places(&api).await;
        let m = simple_material(&api, "OV-P").await;
        post(
            &api,
            KEEPER,
            entry(&m, &p.clinic, 30_000, 1_500_000),
            StatusCode::CREATED,
        )
        .await;
        consume(&api, &m, &p.clinic, 2_000, 3).await;
        consume(&api, &m, &p.clinic, 1_000, 3).await;
        let reversed = consume(&api, &m, &p.clinic, 4_000, 1).await;
        // A loss is not consumption.
        let loss = json!({"kind": "LOSS_DAMAGE", "material_id": m, "location_id": p.clinic, "qty_milli": 1_000,
                          "reason": "Frasco quebrado na sala"});
        post(&api, KEEPER, loss, StatusCode::CREATED).await;
        // The reversal, posted today, subtracts on today's row.
        let (status, out) = api
            .call(
                "POST",
                &format!("{MOVEMENTS}/{reversed}/reverse"),
                MANAGER,
                Some(json!({"reason": "Procedimento cancelado pelo cliente"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{out}");
        let rows = consumption_rows(&api).await;
        assert_eq!(
            rows,
            vec![
                (m.clone(), p.clinic.clone(), days(-3), 3_000, 450),
                (m.clone(), p.clinic.clone(), days(-1), 4_000, 600),
                (m.clone(), p.clinic.clone(), days(0), -4_000, -600),
            ],
            "{}",
            api.engine()
        );
        let ledger = api.context.ledger();
        assert!(ledger.check_consumption().await.unwrap().0.is_empty());
        assert!(ledger.check().await.unwrap().0.is_empty());
        // Drift is reported, and rebuild-balances restores the projection from the ledger.
        on_db!(&api.db, pool => sqlx::query("UPDATE stock_consumption_daily SET qty_milli = qty_milli + 1")
            .execute(pool).await.map(|_| ()))
        .unwrap();
        assert_eq!(ledger.check_consumption().await.unwrap().0.len(), 3);
        ledger.rebuild_balances().await.unwrap();
        assert!(ledger.check_consumption().await.unwrap().0.is_empty());
        // Zero rows (a day consumed and fully reversed) are not kept by the rebuild; the rest is identical.
        assert_eq!(consumption_rows(&api).await, rows);
        // 90-day consumption: 4,50 + 6,00 − 6,00.
        let o = overview(&api, MANAGER, Some(&p.clinic)).await;
        assert_eq!(o["consumption_90_cents"], 450);
    }
}
