//! The plugin API (`/api/v1/crm/plugin/*`) on SQLite and (when reachable) PostgreSQL, signed in through the
//! real identity context: plugin tokens (`aud=crm-plugin`) reach the plugin group only, web tokens never
//! reach it; the lookup finds a client by a phone in any format, is rate-limited and audited; the allowed
//! origins are a setting.

use std::sync::Arc;

use crm::Crm;
use identity::{Identity, NewUser};
use platform::access::{Permission, PLATFORM_PERMISSIONS, SIGNED_IN};
use platform::api::AccessTable;
use platform::clock::Clock;
use platform::context::Context;
use platform::testing::TestApi;
use platform::{Role, RoleFlags};
use poem::endpoint::BoxEndpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use poem::{EndpointExt, Response};
use poem_openapi::{OpenApi, OpenApiService};
use serde_json::{json, Value};

const PASSWORD: &str = "Senha@Plugin2026";

/// The CRM and identity served together, as the server serves them, with identity as the authenticator.
struct Api {
    test: TestApi<Crm>,
    identity: Arc<Identity>,
    client: TestClient<BoxEndpoint<'static, Response>>,
}

async fn apis() -> Vec<Api> {
    let mut apis = Vec::new();
    for test in TestApi::<Crm>::on_each_engine_after::<(Identity,)>().await {
        let identity = test.started.get::<Identity>().expect("identity started");
        let mut known: Vec<&'static Permission> = vec![&SIGNED_IN];
        known.extend(Crm::permissions());
        known.extend(Identity::permissions());
        known.extend(PLATFORM_PERMISSIONS.iter().copied());
        platform::access::table::seed_defaults(&test.db, &known, test.clock.now())
            .await
            .expect("permissions seeded");
        type Both = (<Crm as Context>::Api, <Identity as Context>::Api);
        let table = AccessTable::new(<Both as OpenApi>::meta(), &known).expect("access table");
        let service = OpenApiService::new((test.context.api(), identity.api()), "crm", "test");
        let endpoint = platform::api::host(service, Arc::new(table), identity.clone())
            .map_to_response()
            .boxed();
        apis.push(Api {
            test,
            identity,
            client: TestClient::new(endpoint),
        });
    }
    apis
}

impl Api {
    fn engine(&self) -> String {
        self.test.engine()
    }

    async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Option<String>, Value) {
        let method = poem::http::Method::from_bytes(method.as_bytes()).unwrap();
        let mut req = self.client.request(method, path);
        if let Some(token) = token {
            req = req.header("Authorization", format!("Bearer {token}"));
        }
        if let Some(body) = body {
            req = req.body_json(&body);
        }
        let resp = req.send().await;
        let status = resp.0.status();
        let retry_after = resp
            .0
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap().to_string());
        let text = resp.0.into_body().into_string().await.unwrap();
        (
            status,
            retry_after,
            serde_json::from_str(&text).unwrap_or(Value::Null),
        )
    }

    async fn user(&self, email: &str, role: Role) {
        self.identity
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

    /// A plugin access token (`aud=crm-plugin`) for `email`.
    async fn plugin_token(&self, email: &str) -> String {
        let (status, _, body) = self
            .call(
                "POST",
                "/api/v1/auth/plugin/sign-in",
                None,
                Some(json!({"email": email, "password": PASSWORD})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", self.engine());
        body["access_token"].as_str().unwrap().to_string()
    }

    /// A web-app access token for `email`.
    async fn web_token(&self, email: &str) -> String {
        let (status, _, body) = self
            .call(
                "POST",
                "/api/v1/auth/sign-in",
                None,
                Some(json!({"email": email, "password": PASSWORD})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", self.engine());
        body["access_token"].as_str().unwrap().to_string()
    }

    /// A client in `owner`'s portfolio (an e-mail of a salesperson), or in nobody's.
    async fn client(&self, name: &str, document: &str, phone: &str, owner: Option<&str>) -> String {
        let owner_id = match owner {
            Some(email) => Some(
                self.identity
                    .user_by_email(email)
                    .await
                    .unwrap()
                    .unwrap()
                    .uid,
            ),
            None => None,
        };
        let mut client = json!({"kind": "person", "name": name, "document": document,
                                "phones": [phone], "emails": ["maria.souza@exemplo.com.br"]});
        if let Some(owner) = owner_id {
            client["owner_id"] = json!(owner);
        }
        let (status, _, body) = self
            .call(
                "POST",
                "/api/v1/crm/clients",
                Some(&self.web_token("admin@empresa.com.br").await),
                Some(client),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {body}", self.engine());
        body["id"].as_str().unwrap().to_string()
    }
}

#[tokio::test]
async fn scenario_22_the_hosts_phone_finds_the_client_and_a_plugin_token_elsewhere_is_403() {
    for api in apis().await {
        api.user("admin@empresa.com.br", Role::Admin).await;
        api.user("vendedora@empresa.com.br", Role::Salesperson)
            .await;
        let id = api
            .client(
                "Maria Souza",
                "123.456.789-09",
                "+5511987654321",
                Some("vendedora@empresa.com.br"),
            )
            .await;
        // Another salesperson finds that the client exists and whose it is, nothing more.
        api.user("outro@empresa.com.br", Role::Salesperson).await;
        let other = api.plugin_token("outro@empresa.com.br").await;
        let (status, _, body) = api
            .call(
                "GET",
                "/api/v1/crm/plugin/lookup?phone=%2811%29%2098765-4321",
                Some(&other),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["client"], Value::Null, "{body}");
        assert_eq!(
            body["notice"],
            "Cliente já cadastrado. Responsável: vendedora@empresa.com.br"
        );
        let token = api.plugin_token("vendedora@empresa.com.br").await;
        // The host sent `crm:context {phone: "(11) 98765-4321"}`; the plugin looks it up.
        let (status, _, body) = api
            .call(
                "GET",
                "/api/v1/crm/plugin/lookup?phone=%2811%29%2098765-4321",
                Some(&token),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", api.engine());
        let card = &body["client"];
        assert_eq!(card["id"], id.as_str());
        assert_eq!(card["name"], "Maria Souza");
        assert_eq!(card["document_masked"], "***.456.789-**");
        assert_eq!(card["status"], "active");
        assert!(
            !body.to_string().contains("12345678909"),
            "never the whole document: {body}"
        );
        // The same token on any other endpoint: 403.
        for (method, path) in [
            ("GET", "/api/v1/crm/clients"),
            ("GET", format!("/api/v1/crm/clients/{id}").as_str()),
            ("GET", "/api/v1/crm/plugin/origins"),
            ("POST", "/api/v1/auth/sign-out"),
        ] {
            let (status, _, body) = api.call(method, path, Some(&token), None).await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{}: {method} {path}: {body}",
                api.engine()
            );
        }
    }
}

#[tokio::test]
async fn a_web_token_is_refused_by_the_plugin_group() {
    for api in apis().await {
        api.user("admin@empresa.com.br", Role::Admin).await;
        let web = api.web_token("admin@empresa.com.br").await;
        let (status, _, body) = api
            .call(
                "GET",
                "/api/v1/crm/plugin/lookup?phone=11987654321",
                Some(&web),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{}: {body}", api.engine());
        // No token at all: 401.
        let (status, _, _) = api
            .call(
                "GET",
                "/api/v1/crm/plugin/lookup?phone=11987654321",
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn lookups_by_email_and_document_and_bad_terms() {
    for api in apis().await {
        api.user("admin@empresa.com.br", Role::Admin).await;
        let id = api
            .client("Maria Souza", "123.456.789-09", "11987654321", None)
            .await;
        let token = api.plugin_token("admin@empresa.com.br").await;
        for query in [
            "email=Maria.Souza%40EXEMPLO.com.br",
            "document=12345678909",
            "document=123.456.789-09",
            "phone=%2B55%2011%2098765-4321",
        ] {
            let (status, _, body) = api
                .call(
                    "GET",
                    &format!("/api/v1/crm/plugin/lookup?{query}"),
                    Some(&token),
                    None,
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{}: {query}: {body}", api.engine());
            assert_eq!(body["client"]["id"], id.as_str(), "{query}");
        }
        let (status, _, body) = api
            .call(
                "GET",
                "/api/v1/crm/plugin/lookup?phone=11912345678",
                Some(&token),
                None,
            )
            .await;
        assert_eq!((status, &body["client"]), (StatusCode::OK, &Value::Null));
        for (query, field) in [
            ("phone=123", "phone"),
            ("", "phone"),
            ("document=1", "document"),
        ] {
            let (status, _, body) = api
                .call(
                    "GET",
                    &format!("/api/v1/crm/plugin/lookup?{query}"),
                    Some(&token),
                    None,
                )
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{query}: {body}");
            assert_eq!(body["fields"][0]["field"], field, "{query}: {body}");
        }
    }
}

#[tokio::test]
async fn the_61st_lookup_in_a_minute_is_429_with_retry_after_and_every_lookup_is_audited() {
    for api in apis().await {
        api.user("admin@empresa.com.br", Role::Admin).await;
        api.user("vendedor@empresa.com.br", Role::Salesperson).await;
        let id = api
            .client(
                "Maria Souza",
                "123.456.789-09",
                "11987654321",
                Some("vendedor@empresa.com.br"),
            )
            .await;
        let token = api.plugin_token("vendedor@empresa.com.br").await;
        let lookup = "/api/v1/crm/plugin/lookup?phone=%2811%29%2098765-4321";
        for i in 0..60 {
            let (status, _, body) = api.call("GET", lookup, Some(&token), None).await;
            assert_eq!(
                status,
                StatusCode::OK,
                "{}: lookup {}: {body}",
                api.engine(),
                i + 1
            );
            api.test.clock.advance(chrono::Duration::milliseconds(500));
        }
        let (status, retry_after, _) = api.call("GET", lookup, Some(&token), None).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{}", api.engine());
        // The first lookup was 30 s ago: it leaves the window in 30 s.
        assert_eq!(retry_after.as_deref(), Some("30"));
        // Another user is not held back.
        let admin = api.plugin_token("admin@empresa.com.br").await;
        let (status, _, _) = api.call("GET", lookup, Some(&admin), None).await;
        assert_eq!(status, StatusCode::OK);
        api.test.clock.advance(chrono::Duration::seconds(31));
        let (status, _, _) = api.call("GET", lookup, Some(&token), None).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{}: the window moved on",
            api.engine()
        );
        // The audit: who searched what, and what was found (the refused lookup is not there).
        let rows: Vec<(String, String, String, String, Option<String>)> =
            platform::on_db!(&api.test.db, pool => sqlx::query_as(
                "SELECT uid, user_email, term_kind, term, client_id FROM crm_plugin_lookups \
                 WHERE user_email = $1 ORDER BY created_at")
                .bind("vendedor@empresa.com.br")
                .fetch_all(pool)
                .await)
            .unwrap();
        assert_eq!(rows.len(), 61, "{}", api.engine());
        let (_, email, kind, term, client) = &rows[0];
        assert_eq!(
            (
                email.as_str(),
                kind.as_str(),
                term.as_str(),
                client.as_deref()
            ),
            (
                "vendedor@empresa.com.br",
                "telefone",
                "+5511987654321",
                Some(id.as_str())
            )
        );
    }
}

#[tokio::test]
async fn administrators_keep_the_allowed_origins_and_the_public_config_shows_only_them() {
    for api in apis().await {
        api.user("admin@empresa.com.br", Role::Admin).await;
        api.user("vendedor@empresa.com.br", Role::Salesperson).await;
        let admin = api.web_token("admin@empresa.com.br").await;
        let (status, _, body) = api
            .call(
                "PUT",
                "/api/v1/crm/plugin/origins",
                Some(&admin),
                Some(json!({"origins": ["https://Chat.Exemplo.com.br", "https://chat.exemplo.com.br"]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", api.engine());
        assert_eq!(body["origins"], json!(["https://chat.exemplo.com.br"]));
        let (status, _, body) = api
            .call("GET", "/api/v1/crm/plugin/config", None, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            body,
            json!({"allowed_origins": ["https://chat.exemplo.com.br"]})
        );
        for (bad, i) in [
            (json!(["https://*.exemplo.com.br"]), 0),
            (
                json!(["https://ok.com.br", "https://chat.exemplo.com.br/app"]),
                1,
            ),
            (json!(["http://127.0.0.1:4000"]), 0),
        ] {
            let (status, _, body) = api
                .call(
                    "PUT",
                    "/api/v1/crm/plugin/origins",
                    Some(&admin),
                    Some(json!({"origins": bad})),
                )
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
            assert_eq!(
                body["fields"][0]["field"],
                format!("origins[{i}]"),
                "{body}"
            );
        }
        let (_, _, body) = api
            .call("GET", "/api/v1/crm/plugin/origins", Some(&admin), None)
            .await;
        assert_eq!(
            body["origins"],
            json!(["https://chat.exemplo.com.br"]),
            "unchanged by refusals"
        );
        let seller = api.web_token("vendedor@empresa.com.br").await;
        let (status, _, _) = api
            .call(
                "PUT",
                "/api/v1/crm/plugin/origins",
                Some(&seller),
                Some(json!({"origins": []})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

/// The plugin's operations are in the reference, tagged `crm`: the config public, the origins `crm_dev`, the
/// lookup `crm_plugin` (the code identity confines plugin tokens to).
#[tokio::test]
async fn the_plugin_operations_declare_their_permissions() {
    let api = apis().await.remove(0);
    let (status, _, spec) = api.call("GET", "/api/openapi.json", None, None).await;
    assert_eq!(status, StatusCode::OK);
    let scope = |path: &str, method: &str| {
        let op = &spec["paths"][path][method];
        assert_eq!(op["tags"], json!(["crm"]), "{method} {path}");
        op["security"][0]["BearerAuth"][0]
            .as_str()
            .map(String::from)
    };
    assert_eq!(scope("/api/v1/crm/plugin/config", "get"), None);
    assert_eq!(
        scope("/api/v1/crm/plugin/origins", "get").as_deref(),
        Some("crm_dev")
    );
    assert_eq!(
        scope("/api/v1/crm/plugin/origins", "put").as_deref(),
        Some("crm_dev")
    );
    assert_eq!(
        scope("/api/v1/crm/plugin/lookup", "get").as_deref(),
        Some("crm_plugin")
    );
    assert_eq!(
        identity::PLUGIN_PERMISSIONS,
        [crm::permissions::PLUGIN.code]
    );
}

#[tokio::test]
async fn the_card_shows_the_funnel_and_the_agenda_and_the_plugin_creates_a_lead_logs_an_activity_and_moves_a_stage(
) {
    for api in apis().await {
        api.user("admin@empresa.com.br", Role::Admin).await;
        api.user("vendedora@empresa.com.br", Role::Salesperson)
            .await;
        api.user("outro@empresa.com.br", Role::Salesperson).await;
        let client = api
            .client(
                "Maria Souza",
                "123.456.789-09",
                "+5511987654321",
                Some("vendedora@empresa.com.br"),
            )
            .await;
        let token = api.plugin_token("vendedora@empresa.com.br").await;
        let web = api.web_token("vendedora@empresa.com.br").await;
        let (status, _, card) = api
            .call(
                "GET",
                &format!("/api/v1/crm/plugin/clients/{client}"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {card}", api.engine());
        assert_eq!(card["opportunities"], json!([]));
        assert_eq!(card["recent_activities"], json!([]));
        assert!(card.get("next_activity").is_none(), "{card}");
        let stages: Vec<&str> = card["stages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_str().unwrap())
            .collect();
        assert_eq!(stages.first(), Some(&"novo-lead"));
        assert!(
            !stages.contains(&"ganho") && !stages.contains(&"perdido"),
            "{stages:?}"
        );

        // A lead for the client found, from the conversation.
        let (status, _, lead) = api
            .call(
                "POST",
                "/api/v1/crm/plugin/leads",
                Some(&token),
                Some(json!({"title": "Implante", "client_id": client, "source": "whatsapp"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {lead}", api.engine());
        assert_eq!(lead["stage_id"], "novo-lead");
        let lead_id = lead["id"].as_str().unwrap().to_string();
        // Without an outcome the activity is refused, naming the field; nothing is written.
        let (status, _, error) = api
            .call(
                "POST",
                "/api/v1/crm/plugin/activities",
                Some(&token),
                Some(json!({"client_id": client, "opportunity_id": lead_id})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(error["fields"][0]["field"], "outcome");
        let due = (api.test.clock.now() + chrono::Duration::days(1)).to_rfc3339();
        let (status, _, logged) = api
            .call(
                "POST",
                "/api/v1/crm/plugin/activities",
                Some(&token),
                Some(json!({"client_id": client, "opportunity_id": lead_id, "outcome": "respondeu",
                            "notes": "Pediu o orçamento", "next": {"kind": "ligacao", "subject": "Retornar",
                            "due_at": due}})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {logged}", api.engine());
        assert_eq!(
            (
                logged["activity"]["kind"].clone(),
                logged["activity"]["origin"].clone(),
                logged["activity"]["outcome"].clone()
            ),
            (json!("whatsapp"), json!("plugin"), json!("respondeu"))
        );
        assert!(logged["activity"]["done_at"].is_string(), "{logged}");
        assert_eq!(logged["next"]["subject"], "Retornar");
        // Moved to another stage from the card.
        let (status, _, moved) = api
            .call(
                "POST",
                &format!("/api/v1/crm/plugin/opportunities/{lead_id}/move"),
                Some(&token),
                Some(json!({"stage_id": "em-contato"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{moved}");
        assert_eq!(moved["stage_id"], "em-contato");

        let (_, _, card) = api
            .call(
                "GET",
                &format!("/api/v1/crm/plugin/clients/{client}"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(card["opportunities"][0]["id"], lead_id.as_str());
        assert_eq!(card["opportunities"][0]["stage_id"], "em-contato");
        assert_eq!(card["recent_activities"][0]["notes"], "Pediu o orçamento");
        assert_eq!(card["next_activity"]["subject"], "Retornar");
        // The lookup answers the same card.
        let (_, _, found) = api
            .call(
                "GET",
                "/api/v1/crm/plugin/lookup?phone=11987654321",
                Some(&token),
                None,
            )
            .await;
        assert_eq!(
            found["client"]["opportunities"][0]["id"],
            lead_id.as_str(),
            "{found}"
        );

        // Another salesperson's plugin reaches neither the client nor the opportunity: 404, never 403.
        let other = api.plugin_token("outro@empresa.com.br").await;
        for (method, path, body) in [
            ("GET", format!("/api/v1/crm/plugin/clients/{client}"), None),
            (
                "POST",
                format!("/api/v1/crm/plugin/opportunities/{lead_id}/move"),
                Some(json!({"stage_id": "qualificado"})),
            ),
        ] {
            let (status, _, body) = api.call(method, &path, Some(&other), body).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}: {body}");
        }
        let (status, _, body) = api
            .call(
                "POST",
                "/api/v1/crm/plugin/activities",
                Some(&other),
                Some(json!({"client_id": client, "outcome": "atendeu"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["fields"][0]["field"], "client_id");
        // The web session's token is refused by every plugin action.
        for (method, path) in [
            ("GET", format!("/api/v1/crm/plugin/clients/{client}")),
            ("POST", "/api/v1/crm/plugin/leads".to_string()),
            ("POST", "/api/v1/crm/plugin/activities".to_string()),
            (
                "POST",
                format!("/api/v1/crm/plugin/opportunities/{lead_id}/move"),
            ),
        ] {
            let (status, _, _) = api.call(method, &path, Some(&web), Some(json!({}))).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}");
        }
    }
}

/// *Inscrever em cadência* from the card: the cadences' rules through the plugin group (consent and
/// `do_not_contact` refused with 422 naming the client, one open enrollment per client), another salesperson's
/// client 404, and a web token refused.
#[tokio::test]
async fn the_card_enrolls_its_client_in_a_cadence_with_the_cadences_rules() {
    for api in apis().await {
        api.user("admin@empresa.com.br", Role::Admin).await;
        api.user("vendedora@empresa.com.br", Role::Salesperson)
            .await;
        api.user("outro@empresa.com.br", Role::Salesperson).await;
        let admin = api.web_token("admin@empresa.com.br").await;
        let vendedora = Some("vendedora@empresa.com.br");
        let maria = api
            .client("Maria Souza", "123.456.789-09", "+5511987654321", vendedora)
            .await;
        let joao = api
            .client("João Lima", "529.982.247-25", "+5511987650001", vendedora)
            .await;
        let rita = api
            .client("Rita Alves", "111.444.777-35", "+5511987650002", vendedora)
            .await;
        let alheio = api
            .client(
                "Cliente do Outro",
                "390.533.447-05",
                "+5511987650003",
                Some("outro@empresa.com.br"),
            )
            .await;
        for id in [&maria, &rita, &alheio] {
            for channel in ["whatsapp", "phone"] {
                let (status, _, body) = api
                    .call(
                        "POST",
                        &format!("/api/v1/crm/clients/{id}/consents"),
                        Some(&admin),
                        Some(
                            json!({ "channel": channel, "granted": true, "source": "formulário" }),
                        ),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        }
        let (status, _, body) = api
            .call(
                "PATCH",
                &format!("/api/v1/crm/clients/{rita}"),
                Some(&admin),
                Some(json!({ "do_not_contact": true })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let steps = json!([
            { "day_offset": 0, "window_start": "09:00", "window_end": "12:00", "channel": "whatsapp",
              "template": "Oi, {primeiro_nome}!" },
            { "day_offset": 1, "window_start": "14:00", "window_end": "17:00", "channel": "ligacao",
              "template": "Ligar para {primeiro_nome}" },
        ]);
        let (status, _, cadence) = api
            .call(
                "POST",
                "/api/v1/crm/cadences",
                Some(&admin),
                Some(json!({ "name": "Boas-vindas", "steps": steps })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{cadence}");
        let cadence_id = cadence["id"].as_str().unwrap();

        let token = api.plugin_token("vendedora@empresa.com.br").await;
        let (status, _, list) = api
            .call("GET", "/api/v1/crm/plugin/cadences", Some(&token), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{list}");
        assert_eq!(list, json!([{ "id": cadence_id, "name": "Boas-vindas" }]));

        let enroll = |client: &str, token: &str, cadence: &str| {
            let (path, token, body) = (
                format!("/api/v1/crm/plugin/clients/{client}/enrollments"),
                token.to_string(),
                json!({ "cadence_id": cadence }),
            );
            let api = &api;
            async move { api.call("POST", &path, Some(&token), Some(body)).await }
        };
        let web = api.web_token("vendedora@empresa.com.br").await;
        let (status, _, _) = enroll(&maria, &web, cadence_id).await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "a web token never reaches the plugin group"
        );

        let (status, _, row) = enroll(&maria, &token, cadence_id).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {row}", api.engine());
        assert_eq!(
            (row["client_id"].as_str(), row["status"].as_str()),
            (Some(maria.as_str()), Some("ativa"))
        );
        let refused = |body: &Value| {
            (
                body["fields"][0]["field"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
                body["fields"][0]["message"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            )
        };
        let (status, _, body) = enroll(&maria, &token, cadence_id).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "one open enrollment: {body}"
        );
        let (field, message) = refused(&body);
        assert_eq!(field, "client_id");
        assert!(message.contains("Maria Souza"), "{message}");
        let (status, _, body) = enroll(&joao, &token, cadence_id).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (field, message) = refused(&body);
        assert_eq!(field, "client_id");
        assert!(
            message.contains("João Lima") && message.contains("consentimento"),
            "{message}"
        );
        let (status, _, body) = enroll(&rita, &token, cadence_id).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (_, message) = refused(&body);
        assert!(
            message.contains("Rita Alves") && message.contains("não ser contatado"),
            "{message}"
        );

        let (status, _, _) = enroll(&alheio, &token, cadence_id).await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "another salesperson's client"
        );
        let (status, _, _) = enroll(&joao, &token, "nao-existe").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "an unknown cadence");
    }
}
