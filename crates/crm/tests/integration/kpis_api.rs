//! The month KPIs of the team and salespeople pages through the API, on both engines: the team comparison's
//! figures for one team (per member and in total, the daily cumulative series, the open funnel) and for one person
//! (the list in one read, the detail with the funnel and the target history), overdue activities, and the scope
//! (a team or profile outside it is 404).

use chrono::{DateTime, TimeZone, Utc};
use crm::Crm;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common;
use common::{apis_with_people as apis, call, field, team_centro, MANAGER, SELLER};

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()
}

/// An activity of `owner` due at `due`, done then when `done`.
async fn activity(api: &TestApi<Crm>, owner: &str, kind: &str, due: DateTime<Utc>, done: bool) {
    platform::on_db!(&api.db, pool => sqlx::query(
        "INSERT INTO crm_activities (id, kind, subject, owner_id, due_at, done_at, outcome, origin, version, \
         created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, 'Contato', $3, $4, $5, $6, 'manual', 1, $4, $3, $4, $3)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(kind)
    .bind(owner)
    .bind(due)
    .bind(done.then_some(due))
    .bind(done.then_some("atendeu"))
    .execute(pool)
    .await
    .map(|_| ()))
    .unwrap();
}

/// An opportunity of `owner` in `team` created at `created`; `closed` with `status`, or open in "qualificado".
async fn opportunity(
    api: &TestApi<Crm>,
    owner: &str,
    team: &str,
    created: DateTime<Utc>,
    closed: Option<(&str, DateTime<Utc>)>,
) {
    let (status, stage, closed_at) = match closed {
        Some(("ganha", t)) => ("ganha", "ganho", Some(t)),
        Some((_, t)) => ("perdida", "perdido", Some(t)),
        None => ("aberta", "qualificado", None),
    };
    platform::on_db!(&api.db, pool => sqlx::query(
        "INSERT INTO crm_opportunities (id, title, search_text, owner_id, team_id, stage_id, status, \
         expected_value_cents, source, closed_at, stage_entered_at, last_touch_at, version, created_at, created_by, \
         updated_at, updated_by) \
         VALUES ($1, 'Implante', 'implante', $2, $3, $4, $5, 350000, 'site', $6, $7, $7, 1, $7, $2, $7, $2)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(owner)
    .bind(team)
    .bind(stage)
    .bind(status)
    .bind(closed_at)
    .bind(created)
    .execute(pool)
    .await
    .map(|_| ()))
    .unwrap();
}

async fn profile(api: &TestApi<Crm>, uid: &str) {
    let body = json!({ "user_id": uid, "display_name": uid, "employment": "clt" });
    let (status, body) = call(api, "POST", "/users", "ADMIN", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

/// Centro (managed by uid-SALES_MANAGER: Ana and Vera, the SALESPERSON) and Moema (Bia), with November's events.
async fn seed(api: &TestApi<Crm>) -> (String, String) {
    api.clock.set(at(2026, 11, 20, 15, 0));
    let centro = team_centro(api, &["uid-ana", "uid-SALESPERSON"], "2026-01-01").await;
    let (status, moema) = call(
        api,
        "POST",
        "/teams",
        "ADMIN",
        Some(json!({ "name": "Moema", "manager_ids": [] })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let moema = moema["id"].as_str().unwrap().to_string();
    let member = json!({ "user_id": "uid-bia", "joined_on": "2026-01-01" });
    let (status, _) = call(
        api,
        "POST",
        &format!("/teams/{moema}/members"),
        "ADMIN",
        Some(member),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    for uid in ["uid-ana", "uid-SALESPERSON", "uid-bia"] {
        profile(api, uid).await;
    }
    // 300 activities for Centro in November, split evenly: 150 each.
    let target = json!({ "sales_value_cents": 0, "sales_count": 0, "activities_done": 300, "new_clients": 0 });
    let (status, body) = call(
        api,
        "PUT",
        &format!("/teams/{centro}/targets/2026-11"),
        "ADMIN",
        Some(target),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Ana: three done in November (one of them on 30/11 at 23:30 in São Paulo), one in October, two overdue
    // (due yesterday), one due tomorrow.
    activity(api, "uid-ana", "ligacao", at(2026, 11, 2, 12, 0), true).await;
    activity(api, "uid-ana", "whatsapp", at(2026, 11, 5, 13, 0), true).await;
    activity(api, "uid-ana", "ligacao", at(2026, 12, 1, 2, 30), true).await;
    activity(api, "uid-ana", "email", at(2026, 10, 20, 12, 0), true).await;
    activity(api, "uid-ana", "ligacao", at(2026, 11, 19, 12, 0), false).await;
    activity(api, "uid-ana", "tarefa", at(2026, 11, 20, 14, 59), false).await;
    activity(api, "uid-ana", "ligacao", at(2026, 11, 21, 12, 0), false).await;
    // Vera: one done; Bia: two done (another team).
    activity(
        api,
        "uid-SALESPERSON",
        "visita",
        at(2026, 11, 5, 12, 0),
        true,
    )
    .await;
    activity(api, "uid-bia", "visita", at(2026, 11, 6, 12, 0), true).await;
    activity(api, "uid-bia", "visita", at(2026, 11, 7, 12, 0), true).await;
    // Ana wins one and loses one in November; one open in Centro, one of Bia's open in Moema.
    let created = at(2026, 10, 27, 12, 0);
    opportunity(
        api,
        "uid-ana",
        &centro,
        created,
        Some(("ganha", at(2026, 11, 6, 12, 0))),
    )
    .await;
    opportunity(
        api,
        "uid-ana",
        &centro,
        created,
        Some(("perdida", at(2026, 11, 3, 12, 0))),
    )
    .await;
    opportunity(api, "uid-ana", &centro, at(2026, 11, 10, 12, 0), None).await;
    opportunity(api, "uid-bia", &moema, at(2026, 11, 10, 12, 0), None).await;
    (centro, moema)
}

fn person<'a>(list: &'a Value, uid: &str) -> &'a Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|p| p["user_id"] == uid)
        .unwrap_or_else(|| panic!("{uid} in {list}"))
}

fn figures(k: &Value) -> [Option<i64>; 7] {
    [
        "activities_done",
        "activities_target",
        "activities_attainment_bp",
        "overdue_activities",
        "won",
        "lost",
        "conversion_bp",
    ]
    .map(|f| k[f].as_i64())
}

/// Ana's November: 3 done of 150 (2 %), 2 overdue, 1 won and 1 lost (50 %).
const ANA: [Option<i64>; 7] = [
    Some(3),
    Some(150),
    Some(200),
    Some(2),
    Some(1),
    Some(1),
    Some(5000),
];

#[tokio::test]
async fn a_teams_month_kpis_per_member_in_total_day_by_day_and_its_open_funnel() {
    for api in apis().await {
        let (centro, _) = seed(&api).await;
        let path = format!("/teams/{centro}/kpis?month=2026-11");
        let (status, body) = call(&api, "GET", &path, MANAGER, None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            (body["name"].as_str(), body["month"].as_str()),
            (Some("Centro"), Some("2026-11"))
        );
        let members = &body["members"];
        assert_eq!(members.as_array().unwrap().len(), 2, "{members}");
        assert_eq!(figures(&person(members, "uid-ana")["kpis"]), ANA);
        assert_eq!(person(members, "uid-ana")["name"], "Ana Souza");
        let vera = &person(members, "uid-SALESPERSON")["kpis"];
        assert_eq!(
            figures(vera),
            [
                Some(1),
                Some(150),
                Some(66),
                Some(0),
                Some(0),
                Some(0),
                None
            ]
        );
        assert_eq!(
            figures(&body["totals"]),
            [
                Some(4),
                Some(300),
                Some(133),
                Some(2),
                Some(1),
                Some(1),
                Some(5000)
            ]
        );
        // Day by day: 10 a day against the 300 of the month.
        let series = body["series"].as_array().unwrap();
        assert_eq!(series.len(), 30);
        assert_eq!(series[0]["label"], "01/11");
        assert_eq!(series[1]["activities_done"], 1);
        assert_eq!(series[4]["cumulative_done"], 3);
        assert_eq!(series[4]["cumulative_target"], 50);
        assert_eq!(series[29]["activities_done"], 1);
        assert_eq!(
            (
                series[29]["cumulative_done"].as_i64(),
                series[29]["cumulative_target"].as_i64()
            ),
            (Some(4), Some(300))
        );
        assert_eq!(
            body["funnel"],
            json!([{ "stage_id": "qualificado", "count": 1, "value_cents": 350000 }])
        );
        assert!(body["stages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "Qualificado"));

        // The figures are the comparison's: its Centro for the same month says the same.
        let (status, moema) = call(&api, "GET", "/teams?archived=false", "ADMIN", None).await;
        assert_eq!(status, StatusCode::OK);
        let moema = moema
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "Moema")
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, compared) = call(
            &api,
            "GET",
            &format!("/teams/comparison?ids={centro},{moema}&from=2026-11-01&to=2026-11-30"),
            "ADMIN",
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{compared}");
        let c = &compared["teams"][0]["current"];
        for f in [
            "activities_done",
            "activities_target",
            "activities_attainment_bp",
            "won",
            "lost",
            "conversion_bp",
        ] {
            assert_eq!(c[f], body["totals"][f], "{f}");
        }

        // Another month: nothing done, the same overdue (a figure of now).
        let (status, october) = call(
            &api,
            "GET",
            &format!("/teams/{centro}/kpis?month=2026-10"),
            "ADMIN",
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            figures(&october["totals"]),
            [Some(1), Some(0), None, Some(2), Some(0), Some(0), None]
        );
        assert_eq!(october["series"].as_array().unwrap().len(), 31);
    }
}

#[tokio::test]
async fn team_kpis_follow_the_team_scope() {
    for api in apis().await {
        let (centro, moema) = seed(&api).await;
        for (token, team, expected) in [
            (SELLER, &centro, StatusCode::OK),
            (SELLER, &moema, StatusCode::NOT_FOUND),
            (MANAGER, &moema, StatusCode::NOT_FOUND),
            ("ADMIN", &moema, StatusCode::OK),
            ("ADMIN", &"nao-existe".to_string(), StatusCode::NOT_FOUND),
        ] {
            let (status, body) =
                call(&api, "GET", &format!("/teams/{team}/kpis"), token, None).await;
            assert_eq!(status, expected, "{token} {team}: {body}");
        }
        let (status, body) = call(
            &api,
            "GET",
            &format!("/teams/{centro}/kpis?month=2026-13"),
            "ADMIN",
            None,
        )
        .await;
        assert_eq!(
            (status, field(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, "month".into())
        );
        // Default: this month (November).
        let (_, body) = call(&api, "GET", &format!("/teams/{centro}/kpis"), SELLER, None).await;
        assert_eq!(body["month"], "2026-11");
    }
}

#[tokio::test]
async fn salespeople_month_kpis_in_one_list_and_in_the_detail_with_funnel_and_target_history() {
    for api in apis().await {
        seed(&api).await;
        // The manager's list: their team's salespeople, not Bia.
        let (status, list) = call(&api, "GET", "/users/kpis?month=2026-11", MANAGER, None).await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let mut uids: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["user_id"].as_str().unwrap())
            .collect();
        uids.sort();
        assert_eq!(uids, ["uid-SALESPERSON", "uid-ana"]);
        assert_eq!(figures(&person(&list, "uid-ana")["kpis"]), ANA);
        // A salesperson: their own row only.
        let (status, own) = call(&api, "GET", "/users/kpis", SELLER, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(own.as_array().unwrap().len(), 1);
        assert_eq!(own[0]["user_id"], "uid-SALESPERSON");
        // Bia's figures are hers whatever the team (no target: no attainment).
        let (_, all) = call(&api, "GET", "/users/kpis?month=2026-11", "ADMIN", None).await;
        assert_eq!(
            figures(&person(&all, "uid-bia")["kpis"]),
            [Some(2), Some(0), None, Some(0), Some(0), Some(0), None]
        );

        let (status, ana) = call(
            &api,
            "GET",
            "/users/uid-ana/kpis?month=2026-11",
            MANAGER,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{ana}");
        assert_eq!(figures(&ana["kpis"]), ANA);
        assert_eq!(ana["name"], "Ana Souza");
        assert_eq!(
            ana["funnel"],
            json!([{ "stage_id": "qualificado", "count": 1, "value_cents": 350000 }])
        );
        let targets = ana["targets"].as_array().unwrap();
        assert_eq!(targets.len(), 12);
        assert_eq!(targets[0]["month"], "2025-12");
        let nov = &targets[11];
        assert_eq!(
            (
                nov["month"].as_str(),
                nov["activities_target"].as_i64(),
                nov["activities_done"].as_i64()
            ),
            (Some("2026-11"), Some(150), Some(3))
        );
        assert_eq!(nov["activities_attainment_bp"], 200);
        let oct = &targets[10];
        assert_eq!(
            (
                oct["activities_done"].as_i64(),
                oct["activities_target"].as_i64()
            ),
            (Some(1), Some(0))
        );
        assert!(oct.get("activities_attainment_bp").is_none(), "{oct}");

        // Scope: 404 outside it.
        for (token, uid, expected) in [
            (SELLER, "uid-SALESPERSON", StatusCode::OK),
            (SELLER, "uid-ana", StatusCode::NOT_FOUND),
            (MANAGER, "uid-bia", StatusCode::NOT_FOUND),
            ("ADMIN", "uid-bia", StatusCode::OK),
            ("ADMIN", "nao-existe", StatusCode::NOT_FOUND),
        ] {
            let (status, body) =
                call(&api, "GET", &format!("/users/{uid}/kpis"), token, None).await;
            assert_eq!(status, expected, "{token} {uid}: {body}");
        }
        let (status, body) = call(&api, "GET", "/users/kpis?month=11-2026", "ADMIN", None).await;
        assert_eq!(
            (status, field(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, "month".into())
        );
    }
}
