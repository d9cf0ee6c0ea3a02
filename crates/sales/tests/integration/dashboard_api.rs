//! `/dashboard` through the API on SQLite and PostgreSQL: a salesperson's own month (their split share against
//! their member target, conversion, activities), a manager's teams with the members' ranking (a team not theirs is
//! 404), the company by unit and team for finance, who may see it at all, and the 422 on `month`.

use chrono::{Duration, TimeZone, Utc};
use crm::domain::activity::ActivityDraft;
use crm::domain::team::TeamFields;
use crm::domain::{Month, OpportunityDraft, Targets};
use crm::Crm;
use platform::clock::Clock;
use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{self, d, person, World, MANAGER, OTHER_SELLER, SELLER};

const DASHBOARD: &str = "/api/v1/sales/dashboard";

async fn dashboard(w: &World, token: &str, query: &str) -> (StatusCode, Value) {
    w.call("GET", &format!("{DASHBOARD}{query}"), token, None)
        .await
}

async fn ok(w: &World, token: &str, query: &str) -> Value {
    let (status, body) = dashboard(w, token, query).await;
    assert_eq!(status, StatusCode::OK, "{token} {query}: {body}");
    body
}

async fn confirmed(w: &World, token: &str, body: Value) {
    let sale = w.draft(token, body).await;
    let (status, sale) = w.confirm(token, &sale).await;
    assert_eq!(status, StatusCode::OK, "{sale}");
}

fn n(body: &Value, key: &str) -> i64 {
    body[key]
        .as_i64()
        .unwrap_or_else(|| panic!("{key} in {body}"))
}

/// Centro's December: R$ 4.000,00 and 4 sales (split evenly over Vera and Ana); a second team, Norte, with no
/// target and no manager. Returns (Centro's id, Norte's id).
async fn teams(w: &World) -> (String, String) {
    let crm = w.api.started.get::<Crm>().unwrap();
    let admin = person("ADMIN", Role::Admin);
    let december = Month::parse("month", "2026-12").unwrap();
    let centro = crm.teams().list(&admin, december, false).await.unwrap()[0]
        .team
        .id
        .clone();
    let targets = Targets {
        sales_value_cents: 400_000,
        sales_count: 4,
        ..Targets::default()
    };
    crm.teams()
        .set_targets(&admin, &centro, december, targets)
        .await
        .unwrap();
    let norte = crm
        .teams()
        .create(
            TeamFields::parse("Norte", None, Vec::new()).unwrap(),
            &admin,
        )
        .await
        .unwrap();
    (centro, norte.team.id)
}

/// Vera alone R$ 1.000,00; Vera 60 % and Ana 40 % of R$ 1.000,00; Otto (no team) R$ 1.000,00; a draft of Vera's.
async fn sales(w: &World) {
    confirmed(w, SELLER, w.sale_body(0, 1)).await;
    let mut shared = w.sale_body(0, 1);
    shared["split"] = json!([
        { "user_id": "uid-SALESPERSON", "share_bp": 6000 },
        { "user_id": "uid-ana", "share_bp": 4000 }
    ]);
    confirmed(w, SELLER, shared).await;
    let mut theirs = w.sale_body(0, 1);
    theirs["client_id"] = json!(w.other_client);
    confirmed(w, OTHER_SELLER, theirs).await;
    w.draft(SELLER, w.sale_body(0, 1)).await;
}

/// Vera's pipeline: two opportunities, one lost today; an activity overdue (this morning) and one due tonight.
async fn pipeline(w: &World) {
    let crm = w.api.started.get::<Crm>().unwrap();
    let seller = person(SELLER, Role::Salesperson);
    let mut ids = Vec::new();
    for title in ["Harmonização", "Protetor"] {
        let opportunity = crm
            .opportunities()
            .create(
                &seller,
                OpportunityDraft {
                    title: title.into(),
                    client_id: Some(w.client.clone()),
                    expected_value_cents: 50_000,
                    source: "indicacao".into(),
                    ..OpportunityDraft::default()
                },
                None,
                None,
            )
            .await
            .unwrap();
        ids.push(opportunity.opportunity.id);
    }
    crm.opportunities()
        .lose(&seller, &ids[1], "preco", None)
        .await
        .unwrap();
    let now = w.api.clock.now();
    for due in [now - Duration::hours(2), now + Duration::hours(3)] {
        let draft = ActivityDraft {
            kind: Some("ligacao".into()),
            subject: Some("Retornar".into()),
            client_id: Some(w.client.clone()),
            due_at: Some(due),
            ..ActivityDraft::default()
        };
        crm.activities().create(&seller, draft).await.unwrap();
    }
}

#[tokio::test]
async fn a_salesperson_sees_their_share_against_their_target_with_conversion_and_activities() {
    for w in common::worlds().await {
        teams(&w).await;
        sales(&w).await;
        pipeline(&w).await;
        let vera = ok(&w, SELLER, "?month=2026-12").await;
        assert_eq!(vera["view"], "proprio");
        assert_eq!(
            (n(&vera, "sold"), n(&vera, "sold_count"), n(&vera, "target")),
            (160_000, 2, 200_000),
            "{}",
            w.api.engine()
        );
        assert_eq!(n(&vera, "average_ticket"), 80_000);
        assert_eq!(n(&vera, "progress_bp"), 8_000);
        assert_eq!((n(&vera, "won"), n(&vera, "lost")), (0, 1));
        assert_eq!(n(&vera, "conversion_bp"), 0);
        assert_eq!(
            (
                n(&vera, "activities_overdue"),
                n(&vera, "activities_due_today")
            ),
            (1, 1)
        );
        // The first working stage holds her open opportunity.
        assert_eq!(n(&vera["funnel"][0], "count"), 1, "{}", vera["funnel"]);
        let days = vera["days"].as_array().unwrap();
        assert_eq!(days.len(), 31);
        assert_eq!((n(&days[5], "sold"), n(&days[6], "sold")), (0, 160_000));
        assert_eq!(n(&days[0], "target"), 200_000 / 31);
        assert_eq!(
            (n(&days[30], "sold"), n(&days[30], "target")),
            (160_000, 200_000)
        );
        assert_eq!(vera["ranking"], json!([]));
        // Her filters are ignored: the month is hers whatever team is named.
        let filtered = ok(&w, SELLER, "?month=2026-12&team_id=outro&unit_id=outra").await;
        assert_eq!(n(&filtered, "sold"), 160_000);
        // Otto has no target: no gauge figure.
        let otto = ok(&w, OTHER_SELLER, "").await;
        assert_eq!(
            (n(&otto, "sold"), otto["progress_bp"].clone()),
            (100_000, Value::Null)
        );
        // Another month has nothing; a bad one names the field.
        let november = ok(&w, SELLER, "?month=2026-11").await;
        assert_eq!(
            (n(&november, "sold"), november["average_ticket"].clone()),
            (0, Value::Null)
        );
        let (status, body) = dashboard(&w, SELLER, "?month=2026-13").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(common::fields(&body), vec!["month"]);
    }
}

#[tokio::test]
async fn a_manager_sees_their_teams_with_the_ranking_and_not_another_team() {
    for w in common::worlds().await {
        let (centro, norte) = teams(&w).await;
        sales(&w).await;
        let team = ok(&w, MANAGER, "").await;
        assert_eq!(team["view"], "equipe");
        assert_eq!(
            (n(&team, "sold"), n(&team, "sold_count"), n(&team, "target")),
            (200_000, 2, 400_000),
            "Otto's sale is in no team of the manager's ({})",
            w.api.engine()
        );
        let ranking: Vec<(String, i64, i64, i64, i64)> = team["ranking"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["name"].as_str().unwrap().to_string(),
                    n(r, "sold"),
                    n(r, "count"),
                    n(r, "target"),
                    n(r, "progress_bp"),
                )
            })
            .collect();
        assert_eq!(
            ranking,
            vec![
                ("Vera Vendedora".into(), 160_000, 2, 200_000, 8_000),
                ("Ana Souza".into(), 40_000, 1, 200_000, 2_000),
            ]
        );
        assert_eq!(team["by_team"][0]["id"], json!(centro));
        assert_eq!(n(&team["by_team"][0], "sold"), 200_000);
        let ids: Vec<&str> = team["teams"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_str().unwrap())
            .collect();
        assert_eq!(
            ids,
            vec![centro.as_str()],
            "only the teams they manage are offered"
        );
        let one = ok(&w, MANAGER, &format!("?team_id={centro}")).await;
        assert_eq!(n(&one, "sold"), 200_000);
        let (status, _) = dashboard(&w, MANAGER, &format!("?team_id={norte}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "a team not theirs");
        let (status, _) = dashboard(&w, MANAGER, "?team_id=nenhum").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn finance_sees_the_company_by_unit_and_team() {
    for w in common::worlds().await {
        let (centro, norte) = teams(&w).await;
        let admin = person("ADMIN", Role::Admin);
        let unit = platform::units::create(
            &w.api.db,
            platform::units::UnitDraft {
                code: "CLIN-1".into(),
                name: "Clínica Centro".into(),
                city: None,
                state: None,
                active: true,
            },
            &admin.uid,
            w.api.clock.now(),
        )
        .await
        .unwrap();
        platform::units::create(
            &w.api.db,
            platform::units::UnitDraft {
                code: "CLIN-2".into(),
                name: "Clínica Norte".into(),
                city: None,
                state: None,
                active: true,
            },
            &admin.uid,
            w.api.clock.now(),
        )
        .await
        .unwrap();
        let crm = w.api.started.get::<Crm>().unwrap();
        let fields = TeamFields::parse(
            "Centro",
            Some(unit.id.clone()),
            vec!["uid-SALES_MANAGER".into()],
        )
        .unwrap();
        crm.teams().update(&centro, fields, &admin).await.unwrap();
        sales(&w).await;

        let company = ok(&w, "FINANCIAL_MANAGER", "?month=2026-12").await;
        assert_eq!(company["view"], "empresa");
        assert_eq!(
            (
                n(&company, "sold"),
                n(&company, "sold_count"),
                n(&company, "target")
            ),
            (300_000, 3, 400_000),
            "every sale, Otto's (no team) too ({})",
            w.api.engine()
        );
        let by_team: Vec<(&str, i64)> = company["by_team"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["name"].as_str().unwrap(), n(t, "sold")))
            .collect();
        assert_eq!(by_team, vec![("Centro", 200_000), ("Norte", 0)]);
        let by_unit: Vec<(Value, i64)> = company["by_unit"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| (u["id"].clone(), n(u, "sold")))
            .collect();
        assert_eq!(by_unit, vec![(json!(unit.id), 200_000), (Value::Null, 0)]);
        // Every unit is offered to the company, one without teams too; a manager only their teams' units.
        let units: Vec<&str> = company["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["name"].as_str().unwrap())
            .collect();
        assert_eq!(units, vec!["Clínica Centro", "Clínica Norte"]);
        let team = ok(&w, MANAGER, "").await;
        assert_eq!(team["units"].as_array().map(Vec::len), Some(1));

        let clinic = ok(&w, "FINANCIAL_ASSISTANT", &format!("?unit_id={}", unit.id)).await;
        assert_eq!(
            (n(&clinic, "sold"), n(&clinic, "target")),
            (200_000, 400_000)
        );
        let nowhere = ok(&w, "ADMIN", "?unit_id=sem-unidade").await;
        assert_eq!((n(&nowhere, "sold"), n(&nowhere, "sold_count")), (0, 0));
        let north = ok(&w, "SUPER_ADMIN", &format!("?team_id={norte}")).await;
        assert_eq!(
            (n(&north, "sold"), north["ranking"].clone()),
            (0, json!([]))
        );
        let (status, _) = dashboard(&w, "ADMIN", "?team_id=nenhum").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn the_dashboard_is_for_the_sales_finance_and_admin_roles() {
    for w in common::worlds().await {
        for role in Role::ALL {
            let token = role.as_str();
            let allowed = matches!(
                token,
                "SALESPERSON"
                    | "SALES_MANAGER"
                    | "FINANCIAL_ASSISTANT"
                    | "FINANCIAL_MANAGER"
                    | "ADMIN"
                    | "SUPER_ADMIN"
            );
            let (status, body) = dashboard(&w, token, "").await;
            let expected = if allowed {
                StatusCode::OK
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{token}: {body}");
        }
        // The default month is today's in São Paulo: 01/01 at 01:00 UTC is still 31/12 there.
        w.api
            .clock
            .set(Utc.from_utc_datetime(&d(2027, 1, 1).and_hms_opt(1, 0, 0).unwrap()));
        let body = ok(&w, SELLER, "").await;
        assert_eq!(body["month"], "2026-12");
    }
}
