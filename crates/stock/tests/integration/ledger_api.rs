//! The ledger on SQLite and PostgreSQL: insert-only, reversals once, the projection, costing, lots.

use crate::common;

use common::*;
use platform::clock::Clock;
use platform::on_db;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::json;
use stock::domain::{MovementKind, NewMovement};
use stock::Stock;

#[tokio::test]
async fn the_ledger_refuses_update_and_delete() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "MAS-1").await;
        let rows = post(
            &api,
            KEEPER,
            entry(&m, &p.central, 10_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        let id = rows[0]["id"].as_str().unwrap().to_string();
        let update = on_db!(&api.db, pool => sqlx::query("UPDATE stock_movements SET qty_milli = 1 WHERE id = $1")
            .bind(&id).execute(pool).await.map(|_| ()));
        let error = update.expect_err("UPDATE must be refused").to_string();
        assert!(
            error.contains("somente inserção"),
            "{}: {error}",
            api.engine()
        );
        let delete = on_db!(&api.db, pool => sqlx::query("DELETE FROM stock_movements WHERE id = $1")
            .bind(&id).execute(pool).await.map(|_| ()));
        assert!(delete.is_err(), "DELETE must be refused");
        let n: i64 =
            on_db!(&api.db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM stock_movements")
            .fetch_one(pool).await)
            .unwrap();
        assert_eq!(n, 1);
    }
}

#[tokio::test]
async fn a_row_is_reversed_once_with_a_reason() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "TOU-1").await;
        let rows = post(
            &api,
            KEEPER,
            entry(&m, &p.central, 10_000, 1_500_000),
            StatusCode::CREATED,
        )
        .await;
        let id = rows[0]["id"].as_str().unwrap();
        let url = format!("{MOVEMENTS}/{id}/reverse");
        let (status, error) = api
            .call("POST", &url, MANAGER, Some(json!({"reason": "curto"})))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["reason".into()])
        );
        let (status, _) = api
            .call(
                "POST",
                &url,
                KEEPER,
                Some(json!({"reason": "Lançado em duplicidade"})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, rev) = api
            .call(
                "POST",
                &url,
                MANAGER,
                Some(json!({"reason": "Lançado em duplicidade"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{rev}");
        assert_eq!(
            (rev["kind"].as_str(), rev["reverses_id"].as_str()),
            (Some("REVERSAL"), Some(id))
        );
        assert_eq!(rev["from_location_id"].as_str(), Some(p.central.as_str()));
        assert_eq!(
            rev["unit_cost_micro"], 1_500_000,
            "the reversal keeps the row's cost snapshot"
        );
        let (status, error) = api
            .call(
                "POST",
                &url,
                MANAGER,
                Some(json!({"reason": "Lançado em duplicidade"})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{error}");
        let rev_url = format!("{MOVEMENTS}/{}/reverse", rev["id"].as_str().unwrap());
        let (status, _) = api
            .call(
                "POST",
                &rev_url,
                MANAGER,
                Some(json!({"reason": "Estorno do estorno"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let (_, read) = api
            .call("GET", &format!("{MOVEMENTS}/{id}"), KEEPER, None)
            .await;
        assert_eq!(read["reversed_by"], rev["id"]);
        // The unique constraint holds even past the service.
        let twice = on_db!(&api.db, pool => sqlx::query(
            "INSERT INTO stock_movements (id, kind, material_id, qty_milli, from_location_id, to_location_id, \
             unit_cost_micro, value_cents, occurred_at, posted_at, created_by, idempotency_key, reverses_id) \
             SELECT 'x', kind, material_id, qty_milli, from_location_id, to_location_id, unit_cost_micro, value_cents, \
             occurred_at, posted_at, created_by, 'x', reverses_id FROM stock_movements WHERE reverses_id = $1")
            .bind(id).execute(pool).await.map(|_| ()));
        assert!(
            twice.is_err(),
            "a second reversal row is refused by the database"
        );
        let (_, balances) = api
            .call(
                "GET",
                &format!("/api/v1/stock/balances?material_id={m}"),
                KEEPER,
                None,
            )
            .await;
        assert_eq!(balances.as_array().unwrap().len(), 0, "{balances}");
    }
}

#[tokio::test]
async fn scenario_11_weighted_average_and_cost_snapshots() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "LUVA-M").await;
        let keeper = platform::testing::principal("uid-keeper", "Estoquista");
        let ledger = api.context.ledger();
        let receipt = |location: &str, qty: i64, cost: i64| NewMovement {
            kind: MovementKind::PurchaseIn,
            material_id: m.clone(),
            location_id: location.to_string(),
            qty_milli: qty,
            lot_code: None,
            expiry_date: None,
            unit_cost_micro: Some(cost),
            reason: Some("Recebimento do pedido de compra".into()),
            idempotency_key: None,
        };
        let first = ledger
            .receive(receipt(&p.central, 100_000, 2_000_000), &keeper)
            .await
            .unwrap();
        // 50 UN at R$ 2,60 received at a clinic: the average is per material and company, over every location.
        let second = ledger
            .receive(receipt(&p.clinic, 50_000, 2_600_000), &keeper)
            .await
            .unwrap();
        let (_, material) = api
            .call("GET", &format!("{MATERIALS}/{m}"), KEEPER, None)
            .await;
        assert_eq!(material["avg_cost_micro"], 2_200_000, "R$ 2,20: {material}");
        assert_eq!(
            (first.rows[0].unit_cost_micro, first.rows[0].value_cents),
            (2_000_000, 20_000)
        );
        assert_eq!(
            (second.rows[0].unit_cost_micro, second.rows[0].value_cents),
            (2_600_000, 13_000)
        );
        // Other movements are valued at the average; the earlier rows keep their snapshots.
        let loss = json!({"kind": "LOSS_DAMAGE", "material_id": m, "location_id": p.central, "qty_milli": 10_000,
                          "reason": "Caixa molhada no depósito"});
        let out = post(&api, KEEPER, loss, StatusCode::CREATED).await;
        assert_eq!(
            (
                out[0]["unit_cost_micro"].as_i64(),
                out[0]["value_cents"].as_i64()
            ),
            (Some(2_200_000), Some(2_200))
        );
        let (_, page) = api
            .call("GET", &format!("{MOVEMENTS}?material_id={m}"), KEEPER, None)
            .await;
        let costs: Vec<i64> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["unit_cost_micro"].as_i64().unwrap())
            .collect();
        assert_eq!(costs, [2_200_000, 2_600_000, 2_000_000]);
        // An uncosted entry keeps the average.
        let free = json!({"kind": "MISC_IN", "material_id": m, "location_id": p.central, "qty_milli": 1_000,
                          "reason": "Amostra grátis do representante"});
        let out = post(&api, KEEPER, free, StatusCode::CREATED).await;
        assert_eq!(out[0]["unit_cost_micro"], 2_200_000);
        let (_, material) = api
            .call("GET", &format!("{MATERIALS}/{m}"), KEEPER, None)
            .await;
        assert_eq!(material["avg_cost_micro"], 2_200_000);
    }
}

#[tokio::test]
async fn lots_expiry_fefo_and_no_negative_balance() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = material(
            &api,
            json!({"sku": "ANE-1", "name": "Anestésico", "base_uom": "G", "tracks_expiry": true}),
        )
        .await;
        let m = m["id"].as_str().unwrap().to_string();
        let today = api.clock.today();
        let day = |d: i64| {
            (today + chrono::Duration::days(d))
                .format("%Y-%m-%d")
                .to_string()
        };
        let lot = |code: &str, expiry: &str, qty: i64| {
            json!({"kind": "MISC_IN", "material_id": m, "location_id": p.central, "qty_milli": qty, "lot_code": code,
                   "expiry_date": expiry, "reason": "Doação recebida de parceiro"})
        };
        let error = post(
            &api,
            KEEPER,
            json!({"kind": "MISC_IN", "material_id": m, "location_id": p.central,
            "qty_milli": 1_000, "lot_code": "SEM-DATA", "reason": "Doação recebida de parceiro"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(fields(&error), ["expiry_date"]);
        post(
            &api,
            KEEPER,
            lot("VENCIDO", &day(-1), 4_000),
            StatusCode::CREATED,
        )
        .await;
        post(
            &api,
            KEEPER,
            lot("L-CEDO", &day(30), 3_000),
            StatusCode::CREATED,
        )
        .await;
        post(
            &api,
            KEEPER,
            lot("L-TARDE", &day(300), 5_000),
            StatusCode::CREATED,
        )
        .await;
        let damage = |qty: i64, lot: Option<&str>| {
            let mut b = json!({"kind": "LOSS_DAMAGE", "material_id": m, "location_id": p.central, "qty_milli": qty,
                               "reason": "Frascos quebrados no transporte"});
            if let Some(lot) = lot {
                b["lot_code"] = json!(lot);
            }
            b
        };
        let error = post(
            &api,
            KEEPER,
            damage(1_000, Some("vencido")),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(error["fields"][0]["message"], "Lote vencido", "{error}");
        assert_eq!(fields(&error), ["lot_code"]);
        // FEFO over unexpired lots: 3 from the earliest, 1 from the next.
        let rows = post(&api, KEEPER, damage(4_000, None), StatusCode::CREATED).await;
        let picked: Vec<(String, i64)> = rows
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["lot_id"].as_str().unwrap().to_string(),
                    r["qty_milli"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            picked.iter().map(|p| p.1).collect::<Vec<_>>(),
            [3_000, 1_000]
        );
        // Only 4 left unexpired: 5 is short (409) and nothing moves.
        let error = post(&api, KEEPER, damage(5_000, None), StatusCode::CONFLICT).await;
        assert_eq!(error["code"], "saldo_insuficiente", "{error}");
        let expired = json!({"kind": "LOSS_EXPIRY", "material_id": m, "location_id": p.central, "qty_milli": 4_000,
                             "lot_code": "VENCIDO", "reason": "Descarte de lote vencido"});
        post(&api, KEEPER, expired, StatusCode::CREATED).await;
        let neg = json!({"material_id": m, "location_id": p.central, "qty_milli": -5_000, "lot_code": "L-TARDE",
                         "reason": "Contagem rápida encontrou menos"});
        let (status, error) = api.call("POST", ADJUSTMENTS, MANAGER, Some(neg)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{error}");
        let (_, balances) = api
            .call(
                "GET",
                &format!("/api/v1/stock/balances?material_id={m}"),
                KEEPER,
                None,
            )
            .await;
        let total: i64 = balances
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["qty_milli"].as_i64().unwrap())
            .sum();
        assert_eq!(total, 4_000, "{balances}");
    }
}

#[tokio::test]
async fn running_balance_and_idempotent_posting() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "CRE-1").await;
        let mut body = entry(&m, &p.central, 10_000, 1_000_000);
        body["idempotency_key"] = json!("nota-123");
        let first = post(&api, KEEPER, body.clone(), StatusCode::CREATED).await;
        let again = post(&api, KEEPER, body, StatusCode::OK).await;
        assert_eq!(first, again);
        post(
            &api,
            KEEPER,
            entry(&m, &p.clinic, 99_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        let loss = json!({"kind": "LOSS_DAMAGE", "material_id": m, "location_id": p.central, "qty_milli": 2_500,
                          "reason": "Embalagem violada na prateleira"});
        post(&api, KEEPER, loss, StatusCode::CREATED).await;
        let adj = json!({"material_id": m, "location_id": p.central, "qty_milli": 500, "reason": "Sobra encontrada na contagem"});
        let (status, _) = api.call("POST", ADJUSTMENTS, MANAGER, Some(adj)).await;
        assert_eq!(status, StatusCode::CREATED);
        let url = format!("{MOVEMENTS}?material_id={m}&location_id={}", p.central);
        let (_, page) = api.call("GET", &url, Some("FINANCIAL_MANAGER"), None).await;
        let running: Vec<i64> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["balance_after_milli"].as_i64().unwrap())
            .collect();
        assert_eq!(running, [8_000, 7_500, 10_000], "{page}");
        assert_eq!(page["balance_milli"], 8_000);
        // The second page continues from the first's balance.
        let (_, first_page) = api
            .call("GET", &format!("{url}&page_size=1"), KEEPER, None)
            .await;
        let before = first_page["next_before"].as_str().unwrap();
        let (_, next) = api
            .call(
                "GET",
                &format!("{url}&page_size=2&before={before}"),
                KEEPER,
                None,
            )
            .await;
        let running: Vec<i64> = next["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["balance_after_milli"].as_i64().unwrap())
            .collect();
        assert_eq!(running, [7_500, 10_000]);
        let (_, kinds) = api
            .call(
                "GET",
                &format!("{MOVEMENTS}?kind=MANUAL_ADJUSTMENT"),
                KEEPER,
                None,
            )
            .await;
        assert_eq!(kinds["items"].as_array().unwrap().len(), 1);
        let today = api.clock.today();
        let (_, none) = api
            .call(
                "GET",
                &format!("{MOVEMENTS}?to={}", today.pred_opt().unwrap()),
                KEEPER,
                None,
            )
            .await;
        assert_eq!(none["items"].as_array().unwrap().len(), 0);
    }
}

/// Postings and reversals in a pseudo-random order on both engines: the projection equals the ledger's sum
/// (`backoffice stock check` finds nothing); a tampered projection is found and rebuilt.
#[tokio::test]
async fn the_projection_equals_the_ledger_and_check_finds_drift() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let materials = [
            simple_material(&api, "A").await,
            simple_material(&api, "B").await,
        ];
        let locs = [p.central.clone(), p.clinic.clone(), p.other_clinic.clone()];
        let mut seed: u64 = 0x5eed;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut posted: Vec<String> = Vec::new();
        for _ in 0..40 {
            let m = &materials[next(2) as usize];
            let l = &locs[next(3) as usize];
            let qty = 1 + next(20_000) as i64;
            let (status, out) = match next(4) {
                0 | 1 => {
                    api.call(
                        "POST",
                        MOVEMENTS,
                        KEEPER,
                        Some(entry(m, l, qty, 1 + next(5_000_000) as i64)),
                    )
                    .await
                }
                2 => {
                    api.call(
                        "POST",
                        MOVEMENTS,
                        KEEPER,
                        Some(json!({"kind": "LOSS_DAMAGE", "material_id": m,
                        "location_id": l, "qty_milli": qty, "reason": "Perda aleatória do teste"})),
                    )
                    .await
                }
                _ => match posted.get(next(posted.len().max(1) as u64) as usize) {
                    Some(id) => {
                        api.call(
                            "POST",
                            &format!("{MOVEMENTS}/{id}/reverse"),
                            MANAGER,
                            Some(json!({"reason": "Estorno aleatório do teste"})),
                        )
                        .await
                    }
                    None => continue,
                },
            };
            assert!(
                status.is_success() || status == StatusCode::CONFLICT,
                "{status}: {out}"
            );
            if status == StatusCode::CREATED {
                if let Some(rows) = out.as_array() {
                    posted.extend(rows.iter().map(|r| r["id"].as_str().unwrap().to_string()));
                }
            }
        }
        let ledger = api.context.ledger();
        assert!(
            ledger.check().await.unwrap().0.is_empty(),
            "{}",
            api.engine()
        );
        on_db!(&api.db, pool => sqlx::query("UPDATE stock_balances SET qty_milli = qty_milli + 7 WHERE location_id = $1")
            .bind(&p.central).execute(pool).await.map(|_| ())).unwrap();
        let drift = ledger.check().await.unwrap();
        assert!(!drift.0.is_empty());
        assert!(drift.0.keys().all(|(_, loc, _)| loc == &p.central));
        ledger.rebuild_balances().await.unwrap();
        assert!(ledger.check().await.unwrap().0.is_empty());
    }
}
