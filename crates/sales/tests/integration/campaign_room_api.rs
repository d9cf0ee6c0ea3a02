//! `/blackfriday`, the campaign room, through the API on SQLite and PostgreSQL: the goals, the team ranking and the
//! top salespeople from their split shares, the ticker (first name and item only), which sales count, no client
//! data in the response, the last and the next Black Friday when none runs, 404 and each role's access.

use chrono::Duration;
use crm::domain::campaign::{CampaignDraft, PromoPrice};
use crm::Crm;
use platform::clock::Clock;
use platform::Role;
use poem::http::StatusCode;
use sales::domain::SaleStatus;
use serde_json::{json, Value};

use crate::common::{self, person, World, OTHER_SELLER, SELLER};

const ROOM: &str = "/api/v1/sales/campaign-room";

/// A campaign of `kind` from `starts` to `ends` (AAAA-MM-DD) with the procedure at R$ 800,00 (list R$ 1.000,00),
/// goals R$ 4.000,00 and 4 sales. Its id.
async fn campaign(w: &World, name: &str, kind: &str, starts: &str, ends: &str) -> String {
    let crm = w.api.started.get::<Crm>().unwrap();
    let draft = CampaignDraft {
        name: name.into(),
        kind: kind.into(),
        starts_on: starts.into(),
        ends_on: ends.into(),
        goal_value: Some(400_000),
        goal_count: Some(4),
        promo_prices: vec![PromoPrice {
            catalog_item_id: w.procedure.clone(),
            price: 80_000,
        }],
    };
    let admin = person("ADMIN", Role::Admin);
    crm.links().create_campaign(draft, &admin).await.unwrap().id
}

/// A sale confirmed by `token`, a minute after the previous one (the ticker orders by the instant).
async fn confirmed(w: &World, token: &str, body: Value) -> Value {
    w.api.clock.advance(Duration::minutes(1));
    let sale = w.draft(token, body).await;
    let (status, sale) = w.confirm(token, &sale).await;
    assert_eq!(status, StatusCode::OK, "{sale}");
    sale
}

async fn room(w: &World, token: &str, query: &str) -> (StatusCode, Value) {
    w.call("GET", &format!("{ROOM}{query}"), token, None).await
}

/// (name, value, count) of a ranking.
fn ranking(rows: &Value) -> Vec<(String, i64, i64)> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["value"].as_i64().unwrap(),
                r["count"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn named(rows: &[(&str, i64, i64)]) -> Vec<(String, i64, i64)> {
    rows.iter()
        .map(|(n, v, c)| (n.to_string(), *v, *c))
        .collect()
}

/// Vera's sale split 60/40 with Ana (R$ 800,00 at the campaign price), Vera's own with the procedure and a
/// product (R$ 900,00), Otto's (R$ 800,00; in no team). None of these is counted: a sale of the product alone (in
/// the window, but at list price), a draft, and a confirmed sale cancelled since.
async fn sell(w: &World) {
    let mut shared = w.sale_body(0, 1);
    shared["split"] = json!([
        { "user_id": "uid-SALESPERSON", "share_bp": 6000 },
        { "user_id": "uid-ana", "share_bp": 4000 }
    ]);
    confirmed(w, SELLER, shared).await;
    let mut two = w.sale_body(0, 1);
    two["items"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "catalog_item_id": w.product, "quantity": 1, "discount_bp": 0 }));
    confirmed(w, SELLER, two).await;
    let mut theirs = w.sale_body(0, 1);
    theirs["client_id"] = json!(w.other_client);
    confirmed(w, OTHER_SELLER, theirs).await;

    let mut product_only = w.sale_body(0, 1);
    product_only["items"] =
        json!([{ "catalog_item_id": w.product, "quantity": 1, "discount_bp": 0 }]);
    confirmed(w, SELLER, product_only).await;
    w.draft(SELLER, w.sale_body(0, 1)).await;
    let cancelled = confirmed(w, SELLER, w.sale_body(0, 1)).await;
    platform::on_db!(&w.api.db, pool => sqlx::query("UPDATE sales_sales SET status = $1 WHERE id = $2")
        .bind(SaleStatus::Cancelled.as_str())
        .bind(cancelled["id"].as_str().unwrap())
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
}

#[tokio::test]
async fn the_board_ranks_by_split_shares_and_counts_only_the_campaigns_sold_sales() {
    for w in common::worlds().await {
        let id = campaign(
            &w,
            "Black Friday 2026",
            "black_friday",
            "2026-12-01",
            "2026-12-10",
        )
        .await;
        sell(&w).await;
        let (status, body) = room(&w, SELLER, "").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let board = &body["board"];
        assert_eq!(board["campaign"]["id"], json!(id), "{}", w.api.engine());
        // The countdown ends when 11/12 starts in São Paulo (UTC-3).
        assert_eq!(board["campaign"]["ends_at"], "2026-12-11T03:00:00+00:00");
        // R$ 800 + R$ 900 + R$ 800 of R$ 4.000 (62,5 %); 3 of 4 sales (75 %).
        assert_eq!(
            board["value"],
            json!({ "goal": 400_000, "done": 250_000, "progress_bp": 6_250 })
        );
        assert_eq!(
            board["count"],
            json!({ "goal": 4, "done": 3, "progress_bp": 7_500 })
        );
        // Vera: 60 % of R$ 800 and R$ 900; Ana 40 % of R$ 800; Otto in no team has no team row.
        assert_eq!(
            ranking(&board["top_by_value"]),
            named(&[
                ("Vera", 138_000, 2),
                ("Otto", 80_000, 1),
                ("Ana", 32_000, 1)
            ])
        );
        assert_eq!(
            ranking(&board["top_by_count"]),
            named(&[
                ("Vera", 138_000, 2),
                ("Otto", 80_000, 1),
                ("Ana", 32_000, 1)
            ])
        );
        assert_eq!(ranking(&board["teams"]), named(&[("Centro", 170_000, 2)]));
        assert_eq!(
            board["prices"],
            json!([{
                "catalog_item_id": w.procedure, "name": "Harmonização facial",
                "list_price": 100_000, "promo_price": 80_000
            }])
        );
    }
}

#[tokio::test]
async fn the_ticker_is_newest_first_with_first_name_and_item_and_no_client_data() {
    for w in common::worlds().await {
        campaign(
            &w,
            "Black Friday 2026",
            "black_friday",
            "2026-12-01",
            "2026-12-10",
        )
        .await;
        sell(&w).await;
        let (status, body) = room(&w, "SALES_MANAGER", "").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let ticker = body["board"]["ticker"].as_array().unwrap();
        let seen: Vec<(&str, &str)> = ticker
            .iter()
            .map(|t| {
                let keys: Vec<&String> = t.as_object().unwrap().keys().collect();
                assert_eq!(keys, ["confirmed_at", "first_name", "item"], "{t}");
                (
                    t["first_name"].as_str().unwrap(),
                    t["item"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("Otto", "Harmonização facial"),
                ("Vera", "Harmonização facial"),
                ("Vera", "Harmonização facial"),
            ],
            "{}",
            w.api.engine()
        );
        assert!(ticker[0]["confirmed_at"].as_str() > ticker[1]["confirmed_at"].as_str());
        // Nothing of the clients (name, document, id) nor a salesperson's surname is in the response.
        let text = body.to_string();
        for secret in [
            "Clínica Sorriso",
            "Ótica Visão",
            "11.222.333",
            "11222333000181",
            "45.723.174",
            "45723174000110",
            w.client.as_str(),
            w.other_client.as_str(),
            "Souza",
            "Vendedora",
            "client",
            "document",
        ] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
    }
}

#[tokio::test]
async fn without_a_running_black_friday_the_room_names_the_last_and_the_next() {
    for w in common::worlds().await {
        // 07/12/2026: a seasonal campaign runs, but no Black Friday.
        let last = campaign(&w, "BF 2025", "black_friday", "2025-11-20", "2025-11-30").await;
        let older = campaign(&w, "BF 2024", "black_friday", "2024-11-20", "2024-11-30").await;
        let seasonal = campaign(&w, "Natal", "sazonal", "2026-12-01", "2026-12-24").await;
        let next = campaign(&w, "BF 2027", "black_friday", "2027-11-20", "2027-11-30").await;
        let (status, body) = room(&w, SELLER, "").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["board"], Value::Null, "{}", w.api.engine());
        assert_eq!(body["last"]["id"], json!(last));
        assert_eq!(body["next"]["id"], json!(next));
        assert_eq!(body["campaigns"].as_array().unwrap().len(), 4);
        assert!(body["campaigns"].to_string().contains(&older));
        // A campaign asked for by id is shown whatever its kind and dates.
        let (status, body) = room(&w, SELLER, &format!("?campaign={seasonal}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["board"]["campaign"]["name"], "Natal");
        assert_eq!(body["board"]["campaign"]["kind"], "sazonal");
        // Once the clock reaches the next one, it is the board.
        w.api.clock.set(w.api.clock.now() + Duration::days(350));
        let (_, body) = room(&w, SELLER, "").await;
        assert_eq!(body["board"]["campaign"]["id"], json!(next));
    }
}

#[tokio::test]
async fn an_unknown_campaign_is_404() {
    for w in common::worlds().await {
        let (status, body) = room(&w, SELLER, "?campaign=nao-existe").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    }
}

#[tokio::test]
async fn each_role_reaches_the_room_exactly_as_the_access_table_says() {
    for w in common::worlds().await {
        campaign(
            &w,
            "Black Friday 2026",
            "black_friday",
            "2026-12-01",
            "2026-12-10",
        )
        .await;
        let holders = ["SALESPERSON", "SALES_MANAGER", "ADMIN", "SUPER_ADMIN"];
        for role in Role::ALL {
            let token = role.as_str();
            let (status, body) = room(&w, token, "").await;
            let expected = if holders.contains(&token) {
                StatusCode::OK
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{token}: {body}");
        }
        let (status, _) = w.api.call("GET", ROOM, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}
