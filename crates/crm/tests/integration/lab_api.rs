//! `/crmDev`'s API on both engines: feature previews turned on and off per role, team and user (a user's grant beats
//! their team's, which beats their role's; each change in the feature's history), the cadence simulator's dry run
//! (business days, the company's and national holidays, steps already due at the start time) leaving no row behind
//! in any table, and who may do what (writes and the simulator: ADMIN and SUPER_ADMIN only; every role reads its own
//! previews).

use chrono::{NaiveDate, TimeZone, Utc};
use crm::Crm;
use platform::clock::Clock;
use platform::testing::TestApi;
use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common;
use common::{call, field};

async fn apis() -> Vec<(TestApi<Crm>, String)> {
    let mut out = Vec::new();
    for api in common::apis_with_people().await {
        // Tuesday 01/12/2026, 08:00 in São Paulo.
        api.clock
            .set(Utc.with_ymd_and_hms(2026, 12, 1, 11, 0, 0).unwrap());
        let team = common::team_centro(&api, &["uid-SALESPERSON"], "2026-11-01").await;
        out.push((api, team));
    }
    out
}

async fn mine(api: &TestApi<Crm>, token: &str) -> Vec<String> {
    let (status, body) = call(api, "GET", "/lab/previews/mine", token, None).await;
    assert_eq!(status, StatusCode::OK, "{token}: {body}");
    serde_json::from_value(body["enabled"].clone()).unwrap()
}

async fn grant(api: &TestApi<Crm>, kind: &str, subject: &str, enabled: bool) -> Value {
    let path = format!("/lab/previews/funil_lista/grants/{kind}/{subject}");
    let (status, body) = call(
        api,
        "PUT",
        &path,
        "ADMIN",
        Some(json!({ "enabled": enabled })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{}: {body}", api.engine());
    body
}

fn lists(codes: &[String]) -> bool {
    codes.iter().any(|c| c == "funil_lista")
}

#[tokio::test]
async fn previews_resolve_user_over_team_over_role_and_keep_a_history() {
    for (api, team) in apis().await {
        let (status, all) = call(&api, "GET", "/lab/previews", "ADMIN", None).await;
        assert_eq!(status, StatusCode::OK, "{all}");
        let codes: Vec<&str> = all
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap())
            .collect();
        assert!(codes.contains(&"funil_lista") && codes.contains(&"cadencias_calendario"));
        assert!(all[0]["grants"].as_array().unwrap().is_empty());
        // The default: on for everyone.
        assert!(lists(&mine(&api, "SALESPERSON").await));

        // Off for the role: both salespeople lose it; the manager keeps it.
        let f = grant(&api, "papel", "SALESPERSON", false).await;
        assert_eq!(f["grants"][0]["subject_kind"], "papel");
        assert_eq!(f["grants"][0]["enabled"], false);
        assert!(!lists(&mine(&api, "SALESPERSON").await));
        assert!(!lists(&mine(&api, "SALESPERSON+hub").await));
        assert!(lists(&mine(&api, "SALES_MANAGER").await));
        // On for team Centro: its member (uid-SALESPERSON) and its manager get it; the other salesperson does not.
        grant(&api, "time", &team, true).await;
        assert!(lists(&mine(&api, "SALESPERSON").await));
        assert!(!lists(&mine(&api, "SALESPERSON+hub").await));
        // Off for the user: beats their team.
        let f = grant(&api, "usuario", "uid-SALESPERSON", false).await;
        assert_eq!(f["grants"].as_array().unwrap().len(), 3);
        assert!(!lists(&mine(&api, "SALESPERSON").await));
        // The same grant again changes nothing (and records nothing).
        grant(&api, "usuario", "uid-SALESPERSON", false).await;
        // Removing the user's grant: the team's applies again.
        let path = "/lab/previews/funil_lista/grants/usuario/uid-SALESPERSON";
        let (status, f) = call(&api, "DELETE", path, "ADMIN", None).await;
        assert_eq!(status, StatusCode::OK, "{f}");
        assert_eq!(f["grants"].as_array().unwrap().len(), 2);
        assert!(lists(&mine(&api, "SALESPERSON").await));
        let (status, _) = call(&api, "DELETE", path, "ADMIN", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // Other features are untouched.
        assert!(mine(&api, "SALESPERSON")
            .await
            .contains(&"cadencias_calendario".to_string()));

        let (status, history) = call(
            &api,
            "GET",
            "/lab/previews/funil_lista/history",
            "ADMIN",
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{history}");
        let actions: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Prévia desligada",
                "Prévia ligada",
                "Prévia desligada",
                "Liberação removida"
            ],
            "{history}"
        );
        assert_eq!(history[0]["changes"][0]["field"], "papel Vendedor");
        assert_eq!(history[1]["changes"][0]["field"], "time Centro");
        assert_eq!(history[2]["changes"][0]["field"], "usuario Vera Vendedora");

        // What cannot be granted.
        let on = Some(json!({ "enabled": true }));
        for (path, expected, named) in [
            (
                "/lab/previews/nada/grants/papel/ADMIN",
                StatusCode::NOT_FOUND,
                "",
            ),
            (
                "/lab/previews/funil_lista/grants/grupo/x",
                StatusCode::UNPROCESSABLE_ENTITY,
                "subject_kind",
            ),
            (
                "/lab/previews/funil_lista/grants/papel/CHEFE",
                StatusCode::UNPROCESSABLE_ENTITY,
                "subject_id",
            ),
            (
                "/lab/previews/funil_lista/grants/time/nao-existe",
                StatusCode::UNPROCESSABLE_ENTITY,
                "subject_id",
            ),
            (
                "/lab/previews/funil_lista/grants/usuario/uid-ninguem",
                StatusCode::UNPROCESSABLE_ENTITY,
                "subject_id",
            ),
        ] {
            let (status, body) = call(&api, "PUT", path, "ADMIN", on.clone()).await;
            assert_eq!(
                (status, field(&body)),
                (expected, named.to_string()),
                "{path}: {body}"
            );
        }
    }
}

fn steps() -> Value {
    json!([
        { "day_offset": 0, "window_start": "09:00", "window_end": "12:00", "channel": "whatsapp",
          "template": "Oi, {primeiro_nome}!" },
        { "day_offset": 1, "window_start": "14:00", "window_end": "17:00", "channel": "ligacao",
          "template": "Ligar" },
        { "day_offset": 2, "window_start": "16:00", "window_end": "18:00", "channel": "tarefa",
          "template": "Revisar" },
    ])
}

#[tokio::test]
async fn a_cadence_simulation_is_a_dry_run_that_leaves_no_row_behind() {
    for (api, _) in apis().await {
        // The company's holiday on Thursday 24/12 and Christmas on Friday 25/12.
        let eve = NaiveDate::from_ymd_opt(2026, 12, 24).unwrap();
        platform::calendar::add_holiday(
            &api.db,
            platform::calendar::HolidayDraft {
                day: eve,
                name: "Véspera de Natal".into(),
                unit_id: None,
            },
            "uid-ADMIN",
            api.clock.now(),
        )
        .await
        .unwrap();
        let body = json!({ "name": "Fim de ano", "steps": steps() });
        let (status, cadence) = call(&api, "POST", "/cadences", "ADMIN", Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{cadence}");
        let id = cadence["id"].as_str().unwrap();

        let before = common::row_counts(&api).await;
        assert!(before["crm_cadences"] == 1 && before["crm_cadence_steps"] == 3);
        // Wednesday 23/12 at 10:00: the first step (09:00) is already past; the next skip 24/12, 25/12 and the
        // weekend.
        let request =
            json!({ "cadence_id": id, "start_date": "2026-12-23", "start_time": "10:00" });
        let (status, sim) = call(
            &api,
            "POST",
            "/lab/cadence-simulation",
            "ADMIN",
            Some(request),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{}: {sim}", api.engine());
        assert_eq!(sim["cadence_name"], "Fim de ano");
        assert_eq!(sim["first_day"], "2026-12-23");
        let days: Vec<&str> = sim["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["day"].as_str().unwrap())
            .collect();
        assert_eq!(days, ["2026-12-23", "2026-12-28", "2026-12-29"]);
        assert_eq!(sim["steps"][0]["at"], "2026-12-23T12:00:00+00:00");
        assert_eq!(sim["steps"][0]["due_at_once"], true);
        assert_eq!(sim["steps"][1]["due_at_once"], false);
        assert_eq!(sim["steps"][2]["step"]["channel"], "tarefa");
        let holidays: Vec<(&str, bool)> = sim["holidays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| (h["day"].as_str().unwrap(), h["national"].as_bool().unwrap()))
            .collect();
        assert_eq!(holidays, [("2026-12-24", false), ("2026-12-25", true)]);

        // Steps as typed, from a Saturday: counted from Monday.
        let request = json!({ "steps": steps(), "start_date": "2026-12-05" });
        let (status, sim) = call(
            &api,
            "POST",
            "/lab/cadence-simulation",
            "ADMIN",
            Some(request),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{sim}");
        assert_eq!(sim["first_day"], "2026-12-07");
        assert!(sim.get("cadence_name").is_none());
        assert_eq!(sim["steps"][2]["day"], "2026-12-09");
        assert_eq!(sim["steps"][0]["due_at_once"], false);

        // Refused: both or neither, a bad time, invalid steps, a cadence that does not exist.
        for (request, expected, named) in [
            (
                json!({ "cadence_id": id, "steps": steps() }),
                StatusCode::UNPROCESSABLE_ENTITY,
                "steps",
            ),
            (json!({}), StatusCode::UNPROCESSABLE_ENTITY, "steps"),
            (
                json!({ "cadence_id": id, "start_time": "25h" }),
                StatusCode::UNPROCESSABLE_ENTITY,
                "start_time",
            ),
            (
                json!({ "steps": [{ "day_offset": 0, "window_start": "06:00", "window_end": "07:00",
                                    "channel": "fax", "template": "x" }] }),
                StatusCode::UNPROCESSABLE_ENTITY,
                "steps[0].window_start",
            ),
            (
                json!({ "cadence_id": "nao-existe" }),
                StatusCode::NOT_FOUND,
                "",
            ),
        ] {
            let (status, body) = call(
                &api,
                "POST",
                "/lab/cadence-simulation",
                "ADMIN",
                Some(request.clone()),
            )
            .await;
            assert_eq!(
                (status, field(&body)),
                (expected, named.to_string()),
                "{request}: {body}"
            );
        }

        assert_eq!(common::row_counts(&api).await, before, "{}", api.engine());
    }
}

#[tokio::test]
async fn the_lab_is_for_administrators_and_every_role_reads_its_own_previews() {
    for (api, _) in apis().await {
        let on = Some(json!({ "enabled": true }));
        let sim = Some(json!({ "steps": steps() }));
        let writes: [(&str, &str, &Option<Value>); 5] = [
            ("GET", "/lab/previews", &None),
            ("GET", "/lab/previews/funil_lista/history", &None),
            ("PUT", "/lab/previews/funil_lista/grants/papel/ADMIN", &on),
            (
                "DELETE",
                "/lab/previews/funil_lista/grants/papel/ADMIN",
                &None,
            ),
            ("POST", "/lab/cadence-simulation", &sim),
        ];
        for role in Role::ALL {
            let token = role.as_str();
            let admin = matches!(role, Role::Admin | Role::SuperAdmin);
            for (method, path, body) in &writes {
                let (status, answer) = call(&api, method, path, token, (*body).clone()).await;
                if admin {
                    assert!(
                        status.is_success(),
                        "{token} {method} {path}: {status} {answer}"
                    );
                } else {
                    assert_eq!(status, StatusCode::FORBIDDEN, "{token} {method} {path}");
                }
            }
            let (status, _) = call(&api, "GET", "/lab/previews/mine", token, None).await;
            assert_eq!(status, StatusCode::OK, "{token}");
        }
        let (status, _) = api
            .call("GET", "/api/v1/crm/lab/previews/mine", None, None)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}
