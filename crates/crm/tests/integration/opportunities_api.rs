//! The funnel through the API, on both engines: new leads, the board's columns, drags, losses with a reason, the
//! win that only a sale gives, attribution to a marketing link (scenario 25), filters, and the scope rules (an
//! opportunity outside the caller's reach is 404).

use chrono::Duration;
use crm::Crm;
use platform::clock::Clock;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common;
use common::{call, fields, MANAGER, OTHER_SELLER, SELLER};

/// The APIs with the identity users the tokens sign in as, and a team "Centro" managed by the manager with the
/// salesperson as member. Returns each API with the team's id.
async fn apis() -> Vec<(TestApi<Crm>, String)> {
    let mut out = Vec::new();
    for api in TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>().await {
        common::add_people(&api).await;
        let today = api.clock.today().to_string();
        let team = common::team_centro(&api, &["uid-SALESPERSON"], &today).await;
        out.push((api, team));
    }
    out
}

fn lead(title: &str) -> Value {
    json!({
        "title": title,
        "contact_name": "Maria Souza",
        "contact_phone": "(11) 98765-4321",
        "expected_value_cents": 1_250_000,
        "source": "instagram",
    })
}

async fn create(api: &TestApi<Crm>, token: &str, body: Value) -> Value {
    let (status, created) = call(api, "POST", "/opportunities", token, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {created}", api.engine());
    created
}

fn column<'a>(board: &'a Value, stage: &str) -> &'a Value {
    board["columns"]
        .as_array()
        .unwrap_or_else(|| panic!("a board: {board}"))
        .iter()
        .find(|c| c["stage"]["id"] == stage)
        .unwrap_or_else(|| panic!("column {stage} in {board}"))
}

#[tokio::test]
async fn a_lead_moves_through_the_funnel_is_lost_with_a_reason_and_reopened() {
    for (api, team) in apis().await {
        let created = create(&api, SELLER, lead("Implante superior")).await;
        let id = created["id"].as_str().unwrap().to_string();
        assert_eq!(created["owner_id"], "uid-SALESPERSON");
        assert_eq!(created["owner_name"], "Vera Vendedora");
        assert_eq!(created["team_id"], team.as_str(), "the owner's team today");
        assert_eq!(created["stage_id"], "novo-lead");
        assert_eq!(created["contact_phone"], "11987654321");
        create(
            &api,
            SELLER,
            lead_with("Clareamento", json!({ "expected_value_cents": 50_000 })),
        )
        .await;

        let (_, board) = call(&api, "GET", "/opportunities/board", SELLER, None).await;
        let novo = column(&board, "novo-lead");
        assert_eq!(
            (novo["count"].clone(), novo["value_cents"].clone()),
            (json!(2), json!(1_300_000))
        );
        assert_eq!(novo["cards"].as_array().unwrap().len(), 2);
        assert_eq!(board["open_count"], 2);

        let path = format!("/opportunities/{id}");
        let (status, moved) = call(
            &api,
            "POST",
            &format!("{path}/move"),
            SELLER,
            Some(json!({ "stage_id": "em-contato", "version": 1 })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{moved}");
        assert_eq!(moved["stage_id"], "em-contato");
        // The version the user saw is gone: someone moved it.
        let (status, _) = call(
            &api,
            "POST",
            &format!("{path}/move"),
            SELLER,
            Some(json!({ "stage_id": "qualificado", "version": 1 })),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        // Won only through a sale; lost only with a reason.
        for terminal in ["ganho", "perdido"] {
            let (status, body) = call(
                &api,
                "POST",
                &format!("{path}/move"),
                SELLER,
                Some(json!({ "stage_id": terminal })),
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(fields(&body), ["stage_id"]);
        }
        let (status, body) = call(
            &api,
            "POST",
            &format!("{path}/lose"),
            SELLER,
            Some(json!({ "reason": "" })),
        )
        .await;
        assert_eq!(
            (status, fields(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["reason".to_string()])
        );
        let (status, body) = call(
            &api,
            "POST",
            &format!("{path}/lose"),
            SELLER,
            Some(json!({ "reason": "outro" })),
        )
        .await;
        assert_eq!(
            (status, fields(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["note".to_string()])
        );
        let (status, lost) = call(
            &api,
            "POST",
            &format!("{path}/lose"),
            SELLER,
            Some(json!({ "reason": "preco" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{lost}");
        assert_eq!(
            (lost["status"].clone(), lost["stage_id"].clone()),
            (json!("perdida"), json!("perdido"))
        );
        assert_eq!(lost["lost_reason_label"], "Preço");

        let (_, board) = call(&api, "GET", "/opportunities/board", SELLER, None).await;
        assert_eq!(column(&board, "perdido")["count"], 1);
        assert_eq!(column(&board, "novo-lead")["count"], 1);
        assert_eq!(board["open_value_cents"], 50_000);

        let (status, reopened) = call(
            &api,
            "POST",
            &format!("{path}/move"),
            SELLER,
            Some(json!({ "stage_id": "negociacao" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{reopened}");
        assert_eq!(reopened["status"], "aberta");
        assert!(reopened.get("lost_reason").is_none(), "{reopened}");

        let (_, history) = call(&api, "GET", &format!("{path}/history"), SELLER, None).await;
        let actions: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Oportunidade criada",
                "Etapa alterada",
                "Oportunidade perdida",
                "Oportunidade reaberta"
            ]
        );
    }
}

/// [`lead`] with some fields added or replaced.
fn lead_with(title: &str, extra: Value) -> Value {
    let mut body = lead(title);
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

#[tokio::test]
async fn a_lead_needs_a_client_or_a_contact_and_a_client_of_the_callers_portfolio() {
    for (api, _) in apis().await {
        let (status, body) = call(
            &api,
            "POST",
            "/opportunities",
            SELLER,
            Some(json!({ "title": "Sem ninguém", "source": "site" })),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(fields(&body), ["client_id"]);
        let (status, body) = call(&api, "POST", "/opportunities", SELLER,
            Some(json!({ "title": "Origem errada", "contact_name": "Ana", "contact_email": "ana@exemplo.com.br",
                         "source": "tv" }))).await;
        assert_eq!(
            (status, fields(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["source".to_string()])
        );

        // Another salesperson's client is out of reach: named as not found, never shown.
        let (status, client) = call(
            &api,
            "POST",
            "/clients",
            OTHER_SELLER,
            Some(json!({ "name": "Cliente do Otto", "document": "529.982.247-25" })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{client}");
        let client_id = client["id"].as_str().unwrap();
        let (status, body) = call(
            &api,
            "POST",
            "/opportunities",
            SELLER,
            Some(json!({ "title": "Roubada", "client_id": client_id, "source": "ativo" })),
        )
        .await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["client_id".to_string()]
            )
        );
        let mine = create(
            &api,
            OTHER_SELLER,
            json!({ "title": "Do Otto", "client_id": client_id, "source": "ativo" }),
        )
        .await;
        assert_eq!(mine["client_name"], "Cliente do Otto");
        assert!(mine.get("contact_name").is_none(), "{mine}");
    }
}

#[tokio::test]
async fn a_salesperson_reaches_their_own_opportunities_and_a_manager_their_teams() {
    for (api, team) in apis().await {
        let vera = create(&api, SELLER, lead("Da Vera")).await;
        let otto = create(&api, OTHER_SELLER, lead("Do Otto")).await;
        let vera_path = format!("/opportunities/{}", vera["id"].as_str().unwrap());
        let otto_path = format!("/opportunities/{}", otto["id"].as_str().unwrap());

        assert_eq!(
            call(&api, "GET", &otto_path, SELLER, None).await.0,
            StatusCode::NOT_FOUND
        );
        let (status, _) = call(
            &api,
            "POST",
            &format!("{otto_path}/lose"),
            SELLER,
            Some(json!({ "reason": "preco" })),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "no probing through a write either"
        );
        assert_eq!(
            call(&api, "GET", &vera_path, MANAGER, None).await.0,
            StatusCode::OK
        );
        assert_eq!(
            call(&api, "GET", &otto_path, MANAGER, None).await.0,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            call(&api, "GET", &otto_path, "ADMIN", None).await.0,
            StatusCode::OK
        );
        for role in ["LEGAL_ASSISTANT", "FINANCIAL_MANAGER"] {
            assert_eq!(
                call(&api, "GET", "/opportunities/board", role, None)
                    .await
                    .0,
                StatusCode::FORBIDDEN
            );
        }

        let count = |board: &Value| column(board, "novo-lead")["count"].clone();
        let (_, board) = call(&api, "GET", "/opportunities/board", SELLER, None).await;
        assert_eq!(count(&board), 1);
        let (_, board) = call(&api, "GET", "/opportunities/board", MANAGER, None).await;
        assert_eq!(count(&board), 1, "the team's only");
        let (_, board) = call(&api, "GET", "/opportunities/board", "ADMIN", None).await;
        assert_eq!(count(&board), 2);
        let (_, board) = call(
            &api,
            "GET",
            &format!("/opportunities/board?team_id={team}"),
            "ADMIN",
            None,
        )
        .await;
        assert_eq!(count(&board), 1);

        // Reassigning needs team scope over the new owner.
        let (status, body) = call(
            &api,
            "PATCH",
            &vera_path,
            MANAGER,
            Some(json!({ "owner_id": "uid-SALESPERSON+hub" })),
        )
        .await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["owner_id".to_string()]
            )
        );
        let (status, body) = call(
            &api,
            "PATCH",
            &vera_path,
            "ADMIN",
            Some(json!({ "owner_id": "uid-SALESPERSON+hub" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["owner_name"], "Otto Outro");
        assert!(body.get("team_id").is_none(), "Otto is in no team: {body}");
        assert_eq!(
            call(&api, "GET", &vera_path, SELLER, None).await.0,
            StatusCode::NOT_FOUND
        );
    }
}

#[tokio::test]
async fn the_board_filters_by_source_idle_days_search_and_period() {
    for (api, _) in apis().await {
        let old = create(&api, SELLER, lead("Lente de contato dental")).await;
        api.clock.advance(Duration::days(10));
        create(
            &api,
            SELLER,
            lead_with("Aparelho", json!({ "source": "google" })),
        )
        .await;
        let total = |board: &Value| board["open_count"].clone();

        let (_, board) = call(
            &api,
            "GET",
            "/opportunities/board?idle_days=7",
            SELLER,
            None,
        )
        .await;
        assert_eq!(total(&board), 1);
        assert_eq!(column(&board, "novo-lead")["cards"][0]["id"], old["id"]);
        assert_eq!(column(&board, "novo-lead")["cards"][0]["idle_days"], 10);
        let (_, board) = call(
            &api,
            "GET",
            "/opportunities/board?source=google",
            SELLER,
            None,
        )
        .await;
        assert_eq!(total(&board), 1);
        let (_, board) = call(&api, "GET", "/opportunities/board?q=LENTE", SELLER, None).await;
        assert_eq!(total(&board), 1);
        let today = api.clock.today();
        let (_, board) = call(
            &api,
            "GET",
            &format!("/opportunities/board?from={today}&to={today}"),
            SELLER,
            None,
        )
        .await;
        assert_eq!(total(&board), 1);
        let (status, body) =
            call(&api, "GET", "/opportunities/board?source=tv", SELLER, None).await;
        assert_eq!(
            (status, fields(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["source".to_string()])
        );

        // A move touches it: no longer idle.
        let path = format!("/opportunities/{}/move", old["id"].as_str().unwrap());
        call(
            &api,
            "POST",
            &path,
            SELLER,
            Some(json!({ "stage_id": "em-contato" })),
        )
        .await;
        let (_, board) = call(
            &api,
            "GET",
            "/opportunities/board?idle_days=7",
            SELLER,
            None,
        )
        .await;
        assert_eq!(total(&board), 0);

        // The list: one stage, newest in it first; the per-column page.
        let (_, page) = call(
            &api,
            "GET",
            "/opportunities?stage_id=novo-lead&sort=etapa",
            SELLER,
            None,
        )
        .await;
        assert_eq!(page["total"], 1);
        assert_eq!(page["items"][0]["title"], "Aparelho");
        let (_, page) = call(
            &api,
            "GET",
            "/opportunities/board?per_column=0",
            SELLER,
            None,
        )
        .await;
        assert_eq!(column(&page, "novo-lead")["has_more"], true);
    }
}

#[tokio::test]
async fn scenario_25_a_lead_keeps_the_link_it_came_through_and_changing_it_needs_a_reason() {
    for (api, _) in apis().await {
        let (status, link) = call(
            &api,
            "POST",
            "/links",
            MANAGER,
            Some(json!({
                "label": "Instagram BF",
                "destination_url": "https://wa.me/5511999990000",
                "utm_source": "instagram",
                "utm_medium": "social",
            })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{link}");
        let code = link["code"].as_str().unwrap();
        let created = create(
            &api,
            SELLER,
            lead_with("Veio do link", json!({ "link_code": code })),
        )
        .await;
        assert_eq!(created["marketing_link_id"], link["id"]);
        assert_eq!(created["marketing_link_code"], code);
        let (status, body) = call(
            &api,
            "POST",
            "/opportunities",
            SELLER,
            Some(lead_with("Link falso", json!({ "link_code": "zzzzzzz" }))),
        )
        .await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["link_code".to_string()]
            )
        );

        let path = format!("/opportunities/{}", created["id"].as_str().unwrap());
        let (status, body) = call(
            &api,
            "PATCH",
            &path,
            SELLER,
            Some(json!({ "marketing_link_id": null })),
        )
        .await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["attribution_reason".to_string()]
            )
        );
        let (_, still) = call(&api, "GET", &path, SELLER, None).await;
        assert_eq!(still["marketing_link_id"], link["id"], "nothing changed");

        // The link's report counts its leads.
        let (_, links) = call(&api, "GET", "/links", MANAGER, None).await;
        let listed = links["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["id"] == link["id"])
            .unwrap()
            .clone();
        assert_eq!(listed["leads"], 1);

        let (status, body) = call(
            &api,
            "PATCH",
            &path,
            SELLER,
            Some(json!({
                "marketing_link_id": null,
                "attribution_reason": "Cliente disse que veio por indicação da irmã",
            })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(body.get("marketing_link_id").is_none());
        let (_, history) = call(&api, "GET", &format!("{path}/history"), SELLER, None).await;
        let last = history.as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["action"], "Atribuição alterada");
        assert_eq!(
            last["reason"],
            "Cliente disse que veio por indicação da irmã"
        );
    }
}

#[tokio::test]
async fn an_opportunity_is_won_only_by_its_confirmed_sale() {
    for (api, _) in apis().await {
        let created = create(&api, SELLER, lead("Protocolo completo")).await;
        let id = created["id"].as_str().unwrap();
        let seller = platform::testing::principal("uid-SALESPERSON", "Vera Vendedora");
        let won = api
            .context
            .opportunities()
            .mark_won(&seller, id, "venda-1")
            .await
            .unwrap();
        assert_eq!(won.status.as_str(), "ganha");
        // The same sale again changes nothing; another sale is refused.
        assert!(api
            .context
            .opportunities()
            .mark_won(&seller, id, "venda-1")
            .await
            .is_ok());
        assert!(api
            .context
            .opportunities()
            .mark_won(&seller, id, "venda-2")
            .await
            .is_err());

        let path = format!("/opportunities/{id}");
        let (_, got) = call(&api, "GET", &path, SELLER, None).await;
        assert_eq!(
            (got["stage_id"].clone(), got["won_sale_id"].clone()),
            (json!("ganho"), json!("venda-1"))
        );
        for (action, body) in [
            ("move", json!({ "stage_id": "negociacao" })),
            ("lose", json!({ "reason": "preco" })),
        ] {
            let (status, _) = call(
                &api,
                "POST",
                &format!("{path}/{action}"),
                SELLER,
                Some(body),
            )
            .await;
            assert_eq!(status, StatusCode::CONFLICT, "{action}");
        }
        let (_, board) = call(&api, "GET", "/opportunities/board", SELLER, None).await;
        assert_eq!(column(&board, "ganho")["count"], 1);
        assert_eq!(board["open_count"], 0);
    }
}

#[tokio::test]
async fn a_done_activity_touches_its_opportunity_and_an_activity_names_only_a_reachable_one() {
    for (api, _) in apis().await {
        let idle = create(&api, SELLER, lead("Parada há semanas")).await;
        let otto = create(&api, OTHER_SELLER, lead("Do Otto")).await;
        api.clock.advance(Duration::days(20));
        let due = api.clock.now().to_rfc3339();
        let (status, body) = call(
            &api,
            "POST",
            "/activities",
            SELLER,
            Some(json!({
                "kind": "ligacao", "subject": "Ligar", "due_at": due, "opportunity_id": otto["id"],
            })),
        )
        .await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["opportunity_id".to_string()]
            )
        );
        let (status, activity) = call(
            &api,
            "POST",
            "/activities",
            SELLER,
            Some(json!({
                "kind": "ligacao", "subject": "Ligar", "due_at": due, "opportunity_id": idle["id"],
            })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{activity}");

        let idle_count = |board: &Value| board["open_count"].clone();
        let (_, board) = call(
            &api,
            "GET",
            "/opportunities/board?idle_days=7",
            SELLER,
            None,
        )
        .await;
        assert_eq!(idle_count(&board), 1, "a scheduled call is not a touch");
        let path = format!("/activities/{}/complete", activity["id"].as_str().unwrap());
        let (status, body) = call(
            &api,
            "POST",
            &path,
            SELLER,
            Some(json!({ "outcome": "atendeu" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, board) = call(
            &api,
            "GET",
            "/opportunities/board?idle_days=7",
            SELLER,
            None,
        )
        .await;
        assert_eq!(idle_count(&board), 0, "the call was made: no longer idle");
    }
}

#[tokio::test]
async fn the_terminal_columns_show_a_window_that_their_next_pages_keep_and_the_list_by_status_does_not(
) {
    for (api, _) in apis().await {
        let lose = |id: String| {
            let api = &api;
            async move {
                let (status, body) = call(
                    api,
                    "POST",
                    &format!("/opportunities/{id}/lose"),
                    SELLER,
                    Some(json!({ "reason": "preco" })),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        };
        for title in ["Antiga 1", "Antiga 2"] {
            let id = create(&api, SELLER, lead(title)).await["id"]
                .as_str()
                .unwrap()
                .to_string();
            lose(id).await;
            api.clock.advance(Duration::minutes(1));
        }
        api.clock.advance(Duration::days(31));
        let recent = create(&api, SELLER, lead("Recente")).await["id"]
            .as_str()
            .unwrap()
            .to_string();
        lose(recent).await;
        create(&api, SELLER, lead("Aberta")).await;

        let (_, board) = call(&api, "GET", "/opportunities/board", SELLER, None).await;
        let lost = column(&board, "perdido");
        assert_eq!(
            (lost["count"].clone(), lost["value_cents"].clone()),
            (json!(1), json!(1_250_000)),
            "{board}"
        );
        assert_eq!(lost["cards"][0]["title"], "Recente");
        assert_eq!(column(&board, "novo-lead")["count"], 1);
        let (_, wide) = call(
            &api,
            "GET",
            "/opportunities/board?closed_days=60",
            SELLER,
            None,
        )
        .await;
        assert_eq!(column(&wide, "perdido")["count"], 3, "{wide}");

        let titles = |page: &Value| -> Vec<String> {
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["title"].as_str().unwrap().to_string())
                .collect()
        };
        let (_, next) = call(
            &api,
            "GET",
            "/opportunities?stage_id=perdido&sort=etapa",
            SELLER,
            None,
        )
        .await;
        assert_eq!(titles(&next), ["Recente"], "{next}");
        let (_, all_lost) = call(
            &api,
            "GET",
            "/opportunities?status=perdida&sort=etapa",
            SELLER,
            None,
        )
        .await;
        assert_eq!(
            titles(&all_lost),
            ["Recente", "Antiga 2", "Antiga 1"],
            "{all_lost}"
        );
        let (_, open) = call(
            &api,
            "GET",
            "/opportunities?stage_id=novo-lead",
            SELLER,
            None,
        )
        .await;
        assert_eq!(titles(&open), ["Aberta"]);
        let (status, unknown) =
            call(&api, "GET", "/opportunities?stage_id=nenhuma", SELLER, None).await;
        assert_eq!(
            (status, unknown["total"].clone()),
            (StatusCode::OK, json!(0))
        );
    }
}

/// The client's *Oportunidades* tab reads the list by `client_id`: open and closed ones, each caller seeing only
/// those of their scope (a salesperson their own, a manager their team's, an administrator all).
#[tokio::test]
async fn the_list_by_client_shows_its_open_and_closed_opportunities_within_each_callers_scope() {
    for (api, _) in apis().await {
        let (status, client) = call(
            &api,
            "POST",
            "/clients",
            "ADMIN",
            Some(json!({ "name": "Clínica Sorriso", "document": "529.982.247-25" })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{client}");
        let client_id = client["id"].as_str().unwrap();
        let of = |title: &str, owner: &str| {
            json!({ "title": title, "client_id": client_id, "source": "indicacao",
                    "expected_value_cents": 300_000, "owner_id": owner })
        };
        let vera = create(&api, "ADMIN", of("Clareamento", "uid-SALESPERSON")).await;
        let otto = create(&api, "ADMIN", of("Lentes", "uid-SALESPERSON+hub")).await;
        create(&api, SELLER, lead("De outro contato")).await;
        let (status, lost) = call(
            &api,
            "POST",
            &format!("/opportunities/{}/lose", vera["id"].as_str().unwrap()),
            SELLER,
            Some(json!({ "reason": "preco" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{lost}");

        let path = format!("/opportunities?client_id={client_id}");
        let titles = |page: &Value| -> Vec<String> {
            let mut t: Vec<String> = page["items"]
                .as_array()
                .unwrap_or_else(|| panic!("a page: {page}"))
                .iter()
                .map(|o| o["title"].as_str().unwrap().to_string())
                .collect();
            t.sort();
            t
        };
        let (status, page) = call(&api, "GET", &path, SELLER, None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(titles(&page), ["Clareamento"], "{}", api.engine());
        assert_eq!(page["items"][0]["status"], "perdida");
        assert_eq!(page["items"][0]["lost_reason"], "preco");
        let (_, page) = call(&api, "GET", &path, OTHER_SELLER, None).await;
        assert_eq!(titles(&page), ["Lentes"]);
        assert_eq!(page["items"][0]["id"], otto["id"]);
        let (_, page) = call(&api, "GET", &path, MANAGER, None).await;
        assert_eq!(titles(&page), ["Clareamento"], "the team's only");
        let (_, page) = call(&api, "GET", &path, "ADMIN", None).await;
        assert_eq!(titles(&page), ["Clareamento", "Lentes"]);
        let (_, page) = call(
            &api,
            "GET",
            "/opportunities?client_id=nao-existe",
            "ADMIN",
            None,
        )
        .await;
        assert_eq!(titles(&page), Vec::<String>::new());
        for role in ["LEGAL_ASSISTANT", "FINANCIAL_MANAGER"] {
            assert_eq!(
                call(&api, "GET", &path, role, None).await.0,
                StatusCode::FORBIDDEN
            );
        }
    }
}

/// The column counts and values come from a projection kept by database triggers when the board is filtered only
/// by whose the opportunities are; any other filter groups the opportunities themselves. After creations, drags,
/// value and owner changes, a team cleared, losses and a reopening, both ways agree for every role (a `from` far in
/// the past matches everything but forces the grouping).
#[tokio::test]
async fn the_boards_column_totals_kept_by_triggers_equal_the_opportunities_grouped() {
    for (api, team) in apis().await {
        let mut ids = Vec::new();
        for (n, owner) in [SELLER, OTHER_SELLER, SELLER, SELLER, OTHER_SELLER, SELLER]
            .iter()
            .enumerate()
        {
            let value = 10_000 * (n as i64 + 1);
            let created = create(
                &api,
                owner,
                lead_with(
                    &format!("Oportunidade {n}"),
                    json!({ "expected_value_cents": value }),
                ),
            )
            .await;
            ids.push((created["id"].as_str().unwrap().to_string(), *owner));
        }
        let act = |path: String, body: Value, owner: &'static str| {
            let api = &api;
            async move {
                let (status, body) = call(
                    api,
                    if path.ends_with("move") || path.ends_with("lose") {
                        "POST"
                    } else {
                        "PATCH"
                    },
                    &path,
                    owner,
                    Some(body),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{} {path}: {body}", api.engine());
            }
        };
        let (a, b, c, d, e) = (&ids[0], &ids[1], &ids[2], &ids[3], &ids[4]);
        act(
            format!("/opportunities/{}/move", a.0),
            json!({ "stage_id": "em-contato" }),
            a.1,
        )
        .await;
        act(
            format!("/opportunities/{}/move", b.0),
            json!({ "stage_id": "qualificado" }),
            b.1,
        )
        .await;
        act(
            format!("/opportunities/{}", c.0),
            json!({ "expected_value_cents": 777_700 }),
            "ADMIN",
        )
        .await;
        act(
            format!("/opportunities/{}", d.0),
            json!({ "team_id": null }),
            "ADMIN",
        )
        .await;
        act(
            format!("/opportunities/{}", e.0),
            json!({ "owner_id": "uid-SALESPERSON" }),
            "ADMIN",
        )
        .await;
        act(
            format!("/opportunities/{}/lose", a.0),
            json!({ "reason": "preco" }),
            a.1,
        )
        .await;
        act(
            format!("/opportunities/{}/lose", c.0),
            json!({ "reason": "preco" }),
            c.1,
        )
        .await;
        act(
            format!("/opportunities/{}/move", c.0),
            json!({ "stage_id": "negociacao" }),
            c.1,
        )
        .await;

        let totals = |board: &Value| -> Vec<(String, i64, i64)> {
            let mut t: Vec<(String, i64, i64)> = board["columns"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["count"].as_i64().unwrap() > 0 && c["stage"]["id"] != "perdido")
                .map(|c| {
                    let id = c["stage"]["id"].as_str().unwrap().to_string();
                    (
                        id,
                        c["count"].as_i64().unwrap(),
                        c["value_cents"].as_i64().unwrap(),
                    )
                })
                .collect();
            t.sort();
            t
        };
        let team_filter = format!("team_id={team}");
        for (role, filter) in [
            ("ADMIN", ""),
            ("ADMIN", team_filter.as_str()),
            ("ADMIN", "owner_id=uid-SALESPERSON"),
            (MANAGER, ""),
            (SELLER, ""),
            (OTHER_SELLER, ""),
        ] {
            let (_, kept) = call(
                &api,
                "GET",
                &format!("/opportunities/board?{filter}"),
                role,
                None,
            )
            .await;
            let (_, grouped) = call(
                &api,
                "GET",
                &format!("/opportunities/board?{filter}&from=2000-01-01"),
                role,
                None,
            )
            .await;
            assert_eq!(
                totals(&kept),
                totals(&grouped),
                "{} {role} {filter}",
                api.engine()
            );
            assert_eq!(
                kept["open_count"],
                grouped["open_count"],
                "{} {role} {filter}",
                api.engine()
            );
        }
        // What the six leads add up to after the changes, seen by the administrator.
        let (_, board) = call(&api, "GET", "/opportunities/board", "ADMIN", None).await;
        assert_eq!(
            totals(&board),
            [
                ("negociacao".to_string(), 1, 777_700),
                ("novo-lead".to_string(), 3, 40_000 + 50_000 + 60_000),
                ("qualificado".to_string(), 1, 20_000),
            ]
        );
    }
}
