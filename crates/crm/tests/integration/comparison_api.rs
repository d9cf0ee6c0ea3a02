//! The team comparison (sales-crm-commissions.md §4) through the API, on both engines: its input rules
//! (scenario 30), who may compare which teams, membership taken on each event's business date, the metrics for the
//! period and the one before, the targets pro rata, the weekly series and the open funnel.

use chrono::{DateTime, TimeZone, Utc};
use crm::Crm;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common;
use common::{apis_with_people as apis, call, field, team_centro};

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()
}

async fn activity(api: &TestApi<Crm>, owner: &str, kind: &str, done_at: DateTime<Utc>) {
    platform::on_db!(&api.db, pool => sqlx::query(
        "INSERT INTO crm_activities (id, kind, subject, owner_id, due_at, done_at, outcome, origin, version, \
         created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, 'Contato', $3, $4, $4, 'atendeu', 'manual', 1, $4, $3, $4, $3)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(kind)
    .bind(owner)
    .bind(done_at)
    .execute(pool)
    .await
    .map(|_| ()))
    .unwrap();
}

/// An opportunity of `owner` created at `created`; `closed` with `status` (`ganha`/`perdida`), or open in the team.
async fn opportunity(
    api: &TestApi<Crm>,
    owner: &str,
    team: Option<&str>,
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

async fn team_moema(api: &TestApi<Crm>) -> String {
    let (status, team) = call(
        api,
        "POST",
        "/teams",
        "ADMIN",
        Some(json!({ "name": "Moema", "manager_ids": [] })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{team}");
    team["id"].as_str().unwrap().to_string()
}

async fn compare(api: &TestApi<Crm>, token: &str, query: &str) -> (StatusCode, Value) {
    call(
        api,
        "GET",
        &format!("/teams/comparison?{query}"),
        token,
        None,
    )
    .await
}

fn team<'a>(body: &'a Value, name: &str) -> &'a Value {
    body["teams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {body}"))
}

#[tokio::test]
async fn scenario_30_the_comparison_asks_for_two_to_six_teams_and_a_period_of_at_most_24_months() {
    for api in apis().await {
        api.clock.set(at(2026, 11, 20, 15, 0));
        let centro = team_centro(&api, &["uid-ana"], "2026-01-01").await;
        let moema = team_moema(&api).await;
        for ids in [centro.clone(), format!("{centro},{centro}"), String::new()] {
            let (status, body) = compare(&api, "ADMIN", &format!("ids={ids}")).await;
            assert_eq!(
                (status, field(&body)),
                (StatusCode::UNPROCESSABLE_ENTITY, "ids".into()),
                "{ids}: {body}"
            );
        }
        let seven = vec![centro.as_str(); 1]
            .into_iter()
            .chain(["a", "b", "c", "d", "e", "f"])
            .collect::<Vec<_>>()
            .join(",");
        let (status, body) = compare(&api, "ADMIN", &format!("ids={seven}")).await;
        assert_eq!(
            (status, field(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, "ids".into())
        );
        let ids = format!("ids={centro},{moema}");
        let (status, body) = compare(
            &api,
            "ADMIN",
            &format!("{ids}&from=2024-11-01&to=2026-11-30"),
        )
        .await;
        assert_eq!(
            (status, field(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, "to".into()),
            "{body}"
        );
        let (status, body) = compare(
            &api,
            "ADMIN",
            &format!("{ids}&from=2026-11-30&to=2026-11-01"),
        )
        .await;
        assert_eq!(
            (status, field(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, "to".into())
        );
        let (status, body) = compare(&api, "ADMIN", &format!("{ids}&granularity=ano")).await;
        assert_eq!(
            (status, field(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, "granularity".into())
        );
        // The default period is this month.
        let (status, body) = compare(&api, "ADMIN", &ids).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            (body["from"].as_str(), body["to"].as_str()),
            (Some("2026-11-01"), Some("2026-11-30"))
        );
        assert_eq!(
            (body["previous_from"].as_str(), body["previous_to"].as_str()),
            (Some("2026-10-02"), Some("2026-10-31"))
        );
    }
}

#[tokio::test]
async fn a_manager_compares_only_teams_they_manage_and_a_salesperson_not_at_all() {
    for api in apis().await {
        api.clock.set(at(2026, 11, 20, 15, 0));
        let centro = team_centro(&api, &["uid-ana"], "2026-01-01").await;
        let moema = team_moema(&api).await;
        let (status, second) = call(
            &api,
            "POST",
            "/teams",
            "ADMIN",
            Some(json!({ "name": "Pinheiros", "manager_ids": ["uid-SALES_MANAGER"] })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
        let pinheiros = second["id"].as_str().unwrap();
        let (status, _) = compare(&api, "SALESPERSON", &format!("ids={centro},{pinheiros}")).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, body) =
            compare(&api, "SALES_MANAGER", &format!("ids={centro},{pinheiros}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // Moema is not theirs: as if it did not exist.
        let (status, _) = compare(&api, "SALES_MANAGER", &format!("ids={centro},{moema}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = compare(&api, "SALES_MANAGER", &format!("ids={centro},nao-existe")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) =
            compare(&api, "FINANCIAL_MANAGER", &format!("ids={centro},{moema}")).await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn events_count_for_the_team_of_their_business_date_with_the_previous_period_targets_series_and_funnel(
) {
    for api in apis().await {
        api.clock.set(at(2026, 11, 20, 15, 0));
        // Ana is in Centro until 10/11 and in Moema from 11/11; Bia is in Moema all along.
        let centro = team_centro(&api, &["uid-ana"], "2026-01-01").await;
        let moema = team_moema(&api).await;
        let (status, centro_team) =
            call(&api, "GET", &format!("/teams/{centro}"), "ADMIN", None).await;
        assert_eq!(status, StatusCode::OK);
        let ana_in_centro = centro_team["members"][0]["id"]
            .as_str()
            .unwrap()
            .to_string();
        let (status, body) = call(
            &api,
            "POST",
            &format!("/teams/{centro}/members/{ana_in_centro}/end"),
            "ADMIN",
            Some(json!({ "left_on": "2026-11-10" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        for (uid, from) in [("uid-ana", "2026-11-11"), ("uid-bia", "2026-01-01")] {
            let (status, body) = call(
                &api,
                "POST",
                &format!("/teams/{moema}/members"),
                "ADMIN",
                Some(json!({ "user_id": uid, "joined_on": from })),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let target = json!({ "sales_value_cents": 0, "sales_count": 0, "activities_done": 300, "new_clients": 0 });
        let (status, body) = call(
            &api,
            "PUT",
            &format!("/teams/{centro}/targets/2026-11"),
            "ADMIN",
            Some(target),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // 10/11 at 23:30 in São Paulo is 11/11 02:30 UTC: still Ana's last day in Centro.
        activity(&api, "uid-ana", "ligacao", at(2026, 11, 11, 2, 30)).await;
        activity(&api, "uid-ana", "whatsapp", at(2026, 11, 5, 13, 0)).await;
        // 11/11 at 09:00: Moema.
        activity(&api, "uid-ana", "ligacao", at(2026, 11, 11, 12, 0)).await;
        activity(&api, "uid-bia", "visita", at(2026, 11, 12, 12, 0)).await;
        // October (the previous period), in Centro.
        activity(&api, "uid-ana", "email", at(2026, 10, 20, 12, 0)).await;
        // Outside both periods, and someone in no compared team.
        activity(&api, "uid-ana", "email", at(2026, 9, 1, 12, 0)).await;
        activity(&api, "uid-SALESPERSON", "ligacao", at(2026, 11, 5, 12, 0)).await;

        // Ana wins one in Centro after 10 days, loses one; Bia wins one in Moema after 40 days.
        opportunity(
            &api,
            "uid-ana",
            Some(&centro),
            at(2026, 10, 27, 12, 0),
            Some(("ganha", at(2026, 11, 6, 12, 0))),
        )
        .await;
        opportunity(
            &api,
            "uid-ana",
            Some(&centro),
            at(2026, 11, 2, 12, 0),
            Some(("perdida", at(2026, 11, 3, 12, 0))),
        )
        .await;
        opportunity(
            &api,
            "uid-bia",
            Some(&moema),
            at(2026, 10, 3, 12, 0),
            Some(("ganha", at(2026, 11, 12, 12, 0))),
        )
        .await;
        // Open ones make the funnel.
        opportunity(&api, "uid-bia", Some(&moema), at(2026, 11, 15, 12, 0), None).await;
        opportunity(&api, "uid-bia", Some(&moema), at(2026, 11, 16, 12, 0), None).await;

        let (status, body) = compare(
            &api,
            "FINANCIAL_MANAGER",
            &format!("ids={centro},{moema}&from=2026-11-01&to=2026-11-30&granularity=semana"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let c = team(&body, "Centro");
        let m = team(&body, "Moema");
        assert_eq!(c["current"]["activities_done"], 2, "{c}");
        assert_eq!(m["current"]["activities_done"], 2, "{m}");
        assert_eq!(c["previous"]["activities_done"], 1);
        assert_eq!(m["previous"]["activities_done"], 0);
        let kinds: Vec<(String, i64)> = c["current"]["activities_by_kind"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| {
                (
                    k["kind"].as_str().unwrap().to_string(),
                    k["count"].as_i64().unwrap(),
                )
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        assert_eq!(
            kinds,
            [("ligacao".to_string(), 1), ("whatsapp".to_string(), 1)]
        );
        assert_eq!(
            (c["current"]["won"].as_i64(), c["current"]["lost"].as_i64()),
            (Some(1), Some(1))
        );
        assert_eq!(c["current"]["conversion_bp"], 5000);
        assert_eq!(c["current"]["cycle_days_tenths"], 100);
        assert_eq!(m["current"]["conversion_bp"], 10000);
        assert_eq!(m["current"]["cycle_days_tenths"], 400);
        // Leads created in November: Ana's lost one (Centro); Bia's two open ones (Moema), none won yet.
        assert_eq!(
            (
                c["current"]["leads"].as_i64(),
                c["current"]["lead_conversion_bp"].as_i64()
            ),
            (Some(1), Some(0))
        );
        assert_eq!(m["current"]["leads"], 2);
        // The whole month's target; attainment 2 of 300.
        assert_eq!(c["current"]["activities_target"], 300);
        assert_eq!(c["current"]["activities_attainment_bp"], 66);
        assert!(
            m["current"].get("activities_attainment_bp").is_none(),
            "{m}"
        );
        // Ana: 10 days of 30 in Centro, 20 in Moema; Bia 30 in Moema.
        assert_eq!(c["average_members_milli"], 333);
        assert_eq!(m["average_members_milli"], 1666);
        // Weeks from Monday: 02/11 holds the 5th and the 6th's win, 09/11 Ana's last day in Centro.
        let week = |t: &Value, label: &str| {
            t["series"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["label"] == label)
                .cloned()
                .unwrap_or_else(|| panic!("{label} in {t}"))
        };
        assert_eq!(week(c, "02/11")["activities_done"], 1);
        assert_eq!(week(c, "02/11")["won"], 1);
        assert_eq!(week(c, "09/11")["activities_done"], 1);
        assert_eq!(week(c, "01/11")["activities_target"], 10);
        let last = c["series"].as_array().unwrap().last().unwrap();
        assert_eq!(
            (
                last["cumulative_done"].as_i64(),
                last["cumulative_target"].as_i64()
            ),
            (Some(2), Some(300))
        );
        assert_eq!(m["funnel"][0]["stage_id"], "qualificado");
        assert_eq!(
            (
                m["funnel"][0]["count"].as_i64(),
                m["funnel"][0]["value_cents"].as_i64()
            ),
            (Some(2), Some(700000))
        );
        assert!(c["funnel"].as_array().unwrap().is_empty());
        assert!(body["stages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "Qualificado"));
        let ana = m["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["user_id"] == "uid-ana")
            .unwrap();
        assert_eq!(
            (ana["name"].as_str(), ana["activities_done"].as_i64()),
            (Some("Ana Souza"), Some(1))
        );
    }
}
