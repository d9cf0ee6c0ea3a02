//! The sales parts of the CRM plugin's card (`/api/v1/sales/plugin/*`) on SQLite and PostgreSQL: the client's
//! sales still in hand with where their payment stands, within the caller's reach (a client outside the
//! portfolio is 404), and the summary link sent from the plugin under the web's rules. Which tokens hold
//! `crm_plugin` (plugin tokens only) is identity's, tested with the plugin's sign-in in crm's `plugin_api`.

use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{self, World, MANAGER, OTHER_SELLER, SELLER};

fn client_sales(client: &str) -> String {
    format!("/api/v1/sales/plugin/clients/{client}/sales")
}

fn plugin_links(sale: &Value) -> String {
    format!(
        "/api/v1/sales/plugin/sales/{}/summary-links",
        sale["id"].as_str().unwrap()
    )
}

/// The numbers of the sales the plugin card lists for `client`, as `token` sees them.
async fn listed(w: &World, token: &str, client: &str) -> Vec<Value> {
    let (status, body) = w.call("GET", &client_sales(client), token, None).await;
    assert_eq!(status, StatusCode::OK, "{}: {body}", w.api.engine());
    body.as_array().unwrap().clone()
}

#[tokio::test]
async fn the_card_lists_the_clients_sales_in_hand_with_the_next_installment_within_reach() {
    for w in common::worlds().await {
        let engine = w.api.engine();
        let draft = w.draft(SELLER, w.sale_body(0, 1)).await;
        let sold = w.draft(SELLER, w.sale_body(0, 3)).await;
        let (status, sold) = w.confirm(SELLER, &sold).await;
        assert_eq!(status, StatusCode::OK, "{engine}: {sold}");
        let gone = w.draft(SELLER, w.sale_body(0, 1)).await;
        let discard = json!({ "version": gone["version"], "reason": "Cliente desistiu" });
        let path = format!("{}/{}/discard", common::SALES, gone["id"].as_str().unwrap());
        let (status, body) = w.call("POST", &path, SELLER, Some(discard)).await;
        assert_eq!(status, StatusCode::OK, "{engine}: {body}");

        let sales = listed(&w, SELLER, &w.client).await;
        let numbers: Vec<&str> = sales
            .iter()
            .map(|s| s["number"].as_str().unwrap())
            .collect();
        assert_eq!(
            numbers,
            [
                sold["number"].as_str().unwrap(),
                draft["number"].as_str().unwrap()
            ],
            "{engine}: newest first, the discarded one left out"
        );
        assert_eq!(sales[0]["status"], "confirmada", "{engine}");
        // R$ 1.000,00 in 3 boletos from 10/12/2026: the odd centavo on the first.
        assert_eq!(sales[0]["next_due_date"], "2026-12-10", "{engine}");
        assert_eq!(sales[0]["next_due_amount"], 33_334, "{engine}");
        assert_eq!(sales[0]["overdue"], false, "{engine}");
        assert_eq!(sales[1]["status"], "rascunho", "{engine}");
        assert!(
            sales[1]["next_due_date"].is_null(),
            "{engine}: {}",
            sales[1]
        );

        // The manager of the seller's team sees them too; another salesperson does not reach the client.
        assert_eq!(listed(&w, MANAGER, &w.client).await.len(), 2, "{engine}");
        let (status, _) = w
            .call("GET", &client_sales(&w.client), OTHER_SELLER, None)
            .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "{engine}: outside the portfolio"
        );
        let (status, _) = w
            .call("GET", &client_sales("nao-existe"), SELLER, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{engine}");
        // The other seller's client has no sales the seller reaches: 404 as well, never an empty list.
        let (status, _) = w
            .call("GET", &client_sales(&w.other_client), SELLER, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{engine}");

        // The plugin group is for the sales roles and administrators (§6).
        for role in Role::ALL {
            let token = role.as_str();
            let allowed = matches!(
                token,
                "SALESPERSON" | "SALES_MANAGER" | "ADMIN" | "SUPER_ADMIN"
            );
            let (status, body) = w.call("GET", &client_sales(&w.client), token, None).await;
            let expected = if allowed {
                StatusCode::OK
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{engine} {token}: {body}");
        }
    }
}

#[tokio::test]
async fn a_summary_link_sent_from_the_plugin_follows_the_webs_rules() {
    for w in common::worlds().await {
        let engine = w.api.engine();
        let sale = w.draft(SELLER, w.sale_body(0, 2)).await;
        let (status, created) = w
            .call("POST", &plugin_links(&sale), SELLER, Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{engine}: {created}");
        let url = created["url"].as_str().unwrap();
        assert!(url.starts_with("/resumo-temporario#t="), "{engine}: {url}");
        assert_eq!(created["link"]["state"], "ativo", "{engine}");
        // The same link the sale's page lists.
        let (status, links) = w
            .call(
                "GET",
                &format!(
                    "{}/{}/summary-links",
                    common::SALES,
                    sale["id"].as_str().unwrap()
                ),
                SELLER,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{engine}");
        assert_eq!(links.as_array().unwrap().len(), 1, "{engine}: {links}");

        let (status, _) = w
            .call("POST", &plugin_links(&sale), OTHER_SELLER, Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{engine}: outside reach");
        let (status, body) = w
            .call(
                "POST",
                &plugin_links(&sale),
                SELLER,
                Some(json!({ "expires_in_hours": 721 })),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{engine}: {body}");
        let (status, _) = w
            .call(
                "POST",
                &plugin_links(&sale),
                "STOCK_KEEPER",
                Some(json!({})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{engine}");
    }
}
