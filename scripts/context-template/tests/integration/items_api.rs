//! The __name__ API served as the server serves it, on SQLite and PostgreSQL (`platform::testing`).

use __name__::__Name__;
use platform::context::{Context, Demo};
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::json;

const ITEMS: &str = "/api/v1/__name__/items";

#[tokio::test]
async fn creates_reads_and_lists_items() {
    for api in TestApi::<__Name__>::on_each_engine().await {
        let (status, item) = api
            .call("POST", ITEMS, Some("ADMIN"), Some(json!({"name": " Avental ", "amount": 2350})))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {item}", api.engine());
        assert_eq!((item["name"].as_str(), item["amount"].as_i64()), (Some("Avental"), Some(2350)));
        let path = format!("{ITEMS}/{}", item["id"].as_str().unwrap());
        let (status, read) = api.call("GET", &path, Some("SALESPERSON"), None).await;
        assert_eq!((status, &read), (StatusCode::OK, &item));
        let (status, page) = api.call("GET", ITEMS, Some("STOCK_KEEPER"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(page["items"].as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn bad_input_names_its_fields_and_stores_nothing() {
    for api in TestApi::<__Name__>::on_each_engine().await {
        let body = json!({"name": "", "amount": -5});
        let (status, error) = api.call("POST", ITEMS, Some("ADMIN"), Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        let fields: Vec<&str> = error["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["name", "amount"]);
        assert_eq!(api.context.items().count().await.unwrap(), 0);
    }
}

#[tokio::test]
async fn permissions_are_enforced_and_unknown_ids_are_404() {
    for api in TestApi::<__Name__>::on_each_engine().await {
        let body = json!({"name": "Avental", "amount": 1});
        let (status, _) = api.call("POST", ITEMS, Some("SALESPERSON"), Some(body)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api.call("GET", ITEMS, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, error) = api.call("GET", &format!("{ITEMS}/nao-existe"), Some("ADMIN"), None).await;
        assert_eq!((status, error["code"].as_str()), (StatusCode::NOT_FOUND, Some("nao_encontrado")));
    }
}

#[tokio::test]
async fn demo_data_is_loaded_once() {
    for api in TestApi::<__Name__>::on_each_engine().await {
        let mut demo = Demo::default();
        api.context.seed_demo(&mut demo).await.unwrap();
        api.context.seed_demo(&mut demo).await.unwrap();
        assert_eq!(api.context.items().count().await.unwrap(), 3);
    }
}

#[tokio::test]
async fn both_engines_have_the_same_tables() {
    platform::testing::assert_same_schema(&[__Name__::migrations()]).await;
}
