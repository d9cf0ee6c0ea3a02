//! Dispatches on SQLite and PostgreSQL: the brief's scenarios 3–10 (§8) through the API as served.

use crate::common;

use chrono::Duration;
use common::*;
use platform::clock::Clock;
use platform::on_db;
use platform::testing::TestApi;
use platform::Context;
use poem::http::StatusCode;
use serde_json::{json, Value};
use stock::Stock;

const DISPATCHES: &str = "/api/v1/stock/dispatches";
/// A clinic's staff at Clínica Centro, and another at Clínica Sul (the uid is the token).
const REQUESTER: Option<&str> = Some("CLINIC_STAFF+hub+dispatch");
const SUL_STAFF: Option<&str> = Some("CLINIC_STAFF+dispatch+hub");
/// A Centro clinic user with both flags.
const BOTH: Option<&str> = Some("CLINIC_STAFF+hub+dispatch+approval");
/// An approver with no clinic assigned: approves for every clinic.
const APPROVER: Option<&str> = Some("STOCK_MANAGER+hub+dispatch+approval");
const HUB_KEEPER: Option<&str> = Some("STOCK_KEEPER+hub+dispatch");

struct Ctx {
    api: TestApi<Stock>,
    p: Places,
    luvas: String,
}

async fn assign(api: &TestApi<Stock>, token: Option<&str>, location: &str) {
    let uid = format!("uid-{}", token.unwrap());
    let (status, out) = api
        .call(
            "PUT",
            &format!("/api/v1/stock/user-locations/{uid}"),
            ADMIN,
            Some(json!({"location_ids": [location]})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{out}");
}

async fn contexts() -> Vec<Ctx> {
    let mut out = Vec::new();
    for api in TestApi::<Stock>::on_each_engine().await {
        let p = places(&api).await;
        assign(&api, REQUESTER, &p.clinic).await;
        assign(&api, BOTH, &p.clinic).await;
        assign(&api, SUL_STAFF, &p.other_clinic).await;
        let luvas = material(
            &api,
            json!({"sku": "LUVA-M", "name": "Luva de procedimento M", "base_uom": "CX",
                   "tracks_expiry": true}),
        )
        .await["id"]
            .as_str()
            .unwrap()
            .to_string();
        out.push(Ctx { api, p, luvas });
    }
    out
}

/// Puts `qty` thousandths of luvas in lot `lot` (expiring on `expiry`) at the central warehouse.
async fn stock_central(c: &Ctx, qty: i64, lot: &str, expiry: chrono::NaiveDate) {
    post(
        &c.api,
        KEEPER,
        json!({"kind": "MISC_IN", "material_id": c.luvas, "location_id": c.p.central, "qty_milli": qty,
               "unit_cost_micro": 50_000_000, "lot_code": lot, "expiry_date": expiry.to_string(),
               "reason": "Estoque inicial do depósito"}),
        StatusCode::CREATED,
    )
    .await;
}

async fn request(c: &Ctx, token: Option<&str>, clinic: &str, qty: i64) -> Value {
    let (status, d) = c
        .api
        .call(
            "POST",
            DISPATCHES,
            token,
            Some(json!({"clinic_location_id": clinic, "lines": [{"material_id": c.luvas, "qty_milli": qty}]})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{}: {d}", c.api.engine());
    d
}

async fn act(
    c: &Ctx,
    token: Option<&str>,
    id: &str,
    action: &str,
    body: Value,
) -> (StatusCode, Value) {
    c.api
        .call(
            "POST",
            &format!("{DISPATCHES}/{id}/{action}"),
            token,
            Some(body),
        )
        .await
}

async fn get(c: &Ctx, token: Option<&str>, id: &str) -> (StatusCode, Value) {
    c.api
        .call("GET", &format!("{DISPATCHES}/{id}"), token, None)
        .await
}

async fn notices(c: &Ctx) -> Vec<Value> {
    let rows: Vec<String> = on_db!(&c.api.db, pool => sqlx::query_scalar(
        "SELECT payload FROM platform_events WHERE kind = 'system.notify' ORDER BY created_at, id"
    ).fetch_all(pool).await)
    .unwrap();
    rows.iter()
        .map(|r| serde_json::from_str(r).unwrap())
        .collect()
}

async fn balance(c: &Ctx, location: &str) -> i64 {
    on_db!(&c.api.db, pool => sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(qty_milli), 0) AS BIGINT) FROM stock_balances WHERE material_id = $1 AND location_id = $2"
    ).bind(&c.luvas).bind(location).fetch_one(pool).await)
    .unwrap()
}

async fn approved(c: &Ctx, qty: i64) -> String {
    let d = request(c, REQUESTER, &c.p.clinic, 10_000).await;
    let id = d["id"].as_str().unwrap().to_string();
    let line = d["lines"][0]["id"].as_str().unwrap();
    let (status, out) = act(
        c,
        APPROVER,
        &id,
        "approve",
        json!({"lines": [{"line_id": line, "approved_qty_milli": qty}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{out}");
    id
}

#[tokio::test]
async fn scenario_3_a_request_is_solicitado_numbered_and_the_approvers_are_told() {
    for c in contexts().await {
        let d = request(&c, REQUESTER, &c.p.clinic, 10_000).await;
        assert_eq!(d["status"], "SOLICITADO");
        let number = d["number"].as_str().unwrap();
        assert!(number.starts_with("DSP-20"), "{number}");
        assert!(number.ends_with("-000001"), "{number}");
        assert_eq!(d["lines"][0]["requested_qty_milli"], 10_000);
        assert_eq!(d["history"][0]["to_state"], "SOLICITADO");
        let id = d["id"].as_str().unwrap();
        let told = notices(&c).await;
        assert_eq!(told.len(), 1, "{told:?}");
        assert_eq!(told[0]["holders_of"], "despachos_aprovar");
        assert_eq!(told[0]["url"], format!("/hub/despachos?id={id}"));
        assert_eq!(told[0]["except"][0], "uid-CLINIC_STAFF+hub+dispatch");
        // Only for one's own clinics, and only with the hub.
        let (status, e) = c
            .api
            .call(
                "POST",
                DISPATCHES,
                REQUESTER,
                Some(json!({"clinic_location_id": c.p.other_clinic,
                            "lines": [{"material_id": c.luvas, "qty_milli": 1000}]})),
            )
            .await;
        assert_eq!(
            (status, fields(&e)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["clinic_location_id".to_string()]
            )
        );
        let (status, _) = c
            .api
            .call("GET", DISPATCHES, Some("CLINIC_STAFF+dispatch"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // Without can_see_dispatch the server refuses (and, served by the server, audits) the call.
        let (status, _) = c.api.call("GET", DISPATCHES, CLINIC, None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn scenario_4_another_clinics_dispatch_is_not_found() {
    for c in contexts().await {
        let centro = request(&c, REQUESTER, &c.p.clinic, 10_000).await;
        let sul = request(&c, SUL_STAFF, &c.p.other_clinic, 2_000).await;
        let (status, _) = get(&c, REQUESTER, sul["id"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{}", c.api.engine());
        let (status, _) = get(&c, SUL_STAFF, centro["id"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = act(
            &c,
            SUL_STAFF,
            centro["id"].as_str().unwrap(),
            "receive",
            json!({"lines": []}),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, list) = c.api.call("GET", DISPATCHES, REQUESTER, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list["total"], 1);
        assert_eq!(list["items"][0]["id"], centro["id"]);
        // An approver without clinics sees both.
        let (_, queue) = c
            .api
            .call("GET", &format!("{DISPATCHES}/approvals"), APPROVER, None)
            .await;
        assert_eq!(queue.as_array().unwrap().len(), 2);
        // The hub shows one's own clinics only.
        let (status, hub) = c
            .api
            .call("GET", "/api/v1/stock/hub", REQUESTER, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{hub}");
        assert_eq!(hub["clinics"].as_array().unwrap().len(), 1);
        assert_eq!(hub["latest"][0]["id"], centro["id"]);
        let (status, _) = c
            .api
            .call(
                "GET",
                &format!("/api/v1/stock/hub?location_id={}", c.p.other_clinic),
                REQUESTER,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn scenario_5_a_rejection_needs_a_reason() {
    for c in contexts().await {
        let d = request(&c, REQUESTER, &c.p.clinic, 10_000).await;
        let id = d["id"].as_str().unwrap();
        let (status, e) = act(&c, APPROVER, id, "reject", json!({})).await;
        assert_eq!(
            (status, fields(&e)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["motivo".to_string()]),
            "{e}"
        );
        let (_, d) = get(&c, REQUESTER, id).await;
        assert_eq!(d["status"], "SOLICITADO");
        let (status, d) = act(
            &c,
            APPROVER,
            id,
            "reject",
            json!({"motivo": "Pedido duplicado da semana"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "REJEITADO");
        assert_eq!(d["rejection_reason"], "Pedido duplicado da semana");
        let told = notices(&c).await;
        let last = told.last().unwrap();
        assert_eq!(last["uids"][0], "uid-CLINIC_STAFF+hub+dispatch");
        assert!(last["body"].as_str().unwrap().contains("Pedido duplicado"));
    }
}

#[tokio::test]
async fn scenario_6_nobody_approves_their_own_request() {
    for c in contexts().await {
        let d = request(&c, BOTH, &c.p.clinic, 10_000).await;
        let id = d["id"].as_str().unwrap();
        let (status, e) = act(&c, BOTH, id, "approve", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
        assert_eq!(e["message"], "Você não pode aprovar a própria solicitação");
        let (status, _) = act(
            &c,
            BOTH,
            id,
            "reject",
            json!({"motivo": "Não precisamos mais disso"}),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // Without the approval flag: 403 before the handler.
        let (status, _) = act(&c, REQUESTER, id, "approve", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (_, d) = get(&c, BOTH, id).await;
        assert_eq!(d["status"], "SOLICITADO");
    }
}

#[tokio::test]
async fn scenario_7_a_partial_approval_tells_the_requester() {
    for c in contexts().await {
        let d = request(&c, REQUESTER, &c.p.clinic, 10_000).await;
        let id = d["id"].as_str().unwrap();
        let line = d["lines"][0]["id"].as_str().unwrap();
        let (status, e) = act(
            &c,
            APPROVER,
            id,
            "approve",
            json!({"lines": [{"line_id": line, "approved_qty_milli": 11_000}]}),
        )
        .await;
        assert_eq!(
            (status, fields(&e)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["lines[0].approved_qty_milli".to_string()]
            )
        );
        let (status, d) = act(
            &c,
            APPROVER,
            id,
            "approve",
            json!({"lines": [{"line_id": line, "approved_qty_milli": 6_000}]}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "APROVADO");
        assert_eq!(d["lines"][0]["approved_qty_milli"], 6_000);
        assert_eq!(d["approver_uid"], "uid-STOCK_MANAGER+hub+dispatch+approval");
        let told = notices(&c).await;
        let to_requester = told
            .iter()
            .find(|n| n["uids"][0] == "uid-CLINIC_STAFF+hub+dispatch")
            .expect("the requester is told");
        assert!(
            to_requester["title"]
                .as_str()
                .unwrap()
                .starts_with("Despacho aprovado parcialmente"),
            "{to_requester}"
        );
        assert!(told.iter().any(|n| n["holders_of"] == "despachos_separar"));
        let (status, _) = act(&c, APPROVER, id, "approve", json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "approved once");
    }
}

#[tokio::test]
async fn scenario_8_shipping_without_stock_posts_nothing() {
    for c in contexts().await {
        let today = c.api.clock.today();
        stock_central(&c, 4_000, "L-A", today + Duration::days(200)).await;
        let id = approved(&c, 6_000).await;
        // A keeper without the hub flags is refused before picking.
        let (status, _) = act(&c, KEEPER, &id, "start-picking", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, d) = act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "EM_SEPARACAO");
        let (status, e) = act(&c, HUB_KEEPER, &id, "ship", json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{e}");
        assert!(e["message"].as_str().unwrap().contains("LUVA-M"), "{e}");
        assert_eq!(fields(&e), vec!["lines[0]".to_string()]);
        let (_, d) = get(&c, HUB_KEEPER, &id).await;
        assert_eq!(d["status"], "EM_SEPARACAO");
        let n: i64 = on_db!(&c.api.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM stock_movements WHERE kind = 'DISPATCH_OUT'"
        ).fetch_one(pool).await)
        .unwrap();
        assert_eq!(n, 0);
        assert_eq!(balance(&c, &c.p.central).await, 4_000);
    }
}

#[tokio::test]
async fn scenario_9_an_expired_lot_is_not_picked() {
    for c in contexts().await {
        let today = c.api.clock.today();
        stock_central(&c, 10_000, "L1", today - Duration::days(1)).await;
        stock_central(&c, 10_000, "L2", today + Duration::days(90)).await;
        let id = approved(&c, 6_000).await;
        let (status, d) = act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        let suggested = &d["lines"][0]["suggested"];
        assert_eq!(
            suggested[0]["lot_code"], "L2",
            "FEFO skips the expired lot: {suggested}"
        );
        assert_eq!(suggested.as_array().unwrap().len(), 1);
        let l1: String = on_db!(&c.api.db, pool => sqlx::query_scalar(
            "SELECT id FROM stock_lots WHERE lot_code = 'L1'"
        ).fetch_one(pool).await)
        .unwrap();
        let line = d["lines"][0]["id"].as_str().unwrap();
        let (status, e) = c
            .api
            .call(
                "PUT",
                &format!("{DISPATCHES}/{id}/picks"),
                HUB_KEEPER,
                Some(json!({"picks": [{"line_id": line, "lots": [{"lot_id": l1, "qty_milli": 6_000}]}]})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["fields"][0]["field"], "picks[0].lots[0].lot_id");
        assert_eq!(e["fields"][0]["message"], "Lote vencido");
        let (status, d) = act(&c, HUB_KEEPER, &id, "ship", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["lines"][0]["picks"][0]["lot_code"], "L2");
    }
}

#[tokio::test]
async fn scenario_9_fefo_suggests_the_first_valid_expiry() {
    for c in contexts().await {
        let today = c.api.clock.today();
        stock_central(&c, 4_000, "L-TARDE", today + Duration::days(300)).await;
        stock_central(&c, 4_000, "L-CEDO", today + Duration::days(20)).await;
        let id = approved(&c, 6_000).await;
        let (_, d) = act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        let s = &d["lines"][0]["suggested"];
        assert_eq!(s[0]["lot_code"], "L-CEDO");
        assert_eq!(s[0]["qty_milli"], 4_000);
        assert_eq!(s[0]["expiring_soon"], true);
        assert_eq!(s[1]["lot_code"], "L-TARDE");
        assert_eq!(s[1]["qty_milli"], 2_000);
    }
}

#[tokio::test]
async fn scenario_10_a_shortage_on_receipt_stays_in_transit_until_resolved() {
    for c in contexts().await {
        let today = c.api.clock.today();
        stock_central(&c, 10_000, "L-OK", today + Duration::days(200)).await;
        let id = approved(&c, 6_000).await;
        act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        let (status, d) = act(
            &c,
            HUB_KEEPER,
            &id,
            "ship",
            json!({"carrier": "Motorista João"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "ENVIADO");
        assert_eq!(d["lines"][0]["shipped_qty_milli"], 6_000);
        assert_eq!(d["lines"][0]["in_transit_milli"], 6_000);
        assert_eq!(balance(&c, &c.p.central).await, 4_000);
        assert_eq!(balance(&c, "loc-in-transit").await, 6_000);
        let told = notices(&c).await;
        let shipped = told.last().unwrap();
        assert!(shipped["uids"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u == "uid-CLINIC_STAFF+hub+dispatch"));
        // The hub lists it to receive.
        let (_, hub) = c
            .api
            .call("GET", "/api/v1/stock/hub", REQUESTER, None)
            .await;
        assert_eq!(hub["to_receive"][0]["id"], id.as_str());
        let line = d["lines"][0]["id"].as_str().unwrap();
        let (status, e) = act(
            &c,
            REQUESTER,
            &id,
            "receive",
            json!({"lines": [{"line_id": line, "received_qty_milli": 5_000}]}),
        )
        .await;
        assert_eq!(
            (status, fields(&e)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["lines[0].motivo".to_string()]
            )
        );
        let (status, d) = act(
            &c,
            REQUESTER,
            &id,
            "receive",
            json!({"lines": [{"line_id": line, "received_qty_milli": 5_000, "motivo": "avaria"}]}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "RECEBIDO_COM_DIVERGENCIA");
        assert_eq!(d["lines"][0]["received_qty_milli"], 5_000);
        assert_eq!(d["lines"][0]["discrepancy_reason"], "avaria");
        assert_eq!(d["lines"][0]["in_transit_milli"], 1_000);
        assert_eq!(balance(&c, &c.p.clinic).await, 5_000);
        assert_eq!(balance(&c, "loc-in-transit").await, 1_000);
        // Only a stock manager resolves, with a reason.
        let (status, _) = act(
            &c,
            HUB_KEEPER,
            &id,
            "resolve",
            json!({"destination": "LOSS", "motivo": "Caixa avariada no transporte"}),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, e) = act(&c, APPROVER, &id, "resolve", json!({"destination": "LOSS"})).await;
        assert_eq!(
            (status, fields(&e)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["motivo".to_string()])
        );
        let (status, d) = act(
            &c,
            APPROVER,
            &id,
            "resolve",
            json!({"destination": "LOSS", "motivo": "Caixa avariada no transporte"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "ENCERRADO");
        assert_eq!(d["lines"][0]["in_transit_milli"], 0);
        assert_eq!(d["lines"][0]["resolved_qty_milli"], 1_000);
        assert_eq!(balance(&c, "loc-in-transit").await, 0);
        assert_eq!(balance(&c, "loc-loss").await, 1_000);
        let kinds: Vec<String> = on_db!(&c.api.db, pool => sqlx::query_scalar(
            "SELECT kind FROM stock_movements WHERE document_id = $1 ORDER BY id"
        ).bind(&id).fetch_all(pool).await)
        .unwrap();
        assert_eq!(
            kinds,
            ["DISPATCH_OUT", "DISPATCH_IN", "DISPATCH_RESOLUTION"]
        );
        let actions: Vec<&str> = d["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Solicitado",
                "Aprovado parcialmente",
                "Separação iniciada",
                "Enviado",
                "Recebido com divergência",
                "Divergência resolvida"
            ]
        );
        let drift = c.api.context.ledger().check().await.unwrap();
        assert!(drift.0.is_empty(), "{drift:?}");
    }
}

#[tokio::test]
async fn a_receipt_without_differences_is_recebido() {
    for c in contexts().await {
        let today = c.api.clock.today();
        stock_central(&c, 10_000, "L-OK", today + Duration::days(200)).await;
        let id = approved(&c, 10_000).await;
        act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        act(&c, HUB_KEEPER, &id, "ship", json!({})).await;
        let (status, d) = act(&c, REQUESTER, &id, "receive", json!({"lines": []})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "RECEBIDO");
        assert_eq!(balance(&c, &c.p.clinic).await, 10_000);
        let (status, _) = act(&c, REQUESTER, &id, "receive", json!({"lines": []})).await;
        assert_eq!(status, StatusCode::CONFLICT);
    }
}

#[tokio::test]
async fn demo_dispatches_reach_every_state_and_keep_the_ledger_in_step() {
    for api in TestApi::<Stock>::on_each_engine().await {
        let mut demo = platform::context::Demo::default();
        let lines = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            lines.iter().any(|l| l.starts_with("Despachos: 16")),
            "{lines:?}"
        );
        let states: Vec<String> = on_db!(&api.db, pool => sqlx::query_scalar(
            "SELECT DISTINCT status FROM stock_dispatches ORDER BY status"
        ).fetch_all(pool).await)
        .unwrap();
        assert_eq!(
            states,
            [
                "APROVADO",
                "EM_SEPARACAO",
                "ENCERRADO",
                "ENVIADO",
                "RECEBIDO",
                "RECEBIDO_COM_DIVERGENCIA",
                "REJEITADO",
                "SOLICITADO"
            ]
        );
        assert!(api.context.ledger().check().await.unwrap().0.is_empty());
        // The demo's consumption history is in the consumption projection, equal to its recomputation.
        assert!(api
            .context
            .ledger()
            .check_consumption()
            .await
            .unwrap()
            .0
            .is_empty());
        let consumed: i64 = platform::on_db!(&api.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM stock_consumption_daily").fetch_one(pool).await)
        .unwrap();
        assert!(consumed > 0, "{}", api.engine());
        let again = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            again
                .iter()
                .any(|l| l.contains("Despachos: dados de demonstração já existiam")),
            "{again:?}"
        );
    }
}

async fn picks_stored(c: &Ctx, id: &str) -> i64 {
    on_db!(&c.api.db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM stock_dispatch_picks p JOIN stock_dispatch_lines l ON l.id = p.line_id \
         WHERE l.dispatch_id = $1"
    ).bind(id).fetch_one(pool).await)
    .unwrap()
}

async fn movements_of(c: &Ctx, id: &str) -> i64 {
    on_db!(&c.api.db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM stock_movements WHERE document_id = $1"
    ).bind(id).fetch_one(pool).await)
    .unwrap()
}

#[tokio::test]
async fn a_draft_is_saved_without_telling_anyone_and_submitted_later_by_its_author() {
    for c in contexts().await {
        let (status, d) = c
            .api
            .call(
                "POST",
                DISPATCHES,
                REQUESTER,
                Some(json!({"clinic_location_id": c.p.clinic, "draft": true,
                            "lines": [{"material_id": c.luvas, "qty_milli": 3_000}]})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {d}", c.api.engine());
        assert_eq!(d["status"], "RASCUNHO");
        assert!(d["number"].as_str().unwrap().starts_with("DSP-20"));
        assert_eq!(d["history"][0]["action"], "Rascunho criado");
        assert!(notices(&c).await.is_empty(), "a draft tells nobody");
        let id = d["id"].as_str().unwrap();
        // Not in the approval queue; another clinic cannot see it; a colleague cannot submit it.
        let (_, queue) = c
            .api
            .call("GET", &format!("{DISPATCHES}/approvals"), APPROVER, None)
            .await;
        assert!(queue.as_array().unwrap().is_empty());
        let (status, _) = act(&c, SUL_STAFF, id, "submit", json!({})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, e) = act(&c, BOTH, id, "submit", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
        let (status, _) = act(&c, CLINIC, id, "submit", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "without can_see_dispatch");
        let (status, d) = act(&c, REQUESTER, id, "submit", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "SOLICITADO");
        assert_eq!(d["history"][1]["action"], "Solicitado");
        assert_eq!(d["history"][1]["from_state"], "RASCUNHO");
        let told = notices(&c).await;
        assert_eq!(told.len(), 1);
        assert_eq!(told[0]["holders_of"], "despachos_aprovar");
        let (status, _) = act(&c, REQUESTER, id, "submit", json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "submitted once");
    }
}

async fn edit(c: &Ctx, token: Option<&str>, id: &str, body: Value) -> (StatusCode, Value) {
    c.api
        .call("PUT", &format!("{DISPATCHES}/{id}"), token, Some(body))
        .await
}

#[tokio::test]
async fn a_draft_is_edited_by_its_author_until_submitted_naming_what_changed() {
    for c in contexts().await {
        let mascaras = material(
            &c.api,
            json!({"sku": "MASC-01", "name": "Máscara cirúrgica", "base_uom": "UN"}),
        )
        .await["id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, d) = c
            .api
            .call(
                "POST",
                DISPATCHES,
                REQUESTER,
                Some(json!({"clinic_location_id": c.p.clinic, "draft": true, "notes": "Primeira versão",
                            "lines": [{"material_id": c.luvas, "qty_milli": 3_000}]})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {d}", c.api.engine());
        let id = d["id"].as_str().unwrap();
        assert_eq!(d["version"], 1);
        let body = |version: i64| {
            json!({"version": version, "notes": "Segunda versão",
                   "lines": [{"material_id": c.luvas, "qty_milli": 5_000},
                             {"material_id": mascaras, "qty_milli": 2_000}]})
        };
        // Another clinic does not see it; a colleague of the same clinic may not edit it.
        let (status, _) = edit(&c, SUL_STAFF, id, body(1)).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, e) = edit(&c, BOTH, id, body(1)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{e}");
        let (status, _) = edit(&c, CLINIC, id, body(1)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "without can_see_dispatch");
        // Bad input names the field, in Portuguese; nothing changes.
        let (status, e) = edit(
            &c,
            REQUESTER,
            id,
            json!({"version": 1, "lines": [{"material_id": c.luvas, "qty_milli": 0},
                                           {"material_id": c.luvas, "qty_milli": 1_000}]}),
        )
        .await;
        assert_eq!(
            (status, fields(&e)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec![
                    "lines[0].qty_milli".to_string(),
                    "lines[1].material_id".to_string()
                ]
            ),
            "{e}"
        );
        assert_eq!(
            e["fields"][0]["message"],
            "Informe uma quantidade maior que zero."
        );
        let (status, e) = edit(&c, REQUESTER, id, json!({"version": 1, "lines": []})).await;
        assert_eq!(
            (status, fields(&e)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["lines".to_string()])
        );
        // A version other than the stored one: someone changed it first.
        let (status, e) = edit(&c, REQUESTER, id, body(7)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{e}");
        assert_eq!(e["code"], "registro_alterado");
        let (_, unchanged) = get(&c, REQUESTER, id).await;
        assert_eq!(unchanged["version"], 1);
        assert_eq!(unchanged["lines"].as_array().unwrap().len(), 1);

        let (status, d) = edit(&c, REQUESTER, id, body(1)).await;
        assert_eq!(status, StatusCode::OK, "{}: {d}", c.api.engine());
        assert_eq!(d["status"], "RASCUNHO");
        assert_eq!(d["version"], 2);
        assert_eq!(d["notes"], "Segunda versão");
        let lines: Vec<(String, i64, i64)> = d["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["sku"].as_str().unwrap().to_string(),
                    l["requested_qty_milli"].as_i64().unwrap(),
                    l["line_no"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            lines,
            vec![("LUVA-M".into(), 5_000, 1), ("MASC-01".into(), 2_000, 2)]
        );
        let entry = &d["history"][1];
        assert_eq!(entry["action"], "Rascunho editado");
        let changes: Vec<(String, Value, Value)> = entry["changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|ch| {
                (
                    ch["field"].as_str().unwrap().to_string(),
                    ch["from"].clone(),
                    ch["to"].clone(),
                )
            })
            .collect();
        assert_eq!(
            changes,
            vec![
                (
                    "observações".into(),
                    json!("Primeira versão"),
                    json!("Segunda versão")
                ),
                ("LUVA-M".into(), json!("3 CX"), json!("5 CX")),
                ("MASC-01".into(), Value::Null, json!("2 UN")),
            ],
            "{entry}"
        );
        assert!(notices(&c).await.is_empty(), "a draft still tells nobody");
        // The same edit again with the old version is refused; sent again unchanged, nothing is recorded.
        let (status, _) = edit(&c, REQUESTER, id, body(1)).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, d) = edit(&c, REQUESTER, id, body(2)).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(
            (
                d["version"].as_i64(),
                d["history"].as_array().unwrap().len()
            ),
            (Some(2), 2)
        );
        // A line removed and the notes cleared.
        let (status, d) = edit(
            &c,
            REQUESTER,
            id,
            json!({"version": 2, "lines": [{"material_id": mascaras, "qty_milli": 2_000}]}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert!(d["notes"].is_null(), "{d}");
        assert_eq!(d["history"][2]["changes"][1]["field"], "LUVA-M");
        assert!(d["history"][2]["changes"][1]["to"].is_null());
        // Submitted, it is no longer a draft: 409 naming the state.
        let (status, d) = act(&c, REQUESTER, id, "submit", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["lines"][0]["requested_qty_milli"], 2_000);
        let (status, e) = edit(&c, REQUESTER, id, body(d["version"].as_i64().unwrap())).await;
        assert_eq!(status, StatusCode::CONFLICT, "{e}");
        assert_eq!(e["code"], "estado_invalido");
        assert_eq!(
            e["message"],
            "Este despacho está solicitado e não pode ser editado. Recarregue a página."
        );
    }
}

#[tokio::test]
async fn a_dispatch_is_cancelled_where_the_state_table_allows_with_a_reason_releasing_its_picks() {
    for c in contexts().await {
        let today = c.api.clock.today();
        stock_central(&c, 10_000, "L-OK", today + Duration::days(200)).await;
        // SOLICITADO: only the requester, with a reason.
        let d = request(&c, REQUESTER, &c.p.clinic, 2_000).await;
        let id = d["id"].as_str().unwrap();
        let reason = json!({"motivo": "A clínica recebeu doação do mesmo material"});
        let (status, _) = act(&c, APPROVER, id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "not the requester");
        let (status, _) = act(&c, SUL_STAFF, id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "another clinic's");
        let (status, e) = act(&c, REQUESTER, id, "cancel", json!({"motivo": "curto"})).await;
        assert_eq!(
            (status, fields(&e)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["motivo".to_string()])
        );
        let (status, d) = act(&c, REQUESTER, id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "CANCELADO");
        assert_eq!(
            d["cancel_reason"],
            "A clínica recebeu doação do mesmo material"
        );
        let last = d["history"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(
            (&last["action"], &last["from_state"], &last["to_state"]),
            (
                &json!("Cancelado"),
                &json!("SOLICITADO"),
                &json!("CANCELADO")
            )
        );
        assert_eq!(last["reason"], "A clínica recebeu doação do mesmo material");
        let (status, _) = act(&c, REQUESTER, id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT, "cancelled once");
        // EM_SEPARACAO with lots picked: the approver (or a stock manager), not the requester; picks released.
        let id = approved(&c, 6_000).await;
        let (_, d) = act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        let line = d["lines"][0]["id"].as_str().unwrap();
        let lot = d["lines"][0]["suggested"][0]["lot_id"].as_str().unwrap();
        let (status, d) = c
            .api
            .call(
                "PUT",
                &format!("{DISPATCHES}/{id}/picks"),
                HUB_KEEPER,
                Some(json!({"picks": [{"line_id": line, "lots": [{"lot_id": lot, "qty_milli": 6_000}]}]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(picks_stored(&c, &id).await, 1);
        let (status, _) = act(&c, REQUESTER, &id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "approved: not the requester");
        let (status, _) = act(&c, HUB_KEEPER, &id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "nor the keeper");
        let (status, d) = act(&c, APPROVER, &id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "CANCELADO");
        assert_eq!(
            picks_stored(&c, &id).await,
            0,
            "the picked lots are released"
        );
        assert!(d["lines"][0]["suggested"].as_array().unwrap().is_empty());
        assert_eq!(movements_of(&c, &id).await, 0, "nothing was posted");
        assert_eq!(balance(&c, &c.p.central).await, 10_000);
        let last = notices(&c).await.pop().unwrap();
        assert_eq!(last["holders_of"], "despachos_separar", "{last}");
        assert!(last["title"].as_str().unwrap().ends_with("cancelado"));
        // Shipped: something is in transit, it is no longer cancelled.
        let id = approved(&c, 1_000).await;
        act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        let (status, _) = act(&c, HUB_KEEPER, &id, "ship", json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = act(&c, APPROVER, &id, "cancel", reason.clone()).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(c.api.context.ledger().check().await.unwrap().0.is_empty());
    }
}

#[tokio::test]
async fn a_short_pick_from_a_lot_chosen_by_hand_ships_what_was_picked_and_the_clinic_sees_the_shortfall(
) {
    for c in contexts().await {
        let today = c.api.clock.today();
        stock_central(&c, 3_000, "L-VENCIDO", today - Duration::days(2)).await;
        stock_central(&c, 5_000, "L-CEDO", today + Duration::days(40)).await;
        stock_central(&c, 4_000, "L-TARDE", today + Duration::days(300)).await;
        let id = approved(&c, 6_000).await;
        let (_, d) = act(&c, HUB_KEEPER, &id, "start-picking", json!({})).await;
        let l = &d["lines"][0];
        assert_eq!(l["suggested"][0]["lot_code"], "L-CEDO", "FEFO: {l}");
        // Every lot the central warehouse holds, first expiry first, the expired one flagged.
        let available: Vec<(&str, bool)> = l["available"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["lot_code"].as_str().unwrap(),
                    a["expired"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            available,
            [("L-VENCIDO", true), ("L-CEDO", false), ("L-TARDE", false)]
        );
        let line = l["id"].as_str().unwrap().to_string();
        let lot = |code: &str| {
            l["available"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["lot_code"] == code)
                .unwrap()["lot_id"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let picks = |lot_id: String, qty: i64, motivo: Option<&str>| {
            let mut pick = json!({"line_id": line, "lots": [{"lot_id": lot_id, "qty_milli": qty}]});
            if let Some(m) = motivo {
                pick["motivo"] = json!(m);
            }
            json!({ "picks": [pick] })
        };
        let put = |body: Value| {
            let path = format!("{DISPATCHES}/{id}/picks");
            let api = &c.api;
            async move { api.call("PUT", &path, HUB_KEEPER, Some(body)).await }
        };
        // The expired lot leaves only as loss.
        let (status, e) = put(picks(lot("L-VENCIDO"), 3_000, Some("Separado o que havia"))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["fields"][0]["message"], "Lote vencido");
        // The keeper chooses L-TARDE by hand; it holds 4 of the 6 approved: a short pick needs a reason.
        let (status, e) = put(picks(lot("L-TARDE"), 4_000, None)).await;
        assert_eq!(
            (status, fields(&e)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["picks[0].motivo".to_string()]
            ),
            "{e}"
        );
        let (status, e) = put(picks(lot("L-TARDE"), 7_000, None)).await;
        assert_eq!(
            (status, fields(&e)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["picks[0].lots".to_string()]
            )
        );
        let why = "Lote L-CEDO reservado para outra clínica";
        let (status, d) = put(picks(lot("L-TARDE"), 4_000, Some(why))).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["lines"][0]["short_pick_reason"], why);
        assert_eq!(d["lines"][0]["picks"][0]["lot_code"], "L-TARDE");
        assert_eq!(
            d["history"].as_array().unwrap().last().unwrap()["action"],
            "Separação parcial"
        );
        let (status, d) = act(&c, HUB_KEEPER, &id, "ship", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "ENVIADO");
        assert_eq!(d["lines"][0]["approved_qty_milli"], 6_000);
        assert_eq!(d["lines"][0]["shipped_qty_milli"], 4_000);
        assert_eq!(d["lines"][0]["in_transit_milli"], 4_000);
        let out: Vec<(String, i64)> = on_db!(&c.api.db, pool => sqlx::query_as(
            "SELECT l.lot_code, m.qty_milli FROM stock_movements m JOIN stock_lots l ON l.id = m.lot_id \
             WHERE m.document_id = $1 AND m.kind = 'DISPATCH_OUT'"
        ).bind(&id).fetch_all(pool).await)
        .unwrap();
        assert_eq!(
            out,
            [("L-TARDE".to_string(), 4_000)],
            "the lot chosen by hand"
        );
        // The clinic sees the shortfall and its reason, and is told.
        let (_, seen) = get(&c, REQUESTER, &id).await;
        assert_eq!(seen["lines"][0]["short_pick_reason"], why);
        assert_eq!(
            seen["history"].as_array().unwrap().last().unwrap()["action"],
            "Enviado parcialmente"
        );
        let shipped = notices(&c).await.pop().unwrap();
        assert!(
            shipped["title"]
                .as_str()
                .unwrap()
                .ends_with("enviado parcialmente"),
            "{shipped}"
        );
        // What was shipped arrives in full: RECEBIDO, judged against what was shipped.
        let (status, d) = act(&c, REQUESTER, &id, "receive", json!({"lines": []})).await;
        assert_eq!(status, StatusCode::OK, "{d}");
        assert_eq!(d["status"], "RECEBIDO");
        assert_eq!(balance(&c, &c.p.clinic).await, 4_000);
        assert!(c.api.context.ledger().check().await.unwrap().0.is_empty());
    }
}
