//! `/vendas-produtos` through the API on SQLite and PostgreSQL: each catalog item's quantity, gross, discounts,
//! net, received (a sale's receipts shared over its lines) and the net per month, within each role's reach.

use platform::clock::Clock;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{self, World, MANAGER, OTHER_SELLER, SELLER};

const PRODUCTS: &str = "/api/v1/sales/reports/products";

async fn report(w: &World, token: &str, query: &str) -> (StatusCode, Value) {
    w.call("GET", &format!("{PRODUCTS}{query}"), token, None)
        .await
}

/// (SKU, quantity, gross, discounts, net, received, average discount) per row, in the report's order.
fn rows(body: &Value) -> Vec<(String, i64, i64, i64, i64, i64, i64)> {
    body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let n = |k: &str| r[k].as_i64().unwrap();
            (
                r["sku"].as_str().unwrap().to_string(),
                n("quantity"),
                n("gross"),
                n("discounts"),
                n("net"),
                n("received"),
                n("average_discount_bp"),
            )
        })
        .collect()
}

#[tokio::test]
async fn items_sum_their_lines_with_received_shared_by_line_and_each_role_sees_its_reach() {
    for w in common::worlds().await {
        // Vera: the procedure at 5 % off (950,00) and the product twice (200,00), half received.
        let mut body = w.sale_body(500, 1);
        body["items"]
            .as_array_mut()
            .unwrap()
            .push(json!({ "catalog_item_id": w.product, "quantity": 2 }));
        let sale = w.draft(SELLER, body).await;
        let (status, sale) = w.confirm(SELLER, &sale).await;
        assert_eq!(status, StatusCode::OK, "{sale}");
        w.receive(
            sale["receivables"][0]["installment_id"].as_str().unwrap(),
            57_500,
        )
        .await;
        // Otto, in none of the manager's teams: the procedure at list price. A draft counts for nobody.
        let mut theirs = w.sale_body(0, 1);
        theirs["client_id"] = json!(w.other_client);
        let theirs = w.draft(OTHER_SELLER, theirs).await;
        let (status, _) = w.confirm(OTHER_SELLER, &theirs).await;
        assert_eq!(status, StatusCode::OK);
        w.draft(SELLER, w.sale_body(0, 1)).await;

        let (status, all) = report(&w, "FINANCIAL_MANAGER", "").await;
        assert_eq!(status, StatusCode::OK, "{all}");
        let s = |t: &str| t.to_string();
        assert_eq!(
            rows(&all),
            vec![
                (s("HARMONIZACAO"), 2, 200_000, 5_000, 195_000, 47_500, 250),
                (s("CREME-FPS50"), 2, 20_000, 0, 20_000, 10_000, 0),
            ],
            "{}",
            w.api.engine()
        );
        assert_eq!(
            all["months"],
            json!([{ "month": "2026-12", "net": 215_000 }])
        );
        assert_eq!(
            (&all["from"], &all["to"]),
            (&json!("2026-01-01"), &json!("2026-12-07"))
        );

        // The manager: only the sales of their team.
        let (status, team) = report(&w, MANAGER, "?from=2026-12-01&to=2026-12-31").await;
        assert_eq!(status, StatusCode::OK, "{team}");
        assert_eq!(
            rows(&team),
            vec![
                (s("HARMONIZACAO"), 1, 100_000, 5_000, 95_000, 47_500, 500),
                (s("CREME-FPS50"), 2, 20_000, 0, 20_000, 10_000, 0),
            ]
        );
        // One kind; a period without sales.
        let (_, products) = report(&w, "ADMIN", "?kind=produto").await;
        assert_eq!(rows(&products).len(), 1);
        assert_eq!(rows(&products)[0].0, "CREME-FPS50");
        let (_, november) = report(&w, "ADMIN", "?from=2026-11-01&to=2026-11-30").await;
        assert_eq!(
            (&november["rows"], &november["months"]),
            (&json!([]), &json!([]))
        );

        // A salesperson and the stock roles are refused; a period that ends before it starts names `to`.
        for token in [SELLER, "STOCK_KEEPER", "LEGAL_ASSISTANT"] {
            let (status, _) = report(&w, token, "").await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{token}");
        }
        let (status, body) = report(&w, "ADMIN", "?from=2026-12-10&to=2026-12-01").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(common::fields(&body), vec!["to"]);
        let (status, body) = report(&w, "ADMIN", "?from=2024-01-01&to=2026-12-01").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
}

#[tokio::test]
async fn a_unit_counts_the_sales_of_its_teams_and_the_export_has_the_same_rows() {
    for w in common::worlds().await {
        // Team Centro belongs to the clinic CLIN-1; Otto is in no team.
        let admin = common::person("ADMIN", platform::Role::Admin);
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
        let crm = w.api.started.get::<crm::Crm>().unwrap();
        let december = crm::domain::Month::parse("month", "2026-12").unwrap();
        let centro = crm.teams().list(&admin, december, false).await.unwrap()[0]
            .team
            .id
            .clone();
        let fields = crm::domain::team::TeamFields::parse(
            "Centro",
            Some(unit.id.clone()),
            vec!["uid-SALES_MANAGER".into()],
        )
        .unwrap();
        crm.teams().update(&centro, fields, &admin).await.unwrap();
        let mut mine = w.sale_body(0, 1);
        mine["items"] = json!([{ "catalog_item_id": w.product, "quantity": 3 }]);
        let mine = w.draft(SELLER, mine).await;
        assert_eq!(w.confirm(SELLER, &mine).await.0, StatusCode::OK);
        let mut theirs = w.sale_body(0, 1);
        theirs["client_id"] = json!(w.other_client);
        let theirs = w.draft(OTHER_SELLER, theirs).await;
        assert_eq!(w.confirm(OTHER_SELLER, &theirs).await.0, StatusCode::OK);

        let (status, clinic) = report(&w, "ADMIN", &format!("?unit_id={}", unit.id)).await;
        assert_eq!(status, StatusCode::OK, "{clinic}");
        let skus: Vec<String> = rows(&clinic).into_iter().map(|r| r.0).collect();
        assert_eq!(skus, vec!["CREME-FPS50"], "{}", w.api.engine());
        let (_, nowhere) = report(&w, "ADMIN", "?unit_id=sem-unidade").await;
        assert_eq!(nowhere["rows"], json!([]));

        // The export: the same rows and filters, as the page's table names the columns.
        let path = format!("{PRODUCTS}/export?format=csv&unit_id={}", unit.id);
        let (status, csv) = w.call("GET", &path, "ADMIN", None).await;
        assert_eq!(status, StatusCode::OK, "{csv}");
        let csv = csv
            .as_str()
            .unwrap()
            .trim_start_matches('\u{feff}')
            .to_string();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "SKU;Item;Tipo;Quantidade;Bruto;Descontos;Desconto médio;Líquido;Recebido;Cancelado"
        );
        assert_eq!(lines.len(), 2, "{csv}");
        assert!(
            lines[1].starts_with("CREME-FPS50;Protetor solar FPS 50;Produto;3;300,00;"),
            "{}",
            lines[1]
        );
        let xlsx = w
            .api
            .client
            .get(format!("{PRODUCTS}/export?format=xlsx"))
            .header("Authorization", "Bearer FINANCIAL_MANAGER")
            .send()
            .await;
        assert_eq!(xlsx.0.status(), StatusCode::OK);
        let bytes = xlsx.0.into_body().into_vec().await.unwrap();
        assert_eq!(&bytes[..2], b"PK", "an XLSX is a zip");
        for token in [SELLER, "STOCK_KEEPER"] {
            let (status, _) = w.call("GET", &path, token, None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{token}");
        }
    }
}
