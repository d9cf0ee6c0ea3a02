//! Walks the endpoint access table (docs/access.md) for every role: each protected endpoint answers
//! 403 to exactly the roles its permission excludes, 401 without a token, and the docs match the code.

mod common;

use common::{body, harnesses, Harness};
use platform::{EndpointRule, Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::{json, Value};

/// A request that the endpoint would accept from an allowed caller: (path with ids filled, body).
/// `GET /api/v1/users/{uid}` reads the caller (reading others is `users.rs`'s business).
fn sample(
    rule: &EndpointRule,
    self_uid: &str,
    target_uid: &str,
    client_id: &str,
    n: usize,
) -> (String, Option<Value>) {
    let uid = if (rule.method, rule.path) == ("GET", "/api/v1/users/{uid}") {
        self_uid
    } else {
        target_uid
    };
    let path = rule.path.replace("{uid}", uid).replace("{id}", client_id);
    let body = match (rule.method, rule.path) {
        ("POST", "/api/v1/auth/password") => {
            Some(json!({"current_password": "x", "new_password": "y"}))
        }
        ("GET", "/api/v1/auth/access") => return (format!("{path}?path=/remessa"), None),
        ("POST", "/api/v1/users") => Some(
            json!({"email": format!("novo{n}@x.com.br"), "name": "Novo", "role": "SALESPERSON", "password": "Senha@123"}),
        ),
        ("PATCH", "/api/v1/users/{uid}") => Some(json!({"name": "Alvo Renomeado"})),
        ("POST", "/api/v1/users/{uid}/reset-password") => {
            Some(json!({"new_password": "NovaSenha1"}))
        }
        ("POST", "/fcm-subscriptions/save-fcm-token") => {
            Some(json!({"fcmToken": format!("token-{n}")}))
        }
        ("POST", "/dispatch/conciliation/pega-xereta") => {
            Some(json!({"content": "/hub/despachos", "has_permission": false}))
        }
        ("POST", "/api/v1/crm/clients") => {
            Some(json!({"kind": "person", "document": cpf_for(n), "name": format!("Cliente {n}")}))
        }
        ("PATCH", "/api/v1/crm/clients/{id}") => Some(json!({"notes": format!("nota {n}")})),
        ("POST", "/api/v1/auth/sign-in") => Some(json!({"email": "x@x.com", "password": "x"})),
        ("POST", "/api/v1/auth/refresh") => Some(json!({"refresh_token": "x"})),
        ("POST", "/api/v1/auth/password-reset/send-code") => Some(json!({"email": "x@x.com"})),
        ("POST", "/api/v1/auth/password-reset/confirm") => {
            Some(json!({"email": "x@x.com", "code": "1", "new_password": "y"}))
        }
        ("GET", _)
        | ("POST", "/api/v1/auth/sign-out")
        | ("POST", "/api/v1/users/{uid}/deactivate") => None,
        ("POST", p) if p.ends_with("/archive") || p.ends_with("/restore") => None,
        (m, p) => panic!("no sample request for {m} {p}: add one to tests/access.rs"),
    };
    (path, body)
}

/// A valid CPF made from `n` (the walk creates one client per allowed role).
fn cpf_for(n: usize) -> String {
    let base: Vec<u32> = format!("{:09}", 100_000_000 + n * 7919)
        .chars()
        .map(|c| c.to_digit(10).unwrap())
        .collect();
    let dv = |digits: &[u32]| {
        let len = digits.len() as u32 + 1;
        let sum: u32 = digits
            .iter()
            .enumerate()
            .map(|(i, d)| d * (len - i as u32))
            .sum();
        let r = (sum * 10) % 11;
        if r == 10 {
            0
        } else {
            r
        }
    };
    let mut all = base.clone();
    all.push(dv(&base));
    all.push(dv(&all));
    all.iter().map(|d| d.to_string()).collect()
}

async fn call(
    h: &Harness,
    method: &str,
    path: &str,
    body: Option<Value>,
    token: Option<&str>,
) -> poem::test::TestResponse {
    let mut req = match method {
        "GET" => h.client.get(path),
        "POST" => h.client.post(path),
        "PATCH" => h.client.patch(path),
        "PUT" => h.client.put(path),
        "DELETE" => h.client.delete(path),
        m => panic!("method {m}"),
    };
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    match body {
        Some(b) => req.body_json(&b).send().await,
        None => req.send().await,
    }
}

/// Sign-out last: it ends the session the walk is using.
fn walk_order() -> Vec<EndpointRule> {
    let mut rules = server::app::endpoints();
    rules.sort_by_key(|r| r.path == "/api/v1/auth/sign-out");
    rules
}

#[tokio::test]
async fn every_endpoint_enforces_its_permission_for_every_role() {
    for h in harnesses().await {
        let target = h
            .user(
                "alvo@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let (_, admin_token) = h.signed_in("dono@x.com.br", Role::SuperAdmin).await;
        let client_id = create_client(&h, &admin_token).await;
        let mut n = 0;
        for role in Role::ALL {
            let email = format!("{}@walk.com.br", role.as_str().to_lowercase());
            let (me, token) = h.signed_in(&email, role).await;
            for rule in walk_order() {
                n += 1;
                let (path, body) = sample(&rule, &me, &target, &client_id, n);
                let Some(permission) = rule.permission else {
                    continue;
                };
                let resp = call(&h, rule.method, &path, body, Some(&token)).await;
                let status = resp.0.status();
                let allowed = permission.granted_to(Some(role), &RoleFlags::default(), false);
                let what = format!(
                    "{} {} as {} on {}",
                    rule.method,
                    rule.path,
                    role.as_str(),
                    h.engine
                );
                if allowed {
                    assert!(
                        status != StatusCode::FORBIDDEN && status != StatusCode::UNAUTHORIZED,
                        "{what}: allowed but got {status}: {:?}",
                        body_of(resp).await
                    );
                    assert!(!status.is_server_error(), "{what}: {status}");
                } else {
                    assert_eq!(status, StatusCode::FORBIDDEN, "{what}: must be denied");
                    assert_eq!(body_of(resp).await["code"], "sem_permissao", "{what}");
                }
            }
        }
    }
}

#[tokio::test]
async fn protected_endpoints_need_a_token_and_public_ones_do_not() {
    for h in harnesses().await {
        for (n, rule) in server::app::endpoints().into_iter().enumerate() {
            let (path, body) = sample(&rule, "u", "u", "c", n);
            let status = call(&h, rule.method, &path, body, None).await.0.status();
            let what = format!(
                "{} {} without token on {}",
                rule.method, rule.path, h.engine
            );
            match rule.permission {
                Some(_) => assert_eq!(status, StatusCode::UNAUTHORIZED, "{what}"),
                None => assert!(
                    status != StatusCode::FORBIDDEN && !status.is_server_error(),
                    "{what}: {status}"
                ),
            }
        }
    }
}

#[test]
fn docs_access_table_is_current() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/access.md"))
            .expect("docs/access.md");
    let table = server::cli::access_table();
    assert!(
        docs.contains(&table),
        "docs/access.md is stale: regenerate the table with `backoffice access-table`"
    );
}

#[test]
fn every_openapi_operation_is_in_the_access_table() {
    let spec: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../openapi/openapi.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let rules = server::app::endpoints();
    for (path, ops) in spec["paths"].as_object().unwrap() {
        for method in ops.as_object().unwrap().keys() {
            let m = method.to_uppercase();
            assert!(
                rules.iter().any(|r| r.path == path && r.method == m),
                "{m} {path} is missing from the access table"
            );
        }
    }
}

async fn create_client(h: &Harness, token: &str) -> String {
    if !server::app::endpoints()
        .iter()
        .any(|r| r.path == "/api/v1/crm/clients")
    {
        return "sem-crm".into();
    }
    let resp = call(
        h,
        "POST",
        "/api/v1/crm/clients",
        Some(json!({"kind": "company", "document": "11222333000181", "name": "Alvo Ltda"})),
        Some(token),
    )
    .await;
    resp.assert_status(StatusCode::CREATED);
    body(resp).await["id"].as_str().unwrap().to_string()
}

async fn body_of(resp: poem::test::TestResponse) -> Value {
    resp.0
        .into_body()
        .into_json::<Value>()
        .await
        .unwrap_or(Value::Null)
}

/// The API reference UI and the spec it reads are served without a token.
#[tokio::test]
async fn the_api_reference_is_served_at_api_docs() {
    // One engine is enough: nothing here reads the database.
    let h = harnesses().await.remove(0);
    let docs = h.client.get("/api/docs").send().await;
    docs.assert_status_is_ok();
    let html = docs.0.into_body().into_string().await.unwrap();
    assert!(html.contains("swagger"), "{html}");
    let spec = h.client.get("/api/openapi.json").send().await;
    spec.assert_status_is_ok();
    let v: Value = body(spec).await;
    assert!(v["paths"]["/api/v1/crm/clients"].is_object());
}
