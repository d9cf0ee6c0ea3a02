//! The attendance timer through the API, on both engines, time moved by the test clock: durations with pauses left
//! out, the server record a second device reads, one timer per user (409 naming it), the activities' scope (404),
//! the offline stop's device time (under 12 h, not in the future), and the stop completing the activity and
//! removing the timer in one transaction.

use chrono::{DateTime, Duration, TimeZone, Utc};
use crm::Crm;
use platform::clock::Clock;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common;
use common::field;

const TIMER: &str = "/api/v1/crm/timer";
const ACTIVITIES: &str = "/api/v1/crm/activities";
const SP: Option<&str> = Some("SALESPERSON");

/// Team Centro: managed by uid-SALES_MANAGER, with uid-SALESPERSON; uid-bia is in no team.
async fn apis() -> Vec<TestApi<Crm>> {
    let apis = TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>().await;
    for api in &apis {
        api.clock.set(noon());
        common::add_people(api).await;
        common::team_centro(api, &["uid-SALESPERSON"], "2026-11-01").await;
    }
    apis
}

/// 01/12/2026 12:00 in São Paulo.
fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 15, 0, 0).unwrap()
}

/// An open call of `owner`, created by an administrator; its id.
async fn activity(api: &TestApi<Crm>, owner: &str, subject: &str) -> String {
    let body = json!({ "kind": "ligacao", "subject": subject, "due_at": noon().to_rfc3339(), "owner_id": owner });
    let (status, a) = api
        .call("POST", ACTIVITIES, Some("ADMIN"), Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{}: {a}", api.engine());
    a["id"].as_str().unwrap().to_string()
}

async fn timer(
    api: &TestApi<Crm>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    api.call(method, &format!("{TIMER}{path}"), SP, body).await
}

async fn start_on(api: &TestApi<Crm>, id: &str) -> Value {
    let (status, t) = timer(api, "POST", "/start", Some(json!({ "activity_id": id }))).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {t}", api.engine());
    t
}

fn wait(api: &TestApi<Crm>, seconds: i64) {
    api.clock.advance(Duration::seconds(seconds));
}

async fn get_activity(api: &TestApi<Crm>, id: &str) -> Value {
    let (status, a) = api
        .call("GET", &format!("{ACTIVITIES}/{id}"), SP, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{a}");
    a
}

#[tokio::test]
async fn pauses_are_left_out_and_a_second_device_sees_the_running_timer() {
    for api in apis().await {
        let id = activity(&api, "uid-SALESPERSON", "Ligar para a Carla").await;
        let (status, none) = timer(&api, "GET", "", None).await;
        assert_eq!((status, none), (StatusCode::NO_CONTENT, Value::Null));

        let started = start_on(&api, &id).await;
        assert_eq!(
            (
                started["state"].clone(),
                started["elapsed_s"].clone(),
                started["subject"].clone()
            ),
            (json!("running"), json!(0), json!("Ligar para a Carla"))
        );
        wait(&api, 90);
        // Another device (or a reload) reads the same timer, counted by the server.
        let (status, seen) = timer(&api, "GET", "", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            (seen["state"].clone(), seen["elapsed_s"].clone()),
            (json!("running"), json!(90))
        );
        assert_eq!(seen["activity_id"], json!(id));

        let (status, paused) = timer(&api, "POST", "/pause", None).await;
        assert_eq!(
            (status, paused["state"].clone()),
            (StatusCode::OK, json!("paused"))
        );
        wait(&api, 600);
        let (_, seen) = timer(&api, "GET", "", None).await;
        assert_eq!(seen["elapsed_s"], json!(90), "a pause counts nothing");
        let (status, err) = timer(&api, "POST", "/pause", None).await;
        assert_eq!(
            (status, err["code"].clone()),
            (StatusCode::CONFLICT, json!("cronometro_pausado"))
        );

        let (status, resumed) = timer(&api, "POST", "/resume", None).await;
        assert_eq!(
            (status, resumed["elapsed_s"].clone()),
            (StatusCode::OK, json!(90))
        );
        wait(&api, 30);
        let (status, done) = timer(
            &api,
            "POST",
            "/stop",
            Some(json!({ "outcome": "atendeu", "notes": "Pediu orçamento" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{done}");
        assert_eq!(
            (
                done["duration_s"].clone(),
                done["outcome"].clone(),
                done["notes"].clone()
            ),
            (json!(120), json!("atendeu"), json!("Pediu orçamento"))
        );
        let (status, _) = timer(&api, "GET", "", None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, _) = timer(&api, "POST", "/pause", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn one_timer_per_user_and_only_on_open_activities_within_reach() {
    for api in apis().await {
        let first = activity(&api, "uid-SALESPERSON", "Primeira ligação").await;
        let second = activity(&api, "uid-SALESPERSON", "Segunda ligação").await;
        let bias = activity(&api, "uid-bia", "Ligação da Bia").await;

        // Someone else's activity does not exist for the salesperson.
        let (status, _) = timer(&api, "POST", "/start", Some(json!({ "activity_id": bias }))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{}", api.engine());

        start_on(&api, &first).await;
        let (status, err) = timer(
            &api,
            "POST",
            "/start",
            Some(json!({ "activity_id": second })),
        )
        .await;
        assert_eq!(
            (status, err["code"].clone()),
            (StatusCode::CONFLICT, json!("cronometro_em_andamento"))
        );
        assert!(
            err["message"]
                .as_str()
                .unwrap()
                .contains("Primeira ligação"),
            "{err}"
        );

        // Each user has their own timer, on what they reach: a manager on their team's activities, not Bia's.
        let (status, _) = api
            .call(
                "POST",
                &format!("{TIMER}/start"),
                Some("SALES_MANAGER"),
                Some(json!({ "activity_id": bias })),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = api
            .call(
                "POST",
                &format!("{TIMER}/start"),
                Some("SALES_MANAGER"),
                Some(json!({ "activity_id": second })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);

        // Discarding leaves the activity open; a done activity cannot be timed.
        let (status, _) = timer(&api, "DELETE", "", None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        assert_eq!(get_activity(&api, &first).await["done_at"], Value::Null);
        let (status, _) = timer(&api, "DELETE", "", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let complete = json!({ "outcome": "nao_atendeu" });
        let (status, _) = api
            .call(
                "POST",
                &format!("{ACTIVITIES}/{first}/complete"),
                SP,
                Some(complete),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, err) = timer(
            &api,
            "POST",
            "/start",
            Some(json!({ "activity_id": first })),
        )
        .await;
        assert_eq!(
            (status, err["code"].clone()),
            (StatusCode::CONFLICT, json!("atividade_concluida"))
        );

        // A role outside sales: 403.
        let (status, _) = api
            .call("GET", TIMER, Some("FINANCIAL_MANAGER"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn a_standalone_timer_creates_its_activity_when_stopped_and_bad_input_is_named() {
    for api in apis().await {
        let (status, client) = api
            .call(
                "POST",
                "/api/v1/crm/clients",
                SP,
                Some(
                    json!({ "kind": "person", "document": "529.982.247-25", "name": "Carla Dias" }),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{client}");
        let client_id = client["id"].as_str().unwrap();

        let (status, err) = timer(&api, "POST", "/start", Some(json!({ "kind": "fax" }))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(common::fields(&err), ["client_id", "kind"]);
        let (status, err) = timer(
            &api,
            "POST",
            "/start",
            Some(json!({ "client_id": "nenhum", "kind": "visita" })),
        )
        .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "client_id".into())
        );

        let (status, t) = timer(
            &api,
            "POST",
            "/start",
            Some(json!({ "client_id": client_id, "kind": "visita" })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{t}");
        assert_eq!(
            (t["client_name"].clone(), t["activity_id"].clone()),
            (json!("Carla Dias"), Value::Null)
        );
        // Nothing is created until it is stopped.
        let (_, page) = api.call("GET", ACTIVITIES, SP, None).await;
        assert_eq!(page["total"], 0);

        wait(&api, 1800);
        let (status, err) = timer(
            &api,
            "POST",
            "/stop",
            Some(json!({ "notes": "sem resultado" })),
        )
        .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "outcome".into())
        );
        let (status, done) = timer(
            &api,
            "POST",
            "/stop",
            Some(json!({ "outcome": "agendou_avaliacao" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{done}");
        assert_eq!(
            (
                done["origin"].clone(),
                done["kind"].clone(),
                done["duration_s"].clone(),
                done["client_id"].clone()
            ),
            (
                json!("timer"),
                json!("visita"),
                json!(1800),
                json!(client_id)
            )
        );
        assert_eq!(done["subject"], "Visita (cronômetro)");
        assert_eq!(
            done["done_at"]
                .as_str()
                .map(|d| d.parse::<DateTime<Utc>>().unwrap()),
            Some(api.clock.now())
        );
    }
}

#[tokio::test]
async fn an_offline_stop_keeps_the_device_time_under_12_hours_and_never_in_the_future() {
    for api in apis().await {
        let id = activity(&api, "uid-SALESPERSON", "Avaliação na clínica").await;
        start_on(&api, &id).await;
        // The device lost the connection, stopped after 40 min, and is back online 13 h after the start.
        let device = noon() + Duration::minutes(40);
        wait(&api, 13 * 3600);
        let stop = |at: DateTime<Utc>| json!({ "outcome": "atendeu", "device_stopped_at": at.to_rfc3339() });

        for refused in [
            noon() + Duration::hours(12),
            api.clock.now() + Duration::minutes(5),
        ] {
            let (status, err) = timer(&api, "POST", "/stop", Some(stop(refused))).await;
            assert_eq!(
                (status, field(&err)),
                (StatusCode::UNPROCESSABLE_ENTITY, "device_stopped_at".into()),
                "{refused}: {err}"
            );
        }
        let (status, done) = timer(&api, "POST", "/stop", Some(stop(device))).await;
        assert_eq!(status, StatusCode::OK, "{done}");
        assert_eq!(done["duration_s"], json!(2400));
        let done_at: DateTime<Utc> = done["done_at"].as_str().unwrap().parse().unwrap();
        assert_eq!(done_at, device);
    }
}

#[tokio::test]
async fn stopping_completes_the_activity_and_removes_the_timer_in_one_transaction() {
    for api in apis().await {
        let id = activity(&api, "uid-SALESPERSON", "Retorno do orçamento").await;
        start_on(&api, &id).await;
        wait(&api, 300);

        // The activity's completion fails after the timer's row was deleted in the same transaction: both stay.
        fail_activity_updates(&api, true).await;
        let (status, _) = timer(&api, "POST", "/stop", Some(json!({ "outcome": "atendeu" }))).await;
        assert_eq!(
            status,
            StatusCode::INTERNAL_SERVER_ERROR,
            "{}",
            api.engine()
        );
        fail_activity_updates(&api, false).await;
        let (status, still) = timer(&api, "GET", "", None).await;
        assert_eq!(
            (status, still["elapsed_s"].clone()),
            (StatusCode::OK, json!(300))
        );
        assert_eq!(get_activity(&api, &id).await["done_at"], Value::Null);

        let (status, _) = timer(&api, "POST", "/stop", Some(json!({ "outcome": "atendeu" }))).await;
        assert_eq!(status, StatusCode::OK);
        let a = get_activity(&api, &id).await;
        assert_eq!(
            (a["outcome"].clone(), a["duration_s"].clone()),
            (json!("atendeu"), json!(300))
        );
        let (status, _) = timer(&api, "GET", "", None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
}

/// A trigger that makes every change to an activity fail (or removes it), on either engine.
async fn fail_activity_updates(api: &TestApi<Crm>, on: bool) {
    let statements: &[&str] = match (&api.db, on) {
        (platform::db::Db::Sqlite(_), true) => &[
            "CREATE TRIGGER fail_activity_updates BEFORE UPDATE ON crm_activities \
             BEGIN SELECT RAISE(ABORT, 'falha simulada'); END",
        ],
        (platform::db::Db::Sqlite(_), false) => &["DROP TRIGGER fail_activity_updates"],
        (platform::db::Db::Postgres(_), true) => &[
            "CREATE FUNCTION fail_activity_updates() RETURNS trigger AS $$ \
             BEGIN RAISE EXCEPTION 'falha simulada'; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER fail_activity_updates BEFORE UPDATE ON crm_activities \
             FOR EACH ROW EXECUTE FUNCTION fail_activity_updates()",
        ],
        (platform::db::Db::Postgres(_), false) => &[
            "DROP TRIGGER fail_activity_updates ON crm_activities",
            "DROP FUNCTION fail_activity_updates()",
        ],
    };
    for sql in statements {
        platform::on_db!(&api.db, pool => sqlx::query(sql).execute(pool).await.map(|_| ()))
            .unwrap();
    }
}
