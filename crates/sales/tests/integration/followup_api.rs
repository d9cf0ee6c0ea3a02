//! `/follow-up-pedidos` through the API on SQLite and PostgreSQL: the tracks a confirmation creates, their release
//! by finance's settlements (first installment or full payment, through the outbox, applied once), the SLA badge,
//! the steps with their 409/422, the reach per role and the sale concluded once paid and delivered.

use chrono::{TimeZone, Utc};
use finance::Finance;
use platform::clock::Clock;
use platform::jobs::{Consumer, JobOptions};
use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{self, d, person, World, CATALOG, MANAGER, OTHER_SELLER, SALES, SELLER};

const BOARD: &str = "/api/v1/sales/follow-up";

/// A product released only by the full payment: R$ 200,00.
async fn full_payment_product(w: &World) -> String {
    let body = json!({
        "sku": "KIT-CLAREADOR", "name": "Kit clareador", "kind": "produto",
        "list_price": 20000, "release_condition": "pagamento_total"
    });
    let (status, item) = w.call("POST", CATALOG, "ADMIN", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{item}");
    item["id"].as_str().unwrap().to_string()
}

/// Vera's sale of the procedure (first installment) and the kit (full payment), by boleto in 2 × R$ 600,00.
async fn sale(w: &World) -> Value {
    let kit = full_payment_product(w).await;
    let body = json!({
        "client_id": w.client,
        "items": [
            { "catalog_item_id": w.procedure, "quantity": 1, "discount_bp": 0 },
            { "catalog_item_id": kit, "quantity": 1, "discount_bp": 0 }
        ],
        "payment_method": "boleto", "installment_count": 2, "first_due_date": "2026-12-10"
    });
    let draft = w.draft(SELLER, body).await;
    let (status, sale) = w.confirm(SELLER, &draft).await;
    assert_eq!(status, StatusCode::OK, "{sale}");
    sale
}

fn installment(sale: &Value, i: usize) -> (String, i64) {
    let r = &sale["receivables"][i];
    (
        r["installment_id"].as_str().unwrap().to_string(),
        r["amount"].as_i64().unwrap(),
    )
}

/// Pays installment `i` in full and delivers the events.
async fn pay(w: &World, sale: &Value, i: usize) {
    let (id, amount) = installment(sale, i);
    w.receive(&id, amount).await;
    w.api.platform.jobs.run_until_idle().await.unwrap();
}

async fn tracks(w: &World, token: &str, sale: &Value) -> Vec<Value> {
    let path = format!("{SALES}/{}/follow-up", sale["id"].as_str().unwrap());
    let (status, body) = w.call("GET", &path, token, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array().unwrap().clone()
}

async fn board(w: &World, token: &str, query: &str) -> (StatusCode, Vec<Value>) {
    let (status, body) = w.call("GET", &format!("{BOARD}{query}"), token, None).await;
    let items = body["items"].as_array().cloned().unwrap_or_default();
    (status, items)
}

async fn step(
    w: &World,
    token: &str,
    track: &Value,
    action: &str,
    body: Value,
) -> (StatusCode, Value) {
    let mut body = body;
    body["version"] = track["version"].clone();
    let path = format!("{BOARD}/{}/{action}", track["id"].as_str().unwrap());
    w.call("POST", &path, token, Some(body)).await
}

async fn sale_status(w: &World, sale: &Value) -> String {
    let path = format!("{SALES}/{}", sale["id"].as_str().unwrap());
    let (_, read) = w.call("GET", &path, SELLER, None).await;
    read["status"].as_str().unwrap().to_string()
}

async fn unit(w: &World, code: &str) -> String {
    let draft = platform::units::UnitDraft {
        code: code.into(),
        name: format!("Unidade {code}"),
        city: Some("São Paulo".into()),
        state: Some("SP".into()),
        active: true,
    };
    platform::units::create(&w.api.db, draft, "uid-ADMIN", w.api.clock.now())
        .await
        .unwrap()
        .id
}

#[tokio::test]
async fn followup_tracks_wait_for_payment_and_are_released_by_their_items_condition() {
    for w in common::worlds().await {
        let sale = sale(&w).await;
        let t = tracks(&w, SELLER, &sale).await;
        let statuses: Vec<&str> = t.iter().map(|t| t["status"].as_str().unwrap()).collect();
        assert_eq!(statuses, ["aguardando_pagamento", "aguardando_pagamento"]);
        assert_eq!(
            (t[0]["kind"].clone(), t[1]["kind"].clone()),
            (json!("procedimento"), json!("produto"))
        );
        assert_eq!(t[0]["sla"], Value::Null, "no SLA before the release");

        pay(&w, &sale, 0).await;
        let t = tracks(&w, SELLER, &sale).await;
        assert_eq!(
            t[0]["status"],
            "a_agendar",
            "{}: the first installment releases the procedure",
            w.api.engine()
        );
        assert_eq!(
            t[0]["sla_due_on"], "2026-12-22",
            "15 days from Monday 07/12"
        );
        assert_eq!(t[0]["sla"], "no_prazo");
        assert_eq!(
            t[1]["status"], "aguardando_pagamento",
            "the kit waits for the full payment"
        );

        pay(&w, &sale, 1).await;
        let t = tracks(&w, SELLER, &sale).await;
        assert_eq!(t[1]["status"], "em_separacao");
        assert_eq!(
            t[1]["sla_due_on"], "2026-12-10",
            "3 business days from Monday 07/12"
        );
        assert_eq!(
            sale_status(&w, &sale).await,
            "confirmada",
            "paid, but nothing delivered yet"
        );
    }
}

#[tokio::test]
async fn followup_sla_is_on_time_then_due_on_the_last_day_then_late() {
    for w in common::worlds().await {
        let sale = sale(&w).await;
        pay(&w, &sale, 0).await;
        pay(&w, &sale, 1).await;
        let kit = |items: Vec<Value>| {
            items.into_iter().find(|t| t["kind"] == "produto").unwrap()["sla"].clone()
        };
        for (day, expected) in [(9, "no_prazo"), (10, "vencendo"), (11, "atrasado")] {
            w.api
                .clock
                .set(Utc.from_utc_datetime(&d(2026, 12, day).and_hms_opt(15, 0, 0).unwrap()));
            let (_, items) = board(&w, SELLER, "").await;
            assert_eq!(kit(items), expected, "{}: on {day}/12", w.api.engine());
        }
        let shipped = tracks(&w, SELLER, &sale).await[1].clone();
        let (status, shipped) = step(
            &w,
            SELLER,
            &shipped,
            "ship",
            json!({ "tracking_code": "BR1" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{shipped}");
        assert_eq!(
            shipped["sla"],
            Value::Null,
            "shipped late, but shipped: no badge"
        );
    }
}

#[tokio::test]
async fn followup_steps_go_one_forward_with_their_data_and_conclude_the_paid_sale() {
    for w in common::worlds().await {
        let sale = sale(&w).await;
        let t = tracks(&w, SELLER, &sale).await;
        let (status, body) =
            step(&w, SELLER, &t[1], "ship", json!({ "tracking_code": "BR1" })).await;
        assert_eq!(status, StatusCode::CONFLICT, "not released: {body}");
        assert_eq!(body["code"], "acompanhamento_nao_liberado");
        pay(&w, &sale, 0).await;
        pay(&w, &sale, 1).await;
        let t = tracks(&w, SELLER, &sale).await;
        let (procedure, kit) = (&t[0], &t[1]);

        let (status, body) = step(&w, SELLER, kit, "ship", json!({ "tracking_code": "  " })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(common::fields(&body), ["tracking_code"]);
        let (status, body) = step(&w, SELLER, kit, "deliver", json!({})).await;
        assert_eq!(
            (status, body["code"].clone()),
            (StatusCode::CONFLICT, json!("etapa_invalida"))
        );
        let mut stale = kit.clone();
        stale["version"] = json!(1);
        let (status, body) = step(
            &w,
            SELLER,
            &stale,
            "ship",
            json!({ "tracking_code": "BR1" }),
        )
        .await;
        assert_eq!(
            (status, body["code"].clone()),
            (StatusCode::CONFLICT, json!("versao_desatualizada"))
        );
        let (status, kit) = step(
            &w,
            SELLER,
            kit,
            "ship",
            json!({ "tracking_code": "BR123456789BR" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{kit}");
        assert_eq!(
            (kit["status"].clone(), kit["tracking_code"].clone()),
            (json!("enviado"), json!("BR123456789BR"))
        );
        let (status, kit) = step(&w, SELLER, &kit, "deliver", json!({})).await;
        assert_eq!(
            (status, kit["is_final"].clone()),
            (StatusCode::OK, json!(true))
        );

        let (status, body) = step(&w, SELLER, procedure, "perform", json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "not scheduled yet: {body}");
        let (status, body) = step(&w, SELLER, procedure, "schedule", json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            common::fields(&body),
            ["scheduled_on", "unit_id", "professional"]
        );
        let schedule = |unit: &str| json!({ "scheduled_on": "2026-12-18", "unit_id": unit, "professional": "Dra. Helena" });
        let (status, body) = step(&w, SELLER, procedure, "schedule", schedule("nenhuma")).await;
        assert_eq!(
            (status, common::fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["unit_id".to_string()]
            )
        );
        let paulista = unit(&w, "PAULISTA").await;
        let (status, procedure) =
            step(&w, SELLER, procedure, "schedule", schedule(&paulista)).await;
        assert_eq!(status, StatusCode::OK, "{procedure}");
        assert_eq!(
            (
                procedure["status"].clone(),
                procedure["scheduled_on"].clone()
            ),
            (json!("agendado"), json!("2026-12-18"))
        );
        assert_eq!(
            sale_status(&w, &sale).await,
            "confirmada",
            "the procedure is not performed yet"
        );
        let (status, procedure) = step(&w, SELLER, &procedure, "perform", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{procedure}");
        assert_eq!(
            sale_status(&w, &sale).await,
            "concluida",
            "{}: paid and all final",
            w.api.engine()
        );
        let (status, procedure) = step(&w, SELLER, &procedure, "return", json!({})).await;
        assert_eq!(
            (status, procedure["status"].clone()),
            (StatusCode::OK, json!("retorno"))
        );

        let path = format!("{BOARD}/{}/history", procedure["id"].as_str().unwrap());
        let (_, history) = w.call("GET", &path, SELLER, None).await;
        let actions: Vec<&str> = history["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions.len(),
            5,
            "created, released, scheduled, performed, returned: {actions:?}"
        );
    }
}

#[tokio::test]
async fn followup_settlement_delivered_twice_changes_nothing_and_a_reversal_holds_the_track_back() {
    for w in common::worlds().await {
        let sale = sale(&w).await;
        pay(&w, &sale, 0).await;
        let before = tracks(&w, SELLER, &sale).await;
        let event: String = platform::on_db!(&w.api.db, pool => sqlx::query_scalar(
            "SELECT id FROM platform_events WHERE kind = 'finance.receivable_settled'")
            .fetch_one(pool)
            .await)
        .unwrap();
        let jobs = &w.api.platform.jobs;
        jobs.enqueue_now(
            &Consumer::job_kind("sales.followup_liberar"),
            &event,
            JobOptions::default(),
        )
        .await
        .unwrap();
        jobs.run_until_idle().await.unwrap();
        assert_eq!(
            tracks(&w, SELLER, &sale).await,
            before,
            "{}",
            w.api.engine()
        );

        // The receipt reversed before the procedure was scheduled: back to awaiting payment.
        let (installment_id, _) = installment(&sale, 0);
        let finance = w.api.started.get::<Finance>().unwrap();
        let receipt = finance
            .receivables()
            .installment(&installment_id)
            .await
            .unwrap()
            .receipts[0]
            .id
            .clone();
        finance
            .receivables()
            .reverse_receipt(
                &installment_id,
                &receipt,
                Some("Cheque devolvido"),
                &person("ADMIN", Role::Admin),
            )
            .await
            .unwrap();
        jobs.run_until_idle().await.unwrap();
        let after = tracks(&w, SELLER, &sale).await;
        assert_eq!(after[0]["status"], "aguardando_pagamento");
        assert_eq!(after[0]["sla_due_on"], Value::Null);
    }
}

#[tokio::test]
async fn followup_board_reaches_per_role_filters_and_refuses_outside_reach() {
    for w in common::worlds().await {
        let sale = sale(&w).await;
        pay(&w, &sale, 0).await;
        let procedure = tracks(&w, SELLER, &sale).await[0].clone();
        let track_path = format!("{BOARD}/{}", procedure["id"].as_str().unwrap());
        // §6 sales/follow-up: salespeople (own) and managers (team) write, finance reads, administrators write;
        // legal and the other roles have no access.
        for role in Role::ALL {
            let token = role.as_str();
            let writes = matches!(
                token,
                "SALESPERSON" | "SALES_MANAGER" | "ADMIN" | "SUPER_ADMIN"
            );
            let reads = writes || matches!(token, "FINANCIAL_ASSISTANT" | "FINANCIAL_MANAGER");
            let (status, items) = board(&w, token, "").await;
            if !reads {
                assert_eq!(status, StatusCode::FORBIDDEN, "{token} board");
                continue;
            }
            assert_eq!((status, items.len()), (StatusCode::OK, 2), "{token}");
            let (status, _) = w.call("GET", &track_path, token, None).await;
            assert_eq!(status, StatusCode::OK, "{token} track");
            let path = format!("{track_path}/schedule");
            let (status, body) = w
                .call("POST", &path, token, Some(json!({ "version": 0 })))
                .await;
            let expected = if writes {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{token}: {body}");
        }
        let (status, items) = board(&w, OTHER_SELLER, "").await;
        assert_eq!(
            (status, items.len()),
            (StatusCode::OK, 0),
            "another salesperson's sale"
        );
        let (status, _) = w.call("GET", &track_path, OTHER_SELLER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = step(
            &w,
            OTHER_SELLER,
            &procedure,
            "ship",
            json!({ "tracking_code": "X" }),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        let (_, items) = board(&w, MANAGER, "?kind=produto").await;
        assert_eq!(items.len(), 1);
        let (_, items) = board(&w, MANAGER, "?status=a_agendar").await;
        assert_eq!(items.len(), 1);
        assert_eq!(items[0]["sale_number"], sale["number"]);
        assert_eq!(items[0]["client_name"], "Clínica Sorriso Ltda");
        let team = sale["team_id"].as_str().unwrap();
        let (_, items) = board(&w, "ADMIN", &format!("?team_id={team}")).await;
        assert_eq!(items.len(), 2);
        let (_, items) = board(&w, "ADMIN", "?team_id=outro").await;
        assert_eq!(items.len(), 0);
        let paulista = unit(&w, "PAULISTA").await;
        let (_, items) = board(&w, "ADMIN", &format!("?unit_id={paulista}")).await;
        assert_eq!(items.len(), 0, "nothing at the unit yet");
        let body = json!({ "scheduled_on": "2026-12-18", "unit_id": paulista, "professional": "Dra. Helena" });
        let (status, _) = step(&w, MANAGER, &procedure, "schedule", body).await;
        assert_eq!(status, StatusCode::OK, "the manager schedules for his team");
        let (_, items) = board(&w, "ADMIN", &format!("?unit_id={paulista}")).await;
        assert_eq!(items.len(), 1, "the procedure scheduled at the unit");
    }
}
