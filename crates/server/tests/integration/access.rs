//! Walks the access table (docs/access.md) for every role: each protected operation answers 403 to
//! exactly the roles its declared permission excludes, 401 without a token, and the committed docs and
//! web guard rules match the declarations.
//!
//! Requests are built from the operations' own examples in the OpenAPI document (`#[oai(example)]` on
//! each request body); path parameters name records that do not exist, since the permission is checked
//! before any record is read.

use crate::common;

use common::{harnesses, Harness};
use platform::api::Operation;
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::Value;

/// The operation's request: its path with every `{param}` filled, and its body example.
fn request(op: &Operation, spec: &Value) -> (String, Option<Value>) {
    let path = op
        .path
        .split('/')
        .map(|s| {
            if s.starts_with('{') {
                "exemplo-inexistente"
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join("/");
    let operation = &spec["paths"][&op.path][op.method.as_str().to_lowercase()];
    let Some(schema) =
        operation["requestBody"]["content"]["application/json"]["schema"].as_object()
    else {
        return (query_example(&path, op), None);
    };
    let name = schema["$ref"]
        .as_str()
        .and_then(|r| r.rsplit('/').next())
        .unwrap_or_else(|| panic!("{}: the request body is not a named schema", op.id));
    let example = &spec["components"]["schemas"][name]["example"];
    assert!(
        !example.is_null(),
        "{}: add #[oai(example)] and an `Example` impl to {name}, the request the access test sends",
        op.id
    );
    (path, Some(example.clone()))
}

/// Required query parameters get a value (the route check needs a route).
fn query_example(path: &str, op: &Operation) -> String {
    match op.id {
        "checkRouteAccess" => format!("{path}?path=/remessa"),
        "crmPluginLookup" => format!("{path}?phone=11987654321"),
        _ => path.to_string(),
    }
}

async fn call(
    h: &Harness,
    op: &Operation,
    path: &str,
    body: Option<Value>,
    token: Option<&str>,
) -> (StatusCode, Value) {
    let mut req = h.client.request(op.method.clone(), path);
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let resp = match body {
        Some(b) => req.body_json(&b).send().await,
        None => req.send().await,
    };
    let status = resp.0.status();
    let value = resp
        .0
        .into_body()
        .into_json::<Value>()
        .await
        .unwrap_or(Value::Null);
    (status, value)
}

fn spec(h: &Harness) -> Value {
    serde_json::from_str(&h.app.api_service().spec()).unwrap()
}

/// Sign-out last: it ends the session the walk is using.
fn walk_order(h: &Harness) -> Vec<Operation> {
    let mut ops = h.app.access.operations().to_vec();
    ops.sort_by_key(|op| op.id == "signOut");
    ops
}

#[tokio::test]
async fn every_operation_enforces_its_permission_for_every_role() {
    for h in harnesses().await {
        let spec = spec(&h);
        for role in Role::ALL {
            let email = format!("{}@walk.com.br", role.as_str().to_lowercase());
            let (_, token) = h.signed_in(&email, role).await;
            // The plugin's operations take only plugin tokens (`aud=crm-plugin`), which only the plugin's
            // roles get; the others present their web token (refused like any token without the permission).
            let plugin_token = h
                .identity()
                .plugin_sign_in(&email, common::PASSWORD, None)
                .await
                .map(|s| s.access_token)
                .unwrap_or_else(|_| token.clone());
            for op in walk_order(&h) {
                let Some(permission) = op.permission else {
                    continue;
                };
                let (path, body) = request(&op, &spec);
                let token = if identity::PLUGIN_PERMISSIONS.contains(&permission.code) {
                    &plugin_token
                } else {
                    &token
                };
                let (status, answer) = call(&h, &op, &path, body, Some(token)).await;
                let allowed = permission.granted_to(Some(role), &RoleFlags::default(), false);
                let what = format!(
                    "{} {} as {} on {}",
                    op.method,
                    op.path,
                    role.as_str(),
                    h.engine
                );
                if allowed {
                    assert!(
                        status != StatusCode::FORBIDDEN && status != StatusCode::UNAUTHORIZED,
                        "{what}: allowed but got {status}: {answer}"
                    );
                    assert!(!status.is_server_error(), "{what}: {status}: {answer}");
                } else {
                    assert_eq!(
                        status,
                        StatusCode::FORBIDDEN,
                        "{what}: must be denied: {answer}"
                    );
                    assert_eq!(answer["code"], "sem_permissao", "{what}");
                }
            }
        }
    }
}

#[tokio::test]
async fn protected_operations_need_a_token_and_public_ones_do_not() {
    for h in harnesses().await {
        let spec = spec(&h);
        for op in h.app.access.operations() {
            let (path, body) = request(op, &spec);
            let (status, answer) = call(&h, op, &path, body, None).await;
            let what = format!("{} {} without token on {}", op.method, op.path, h.engine);
            match op.permission {
                Some(_) => assert_eq!(status, StatusCode::UNAUTHORIZED, "{what}: {answer}"),
                None => assert!(
                    status != StatusCode::FORBIDDEN && !status.is_server_error(),
                    "{what}: {status}: {answer}"
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
    let table = server::docs::access_table().unwrap();
    assert!(
        docs.contains(&table),
        "docs/access.md is stale: regenerate the table with `backoffice access-table`"
    );
}

#[test]
fn the_web_guard_rules_are_current() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../packages/auth/src/generated/access.ts"
    );
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert_eq!(
        committed,
        server::docs::web_access().unwrap(),
        "packages/auth/src/generated/access.ts is stale: \
         `backoffice web-access --out packages/auth/src/generated/access.ts`"
    );
}

/// The committed document declares the same permission on each operation as the code.
#[test]
fn the_committed_openapi_declares_the_permissions_of_the_access_table() {
    let spec: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../openapi/openapi.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let table = server::app::access_table().unwrap();
    let mut seen = 0;
    for (path, ops) in spec["paths"].as_object().unwrap() {
        for (method, operation) in ops.as_object().unwrap() {
            let declared = operation["security"][0]["BearerAuth"][0].as_str();
            let op = table
                .operations()
                .iter()
                .find(|o| &o.path == path && o.method.as_str().eq_ignore_ascii_case(method))
                .unwrap_or_else(|| panic!("{method} {path} is not in the access table"));
            assert_eq!(declared, op.permission.map(|p| p.code), "{method} {path}");
            seen += 1;
        }
    }
    assert_eq!(seen, table.operations().len());
}

/// A protected operation that declares no permission, or two, or one nobody registered, stops the
/// server from starting: the table refuses it.
#[test]
fn an_operation_without_exactly_one_known_permission_is_refused() {
    use platform::access::SIGNED_IN;
    use platform::api::AccessTable;
    use poem_openapi::OpenApi;
    let meta = <server::app::Apis as OpenApi>::meta();
    let err = AccessTable::new(meta, &[&SIGNED_IN]).unwrap_err();
    assert!(err.contains("declares an unknown permission"), "{err}");
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
    let v: Value = common::body(spec).await;
    assert!(v["paths"]["/api/v1/crm/clients"].is_object());
}
