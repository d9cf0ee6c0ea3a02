//! The catalog API served as the server serves it, on SQLite and PostgreSQL (`platform::testing`), with the
//! contexts it reads (crm's campaigns, stock's materials; finance for the sales) started before it.

use chrono::Duration;
use crm::domain::campaign::{CampaignDraft, PromoPrice};
use crm::Crm;
use platform::clock::Clock;
use platform::context::{Context, Demo};
use platform::testing::TestApi;
use poem::http::StatusCode;
use sales::Sales;
use serde_json::{json, Value};
use stock::Stock;

use crate::common;

const CATALOG: &str = common::CATALOG;

async fn apis() -> Vec<TestApi<Sales>> {
    common::apis().await
}

fn procedure(sku: &str) -> Value {
    json!({
        "sku": sku, "name": "Peeling químico", "kind": "procedimento", "category": "Facial",
        "list_price": 45000, "max_discount_bp": 1500, "procedure_code": "peeling-quimico"
    })
}

fn fields(error: &Value) -> Vec<String> {
    error["fields"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| f["field"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

async fn create(api: &TestApi<Sales>, body: Value) -> Value {
    let (status, item) = api.call("POST", CATALOG, Some("ADMIN"), Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {item}", api.engine());
    item
}

#[tokio::test]
async fn an_admin_creates_items_that_the_sales_and_finance_roles_read_and_filter() {
    for api in apis().await {
        let item = create(&api, procedure(" peeling-quimico ")).await;
        assert_eq!(item["sku"], "PEELING-QUIMICO");
        assert_eq!(item["procedure_code"], "PEELING-QUIMICO");
        assert_eq!(item["recurring"], false);
        assert_eq!(item["commissionable"], true);
        assert_eq!(item["release_condition"], "primeira_parcela");
        assert_eq!(item["version"], 1);
        let plan = json!({
            "sku": "PLANO-ANUAL", "name": "Plano anual", "kind": "plano", "category": "Planos",
            "list_price": 199900, "cycle": "anual", "min_term_cycles": 1, "release_condition": "pagamento_total"
        });
        let plan = create(&api, plan).await;
        assert_eq!(
            (plan["recurring"].as_bool(), plan["cycle"].as_str()),
            (Some(true), Some("anual"))
        );
        let path = format!("{CATALOG}/{}", item["id"].as_str().unwrap());
        for role in [
            "SALESPERSON",
            "SALES_MANAGER",
            "LEGAL_ASSISTANT",
            "FINANCIAL_ASSISTANT",
            "FINANCIAL_MANAGER",
            "SUPER_ADMIN",
        ] {
            let (status, read) = api.call("GET", &path, Some(role), None).await;
            assert_eq!((status, &read), (StatusCode::OK, &item), "{role}");
        }
        let count = |page: &Value| page["items"].as_array().map_or(0, Vec::len);
        for (query, expected) in [
            ("", 2),
            ("?kind=plano", 1),
            ("?kind=produto", 0),
            ("?category=Facial", 1),
            ("?q=peeling", 1),
            ("?q=QUIMICO", 1),
            ("?active=false", 0),
            ("?page_size=1", 1),
        ] {
            let (status, page) = api
                .call(
                    "GET",
                    &format!("{CATALOG}{query}"),
                    Some("SALESPERSON"),
                    None,
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{query}: {page}");
            assert_eq!(count(&page), expected, "{} {query}: {page}", api.engine());
        }
        let (_, page) = api
            .call(
                "GET",
                &format!("{CATALOG}?page_size=1"),
                Some("ADMIN"),
                None,
            )
            .await;
        assert_eq!(page["has_more"], true);
        let (_, categories) = api
            .call(
                "GET",
                &format!("{CATALOG}/categories"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(categories["categories"], json!(["Facial", "Planos"]));
    }
}

#[tokio::test]
async fn bad_input_is_422_naming_each_field_and_stores_nothing() {
    for api in apis().await {
        let (status, error) = api
            .call("POST", CATALOG, Some("ADMIN"), Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["sku", "name", "kind", "list_price"]);
        let broken = json!({
            "sku": "tem espaço", "name": "Plano", "kind": "plano", "list_price": -1, "recurring": false,
            "max_discount_bp": 10001
        });
        let (status, error) = api.call("POST", CATALOG, Some("ADMIN"), Some(broken)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        // A plan is recurring, so its missing cycle is named too.
        assert_eq!(
            fields(&error),
            ["sku", "list_price", "recurring", "cycle", "max_discount_bp"]
        );
        let message = error["fields"][0]["message"].as_str().unwrap();
        assert!(message.starts_with("SKU inválido"), "{message}");
        let product = json!({
            "sku": "CREME", "name": "Creme", "kind": "produto", "list_price": 100, "recurring": true,
            "cycle": "mensal", "procedure_code": "LIMPEZA-PELE"
        });
        let (status, error) = api
            .call("POST", CATALOG, Some("ADMIN"), Some(product))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&error), ["recurring", "cycle", "procedure_code"]);
        // A material stock does not know.
        let product = json!({"sku": "CREME", "name": "Creme", "kind": "produto", "list_price": 100, "stock_material_id": "nao-existe"});
        let (status, error) = api
            .call("POST", CATALOG, Some("ADMIN"), Some(product))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["stock_material_id"]);
        assert_eq!(
            api.context.catalog().count().await.unwrap(),
            0,
            "{}",
            api.engine()
        );
    }
}

#[tokio::test]
async fn a_product_links_to_a_stock_material() {
    for api in apis().await {
        let stock = api.started.get::<Stock>().unwrap();
        let material = stock
            .registers()
            .create_material(
                stock::domain::MaterialDraft {
                    sku: Some("CRE-900".into()),
                    name: Some("Creme hidratante".into()),
                    base_uom: Some("UN".into()),
                    ..Default::default()
                },
                "uid-ADMIN",
            )
            .await
            .unwrap();
        let body = json!({"sku": "PROD-CRE-900", "name": "Creme hidratante", "kind": "produto", "list_price": 8990, "stock_material_id": material.id});
        let item = create(&api, body).await;
        assert_eq!(item["stock_material_id"], material.id.as_str());
        assert_eq!(item["recurring"], false);
    }
}

#[tokio::test]
async fn a_duplicate_sku_is_409_on_the_sku_whatever_its_case() {
    for api in apis().await {
        let first = create(&api, procedure("PEELING-QUIMICO")).await;
        let (status, error) = api
            .call(
                "POST",
                CATALOG,
                Some("ADMIN"),
                Some(procedure("peeling-quimico")),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{error}");
        assert_eq!(error["code"], "sku_duplicado");
        assert_eq!(fields(&error), ["sku"]);
        assert_eq!(error["existing"]["id"], first["id"]);
        // Renaming another item onto it is refused the same way.
        let other = create(&api, procedure("LIMPEZA-PELE")).await;
        let mut body = procedure("PEELING-QUIMICO");
        body["version"] = json!(1);
        let path = format!("{CATALOG}/{}", other["id"].as_str().unwrap());
        let (status, error) = api.call("PUT", &path, Some("ADMIN"), Some(body)).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("sku_duplicado"))
        );
        assert_eq!(api.context.catalog().count().await.unwrap(), 2);
    }
}

#[tokio::test]
async fn changes_need_the_version_read_and_each_is_in_the_history() {
    for api in apis().await {
        let item = create(&api, procedure("PEELING-QUIMICO")).await;
        let path = format!("{CATALOG}/{}", item["id"].as_str().unwrap());
        let mut body = procedure("PEELING-QUIMICO");
        body["list_price"] = json!(49900);
        body["version"] = json!(1);
        let (status, changed) = api
            .call("PUT", &path, Some("ADMIN"), Some(body.clone()))
            .await;
        assert_eq!(status, StatusCode::OK, "{changed}");
        assert_eq!(
            (changed["list_price"].as_i64(), changed["version"].as_i64()),
            (Some(49900), Some(2))
        );
        // The same version again is stale.
        let (status, error) = api.call("PUT", &path, Some("ADMIN"), Some(body)).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("versao_desatualizada"))
        );
        let (status, _) = api
            .call(
                "POST",
                &format!("{path}/deactivate"),
                Some("ADMIN"),
                Some(json!({"version": 1})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, off) = api
            .call(
                "POST",
                &format!("{path}/deactivate"),
                Some("SUPER_ADMIN"),
                Some(json!({"version": 2})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{off}");
        assert_eq!(
            (off["active"].as_bool(), off["version"].as_i64()),
            (Some(false), Some(3))
        );
        let (_, page) = api
            .call(
                "GET",
                &format!("{CATALOG}?active=false"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(page["items"].as_array().unwrap().len(), 1);
        let (status, history) = api
            .call(
                "GET",
                &format!("{path}/history"),
                Some("FINANCIAL_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let actions: Vec<&str> = history["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Item do catálogo criado",
                "Item do catálogo alterado",
                "Item do catálogo desativado"
            ],
            "{history}"
        );
        assert_eq!(history["entries"][1]["changes"][0]["field"], "list_price");
        assert_eq!(history["entries"][1]["changes"][0]["to"], "49900");
    }
}

#[tokio::test]
async fn each_role_reaches_the_catalog_exactly_as_the_access_table_says() {
    for api in apis().await {
        let item = create(&api, procedure("PEELING-QUIMICO")).await;
        let path = format!("{CATALOG}/{}", item["id"].as_str().unwrap());
        let readers = [
            "SALESPERSON",
            "SALES_MANAGER",
            "LEGAL_ASSISTANT",
            "FINANCIAL_ASSISTANT",
            "FINANCIAL_MANAGER",
            "ADMIN",
            "SUPER_ADMIN",
        ];
        for role in platform::Role::ALL {
            let token = role.as_str();
            let reads = readers.contains(&token);
            let writes = matches!(token, "ADMIN" | "SUPER_ADMIN");
            for read in [
                CATALOG.to_string(),
                path.clone(),
                format!("{path}/price"),
                format!("{path}/history"),
            ] {
                let (status, _) = api.call("GET", &read, Some(token), None).await;
                let expected = if reads {
                    StatusCode::OK
                } else {
                    StatusCode::FORBIDDEN
                };
                assert_eq!(status, expected, "{token} GET {read}");
            }
            let (status, _) = api
                .call(
                    "POST",
                    CATALOG,
                    Some(token),
                    Some(procedure(&format!("X-{token}"))),
                )
                .await;
            let expected = if writes {
                StatusCode::CREATED
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{token} POST");
            let (status, _) = api
                .call(
                    "POST",
                    &format!("{path}/deactivate"),
                    Some(token),
                    Some(json!({"version": 99})),
                )
                .await;
            let expected = if writes {
                StatusCode::CONFLICT
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{token} deactivate");
        }
        let (status, _) = api.call("GET", CATALOG, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, error) = api
            .call("GET", &format!("{CATALOG}/nao-existe"), Some("ADMIN"), None)
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("nao_encontrado"))
        );
        let (status, _) = api
            .call(
                "GET",
                &format!("{CATALOG}/nao-existe/price"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn the_price_is_a_running_campaigns_promotional_price_inside_its_window_only() {
    for api in apis().await {
        let item = create(&api, procedure("PEELING-QUIMICO")).await;
        let id = item["id"].as_str().unwrap().to_string();
        let plan = create(&api, json!({"sku": "PLANO-ANUAL", "name": "Plano anual", "kind": "plano", "list_price": 199900, "cycle": "anual"})).await;
        let today = api.clock.today();
        let crm = api.started.get::<Crm>().unwrap();
        let admin = platform::testing::principal("uid-ADMIN", "Admin");
        let campaign = crm
            .links()
            .create_campaign(
                CampaignDraft {
                    name: "Black Friday".into(),
                    kind: "black_friday".into(),
                    starts_on: (today + Duration::days(10)).to_string(),
                    ends_on: (today + Duration::days(20)).to_string(),
                    promo_prices: vec![
                        // By id…
                        PromoPrice {
                            catalog_item_id: id.clone(),
                            price: 39_900,
                        },
                        // …or by SKU, as the CRM's demo campaigns name items.
                        PromoPrice {
                            catalog_item_id: "plano-anual".into(),
                            price: 149_900,
                        },
                    ],
                    ..CampaignDraft::default()
                },
                &admin,
            )
            .await
            .unwrap();
        let price = |item: &str, days: Option<i64>| {
            let query = days
                .map(|d| format!("?date={}", today + Duration::days(d)))
                .unwrap_or_default();
            format!("{CATALOG}/{item}/price{query}")
        };
        for (days, expected) in [
            (None, 45_000),
            (Some(9), 45_000),
            (Some(10), 39_900),
            (Some(20), 39_900),
            (Some(21), 45_000),
        ] {
            let (status, p) = api
                .call("GET", &price(&id, days), Some("SALESPERSON"), None)
                .await;
            assert_eq!(status, StatusCode::OK, "{p}");
            assert_eq!(
                p["price"].as_i64(),
                Some(expected),
                "{} day {days:?}: {p}",
                api.engine()
            );
            assert_eq!(p["list_price"], 45_000);
            let in_campaign = expected == 39_900;
            assert_eq!(
                p["campaign_id"].as_str() == Some(campaign.id.as_str()),
                in_campaign,
                "{p}"
            );
        }
        let (_, p) = api
            .call("GET", &price(&id, None), Some("ADMIN"), None)
            .await;
        assert_eq!(p["date"], today.to_string());
        let (_, p) = api
            .call(
                "GET",
                &price(plan["id"].as_str().unwrap(), Some(15)),
                Some("SALES_MANAGER"),
                None,
            )
            .await;
        assert_eq!(
            (p["price"].as_i64(), p["campaign_name"].as_str()),
            (Some(149_900), Some("Black Friday"))
        );
        // The clock moves into the window: "today" follows it.
        api.clock.advance(Duration::days(12));
        let (_, p) = api
            .call("GET", &price(&id, None), Some("SALESPERSON"), None)
            .await;
        assert_eq!(p["price"], 39_900);
    }
}

#[tokio::test]
async fn demo_data_is_loaded_once() {
    for api in apis().await {
        let mut demo = Demo::default();
        api.context.seed_demo(&mut demo).await.unwrap();
        let first = api.context.catalog().count().await.unwrap();
        assert!((25..=35).contains(&first), "{first}");
        api.context.seed_demo(&mut demo).await.unwrap();
        assert_eq!(api.context.catalog().count().await.unwrap(), first);
        let (_, page) = api
            .call(
                "GET",
                &format!("{CATALOG}?q=TOXINA-BOT"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(page["items"][0]["procedure_code"], "TOXINA-BOT");
    }
}

#[tokio::test]
async fn both_engines_have_the_same_tables() {
    platform::testing::assert_same_schema(&[Sales::migrations()]).await;
}
