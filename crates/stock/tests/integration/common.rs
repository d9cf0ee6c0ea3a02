//! What the stock API tests share: a clinic and the central warehouse on a fresh database, and material helpers.
#![allow(dead_code)]

use platform::clock::Clock;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};
use stock::Stock;

pub const MATERIALS: &str = "/api/v1/stock/materials";
pub const LOCATIONS: &str = "/api/v1/stock/locations";
pub const MOVEMENTS: &str = "/api/v1/stock/movements";
pub const ADJUSTMENTS: &str = "/api/v1/stock/adjustments";
pub const ADMIN: Option<&str> = Some("ADMIN");
pub const MANAGER: Option<&str> = Some("STOCK_MANAGER");
pub const KEEPER: Option<&str> = Some("STOCK_KEEPER");
pub const CLINIC: Option<&str> = Some("CLINIC_STAFF+hub");

/// A call that must succeed; its body.
pub async fn call_ok(
    api: &TestApi<Stock>,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Value {
    let (status, out) = api.call(method, path, token, body).await;
    assert!(
        status.is_success(),
        "{} {method} {path}: {status} {out}",
        api.engine()
    );
    out
}

pub struct Places {
    pub central: String,
    pub clinic: String,
    pub other_clinic: String,
}

async fn unit(api: &TestApi<Stock>, code: &str) -> String {
    let draft = platform::units::UnitDraft {
        code: code.into(),
        name: format!("Clínica {code}"),
        city: Some("São Paulo".into()),
        state: Some("SP".into()),
        active: true,
    };
    platform::units::create(&api.db, draft, "test", api.clock.now())
        .await
        .unwrap()
        .id
}

pub async fn places(api: &TestApi<Stock>) -> Places {
    let mut ids = Vec::new();
    for (code, kind) in [
        ("CENTRAL", "CENTRAL"),
        ("CLI-CENTRO", "CLINIC"),
        ("CLI-SUL", "CLINIC"),
    ] {
        let unit_id = unit(api, code).await;
        let (status, loc) = api
            .call(
                "POST",
                LOCATIONS,
                MANAGER,
                Some(json!({"code": code, "name": code, "kind": kind, "unit_id": unit_id})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {loc}", api.engine());
        ids.push(loc["id"].as_str().unwrap().to_string());
    }
    Places {
        central: ids[0].clone(),
        clinic: ids[1].clone(),
        other_clinic: ids[2].clone(),
    }
}

pub async fn material(api: &TestApi<Stock>, body: Value) -> Value {
    let (status, m) = api.call("POST", MATERIALS, MANAGER, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {m}", api.engine());
    m
}

pub async fn simple_material(api: &TestApi<Stock>, sku: &str) -> String {
    material(
        api,
        json!({"sku": sku, "name": format!("Material {sku}"), "base_uom": "UN"}),
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Posts a manual movement; asserts the status; returns the body.
pub async fn post(
    api: &TestApi<Stock>,
    token: Option<&str>,
    body: Value,
    expected: StatusCode,
) -> Value {
    let (status, out) = api.call("POST", MOVEMENTS, token, Some(body)).await;
    assert_eq!(status, expected, "{}: {out}", api.engine());
    out
}

pub fn entry(material: &str, location: &str, qty: i64, cost: i64) -> Value {
    json!({"kind": "MISC_IN", "material_id": material, "location_id": location, "qty_milli": qty,
           "unit_cost_micro": cost, "reason": "Bonificação do fornecedor"})
}

pub fn fields(error: &Value) -> Vec<String> {
    error["fields"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|f| f["field"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}
