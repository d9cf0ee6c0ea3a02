//! The sale through the API on SQLite and PostgreSQL: drafts, the discount approval (§8 scenario 19), the payment
//! plan's sum (scenario 20), the confirmation into finance's receivables and crm's won opportunity in one
//! transaction, a double confirmation racing, the frozen confirmed sale and who reaches which sale (§6).

use crm::domain::OpportunityDraft;
use crm::Crm;
use platform::Role;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{self, fields, person, World, MANAGER, OTHER_SELLER, SALES, SELLER};

fn path(sale: &Value) -> String {
    format!("{SALES}/{}", sale["id"].as_str().unwrap())
}

async fn count_sales(w: &World) -> i64 {
    platform::on_db!(&w.api.db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM sales_sales")
        .fetch_one(pool)
        .await)
    .unwrap()
}

#[tokio::test]
async fn a_salesperson_confirms_a_draft_into_one_receivable_per_installment_and_the_opportunity_is_won(
) {
    for w in common::worlds().await {
        let crm = w.api.started.get::<Crm>().unwrap();
        let seller = person(SELLER, Role::Salesperson);
        let opportunity = crm
            .opportunities()
            .create(
                &seller,
                OpportunityDraft {
                    title: "Harmonização".into(),
                    client_id: Some(w.client.clone()),
                    expected_value_cents: 100_000,
                    source: "indicacao".into(),
                    ..OpportunityDraft::default()
                },
                None,
                None,
            )
            .await
            .unwrap();
        let mut body = w.sale_body(500, 3);
        body["opportunity_id"] = json!(opportunity.opportunity.id);
        body["items"]
            .as_array_mut()
            .unwrap()
            .push(json!({ "catalog_item_id": w.product, "quantity": 2 }));
        let sale = w.draft(SELLER, body).await;
        assert_eq!(sale["status"], "rascunho");
        assert!(sale["number"].as_str().unwrap().starts_with("V-2026-"));
        // 1 000,00 − 5 % + 2 × 100,00 = 1 150,00, in 3: the odd centavo on the first.
        assert_eq!(
            (&sale["list_total"], &sale["discount_total"], &sale["total"]),
            (&json!(120_000), &json!(5_000), &json!(115_000))
        );
        let amounts: Vec<i64> = sale["installments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["amount"].as_i64().unwrap())
            .collect();
        assert_eq!(amounts, vec![38_334, 38_333, 38_333]);
        assert_eq!(sale["split"][0]["user_id"], "uid-SALESPERSON");
        assert_eq!(sale["split"][0]["share_bp"], 10_000);
        assert_eq!(sale["receivables"], json!([]));

        // The draft changes over its version; a stale version is 409.
        let mut change = w.sale_body(500, 3);
        change["opportunity_id"] = json!(opportunity.opportunity.id);
        change["version"] = json!(1);
        change["split"] = json!([
            { "user_id": "uid-SALESPERSON", "share_bp": 6000 },
            { "user_id": "uid-ana", "share_bp": 4000 }
        ]);
        let (status, sale) = w
            .call("PUT", &path(&sale), SELLER, Some(change.clone()))
            .await;
        assert_eq!(status, StatusCode::OK, "{sale}");
        assert_eq!(
            (sale["version"].as_i64(), sale["total"].as_i64()),
            (Some(2), Some(95_000))
        );
        assert_eq!(sale["split"][1]["name"], "Ana Souza");
        let (status, _) = w
            .call("PUT", &path(&sale), SELLER, Some(change.clone()))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);

        let (status, confirmed) = w.confirm(SELLER, &sale).await;
        assert_eq!(status, StatusCode::OK, "{}: {confirmed}", w.api.engine());
        assert_eq!(confirmed["status"], "confirmada");
        assert_eq!(confirmed["editable"], false);
        let receivables = confirmed["receivables"].as_array().unwrap();
        assert_eq!(receivables.len(), 3);
        let got: Vec<(i64, &str, &str)> = receivables
            .iter()
            .map(|r| {
                (
                    r["amount"].as_i64().unwrap(),
                    r["due_date"].as_str().unwrap(),
                    r["status"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (31_668, "2026-12-10", "ABERTO"),
                (31_666, "2027-01-10", "ABERTO"),
                (31_666, "2027-02-10", "ABERTO")
            ]
        );
        assert!(receivables[0]["number"].as_str().unwrap().ends_with(" 1/3"));
        assert_eq!(w.receivable_installments().await, 3);
        let won = crm
            .opportunities()
            .get_for(&seller, &opportunity.opportunity.id)
            .await
            .unwrap();
        assert_eq!(won.opportunity.won_sale_id.as_deref(), sale["id"].as_str());

        // Confirmed: frozen; confirming again is 409 and creates nothing.
        change["version"] = confirmed["version"].clone();
        let (status, body) = w.call("PUT", &path(&sale), SELLER, Some(change)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "venda_congelada");
        let (status, _) = w.confirm(SELLER, &confirmed).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(w.receivable_installments().await, 3);
        let (status, read) = w
            .call("GET", &path(&sale), "FINANCIAL_ASSISTANT", None)
            .await;
        assert_eq!(
            (status, read["receivables"].as_array().map(Vec::len)),
            (StatusCode::OK, Some(3))
        );
        let (_, history) = w
            .call("GET", &format!("{}/history", path(&sale)), SELLER, None)
            .await;
        assert_eq!(history["entries"].as_array().map(Vec::len), Some(3));
    }
}

#[tokio::test]
async fn scenario_19_a_discount_above_the_limits_waits_for_the_manager_then_for_an_admin() {
    for w in common::worlds().await {
        // Limits: salesperson 5 %, manager 15 %. 12 % waits for the manager, who approves it.
        let sale = w.draft(SELLER, w.sale_body(1_200, 1)).await;
        let (status, waiting) = w.confirm(SELLER, &sale).await;
        assert_eq!(status, StatusCode::OK, "{waiting}");
        assert_eq!(
            (
                waiting["status"].as_str(),
                waiting["approval_level"].as_str()
            ),
            (Some("aguardando_aprovacao"), Some("gerente"))
        );
        assert_eq!(w.receivable_installments().await, 0);
        let approve = format!("{}/discount-approval", path(&sale));
        let version = json!({ "version": waiting["version"] });
        let (status, _) = w
            .call("POST", &approve, SELLER, Some(version.clone()))
            .await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "a salesperson approves nothing"
        );
        let (status, _) = w
            .call(
                "PUT",
                &path(&sale),
                SELLER,
                Some(json!({"version": waiting["version"]})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "waiting: frozen");
        let (status, approved) = w.call("POST", &approve, MANAGER, Some(version)).await;
        assert_eq!(status, StatusCode::OK, "{approved}");
        assert_eq!(approved["status"], "confirmada");
        let a = &approved["approvals"][0];
        assert_eq!(
            (
                a["approver_id"].as_str(),
                a["approver_limit_bp"].as_i64(),
                a["value_bp"].as_i64(),
                a["approved"].as_bool()
            ),
            (
                Some("uid-SALES_MANAGER"),
                Some(1_500),
                Some(1_200),
                Some(true)
            )
        );
        assert_eq!(approved["receivables"].as_array().map(Vec::len), Some(1));

        // 20 %: the manager's approval is 403 and the sale waits for an administrator.
        let sale = w.draft(SELLER, w.sale_body(2_000, 2)).await;
        let (_, waiting) = w.confirm(SELLER, &sale).await;
        let approve = format!("{}/discount-approval", path(&sale));
        let version = json!({ "version": waiting["version"] });
        let (status, refused) = w
            .call("POST", &approve, MANAGER, Some(version.clone()))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        assert!(
            refused["message"]
                .as_str()
                .unwrap()
                .contains("administrador"),
            "{refused}"
        );
        let (_, read) = w.call("GET", &path(&sale), SELLER, None).await;
        assert_eq!(
            (read["status"].as_str(), read["approval_level"].as_str()),
            (Some("aguardando_aprovacao"), Some("administrador"))
        );
        let (status, approved) = w.call("POST", &approve, "ADMIN", Some(version)).await;
        assert_eq!(status, StatusCode::OK, "{approved}");
        assert_eq!(approved["status"], "confirmada");
        let a = &approved["approvals"][0];
        assert_eq!(
            (a["level"].as_str(), a["approver_limit_bp"].as_i64()),
            (Some("administrador"), None)
        );
        assert_eq!(w.receivable_installments().await, 3);

        // A rejection needs a reason and sends the sale back to draft.
        let sale = w.draft(SELLER, w.sale_body(1_000, 1)).await;
        let (_, waiting) = w.confirm(SELLER, &sale).await;
        let reject = format!("{}/discount-rejection", path(&sale));
        let (status, body) = w
            .call(
                "POST",
                &reject,
                MANAGER,
                Some(json!({ "version": waiting["version"] })),
            )
            .await;
        assert_eq!(
            (status, fields(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["reason".to_string()])
        );
        let (status, back) = w
            .call(
                "POST",
                &reject,
                MANAGER,
                Some(json!({ "version": waiting["version"], "reason": "Fora da política da campanha." })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{back}");
        assert_eq!(
            (
                back["status"].as_str(),
                back["approvals"][0]["approved"].as_bool()
            ),
            (Some("rascunho"), Some(false))
        );
        // Within the limit, the salesperson confirms at once.
        let sale = w.draft(SELLER, w.sale_body(500, 1)).await;
        let (status, confirmed) = w.confirm(SELLER, &sale).await;
        assert_eq!(
            (status, confirmed["status"].as_str()),
            (StatusCode::OK, Some("confirmada"))
        );
    }
}

#[tokio::test]
async fn scenario_20_installments_not_summing_to_the_total_are_refused_naming_parcelas_and_nothing_is_written(
) {
    for w in common::worlds().await {
        let mut body = w.sale_body(0, 1);
        body["parcelas"] = json!([
            { "due_date": "2026-12-10", "amount": 50000 },
            { "due_date": "2027-01-10", "amount": 49999 }
        ]);
        let (status, error) = w.call("POST", SALES, SELLER, Some(body.clone())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), vec!["parcelas"]);
        assert_eq!(
            error["fields"][0]["message"],
            "A soma das parcelas deve ser igual ao total da venda."
        );
        body["parcelas"][1]["amount"] = json!(50000);
        let sale = w.draft(SELLER, body).await;
        assert_eq!(sale["installments"][1]["due_date"], "2027-01-10");

        // Every bad field named in Portuguese; nothing half-written.
        let bad = json!({
            "client_id": w.other_client,
            "items": [
                { "catalog_item_id": "nada", "quantity": 1 },
                { "catalog_item_id": w.product, "quantity": 0, "discount_bp": 1500 }
            ],
            "split": [
                { "user_id": "uid-SALESPERSON", "share_bp": 5000 },
                { "user_id": "uid-ninguem", "share_bp": 4000 }
            ],
            "payment_method": "cartao", "card_installments": 13
        });
        let (status, error) = w.call("POST", SALES, SELLER, Some(bad)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(
            fields(&error),
            vec![
                "items[0].catalog_item_id",
                "items[1].quantity",
                "items[1].discount_bp",
                "split",
                "card_installments",
                "client_id",
                "split[1].user_id"
            ],
            "{error}"
        );
        assert_eq!(count_sales(&w).await, 1);
        // A card sale: one receivable per acquirer installment.
        let mut card = w.sale_body(0, 1);
        card["payment_method"] = json!("cartao");
        card["card_installments"] = json!(12);
        card.as_object_mut().unwrap().remove("installment_count");
        let sale = w.draft(SELLER, card).await;
        assert_eq!(sale["installments"].as_array().map(Vec::len), Some(12));
        assert_eq!(sale["installments"][0]["amount"], 8_337);
        let (status, confirmed) = w.confirm(SELLER, &sale).await;
        assert_eq!(status, StatusCode::OK, "{confirmed}");
        assert_eq!(confirmed["receivables"].as_array().map(Vec::len), Some(12));
    }
}

#[tokio::test]
async fn a_sale_confirmed_twice_concurrently_creates_its_receivables_once() {
    for w in common::worlds().await {
        let sale = w.draft(SELLER, w.sale_body(0, 4)).await;
        let (a, b) = tokio::join!(w.confirm(SELLER, &sale), w.confirm(MANAGER, &sale));
        let mut statuses = vec![a.0, b.0];
        statuses.sort();
        assert_eq!(
            statuses,
            vec![StatusCode::OK, StatusCode::CONFLICT],
            "{}: {} / {}",
            w.api.engine(),
            a.1,
            b.1
        );
        assert_eq!(w.receivable_installments().await, 4);
        let (_, read) = w.call("GET", &path(&sale), SELLER, None).await;
        assert_eq!(read["receivables"].as_array().map(Vec::len), Some(4));
    }
}

#[tokio::test]
async fn each_role_reaches_its_own_its_teams_or_all_sales_and_others_are_404() {
    for w in common::worlds().await {
        let mine = w.draft(SELLER, w.sale_body(0, 1)).await;
        // The other salesperson sells to their client and splits with Vera (uid-SALESPERSON).
        let mut body = w.sale_body(0, 1);
        body["client_id"] = json!(w.other_client);
        let theirs = w.draft(OTHER_SELLER, body.clone()).await;
        body["split"] = json!([
            { "user_id": "uid-SALESPERSON+hub", "share_bp": 5000 },
            { "user_id": "uid-SALESPERSON", "share_bp": 5000 }
        ]);
        let shared = w.draft(OTHER_SELLER, body).await;
        let (status, _) = w
            .call("POST", SALES, OTHER_SELLER, Some(w.sale_body(0, 1)))
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "another's client is not found"
        );

        let reach = |token: &'static str| {
            let w = &w;
            async move {
                let (status, page) = w
                    .call("GET", &format!("{SALES}?page_size=50"), token, None)
                    .await;
                assert_eq!(status, StatusCode::OK, "{token}: {page}");
                let mut ids: Vec<String> = page["items"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["id"].as_str().unwrap().to_string())
                    .collect();
                ids.sort();
                ids
            }
        };
        let id = |s: &Value| s["id"].as_str().unwrap().to_string();
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        assert_eq!(reach(SELLER).await, sorted(vec![id(&mine), id(&shared)]));
        assert_eq!(
            reach(OTHER_SELLER).await,
            sorted(vec![id(&theirs), id(&shared)])
        );
        // The manager's team is Vera's: her sales and those she is in.
        assert_eq!(reach(MANAGER).await, sorted(vec![id(&mine), id(&shared)]));
        for token in [
            "FINANCIAL_ASSISTANT",
            "FINANCIAL_MANAGER",
            "LEGAL_ASSISTANT",
            "ADMIN",
        ] {
            assert_eq!(reach(token).await.len(), 3, "{token}");
        }
        let (status, _) = w.call("GET", &path(&theirs), SELLER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = w.call("GET", &path(&theirs), MANAGER, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = w.confirm(SELLER, &theirs).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        for token in ["FINANCIAL_ASSISTANT", "LEGAL_ASSISTANT"] {
            let (status, _) = w.call("POST", SALES, token, Some(w.sale_body(0, 1))).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{token} reads only");
        }
        let (status, _) = w.call("GET", SALES, "STOCK_KEEPER", None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = w.call("GET", SALES, "NOROLE", None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // Paging: newest first, has_more.
        let (_, page) = w
            .call("GET", &format!("{SALES}?page_size=2"), "ADMIN", None)
            .await;
        assert_eq!(
            (
                page["items"].as_array().map(Vec::len),
                page["has_more"].as_bool()
            ),
            (Some(2), Some(true))
        );
        let (_, page) = w
            .call("GET", &format!("{SALES}?page=2&page_size=2"), "ADMIN", None)
            .await;
        assert_eq!(
            (
                page["items"].as_array().map(Vec::len),
                page["has_more"].as_bool()
            ),
            (Some(1), Some(false))
        );
    }
}

#[tokio::test]
async fn the_demo_has_confirmed_sales_with_receivables_drafts_and_a_waiting_discount_once() {
    use platform::context::{Context, Demo};
    for api in common::apis().await {
        let mut demo = Demo::default();
        let identity = api.started.get::<identity::Identity>().unwrap();
        identity.seed_demo(&mut demo).await.unwrap();
        let crm = api.started.get::<Crm>().unwrap();
        crm.seed_demo(&mut demo).await.unwrap();
        let finance = api.started.get::<finance::Finance>().unwrap();
        finance.seed_demo(&mut demo).await.unwrap();
        let lines = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(lines.iter().any(|l| l.starts_with("Vendas:")), "{lines:?}");
        let (status, page) = api
            .call("GET", &format!("{SALES}?page_size=50"), Some("ADMIN"), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let items = page["items"].as_array().unwrap();
        let count = |s: &str| items.iter().filter(|i| i["status"] == s).count();
        assert!(count("confirmada") >= 6, "{page}");
        assert!(count("rascunho") >= 2, "{page}");
        assert!(count("aguardando_aprovacao") >= 1, "{page}");
        let confirmed = items.iter().find(|i| i["status"] == "confirmada").unwrap();
        let (_, sale) = api.call("GET", &path(confirmed), Some("ADMIN"), None).await;
        assert_eq!(
            sale["receivables"].as_array().map(Vec::len),
            sale["installments"].as_array().map(Vec::len)
        );
        let before = items.len();
        api.context.seed_demo(&mut demo).await.unwrap();
        let (_, page) = api
            .call("GET", &format!("{SALES}?page_size=50"), Some("ADMIN"), None)
            .await;
        assert_eq!(page["items"].as_array().map(Vec::len), Some(before));
    }
}

#[tokio::test]
async fn an_item_is_sold_at_a_campaigns_price_only_inside_its_window() {
    use chrono::Duration;
    use crm::domain::campaign::{CampaignDraft, PromoPrice};
    use platform::clock::Clock;
    for w in common::worlds().await {
        let today = w.api.clock.today();
        let crm = w.api.started.get::<Crm>().unwrap();
        let campaign = crm
            .links()
            .create_campaign(
                CampaignDraft {
                    name: "Black Friday".into(),
                    kind: "black_friday".into(),
                    starts_on: today.to_string(),
                    ends_on: (today + Duration::days(3)).to_string(),
                    promo_prices: vec![PromoPrice {
                        catalog_item_id: "HARMONIZACAO".into(),
                        price: 80_000,
                    }],
                    ..CampaignDraft::default()
                },
                &person("ADMIN", Role::Admin),
            )
            .await
            .unwrap();
        let sale = w.draft(SELLER, w.sale_body(500, 1)).await;
        let item = &sale["items"][0];
        assert_eq!(
            (
                item["list_price"].as_i64(),
                item["unit_price"].as_i64(),
                item["campaign_id"].as_str()
            ),
            (Some(100_000), Some(80_000), Some(campaign.id.as_str()))
        );
        // 80 000 − 5 %.
        assert_eq!(sale["total"], 76_000);
        // After the window the draft, saved again, takes the list price.
        w.api.clock.advance(Duration::days(4));
        let mut body = w.sale_body(500, 1);
        body["version"] = sale["version"].clone();
        body["first_due_date"] = json!((today + Duration::days(5)).to_string());
        let (status, later) = w.call("PUT", &path(&sale), SELLER, Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{later}");
        assert_eq!(
            (
                later["items"][0]["unit_price"].as_i64(),
                later["total"].as_i64()
            ),
            (Some(100_000), Some(95_000))
        );
        assert!(
            later["items"][0]["campaign_id"].is_null()
                || later["items"][0].get("campaign_id").is_none()
        );
    }
}

#[tokio::test]
async fn a_proposal_is_discarded_with_a_reason_and_its_summary_links_are_revoked() {
    for w in common::worlds().await {
        let engine = w.api.engine();
        let sale = w.draft(SELLER, w.sale_body(0, 1)).await;
        let discard = format!("{}/discard", path(&sale));
        let links = format!("{}/summary-links", path(&sale));
        let (status, link) = w.call("POST", &links, SELLER, Some(json!({}))).await;
        assert_eq!(status, StatusCode::CREATED, "{engine}: {link}");

        let (status, body) = w
            .call(
                "POST",
                &discard,
                SELLER,
                Some(json!({ "version": sale["version"] })),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{engine}: {body}");
        assert_eq!(fields(&body), ["reason"], "{engine}: {body}");
        let (status, _) = w
            .call(
                "POST",
                &discard,
                OTHER_SELLER,
                Some(json!({ "version": sale["version"], "reason": "Não é dela" })),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{engine}: outside reach");
        let reason =
            json!({ "version": sale["version"], "reason": "Cliente desistiu do orçamento" });
        let (status, _) = w
            .call(
                "POST",
                &discard,
                SELLER,
                Some(json!({ "version": 99, "reason": "versão velha" })),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{engine}: stale version");

        let (status, discarded) = w.call("POST", &discard, SELLER, Some(reason.clone())).await;
        assert_eq!(status, StatusCode::OK, "{engine}: {discarded}");
        assert_eq!(discarded["status"], "descartada", "{engine}");
        let (_, listed) = w.call("GET", &links, SELLER, None).await;
        assert_eq!(listed[0]["state"], "revogado", "{engine}: {listed}");
        assert_eq!(listed[0]["revoked_reason"], "venda_descartada", "{engine}");
        let (_, history) = w
            .call("GET", &format!("{}/history", path(&sale)), SELLER, None)
            .await;
        assert!(
            history
                .to_string()
                .contains("Cliente desistiu do orçamento"),
            "{engine}: {history}"
        );
        // Once only, and never a sale past the proposal.
        let reason = json!({ "version": discarded["version"], "reason": "de novo" });
        let (status, _) = w.call("POST", &discard, SELLER, Some(reason)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{engine}");
        let sold = w.draft(SELLER, w.sale_body(0, 1)).await;
        let (status, sold) = w.confirm(SELLER, &sold).await;
        assert_eq!(status, StatusCode::OK, "{engine}");
        let (status, body) = w
            .call(
                "POST",
                &format!("{}/discard", path(&sold)),
                SELLER,
                Some(json!({ "version": sold["version"], "reason": "tarde demais" })),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{engine}: {body}");
        assert_eq!(body["code"], "venda_nao_descartavel", "{engine}: {body}");
    }
}
