//! Materials, conversions, locations, policies and who may use them, on SQLite and PostgreSQL.

use crate::common;

use common::*;
use platform::clock::Clock;
use platform::context::Context;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::json;
use stock::Stock;

#[tokio::test]
async fn scenario_30_sku_unique_ignoring_case_and_base_unit_fixed_after_a_movement() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let luva = material(
            &api,
            json!({"sku": "luva-p", "name": "Luva P", "base_uom": "un"}),
        )
        .await;
        assert_eq!(
            (luva["sku"].as_str(), luva["base_uom"].as_str()),
            (Some("LUVA-P"), Some("UN"))
        );
        let (status, error) = api
            .call(
                "POST",
                MATERIALS,
                MANAGER,
                Some(json!({"sku": "LUVA-P", "name": "Outra", "base_uom": "UN"})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{error}");
        assert_eq!(fields(&error), ["sku"]);
        let id = luva["id"].as_str().unwrap();
        let path = format!("{MATERIALS}/{id}");
        // Before any movement the base unit may change.
        let (status, changed) = api
            .call(
                "PUT",
                &path,
                MANAGER,
                Some(json!({"sku": "LUVA-P", "name": "Luva P", "base_uom": "PAR"})),
            )
            .await;
        assert_eq!(
            (status, changed["base_uom"].as_str()),
            (StatusCode::OK, Some("PAR")),
            "{changed}"
        );
        post(
            &api,
            KEEPER,
            entry(id, &p.central, 1_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        let (status, error) = api
            .call(
                "PUT",
                &path,
                MANAGER,
                Some(json!({"sku": "LUVA-P", "name": "Luva P", "base_uom": "UN"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["base_uom"]);
        assert_eq!(
            error["fields"][0]["message"],
            "Unidade base não pode ser alterada após movimentações"
        );
        // Other fields still change.
        let (status, _) = api
            .call(
                "PUT",
                &path,
                MANAGER,
                Some(json!({"sku": "LUVA-P", "name": "Luva P (caixa)", "base_uom": "PAR"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn material_input_is_checked_naming_each_field() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let body = json!({"sku": "luva p", "name": "", "base_uom": "u1", "gtin": "7891000315508", "ncm": "4015"});
        let (status, error) = api.call("POST", MATERIALS, MANAGER, Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["sku", "name", "base_uom", "gtin", "ncm"]);
        let (status, error) = api
            .call(
                "POST",
                MATERIALS,
                MANAGER,
                Some(json!({"sku": "X", "name": "X", "base_uom": "UN", "gtin": null})),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "a null is refused: {error}"
        );
        let m = material(
            &api,
            json!({"sku": "SER-5", "name": "Seringa", "base_uom": "UN", "gtin": "7891000315507", "ncm": "9018.31.11",
                   "tracks_expiry": true}),
        )
        .await;
        assert_eq!(
            (m["ncm"].as_str(), m["tracks_lot"].as_bool()),
            (Some("90183111"), Some(true))
        );
        let units = format!("{MATERIALS}/{}/units", m["id"].as_str().unwrap());
        let (status, cx) = api
            .call(
                "POST",
                &units,
                MANAGER,
                Some(json!({"uom": "cx", "factor_num": 100, "purpose": "PURCHASE"})),
            )
            .await;
        assert_eq!(
            (status, cx["uom"].as_str()),
            (StatusCode::CREATED, Some("CX")),
            "{cx}"
        );
        let (status, error) = api
            .call(
                "POST",
                &units,
                MANAGER,
                Some(json!({"uom": "GT", "factor_num": 1, "factor_den": 3})),
            )
            .await;
        assert_eq!(
            (status, fields(&error)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["factor_den".to_string()]
            )
        );
        let (status, _) = api
            .call(
                "POST",
                &units,
                MANAGER,
                Some(json!({"uom": "CX", "factor_num": 50})),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "a conversion in use never changes"
        );
        let (_, list) = api.call("GET", &units, KEEPER, None).await;
        assert_eq!(list.as_array().unwrap().len(), 1);
        let (_, page) = api
            .call(
                "GET",
                &format!("{MATERIALS}?q=seringa"),
                Some("PURCHASING_ASSISTANT"),
                None,
            )
            .await;
        assert_eq!(page["items"].as_array().unwrap().len(), 1, "{page}");
        let (_, page) = api
            .call("GET", &format!("{MATERIALS}?q=luva"), ADMIN, None)
            .await;
        assert_eq!(page["items"].as_array().unwrap().len(), 0);
    }
}

#[tokio::test]
async fn a_unit_conversion_is_removed_only_while_no_bom_line_uses_it() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let id = simple_material(&api, "GEL-US").await;
        let units = format!("{MATERIALS}/{id}/units");
        for uom in ["FR", "GT"] {
            call_ok(
                &api,
                "POST",
                &units,
                MANAGER,
                Some(json!({"uom": uom, "factor_num": 1, "factor_den": 20, "purpose": "DISPENSE"})),
            )
            .await;
        }
        let (status, _) = api
            .call("DELETE", &format!("{units}/FR"), KEEPER, None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a keeper only reads units");
        let (status, _) = api
            .call("DELETE", &format!("{units}/fr"), MANAGER, None)
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{}", api.engine());
        let (status, _) = api
            .call("DELETE", &format!("{units}/FR"), MANAGER, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "already gone");
        // A draft BOM typed in GT keeps the conversion: a published version never changes.
        let (status, bom) = api
            .call(
                "POST",
                "/api/v1/stock/boms",
                MANAGER,
                Some(
                    json!({"procedure_code": "ULTRASSOM", "procedure_name": "Ultrassom",
                            "lines": [{"material_id": id, "qty_milli": 2_000, "uom": "GT"}]}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{bom}");
        let (status, error) = api
            .call("DELETE", &format!("{units}/GT"), MANAGER, None)
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["uom".to_string()]),
            "{error}"
        );
        assert!(error.to_string().contains("ULTRASSOM"), "{error}");
        let (_, list) = api.call("GET", &units, KEEPER, None).await;
        assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
        let (status, _) = api
            .call(
                "DELETE",
                &format!("{MATERIALS}/no-such-material/units/GT"),
                MANAGER,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn lots_show_their_expiry_situation_and_balance_per_location() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let id = material(
            &api,
            json!({"sku": "SORO-FIS", "name": "Soro fisiológico", "base_uom": "ML", "tracks_expiry": true,
                   "expiry_alert_days": 30}),
        )
        .await["id"]
            .as_str()
            .unwrap()
            .to_string();
        let today = platform::clock::business_date(api.clock.now());
        let day = |d: i64| (today + chrono::Duration::days(d)).to_string();
        for (lot, expiry, location) in [
            ("L-CURTO", day(10), &p.clinic),
            ("L-LONGO", day(200), &p.central),
            ("L-LONGO", day(200), &p.clinic),
        ] {
            post(
                &api,
                MANAGER,
                json!({"kind": "MISC_IN", "material_id": id, "location_id": location, "qty_milli": 5_000,
                       "lot_code": lot, "expiry_date": expiry, "unit_cost_micro": 10_000,
                       "reason": "Carga inicial do estoque"}),
                StatusCode::CREATED,
            )
            .await;
        }
        let lots_url = format!("{MATERIALS}/{id}/lots");
        let lots = call_ok(&api, "GET", &lots_url, KEEPER, None).await;
        let view: Vec<(String, String, i64, usize)> = lots
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["lot_code"].as_str().unwrap().to_string(),
                    l["status"].as_str().unwrap().to_string(),
                    l["qty_milli"].as_i64().unwrap(),
                    l["balances"].as_array().unwrap().len(),
                )
            })
            .collect();
        assert_eq!(
            view,
            vec![
                ("L-CURTO".into(), "EXPIRING".into(), 5_000, 1),
                ("L-LONGO".into(), "VALID".into(), 10_000, 2),
            ],
            "{}: {lots}",
            api.engine()
        );
        // Eleven days later the short lot is past its date.
        api.clock.advance(chrono::Duration::days(11));
        let lots = call_ok(&api, "GET", &lots_url, KEEPER, None).await;
        assert_eq!(lots[0]["status"], "EXPIRED", "{lots}");
        let (status, _) = api
            .call("GET", &format!("{MATERIALS}/nope/lots"), KEEPER, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn policies_keep_min_reorder_point_and_max_in_order() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "GAZE").await;
        let url = "/api/v1/stock/policies";
        let body = |min: i64, rp: i64, max: i64| {
            json!({"material_id": m, "location_id": p.clinic, "min_qty_milli": min, "reorder_point_milli": rp,
                   "max_qty_milli": max})
        };
        let (status, _) = api
            .call("PUT", url, MANAGER, Some(body(10_000, 20_000, 50_000)))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, error) = api
            .call("PUT", url, MANAGER, Some(body(10_000, 5_000, 50_000)))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["reorder_point_milli".into()]
            )
        );
        let (status, error) = api
            .call("PUT", url, MANAGER, Some(body(0, 60_000, 50_000)))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["max_qty_milli".into()]
            )
        );
        let loss = json!({"material_id": m, "location_id": "loc-loss", "min_qty_milli": 0, "reorder_point_milli": 0,
                          "max_qty_milli": 0});
        let (status, error) = api.call("PUT", url, MANAGER, Some(loss)).await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["location_id".into()])
        );
        let (_, list) = api
            .call("GET", &format!("{url}?material_id={m}"), KEEPER, None)
            .await;
        assert_eq!(list[0]["reorder_point_milli"], 20_000, "{list}");
        let (status, _) = api.call("PUT", url, KEEPER, Some(body(1, 2, 3))).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

/// §7: who may call each endpoint; a clinic's staff reach their clinics only, and another clinic's row is 404.
#[tokio::test]
async fn roles_per_endpoint_and_clinic_scope() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        let m = simple_material(&api, "ALC-70").await;
        let reads = [
            "/api/v1/stock/materials",
            "/api/v1/stock/categories",
            "/api/v1/stock/locations",
            "/api/v1/stock/movements",
            "/api/v1/stock/balances",
            "/api/v1/stock/policies",
        ];
        for url in reads {
            for role in [
                "PURCHASING_ASSISTANT",
                "PURCHASING_MANAGER",
                "STOCK_KEEPER",
                "STOCK_MANAGER",
                "CLINIC_STAFF",
                "FINANCIAL_MANAGER",
                "ADMIN",
                "SUPER_ADMIN",
            ] {
                let (status, body) = api.call("GET", url, Some(role), None).await;
                assert_eq!(status, StatusCode::OK, "{role} GET {url}: {body}");
            }
            for role in [
                "FINANCIAL_ASSISTANT",
                "SALESPERSON",
                "LEGAL_ASSISTANT",
                "NOROLE",
            ] {
                let (status, _) = api.call("GET", url, Some(role), None).await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{role} GET {url}");
            }
        }
        let new = json!({"sku": "NOVO", "name": "Novo", "base_uom": "UN"});
        for role in [
            "STOCK_KEEPER",
            "PURCHASING_MANAGER",
            "CLINIC_STAFF",
            "FINANCIAL_MANAGER",
        ] {
            let (status, _) = api
                .call("POST", MATERIALS, Some(role), Some(new.clone()))
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role} creates a material");
        }
        for role in [
            "PURCHASING_ASSISTANT",
            "PURCHASING_MANAGER",
            "CLINIC_STAFF",
            "FINANCIAL_MANAGER",
        ] {
            let (status, _) = api
                .call(
                    "POST",
                    MOVEMENTS,
                    Some(role),
                    Some(entry(&m, &p.central, 1, 1)),
                )
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role} posts an entry");
        }
        let adjustment = json!({"material_id": m, "location_id": p.central, "qty_milli": 1_000,
                                "reason": "Sobra encontrada na prateleira"});
        let (status, _) = api
            .call("POST", ADJUSTMENTS, KEEPER, Some(adjustment.clone()))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a keeper does not adjust");
        let (status, _) = api
            .call("POST", ADJUSTMENTS, MANAGER, Some(adjustment))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let assign = "/api/v1/stock/user-locations/uid-CLINIC_STAFF+hub";
        let (status, _) = api
            .call(
                "PUT",
                assign,
                MANAGER,
                Some(json!({"location_ids": [p.clinic]})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api
            .call(
                "PUT",
                assign,
                ADMIN,
                Some(json!({"location_ids": [p.central]})),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "only clinics are assigned"
        );
        let (status, _) = api
            .call(
                "PUT",
                assign,
                ADMIN,
                Some(json!({"location_ids": [p.clinic]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);

        let mine = post(
            &api,
            KEEPER,
            entry(&m, &p.clinic, 5_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        let theirs = post(
            &api,
            KEEPER,
            entry(&m, &p.other_clinic, 7_000, 1_000_000),
            StatusCode::CREATED,
        )
        .await;
        let (_, locations) = api.call("GET", LOCATIONS, CLINIC, None).await;
        let ids: Vec<&str> = locations
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, [p.clinic.as_str()]);
        let (_, page) = api.call("GET", MOVEMENTS, CLINIC, None).await;
        let ids: Vec<&str> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, [mine[0]["id"].as_str().unwrap()]);
        let (status, _) = api
            .call(
                "GET",
                &format!("{MOVEMENTS}/{}", mine[0]["id"].as_str().unwrap()),
                CLINIC,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = api
            .call(
                "GET",
                &format!("{MOVEMENTS}/{}", theirs[0]["id"].as_str().unwrap()),
                CLINIC,
                None,
            )
            .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "another clinic's row is 404, never 403"
        );
        let (status, _) = api
            .call(
                "GET",
                &format!("{MOVEMENTS}?location_id={}", p.other_clinic),
                CLINIC,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, balances) = api
            .call("GET", "/api/v1/stock/balances", CLINIC, None)
            .await;
        assert_eq!(balances.as_array().unwrap().len(), 1, "{balances}");
        let (status, _) = api.call("GET", MATERIALS, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn demo_data_is_loaded_once() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let mut demo = platform::context::Demo::default();
        api.context.seed_demo(&mut demo).await.unwrap();
        let again = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(again[0].contains("já existiam"), "{again:?}");
        // 300 detailed materials and 1,700 loaded in bulk with a year of movements, the projections kept.
        assert_eq!(api.context.registers().count().await.unwrap(), 2_000);
        assert!(api.context.ledger().check().await.unwrap().0.is_empty());
        assert!(api
            .context
            .ledger()
            .check_consumption()
            .await
            .unwrap()
            .0
            .is_empty());
        // Procedure BOMs: 3 global, Clínica Centro's override and one for each other procedure of the sales demo
        // catalog; one procedure finished without a BOM.
        assert_eq!(api.context.boms().list(None, None).await.unwrap().len(), 17);
        assert_eq!(api.context.boms().without_bom().await.unwrap().len(), 1);
    }
}

#[tokio::test]
async fn both_engines_have_the_same_tables() {
    platform::testing::assert_same_schema(&[Stock::migrations()]).await;
}
