//! Test harness: the real application over a fresh database on each engine, driven through poem's
//! TestClient (the same routes, middleware and error handling as the running server).

#![allow(dead_code)]

use std::sync::Arc;

use identity::NewUser;
use platform::clock::ManualClock;
use platform::config::Config;
use platform::db::Db;
use platform::{Role, RoleFlags};
use poem::endpoint::BoxEndpoint;
use poem::test::{TestClient, TestResponse};
use poem::{EndpointExt, Response};
use serde_json::{json, Value};
use server::app::{self, App};

pub const PASSWORD: &str = "Senha@123";

pub struct Harness {
    pub app: App,
    pub client: TestClient<BoxEndpoint<'static, Response>>,
    pub engine: &'static str,
    /// The application's clock: tests move time instead of sleeping.
    pub clock: Arc<ManualClock>,
}

/// One harness per engine: SQLite always, PostgreSQL when reachable (always in CI).
pub async fn harnesses() -> Vec<Harness> {
    let mut out = Vec::new();
    for db in platform::testing::engines(&app::migrations()).await {
        out.push(harness(db).await);
    }
    out
}

pub async fn harness(db: Db) -> Harness {
    harness_with(platform::testing::config(), db).await
}

pub async fn harness_with(config: Config, db: Db) -> Harness {
    let engine = match db.engine() {
        platform::db::Engine::Sqlite => "sqlite",
        platform::db::Engine::Postgres => "postgres",
    };
    let clock = ManualClock::starting_now();
    let app = App::with_db(config, db, clock.clone()).await.unwrap();
    let routes = app.routes().boxed();
    Harness {
        client: TestClient::new(routes),
        app,
        engine,
        clock,
    }
}

impl Harness {
    /// The identity context behind the API, for what a test checks below it.
    pub fn identity(&self) -> &Arc<identity::Identity> {
        &self.app.contexts.identity
    }

    /// Creates an active user with `role` and flags, password [`PASSWORD`]; returns its uid.
    pub async fn user(
        &self,
        email: &str,
        role: Option<Role>,
        flags: RoleFlags,
        access_hub: bool,
    ) -> String {
        self.app
            .contexts
            .identity
            .create_user(NewUser {
                email: email.into(),
                name: format!("Usuário {email}"),
                role,
                flags,
                access_hub,
                is_password_updated: false,
                password: Some(PASSWORD.into()),
            })
            .await
            .unwrap()
            .uid
    }

    pub async fn sign_in(&self, email: &str, password: &str) -> TestResponse {
        self.client
            .post("/api/v1/auth/sign-in")
            .body_json(&json!({"email": email, "password": password}))
            .send()
            .await
    }

    /// Signs in and returns (access token, refresh token).
    pub async fn token(&self, email: &str) -> (String, String) {
        let resp = self.sign_in(email, PASSWORD).await;
        resp.assert_status_is_ok();
        let v = resp.json().await.value().deserialize::<Value>();
        (
            v["access_token"].as_str().unwrap().into(),
            v["refresh_token"].as_str().unwrap().into(),
        )
    }

    /// `GET path` with `auth` as the Authorization header (`Bearer …`).
    pub async fn get(&self, path: impl AsRef<str>, auth: &str) -> TestResponse {
        self.client
            .get(path.as_ref())
            .header("Authorization", auth)
            .send()
            .await
    }

    /// `method path` with `auth` and an optional JSON body.
    pub async fn send(
        &self,
        method: &str,
        path: impl AsRef<str>,
        auth: &str,
        body: Option<Value>,
    ) -> TestResponse {
        let path = path.as_ref();
        let req = match method {
            "POST" => self.client.post(path),
            "PATCH" => self.client.patch(path),
            "PUT" => self.client.put(path),
            "DELETE" => self.client.delete(path),
            m => panic!("unsupported method {m}"),
        }
        .header("Authorization", auth);
        match body {
            Some(b) => req.body_json(&b).send().await,
            None => req.send().await,
        }
    }

    /// `POST path` with a JSON body and no token.
    pub async fn post_public(&self, path: &str, body: Value) -> TestResponse {
        self.client.post(path).body_json(&body).send().await
    }

    /// A user with `role` that is signed in: (uid, access token).
    pub async fn signed_in(&self, email: &str, role: Role) -> (String, String) {
        let uid = self
            .user(email, Some(role), RoleFlags::default(), false)
            .await;
        (uid, self.token(email).await.0)
    }
}

pub async fn body(resp: TestResponse) -> Value {
    resp.json().await.value().deserialize::<Value>()
}
