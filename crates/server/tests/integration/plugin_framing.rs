//! `/crm/plugin` may be framed by the configured origins and by those of the plugin's setting, which an
//! administrator changes through the API: the next framing follows, without a restart. Every other route
//! stays `frame-ancestors 'none'`.

use crate::common;

use common::{body, harnesses};
use platform::Role;
use poem::http::StatusCode;
use serde_json::json;

async fn frame_ancestors(h: &common::Harness, path: &str) -> String {
    let resp = h.client.get(path).send().await;
    let csp = resp.0.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    csp.split("; ")
        .find(|d| d.starts_with("frame-ancestors"))
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn the_allowed_origins_setting_reaches_the_plugins_frame_ancestors_at_once() {
    for h in harnesses().await {
        assert_eq!(
            frame_ancestors(&h, "/crm/plugin").await,
            "frame-ancestors 'self'"
        );
        let (_, token) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let auth = format!("Bearer {token}");
        let resp = h
            .send(
                "PUT",
                "/api/v1/crm/plugin/origins",
                &auth,
                Some(json!({"origins": ["https://chat.exemplo.com.br"]})),
            )
            .await;
        resp.assert_status_is_ok();
        assert_eq!(
            frame_ancestors(&h, "/crm/plugin").await,
            "frame-ancestors 'self' https://chat.exemplo.com.br",
            "{}",
            h.engine
        );
        assert_eq!(
            frame_ancestors(&h, "/clientes").await,
            "frame-ancestors 'none'"
        );
        let config = body(h.client.get("/api/v1/crm/plugin/config").send().await).await;
        assert_eq!(
            config["allowed_origins"],
            json!(["https://chat.exemplo.com.br"])
        );
        let resp = h
            .send(
                "PUT",
                "/api/v1/crm/plugin/origins",
                &auth,
                Some(json!({"origins": []})),
            )
            .await;
        resp.assert_status(StatusCode::OK);
        assert_eq!(
            frame_ancestors(&h, "/crm/plugin").await,
            "frame-ancestors 'self'"
        );
    }
}
