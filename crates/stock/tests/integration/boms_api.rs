//! Procedure BOMs and procedure consumption on SQLite and PostgreSQL: the brief's scenarios 19 (BOM consumption,
//! FEFO, idempotent per appointment and revision) and 20 (no BOM), short stock that never blocks, publishing at a
//! future date, the clinic override's precedence, the diff of two versions, the CSV import (all or nothing, with
//! spreadsheet line numbers) and the access table (§5(d), §7, §8).

use crate::common;

use chrono::{DateTime, Duration, Utc};
use common::*;
use platform::clock::Clock;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};
use stock::Stock;

const BOMS: &str = "/api/v1/stock/boms";
const CONSUME: &str = "/api/v1/stock/procedure-consumptions";
const WITHOUT: &str = "/api/v1/stock/procedures-without-bom";

async fn assign(api: &TestApi<Stock>, token: Option<&str>, location: &str) {
    let uid = format!("uid-{}", token.unwrap());
    call_ok(
        api,
        "PUT",
        &format!("/api/v1/stock/user-locations/{uid}"),
        ADMIN,
        Some(json!({"location_ids": [location]})),
    )
    .await;
}

/// A lot-tracked material with lots at a location: (lot code, expiry, quantity, unit cost).
async fn tracked(
    api: &TestApi<Stock>,
    sku: &str,
    location: &str,
    lots: &[(&str, &str, i64, i64)],
) -> String {
    let id = material(
        api,
        json!({"sku": sku, "name": format!("Material {sku}"), "base_uom": "UN", "tracks_expiry": true}),
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_string();
    for (lot, expiry, qty, cost) in lots {
        post(
            api,
            MANAGER,
            json!({"kind": "MISC_IN", "material_id": id, "location_id": location, "qty_milli": qty,
                   "lot_code": lot, "expiry_date": expiry, "unit_cost_micro": cost,
                   "reason": "Carga inicial do estoque"}),
            StatusCode::CREATED,
        )
        .await;
    }
    id
}

/// A BOM (global, or a clinic's override) with these lines, version 1 published now; returns the BOM.
async fn published(api: &TestApi<Stock>, code: &str, clinic: Option<&str>, lines: Value) -> Value {
    let mut body = json!({"procedure_code": code, "procedure_name": format!("Procedimento {code}"),
                          "lines": lines});
    if let Some(c) = clinic {
        body["clinic_location_id"] = json!(c);
    }
    let (status, bom) = api.call("POST", BOMS, MANAGER, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {bom}", api.engine());
    assert_eq!(bom["versions"][0]["status"], "RASCUNHO");
    publish(api, &bom, 1, None).await
}

async fn publish(
    api: &TestApi<Stock>,
    bom: &Value,
    number: i64,
    at: Option<DateTime<Utc>>,
) -> Value {
    let id = bom["id"].as_str().unwrap();
    let version = bom["versions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["number"] == number)
        .unwrap()["version"]
        .clone();
    let mut body = json!({"version": version});
    if let Some(at) = at {
        body["effective_from"] = json!(at);
    }
    call_ok(
        api,
        "POST",
        &format!("{BOMS}/{id}/versions/{number}/publish"),
        MANAGER,
        Some(body),
    )
    .await
}

async fn consume(
    api: &TestApi<Stock>,
    token: Option<&str>,
    appointment: &str,
    code: &str,
    location: &str,
) -> (StatusCode, Value) {
    let now = api.clock.now();
    api.call(
        "POST",
        CONSUME,
        token,
        Some(
            json!({"appointment_id": appointment, "procedure_code": code, "location_id": location,
                    "occurred_at": now}),
        ),
    )
    .await
}

async fn balances(api: &TestApi<Stock>, material: &str, location: &str) -> Vec<(String, i64)> {
    let rows = call_ok(
        api,
        "GET",
        &format!("/api/v1/stock/balances?material_id={material}&location_id={location}"),
        MANAGER,
        None,
    )
    .await;
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["lot_id"].as_str().unwrap().to_string(),
                r["qty_milli"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn scenario_19_bom_consumption_takes_fefo_once_per_appointment_and_revision() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        // L1 expires in March, L2 in May; the average is R$ 0,55.
        let agulha = tracked(
            &api,
            "AGULHA-30G",
            &p.clinic,
            &[
                ("L2", "2027-05-31", 10_000, 600_000),
                ("L1", "2027-03-31", 10_000, 500_000),
            ],
        )
        .await;
        let bom = published(
            &api,
            "toxina-bot",
            None,
            json!([{"material_id": agulha, "qty_milli": 2_000, "waste_bp": 1_000}]),
        )
        .await;
        assert_eq!(bom["procedure_code"], "TOXINA-BOT");
        let v = &bom["versions"][0];
        assert_eq!(v["status"], "PUBLICADA", "{bom}");
        assert_eq!(v["in_force"], true);
        // 2 UN × 10 % = 2,200 UN × R$ 0,55 = R$ 1,21, computed on read.
        assert_eq!(v["lines"][0]["qty_with_waste_milli"], 2_200);
        assert_eq!(v["cost_cents"], 121);

        let (status, first) = consume(&api, CLINIC_MANAGER, "AGD-1", "TOXINA-BOT", &p.clinic).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {first}", api.engine());
        assert_eq!(first["status"], "LANCADO");
        assert_eq!(first["bom_version"], 1);
        assert_eq!(first["repeated"], false);
        assert_eq!(first["cost_cents"], 121);
        let rows = first["movements"].as_array().unwrap();
        assert_eq!(rows.len(), 1, "{first}");
        assert_eq!(rows[0]["kind"], "PROCEDURE_CONSUMPTION");
        assert_eq!(rows[0]["lot_code"], "L1");
        assert_eq!(rows[0]["qty_milli"], 2_200);
        assert_eq!(rows[0]["to_location_id"], "loc-consumption");

        // The same appointment finished again: the first result, nothing more posted.
        let (status, again) = consume(&api, CLINIC_MANAGER, "AGD-1", "TOXINA-BOT", &p.clinic).await;
        assert_eq!(status, StatusCode::OK, "{again}");
        assert_eq!(again["repeated"], true);
        assert_eq!(again["cost_cents"], 121);
        assert_eq!(again["movements"][0]["id"], rows[0]["id"]);
        assert_eq!(again["movements"].as_array().unwrap().len(), 1);
        let held = balances(&api, &agulha, &p.clinic).await;
        assert_eq!(held.iter().map(|(_, q)| q).sum::<i64>(), 17_800, "{held:?}");
        assert!(held.iter().all(|(_, q)| *q == 7_800 || *q == 10_000));
        // Finishing again after a reopening is a new revision: it posts once more.
        let (status, second) = api
            .call(
                "POST",
                CONSUME,
                MANAGER,
                Some(
                    json!({"appointment_id": "AGD-1", "revision": 2, "procedure_code": "TOXINA-BOT",
                            "location_id": p.clinic, "occurred_at": api.clock.now()}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{second}");
        assert_eq!(second["movements"][0]["lot_code"], "L1");
        let held = balances(&api, &agulha, &p.clinic).await;
        assert_eq!(held.iter().map(|(_, q)| q).sum::<i64>(), 15_600);
    }
}

const CLINIC_MANAGER: Option<&str> = Some("STOCK_MANAGER");

#[tokio::test]
async fn scenario_20_no_published_version_posts_nothing_and_is_listed() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let gaze = simple_material(&api, "GAZE").await;
        post(
            &api,
            MANAGER,
            entry(&gaze, &p.clinic, 5_000, 100_000),
            StatusCode::CREATED,
        )
        .await;
        // A draft only: not published.
        let (status, draft) = api
            .call(
                "POST",
                BOMS,
                MANAGER,
                Some(
                    json!({"procedure_code": "PEELING", "procedure_name": "Peeling químico",
                            "lines": [{"material_id": gaze, "qty_milli": 1_000}]}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{draft}");
        let (status, out) = consume(&api, MANAGER, "AGD-20", "PEELING", &p.clinic).await;
        assert_eq!(status, StatusCode::CREATED, "{out}");
        assert_eq!(out["status"], "SEM_BASE_DE_CALCULO");
        assert_eq!(out["cost_cents"], 0);
        assert_eq!(out["movements"].as_array().unwrap().len(), 0);
        let (_, out) = consume(&api, MANAGER, "AGD-21", "SEM-CADASTRO", &p.clinic).await;
        assert_eq!(out["status"], "SEM_BASE_DE_CALCULO");
        assert_eq!(
            balances(&api, &gaze, &p.clinic).await,
            [(String::new(), 5_000)]
        );
        let listed = call_ok(&api, "GET", WITHOUT, KEEPER, None).await;
        let codes: Vec<&str> = listed
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["procedure_code"].as_str().unwrap())
            .collect();
        assert_eq!(codes.len(), 2, "{listed}");
        assert!(codes.contains(&"PEELING") && codes.contains(&"SEM-CADASTRO"));
        let peeling = listed
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["procedure_code"] == "PEELING")
            .unwrap();
        assert_eq!(peeling["bom_id"], draft["id"]);
        assert_eq!(peeling["procedure_name"], "Peeling químico");
        assert_eq!(peeling["occurrences"], 1);
        // Once a version is published, the procedure leaves the list.
        publish(&api, &draft, 1, None).await;
        let listed = call_ok(&api, "GET", WITHOUT, KEEPER, None).await;
        assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
        assert_eq!(listed[0]["procedure_code"], "SEM-CADASTRO");
    }
}

#[tokio::test]
async fn short_stock_never_blocks_the_clinic_and_optional_lines_wait_for_a_tick() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let agulha = tracked(
            &api,
            "AGU-1",
            &p.clinic,
            &[("L1", "2027-03-31", 1_000, 1_000_000)],
        )
        .await;
        let luva = simple_material(&api, "LUVA").await;
        let anest = simple_material(&api, "ANEST").await;
        published(
            &api,
            "PROC",
            None,
            json!([{"material_id": agulha, "qty_milli": 3_000},
                   {"material_id": luva, "qty_milli": 2_000},
                   {"material_id": anest, "qty_milli": 1_000, "optional": true}]),
        )
        .await;
        let (status, out) = consume(&api, MANAGER, "AGD-S", "PROC", &p.clinic).await;
        assert_eq!(status, StatusCode::CREATED, "{out}");
        let rows = out["movements"].as_array().unwrap();
        // 1 UN from L1, the 2 UN missing "sem lote"; the gloves (no stock at all) too; the optional line not.
        let got: Vec<(String, Option<&str>, i64)> = rows
            .iter()
            .map(|r| {
                (
                    r["material_id"].as_str().unwrap().to_string(),
                    r["lot_code"].as_str(),
                    r["qty_milli"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (agulha.clone(), Some("L1"), 1_000),
                (agulha.clone(), None, 2_000),
                (luva.clone(), None, 2_000)
            ]
        );
        assert_eq!(out["cost_cents"], 300);
        let held = balances(&api, &agulha, &p.clinic).await;
        assert_eq!(held, [(String::new(), -2_000)], "the balance goes negative");
        assert_eq!(
            balances(&api, &luva, &p.clinic).await,
            [(String::new(), -2_000)]
        );
        // Ticked, the optional line is consumed too; quantity multiplies.
        let (_, out) = api
            .call(
                "POST",
                CONSUME,
                MANAGER,
                Some(json!({"appointment_id": "AGD-T", "procedure_code": "PROC", "location_id": p.clinic,
                            "occurred_at": api.clock.now(), "quantity": 2, "optional_material_ids": [anest]})),
            )
            .await;
        let anest_rows: Vec<&Value> = out["movements"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["material_id"] == anest.as_str())
            .collect();
        assert_eq!(anest_rows.len(), 1, "{out}");
        assert_eq!(anest_rows[0]["qty_milli"], 2_000);
        // A central warehouse is not where procedures happen; a future finish is refused.
        let (status, e) = consume(&api, MANAGER, "AGD-C", "PROC", &p.central).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(fields(&e), ["location_id"]);
        let (status, e) = api
            .call(
                "POST",
                CONSUME,
                MANAGER,
                Some(json!({"appointment_id": "AGD-F", "procedure_code": "PROC", "location_id": p.clinic,
                            "occurred_at": api.clock.now() + Duration::days(1)})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["occurred_at"]);
    }
}

/// (material, lot code, qty) of a consumption's rows, for comparing.
fn rows_of(out: &Value, field: &str) -> Vec<(String, Option<String>, i64)> {
    out[field]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["material_id"].as_str().unwrap().to_string(),
                r["lot_code"].as_str().map(String::from),
                r["qty_milli"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn changes_at_consumption_skip_a_line_or_add_to_it_each_with_a_reason() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let agulha = tracked(
            &api,
            "AGU-2",
            &p.clinic,
            &[("L1", "2027-03-31", 10_000, 500_000)],
        )
        .await;
        let luva = simple_material(&api, "LUVA-M").await;
        let gaze = simple_material(&api, "GAZE-E").await;
        published(
            &api,
            "PROC-ALT",
            None,
            json!([{"material_id": agulha, "qty_milli": 2_000, "waste_bp": 1_000},
                   {"material_id": luva, "qty_milli": 2_000}]),
        )
        .await;
        let body = |appointment: &str, changes: Value| {
            json!({"appointment_id": appointment, "procedure_code": "PROC-ALT", "location_id": p.clinic,
                   "occurred_at": api.clock.now(), "changes": changes})
        };
        // Every problem at once: no reason, no quantity, a material outside the BOM marked unused, a repeat.
        let (status, e) = api
            .call(
                "POST",
                CONSUME,
                MANAGER,
                Some(body(
                    "AGD-ALT-0",
                    json!([{"material_id": luva, "kind": "NOT_USED"},
                           {"material_id": agulha, "kind": "EXTRA", "reason": "Paciente precisou de mais uma aplicação"},
                           {"material_id": gaze, "kind": "NOT_USED", "reason": "Gaze não foi necessária aqui"},
                           {"material_id": luva, "kind": "EXTRA", "qty_milli": 1_000, "reason": "Troca de luvas no meio"}]),
                )),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}: {e}",
            api.engine()
        );
        assert_eq!(
            fields(&e),
            [
                "changes[0].reason",
                "changes[1].qty_milli",
                "changes[2].material_id",
                "changes[3].material_id"
            ]
        );
        assert!(
            balances(&api, &luva, &p.clinic).await.is_empty(),
            "nothing posted"
        );
        let (status, out) = api
            .call(
                "POST",
                CONSUME,
                MANAGER,
                Some(body(
                    "AGD-ALT-1",
                    json!([{"material_id": luva, "kind": "NOT_USED", "reason": "Paciente alérgico ao látex"},
                           {"material_id": agulha, "kind": "EXTRA", "qty_milli": 1_000,
                            "reason": "Uma agulha extra entortou na aplicação"},
                           {"material_id": gaze, "kind": "EXTRA", "qty_milli": 3_000,
                            "reason": "Sangramento pediu gaze extra"}]),
                )),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{out}");
        // 2 UN + 10 % = 2,2 + 1 extra (no waste) = 3,2 UN of needles; no gloves; 3 UN of gauze "sem lote".
        assert_eq!(
            rows_of(&out, "movements"),
            [
                (agulha.clone(), Some("L1".to_string()), 3_200),
                (gaze.clone(), None, 3_000)
            ]
        );
        assert_eq!(out["changes"].as_array().unwrap().len(), 3, "{out}");
        assert_eq!(out["cost_cents"], 160, "3,2 UN × R$ 0,50");
        // A repeat returns the first result, changes included.
        let (status, again) = api
            .call("POST", CONSUME, MANAGER, Some(body("AGD-ALT-1", json!([]))))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(again["changes"], out["changes"]);
        assert_eq!(again["movements"], out["movements"]);
    }
}

#[tokio::test]
async fn reopening_reverses_a_consumption_once_and_finishing_again_posts_the_next_revision() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        assign(&api, CLINIC, &p.clinic).await;
        let agulha = tracked(
            &api,
            "AGU-3",
            &p.clinic,
            &[("L1", "2027-03-31", 1_000, 500_000)],
        )
        .await;
        published(
            &api,
            "PROC-REV",
            None,
            json!([{"material_id": agulha, "qty_milli": 3_000}]),
        )
        .await;
        let (status, first) = consume(&api, MANAGER, "AGD-R", "PROC-REV", &p.clinic).await;
        assert_eq!(status, StatusCode::CREATED, "{first}");
        assert_eq!(
            rows_of(&first, "movements"),
            [
                (agulha.clone(), Some("L1".to_string()), 1_000),
                (agulha.clone(), None, 2_000)
            ]
        );
        let reversal = "/api/v1/stock/procedure-consumptions/AGD-R/reversal";
        let (status, e) = api
            .call("POST", reversal, MANAGER, Some(json!({"reason": "curto"})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["reason"]);
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/stock/procedure-consumptions/AGD-NADA/reversal",
                MANAGER,
                Some(json!({"reason": "Atendimento reaberto pela recepção"})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = api
            .call(
                "POST",
                reversal,
                KEEPER,
                Some(json!({"reason": "Atendimento reaberto pela recepção"})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, reversed) = api
            .call(
                "POST",
                reversal,
                CLINIC,
                Some(json!({"reason": "Atendimento reaberto pela recepção"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {reversed}", api.engine());
        let back = reversed["reversals"].as_array().unwrap();
        assert_eq!(back.len(), 2, "{reversed}");
        assert!(back.iter().all(|r| r["kind"] == "REVERSAL"));
        assert_eq!(
            reversed["reversal_reason"],
            "Atendimento reaberto pela recepção"
        );
        // The clinic holds what it held before: L1 back to 1 UN, the "sem lote" shortfall gone.
        let mut held = balances(&api, &agulha, &p.clinic).await;
        held.retain(|(_, q)| *q != 0);
        assert_eq!(held.iter().map(|(_, q)| q).sum::<i64>(), 1_000, "{held:?}");
        // A repeat (a retry, or cancelling after reopening) reverses nothing more.
        let (status, again) = api
            .call(
                "POST",
                reversal,
                MANAGER,
                Some(json!({"revision": 1, "reason": "Atendimento cancelado depois"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(again["repeated"], true);
        assert_eq!(again["reversals"], reversed["reversals"]);
        // Finishing again is revision 2: it consumes again; cancelling reverses revision 2 only.
        let (status, second) = api
            .call(
                "POST",
                CONSUME,
                CLINIC,
                Some(
                    json!({"appointment_id": "AGD-R", "revision": 2, "procedure_code": "PROC-REV",
                            "location_id": p.clinic, "occurred_at": api.clock.now()}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{second}");
        assert_eq!(second["movements"].as_array().unwrap().len(), 2);
        let (status, cancelled) = api
            .call(
                "POST",
                reversal,
                MANAGER,
                Some(json!({"reason": "Atendimento cancelado pelo paciente"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(cancelled["revision"], 2);
        let total: i64 = balances(&api, &agulha, &p.clinic)
            .await
            .iter()
            .map(|(_, q)| q)
            .sum();
        assert_eq!(total, 1_000);
        // Another clinic's consumption is out of a clinic user's reach.
        consume(&api, MANAGER, "AGD-O", "PROC-REV", &p.other_clinic).await;
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/stock/procedure-consumptions/AGD-O/reversal",
                CLINIC,
                Some(json!({"reason": "Atendimento reaberto pela recepção"})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let ledger = stock::service::Ledger::new(api.db.clone(), api.clock.clone());
        let drift = ledger.check().await.unwrap();
        assert!(drift.0.is_empty(), "{drift:?}");
        let drift = ledger.check_consumption().await.unwrap();
        assert!(drift.0.is_empty(), "{drift:?}");
    }
}

#[tokio::test]
async fn simular_custo_is_computed_by_the_server_with_ticks_and_changes() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let agulha = tracked(
            &api,
            "AGU-4",
            &p.clinic,
            &[("L1", "2027-03-31", 10_000, 550_000)],
        )
        .await;
        let anest = tracked(
            &api,
            "ANEST-4",
            &p.clinic,
            &[("A1", "2027-03-31", 10_000, 2_000_000)],
        )
        .await;
        let bom = published(
            &api,
            "PROC-SIM",
            None,
            json!([{"material_id": agulha, "qty_milli": 2_000, "waste_bp": 1_000},
                   {"material_id": anest, "qty_milli": 1_000, "optional": true}]),
        )
        .await;
        let url = format!(
            "{BOMS}/{}/versions/1/simulation",
            bom["id"].as_str().unwrap()
        );
        let sim = call_ok(&api, "POST", &url, KEEPER, Some(json!({"quantity": 3}))).await;
        // 3 × 2,2 UN × R$ 0,55 = R$ 3,63.
        assert_eq!(sim["cost_cents"], 363, "{}: {sim}", api.engine());
        assert_eq!(sim["lines"][0]["qty_milli"], 6_600);
        let sim = call_ok(
            &api,
            "POST",
            &url,
            KEEPER,
            Some(json!({"quantity": 1, "optional_material_ids": [anest],
                        "changes": [{"material_id": agulha, "kind": "NOT_USED"}]})),
        )
        .await;
        assert_eq!(sim["cost_cents"], 200, "{sim}");
        assert_eq!(sim["lines"].as_array().unwrap().len(), 1);
        let (status, e) = api
            .call("POST", &url, KEEPER, Some(json!({"quantity": 0})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["quantity"]);
        let (status, _) = api
            .call(
                "POST",
                &format!(
                    "{BOMS}/{}/versions/9/simulation",
                    bom["id"].as_str().unwrap()
                ),
                KEEPER,
                Some(json!({"quantity": 1})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = api
            .call("POST", &url, CLINIC, Some(json!({"quantity": 1})))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let held: i64 = balances(&api, &agulha, &p.clinic)
            .await
            .iter()
            .map(|(_, q)| q)
            .sum();
        assert_eq!(held, 10_000, "a simulation posts nothing");
    }
}

#[tokio::test]
async fn a_version_published_at_a_future_date_takes_over_on_that_date() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let luva = simple_material(&api, "LUVA").await;
        post(
            &api,
            MANAGER,
            entry(&luva, &p.clinic, 100_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        let bom = published(
            &api,
            "PROC",
            None,
            json!([{"material_id": luva, "qty_milli": 2_000}]),
        )
        .await;
        let id = bom["id"].as_str().unwrap().to_string();
        // A published version never changes: edits make a new draft, one at a time.
        let (status, _) = api
            .call(
                "PUT",
                &format!("{BOMS}/{id}/versions/1"),
                MANAGER,
                Some(json!({"version": bom["versions"][0]["version"], "lines": []})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let bom = call_ok(
            &api,
            "POST",
            &format!("{BOMS}/{id}/versions"),
            MANAGER,
            None,
        )
        .await;
        let (status, _) = api
            .call("POST", &format!("{BOMS}/{id}/versions"), MANAGER, None)
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "one draft at a time");
        let draft = &bom["versions"][0];
        assert_eq!(
            (draft["number"].as_i64(), draft["status"].as_str()),
            (Some(2), Some("RASCUNHO"))
        );
        assert_eq!(
            draft["lines"][0]["qty_milli"], 2_000,
            "the draft copies the latest version"
        );
        let bom = call_ok(
            &api,
            "PUT",
            &format!("{BOMS}/{id}/versions/2"),
            MANAGER,
            Some(json!({"version": draft["version"], "note": "Mais luvas",
                        "lines": [{"material_id": luva, "qty_milli": 4_000}]})),
        )
        .await;
        // A stale version is refused.
        let (status, _) = api
            .call(
                "PUT",
                &format!("{BOMS}/{id}/versions/2"),
                MANAGER,
                Some(json!({"version": draft["version"], "lines": []})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        // No backdating.
        let (status, e) = api
            .call(
                "POST",
                &format!("{BOMS}/{id}/versions/2/publish"),
                MANAGER,
                Some(json!({"version": bom["versions"][0]["version"],
                            "effective_from": api.clock.now() - Duration::days(1)})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["vigencia"]);
        let later = api.clock.now() + Duration::days(10);
        let bom = publish(&api, &bom, 2, Some(later)).await;
        let (v2, v1) = (&bom["versions"][0], &bom["versions"][1]);
        assert_eq!(
            (
                v2["status"].as_str(),
                v2["in_force"].as_bool(),
                v2["scheduled"].as_bool()
            ),
            (Some("PUBLICADA"), Some(false), Some(true))
        );
        assert_eq!(
            (v1["status"].as_str(), v1["in_force"].as_bool()),
            (Some("PUBLICADA"), Some(true))
        );
        let list = call_ok(&api, "GET", BOMS, KEEPER, None).await;
        assert_eq!(list[0]["in_force"]["number"], 1);
        assert_eq!(list[0]["scheduled"]["number"], 2);
        let (_, out) = consume(&api, MANAGER, "AGD-1", "PROC", &p.clinic).await;
        assert_eq!(
            (
                out["bom_version"].as_i64(),
                out["movements"][0]["qty_milli"].as_i64()
            ),
            (Some(1), Some(2_000))
        );
        api.clock.advance(Duration::days(11));
        let bom = call_ok(&api, "GET", &format!("{BOMS}/{id}"), KEEPER, None).await;
        assert_eq!(bom["versions"][0]["in_force"], true);
        assert_eq!(bom["versions"][1]["status"], "SUBSTITUIDA");
        assert!(
            bom["history"].as_array().unwrap().len() >= 4,
            "{}",
            bom["history"]
        );
        let (_, out) = consume(&api, MANAGER, "AGD-2", "PROC", &p.clinic).await;
        assert_eq!(
            (
                out["bom_version"].as_i64(),
                out["movements"][0]["qty_milli"].as_i64()
            ),
            (Some(2), Some(4_000))
        );
        // A new draft published empty is refused.
        let bom = call_ok(
            &api,
            "POST",
            &format!("{BOMS}/{id}/versions"),
            MANAGER,
            None,
        )
        .await;
        let bom = call_ok(
            &api,
            "PUT",
            &format!("{BOMS}/{id}/versions/3"),
            MANAGER,
            Some(json!({"version": bom["versions"][0]["version"], "lines": []})),
        )
        .await;
        let (status, e) = api
            .call(
                "POST",
                &format!("{BOMS}/{id}/versions/3/publish"),
                MANAGER,
                Some(json!({"version": bom["versions"][0]["version"]})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["linhas"]);
    }
}

#[tokio::test]
async fn a_clinic_override_beats_the_global_bom_there_only() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let luva = simple_material(&api, "LUVA").await;
        let bom = published(
            &api,
            "PROC",
            None,
            json!([{"material_id": luva, "qty_milli": 2_000}]),
        )
        .await;
        // An override needs the global BOM first; without lines it copies the global version in force.
        let (status, e) = api
            .call(
                "POST",
                BOMS,
                MANAGER,
                Some(json!({"procedure_code": "OUTRO", "clinic_location_id": p.clinic})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        let (status, over) = api
            .call(
                "POST",
                BOMS,
                MANAGER,
                Some(json!({"procedure_code": "proc", "clinic_location_id": p.clinic})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{over}");
        assert_eq!(over["procedure_name"], bom["procedure_name"]);
        assert_eq!(over["clinic_location_id"], p.clinic.as_str());
        assert_eq!(over["versions"][0]["lines"][0]["qty_milli"], 2_000);
        let (status, _) = api
            .call(
                "POST",
                BOMS,
                MANAGER,
                Some(json!({"procedure_code": "PROC", "clinic_location_id": p.clinic})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "one override per clinic");
        let over = call_ok(
            &api,
            "PUT",
            &format!("{BOMS}/{}/versions/1", over["id"].as_str().unwrap()),
            MANAGER,
            Some(json!({"version": over["versions"][0]["version"],
                        "lines": [{"material_id": luva, "qty_milli": 5_000}]})),
        )
        .await;
        // Not yet published: the global version applies at the clinic too.
        let (_, out) = consume(&api, MANAGER, "AGD-0", "PROC", &p.clinic).await;
        assert_eq!(
            (
                out["clinic_override"].as_bool(),
                out["movements"][0]["qty_milli"].as_i64()
            ),
            (Some(false), Some(2_000))
        );
        publish(&api, &over, 1, None).await;
        let (_, out) = consume(&api, MANAGER, "AGD-1", "PROC", &p.clinic).await;
        assert_eq!(
            (
                out["clinic_override"].as_bool(),
                out["movements"][0]["qty_milli"].as_i64()
            ),
            (Some(true), Some(5_000))
        );
        assert_eq!(out["bom_id"], over["id"]);
        let (_, out) = consume(&api, MANAGER, "AGD-2", "PROC", &p.other_clinic).await;
        assert_eq!(
            (
                out["clinic_override"].as_bool(),
                out["movements"][0]["qty_milli"].as_i64()
            ),
            (Some(false), Some(2_000))
        );
        let list = call_ok(&api, "GET", BOMS, MANAGER, None).await;
        assert_eq!(list.as_array().unwrap().len(), 2);
        assert!(
            list[0]["clinic_location_id"].is_null(),
            "global first: {list}"
        );
        assert_eq!(list[1]["clinic_name"], "CLI-CENTRO");
        let only = call_ok(
            &api,
            "GET",
            &format!("{BOMS}?clinic_location_id=global"),
            MANAGER,
            None,
        )
        .await;
        assert_eq!(only.as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn the_diff_shows_two_versions_side_by_side() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let a = simple_material(&api, "A").await;
        let b = simple_material(&api, "B").await;
        let c = simple_material(&api, "C").await;
        let bom = published(
            &api,
            "PROC",
            None,
            json!([{"material_id": a, "qty_milli": 1_000}, {"material_id": b, "qty_milli": 1_000}]),
        )
        .await;
        let id = bom["id"].as_str().unwrap();
        let bom = call_ok(
            &api,
            "POST",
            &format!("{BOMS}/{id}/versions"),
            MANAGER,
            None,
        )
        .await;
        call_ok(
            &api,
            "PUT",
            &format!("{BOMS}/{id}/versions/2"),
            MANAGER,
            Some(json!({"version": bom["versions"][0]["version"],
                        "lines": [{"material_id": a, "qty_milli": 1_000, "waste_bp": 500},
                                  {"material_id": c, "qty_milli": 3_000, "optional": true}]})),
        )
        .await;
        let diff = call_ok(
            &api,
            "GET",
            &format!("{BOMS}/{id}/diff?de=1&para=2"),
            KEEPER,
            None,
        )
        .await;
        let got: Vec<(&str, &str)> = diff["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| (l["sku"].as_str().unwrap(), l["change"].as_str().unwrap()))
            .collect();
        assert_eq!(
            got,
            [("A", "ALTERADO"), ("B", "REMOVIDO"), ("C", "INCLUIDO")]
        );
        assert_eq!(diff["lines"][0]["left"]["waste_bp"], 0);
        assert_eq!(diff["lines"][0]["right"]["waste_bp"], 500);
        assert!(diff["lines"][1]["right"].is_null());
        let (status, e) = api
            .call(
                "GET",
                &format!("{BOMS}/{id}/diff?de=1&para=9"),
                KEEPER,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["para"]);
    }
}

#[tokio::test]
async fn a_csv_import_is_all_or_nothing_with_spreadsheet_line_numbers() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let a = simple_material(&api, "AGULHA-30G").await;
        simple_material(&api, "GAZE").await;
        let id = material(
            &api,
            json!({"sku": "GEL", "name": "Gel condutor", "base_uom": "ML"}),
        )
        .await["id"]
            .as_str()
            .unwrap()
            .to_string();
        call_ok(
            &api,
            "POST",
            &format!("{MATERIALS}/{id}/units"),
            MANAGER,
            Some(json!({"uom": "GT", "factor_num": 1, "factor_den": 20, "purpose": "DISPENSE"})),
        )
        .await;
        let (_, bom) = api
            .call(
                "POST",
                BOMS,
                MANAGER,
                Some(
                    json!({"procedure_code": "PROC", "procedure_name": "Procedimento",
                            "lines": [{"material_id": a, "qty_milli": 1_000}]}),
                ),
            )
            .await;
        let bom_id = bom["id"].as_str().unwrap();
        let bad = "sku;quantidade;unidade;perda_pct;opcional\nAGULHA-30G;2;UN;10;não\nNAO-EXISTE;1;;;\n\nGAZE;1;;150;\nGEL;0,001;GT;;\n";
        let (status, e) = api
            .call(
                "POST",
                &format!("{BOMS}/{bom_id}/import"),
                MANAGER,
                Some(json!({"csv": bad})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        let mut f = fields(&e);
        f.sort();
        assert_eq!(
            f,
            [
                "linhas[3].sku",
                "linhas[5].perda_pct",
                "linhas[6].quantidade"
            ],
            "{e}"
        );
        let (_, e) = api
            .call(
                "POST",
                &format!("{BOMS}/{bom_id}/import"),
                MANAGER,
                Some(json!({"csv": "AGULHA-30G;2\nGEL;0,001;GT\n"})),
            )
            .await;
        assert_eq!(fields(&e), ["linhas[2].quantidade"], "{e}");
        let unchanged = call_ok(&api, "GET", &format!("{BOMS}/{bom_id}"), MANAGER, None).await;
        assert_eq!(
            unchanged["versions"][0]["lines"].as_array().unwrap().len(),
            1,
            "nothing imported"
        );
        let good = "sku;quantidade;unidade;perda_pct;opcional\nagulha-30g;2;UN;10;não\nGAZE;1,5;;2,5%;sim\nGEL;3;GT;;\n";
        let bom = call_ok(
            &api,
            "POST",
            &format!("{BOMS}/{bom_id}/import"),
            MANAGER,
            Some(json!({"csv": good, "version": unchanged["versions"][0]["version"]})),
        )
        .await;
        let lines = bom["versions"][0]["lines"].as_array().unwrap();
        let got: Vec<(&str, i64, &str, i64, i64, bool)> = lines
            .iter()
            .map(|l| {
                (
                    l["sku"].as_str().unwrap(),
                    l["qty_milli"].as_i64().unwrap(),
                    l["uom"].as_str().unwrap(),
                    l["qty_base_milli"].as_i64().unwrap(),
                    l["waste_bp"].as_i64().unwrap(),
                    l["optional"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("AGULHA-30G", 2_000, "UN", 2_000, 1_000, false),
                ("GAZE", 1_500, "UN", 1_500, 250, true),
                ("GEL", 3_000, "GT", 150, 0, false)
            ]
        );
    }
}

#[tokio::test]
async fn boms_and_consumption_follow_the_access_table() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        assign(&api, CLINIC, &p.clinic).await;
        let luva = simple_material(&api, "LUVA").await;
        let bom = published(
            &api,
            "PROC",
            None,
            json!([{"material_id": luva, "qty_milli": 1_000}]),
        )
        .await;
        let id = bom["id"].as_str().unwrap();
        let body = json!({"procedure_code": "NOVO", "procedure_name": "Novo"});
        for token in [
            Some("PURCHASING_ASSISTANT"),
            Some("PURCHASING_MANAGER"),
            KEEPER,
            MANAGER,
            Some("FINANCIAL_MANAGER"),
            ADMIN,
        ] {
            for path in [
                BOMS.to_string(),
                format!("{BOMS}/{id}"),
                WITHOUT.to_string(),
                format!("{BOMS}/{id}/diff?de=1&para=1"),
            ] {
                let (status, out) = api.call("GET", &path, token, None).await;
                assert_eq!(status, StatusCode::OK, "{token:?} reads {path}: {out}");
            }
        }
        for token in [CLINIC, Some("FINANCIAL_ASSISTANT")] {
            let (status, _) = api.call("GET", BOMS, token, None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{token:?} may not read BOMs");
        }
        for token in [
            Some("PURCHASING_ASSISTANT"),
            Some("PURCHASING_MANAGER"),
            KEEPER,
            Some("FINANCIAL_MANAGER"),
            CLINIC,
        ] {
            let (status, _) = api.call("POST", BOMS, token, Some(body.clone())).await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{token:?} may not create a BOM"
            );
            let (status, _) = api
                .call("POST", &format!("{BOMS}/{id}/versions"), token, None)
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let (status, _) = api
                .call(
                    "POST",
                    &format!("{BOMS}/{id}/versions/1/publish"),
                    token,
                    Some(json!({"version": 1})),
                )
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let (status, _) = api
                .call(
                    "POST",
                    &format!("{BOMS}/{id}/import"),
                    token,
                    Some(json!({"csv": "LUVA;1"})),
                )
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN);
        }
        let (status, _) = api.call("POST", BOMS, ADMIN, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, _) = api
            .call("GET", &format!("{BOMS}/nao-existe"), KEEPER, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // Consumption: stock managers, administrators and clinic staff (their own clinics; another is 404).
        for token in [
            Some("PURCHASING_ASSISTANT"),
            Some("PURCHASING_MANAGER"),
            KEEPER,
            Some("FINANCIAL_MANAGER"),
        ] {
            let (status, _) = consume(&api, token, "AGD-X", "PROC", &p.clinic).await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{token:?} may not post consumption"
            );
        }
        let (status, out) = consume(&api, CLINIC, "AGD-1", "PROC", &p.clinic).await;
        assert_eq!(status, StatusCode::CREATED, "{out}");
        assert_eq!(out["cost_cents"], 0);
        let (status, _) = consume(&api, CLINIC, "AGD-2", "PROC", &p.other_clinic).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "another clinic is 404");
        let (status, _) = consume(&api, CLINIC, "AGD-3", "PROC", "nao-existe").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        for (i, token) in [MANAGER, ADMIN].into_iter().enumerate() {
            let (status, _) =
                consume(&api, token, &format!("AGD-M{i}"), "PROC", &p.other_clinic).await;
            assert_eq!(status, StatusCode::CREATED);
        }
    }
}
