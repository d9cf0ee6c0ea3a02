//! Activities through the API, on both engines: the scope per role (404 outside it), the tabs in São Paulo's
//! business day, completing with a required outcome (and the next activity), a done activity changing only its
//! notes (in the history), and the manager's bulk reschedule and reassign, all or none.

use chrono::{DateTime, Duration, TimeZone, Utc};
use crm::Crm;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

/// The test tokens sign in as `uid-<ROLE>`. Team Centro: managed by uid-SALES_MANAGER, with uid-SALESPERSON and
/// uid-ana; uid-bia is in no team.
use crate::common;
use common::field;

async fn apis() -> Vec<TestApi<Crm>> {
    let apis = TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>().await;
    for api in &apis {
        // 01/12/2026 12:00 in São Paulo.
        api.clock.set(noon());
        common::add_people(api).await;
        common::team_centro(api, &["uid-SALESPERSON", "uid-ana"], "2026-11-01").await;
    }
    apis
}

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 15, 0, 0).unwrap()
}

/// São Paulo's `hh:00` on 01/12/2026 plus `days`.
fn at(days: i64, hour: u32) -> String {
    (Utc.with_ymd_and_hms(2026, 12, 1, hour + 3, 0, 0).unwrap() + Duration::days(days)).to_rfc3339()
}

const BASE: &str = "/api/v1/crm/activities";

async fn create(api: &TestApi<Crm>, token: &str, body: Value) -> String {
    let (status, a) = api.call("POST", BASE, Some(token), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {a}", api.engine());
    a["id"].as_str().unwrap().to_string()
}

fn call_at(subject: &str, due_at: String) -> Value {
    json!({ "kind": "ligacao", "subject": subject, "due_at": due_at })
}

/// The subjects a list returns, in order.
async fn subjects(api: &TestApi<Crm>, token: &str, query: &str) -> Vec<String> {
    let (status, page) = api
        .call("GET", &format!("{BASE}?{query}"), Some(token), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{}: {query}: {page}", api.engine());
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["subject"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn each_role_reaches_its_own_its_teams_or_every_activity_and_nothing_else_exists() {
    for api in apis().await {
        let mine = create(&api, "SALESPERSON", call_at("Minha", at(0, 14))).await;
        let mut ana = call_at("Da Ana", at(0, 15));
        ana["owner_id"] = json!("uid-ana");
        let ana = create(&api, "SALES_MANAGER", ana).await;
        let mut bia = call_at("Da Bia", at(0, 16));
        bia["owner_id"] = json!("uid-bia");
        let bia = create(&api, "ADMIN", bia).await;

        // A salesperson: their own only; another's is 404, and they cannot give one to someone else.
        assert_eq!(subjects(&api, "SALESPERSON", "").await, ["Minha"]);
        let (status, _) = api
            .call("GET", &format!("{BASE}/{ana}"), Some("SALESPERSON"), None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = api
            .call(
                "PATCH",
                &format!("{BASE}/{ana}"),
                Some("SALESPERSON"),
                Some(json!({ "subject": "x" })),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let mut other = call_at("Para a Ana", at(0, 17));
        other["owner_id"] = json!("uid-ana");
        let (status, err) = api
            .call("POST", BASE, Some("SALESPERSON"), Some(other))
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "owner_id".into())
        );

        // A manager: their team's; Bia's is 404 and cannot be a new owner.
        assert_eq!(
            subjects(&api, "SALES_MANAGER", "").await,
            ["Minha", "Da Ana"]
        );
        let (status, _) = api
            .call("GET", &format!("{BASE}/{bia}"), Some("SALES_MANAGER"), None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, err) = api
            .call(
                "PATCH",
                &format!("{BASE}/{mine}"),
                Some("SALES_MANAGER"),
                Some(json!({ "owner_id": "uid-bia" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "owner_id".into())
        );
        let (status, moved) = api
            .call(
                "PATCH",
                &format!("{BASE}/{mine}"),
                Some("SALES_MANAGER"),
                Some(json!({ "owner_id": "uid-ana" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{moved}");
        assert_eq!(moved["owner_name"], "Ana Souza");
        let (status, _) = api
            .call("GET", &format!("{BASE}/{mine}"), Some("SALESPERSON"), None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // An administrator: everything. A role outside sales: 403.
        assert_eq!(subjects(&api, "ADMIN", "").await.len(), 3);
        assert_eq!(
            subjects(&api, "ADMIN", "owner_id=uid-bia").await,
            ["Da Bia"]
        );
        for role in ["LEGAL_ASSISTANT", "FINANCIAL_MANAGER"] {
            let (status, _) = api.call("GET", BASE, Some(role), None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role}");
        }

        // A client outside the salesperson's portfolio cannot be linked.
        let (status, client) = api
            .call(
                "POST",
                "/api/v1/crm/clients",
                Some("ADMIN"),
                Some(json!({ "kind": "person", "document": "529.982.247-25", "name": "Carla Dias", "owner_id": "uid-bia" })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{client}");
        let mut linked = call_at("Ligar para a Carla", at(0, 18));
        linked["client_id"] = client["id"].clone();
        let (status, err) = api
            .call("POST", BASE, Some("SALESPERSON"), Some(linked.clone()))
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "client_id".into())
        );
        linked["owner_id"] = json!("uid-bia");
        create(&api, "ADMIN", linked).await;
        let client_id = client["id"].as_str().unwrap();
        let (_, page) = api
            .call(
                "GET",
                &format!("{BASE}?client_id={client_id}"),
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(page["items"][0]["client_name"], "Carla Dias", "{page}");
        assert_eq!(page["total"], 1);
    }
}

#[tokio::test]
async fn tabs_follow_sao_paulos_day_and_completing_needs_an_outcome_after_which_only_notes_change()
{
    for api in apis().await {
        let sp = Some("SALESPERSON");
        create(&api, "SALESPERSON", call_at("Ontem", at(-1, 10))).await;
        let morning = create(&api, "SALESPERSON", call_at("Manhã", at(0, 9))).await;
        create(&api, "SALESPERSON", call_at("Noite", at(0, 20))).await;
        create(&api, "SALESPERSON", call_at("Amanhã", at(1, 1))).await;

        assert_eq!(
            subjects(&api, "SALESPERSON", "tab=hoje").await,
            ["Manhã", "Noite"]
        );
        assert_eq!(
            subjects(&api, "SALESPERSON", "tab=atrasadas").await,
            ["Ontem", "Manhã"]
        );
        assert_eq!(
            subjects(&api, "SALESPERSON", "tab=proximas").await,
            ["Amanhã"]
        );
        assert!(subjects(&api, "SALESPERSON", "tab=concluidas")
            .await
            .is_empty());
        // The calendar: a period of due dates.
        assert_eq!(
            subjects(&api, "SALESPERSON", "from=2026-12-02&to=2026-12-31").await,
            ["Amanhã"]
        );
        let (status, agenda) = api.call("GET", &format!("{BASE}/agenda"), sp, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            (agenda["total"].clone(), agenda["overdue"].clone()),
            (json!(3), json!(2)),
            "{agenda}"
        );

        // No outcome, or an unknown one: 422 naming `outcome`.
        let complete = format!("{BASE}/{morning}/complete");
        for body in [
            json!({}),
            json!({ "outcome": "" }),
            json!({ "outcome": "talvez" }),
        ] {
            let (status, err) = api.call("POST", &complete, sp, Some(body)).await;
            assert_eq!(
                (status, field(&err)),
                (StatusCode::UNPROCESSABLE_ENTITY, "outcome".into()),
                "{err}"
            );
        }
        let (status, err) = api
            .call(
                "POST",
                &complete,
                sp,
                Some(json!({ "outcome": "atendeu", "next": { "kind": "whatsapp" } })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "next.subject".into()),
            "{err}"
        );
        let (status, done) = api
            .call(
                "POST",
                &complete,
                sp,
                Some(json!({ "outcome": "agendou_avaliacao", "notes": "Avaliação na sexta", "duration_s": 180,
                             "next": { "kind": "whatsapp", "subject": "Confirmar avaliação", "due_at": at(3, 10) } })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{done}");
        assert_eq!(done["activity"]["outcome"], "agendou_avaliacao");
        assert_eq!(done["activity"]["done_at"], noon().to_rfc3339());
        assert_eq!(done["next"]["kind"], "whatsapp");
        assert_eq!(done["next"]["owner_id"], "uid-SALESPERSON");
        assert_eq!(
            subjects(&api, "SALESPERSON", "tab=concluidas").await,
            ["Manhã"]
        );
        assert_eq!(subjects(&api, "SALESPERSON", "tab=hoje").await, ["Noite"]);
        assert_eq!(
            subjects(&api, "SALESPERSON", "tab=proximas").await,
            ["Amanhã", "Confirmar avaliação"]
        );
        assert_eq!(
            subjects(
                &api,
                "SALESPERSON",
                "tab=concluidas&outcome=agendou_avaliacao&kind=ligacao"
            )
            .await,
            ["Manhã"]
        );
        assert!(
            subjects(&api, "SALESPERSON", "tab=concluidas&outcome=atendeu")
                .await
                .is_empty()
        );

        // Done: completing again is 409, rescheduling is 409, the notes change and are in the history.
        let (status, _) = api
            .call("POST", &complete, sp, Some(json!({ "outcome": "atendeu" })))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let one = format!("{BASE}/{morning}");
        let (status, err) = api
            .call("PATCH", &one, sp, Some(json!({ "due_at": at(2, 10) })))
            .await;
        assert_eq!(
            (status, err["code"].clone()),
            (StatusCode::CONFLICT, json!("atividade_concluida"))
        );
        let (status, edited) = api
            .call(
                "PATCH",
                &one,
                sp,
                Some(json!({ "notes": "Avaliação na sexta, 10h" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{edited}");
        assert_eq!(edited["notes"], "Avaliação na sexta, 10h");
        let (_, history) = api.call("GET", &format!("{one}/history"), sp, None).await;
        let actions: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Atividade criada",
                "Atividade concluída",
                "Anotações alteradas"
            ]
        );
        let last = &history[2]["changes"][0];
        assert_eq!(
            (
                last["field"].clone(),
                last["from"].clone(),
                last["to"].clone()
            ),
            (
                json!("notes"),
                json!("Avaliação na sexta"),
                json!("Avaliação na sexta, 10h")
            )
        );

        // The next day at noon "Amanhã" (01:00) is today's and already overdue, as is yesterday's "Noite".
        api.clock.advance(Duration::days(1));
        assert_eq!(subjects(&api, "SALESPERSON", "tab=hoje").await, ["Amanhã"]);
        assert_eq!(
            subjects(&api, "SALESPERSON", "tab=atrasadas").await,
            ["Ontem", "Noite", "Amanhã"]
        );
    }
}

#[tokio::test]
async fn a_manager_reschedules_and_reassigns_in_bulk_all_or_none() {
    for api in apis().await {
        let sp1 = create(&api, "SALESPERSON", call_at("Um", at(0, 14))).await;
        let sp2 = create(&api, "SALESPERSON", call_at("Dois", at(0, 15))).await;
        let mut bia = call_at("Da Bia", at(0, 16));
        bia["owner_id"] = json!("uid-bia");
        let bia = create(&api, "ADMIN", bia).await;
        let reschedule = format!("{BASE}/bulk-reschedule");
        let reassign = format!("{BASE}/bulk-reassign");
        let mgr = Some("SALES_MANAGER");

        let (status, _) = api
            .call(
                "POST",
                &reschedule,
                Some("SALESPERSON"),
                Some(json!({ "ids": [sp1], "due_at": at(2, 9) })),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // One outside the team: 422 naming it, and nothing changes.
        let (status, err) = api
            .call(
                "POST",
                &reschedule,
                mgr,
                Some(json!({ "ids": [sp1, bia, sp2], "due_at": at(2, 9) })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "ids[1]".into()),
            "{err}"
        );
        assert!(err["fields"][0]["message"].as_str().unwrap().contains(&bia));
        assert_eq!(
            subjects(&api, "SALES_MANAGER", "tab=hoje").await,
            ["Um", "Dois"]
        );
        let many: Vec<String> = (0..201).map(|i| format!("id-{i}")).collect();
        let (status, err) = api
            .call(
                "POST",
                &reschedule,
                mgr,
                Some(json!({ "ids": many, "due_at": at(2, 9) })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "ids".into())
        );

        let (status, done) = api
            .call(
                "POST",
                &reschedule,
                mgr,
                Some(json!({ "ids": [sp1, sp2], "due_at": at(2, 9) })),
            )
            .await;
        assert_eq!(
            (status, done["updated"].clone()),
            (StatusCode::OK, json!(2)),
            "{done}"
        );
        assert!(subjects(&api, "SALES_MANAGER", "tab=hoje").await.is_empty());
        assert_eq!(
            subjects(&api, "SALES_MANAGER", "tab=proximas").await,
            ["Um", "Dois"]
        );

        // Reassign: only to someone of the team, never a done activity.
        let (status, err) = api
            .call(
                "POST",
                &reassign,
                mgr,
                Some(json!({ "ids": [sp1], "owner_id": "uid-bia" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "owner_id".into())
        );
        let (status, _) = api
            .call(
                "POST",
                &format!("{BASE}/{sp2}/complete"),
                Some("SALESPERSON"),
                Some(json!({ "outcome": "nao_atendeu" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, err) = api
            .call(
                "POST",
                &reassign,
                mgr,
                Some(json!({ "ids": [sp1, sp2], "owner_id": "uid-ana" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "ids[1]".into())
        );
        assert_eq!(subjects(&api, "SALESPERSON", "tab=proximas").await, ["Um"]);
        let (status, done) = api
            .call(
                "POST",
                &reassign,
                mgr,
                Some(json!({ "ids": [sp1], "owner_id": "uid-ana" })),
            )
            .await;
        assert_eq!(
            (status, done["updated"].clone()),
            (StatusCode::OK, json!(1))
        );
        assert!(subjects(&api, "SALESPERSON", "tab=proximas")
            .await
            .is_empty());
        assert_eq!(subjects(&api, "ADMIN", "owner_id=uid-ana").await, ["Um"]);
    }
}

#[tokio::test]
async fn demo_data_gives_each_salesperson_a_day_of_activities_once() {
    use platform::context::{Context, Demo, DemoUser};
    use platform::Role;
    for api in apis().await {
        let mut demo = Demo::default();
        for (uid, role) in [
            ("uid-ADMIN", Role::Admin),
            ("uid-SALESPERSON", Role::Salesperson),
        ] {
            demo.users.push(DemoUser {
                uid: uid.into(),
                email: format!("{uid}@example.com.br"),
                role,
            });
        }
        let lines = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("9 atividades de demonstração criadas")),
            "{lines:?}"
        );
        let again = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            again.contains(&"Atividades de demonstração: já existiam.".to_string()),
            "{again:?}"
        );
        // Noon on the test's day: two open from earlier days and the one at 09:00 are overdue, three are today's.
        let (_, agenda) = api
            .call("GET", &format!("{BASE}/agenda"), Some("SALESPERSON"), None)
            .await;
        assert_eq!(
            (agenda["total"].clone(), agenda["overdue"].clone()),
            (json!(5), json!(3)),
            "{agenda}"
        );
        assert_eq!(
            subjects(&api, "SALESPERSON", "tab=concluidas").await.len(),
            2
        );
        assert_eq!(subjects(&api, "SALESPERSON", "tab=proximas").await.len(), 2);
    }
}
