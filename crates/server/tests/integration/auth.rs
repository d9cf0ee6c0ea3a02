//! Sign-in, tokens, sign-out, password reset and change, through the HTTP API on both engines.

use crate::common;

use common::{body, harnesses, Harness, PASSWORD};
use futures::future::join_all;
use platform::testing::smtp::SmtpServer;
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::json;

/// One harness per engine, sending its e-mail to `smtp`.
async fn harnesses_mailing_to(smtp: &SmtpServer) -> Vec<Harness> {
    let mut out = Vec::new();
    for db in platform::testing::engines(&server::app::migrations()).await {
        let config = platform::testing::config_with(&[("BACKOFFICE_SMTP_URL", &smtp.url())]);
        out.push(common::harness_with(config, db).await);
    }
    out
}

/// The reset code in the newest message to `to`, as the local SMTP server received it.
async fn code_mailed(smtp: &SmtpServer, to: &str) -> String {
    let message = smtp.message_to(to).await;
    let at = message
        .data
        .find("redefinir a senha ")
        .expect("the reset message");
    message.data[at..]
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| w.len() == 6 && w.chars().all(|c| c.is_ascii_digit()))
        .expect("a 6-digit code in the message")
        .to_string()
}

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
        // The replay comes after the grace window (two tabs refreshing at once are another test):
        // replaying the spent token revokes the whole session, so the new refresh token and the access
        // token die too.
        h.clock
            .advance(chrono::Duration::seconds(identity::REFRESH_GRACE_SECS + 1));
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
    let smtp = SmtpServer::start().await;
    for h in harnesses_mailing_to(&smtp).await {
        // One SMTP server for both engines: each engine's user has its own address.
        let email = format!("fia-{}@x.com.br", h.engine);
        let email = email.as_str();
        h.user(email, Some(Role::Salesperson), RoleFlags::default(), false)
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
            json!({"email": email}),
        )
        .await
        .assert_status(StatusCode::ACCEPTED);
        let code = code_mailed(&smtp, email).await;
        // The outbox shows that a message went out, and nothing in it holds the code.
        let outbox = h.identity().mail_sent_to(email).await.unwrap();
        assert_eq!(outbox[0].subject, "Código para redefinir sua senha");
        assert!(!format!("{outbox:?}").contains(&code));
        let confirm =
            |code: String, pw: &str| json!({"email": email, "code": code, "new_password": pw});
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
        h.sign_in(email, "NovaSenha1").await.assert_status_is_ok();
        let v = body(h.sign_in(email, "NovaSenha1").await).await;
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
        // A required member left out, or sent as null, is named.
        for sent in [
            json!({"email": "ana@x.com.br"}),
            json!({"email": "ana@x.com.br", "password": null}),
        ] {
            let resp = h.post_public("/api/v1/auth/sign-in", sent).await;
            resp.assert_status(StatusCode::BAD_REQUEST);
            let v = body(resp).await;
            assert_eq!(v["fields"][0]["field"], "password", "{}: {v}", h.engine);
            assert_eq!(v["code"], "requisicao_invalida");
        }
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
        let restarted = common::harness(first.app.db().clone()).await;
        restarted.get(&path, &auth).await.assert_status_is_ok();

        let one = common::harness_with(
            with_secret("segredo-compartilhado-1"),
            first.app.db().clone(),
        )
        .await;
        let other = common::harness_with(
            with_secret("segredo-compartilhado-1"),
            first.app.db().clone(),
        )
        .await;
        let shared = one.token("chave@empresa.com.br").await.0;
        other
            .get(&path, &format!("Bearer {shared}"))
            .await
            .assert_status_is_ok();
        // The generated key and another configured key both refuse that token.
        for stranger in [
            restarted,
            common::harness_with(with_secret("outro-segredo"), first.app.db().clone()).await,
        ] {
            stranger
                .get(&path, &format!("Bearer {shared}"))
                .await
                .assert_status(StatusCode::UNAUTHORIZED);
        }
    }
}

// ---- what probing the running server found (each reproduced here first) ----

/// 50 wrong passwords and the right one sent at once: attempts are counted before any is checked, so at
/// most five are checked, the rest (the right one included) wait.
#[tokio::test]
async fn concurrent_sign_ins_cannot_beat_the_limit() {
    for h in harnesses().await {
        h.user(
            "par@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            false,
        )
        .await;
        let attempts = (0..51).map(|i| {
            let password = if i == 25 { PASSWORD } else { "Errada123" };
            h.sign_in("par@x.com.br", password)
        });
        let statuses: Vec<StatusCode> = join_all(attempts)
            .await
            .into_iter()
            .map(|r| r.0.status())
            .collect();
        let checked = statuses
            .iter()
            .filter(|s| **s != StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert!(
            checked <= 5,
            "{}: {checked} checked: {statuses:?}",
            h.engine
        );
        // Thirty unknown accounts from one address at once: the per-address limit (20) holds too.
        let emails: Vec<String> = (0..30).map(|i| format!("n{i}@x.com.br")).collect();
        let spray = emails
            .iter()
            .map(|e| h.identity().sign_in(e, "Errada123", Some("10.9.9.9")));
        let checked = join_all(spray)
            .await
            .into_iter()
            .filter(|r| {
                !matches!(
                    r.as_ref().map(|_| ()).unwrap_err().kind,
                    platform::error::ErrorKind::TooManyAttempts { .. }
                )
            })
            .count();
        assert!(checked <= 20, "{}: {checked} checked", h.engine);
    }
}

/// Five wrong passwords from one address lock that address out of that account, not the owner at another;
/// each lock in a row lasts twice as long; the clock moves instead of the test sleeping.
#[tokio::test]
async fn throttling_is_per_account_and_address_with_growing_locks() {
    for h in harnesses().await {
        h.user(
            "dono@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            false,
        )
        .await;
        let identity = h.identity();
        for _ in 0..5 {
            let refused = identity
                .sign_in("dono@x.com.br", "Errada123", Some("203.0.113.9"))
                .await;
            assert_eq!(refused.unwrap_err().code, "credenciais_invalidas");
        }
        let locked = identity
            .sign_in("dono@x.com.br", PASSWORD, Some("203.0.113.9"))
            .await;
        let first_lock = retry_secs(locked);
        assert!(
            (899..=900).contains(&first_lock),
            "{}: {first_lock}",
            h.engine
        );
        // The owner, elsewhere, is not locked out.
        identity
            .sign_in("dono@x.com.br", PASSWORD, Some("198.51.100.7"))
            .await
            .expect("the owner signs in from their own address");
        // After the lock, five more wrong ones lock twice as long.
        h.clock.advance(chrono::Duration::seconds(901));
        for _ in 0..5 {
            let _ = identity
                .sign_in("dono@x.com.br", "Errada123", Some("203.0.113.9"))
                .await;
        }
        let second_lock = retry_secs(
            identity
                .sign_in("dono@x.com.br", PASSWORD, Some("203.0.113.9"))
                .await,
        );
        assert!(
            (1799..=1800).contains(&second_lock),
            "{}: {second_lock}",
            h.engine
        );
    }
}

fn retry_secs(outcome: platform::error::Result<identity::SignedIn>) -> u64 {
    match outcome.map(|_| ()).unwrap_err().kind {
        platform::error::ErrorKind::TooManyAttempts { retry_after_secs } => retry_after_secs,
        other => panic!("expected a lock, got {other:?}"),
    }
}

/// 100 wrong codes at once get five tries between them; 30 requests for a code at once send five.
#[tokio::test]
async fn reset_codes_hold_their_limits_under_concurrency_and_expire_by_the_clock() {
    let smtp = SmtpServer::start().await;
    for h in harnesses_mailing_to(&smtp).await {
        let email = format!("cod-{}@x.com.br", h.engine);
        h.user(&email, Some(Role::Salesperson), RoleFlags::default(), false)
            .await;
        let send = || {
            h.post_public(
                "/api/v1/auth/password-reset/send-code",
                json!({"email": email}),
            )
        };
        join_all((0..30).map(|_| send())).await;
        let sent = h.identity().mail_sent_to(&email).await.unwrap();
        assert_eq!(sent.len(), 5, "{}", h.engine);
        let code = code_mailed(&smtp, &email).await;
        let confirm = |code: &str| {
            h.post_public(
                "/api/v1/auth/password-reset/confirm",
                json!({"email": email, "code": code, "new_password": "NovaSenha1"}),
            )
        };
        let wrong = if code == "000000" { "111111" } else { "000000" };
        join_all((0..100).map(|_| confirm(wrong))).await;
        // The tries are spent: even the right code is refused now.
        confirm(&code)
            .await
            .assert_status(StatusCode::UNPROCESSABLE_ENTITY);

        // A new code (after the sending window) expires after 15 minutes, by the clock.
        h.clock.advance(chrono::Duration::seconds(16 * 60));
        send().await.assert_status(StatusCode::ACCEPTED);
        let fresh = code_mailed_after(&smtp, &email, &code).await;
        h.clock.advance(chrono::Duration::seconds(15 * 60 + 1));
        confirm(&fresh)
            .await
            .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
}

/// The newest code to `to` that is not `previous`.
async fn code_mailed_after(smtp: &SmtpServer, to: &str, previous: &str) -> String {
    loop {
        let code = code_mailed(smtp, to).await;
        if code != previous {
            return code;
        }
        tokio::task::yield_now().await;
    }
}

/// Changing one's password ends one's other sessions and keeps the current one.
#[tokio::test]
async fn changing_the_password_ends_the_other_sessions() {
    for h in harnesses().await {
        let uid = h
            .user(
                "sess@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let (here, _) = h.token("sess@x.com.br").await;
        let (elsewhere, elsewhere_refresh) = h.token("sess@x.com.br").await;
        h.send(
            "POST",
            "/api/v1/auth/password",
            &format!("Bearer {here}"),
            Some(json!({"current_password": PASSWORD, "new_password": "NovaSenha9"})),
        )
        .await
        .assert_status(StatusCode::NO_CONTENT);
        let me = format!("/api/v1/users/{uid}");
        h.get(&me, &format!("Bearer {here}"))
            .await
            .assert_status_is_ok();
        h.get(&me, &format!("Bearer {elsewhere}"))
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        h.post_public(
            "/api/v1/auth/refresh",
            json!({"refresh_token": elsewhere_refresh}),
        )
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    }
}

/// Two tabs refreshing the same token at once both get the same new pair (never a 500), and the new
/// refresh token works; after the grace window the spent token is a replay again.
#[tokio::test]
async fn concurrent_refreshes_share_one_rotation() {
    for h in harnesses().await {
        h.user(
            "abas@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            false,
        )
        .await;
        let (_, refresh) = h.token("abas@x.com.br").await;
        let tabs = (0..8)
            .map(|_| h.post_public("/api/v1/auth/refresh", json!({"refresh_token": refresh})));
        let mut issued = Vec::new();
        for resp in join_all(tabs).await {
            assert_eq!(resp.0.status(), StatusCode::OK, "{}", h.engine);
            issued.push(
                body(resp).await["refresh_token"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            );
        }
        issued.dedup();
        assert_eq!(issued.len(), 1, "{}: one successor for all tabs", h.engine);
        let next = h
            .post_public("/api/v1/auth/refresh", json!({"refresh_token": issued[0]}))
            .await;
        next.assert_status_is_ok();
        let latest = body(next).await["refresh_token"]
            .as_str()
            .unwrap()
            .to_string();
        // The first token's successor is spent now: presenting the first token again is a replay.
        h.post_public("/api/v1/auth/refresh", json!({"refresh_token": refresh}))
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        h.post_public("/api/v1/auth/refresh", json!({"refresh_token": latest}))
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
    }
}

/// Past the grace window, the same spent token ends the session.
#[tokio::test]
async fn a_spent_refresh_token_after_the_grace_window_ends_the_session() {
    for h in harnesses().await {
        h.user(
            "graca@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            false,
        )
        .await;
        let (_, refresh) = h.token("graca@x.com.br").await;
        let rotated = h
            .post_public("/api/v1/auth/refresh", json!({"refresh_token": refresh}))
            .await;
        rotated.assert_status_is_ok();
        let successor = body(rotated).await["refresh_token"]
            .as_str()
            .unwrap()
            .to_string();
        h.clock
            .advance(chrono::Duration::seconds(identity::REFRESH_GRACE_SECS + 1));
        h.post_public("/api/v1/auth/refresh", json!({"refresh_token": refresh}))
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        h.post_public("/api/v1/auth/refresh", json!({"refresh_token": successor}))
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
    }
}

/// A user without the dispatch flag asking for the dispatch area is refused and the server audits it as
/// its own refusal, beside what the web app reports.
#[tokio::test]
async fn the_server_audits_its_own_dispatch_refusals() {
    for h in harnesses().await {
        // In the hub, but without the dispatch flag.
        h.user(
            "xereta@x.com.br",
            Some(Role::Salesperson),
            RoleFlags::default(),
            true,
        )
        .await;
        let (token, _) = h.token("xereta@x.com.br").await;
        let resp = h
            .get(
                "/api/v1/auth/access?path=/hub/despachos",
                &format!("Bearer {token}"),
            )
            .await;
        resp.assert_status_is_ok();
        assert_eq!(body(resp).await["allowed"], false);
        let (_, admin) = h.signed_in("auditor@x.com.br", Role::SuperAdmin).await;
        let page = body(
            h.get("/api/v1/audit/access?q=xereta", &format!("Bearer {admin}"))
                .await,
        )
        .await;
        assert_eq!(page["total"], 1, "{}: {page}", h.engine);
        assert_eq!(page["items"][0]["source"], "servidor");
        assert_eq!(page["items"][0]["has_permission"], false);
    }
}

/// The X-Forwarded-For header is believed only from a proxy named in the configuration.
#[tokio::test]
async fn the_client_address_comes_from_forwarded_for_only_behind_trusted_proxies() {
    let trusted = platform::testing::config_with(&[("BACKOFFICE_TRUSTED_PROXIES", "10.0.0.2")]);
    let db = platform::testing::sqlite(&server::app::migrations()).await;
    let h = common::harness_with(trusted, db).await;
    let identity = h.identity();
    let proxy = "10.0.0.2".parse().ok();
    let stranger = "192.0.2.50".parse().ok();
    assert_eq!(
        identity
            .client_addr(proxy, Some("203.0.113.1, 10.0.0.2"))
            .as_deref(),
        Some("203.0.113.1")
    );
    assert_eq!(
        identity
            .client_addr(stranger, Some("203.0.113.1"))
            .as_deref(),
        Some("192.0.2.50"),
        "a client cannot choose its address"
    );
    assert_eq!(
        identity.client_addr(proxy, None).as_deref(),
        Some("10.0.0.2")
    );
}
