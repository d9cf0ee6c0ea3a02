//! The built web apps, health endpoints and the runtime configuration the shell reads at start.
//!
//! `shell/dist` is served at `/` with a fallback to `index.html` (client-side routes), and each
//! remote's `mfe-<name>/dist` at `/remotes/<name>/`, so a remote can be rebuilt and redeployed alone.

use platform::config::{AuthProvider, Config};
use platform::db::Db;
use poem::endpoint::StaticFilesEndpoint;
use poem::http::StatusCode;
use poem::web::{Data, Json};
use poem::{get, handler, EndpointExt, IntoResponse, Response, Route};
use serde_json::{json, Value};

/// The federated remotes, by area.
pub const REMOTES: [&str; 4] = ["finance", "crm", "stock", "purchasing"];

pub fn routes(config: &Config, db: Db) -> impl poem::Endpoint {
    let root = &config.web_root;
    let shell_dist = root.join("shell/dist");
    if !shell_dist.join("index.html").exists() {
        tracing::warn!(path = %shell_dist.display(), "web apps not built: run scripts/web-build.sh (the API works without them)");
    }
    let mut route = Route::new()
        .at("/healthz", get(healthz))
        .at("/readyz", get(readyz))
        .at(
            "/runtime-config.json",
            get(runtime_config).data(runtime_config_value(config)),
        );
    for name in REMOTES {
        route = route.nest(
            format!("/remotes/{name}"),
            StaticFilesEndpoint::new(root.join(format!("mfe-{name}/dist"))),
        );
    }
    route
        .nest(
            "/",
            StaticFilesEndpoint::new(shell_dist)
                .index_file("index.html")
                .fallback_to_index(),
        )
        .data(db)
}

#[handler]
fn healthz() -> &'static str {
    "ok"
}

#[handler]
async fn readyz(db: Data<&Db>) -> Response {
    match db.ping().await {
        Ok(()) => "ready".into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "not ready: database unreachable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "banco de dados indisponível",
            )
                .into_response()
        }
    }
}

#[handler]
fn runtime_config(value: Data<&Value>) -> Response {
    Json(value.0.clone())
        .with_header("Cache-Control", "no-cache")
        .into_response()
}

/// What the shell needs to know at run time: where the API and the remotes live, and which identity
/// provider to use. Remote URLs can be overridden per deployment (`BACKOFFICE_REMOTE_<AREA>_URL`).
pub fn runtime_config_value(config: &Config) -> Value {
    let env = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let remotes: serde_json::Map<String, Value> = REMOTES
        .iter()
        .map(|name| {
            let url = env(&format!("BACKOFFICE_REMOTE_{}_URL", name.to_uppercase()))
                .unwrap_or_else(|| format!("/remotes/{name}/remoteEntry.js"));
            (name.to_string(), Value::String(url))
        })
        .collect();
    let auth = match &config.auth {
        AuthProvider::Embedded => json!({ "provider": "embedded" }),
        AuthProvider::Firebase {
            project_id,
            api_key,
            emulator,
            ..
        } => json!({
            "provider": "firebase",
            "apiKey": api_key.clone().unwrap_or_else(|| "fake-api-key".into()),
            "authDomain": format!("{project_id}.firebaseapp.com"),
            "projectId": project_id,
            "emulatorUrl": emulator.as_ref().map(|e| if e.starts_with("http") { e.clone() } else { format!("http://{e}") }),
        }),
    };
    let fcm = env("BACKOFFICE_FCM_VAPID_KEY").map(|vapid| {
        json!({
            "vapidKey": vapid,
            "messagingSenderId": env("BACKOFFICE_FCM_SENDER_ID"),
            "appId": env("BACKOFFICE_FCM_APP_ID"),
        })
    });
    json!({
        "apiBase": env("BACKOFFICE_PUBLIC_API_BASE"),
        "auth": auth,
        "remotes": remotes,
        "fcm": fcm,
    })
}
