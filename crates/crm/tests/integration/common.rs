//! What the CRM API tests share: the identity users the test tokens sign in as, calls under `/api/v1/crm`, and
//! reading the fields a 422 names.
#![allow(dead_code)]

use crm::Crm;
use platform::clock::Clock;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::Value;

pub const MANAGER: &str = "SALES_MANAGER";
pub const SELLER: &str = "SALESPERSON";
/// A salesperson in no team of the manager's (the tokens sign in as `uid-SALESPERSON+hub`).
pub const OTHER_SELLER: &str = "SALESPERSON+hub";

/// The test tokens sign in as `uid-<ROLE>`: these are the people behind them, plus the extra salespeople the tests
/// name (uid-ana and uid-bia).
pub const PEOPLE: &[(&str, &str, &str)] = &[
    ("uid-SALES_MANAGER", "Gil Gerente", "SALES_MANAGER"),
    ("uid-SALESPERSON", "Vera Vendedora", "SALESPERSON"),
    ("uid-SALESPERSON+hub", "Otto Outro", "SALESPERSON"),
    ("uid-ana", "Ana Souza", "SALESPERSON"),
    ("uid-bia", "Bia Lima", "SALESPERSON"),
    (
        "uid-FINANCIAL_MANAGER",
        "Fábio Financeiro",
        "FINANCIAL_MANAGER",
    ),
];

/// The CRM on each engine after identity, with [`PEOPLE`] as identity users.
pub async fn apis_with_people() -> Vec<TestApi<Crm>> {
    let apis = TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>().await;
    for api in &apis {
        add_people(api).await;
    }
    apis
}

/// Inserts [`PEOPLE`] as identity users, created at the API clock's now.
pub async fn add_people(api: &TestApi<Crm>) {
    let now = api.clock.now();
    for (uid, name, role) in PEOPLE {
        platform::on_db!(&api.db, pool => sqlx::query(
            "INSERT INTO identity_users (uid, email, email_lower, name, role, created_at, updated_at) \
             VALUES ($1, $2, $2, $3, $4, $5, $5)",
        )
        .bind(uid)
        .bind(format!("{uid}@example.com.br"))
        .bind(name)
        .bind(role)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))
        .unwrap();
    }
}

/// A call under `/api/v1/crm`.
pub async fn call(
    api: &TestApi<Crm>,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    api.call(method, &format!("/api/v1/crm{path}"), Some(token), body)
        .await
}

/// The fields a 422 names, in order.
pub fn fields(body: &Value) -> Vec<String> {
    body["fields"]
        .as_array()
        .map(|f| {
            f.iter()
                .map(|v| v["field"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The first field a 422 names ("" when none).
pub fn field(body: &Value) -> String {
    fields(body).into_iter().next().unwrap_or_default()
}

/// The team "Centro", managed by uid-SALES_MANAGER, with `members` since `joined_on` (aaaa-mm-dd). Returns its id.
pub async fn team_centro(api: &TestApi<Crm>, members: &[&str], joined_on: &str) -> String {
    let body = serde_json::json!({ "name": "Centro", "manager_ids": ["uid-SALES_MANAGER"] });
    let (status, team) = call(api, "POST", "/teams", "ADMIN", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{team}");
    let id = team["id"].as_str().unwrap().to_string();
    for uid in members {
        let member = serde_json::json!({ "user_id": uid, "joined_on": joined_on });
        let path = format!("/teams/{id}/members");
        let (status, body) = call(api, "POST", &path, "ADMIN", Some(member)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

/// The number of rows of every table of the database (every context's, the platform's included), by name: a dry
/// run must leave it as it found it.
pub async fn row_counts(api: &TestApi<Crm>) -> std::collections::BTreeMap<String, i64> {
    let tables: Vec<(String,)> = match &api.db {
        platform::db::Db::Sqlite(pool) => sqlx::query_as(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        platform::db::Db::Postgres(pool) => sqlx::query_as(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    };
    let mut counts = std::collections::BTreeMap::new();
    for (table,) in tables {
        let sql = format!("SELECT COUNT(*) FROM \"{table}\"");
        let (n,): (i64,) =
            platform::on_db!(&api.db, pool => sqlx::query_as(&sql).fetch_one(pool).await).unwrap();
        counts.insert(table, n);
    }
    counts
}
