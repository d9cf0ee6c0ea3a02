//! Notifications end to end, on both engines: a `Notify` event published with a change becomes in-app
//! notifications and push messages, sent through FCM HTTP v1 to a local server that speaks the protocol
//! (the service account's RS256 JWT exchanged for an access token, then `messages:send`).

use std::sync::{Arc, Mutex};

use identity::{Identity, NewUser};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use platform::notify::Notify;
use platform::testing::{self, TestApi};
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::{Data, Form, Json, Path};
use poem::{handler, post, EndpointExt, IntoResponse, Response, Route, Server};
use serde::Deserialize;
use serde_json::{json, Value};
use system::System;

const PRIVATE_KEY: &str = include_str!("../fixtures/fcm_test_key.pem");
const PUBLIC_KEY: &str = include_str!("../fixtures/fcm_test_key.pub.pem");
const CLIENT_EMAIL: &str = "backoffice@projeto-teste.iam.gserviceaccount.com";

/// What the local FCM server saw.
#[derive(Default)]
struct Seen {
    tokens_issued: usize,
    messages: Vec<Value>,
}

type Shared = Arc<Mutex<Seen>>;

#[derive(Deserialize)]
struct TokenForm {
    grant_type: String,
    assertion: String,
}

#[derive(Debug, Deserialize)]
struct Claims {
    iss: String,
    scope: String,
    aud: String,
}

#[handler]
fn token(form: Form<TokenForm>, seen: Data<&Shared>, base: Data<&String>) -> Response {
    if form.grant_type != "urn:ietf:params:oauth:grant-type:jwt-bearer" {
        return (StatusCode::BAD_REQUEST, "unsupported_grant_type").into_response();
    }
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&[format!("{}/token", base.0)]);
    let key = DecodingKey::from_rsa_pem(PUBLIC_KEY.as_bytes()).unwrap();
    let Ok(jwt) = jsonwebtoken::decode::<Claims>(&form.assertion, &key, &validation) else {
        return (StatusCode::UNAUTHORIZED, "invalid_grant").into_response();
    };
    assert_eq!(jwt.claims.iss, CLIENT_EMAIL);
    assert_eq!(
        jwt.claims.scope,
        "https://www.googleapis.com/auth/firebase.messaging"
    );
    assert!(jwt.claims.aud.ends_with("/token"));
    let mut seen = seen.lock().unwrap();
    seen.tokens_issued += 1;
    Json(json!({"access_token": format!("ya29.acesso-{}", seen.tokens_issued), "expires_in": 3599, "token_type": "Bearer"}))
        .into_response()
}

#[handler]
fn send(
    req: &poem::Request,
    path: Path<(String, String)>,
    body: Json<Value>,
    seen: Data<&Shared>,
) -> Response {
    let (project, method) = path.0;
    if method != "messages:send" {
        return StatusCode::NOT_IMPLEMENTED.into_response();
    }
    let bearer = req.header("authorization").unwrap_or("");
    if !bearer.starts_with("Bearer ya29.acesso-") || project != "projeto-teste" {
        return (StatusCode::UNAUTHORIZED, "UNAUTHENTICATED").into_response();
    }
    let message = body.0["message"].clone();
    if message["token"] == "token-desinstalado" {
        let error = json!({"error": {"code": 404, "status": "NOT_FOUND", "details": [{"errorCode": "UNREGISTERED"}]}});
        return (StatusCode::NOT_FOUND, Json(error)).into_response();
    }
    seen.lock().unwrap().messages.push(message);
    Json(json!({"name": "projects/projeto-teste/messages/1"})).into_response()
}

/// A local FCM: its base URL, and what it saw.
async fn fcm_server() -> (String, Shared) {
    let acceptor = TcpListener::bind("127.0.0.1:0")
        .into_acceptor()
        .await
        .unwrap();
    let port = acceptor.local_addr()[0].as_socket_addr().unwrap().port();
    let base = format!("http://127.0.0.1:{port}");
    let seen = Shared::default();
    let app = Route::new()
        .at("/token", post(token))
        // `messages:send`: a colon inside a segment, which poem's patterns read as a parameter.
        .at("/v1/projects/:project/:method", post(send))
        .data(seen.clone())
        .data(base.clone());
    tokio::spawn(Server::new_with_acceptor(acceptor).run(app));
    (base, seen)
}

fn service_account(base: &str) -> std::path::PathBuf {
    let account = json!({
        "type": "service_account",
        "project_id": "projeto-teste",
        "private_key": PRIVATE_KEY,
        "client_email": CLIENT_EMAIL,
        "token_uri": format!("{base}/token"),
    });
    let path = std::env::temp_dir().join(format!("fcm-{}.json", uuid::Uuid::new_v4()));
    std::fs::write(&path, account.to_string()).unwrap();
    path
}

async fn user(identity: &Identity, email: &str) -> String {
    identity
        .create_user(NewUser {
            email: email.into(),
            name: "Fulana".into(),
            role: Some(Role::FinancialManager),
            flags: RoleFlags::default(),
            access_hub: false,
            is_password_updated: true,
            password: Some("Senha@2026".into()),
        })
        .await
        .unwrap()
        .uid
}

#[tokio::test]
async fn a_notify_event_reaches_the_bell_and_each_device_through_fcm() {
    let sets = TestApi::<System>::migrations_after::<(Identity,)>();
    for db in testing::engines(&sets).await {
        let (base, seen) = fcm_server().await;
        let account = service_account(&base);
        let config = testing::config_with(&[
            ("BACKOFFICE_FCM_SERVICE_ACCOUNT", account.to_str().unwrap()),
            ("BACKOFFICE_FCM_ENDPOINT", &base),
        ]);
        let api = TestApi::<System>::start_configured::<(Identity,)>(db, config).await;
        let identity = api.started.get::<Identity>().unwrap();
        let ana = user(&identity, "ana@x.com.br").await;
        let bia = user(&identity, "bia@x.com.br").await;
        identity
            .save_push_token(&ana, "token-celular")
            .await
            .unwrap();
        identity
            .save_push_token(&ana, "token-desinstalado")
            .await
            .unwrap();
        assert_eq!(
            identity.push_tokens(&ana).await.unwrap(),
            ["token-celular", "token-desinstalado"]
        );

        let notify = Notify::to_users(
            vec![ana.clone(), bia.clone()],
            "Lote LP-2026-000012 aguarda sua aprovação",
            "3 pagamentos, R$ 12.345,67",
            "/pagamento-lote?id=lote-12",
        );
        let mut tx = api.db.begin().await.unwrap();
        api.platform.jobs.publish(&mut tx, &notify).await.unwrap();
        tx.commit().await.unwrap();
        // The delivery, then one push job per user.
        assert_eq!(api.platform.jobs.run_until_idle().await.unwrap(), 3);
        let (jobs, _) = api
            .platform
            .jobs
            .list(&Default::default(), 10, 0)
            .await
            .unwrap();
        for job in &jobs {
            assert_eq!(
                job.status,
                platform::jobs::JobStatus::Done,
                "{} {:?} {:?}",
                job.kind,
                job.last_error,
                job.result
            );
        }

        {
            let seen = seen.lock().unwrap();
            assert_eq!(seen.tokens_issued, 1, "the access token is reused");
            assert_eq!(seen.messages.len(), 1);
            let message = &seen.messages[0];
            assert_eq!(message["token"], "token-celular");
            assert_eq!(
                message["notification"]["title"],
                "Lote LP-2026-000012 aguarda sua aprovação"
            );
            assert_eq!(message["data"]["url"], "/pagamento-lote?id=lote-12");
        }
        assert_eq!(
            identity.push_tokens(&ana).await.unwrap(),
            ["token-celular"],
            "the uninstalled device is forgotten"
        );

        // Both users have it in the bell, unread.
        let notifications = api.context.notifications();
        let (items, unread, _) = notifications.inbox(&ana, 20, 0).await.unwrap();
        assert_eq!((items.len(), unread), (1, 1));
        assert_eq!(items[0].url, "/pagamento-lote?id=lote-12");
        assert_eq!(notifications.inbox(&bia, 20, 0).await.unwrap().1, 1);
    }
}

#[tokio::test]
async fn the_bell_lists_ones_own_notifications_and_marks_them_read() {
    for api in TestApi::<System>::on_each_engine_after::<(Identity,)>().await {
        let notify = |title: &str| {
            Notify::to_users(
                vec!["uid-FINANCIAL_MANAGER".into()],
                title,
                "corpo",
                "/inicio",
            )
        };
        for title in ["Primeira", "Segunda"] {
            let mut tx = api.db.begin().await.unwrap();
            api.platform
                .jobs
                .publish(&mut tx, &notify(title))
                .await
                .unwrap();
            tx.commit().await.unwrap();
        }
        api.platform.jobs.run_until_idle().await.unwrap();

        let (status, page) = api
            .call(
                "GET",
                "/api/v1/system/notifications",
                Some("FINANCIAL_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["unread"], 2);
        assert_eq!(page["items"][0]["title"], "Segunda", "newest first");
        let id = page["items"][0]["id"].as_str().unwrap().to_string();

        // Another user neither sees nor marks it.
        let (_, other) = api
            .call("GET", "/api/v1/system/notifications", Some("ADMIN"), None)
            .await;
        assert_eq!(other["unread"], 0);
        let path = format!("/api/v1/system/notifications/{id}/read");
        let (status, _) = api.call("POST", &path, Some("ADMIN"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        let (status, read) = api
            .call("POST", &path, Some("FINANCIAL_MANAGER"), None)
            .await;
        assert_eq!(
            (status, read["read_at"].is_string()),
            (StatusCode::OK, true)
        );
        let (_, page) = api
            .call(
                "GET",
                "/api/v1/system/notifications",
                Some("FINANCIAL_MANAGER"),
                None,
            )
            .await;
        assert_eq!(page["unread"], 1);
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/system/notifications/read-all",
                Some("FINANCIAL_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, page) = api
            .call(
                "GET",
                "/api/v1/system/notifications",
                Some("FINANCIAL_MANAGER"),
                None,
            )
            .await;
        assert_eq!(page["unread"], 0);
    }
}

/// A notice to the holders of a permission reaches whoever holds it when it is delivered — by role, by a
/// flag or by their own grant — once, and nobody whose permission was revoked, who is inactive, has no role or
/// was excepted (the person who made the change).
#[tokio::test]
async fn a_notice_to_the_holders_of_a_permission_reaches_each_holder_once() {
    use platform::access::table::{self, Decision};
    use platform::access::{CONCILIATION, PLATFORM_PERMISSIONS, REMESSA_COBRANCA};
    use platform::clock::Clock;

    for api in TestApi::<System>::on_each_engine_after::<(Identity,)>().await {
        let identity = api.started.get::<Identity>().unwrap();
        let now = api.clock.now();
        table::seed_defaults(&api.db, PLATFORM_PERMISSIONS, now)
            .await
            .unwrap();
        let new = |email: &'static str, role: Option<Role>, flags: RoleFlags| {
            let identity = identity.clone();
            async move {
                identity
                    .create_user(NewUser {
                        email: email.into(),
                        name: email.into(),
                        role,
                        flags,
                        access_hub: false,
                        is_password_updated: true,
                        password: Some("Senha@2026".into()),
                    })
                    .await
                    .unwrap()
                    .uid
            }
        };
        let plain = RoleFlags::default();
        let manager = new("gerente@x.com.br", Some(Role::FinancialManager), plain).await;
        let author = new("autor@x.com.br", Some(Role::SuperAdmin), plain).await;
        let revoked = new("adm@x.com.br", Some(Role::Admin), plain).await;
        let granted = new("assist@x.com.br", Some(Role::FinancialAssistant), plain).await;
        let seller = new("vend@x.com.br", Some(Role::Salesperson), plain).await;
        let gone = new("ex@x.com.br", Some(Role::FinancialManager), plain).await;
        let no_role = new("sem@x.com.br", None, plain).await;
        let conciliation = RoleFlags {
            can_see_conciliation: true,
            ..plain
        };
        let reconciler = new("conc@x.com.br", Some(Role::Salesperson), conciliation).await;

        let mut tx = api.db.begin().await.unwrap();
        let code = REMESSA_COBRANCA.code;
        for (uid, decision) in [
            (&revoked, Decision::Revoke),
            (&granted, Decision::Grant),
            (&no_role, Decision::Grant),
        ] {
            table::set_exception(&mut tx, uid, code, decision, "motivo do teste", "adm", now)
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
        let by = testing::principal("adm", "Administradora");
        let mut row = identity.user_row(&gone).await.unwrap();
        row.active = false;
        identity.update_user(&by, &row).await.unwrap();

        let mut expected = vec![manager.clone(), author.clone(), granted.clone()];
        expected.sort();
        assert_eq!(
            identity.holders(code).await.unwrap(),
            expected,
            "{}",
            api.engine()
        );
        assert_eq!(
            identity.holders(CONCILIATION.code).await.unwrap(),
            std::slice::from_ref(&reconciler)
        );
        assert!(identity.holders("nao_existe").await.unwrap().is_empty());

        let notice = Notify::to_holders(
            &REMESSA_COBRANCA,
            vec![author.clone()],
            "Remessa aguardando envio",
            "corpo",
            "/remessa",
        );
        let mut tx = api.db.begin().await.unwrap();
        api.platform.jobs.publish(&mut tx, &notice).await.unwrap();
        tx.commit().await.unwrap();
        api.platform.jobs.run_until_idle().await.unwrap();
        let notifications = api.context.notifications();
        for (uid, count) in [
            (&manager, 1),
            (&granted, 1),
            (&author, 0),
            (&revoked, 0),
            (&seller, 0),
            (&gone, 0),
            (&no_role, 0),
            (&reconciler, 0),
        ] {
            let (items, unread, _) = notifications.inbox(uid, 20, 0).await.unwrap();
            assert_eq!((items.len(), unread), (count, count as i64), "{uid}");
        }
    }
}
