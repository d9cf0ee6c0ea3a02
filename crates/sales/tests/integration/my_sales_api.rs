//! `/minhas-vendas` through the API on SQLite and PostgreSQL: the month sold against the target (a person's share
//! of the split, a manager's teams, everyone for finance) and the list with what was received, the next
//! installment and the overdue flag, read from finance in one call per page.

use chrono::{TimeZone, Utc};
use crm::domain::{Month, Targets};
use crm::Crm;
use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{self, d, person, World, MANAGER, OTHER_SELLER, SALES, SELLER};

const PROGRESS: &str = "/api/v1/sales/sales/month-progress";

/// Sets team Centro's December targets (split evenly over Vera and Ana): R$ 4.000,00 and 4 sales.
async fn december_targets(w: &World) {
    let crm = w.api.started.get::<Crm>().unwrap();
    let admin = person("ADMIN", Role::Admin);
    let december = Month::parse("month", "2026-12").unwrap();
    let team = crm.teams().list(&admin, december, false).await.unwrap();
    let centro = &team
        .iter()
        .find(|t| t.team.name == "Centro")
        .unwrap()
        .team
        .id;
    let targets = Targets {
        sales_value_cents: 400_000,
        sales_count: 4,
        ..Targets::default()
    };
    crm.teams()
        .set_targets(&admin, centro, december, targets)
        .await
        .unwrap();
}

async fn confirmed(w: &World, token: &str, body: Value) -> Value {
    let sale = w.draft(token, body).await;
    let (status, sale) = w.confirm(token, &sale).await;
    assert_eq!(status, StatusCode::OK, "{sale}");
    sale
}

async fn progress(w: &World, token: &str, query: &str) -> (StatusCode, Value) {
    w.call("GET", &format!("{PROGRESS}{query}"), token, None)
        .await
}

/// Vera's "Minhas": her sales and those she is in the split of, newest first.
async fn mine(w: &World) -> Vec<Value> {
    let (status, page) = w
        .call("GET", &format!("{SALES}?mine=true"), SELLER, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["items"].as_array().unwrap().clone()
}

fn figures(body: &Value) -> (i64, i64, i64, i64) {
    let n = |k: &str| body[k].as_i64().unwrap();
    (n("target"), n("target_count"), n("sold"), n("sold_count"))
}

#[tokio::test]
async fn the_month_is_each_persons_share_against_their_target_and_the_managers_teams_against_theirs(
) {
    for w in common::worlds().await {
        december_targets(&w).await;
        // Vera alone: R$ 1.000,00. Vera 60 % and Ana 40 % of R$ 1.000,00. A draft counts for nobody.
        confirmed(&w, SELLER, w.sale_body(0, 1)).await;
        let mut shared = w.sale_body(0, 3);
        shared["split"] = json!([
            { "user_id": "uid-SALESPERSON", "share_bp": 6000 },
            { "user_id": "uid-ana", "share_bp": 4000 }
        ]);
        confirmed(&w, SELLER, shared).await;
        w.draft(SELLER, w.sale_body(0, 1)).await;
        // Otto's sale is in no team of the manager's.
        let mut theirs = w.sale_body(0, 1);
        theirs["client_id"] = json!(w.other_client);
        confirmed(&w, OTHER_SELLER, theirs).await;

        let (status, vera) = progress(&w, SELLER, "").await;
        assert_eq!(status, StatusCode::OK, "{vera}");
        assert_eq!(vera["month"], "2026-12");
        assert_eq!(
            figures(&vera),
            (200_000, 2, 160_000, 2),
            "{}",
            w.api.engine()
        );
        let (_, otto) = progress(&w, OTHER_SELLER, "?month=2026-12").await;
        assert_eq!(figures(&otto), (0, 0, 100_000, 1), "no target set for Otto");
        // The manager's team: the team's own target and every sale of the team (the team snapshot on the sale).
        let (status, team) = progress(&w, MANAGER, "?team=true").await;
        assert_eq!(status, StatusCode::OK, "{team}");
        assert_eq!(figures(&team), (400_000, 4, 200_000, 2));
        // Finance and administrators see every sale.
        let (_, all) = progress(&w, "FINANCIAL_MANAGER", "?team=true").await;
        assert_eq!(figures(&all), (400_000, 4, 300_000, 3));
        // Another month has nothing yet.
        let (_, november) = progress(&w, SELLER, "?month=2026-11").await;
        assert_eq!(figures(&november), (0, 0, 0, 0));

        // A salesperson manages no team; a bad month names the field; a role outside sales is 403.
        let (status, body) = progress(&w, SELLER, "?team=true").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(common::fields(&body), vec!["team"]);
        let (status, body) = progress(&w, SELLER, "?month=2026-13").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(common::fields(&body), vec!["month"]);
        let (status, _) = progress(&w, "STOCK_KEEPER", "").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn the_list_shows_what_was_received_the_next_installment_and_the_overdue_flag() {
    for w in common::worlds().await {
        let sale = confirmed(&w, SELLER, w.sale_body(0, 3)).await;
        let draft = w.draft(SELLER, w.sale_body(0, 1)).await;
        let mut shared = w.sale_body(0, 1);
        shared["client_id"] = json!(w.other_client);
        shared["split"] = json!([
            { "user_id": "uid-SALESPERSON+hub", "share_bp": 5000 },
            { "user_id": "uid-SALESPERSON", "share_bp": 5000 }
        ]);
        let shared = w.draft(OTHER_SELLER, shared).await;

        // The first installment (R$ 333,34, due Thursday 10/12) paid in part on the 7th.
        let first = &sale["receivables"][0];
        assert_eq!(first["amount"], 33_334);
        w.receive(first["installment_id"].as_str().unwrap(), 10_000)
            .await;

        let items = mine(&w).await;
        let ids: Vec<&str> = items.iter().map(|s| s["id"].as_str().unwrap()).collect();
        // Newest first: her own and the one she is in the split of.
        assert_eq!(
            ids,
            vec![
                shared["id"].as_str().unwrap(),
                draft["id"].as_str().unwrap(),
                sale["id"].as_str().unwrap()
            ]
        );
        let listed = &items[2];
        assert_eq!(
            (
                &listed["received"],
                &listed["next_due_date"],
                &listed["next_due_amount"],
                &listed["overdue"]
            ),
            (
                &json!(10_000),
                &json!("2026-12-10"),
                &json!(23_334),
                &json!(false)
            ),
            "{}",
            w.api.engine()
        );
        assert_eq!(
            (
                &items[1]["received"],
                &items[1]["next_due_date"],
                &items[1]["overdue"]
            ),
            (&json!(0), &Value::Null, &json!(false)),
            "a draft has no receivables yet"
        );

        // Friday 11/12, the day after the due date's grace: overdue.
        w.api
            .clock
            .set(Utc.from_utc_datetime(&d(2026, 12, 11).and_hms_opt(15, 0, 0).unwrap()));
        let items = mine(&w).await;
        assert_eq!(
            (&items[2]["overdue"], &items[2]["next_due_amount"]),
            (&json!(true), &json!(23_334))
        );

        // "Minhas" for the manager is only theirs (none); without it, their team's.
        let (_, page) = w
            .call("GET", &format!("{SALES}?mine=true"), MANAGER, None)
            .await;
        assert_eq!(page["items"], json!([]));
        let (_, page) = w.call("GET", SALES, MANAGER, None).await;
        assert_eq!(page["items"].as_array().map(Vec::len), Some(3));
    }
}

#[tokio::test]
async fn a_sale_is_duplicated_as_a_new_draft_priced_today_and_only_within_reach() {
    for w in common::worlds().await {
        // Vera: the procedure at 5 % off and the product twice, boleto in 3 from Thursday 10/12 (priced Monday 7/12).
        let mut body = w.sale_body(500, 3);
        body["items"]
            .as_array_mut()
            .unwrap()
            .push(json!({ "catalog_item_id": w.product, "quantity": 2 }));
        body["split"] = json!([
            { "user_id": "uid-SALESPERSON", "share_bp": 6000 },
            { "user_id": "uid-ana", "share_bp": 4000 }
        ]);
        let original = confirmed(&w, SELLER, body).await;
        // Two days later: the copy's first due date keeps its three days from the price date.
        w.api
            .clock
            .set(Utc.from_utc_datetime(&d(2026, 12, 9).and_hms_opt(15, 0, 0).unwrap()));
        let path = format!("{SALES}/{}/duplicate", original["id"].as_str().unwrap());
        let (status, copy) = w.call("POST", &path, SELLER, None).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {copy}", w.api.engine());
        assert_ne!(copy["id"], original["id"]);
        assert_ne!(copy["number"], original["number"]);
        assert_eq!(copy["status"], "rascunho");
        assert_eq!(copy["opportunity_id"], Value::Null);
        for field in ["client_id", "items", "split", "total", "payment_method"] {
            assert_eq!(
                strip_names(&copy[field]),
                strip_names(&original[field]),
                "{field}"
            );
        }
        let dues: Vec<&str> = copy["installments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["due_date"].as_str().unwrap())
            .collect();
        assert_eq!(dues, vec!["2026-12-12", "2027-01-12", "2027-02-12"]);
        let (_, history) = w
            .call(
                "GET",
                &format!("{SALES}/{}/history", copy["id"].as_str().unwrap()),
                SELLER,
                None,
            )
            .await;
        let expected = format!(
            "Venda criada (rascunho), cópia da venda {}",
            original["number"].as_str().unwrap()
        );
        assert_eq!(
            history["entries"][0]["action"],
            json!(expected),
            "{history}"
        );

        // Outside the reach: 404; a reader: 403; nothing is written.
        let before = w.receivable_installments().await;
        let (status, _) = w.call("POST", &path, OTHER_SELLER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = w.call("POST", &path, "FINANCIAL_ASSISTANT", None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let missing = format!("{SALES}/00000000-0000-0000-0000-000000000000/duplicate");
        let (status, _) = w.call("POST", &missing, SELLER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // An item since deactivated: 422, and no draft is added.
        let (_, item) = w
            .api
            .call(
                "GET",
                &format!("{}/{}", common::CATALOG, w.product),
                Some("ADMIN"),
                None,
            )
            .await;
        let (status, _) = w
            .api
            .call(
                "POST",
                &format!("{}/{}/deactivate", common::CATALOG, w.product),
                Some("ADMIN"),
                Some(json!({ "version": item["version"] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, page) = w
            .call("GET", &format!("{SALES}?mine=true"), SELLER, None)
            .await;
        let drafts = page["items"].as_array().unwrap().len();
        let (status, body) = w.call("POST", &path, SELLER, None).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (_, page) = w
            .call("GET", &format!("{SALES}?mine=true"), SELLER, None)
            .await;
        assert_eq!(page["items"].as_array().unwrap().len(), drafts);
        assert_eq!(w.receivable_installments().await, before);
    }
}

/// A list of lines or shares without the names and prices the server fills in (for comparing two sales' contents).
fn strip_names(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(strip_names).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "name" | "seq"))
                .map(|(k, v)| (k.clone(), strip_names(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}
