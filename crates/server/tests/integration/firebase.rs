//! Firebase mode (Auth emulator): the server accepts the emulator's unsigned ID tokens for its project,
//! links them to the backoffice user with the same e-mail, and the web app can read the user by its
//! Firebase uid.

use crate::common;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use platform::config::Config;
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::json;

fn emulator_token(sub: &str, email: &str, project: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = json!({"sub": sub, "user_id": sub, "email": email, "aud": project,
        "iss": format!("https://securetoken.google.com/{project}"), "iat": now, "exp": now + 3600});
    format!(
        "{}.{}.",
        URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#),
        URL_SAFE_NO_PAD.encode(claims.to_string())
    )
}

#[tokio::test]
async fn firebase_users_are_linked_by_email_and_read_themselves_by_firebase_uid() {
    for db in platform::testing::engines(&server::app::migrations()).await {
        let config = Config::from_lookup(|k| match k {
            "BACKOFFICE_AUTH_PROVIDER" => Some("firebase".into()),
            "BACKOFFICE_FIREBASE_PROJECT_ID" => Some("demo-backoffice".into()),
            "BACKOFFICE_FIREBASE_EMULATOR" => Some("127.0.0.1:9099".into()),
            _ => None,
        })
        .unwrap();
        let h = common::harness_with(config, db).await;
        let uid = h
            .user(
                "fb@x.com.br",
                Some(Role::FinancialAssistant),
                RoleFlags::default(),
                false,
            )
            .await;
        let auth = format!(
            "Bearer {}",
            emulator_token("firebase-uid-1", "fb@x.com.br", "demo-backoffice")
        );
        let me = common::body(h.get("/api/v1/users/firebase-uid-1", &auth).await).await;
        assert_eq!(me[0]["uid"], uid.as_str(), "{}", h.engine);
        h.get(format!("/api/v1/users/{uid}"), &auth)
            .await
            .assert_status_is_ok();
        // Password changes happen in Firebase: the server only records that it happened.
        h.send(
            "POST",
            "/api/v1/auth/password",
            &auth,
            Some(json!({"current_password": "-", "new_password": "NovaSenha1"})),
        )
        .await
        .assert_status(StatusCode::NO_CONTENT);
        let me = common::body(h.get("/api/v1/users/firebase-uid-1", &auth).await).await;
        assert_eq!(me[0]["is_password_updated"], true);
        // Another project's token, and an unknown e-mail, are refused.
        let other = format!("Bearer {}", emulator_token("x", "fb@x.com.br", "outro"));
        h.get("/api/v1/users/x", &other)
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        let stranger = format!(
            "Bearer {}",
            emulator_token("y", "nao@cadastrado.com", "demo-backoffice")
        );
        h.get("/api/v1/users/y", &stranger)
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        // The runtime config tells the web app to use Firebase with the emulator.
        let config = common::body(h.client.get("/runtime-config.json").send().await).await;
        assert_eq!(config["auth"]["provider"], "firebase");
        assert_eq!(config["auth"]["emulatorUrl"], "http://127.0.0.1:9099");
    }
}
