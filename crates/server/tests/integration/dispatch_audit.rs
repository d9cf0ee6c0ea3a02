//! The server audits every 403 of the dispatch area (§3: "the server also audits its own 403s on dispatch
//! endpoints"): the permission check's before the handler, and the handler's own refusals — approving one's
//! own request, working the dispatch area without the hub flag, cancelling someone else's request.

use crate::common;

use common::{body, harnesses, Harness};
use platform::{Role, RoleFlags};
use serde_json::{json, Value};

const DISPATCHES: &str = "/api/v1/stock/dispatches";

/// The access audit's server entries about `who`.
async fn audited(h: &Harness, admin: &str, who: &str) -> Vec<Value> {
    let page = body(
        h.get(
            format!("/api/v1/audit/access?q={who}&page_size=100"),
            &format!("Bearer {admin}"),
        )
        .await,
    )
    .await;
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["source"] == "servidor")
        .cloned()
        .collect()
}

async fn post(h: &Harness, path: &str, token: &str, b: Value) -> (u16, Value) {
    let resp = h
        .send("POST", path, &format!("Bearer {token}"), Some(b))
        .await;
    let status = resp.0.status().as_u16();
    (status, body(resp).await)
}

/// A central warehouse, a clinic and a material; the clinic's id and the material's.
async fn places(h: &Harness, admin: &str) -> (String, String) {
    let mut ids = Vec::new();
    for (code, kind) in [("CENTRAL", "CENTRAL"), ("CLI-CENTRO", "CLINIC")] {
        let unit = platform::units::create(
            h.app.db(),
            platform::units::UnitDraft {
                code: code.into(),
                name: format!("Unidade {code}"),
                city: Some("São Paulo".into()),
                state: Some("SP".into()),
                active: true,
            },
            "test",
            chrono::Utc::now(),
        )
        .await
        .unwrap()
        .id;
        let (status, loc) = post(
            h,
            "/api/v1/stock/locations",
            admin,
            json!({"code": code, "name": code, "kind": kind, "unit_id": unit}),
        )
        .await;
        assert_eq!(status, 201, "{loc}");
        ids.push(loc["id"].as_str().unwrap().to_string());
    }
    let (status, m) = post(
        h,
        "/api/v1/stock/materials",
        admin,
        json!({"sku": "LUVA-M", "name": "Luva M", "base_uom": "CX"}),
    )
    .await;
    assert_eq!(status, 201, "{m}");
    (ids[1].clone(), m["id"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn every_403_of_a_dispatch_endpoint_is_audited_by_the_server() {
    let both = RoleFlags {
        can_see_dispatch: true,
        can_approval_dispatch: true,
        ..RoleFlags::default()
    };
    for h in harnesses().await {
        let (_, root) = h.signed_in("auditor@x.com.br", Role::SuperAdmin).await;
        // An administrator with both dispatch flags and the hub, who asks and then tries to approve.
        h.user("pedinte@x.com.br", Some(Role::Admin), both, true)
            .await;
        let (asker, _) = h.token("pedinte@x.com.br").await;
        let (clinic, luvas) = places(&h, &asker).await;
        let (status, d) = post(
            &h,
            DISPATCHES,
            &asker,
            json!({"clinic_location_id": clinic, "lines": [{"material_id": luvas, "qty_milli": 10_000}]}),
        )
        .await;
        assert_eq!(status, 201, "{}: {d}", h.engine);
        let id = d["id"].as_str().unwrap();
        assert!(audited(&h, &root, "pedinte").await.is_empty());
        // 1. Refused inside the handler: one's own request.
        let (status, e) = post(&h, &format!("{DISPATCHES}/{id}/approve"), &asker, json!({})).await;
        assert_eq!(status, 403, "{e}");
        let entries = audited(&h, &root, "pedinte").await;
        assert_eq!(entries.len(), 1, "{}: {entries:?}", h.engine);
        let content = entries[0]["content"].as_str().unwrap();
        assert!(
            content.contains("/api/v1/stock/dispatches/{id}/approve")
                && content.contains("Você não pode aprovar a própria solicitação"),
            "{content}"
        );
        assert_eq!(entries[0]["has_permission"], false);
        // 2. Refused inside the handler: a keeper with the dispatch flag but not the hub picking.
        let dispatch_only = RoleFlags {
            can_see_dispatch: true,
            ..RoleFlags::default()
        };
        h.user(
            "separador@x.com.br",
            Some(Role::StockKeeper),
            dispatch_only,
            false,
        )
        .await;
        let (keeper, _) = h.token("separador@x.com.br").await;
        let (status, _) = post(
            &h,
            &format!("{DISPATCHES}/{id}/start-picking"),
            &keeper,
            json!({}),
        )
        .await;
        assert_eq!(status, 403);
        let entries = audited(&h, &root, "separador").await;
        assert_eq!(entries.len(), 1, "{entries:?}");
        assert!(entries[0]["content"]
            .as_str()
            .unwrap()
            .contains("/start-picking"));
        // 3. Refused inside the handler: cancelling another person's request.
        h.user("gestor@x.com.br", Some(Role::Admin), both, true)
            .await;
        let (other, _) = h.token("gestor@x.com.br").await;
        let (status, _) = post(
            &h,
            &format!("{DISPATCHES}/{id}/cancel"),
            &other,
            json!({"motivo": "Não é mais necessário para a clínica"}),
        )
        .await;
        assert_eq!(status, 403);
        assert_eq!(audited(&h, &root, "gestor").await.len(), 1);
        // 4. Refused by the permission check before the handler: audited once, not twice.
        let (status, _) = post(
            &h,
            &format!("{DISPATCHES}/{id}/approve"),
            &keeper,
            json!({}),
        )
        .await;
        assert_eq!(status, 403);
        let entries = audited(&h, &root, "separador").await;
        assert_eq!(entries.len(), 2, "{entries:?}");
        assert!(entries
            .iter()
            .any(|e| e["content"].as_str().unwrap().contains("despachos_aprovar")));
        // A refusal outside the dispatch area is not in the dispatch audit.
        let (status, _) = post(
            &h,
            "/api/v1/stock/materials",
            &keeper,
            json!({"sku": "X-1", "name": "X", "base_uom": "UN"}),
        )
        .await;
        assert_eq!(status, 403);
        assert_eq!(audited(&h, &root, "separador").await.len(), 2);
    }
}
