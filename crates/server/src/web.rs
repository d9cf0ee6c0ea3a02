//! The built web apps, health endpoints and the runtime configuration the shell reads at start.
//!
//! `shell/dist` is served at `/` with a fallback to `index.html` (client-side routes), and each
//! remote's `mfe-<name>/dist` at `/remotes/<name>/`, so a remote can be rebuilt and redeployed alone.

use platform::config::{AuthProvider, Config};
use platform::db::Db;
use poem::endpoint::StaticFilesEndpoint;
use poem::http::StatusCode;
use poem::http::{header, HeaderValue, Method};
use poem::middleware::Compression;
use poem::web::CompressionLevel;
use poem::web::{Data, Json};
use poem::{get, handler, Endpoint, EndpointExt, IntoResponse, Response, Route};
use serde_json::{json, Value};

use platform::config::WEB_AREAS;

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
    for name in WEB_AREAS {
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
        .with(Compression::new().with_quality(CompressionLevel::Fastest))
        .around(|ep, mut req| async move {
            let path = req.uri().path().to_string();
            // HEAD is GET without the body (the static endpoint only answers GET).
            let head = req.method() == Method::HEAD;
            if head {
                req.set_method(Method::GET);
            }
            let mut resp = match ep.call(req).await {
                Ok(resp) => resp.into_response(),
                Err(err) => refusal(err.status()),
            };
            if head {
                resp.set_body(());
            }
            if resp.status().is_success() && !resp.headers().contains_key(header::CACHE_CONTROL) {
                resp.headers_mut().insert(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(cache_control_for(&path)),
                );
            }
            Ok(resp)
        })
}

/// A refused static path says nothing about the server's files (poem's own message names the absolute
/// path): a forbidden path is answered as missing, and no answer carries a detail.
fn refusal(status: StatusCode) -> Response {
    let status = if status == StatusCode::FORBIDDEN {
        StatusCode::NOT_FOUND
    } else {
        status
    };
    let text = match status {
        StatusCode::NOT_FOUND => "Não encontrado.",
        StatusCode::METHOD_NOT_ALLOWED => "Método não permitido.",
        s if s.is_client_error() => "Requisição inválida.",
        _ => "Erro interno do servidor.",
    };
    Response::builder()
        .status(status)
        .content_type("text/plain; charset=utf-8")
        .body(text)
}

/// Hashed chunks never change, so browsers keep them for a year; everything else (index.html, sw.js,
/// remoteEntry.js, the manifest) is revalidated on every load so a new deployment is seen at once.
pub fn cache_control_for(path: &str) -> &'static str {
    let file = path.rsplit('/').next().unwrap_or("");
    let hashed = file
        .split('.')
        .nth(1)
        .is_some_and(|h| h.len() >= 8 && h.chars().all(|c| c.is_ascii_hexdigit()));
    if hashed && !file.starts_with("remoteEntry") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
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
    let remotes: serde_json::Map<String, Value> = config
        .web
        .remote_urls
        .iter()
        .map(|(area, url)| (area.clone(), Value::String(url.clone())))
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
    let fcm = config.web.fcm.as_ref().map(
        |f| json!({ "vapidKey": f.vapid_key, "messagingSenderId": f.sender_id, "appId": f.app_id }),
    );
    json!({
        "apiBase": config.web.public_api_base,
        "auth": auth,
        "remotes": remotes,
        "fcm": fcm,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_chunks_are_immutable_and_entry_points_revalidated() {
        assert_eq!(
            cache_control_for("/remotes/crm/150.404710b1.js"),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            cache_control_for("/main.3f9a1c2be4.css"),
            "public, max-age=31536000, immutable"
        );
        for p in [
            "/",
            "/index.html",
            "/sw.js",
            "/remotes/crm/remoteEntry.js",
            "/manifest.webmanifest",
            "/clientes",
        ] {
            assert_eq!(cache_control_for(p), "no-cache", "{p}");
        }
    }
}
