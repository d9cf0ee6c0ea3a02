//! The clients API through poem's TestClient, served as the server serves it (`platform::testing::TestApi`),
//! on SQLite and (when reachable) PostgreSQL.
//!
//! The bearer token is a role name (`ADMIN`, `STOCK_KEEPER`, …) and the uid is `uid-<role>`; `NOROLE`
//! signs in without a role (`platform::testing::RoleTokens`).

use std::ops::Deref;
use std::sync::Arc;

use crm::Crm;
use platform::context::{Context, Demo, DemoUser};
use platform::db::Db;
use platform::testing::TestApi;
use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

struct Api(TestApi<Crm>);

impl Deref for Api {
    type Target = TestApi<Crm>;

    fn deref(&self) -> &TestApi<Crm> {
        &self.0
    }
}

impl Api {
    async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.0
            .call(method, &format!("/api/v1/crm/clients{path}"), token, body)
            .await
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.call("GET", path, Some("ADMIN"), None).await
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.call("POST", path, Some("ADMIN"), Some(body)).await
    }

    async fn patch(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.call("PATCH", path, Some("ADMIN"), Some(body)).await
    }

    /// Creates a client and returns it, failing the test if that does not give 201.
    async fn create(&self, body: Value) -> Value {
        let (status, client) = self.post("", body).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {client}", self.engine());
        client
    }

    /// The names a list query returns, in order.
    async fn names(&self, query: &str) -> Vec<String> {
        let (status, page) = self.get(query).await;
        assert_eq!(status, StatusCode::OK, "{}: {query}: {page}", self.engine());
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_string())
            .collect()
    }
}

async fn apis() -> Vec<Api> {
    TestApi::<Crm>::on_each_engine_after::<(identity::Identity,)>()
        .await
        .into_iter()
        .map(Api)
        .collect()
}

fn person(name: &str, cpf: &str) -> Value {
    json!({"kind": "person", "document": cpf, "name": name})
}

fn company(name: &str, cnpj: &str) -> Value {
    json!({"kind": "company", "document": cnpj, "name": name})
}

/// The fields a 422 names, in order.
fn fields(body: &Value) -> Vec<String> {
    body["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap().to_string())
        .collect()
}

fn field_message<'a>(body: &'a Value, field: &str) -> &'a str {
    body["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == field)
        .and_then(|f| f["message"].as_str())
        .unwrap_or("")
}

// Valid documents used below.
const CPF_A: &str = "123.456.789-09";
const CPF_B: &str = "529.982.247-25";
const CPF_C: &str = "111.444.777-35";
const CPF_D: &str = "935.411.347-80";
const CNPJ_NUMERIC: &str = "11.222.333/0001-81";
const CNPJ_ALNUM: &str = "12.ABC.345/01DE-35";

#[tokio::test]
async fn creates_people_and_companies_including_alphanumeric_cnpj() {
    for api in apis().await {
        let person = api
            .create(json!({
                "kind": "person", "document": CPF_A, "name": "  José  da Silva ",
                "emails": ["Jose@Exemplo.COM.br"], "phones": ["+55 (11) 98765-4321", "21 3333-4444"],
                "address": {"cep": "01310-100", "street": "Av. Paulista", "number": "1000", "complement": "",
                            "district": "Bela Vista", "city": "São Paulo", "state": "sp"},
                "notes": "Cliente desde 2019"
            }))
            .await;
        assert_eq!(person["document"], "12345678909");
        assert_eq!(person["document_formatted"], CPF_A);
        assert_eq!(person["name"], "José da Silva");
        assert_eq!(person["emails"], json!(["Jose@exemplo.com.br"]));
        assert_eq!(person["phones"], json!(["11987654321", "2133334444"]));
        assert_eq!(person["address"]["cep"], "01310100");
        assert_eq!(person["address"]["state"], "SP");
        assert_eq!(person["status"], "active");
        assert_eq!(person["trade_name"], Value::Null);
        assert_eq!(
            (&person["created_by"], &person["updated_by"]),
            (&json!("uid-ADMIN"), &json!("uid-ADMIN"))
        );

        let alnum = api
            .create(
                json!({"kind": "company", "document": "12abc34501de35", "name": "Alfa Ltda",
                                      "trade_name": "Alfa", "status": "inactive"}),
            )
            .await;
        assert_eq!(alnum["document"], "12ABC34501DE35");
        assert_eq!(alnum["document_formatted"], CNPJ_ALNUM);
        assert_eq!(
            (&alnum["kind"], &alnum["status"], &alnum["address"]),
            (&json!("company"), &json!("inactive"), &Value::Null)
        );

        let numeric = api.create(company("Beta S.A.", CNPJ_NUMERIC)).await;
        assert_eq!(numeric["document_formatted"], CNPJ_NUMERIC);

        let (status, fetched) = api
            .get(&format!("/{}", person["id"].as_str().unwrap()))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(fetched, person, "{}", api.engine());
    }
}

#[tokio::test]
async fn every_validation_rule_names_its_field() {
    for api in apis().await {
        let (status, body) = api
            .post(
                "",
                json!({
                    "kind": "person", "document": "123.456.789-00", "name": "x".repeat(201),
                    "trade_name": "y".repeat(201),
                    "emails": ["ok@exemplo.com.br", "sem-arroba"], "phones": ["1234"],
                    "address": {"cep": "0131", "street": "", "city": "São Paulo", "state": "XX"},
                    "status": "deleted", "notes": "n".repeat(5001)
                }),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["code"], "campos_invalidos");
        assert_eq!(
            fields(&body),
            [
                "document",
                "name",
                "trade_name",
                "emails[1]",
                "phones[0]",
                "address.cep",
                "address.state",
                "address.street",
                "status",
                "notes"
            ]
        );
        assert_eq!(
            field_message(&body, "document"),
            "CPF inválido: dígito verificador não confere"
        );

        let (status, body) = api.post("", json!({})).await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                // The kind is read from the document; without one, the document is what is missing.
                vec!["document".to_string(), "name".into()]
            )
        );

        let (_, body) = api
            .post("", json!({"kind": "robot", "document": CPF_A, "name": "R"}))
            .await;
        assert_eq!(fields(&body), ["kind"]);

        // The document rule follows the kind: a CPF is not a company's document, a bad CNPJ is named as such.
        let (_, body) = api.post("", company("C", CPF_A)).await;
        assert_eq!(fields(&body), ["document"]);
        assert!(
            field_message(&body, "document").starts_with("CNPJ inválido"),
            "{body}"
        );
        let (_, body) = api.post("", company("C", "12.ABC.345/01DE-36")).await;
        assert_eq!(
            field_message(&body, "document"),
            "CNPJ inválido: dígito verificador não confere"
        );

        let (_, body) = api
            .post(
                "",
                json!({"kind": "person", "document": CPF_A, "name": "A", "status": "archived"}),
            )
            .await;
        assert_eq!(fields(&body), ["status"]);

        // Nothing was stored by any of these.
        let (_, page) = api.get("").await;
        assert_eq!(page["total"], 0, "{}", api.engine());
    }
}

#[tokio::test]
async fn unreadable_or_oversized_input_is_a_400_not_a_500() {
    for api in apis().await {
        let resp = api
            .client
            .post("/api/v1/crm/clients")
            .header("Authorization", "Bearer ADMIN")
            .content_type("application/json")
            .body("{not json")
            .send()
            .await;
        resp.assert_status(StatusCode::BAD_REQUEST);
        let (status, body) = api
            .post(
                "",
                json!({"kind": "person", "document": CPF_A, "name": "x".repeat(10_001)}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            body["code"], "requisicao_invalida",
            "the one JSON error shape"
        );
        // A field of the wrong JSON type is refused, not turned into text ("false").
        let (status, body) = api
            .post(
                "",
                json!({"kind": "person", "document": CPF_A, "name": "Ana", "notes": false}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let created = api.create(person("Tipos Errados", CPF_A)).await;
        let id = created["id"].as_str().unwrap();
        for wrong in [
            json!({"notes": false}),
            json!({"name": 12}),
            json!({"name": null}),
        ] {
            let (status, body) = api.patch(&format!("/{id}"), wrong.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{wrong} → {body}");
        }
        let (status, _) = api.post("", json!({"kind": "person", "document": CPF_A, "name": "A", "emails": vec!["a@b.co"; 101]})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = api.get("?status=deleted").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // The schema restricts `sort` to its four values, so an unknown one fails to parse.
        let (status, _) = api.get("?sort=age").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = api.get("?page_size=0").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = api.get(&format!("?q={}", "%".repeat(150))).await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn a_duplicate_document_is_a_409_naming_the_existing_client() {
    for api in apis().await {
        let first = api.create(person("Maria Souza", CPF_B)).await;
        // Same CPF typed without punctuation.
        let (status, body) = api.post("", person("Outra Maria", "52998224725")).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "documento_duplicado");
        assert_eq!(
            body["message"],
            "Já existe um cliente com este documento: Maria Souza"
        );
        assert_eq!(fields(&body), ["document"]);
        // The screen links to the existing client by its id, which no message shows.
        assert_eq!(body["existing"]["id"], first["id"]);
        assert_eq!(body["existing"]["archived"], false);
        assert!(!body["message"]
            .as_str()
            .unwrap()
            .contains(first["id"].as_str().unwrap()));

        // An archived client still holds its document, and the refusal says so.
        let (status, _) = api
            .post(
                &format!("/{}/archive", first["id"].as_str().unwrap()),
                json!(null),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = api.post("", person("Outra Maria", CPF_B)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "Já existe um cliente arquivado com este documento: Maria Souza"
        );
        assert_eq!(body["existing"]["archived"], true);

        api.create(company("Alfa Ltda", CNPJ_ALNUM)).await;
        let (status, body) = api.post("", company("Alfa 2", "12abc34501de35")).await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (
                StatusCode::CONFLICT,
                "Já existe um cliente com este documento: Alfa Ltda"
            )
        );

        // Changing a document to one that exists is the same 409.
        let other = api.create(person("Pedro Lima", CPF_C)).await;
        let (status, body) = api
            .patch(
                &format!("/{}", other["id"].as_str().unwrap()),
                json!({"document": CPF_B}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str().unwrap()),
            (StatusCode::CONFLICT, "documento_duplicado")
        );
    }
}

#[tokio::test]
async fn concurrent_creates_of_one_document_store_one_client() {
    for api in apis().await {
        let api = Arc::new(api);
        let attempts = (0..6).map(|i| {
            let api = api.clone();
            async move {
                api.post("", person(&format!("Concorrente {i}"), CPF_D))
                    .await
                    .0
            }
        });
        let statuses = futures::future::join_all(attempts).await;
        let created = statuses
            .iter()
            .filter(|s| **s == StatusCode::CREATED)
            .count();
        let conflicts = statuses
            .iter()
            .filter(|s| **s == StatusCode::CONFLICT)
            .count();
        assert_eq!(
            (created, conflicts),
            (1, 5),
            "{}: {statuses:?}",
            api.engine()
        );
    }
}

#[tokio::test]
async fn patch_changes_only_what_is_sent_and_revalidates() {
    for api in apis().await {
        let created = api
            .create(json!({"kind": "person", "document": CPF_A, "name": "Ana Costa", "trade_name": "Aninha",
                           "emails": ["ana@exemplo.com.br"], "phones": ["11987654321"], "notes": "nota"}))
            .await;
        let path = format!("/{}", created["id"].as_str().unwrap());

        api.clock.advance(chrono::Duration::minutes(5));
        let (status, changed) = api
            .call(
                "PATCH",
                &path,
                Some("FINANCIAL_ASSISTANT"),
                Some(json!({"name": "Ana Costa Lima"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{changed}");
        assert_eq!(changed["name"], "Ana Costa Lima");
        for unchanged in [
            "document",
            "trade_name",
            "emails",
            "phones",
            "notes",
            "created_at",
            "created_by",
            "kind",
        ] {
            assert_eq!(changed[unchanged], created[unchanged], "{unchanged}");
        }
        assert_eq!(changed["updated_by"], "uid-FINANCIAL_ASSISTANT");
        let at = |v: &Value, k: &str| {
            v[k].as_str()
                .unwrap()
                .parse::<chrono::DateTime<chrono::Utc>>()
                .unwrap()
        };
        assert_eq!(
            at(&changed, "updated_at") - at(&created, "updated_at"),
            chrono::Duration::minutes(5)
        );

        // null clears the optional fields; lists are replaced.
        let (_, cleared) = api
            .patch(
                &path,
                json!({"trade_name": null, "notes": null, "phones": [], "status": "inactive"}),
            )
            .await;
        assert_eq!(
            (
                &cleared["trade_name"],
                &cleared["notes"],
                &cleared["phones"]
            ),
            (&Value::Null, &Value::Null, &json!([]))
        );
        assert_eq!(cleared["status"], "inactive");

        // A new document is re-validated; so is the old one against a new kind.
        let (status, body) = api
            .patch(&path, json!({"document": "123.456.789-00"}))
            .await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["document".to_string()]
            )
        );
        let (status, body) = api.patch(&path, json!({"kind": "company"})).await;
        assert_eq!(
            (status, fields(&body)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["document".to_string()]
            )
        );
        let (status, body) = api
            .patch(&path, json!({"kind": "company", "document": CNPJ_ALNUM}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            (&body["kind"], &body["document_formatted"]),
            (&json!("company"), &json!(CNPJ_ALNUM))
        );
        let (status, body) = api.patch(&path, json!({"name": ""})).await;
        assert_eq!(
            (status, fields(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["name".to_string()])
        );
    }
}

#[tokio::test]
async fn archived_clients_leave_the_list_and_cannot_be_edited_until_restored() {
    for api in apis().await {
        let client = api.create(person("Bruno Dias", CPF_A)).await;
        api.create(person("Carla Dias", CPF_B)).await;
        let id = client["id"].as_str().unwrap();

        let (status, archived) = api.post(&format!("/{id}/archive"), json!(null)).await;
        assert_eq!(
            (status, archived["status"].as_str().unwrap()),
            (StatusCode::OK, "archived"),
            "{archived}"
        );
        let (status, again) = api.post(&format!("/{id}/archive"), json!(null)).await;
        assert_eq!(
            (status, again["status"].as_str().unwrap()),
            (StatusCode::OK, "archived")
        );

        let (status, body) = api.patch(&format!("/{id}"), json!({"name": "Outro"})).await;
        assert_eq!(
            (status, body["code"].as_str().unwrap()),
            (StatusCode::CONFLICT, "cliente_arquivado")
        );
        assert_eq!(api.names("").await, ["Carla Dias"]);
        assert_eq!(api.names("?status=archived").await, ["Bruno Dias"]);
        // Its document stays taken while archived.
        let (status, _) = api.post("", person("Novo", CPF_A)).await;
        assert_eq!(status, StatusCode::CONFLICT);

        let (status, restored) = api.post(&format!("/{id}/restore"), json!(null)).await;
        assert_eq!(
            (status, restored["status"].as_str().unwrap()),
            (StatusCode::OK, "active")
        );
        let (status, edited) = api
            .patch(&format!("/{id}"), json!({"name": "Bruno Dias Filho"}))
            .await;
        assert_eq!(
            (status, edited["name"].as_str().unwrap()),
            (StatusCode::OK, "Bruno Dias Filho")
        );
        assert_eq!(api.names("").await, ["Bruno Dias Filho", "Carla Dias"]);

        // Each step is in the client's history, once (archiving twice recorded one entry).
        let (status, history) = api.get(&format!("/{id}/history")).await;
        assert_eq!(status, StatusCode::OK, "{history}");
        let steps: Vec<(&str, &str, &str)> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["action"].as_str().unwrap(),
                    e["from_state"].as_str().unwrap_or(""),
                    e["to_state"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(
            steps,
            [
                ("Cliente cadastrado", "", "active"),
                ("Cliente arquivado", "active", "archived"),
                ("Cliente restaurado", "archived", "active"),
                ("Cliente alterado", "active", "active"),
            ],
            "{}",
            api.engine()
        );
        assert_eq!(history[0]["by_uid"], "uid-ADMIN");
        assert_eq!(
            history[3]["changes"],
            json!([{"field": "name", "from": "Bruno Dias", "to": "Bruno Dias Filho"}])
        );
        let (status, _) = api.get("/nao-existe/history").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn search_finds_names_documents_emails_and_phones() {
    for api in apis().await {
        api.create(
            json!({"kind": "person", "document": CPF_A, "name": "José Conceição",
                          "emails": ["jose.c@exemplo.com.br"], "phones": ["(11) 98765-4321"]}),
        )
        .await;
        api.create(json!({"kind": "company", "document": CNPJ_ALNUM, "name": "Ômega Transportes Ltda",
                          "trade_name": "Rápido Ômega", "emails": ["contato@omega.com.br"], "phones": ["2133334444"]}))
            .await;
        api.create(json!({"kind": "person", "document": CPF_B, "name": "Maria Silva", "status": "inactive"})).await;

        let cases: &[(&str, &[&str])] = &[
            ("JOSE", &["José Conceição"]),
            ("conceicao", &["José Conceição"]),
            ("rapido", &["Ômega Transportes Ltda"]),
            ("123.456.789-09", &["José Conceição"]),
            ("12345678909", &["José Conceição"]),
            ("456789", &["José Conceição"]),
            ("12.ABC.345/01DE-35", &["Ômega Transportes Ltda"]),
            ("12abc345", &["Ômega Transportes Ltda"]),
            ("contato@omega", &["Ômega Transportes Ltda"]),
            ("JOSE.C@EXEMPLO", &["José Conceição"]),
            ("(11) 98765-4321", &["José Conceição"]),
            ("+55 11 98765-4321", &["José Conceição"]),
            ("3333-4444", &["Ômega Transportes Ltda"]),
            ("silva", &["Maria Silva"]),
            ("nobody", &[]),
        ];
        for (q, expected) in cases {
            let query = format!("?q={}", urlencode(q));
            assert_eq!(
                api.names(&query).await,
                *expected,
                "{}: q={q}",
                api.engine()
            );
        }

        assert_eq!(api.names("?status=inactive").await, ["Maria Silva"]);
        assert_eq!(
            api.names("?status=active").await,
            ["José Conceição", "Ômega Transportes Ltda"]
        );
        assert_eq!(api.names("?kind=company").await, ["Ômega Transportes Ltda"]);
        assert_eq!(
            api.names("?kind=person&status=active&q=jose").await,
            ["José Conceição"]
        );
        assert!(api.names("?kind=company&q=jose").await.is_empty());
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[tokio::test]
async fn the_list_sorts_both_ways_and_paginates() {
    for api in apis().await {
        for (name, cpf) in [
            ("Carlos", CPF_A),
            ("Álvaro", CPF_B),
            ("Bianca", CPF_C),
            ("Daniela", CPF_D),
        ] {
            api.create(person(name, cpf)).await;
        }
        assert_eq!(
            api.names("").await,
            ["Álvaro", "Bianca", "Carlos", "Daniela"],
            "accents do not move a name"
        );
        assert_eq!(
            api.names("?sort=-name").await,
            ["Daniela", "Carlos", "Bianca", "Álvaro"]
        );
        assert_eq!(
            api.names("?sort=created_at").await,
            ["Carlos", "Álvaro", "Bianca", "Daniela"]
        );
        assert_eq!(
            api.names("?sort=-created_at").await,
            ["Daniela", "Bianca", "Álvaro", "Carlos"]
        );

        let (_, first) = api.get("?page_size=3").await;
        assert_eq!(
            (
                first["total"].as_i64(),
                first["page"].as_i64(),
                first["page_size"].as_i64()
            ),
            (Some(4), Some(1), Some(3))
        );
        assert_eq!(
            (first["has_more"].as_bool(), first["total_capped"].as_bool()),
            (Some(true), Some(false))
        );
        assert_eq!(api.names("?page_size=3&page=2").await, ["Daniela"]);
        let (_, second) = api.get("?page_size=3&page=2").await;
        assert_eq!(second["has_more"], false);
        assert!(api.names("?page_size=3&page=3").await.is_empty());
        // Past the last page the total is still the real one (it was page × size before).
        for page in ["3", "1000000"] {
            let (_, past) = api.get(&format!("?page_size=3&page={page}")).await;
            assert_eq!(
                (past["total"].as_i64(), past["total_capped"].as_bool()),
                (Some(4), Some(false)),
                "page {page} on {}",
                api.engine()
            );
        }

        // Without counting, the total is what is known so far and says so.
        let (_, uncounted) = api.get("?page_size=2&with_total=false").await;
        assert_eq!(
            (
                uncounted["total"].as_i64(),
                uncounted["total_capped"].as_bool()
            ),
            (Some(3), Some(true))
        );
        let (_, counted) = api.get("?q=a&page_size=1").await;
        assert_eq!(counted["total"], 4);
    }
}

#[tokio::test]
async fn unknown_ids_are_404_in_portuguese() {
    for api in apis().await {
        for (method, path) in [
            ("GET", "/nao-existe"),
            ("PATCH", "/nao-existe"),
            ("POST", "/nao-existe/archive"),
            ("POST", "/nao-existe/restore"),
        ] {
            let body = (method == "PATCH").then(|| json!({"name": "X"}));
            let (status, body) = api.call(method, path, Some("ADMIN"), body).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}");
            assert_eq!(body["message"], "Cliente nao-existe não encontrado.");
        }
    }
}

#[tokio::test]
async fn permissions_are_enforced_by_role() {
    for api in apis().await {
        let (status, _) = api
            .call("POST", "", Some("STOCK_KEEPER"), Some(person("Ana", CPF_A)))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, created) = api
            .call("POST", "", Some("SALESPERSON"), Some(person("Ana", CPF_A)))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(created["created_by"], "uid-SALESPERSON");
        let id = created["id"].as_str().unwrap();

        let (status, body) = api
            .call("POST", &format!("/{id}/archive"), Some("SALESPERSON"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            body["message"],
            "Você não tem permissão para arquivar e restaurar clientes."
        );
        let (status, _) = api
            .call(
                "PATCH",
                &format!("/{id}"),
                Some("STOCK_KEEPER"),
                Some(json!({"name": "B"})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // A sales manager may archive, but only clients of their teams' portfolios: this one is not (404).
        let (status, _) = api
            .call(
                "POST",
                &format!("/{id}/archive"),
                Some("SALES_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = api
            .call(
                "POST",
                &format!("/{id}/archive"),
                Some("FINANCIAL_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = api
            .call("POST", &format!("/{id}/restore"), Some("SALESPERSON"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        // Every role reads; no role or no token reads nothing.
        let (status, _) = api.call("GET", "", Some("STOCK_KEEPER"), None).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = api
            .call("GET", &format!("/{id}"), Some("NOROLE"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api.call("GET", "", None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn demo_seed_is_idempotent_and_bulk_load_adds_rows() {
    for api in apis().await {
        let mut demo = Demo::default();
        demo.users.push(DemoUser {
            uid: "uid-seed".into(),
            email: "seed@example.com.br".into(),
            role: Role::Admin,
        });
        let lines = api.context.seed_demo(&mut demo).await.unwrap();
        assert_eq!(lines, ["120 clientes de demonstração criados."]);
        let again = api.context.seed_demo(&mut demo).await.unwrap();
        assert_eq!(again, ["Clientes de demonstração: já existiam."]);
        let (_, page) = api.get("?status=active&page_size=200").await;
        let items = page["items"].as_array().unwrap();
        assert!(!items.is_empty() && items.iter().all(|c| c["created_by"] == "uid-seed"));

        let loaded = api.context.clients().bulk_load(1_200).await.unwrap();
        assert!(loaded >= 1_190, "{}: loaded {loaded}", api.engine());
        let (_, all) = api.get("?with_total=true&page_size=7&q=a").await;
        // More than the cap match: the total stops at the cap and says so.
        assert_eq!(
            (all["total"].as_i64(), all["total_capped"].as_bool()),
            (Some(crm::service::PAGES_COUNTED_AHEAD * 7), Some(true)),
            "{all}"
        );
        // Generated rows read back through the API like any other.
        let (status, page) = api.get("?q=silva&sort=-created_at&page_size=50").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["document_formatted"].as_str().unwrap().len() >= 14));
    }
}

/// Every client operation is in the reference, tagged `crm`, and declares the permission it needs.
#[tokio::test]
async fn the_openapi_document_lists_every_operation_with_its_permission() {
    let api = apis().await.remove(0);
    let (status, spec) = api.0.call("GET", "/api/openapi.json", None, None).await;
    assert_eq!(status, StatusCode::OK);
    // The clients' operations (the CRM's other resources have their own tests).
    let paths: serde_json::Map<String, Value> = spec["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(path, _)| path.starts_with("/api/v1/crm/clients"))
        .map(|(p, o)| (p.clone(), o.clone()))
        .collect();
    assert_eq!(
        paths.len(),
        7,
        "list and create, export, one client, history, archive, restore, consents"
    );
    let mut declared = Vec::new();
    for (path, operations) in paths {
        assert!(path.starts_with("/api/v1/crm/"), "{path}");
        for (method, operation) in operations.as_object().unwrap() {
            assert_eq!(operation["tags"], json!(["crm"]), "{method} {path}");
            let permission = operation["security"][0]["BearerAuth"][0]
                .as_str()
                .unwrap_or_else(|| panic!("{method} {path} declares no permission"))
                .to_string();
            declared.push(permission);
        }
    }
    declared.sort();
    declared.dedup();
    assert_eq!(
        declared,
        ["clientes_arquivar", "clientes_editar", "clientes_ler"]
    );
    assert!(Crm::permissions().iter().any(|p| p.code == "clientes_ler"));
}

#[tokio::test]
async fn search_follows_renames_and_archiving() {
    for api in apis().await {
        let created = api.create(person("Teodoro Quintanilha", CPF_C)).await;
        let id = created["id"].as_str().unwrap();
        assert_eq!(api.names("?q=quintanilha").await, ["Teodoro Quintanilha"]);

        let (status, body) = api
            .patch(&format!("/{id}"), json!({"name": "Teodoro Albuquerque"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // SQLite's trigram index is kept in step by triggers: the old name is gone, the new one found.
        assert!(
            api.names("?q=quintanilha").await.is_empty(),
            "{}",
            api.engine()
        );
        assert_eq!(api.names("?q=albuquerque").await, ["Teodoro Albuquerque"]);

        let (status, _) = api.post(&format!("/{id}/archive"), json!(null)).await;
        assert_eq!(status, StatusCode::OK);
        assert!(api.names("?q=albuquerque").await.is_empty());
        assert_eq!(
            api.names("?q=albuquerque&status=archived").await,
            ["Teodoro Albuquerque"]
        );
    }
}

/// Common terms (over 300 matches: the sort-index walk on SQLite) and rare ones (the trigram index) find
/// exactly the rows a plain `LIKE` over the whole table finds.
#[tokio::test]
async fn common_and_rare_terms_find_what_a_full_scan_finds() {
    for api in apis().await {
        api.context.clients().bulk_load(400).await.unwrap();
        for term in ["example", "silva", "maria", "lucas", "9876", "zzzz"] {
            let expected = full_scan_documents(&api.db, term).await;
            let mut found = Vec::new();
            for page in 1.. {
                let (status, body) = api
                    .get(&format!(
                        "?q={term}&status=active&page_size=100&page={page}"
                    ))
                    .await;
                assert_eq!(status, StatusCode::OK, "{body}");
                let items = body["items"].as_array().unwrap();
                found.extend(
                    items
                        .iter()
                        .map(|c| c["document"].as_str().unwrap().to_string()),
                );
                if !body["has_more"].as_bool().unwrap() {
                    break;
                }
            }
            found.sort();
            assert_eq!(found, expected, "{}: q={term}", api.engine());
        }
    }
}

async fn full_scan_documents(db: &Db, term: &str) -> Vec<String> {
    let sql = "SELECT document FROM crm_clients WHERE status = 'active' AND search_text LIKE $1";
    let pattern = format!("%{term}%");
    let mut documents: Vec<String> =
        platform::on_db!(db, pool => sqlx::query_scalar(sql).bind(&pattern).fetch_all(pool).await)
            .unwrap();
    documents.sort();
    documents
}

/// The export holds the list's whole filtered set, in both formats, read back as Excel reads it.
#[tokio::test]
async fn the_filtered_list_exports_to_csv_and_xlsx() {
    for api in apis().await {
        api.create(json!({"kind": "person", "document": CPF_A, "name": "Zélia Prado", "phones": ["11987654321"],
            "address": {"cep": "01310-100", "street": "Av. Paulista", "city": "São Paulo", "state": "SP"}}))
            .await;
        api.create(person("Zuleica Prado", CPF_B)).await;
        api.create(person("Outro Nome", CPF_C)).await;

        let resp = api
            .0
            .client
            .get("/api/v1/crm/clients/export?format=csv&q=prado&sort=-name")
            .header("Authorization", "Bearer STOCK_KEEPER")
            .send()
            .await;
        resp.assert_status_is_ok();
        resp.assert_header("content-type", "text/csv; charset=utf-8");
        let text = resp.0.into_body().into_string().await.unwrap();
        let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].starts_with("Nome;Nome fantasia;Tipo;CPF/CNPJ;"));
        assert!(lines[1].starts_with("Zuleica Prado;"), "{}", lines[1]);
        assert!(
            lines[2].starts_with(
                "Zélia Prado;;Pessoa física;123.456.789-09;;(11) 98765-4321;São Paulo;SP;Ativo;"
            ),
            "{}",
            lines[2]
        );

        let resp = api
            .0
            .client
            .get("/api/v1/crm/clients/export?format=xlsx")
            .header("Authorization", "Bearer ADMIN")
            .send()
            .await;
        resp.assert_status_is_ok();
        let bytes = resp.0.into_body().into_vec().await.unwrap();
        let mut book: calamine::Xlsx<_> =
            calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
        use calamine::Reader;
        let sheet = book.worksheet_range_at(0).unwrap().unwrap();
        assert_eq!(sheet.height(), 4, "header and the three clients");

        let (status, error) = api
            .call("GET", "/export?format=pdf", Some("ADMIN"), None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        let (status, _) = api.call("GET", "/export?format=csv", None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}
