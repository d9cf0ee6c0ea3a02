//! Cadences through the API, on both engines: building (managers for their teams, versions when active),
//! enrolling (consent and `do_not_contact` refused naming the client, all or none, up to 200), a reply pausing the
//! enrollment until it is resumed (scenario 26), steps falling due through the job with the injectable clock —
//! once —, an e-mail step sent to a local SMTP server, a won opportunity and `do_not_contact` ending enrollments,
//! and the scope (404 outside it).

use chrono::{DateTime, Duration, TimeZone, Utc};
use crm::Crm;
use platform::clock::Clock;
use platform::testing::smtp::SmtpServer;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

const BASE: &str = "/api/v1/crm/cadences";

/// Tuesday 01/12/2026, `h`:00 in São Paulo.
use crate::common;
use common::field;

fn sp(day: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, day, h + 3, 0, 0).unwrap()
}

async fn setup(api: &TestApi<Crm>) -> String {
    api.clock.set(sp(1, 8));
    common::add_people(api).await;
    common::team_centro(api, &["uid-SALESPERSON"], "2026-11-01").await
}

async fn apis() -> Vec<(TestApi<Crm>, String)> {
    let mut out = Vec::new();
    for api in TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>().await {
        let team = setup(&api).await;
        out.push((api, team));
    }
    out
}

/// A valid CPF built from `n`.
fn cpf(n: u32) -> String {
    let base: Vec<u32> = format!("{:09}", 100_000_000 + n)
        .chars()
        .map(|c| c.to_digit(10).unwrap())
        .collect();
    let check = |digits: &[u32]| {
        let len = digits.len() as u32 + 1;
        let sum: u32 = digits
            .iter()
            .enumerate()
            .map(|(i, d)| d * (len - i as u32))
            .sum();
        let r = (sum * 10) % 11;
        if r == 10 {
            0
        } else {
            r
        }
    };
    let mut all = base.clone();
    all.push(check(&all));
    let d2 = check(&all);
    all.push(d2);
    all.iter().map(|d| d.to_string()).collect()
}

/// A client of `owner` with consent on `channels`.
async fn client(api: &TestApi<Crm>, n: u32, name: &str, owner: &str, channels: &[&str]) -> String {
    client_in(api, n, name, owner, channels, None).await
}

/// A client of `owner` (and of `unit`) with consent on `channels`.
async fn client_in(
    api: &TestApi<Crm>,
    n: u32,
    name: &str,
    owner: &str,
    channels: &[&str],
    unit: Option<&str>,
) -> String {
    let mut body = json!({
        "document": cpf(n), "name": name, "owner_id": owner,
        "emails": [format!("cliente{n}@example.com.br")], "phones": ["(11) 98765-4321"],
    });
    if let Some(unit) = unit {
        body["unit_id"] = json!(unit);
    }
    let (status, c) = api
        .call("POST", "/api/v1/crm/clients", Some("ADMIN"), Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{}: {c}", api.engine());
    let id = c["id"].as_str().unwrap().to_string();
    for channel in channels {
        let (status, body) = api
            .call(
                "POST",
                &format!("/api/v1/crm/clients/{id}/consents"),
                Some("ADMIN"),
                Some(json!({ "channel": channel, "granted": true, "source": "formulário" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

fn steps() -> Value {
    json!([
        { "day_offset": 0, "window_start": "09:00", "window_end": "12:00", "channel": "whatsapp",
          "template": "Oi, {primeiro_nome}! Aqui é {consultor}: {link}" },
        { "day_offset": 1, "window_start": "14:00", "window_end": "17:00", "channel": "ligacao",
          "template": "Ligar para {primeiro_nome}" },
    ])
}

async fn cadence(api: &TestApi<Crm>, token: &str, team: &str, steps: Value) -> Value {
    let (status, c) = api
        .call(
            "POST",
            BASE,
            Some(token),
            Some(json!({ "name": "Boas-vindas", "team_id": team, "link_url": "https://exemplo.com.br/a", "steps": steps })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{}: {c}", api.engine());
    c
}

async fn enroll(
    api: &TestApi<Crm>,
    token: &str,
    cadence: &str,
    clients: &[&str],
) -> (StatusCode, Value) {
    api.call(
        "POST",
        &format!("{BASE}/{cadence}/enrollments"),
        Some(token),
        Some(json!({ "client_ids": clients })),
    )
    .await
}

async fn cadence_activities(api: &TestApi<Crm>) -> Vec<Value> {
    let (status, page) = api
        .call(
            "GET",
            "/api/v1/crm/activities?origin=cadencia",
            Some("ADMIN"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["items"].as_array().unwrap().clone()
}

async fn enrollment(api: &TestApi<Crm>, cadence: &str, id: &str) -> Value {
    let (status, rows) = api
        .call(
            "GET",
            &format!("{BASE}/{cadence}/enrollments"),
            Some("ADMIN"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{rows}");
    rows.as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("enrollment {id} in {rows}"))
}

#[tokio::test]
async fn scenario_26_cadence_pause_and_consent() {
    for (api, team) in apis().await {
        let c = cadence(&api, "SALES_MANAGER", &team, steps()).await;
        let cid = c["id"].as_str().unwrap();
        let ana = client(
            &api,
            1,
            "Ana Paula Reis",
            "uid-SALESPERSON",
            &["whatsapp", "phone"],
        )
        .await;
        let bruno = client(&api, 2, "Bruno Costa", "uid-SALESPERSON", &["phone"]).await;

        // Without WhatsApp consent: 422 naming the client.
        let (status, err) = enroll(&api, "SALESPERSON", cid, &[&bruno]).await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "client_ids[0]".into()),
            "{err}"
        );
        assert!(
            err["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("Bruno Costa"),
            "{err}"
        );

        let (status, rows) = enroll(&api, "SALESPERSON", cid, &[&ana]).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {rows}", api.engine());
        let eid = rows[0]["id"].as_str().unwrap().to_string();
        assert_eq!(rows[0]["status"], "ativa");

        // The first step falls (09:00); the salesperson logs a reply on it.
        api.clock.set(sp(1, 10));
        api.platform.jobs.run_until_idle().await.unwrap();
        let acts = cadence_activities(&api).await;
        assert_eq!(acts.len(), 1, "{}", api.engine());
        let (status, done) = api
            .call(
                "POST",
                &format!(
                    "/api/v1/crm/activities/{}/complete",
                    acts[0]["id"].as_str().unwrap()
                ),
                Some("SALESPERSON"),
                Some(json!({ "outcome": "respondeu" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{done}");
        let e = enrollment(&api, cid, &eid).await;
        assert_eq!(
            (e["status"].as_str(), e["pause_reason"].as_str()),
            (Some("pausada"), Some("resposta"))
        );
        assert!(e.get("next_due_at").is_none(), "{e}");

        // No step falls while paused, however long.
        api.clock.set(sp(10, 12));
        api.platform.jobs.run_until_idle().await.unwrap();
        assert_eq!(cadence_activities(&api).await.len(), 1);

        // Resumed on Thursday 10/12: the call (1 business day after the message) falls on Friday 11/12 14:00.
        let (status, e) = api
            .call(
                "POST",
                &format!("{BASE}/enrollments/{eid}/resume"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{e}");
        assert_eq!(e["status"], "ativa");
        let due: DateTime<Utc> = e["next_due_at"].as_str().unwrap().parse().unwrap();
        assert_eq!(due, sp(11, 14));

        // The reply counts in the metrics.
        let (_, got) = api
            .call("GET", &format!("{BASE}/{cid}"), Some("SALESPERSON"), None)
            .await;
        assert_eq!(got["metrics"]["enrolled"], 1);
        assert_eq!(got["metrics"]["replied"], 1);
        assert_eq!(got["metrics"]["reply_rate_bp"], 10_000);
        assert_eq!(got["step_metrics"][0]["replied"], 1);

        // do_not_contact is refused too, and one open enrollment per client.
        let carla = client(
            &api,
            3,
            "Carla Dias",
            "uid-SALESPERSON",
            &["whatsapp", "phone"],
        )
        .await;
        let (status, _) = api
            .call(
                "PATCH",
                &format!("/api/v1/crm/clients/{carla}"),
                Some("ADMIN"),
                Some(json!({ "do_not_contact": true })),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, err) = enroll(&api, "SALESPERSON", cid, &[&carla]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            err["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("Carla Dias"),
            "{err}"
        );
        let (status, err) = enroll(&api, "SALESPERSON", cid, &[&ana]).await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "client_ids[0]".into()),
            "{err}"
        );
    }
}

#[tokio::test]
async fn a_step_falls_due_through_the_job_once_and_becomes_an_activity_with_its_link() {
    for (api, team) in apis().await {
        let mut s = steps();
        s.as_array_mut().unwrap().push(
            json!({ "day_offset": 2, "window_start": "09:00", "window_end": "10:00",
            "channel": "email", "template": "E-mail para {primeiro_nome}" }),
        );
        let c = cadence(&api, "SALES_MANAGER", &team, s).await;
        let cid = c["id"].as_str().unwrap();
        let ana = client(
            &api,
            1,
            "Ana Paula Reis",
            "uid-SALESPERSON",
            &["whatsapp", "phone", "email"],
        )
        .await;
        let (status, rows) = enroll(&api, "SALESPERSON", cid, &[&ana]).await;
        assert_eq!(status, StatusCode::CREATED, "{rows}");
        let eid = rows[0]["id"].as_str().unwrap().to_string();
        let due: DateTime<Utc> = rows[0]["next_due_at"].as_str().unwrap().parse().unwrap();
        assert_eq!(due, sp(1, 9));

        // 08:00: not due yet.
        api.platform.jobs.run_until_idle().await.unwrap();
        assert!(cadence_activities(&api).await.is_empty());

        // 09:30: the WhatsApp step becomes a task with the wa.me link, once.
        api.clock.set(sp(1, 9) + Duration::minutes(30));
        api.platform.jobs.run_until_idle().await.unwrap();
        api.platform.jobs.run_until_idle().await.unwrap();
        // The same step enqueued again (a retry, a second instance) fires nothing.
        api.platform
            .jobs
            .enqueue_now(
                crm::service::cadences::STEP_JOB,
                &json!({ "enrollment_id": eid, "step": 1 }),
                Default::default(),
            )
            .await
            .unwrap();
        api.platform.jobs.run_until_idle().await.unwrap();
        let acts = cadence_activities(&api).await;
        assert_eq!(acts.len(), 1, "{}: {acts:?}", api.engine());
        let a = &acts[0];
        assert_eq!(a["kind"], "whatsapp");
        assert_eq!(a["owner_id"], "uid-SALESPERSON");
        assert_eq!(a["client_id"], ana.as_str());
        assert_eq!(a["cadence_step_id"], c["steps"][0]["id"]);
        assert_eq!(a["enrollment_id"], eid.as_str());
        assert!(
            a["subject"]
                .as_str()
                .unwrap()
                .contains("Oi, Ana! Aqui é Vera Vendedora"),
            "{a}"
        );
        assert!(
            a["notes"]
                .as_str()
                .unwrap()
                .contains("https://wa.me/5511987654321"),
            "{a}"
        );
        assert!(
            a["notes"]
                .as_str()
                .unwrap()
                .contains("https://exemplo.com.br/a"),
            "{a}"
        );
        let e = enrollment(&api, cid, &eid).await;
        assert_eq!(e["current_step"], 2);
        let next: DateTime<Utc> = e["next_due_at"].as_str().unwrap().parse().unwrap();
        assert_eq!(next, sp(2, 14));

        // The call the next business day (tel: link); then the e-mail, without SMTP, becomes a task too.
        api.clock.set(sp(4, 12));
        api.platform.jobs.run_until_idle().await.unwrap();
        let acts = cadence_activities(&api).await;
        assert_eq!(acts.len(), 3, "{acts:?}");
        assert!(acts.iter().any(|a| a["kind"] == "ligacao"
            && a["notes"]
                .as_str()
                .unwrap()
                .starts_with("tel:+5511987654321")));
        assert!(acts.iter().any(|a| a["kind"] == "email"));
        let e = enrollment(&api, cid, &eid).await;
        assert_eq!(e["status"], "concluida");
        let (_, got) = api
            .call("GET", &format!("{BASE}/{cid}"), Some("ADMIN"), None)
            .await;
        assert_eq!(got["metrics"]["completed"], 1);
        assert_eq!(got["step_metrics"].as_array().unwrap().len(), 3);
        assert_eq!(got["step_metrics"][0]["fired"], 1);
    }
}

#[tokio::test]
async fn an_email_step_is_sent_through_the_local_smtp_server() {
    let smtp = SmtpServer::start().await;
    let sets = TestApi::<Crm>::migrations_after::<(identity::Identity,)>();
    for db in platform::testing::engines(&sets).await {
        let config = platform::testing::config_with(&[("BACKOFFICE_SMTP_URL", &smtp.url())]);
        let api = TestApi::<Crm>::start_configured::<(identity::Identity,)>(db, config).await;
        let team = setup(&api).await;
        let c = cadence(
            &api,
            "ADMIN",
            &team,
            json!([{ "day_offset": 0, "window_start": "09:00", "window_end": "12:00", "channel": "email",
                     "template": "Olá, {primeiro_nome}! Sua avaliação: {link}" }]),
        )
        .await;
        let n = if api.engine() == "Sqlite" { 11 } else { 12 };
        let ana = client(&api, n, "Ana Paula Reis", "uid-SALESPERSON", &["email"]).await;
        let (status, rows) =
            enroll(&api, "SALES_MANAGER", c["id"].as_str().unwrap(), &[&ana]).await;
        assert_eq!(status, StatusCode::CREATED, "{rows}");
        api.clock.set(sp(1, 10));
        api.platform.jobs.run_until_idle().await.unwrap();
        let to = format!("cliente{n}@example.com.br");
        let got = tokio::time::timeout(std::time::Duration::from_secs(30), smtp.message_to(&to))
            .await
            .expect("the e-mail arrived");
        assert!(got.data.contains("Ana!"), "{}", got.data);
        assert!(
            got.data.contains("https://exemplo.com.br/a"),
            "{}",
            got.data
        );
        // Sent, so no task; the step counts as e-mailed and the enrollment is done.
        assert!(cadence_activities(&api).await.is_empty());
        let (_, got) = api
            .call(
                "GET",
                &format!("{BASE}/{}", c["id"].as_str().unwrap()),
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(got["step_metrics"][0]["emailed"], 1);
        assert_eq!(got["metrics"]["completed"], 1);
    }
}

#[tokio::test]
async fn managers_build_for_their_teams_salespeople_read_and_out_of_scope_is_404() {
    for (api, team) in apis().await {
        // A salesperson reads but does not build; only the administrator builds global cadences.
        let (status, _) = api
            .call(
                "POST",
                BASE,
                Some("SALESPERSON"),
                Some(json!({ "name": "x", "team_id": team, "steps": steps() })),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, err) = api
            .call(
                "POST",
                BASE,
                Some("SALES_MANAGER"),
                Some(json!({ "name": "Global", "steps": steps() })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "team_id".into())
        );
        let (status, err) = api
            .call("POST", BASE, Some("ADMIN"), Some(json!({ "name": "Ruim", "steps": [
                { "day_offset": 0, "window_start": "07:00", "window_end": "12:00", "channel": "fax", "template": "x" }
            ] })))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
        assert_eq!(field(&err), "steps[0].window_start");
        let global = api
            .call(
                "POST",
                BASE,
                Some("ADMIN"),
                Some(json!({ "name": "Global", "steps": steps() })),
            )
            .await
            .1;
        let mine = cadence(&api, "SALES_MANAGER", &team, steps()).await;
        // Another team's cadence is out of the manager's and the salesperson's reach.
        let (_, other) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(json!({ "name": "Norte", "manager_ids": [] })),
            )
            .await;
        let theirs = cadence(&api, "ADMIN", other["id"].as_str().unwrap(), steps()).await;
        let (_, list) = api.call("GET", BASE, Some("SALESPERSON"), None).await;
        let names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap())
            .collect();
        assert!(
            names.contains(&global["id"].as_str().unwrap())
                && names.contains(&mine["id"].as_str().unwrap())
        );
        assert!(!names.contains(&theirs["id"].as_str().unwrap()));
        for token in ["SALESPERSON", "SALES_MANAGER"] {
            let (status, _) = api
                .call(
                    "GET",
                    &format!("{BASE}/{}", theirs["id"].as_str().unwrap()),
                    Some(token),
                    None,
                )
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{token}");
        }
        for role in ["FINANCIAL_MANAGER", "LEGAL_ASSISTANT"] {
            let (status, _) = api.call("GET", BASE, Some(role), None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role}");
        }
        // Another salesperson's client cannot be enrolled; another's enrollment is 404.
        let bias = client(&api, 4, "Dora Bia", "uid-bia", &["whatsapp", "phone"]).await;
        let (status, err) =
            enroll(&api, "SALESPERSON", mine["id"].as_str().unwrap(), &[&bias]).await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "client_ids[0]".into())
        );
        let (status, rows) = enroll(&api, "ADMIN", global["id"].as_str().unwrap(), &[&bias]).await;
        assert_eq!(status, StatusCode::CREATED, "{rows}");
        let (status, _) = api
            .call(
                "POST",
                &format!("{BASE}/enrollments/{}/end", rows[0]["id"].as_str().unwrap()),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn bulk_enrollment_is_all_or_none_up_to_200_and_edits_make_versions() {
    for (api, team) in apis().await {
        let c = cadence(&api, "SALES_MANAGER", &team, steps()).await;
        let cid = c["id"].as_str().unwrap();
        let ok = client(
            &api,
            1,
            "Ana Paula Reis",
            "uid-SALESPERSON",
            &["whatsapp", "phone"],
        )
        .await;
        let bad = client(&api, 2, "Bruno Costa", "uid-SALESPERSON", &[]).await;
        let (status, err) = enroll(&api, "SALESPERSON", cid, &[&ok, &bad]).await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "client_ids[1]".into()),
            "{err}"
        );
        let (_, rows) = api
            .call(
                "GET",
                &format!("{BASE}/{cid}/enrollments"),
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(rows.as_array().unwrap().len(), 0, "none enrolled");
        let many: Vec<String> = (0..201).map(|_| ok.clone()).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let (status, err) = enroll(&api, "SALESPERSON", cid, &many).await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "client_ids".into())
        );
        let (status, rows) = enroll(&api, "SALESPERSON", cid, &[&ok]).await;
        assert_eq!(status, StatusCode::CREATED, "{rows}");
        let eid = rows[0]["id"].as_str().unwrap().to_string();

        // Editing the active cadence's steps makes version 2; the enrollment keeps version 1.
        let mut s = steps();
        s[1]["day_offset"] = json!(3);
        let (status, v2) = api
            .call(
                "PUT",
                &format!("{BASE}/{cid}"),
                Some("SALES_MANAGER"),
                Some(json!({ "version": c["version"], "name": "Boas-vindas 2", "team_id": team, "steps": s })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{v2}");
        assert_eq!(v2["current_version"], 2);
        assert_eq!(v2["steps"][1]["day_offset"], 3);
        let e = enrollment(&api, cid, &eid).await;
        assert_eq!(e["cadence_version"], 1);
        // A stale version is 409.
        let (status, _) = api
            .call(
                "PUT",
                &format!("{BASE}/{cid}"),
                Some("SALES_MANAGER"),
                Some(json!({ "version": c["version"], "name": "x", "team_id": team, "steps": s })),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);

        // The preview calendar: Saturday 05/12 starts on Monday 07/12; +3 business days is Thursday 10/12.
        let (status, sim) = api
            .call(
                "POST",
                &format!("{BASE}/simulate"),
                Some("SALESPERSON"),
                Some(json!({ "start": "2026-12-05", "steps": s })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{sim}");
        assert_eq!(sim[0]["day"], "2026-12-07");
        assert_eq!(sim[1]["day"], "2026-12-10");
    }
}

#[tokio::test]
async fn a_won_opportunity_or_do_not_contact_ends_the_enrollments_and_pause_resume_end_work() {
    for (api, team) in apis().await {
        let c = cadence(&api, "SALES_MANAGER", &team, steps()).await;
        let cid = c["id"].as_str().unwrap();
        let ana = client(
            &api,
            1,
            "Ana Paula Reis",
            "uid-SALESPERSON",
            &["whatsapp", "phone"],
        )
        .await;
        let bruno = client(
            &api,
            2,
            "Bruno Costa",
            "uid-SALESPERSON",
            &["whatsapp", "phone"],
        )
        .await;
        let carla = client(
            &api,
            3,
            "Carla Dias",
            "uid-SALESPERSON",
            &["whatsapp", "phone"],
        )
        .await;
        let (status, rows) = enroll(&api, "SALESPERSON", cid, &[&ana, &bruno, &carla]).await;
        assert_eq!(status, StatusCode::CREATED, "{rows}");
        let id_of = |client: &str| {
            rows.as_array()
                .unwrap()
                .iter()
                .find(|r| r["client_id"] == client)
                .unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        };

        // Won: the sales context marks the opportunity won.
        let (status, opp) = api
            .call("POST", "/api/v1/crm/opportunities", Some("SALESPERSON"), Some(json!({
                "title": "Protocolo", "client_id": ana, "expected_value_cents": 100_000, "source": "instagram" })))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{opp}");
        let seller = platform::testing::principal("uid-SALESPERSON", "Vera Vendedora");
        api.context
            .opportunities()
            .mark_won(&seller, opp["id"].as_str().unwrap(), "venda-1")
            .await
            .unwrap();
        let e = enrollment(&api, cid, &id_of(&ana)).await;
        assert_eq!(
            (e["status"].as_str(), e["end_reason"].as_str()),
            (Some("encerrada"), Some("ganho"))
        );

        // do_not_contact: ended as an opt-out.
        let (status, _) = api
            .call(
                "PATCH",
                &format!("/api/v1/crm/clients/{bruno}"),
                Some("SALESPERSON"),
                Some(json!({ "do_not_contact": true })),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let e = enrollment(&api, cid, &id_of(&bruno)).await;
        assert_eq!(
            (e["status"].as_str(), e["end_reason"].as_str()),
            (Some("encerrada"), Some("opt_out"))
        );
        let (_, got) = api
            .call("GET", &format!("{BASE}/{cid}"), Some("ADMIN"), None)
            .await;
        assert_eq!(got["metrics"]["opt_outs"], 1);

        // Pause by hand, resume, end.
        let carla_e = id_of(&carla);
        let (status, e) = api
            .call(
                "POST",
                &format!("{BASE}/enrollments/{carla_e}/pause"),
                Some("SALESPERSON"),
                Some(json!({})),
            )
            .await;
        assert_eq!(
            (status, e["pause_reason"].as_str()),
            (StatusCode::OK, Some("manual")),
            "{e}"
        );
        let (status, _) = api
            .call(
                "POST",
                &format!("{BASE}/enrollments/{carla_e}/pause"),
                Some("SALESPERSON"),
                Some(json!({})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, e) = api
            .call(
                "POST",
                &format!("{BASE}/enrollments/{carla_e}/resume"),
                Some("SALES_MANAGER"),
                None,
            )
            .await;
        assert_eq!(
            (status, e["status"].as_str()),
            (StatusCode::OK, Some("ativa")),
            "{e}"
        );
        let (status, e) = api
            .call(
                "POST",
                &format!("{BASE}/enrollments/{carla_e}/end"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(
            (status, e["status"].as_str()),
            (StatusCode::OK, Some("encerrada")),
            "{e}"
        );
        // Ended: no step falls.
        api.clock.set(sp(3, 12));
        api.platform.jobs.run_until_idle().await.unwrap();
        assert!(cadence_activities(&api).await.is_empty());
    }
}

#[tokio::test]
async fn a_message_the_plugins_host_saw_pauses_the_active_enrollment_and_another_salespersons_client_is_404(
) {
    for (api, team) in apis().await {
        let c = cadence(&api, "SALES_MANAGER", &team, steps()).await;
        let cid = c["id"].as_str().unwrap();
        let ana = client(
            &api,
            1,
            "Ana Paula Reis",
            "uid-SALESPERSON",
            &["whatsapp", "phone"],
        )
        .await;
        let (status, rows) = enroll(&api, "SALESPERSON", cid, &[&ana]).await;
        assert_eq!(status, StatusCode::CREATED, "{rows}");
        let eid = rows[0]["id"].as_str().unwrap().to_string();
        let seller = |uid: &str| platform::Principal {
            role: Some(platform::Role::Salesperson),
            ..platform::testing::principal(uid, "Vendedor")
        };
        let cadences = api.context.cadences();
        let err = cadences
            .on_inbound_message(&seller("uid-bia"), &ana)
            .await
            .unwrap_err();
        assert_eq!(err.kind, platform::error::ErrorKind::NotFound, "{err:?}");
        assert_eq!(enrollment(&api, cid, &eid).await["status"], "ativa");

        let paused = cadences
            .on_inbound_message(&seller("uid-SALESPERSON"), &ana)
            .await
            .unwrap();
        assert_eq!(paused, 1);
        let e = enrollment(&api, cid, &eid).await;
        assert_eq!(
            (e["status"].as_str(), e["pause_reason"].as_str()),
            (Some("pausada"), Some("resposta"))
        );
        // Again: nothing left to pause.
        assert_eq!(
            cadences
                .on_inbound_message(&seller("uid-SALESPERSON"), &ana)
                .await
                .unwrap(),
            0
        );
    }
}

/// A unit named `code`, straight in the platform register.
async fn unit(api: &TestApi<Crm>, code: &str) -> String {
    platform::units::create(
        &api.db,
        platform::units::UnitDraft {
            code: code.into(),
            name: format!("Clínica {code}"),
            active: true,
            ..Default::default()
        },
        "uid-ADMIN",
        api.clock.now(),
    )
    .await
    .unwrap()
    .id
}

/// Puts the salesperson `uid` (their CRM profile) in `unit`.
async fn salesperson_unit(api: &TestApi<Crm>, uid: &str, unit: &str) {
    let now = api.clock.now();
    let updated = platform::on_db!(&api.db, pool => sqlx::query(
        "UPDATE crm_users SET unit_id = $2 WHERE user_id = $1",
    )
    .bind(uid)
    .bind(unit)
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))
    .unwrap();
    if updated == 0 {
        platform::on_db!(&api.db, pool => sqlx::query(
            "INSERT INTO crm_users (user_id, display_name, unit_id, employment, discount_limit_bp, active, version, \
             created_at, created_by, updated_at, updated_by) \
             VALUES ($1, 'Vera Vendedora', $2, 'clt', 0, TRUE, 1, $3, 'uid-ADMIN', $3, 'uid-ADMIN')",
        )
        .bind(uid)
        .bind(unit)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))
        .unwrap();
    }
}

#[tokio::test]
async fn a_step_due_on_a_units_holiday_moves_to_the_next_business_day_only_for_that_units_clients()
{
    for (api, team) in apis().await {
        let fortaleza = unit(&api, "FOR").await;
        let recife = unit(&api, "REC").await;
        // Wednesday 02/12/2026 is a holiday in Fortaleza's unit only.
        platform::calendar::add_holiday(
            &api.db,
            platform::calendar::HolidayDraft {
                day: chrono::NaiveDate::from_ymd_opt(2026, 12, 2).unwrap(),
                name: "Feriado municipal".into(),
                unit_id: Some(fortaleza.clone()),
            },
            "uid-ADMIN",
            api.clock.now(),
        )
        .await
        .unwrap();
        salesperson_unit(&api, "uid-SALESPERSON", &fortaleza).await;
        let c = cadence(&api, "SALES_MANAGER", &team, steps()).await;
        let cid = c["id"].as_str().unwrap();
        // Ana is a client of Fortaleza, Bia of Recife; Carla has no unit: her salesperson's (Fortaleza) counts.
        let channels = ["whatsapp", "phone"];
        let owner = "uid-SALESPERSON";
        let ana = client_in(
            &api,
            1,
            "Ana Paula Reis",
            owner,
            &channels,
            Some(&fortaleza),
        )
        .await;
        let bia = client_in(&api, 2, "Bia Souza", owner, &channels, Some(&recife)).await;
        let carla = client_in(&api, 3, "Carla Dias", owner, &channels, None).await;
        let (status, rows) = enroll(&api, "SALESPERSON", cid, &[&ana, &bia, &carla]).await;
        assert_eq!(status, StatusCode::CREATED, "{rows}");
        let id_of = |client: &str| {
            rows.as_array()
                .unwrap()
                .iter()
                .find(|e| e["client_id"] == client)
                .unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        };
        for row in rows.as_array().unwrap() {
            let due: DateTime<Utc> = row["next_due_at"].as_str().unwrap().parse().unwrap();
            assert_eq!(due, sp(1, 9), "{row}");
        }

        // The first step falls on Tuesday; the call, a business day later, skips Fortaleza's Wednesday.
        api.clock.set(sp(1, 9) + Duration::minutes(30));
        api.platform.jobs.run_until_idle().await.unwrap();
        for (client, expected) in [(&ana, sp(3, 14)), (&bia, sp(2, 14)), (&carla, sp(3, 14))] {
            let e = enrollment(&api, cid, &id_of(client)).await;
            assert_eq!(e["current_step"], 2, "{e}");
            let next: DateTime<Utc> = e["next_due_at"].as_str().unwrap().parse().unwrap();
            assert_eq!(next, expected, "{}: {e}", api.engine());
        }
    }
}
