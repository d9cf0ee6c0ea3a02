//! The CRM plugin's sessions (`/api/v1/auth/plugin/*`), on SQLite and (when reachable) PostgreSQL: the
//! cookie's attributes, the 12 h limit with the manual clock, who may sign in, and the confinement of
//! plugin tokens to the plugin's permissions.

use chrono::Duration;
use identity::{Identity, NewUser, PLUGIN_REFRESH_COOKIE, PLUGIN_REFRESH_PATH};
use platform::access::{Grant, Permission, SIGNED_IN};
use platform::api::Authenticator;
use platform::clock::Clock;
use platform::testing::TestApi;
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::{json, Value};

/// What the CRM declares for its plugin group (the code identity confines plugin tokens to).
static PLUGIN: Permission = Permission {
    code: "crm_plugin",
    label: "usar o plugin do CRM",
    grant: Grant::Roles(&[
        Role::Salesperson,
        Role::SalesManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

const PASSWORD: &str = "Senha@Plugin2026";

async fn apis() -> Vec<TestApi<Identity>> {
    let apis = TestApi::<Identity>::on_each_engine().await;
    for api in &apis {
        platform::access::table::seed_defaults(&api.db, &[&PLUGIN, &SIGNED_IN], api.clock.now())
            .await
            .expect("seeded");
    }
    apis
}

async fn user(api: &TestApi<Identity>, email: &str, role: Role) {
    api.context
        .create_user(NewUser {
            email: email.into(),
            name: email.into(),
            role: Some(role),
            flags: RoleFlags::default(),
            access_hub: false,
            is_password_updated: true,
            password: Some(PASSWORD.into()),
        })
        .await
        .expect("user created");
}

/// Status, `Set-Cookie` and body of a plugin auth call.
async fn post(
    api: &TestApi<Identity>,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Option<String>, Value) {
    let mut req = api.client.post(format!("/api/v1/auth/plugin{path}"));
    if let Some(cookie) = cookie {
        req = req.header("Cookie", format!("{PLUGIN_REFRESH_COOKIE}={cookie}"));
    }
    if let Some(body) = body {
        req = req.body_json(&body);
    }
    let resp = req.send().await;
    let status = resp.0.status();
    let set_cookie = resp
        .0
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_string());
    let text = resp.0.into_body().into_string().await.unwrap();
    (
        status,
        set_cookie,
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

async fn sign_in(api: &TestApi<Identity>, email: &str) -> (StatusCode, Option<String>, Value) {
    post(
        api,
        "/sign-in",
        None,
        Some(json!({"email": email, "password": PASSWORD})),
    )
    .await
}

/// The refresh token inside a `Set-Cookie`.
fn cookie_value(set_cookie: &str) -> String {
    set_cookie
        .split(';')
        .next()
        .and_then(|p| p.split_once('='))
        .map(|(_, v)| v.to_string())
        .unwrap()
}

#[tokio::test]
async fn the_refresh_token_travels_only_in_a_partitioned_http_only_cookie_on_the_refresh_path() {
    for api in apis().await {
        user(&api, "vendedor@empresa.com.br", Role::Salesperson).await;
        let (status, set_cookie, body) = sign_in(&api, "vendedor@empresa.com.br").await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", api.engine());
        let set_cookie = set_cookie.expect("a cookie");
        let attributes: Vec<&str> = set_cookie.split("; ").skip(1).collect();
        assert_eq!(
            attributes,
            [
                format!("Path={PLUGIN_REFRESH_PATH}").as_str(),
                "Max-Age=43200",
                "HttpOnly",
                "Secure",
                "SameSite=None",
                "Partitioned"
            ],
            "{}",
            api.engine()
        );
        assert!(
            body.get("refresh_token").is_none(),
            "no refresh token in the body: {body}"
        );
        assert!(body["access_token"].as_str().unwrap().len() > 20);
        // The cookie renews the access token, and rotates.
        let token = cookie_value(&set_cookie);
        let (status, renewed, body) = post(&api, "/refresh", Some(&token), None).await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", api.engine());
        assert_ne!(cookie_value(&renewed.unwrap()), token);
        // Without the cookie there is nothing to renew.
        let (status, _, _) = post(&api, "/refresh", None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn a_plugin_session_ends_twelve_hours_after_signing_in_whatever_the_refreshes() {
    for api in apis().await {
        user(&api, "gerente@empresa.com.br", Role::SalesManager).await;
        let (_, set_cookie, body) = sign_in(&api, "gerente@empresa.com.br").await;
        let mut token = cookie_value(&set_cookie.unwrap());
        let access = body["access_token"].as_str().unwrap().to_string();
        // Renewed every 10 minutes for 11 h 50 min: still alive.
        for _ in 0..71 {
            api.clock.advance(Duration::minutes(10));
            let (status, renewed, body) = post(&api, "/refresh", Some(&token), None).await;
            assert_eq!(status, StatusCode::OK, "{}: {body}", api.engine());
            token = cookie_value(&renewed.unwrap());
        }
        api.clock
            .advance(Duration::minutes(10) + Duration::seconds(1));
        let (status, _, body) = post(&api, "/refresh", Some(&token), None).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "{}: 12 h are over: {body}",
            api.engine()
        );
        // The first access token's session is over too.
        assert!(api.context.authenticate(&access).await.is_err());
    }
}

#[tokio::test]
async fn only_sales_roles_and_administrators_sign_in_to_the_plugin() {
    for api in apis().await {
        for (email, role, expected) in [
            ("sp@empresa.com.br", Role::Salesperson, StatusCode::OK),
            ("sm@empresa.com.br", Role::SalesManager, StatusCode::OK),
            ("adm@empresa.com.br", Role::Admin, StatusCode::OK),
            ("super@empresa.com.br", Role::SuperAdmin, StatusCode::OK),
            (
                "fin@empresa.com.br",
                Role::FinancialManager,
                StatusCode::FORBIDDEN,
            ),
            (
                "est@empresa.com.br",
                Role::StockKeeper,
                StatusCode::FORBIDDEN,
            ),
        ] {
            user(&api, email, role).await;
            let (status, cookie, body) = sign_in(&api, email).await;
            assert_eq!(status, expected, "{}: {email}: {body}", api.engine());
            assert_eq!(cookie.is_some(), expected == StatusCode::OK);
        }
        let (status, _, _) = post(
            &api,
            "/sign-in",
            None,
            Some(json!({"email": "sp@empresa.com.br", "password": "errada"})),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn plugin_tokens_hold_only_the_plugin_permission_and_web_tokens_never_hold_it() {
    for api in apis().await {
        user(&api, "adm@empresa.com.br", Role::Admin).await;
        let (_, set_cookie, body) = sign_in(&api, "adm@empresa.com.br").await;
        let plugin = api
            .context
            .authenticate(body["access_token"].as_str().unwrap())
            .await
            .expect("a plugin principal");
        assert!(plugin.has(&PLUGIN), "{}", api.engine());
        assert!(
            !plugin.has(&SIGNED_IN),
            "a plugin token reaches nothing else"
        );
        let web = api
            .context
            .sign_in("adm@empresa.com.br", PASSWORD, None)
            .await
            .expect("web sign-in");
        let web_principal = api.context.authenticate(&web.access_token).await.unwrap();
        assert!(web_principal.has(&SIGNED_IN));
        assert!(
            !web_principal.has(&PLUGIN),
            "a web token does not reach the plugin"
        );
        // Each refresh token renews only at its own endpoint (and is not spent by the refusal).
        let plugin_refresh = cookie_value(&set_cookie.unwrap());
        assert!(api.context.refresh(&plugin_refresh).await.is_err());
        let (status, _, _) = post(&api, "/refresh", Some(&web.refresh_token), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert!(api.context.refresh(&web.refresh_token).await.is_ok());
        let (status, _, _) = post(&api, "/refresh", Some(&plugin_refresh), None).await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn signing_out_ends_the_plugin_session_and_clears_the_cookie() {
    for api in apis().await {
        user(&api, "sp@empresa.com.br", Role::Salesperson).await;
        let (_, set_cookie, _) = sign_in(&api, "sp@empresa.com.br").await;
        let token = cookie_value(&set_cookie.unwrap());
        let resp = api
            .client
            .delete("/api/v1/auth/plugin/refresh")
            .header("Cookie", format!("{PLUGIN_REFRESH_COOKIE}={token}"))
            .send()
            .await;
        resp.assert_status(StatusCode::NO_CONTENT);
        let cleared = resp
            .0
            .headers()
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap();
        assert!(cleared.contains("Max-Age=0"), "{cleared}");
        let (status, _, _) = post(&api, "/refresh", Some(&token), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{}", api.engine());
    }
}
