//! Sign-in, tokens, sign-out, password reset and change, through the HTTP API on both engines.

mod common;

use common::{body, harnesses, PASSWORD};
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn sign_in_returns_tokens_and_the_user() {
    for h in harnesses().await {
        let uid = h
            .user(
                "Ana@Empresa.com.br",
                Some(Role::FinancialAssistant),
                RoleFlags::default(),
                false,
            )
            .await;
        // E-mail is case-insensitive.
        let resp = h.sign_in("ana@empresa.COM.br", PASSWORD).await;
        resp.assert_status_is_ok();
        let v = body(resp).await;
        assert_eq!(v["user"]["uid"], uid, "{}", h.engine);
        assert_eq!(v["user"]["role"], "FINANCIAL_ASSISTANT");
        assert_eq!(v["user"]["role_id"]["can_see_conciliation"], false);
        assert_eq!(v["expires_in"], 900);
        assert!(v["refresh_token"].as_str().unwrap().len() > 30);
    }
}

#[tokio::test]
async fn wrong_password_and_unknown_email_get_the_same_401() {
    for h in harnesses().await {
        h.user(
            "bia@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            false,
        )
        .await;
        let wrong = h.sign_in("bia@x.com.br", "Errada123").await;
        wrong.assert_status(StatusCode::UNAUTHORIZED);
        let unknown = h.sign_in("ninguem@x.com.br", "Errada123").await;
        unknown.assert_status(StatusCode::UNAUTHORIZED);
        let (a, b) = (body(wrong).await, body(unknown).await);
        assert_eq!(a, b, "{}", h.engine);
        assert_eq!(a["message"], "E-mail ou senha inválidos.");
    }
}

#[tokio::test]
async fn repeated_failures_are_throttled_with_retry_after() {
    for h in harnesses().await {
        h.user(
            "cid@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            false,
        )
        .await;
        for _ in 0..5 {
            h.sign_in("cid@x.com.br", "Errada123")
                .await
                .assert_status(StatusCode::UNAUTHORIZED);
        }
        // Even the right password is refused while throttled.
        let resp = h.sign_in("cid@x.com.br", PASSWORD).await;
        resp.assert_status(StatusCode::TOO_MANY_REQUESTS);
        let retry: u64 = resp
            .0
            .headers()
            .get("retry-after")
            .unwrap()
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!(retry > 0 && retry <= 900, "{}", h.engine);
        assert_eq!(body(resp).await["code"], "muitas_tentativas");
    }
}

#[tokio::test]
async fn refresh_rotates_and_reuse_revokes_the_session() {
    for h in harnesses().await {
        h.user(
            "dan@x.com.br",
            Some(Role::Admin),
            RoleFlags::default(),
            false,
        )
        .await;
        let (access, refresh) = h.token("dan@x.com.br").await;
        let first = h
            .client
            .post("/api/v1/auth/refresh")
            .body_json(&json!({"refresh_token": refresh}))
            .send()
            .await;
        first.assert_status_is_ok();
        let rotated = body(first).await;
        let new_refresh = rotated["refresh_token"].as_str().unwrap().to_string();
        assert_ne!(new_refresh, refresh);
        // Replaying the spent token revokes the whole session: the new refresh token and the access token die too.
        h.post_public("/api/v1/auth/refresh", json!({"refresh_token": refresh}))
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        h.post_public(
            "/api/v1/auth/refresh",
            json!({"refresh_token": new_refresh}),
        )
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
        let uid = rotated["user"]["uid"].as_str().unwrap();
        h.client
            .get(format!("/api/v1/users/{uid}"))
            .header("Authorization", format!("Bearer {access}"))
            .send()
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn sign_out_ends_the_session() {
    for h in harnesses().await {
        let uid = h
            .user(
                "eva@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let (access, refresh) = h.token("eva@x.com.br").await;
        let auth = format!("Bearer {access}");
        h.get(format!("/api/v1/users/{uid}"), &auth)
            .await
            .assert_status_is_ok();
        h.send("POST", "/api/v1/auth/sign-out", &auth, None)
            .await
            .assert_status(StatusCode::NO_CONTENT);
        h.get(format!("/api/v1/users/{uid}"), &auth)
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        h.post_public("/api/v1/auth/refresh", json!({"refresh_token": refresh}))
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn missing_or_bad_tokens_get_json_401() {
    for h in harnesses().await {
        let resp = h.client.get("/api/v1/users/abc").send().await;
        resp.assert_status(StatusCode::UNAUTHORIZED);
        assert_eq!(body(resp).await["code"], "nao_autenticado");
        let resp = h
            .client
            .get("/api/v1/users/abc")
            .header("Authorization", "Bearer not.a.jwt")
            .send()
            .await;
        resp.assert_status(StatusCode::UNAUTHORIZED);
        assert!(body(resp).await["message"]
            .as_str()
            .unwrap()
            .contains("Sessão"));
    }
}

#[tokio::test]
async fn password_reset_by_code() {
    for h in harnesses().await {
        h.user(
            "fia@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            false,
        )
        .await;
        // Same answer for unknown e-mails.
        h.post_public(
            "/api/v1/auth/password-reset/send-code",
            json!({"email": "nao@existe.com"}),
        )
        .await
        .assert_status(StatusCode::ACCEPTED);
        h.post_public(
            "/api/v1/auth/password-reset/send-code",
            json!({"email": "fia@x.com.br"}),
        )
        .await
        .assert_status(StatusCode::ACCEPTED);
        let (_, mail) = identity::store::latest_mail_to(h.app.identity.db(), "fia@x.com.br")
            .await
            .unwrap()
            .expect("code mailed");
        let code: String = mail
            .split_whitespace()
            .find(|w| {
                w.len() == 7 && w.ends_with('.') && w[..6].chars().all(|c| c.is_ascii_digit())
            })
            .map(|w| w[..6].to_string())
            .expect("a 6-digit code in the mail");
        let confirm = |code: String, pw: &str| json!({"email": "fia@x.com.br", "code": code, "new_password": pw});
        // Weak password: explained, code not spent.
        let weak = h
            .client
            .post("/api/v1/auth/password-reset/confirm")
            .body_json(&confirm(code.clone(), "curta"))
            .send()
            .await;
        weak.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body(weak).await["fields"][0]["field"], "new_password");
        let wrong = if code == "000000" { "111111" } else { "000000" };
        h.client
            .post("/api/v1/auth/password-reset/confirm")
            .body_json(&confirm(wrong.into(), "NovaSenha1"))
            .send()
            .await
            .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        h.client
            .post("/api/v1/auth/password-reset/confirm")
            .body_json(&confirm(code.clone(), "NovaSenha1"))
            .send()
            .await
            .assert_status(StatusCode::NO_CONTENT);
        // Single use.
        h.client
            .post("/api/v1/auth/password-reset/confirm")
            .body_json(&confirm(code, "OutraSenha2"))
            .send()
            .await
            .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        h.sign_in("fia@x.com.br", "NovaSenha1")
            .await
            .assert_status_is_ok();
        let v = body(h.sign_in("fia@x.com.br", "NovaSenha1").await).await;
        assert_eq!(v["user"]["is_password_updated"], true, "{}", h.engine);
    }
}

#[tokio::test]
async fn changing_ones_password_sets_is_password_updated() {
    for h in harnesses().await {
        let uid = h
            .user(
                "gil@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let (access, _) = h.token("gil@x.com.br").await;
        let auth = format!("Bearer {access}");
        let bad = h
            .client
            .post("/api/v1/auth/password")
            .header("Authorization", &auth)
            .body_json(&json!({"current_password": "errada", "new_password": "NovaSenha9"}))
            .send()
            .await;
        bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body(bad).await["fields"][0]["field"], "current_password");
        h.send(
            "POST",
            "/api/v1/auth/password",
            &auth,
            Some(json!({"current_password": PASSWORD, "new_password": "NovaSenha9"})),
        )
        .await
        .assert_status(StatusCode::NO_CONTENT);
        let me = body(h.get(format!("/api/v1/users/{uid}"), &auth).await).await;
        assert_eq!(me[0]["is_password_updated"], true);
        h.sign_in("gil@x.com.br", "NovaSenha9")
            .await
            .assert_status_is_ok();
    }
}

#[tokio::test]
async fn malformed_bodies_get_the_json_error_shape() {
    for h in harnesses().await {
        let resp = h
            .client
            .post("/api/v1/auth/sign-in")
            .content_type("application/json")
            .body("{not json")
            .send()
            .await;
        resp.assert_status(StatusCode::BAD_REQUEST);
        let v = body(resp).await;
        assert_eq!(v["code"], "requisicao_invalida");
        assert!(v["message"]
            .as_str()
            .unwrap()
            .starts_with("Requisição inválida"));
        let resp = h.client.get("/api/v1/nao-existe").send().await;
        resp.assert_status(StatusCode::NOT_FOUND);
        assert_eq!(body(resp).await["code"], "nao_encontrado");
    }
}

/// Embedded default: the signing key is generated on first run and kept in the database, so tokens
/// survive a restart. Production: the key comes from `BACKOFFICE_JWT_SECRET`, so instances sharing it
/// (and the database) accept each other's tokens, and an instance with another key does not.
#[tokio::test]
async fn the_signing_key_survives_a_restart_and_can_come_from_configuration() {
    use platform::config::Config;
    let with_secret = |secret: &'static str| {
        Config::from_lookup(move |name| (name == "BACKOFFICE_JWT_SECRET").then(|| secret.into()))
            .unwrap()
    };
    for first in harnesses().await {
        let (uid, token) = first
            .signed_in("chave@empresa.com.br", Role::FinancialAssistant)
            .await;
        let auth = format!("Bearer {token}");
        let path = format!("/api/v1/users/{uid}");
        let restarted = common::harness(first.app.db.clone()).await;
        restarted.get(&path, &auth).await.assert_status_is_ok();

        let one =
            common::harness_with(with_secret("segredo-compartilhado-1"), first.app.db.clone())
                .await;
        let other =
            common::harness_with(with_secret("segredo-compartilhado-1"), first.app.db.clone())
                .await;
        let shared = one.token("chave@empresa.com.br").await.0;
        other
            .get(&path, &format!("Bearer {shared}"))
            .await
            .assert_status_is_ok();
        // The generated key and another configured key both refuse that token.
        for stranger in [
            restarted,
            common::harness_with(with_secret("outro-segredo"), first.app.db.clone()).await,
        ] {
            stranger
                .get(&path, &format!("Bearer {shared}"))
                .await
                .assert_status(StatusCode::UNAUTHORIZED);
        }
    }
}
