//! What probing the running server found, each reproduced here first: NUL characters, missing security
//! headers, static paths that named the server's files, and connections without limits.

use crate::common;

use common::{body, harnesses};
use platform::Role;
use poem::http::StatusCode;
use serde_json::json;

/// A NUL in any string was a 500 on PostgreSQL (and stored as is on SQLite): now a 422 naming the
/// field, on both engines, and nothing is stored.
#[tokio::test]
async fn a_nul_character_is_refused_naming_the_field() {
    for h in harnesses().await {
        let resp = h
            .post_public(
                "/api/v1/auth/sign-in",
                json!({"email": "ana\u{0}@x.com.br", "password": "x"}),
            )
            .await;
        resp.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        let error = body(resp).await;
        assert_eq!(error["fields"][0]["field"], "email", "{}", h.engine);
        assert_eq!(error["message"], "Caractere nulo (U+0000) não é permitido.");

        let (_, token) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let auth = format!("Bearer {token}");
        let client = json!({"kind": "person", "document": "529.982.247-25", "name": "Maria",
            "address": {"cep": "01310-100", "street": "Rua\u{0}A", "city": "São Paulo", "state": "SP"}});
        let resp = h
            .send("POST", "/api/v1/crm/clients", &auth, Some(client))
            .await;
        resp.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body(resp).await["fields"][0]["field"], "address.street");
        let list = body(h.get("/api/v1/crm/clients", &auth).await).await;
        assert_eq!(list["total"], 0, "nothing stored on {}", h.engine);

        let resp = h.get("/api/v1/crm/clients?q=ma%00ria", &auth).await;
        resp.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body(resp).await["fields"][0]["field"], "q");
    }
}

/// Every answer carries the security headers; only `/crm/plugin` may be framed, by the configured tools.
#[tokio::test]
async fn security_headers_on_every_answer() {
    let config = platform::testing::config_with(&[(
        "BACKOFFICE_PLUGIN_FRAME_ANCESTORS",
        "https://console.exemplo.com.br",
    )]);
    let db = platform::testing::sqlite(&server::app::migrations()).await;
    let h = common::harness_with(config, db).await;
    for path in ["/", "/api/v1/crm/clients", "/healthz", "/crm/plugin"] {
        let resp = h.client.get(path).send().await;
        let headers = resp.0.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("object-src 'none'"), "{path}: {csp}");
        if path == "/crm/plugin" {
            assert!(
                csp.contains("frame-ancestors 'self' https://console.exemplo.com.br"),
                "{csp}"
            );
            assert!(!headers.contains_key("x-frame-options"));
        } else {
            assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
            assert_eq!(headers["x-frame-options"], "DENY");
        }
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
    }
    h.user(
        "cache@x.com.br",
        Some(Role::Salesperson),
        Default::default(),
        false,
    )
    .await;
    let signed_in = h.sign_in("cache@x.com.br", common::PASSWORD).await;
    signed_in.assert_status_is_ok();
    assert_eq!(
        signed_in.0.headers()["cache-control"],
        "no-store",
        "tokens are never cached"
    );
}

/// A refused static path answered with the server's absolute file path: now 404 with no path.
#[tokio::test]
async fn a_refused_static_path_names_no_file() {
    let web_root = std::env::temp_dir().join(format!("web-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(web_root.join("shell/dist")).unwrap();
    std::fs::write(
        web_root.join("shell/dist/index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    let root = web_root.display().to_string();
    let config = platform::testing::config_with(&[("BACKOFFICE_WEB_ROOT", &root)]);
    let db = platform::testing::sqlite(&server::app::migrations()).await;
    let h = common::harness_with(config, db).await;
    for path in [
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "/remotes/crm/%2e%2e/x",
    ] {
        let resp = h.client.get(path).send().await;
        let status = resp.0.status();
        let text = resp.0.into_body().into_string().await.unwrap();
        assert!(
            status == StatusCode::NOT_FOUND || status == StatusCode::OK,
            "{path}: {status}"
        );
        assert!(
            !text.contains(&root) && !text.contains("/etc"),
            "{path}: {text}"
        );
    }
}

/// With one connection slot, a second client waits until the first connection, which stopped halfway
/// through its headers, is closed by the idle timeout (20 s in production; 300 ms here).
#[tokio::test]
async fn idle_connections_are_closed_and_connections_are_capped() {
    use poem::listener::{Acceptor, Listener, TcpListener};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let acceptor = TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .unwrap();
    let addr = acceptor.local_addr()[0].as_socket_addr().copied().unwrap();
    let app = poem::Route::new().at("/healthz", poem::get(poem::endpoint::make_sync(|_| "ok")));
    let idle_timeout = std::time::Duration::from_millis(300);
    tokio::spawn(server::http::server(acceptor, 1, idle_timeout).run(app));

    let started = std::time::Instant::now();
    // Half a request: headers never finished.
    let mut idle = tokio::net::TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut waiting = tokio::net::TcpStream::connect(addr).await.unwrap();
    waiting
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    waiting.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        started.elapsed() >= idle_timeout,
        "the second client was served only after the first was dropped"
    );
    let mut rest = Vec::new();
    let closed = idle.read_to_end(&mut rest).await;
    assert!(
        closed.is_ok(),
        "the half-sent connection was closed by the server"
    );
}
