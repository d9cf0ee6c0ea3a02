//! The proposal summary link (`/resumo-temporario`) through the API on SQLite and PostgreSQL: scenario 23 of
//! sales-crm-commissions.md §8 (expiry at 73 h, nothing private in a verified read, 5 wrong answers lock it),
//! revocation by editing or by hand, the sale's reach and the permission, the token kept only as its hash, and
//! the per-address limit of the public read.

use chrono::Duration;
use crm::domain::client::ClientDraft;
use crm::Crm;
use platform::values::Address;
use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{self, d, person, World, OTHER_SELLER, SALES, SELLER};

const PUBLIC: &str = "/api/v1/public/summary";

fn links_of(sale: &Value) -> String {
    format!("{SALES}/{}/summary-links", sale["id"].as_str().unwrap())
}

/// Maria, a person with everything a summary must never show.
async fn maria(w: &World) -> String {
    let crm = w.api.started.get::<Crm>().unwrap();
    let draft = ClientDraft {
        kind: Some("person".into()),
        document: Some("529.982.247-25".into()),
        name: Some("Maria da Silva Souza".into()),
        emails: vec!["maria.souza@example.com.br".into()],
        phones: vec!["(11) 98765-4321".into()],
        address: Some(Address {
            cep: "01310-100".into(),
            street: "Avenida Paulista".into(),
            number: "1578".into(),
            complement: "Apto 42".into(),
            district: "Bela Vista".into(),
            city: "São Paulo".into(),
            state: "SP".into(),
        }),
        notes: Some("Prefere ligações depois das 18h".into()),
        birth_date: Some(d(1985, 3, 7)),
        ..ClientDraft::default()
    };
    crm.clients()
        .create(draft, &person(SELLER, Role::Salesperson))
        .await
        .unwrap()
        .id
}

/// A draft of the procedure for Maria, by the seller.
async fn maria_draft(w: &World) -> Value {
    let mut body = w.sale_body(0, 2);
    body["client_id"] = json!(maria(w).await);
    w.draft(SELLER, body).await
}

async fn create_link(w: &World, sale: &Value, body: Value) -> Value {
    let (status, created) = w.call("POST", &links_of(sale), SELLER, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {created}", w.api.engine());
    created
}

fn token_of(created: &Value) -> String {
    let url = created["url"].as_str().unwrap();
    url.strip_prefix("/resumo-temporario#t=")
        .unwrap_or_else(|| panic!("the token travels in the fragment: {url}"))
        .to_string()
}

async fn read(w: &World, body: Value) -> (StatusCode, Value) {
    w.api.call("POST", PUBLIC, None, Some(body)).await
}

#[tokio::test]
async fn scenario_23_a_72h_link_opened_at_73h_is_410_with_the_expiry_message() {
    for w in common::worlds().await {
        let sale = maria_draft(&w).await;
        let created = create_link(&w, &sale, json!({ "require_verification": false })).await;
        assert_eq!(created["link"]["state"], "ativo");
        let token = token_of(&created);

        w.api.clock.advance(Duration::hours(71));
        let (status, body) = read(&w, json!({ "token": token })).await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", w.api.engine());
        assert_eq!(body["summary"]["sale_number"], sale["number"]);

        w.api.clock.advance(Duration::hours(2));
        let (status, body) = read(&w, json!({ "token": token })).await;
        assert_eq!(status, StatusCode::GONE, "{}: {body}", w.api.engine());
        assert_eq!(
            body["message"],
            "Este link expirou. Peça um novo ao seu consultor."
        );
        let (_, links) = w.call("GET", &links_of(&sale), SELLER, None).await;
        assert_eq!(links[0]["state"], "expirado");
    }
}

#[tokio::test]
async fn scenario_23_a_verified_read_holds_no_cpf_address_email_or_phone() {
    for w in common::worlds().await {
        let sale = maria_draft(&w).await;
        // A procedure: verification is on without being asked for.
        let created = create_link(&w, &sale, json!({})).await;
        assert_eq!(created["link"]["require_verification"], true);
        let token = token_of(&created);

        let (status, asked) = read(&w, json!({ "token": token })).await;
        assert_eq!(status, StatusCode::OK, "{asked}");
        assert_eq!(asked["verification_required"], true);
        assert_eq!(asked["answer_kinds"], json!(["nascimento", "documento"]));
        assert!(asked["summary"].is_null());

        let (status, shown) = read(
            &w,
            json!({ "token": token, "answer_kind": "nascimento", "answer": "07/03/1985" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{}: {shown}", w.api.engine());
        let summary = &shown["summary"];
        assert_eq!(summary["client_first_name"], "Maria");
        assert_eq!(summary["company_name"], "Backoffice");
        assert_eq!(summary["items"][0]["name"], "Harmonização facial");
        assert_eq!(summary["total"], 100_000);
        assert_eq!(summary["installments"].as_array().unwrap().len(), 2);
        assert_eq!(summary["salesperson_first_name"], "SALESPERSON");
        let text = shown.to_string();
        for private in [
            "52998224725",
            "529.982.247-25",
            "maria.souza",
            "98765",
            "Paulista",
            "01310",
            "18h",
            "Silva",
            "1985",
        ] {
            assert!(!text.contains(private), "{private} leaked: {text}");
        }

        // The last 4 digits of the CPF answer too; the views show on the sale.
        let (status, _) = read(
            &w,
            json!({ "token": token, "answer_kind": "documento", "answer": "4725" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let (_, links) = w.call("GET", &links_of(&sale), SELLER, None).await;
        assert_eq!(links[0]["view_count"], 2, "{links}");
        assert!(links[0]["first_viewed_at"].is_string());
    }
}

#[tokio::test]
async fn scenario_23_five_wrong_answers_lock_the_token() {
    for w in common::worlds().await {
        let sale = maria_draft(&w).await;
        let token = token_of(&create_link(&w, &sale, json!({})).await);
        let wrong = json!({ "token": token, "answer_kind": "documento", "answer": "0000" });
        for left in (1..=4).rev() {
            let (status, body) = read(&w, wrong.clone()).await;
            assert_eq!(
                status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{}: {body}",
                w.api.engine()
            );
            assert_eq!(body["fields"][0]["field"], "answer");
            let message = body["fields"][0]["message"].as_str().unwrap();
            assert!(message.contains(&left.to_string()), "{message}");
        }
        // A badly typed answer is told so, and not counted.
        let (status, body) = read(
            &w,
            json!({ "token": token, "answer_kind": "nascimento", "answer": "31/02/1985" }),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, body) = read(&w, wrong.clone()).await;
        assert_eq!(status, StatusCode::GONE, "{body}");
        assert_eq!(body["code"], "link_bloqueado");
        let right = json!({ "token": token, "answer_kind": "documento", "answer": "4725" });
        let (status, _) = read(&w, right).await;
        assert_eq!(status, StatusCode::GONE, "locked stays locked");
        let (_, links) = w.call("GET", &links_of(&sale), SELLER, None).await;
        assert_eq!(links[0]["state"], "bloqueado");
    }
}

#[tokio::test]
async fn editing_the_draft_or_revoking_by_hand_ends_its_links() {
    for w in common::worlds().await {
        let sale = maria_draft(&w).await;
        let first = create_link(&w, &sale, json!({ "require_verification": false })).await;
        let mut change = w.sale_body(500, 2);
        change["client_id"] = sale["client_id"].clone();
        change["version"] = sale["version"].clone();
        let path = format!("{SALES}/{}", sale["id"].as_str().unwrap());
        let (status, edited) = w.call("PUT", &path, SELLER, Some(change)).await;
        assert_eq!(status, StatusCode::OK, "{edited}");
        let (status, body) = read(&w, json!({ "token": token_of(&first) })).await;
        assert_eq!(status, StatusCode::GONE, "{}: {body}", w.api.engine());
        let (_, links) = w.call("GET", &links_of(&sale), SELLER, None).await;
        assert_eq!(
            (&links[0]["state"], &links[0]["revoked_reason"]),
            (&json!("revogado"), &json!("venda_editada"))
        );

        // A new link shows the edited sale; revoked by hand it is gone, and a second revocation is 409.
        let second = create_link(&w, &edited, json!({ "require_verification": false })).await;
        let (_, body) = read(&w, json!({ "token": token_of(&second) })).await;
        assert_eq!(body["summary"]["total"], 95_000, "{body}");
        let revoke = format!(
            "{}/{}/revoke",
            links_of(&sale),
            second["link"]["id"].as_str().unwrap()
        );
        let (status, revoked) = w.call("POST", &revoke, SELLER, None).await;
        assert_eq!(status, StatusCode::OK, "{revoked}");
        assert_eq!(revoked["revoked_reason"], "revogado");
        let (status, _) = read(&w, json!({ "token": token_of(&second) })).await;
        assert_eq!(status, StatusCode::GONE);
        let (status, _) = w.call("POST", &revoke, SELLER, None).await;
        assert_eq!(status, StatusCode::CONFLICT);
    }
}

#[tokio::test]
async fn a_confirmed_sale_shows_the_next_installment_to_pay() {
    for w in common::worlds().await {
        let sale = maria_draft(&w).await;
        let (status, confirmed) = w.confirm(SELLER, &sale).await;
        assert_eq!(status, StatusCode::OK, "{confirmed}");
        let token =
            token_of(&create_link(&w, &sale, json!({ "require_verification": false })).await);
        let (status, body) = read(&w, json!({ "token": token })).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let next = &body["summary"]["next_payment"];
        assert_eq!(
            (next["due_date"].as_str(), next["amount"].as_i64()),
            (Some("2026-12-10"), Some(50_000)),
            "{body}"
        );

        // Paid, the first installment gives way to the second.
        w.receive(
            confirmed["receivables"][0]["installment_id"]
                .as_str()
                .unwrap(),
            50_000,
        )
        .await;
        let (_, body) = read(&w, json!({ "token": token })).await;
        assert_eq!(body["summary"]["next_payment"]["due_date"], "2027-01-10");
    }
}

#[tokio::test]
async fn each_role_reaches_summary_links_exactly_as_the_access_table_says() {
    for w in common::worlds().await {
        let sale = maria_draft(&w).await;
        let path = links_of(&sale);
        // Another salesperson does not reach the sale: 404, as if it did not exist.
        let (status, _) = w.call("POST", &path, OTHER_SELLER, Some(json!({}))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "another salesperson's sale");
        let (status, _) = w.call("GET", &path, OTHER_SELLER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // The seller owns it, SALES_MANAGER manages her team; the others have no permission (§6).
        for role in Role::ALL {
            let token = role.as_str();
            let allowed = matches!(
                token,
                "SALESPERSON" | "SALES_MANAGER" | "ADMIN" | "SUPER_ADMIN"
            );
            let (status, created) = w.call("POST", &path, token, Some(json!({}))).await;
            let expected = if allowed {
                StatusCode::CREATED
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{token} POST: {created}");
            let (status, _) = w.call("GET", &path, token, None).await;
            let expected = if allowed {
                StatusCode::OK
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(status, expected, "{token} GET");
            let link = created["link"]["id"].as_str().unwrap_or("nenhum");
            let (status, _) = w
                .call("POST", &format!("{path}/{link}/revoke"), token, None)
                .await;
            assert_eq!(status, expected, "{token} revoke");
        }
        for hours in [0, 721] {
            let (status, body) = w
                .call(
                    "POST",
                    &path,
                    SELLER,
                    Some(json!({ "expires_in_hours": hours })),
                )
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["fields"][0]["field"], "expires_in_hours");
        }
    }
}

#[tokio::test]
async fn only_the_tokens_hash_is_stored_and_unknown_tokens_read_as_expired() {
    for w in common::worlds().await {
        let sale = maria_draft(&w).await;
        let token = token_of(&create_link(&w, &sale, json!({})).await);
        assert_eq!(token.len(), 43, "32 random bytes in base64url");
        let stored: Vec<(String, String, Option<String>, Option<String>)> = platform::on_db!(
            &w.api.db, pool => sqlx::query_as(
                "SELECT token_hash, snapshot, birth_answer_hash, document_answer_hash FROM sales_summary_links")
            .fetch_all(pool)
            .await)
        .unwrap();
        let (hash, snapshot, birth, document) = &stored[0];
        assert_eq!(hash, &platform::secret::digest(&token));
        let row = format!("{hash}{snapshot}{birth:?}{document:?}");
        for secret in [token.as_str(), "1985-03-07", "07/03/1985", "52998224725"] {
            assert!(!row.contains(secret), "{secret} stored in the clear");
        }
        for answer in [birth, document] {
            let answer = answer.as_deref().expect("both answers kept");
            assert_eq!(answer.len(), 64, "a SHA-256, not the answer: {answer}");
        }
        let other = platform::secret::random_secret(32);
        for guess in [other.as_str(), "curto", ""] {
            let (status, body) = read(&w, json!({ "token": guess })).await;
            assert_eq!(status, StatusCode::GONE, "{guess}: {body}");
        }
    }
}

#[tokio::test]
async fn the_public_read_is_limited_per_address_with_retry_after() {
    for w in common::worlds().await {
        let body = json!({ "token": platform::secret::random_secret(32) });
        let mut limited = None;
        // The default limit is 30 a minute per address.
        for n in 1..=31 {
            let resp = w.api.client.post(PUBLIC).body_json(&body).send().await;
            if resp.0.status() == StatusCode::TOO_MANY_REQUESTS {
                limited = Some((n, resp.0.headers().get("retry-after").cloned()));
                break;
            }
            assert_eq!(resp.0.status(), StatusCode::GONE);
        }
        let (n, retry_after) = limited.expect("the 31st read is refused");
        assert_eq!(n, 31);
        let seconds: u64 = retry_after
            .expect("Retry-After")
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=60).contains(&seconds), "{seconds}");
    }
}
