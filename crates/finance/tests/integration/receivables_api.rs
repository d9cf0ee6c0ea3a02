//! Receivables (títulos a receber) and their installments through the API, served as the server serves it, on
//! SQLite and PostgreSQL; crm is started first (títulos name its clients). Sales' public interface
//! (`Receivables::create_in`) is called in a transaction of the test's own.

use chrono::{NaiveDate, TimeZone, Utc};
use crm::domain::ClientDraft;
use crm::Crm;
use finance::domain::BankAccountDraft;
use finance::{Finance, ReceivableMethod, SaleReceivable};
use platform::testing::{principal, TestApi};
use platform::{on_db, Principal};
use poem::http::StatusCode;
use serde_json::{json, Value};

const RECEIVABLES: &str = "/api/v1/finance/receivables";
const INSTALLMENTS: &str = "/api/v1/finance/receivables/installments";
const FA: Option<&str> = Some("FINANCIAL_ASSISTANT");
const FM: Option<&str> = Some("FINANCIAL_MANAGER");
const SALESPERSON: Option<&str> = Some("SALESPERSON");

/// A test's world: the API, two clients, the starter chart's accounts and a bank account.
struct World {
    api: TestApi<Finance>,
    client: String,
    other_client: String,
    /// 1.1.01 Consultas (analytic, RECEITA).
    revenue: String,
    /// 1.1 (synthetic).
    synthetic: String,
    /// 2.3 Descontos concedidos (analytic, DESPESA).
    expense: String,
    bank: String,
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn by() -> Principal {
    principal("uid-setup", "Preparação")
}

/// Tuesday 10/03/2026, 12:00 in São Paulo.
fn set_today(api: &TestApi<Finance>, day: NaiveDate) {
    let noon = day.and_hms_opt(15, 0, 0).unwrap();
    api.clock.set(Utc.from_utc_datetime(&noon));
}

async fn worlds() -> Vec<World> {
    let mut worlds = Vec::new();
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        set_today(&api, d(2026, 3, 10));
        let crm = api.started.get::<Crm>().unwrap();
        let client = |document: &str, name: &str| ClientDraft {
            kind: Some("company".into()),
            document: Some(document.into()),
            name: Some(name.into()),
            ..ClientDraft::default()
        };
        let first = crm
            .clients()
            .create(client("11.222.333/0001-81", "Clínica Sorriso Ltda"), &by())
            .await
            .unwrap();
        let second = crm
            .clients()
            .create(client("45.723.174/0001-10", "Ótica Visão Clara ME"), &by())
            .await
            .unwrap();
        api.context.chart().create_starter(&by()).await.unwrap();
        let tree = api.context.chart().tree().await.unwrap();
        let code = |c: &str| {
            tree.iter()
                .find(|a| a.account.code.as_str() == c)
                .unwrap()
                .account
                .id
                .clone()
        };
        let bank = api
            .context
            .bank_accounts()
            .create(
                BankAccountDraft {
                    nickname: Some("Itaú Operacional".into()),
                    bank: Some("341".into()),
                    agency: Some("0912".into()),
                    agency_digit: None,
                    account: Some("45678".into()),
                    account_digit: Some("9".into()),
                    opening_balance: Some(0),
                    opening_date: Some(d(2026, 1, 1)),
                },
                &by(),
            )
            .await
            .unwrap();
        worlds.push(World {
            client: first.id,
            other_client: second.id,
            revenue: code("1.1.01"),
            synthetic: code("1.1"),
            expense: code("2.3"),
            bank: bank.id,
            api,
        });
    }
    worlds
}

impl World {
    fn title(&self, total: i64, installments: i64, first_due: &str) -> Value {
        json!({
            "client_id": self.client, "description": "Tratamento ortodôntico",
            "chart_account_id": self.revenue, "issue_date": "2026-01-10", "total_cents": total,
            "installments": installments, "first_due": first_due
        })
    }

    async fn create(&self, body: Value) -> Value {
        let (status, title) = self.api.call("POST", RECEIVABLES, FA, Some(body)).await;
        assert_eq!(
            status,
            StatusCode::CREATED,
            "{}: {title}",
            self.api.engine()
        );
        title
    }

    async fn installment(&self, id: &str) -> Value {
        let (status, i) = self
            .api
            .call("GET", &format!("{INSTALLMENTS}/{id}"), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{i}");
        i
    }

    async fn receive(&self, installment: &Value, body: Value) -> (StatusCode, Value) {
        let mut body = body;
        body["version"] = installment["version"].clone();
        body["bank_account_id"] = json!(self.bank);
        body["method"] = body.get("method").cloned().unwrap_or(json!("PIX"));
        body["date"] = body.get("date").cloned().unwrap_or(json!("2026-03-10"));
        self.api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{}/receipts", id(installment)),
                FA,
                Some(body),
            )
            .await
    }

    async fn list(&self, query: &str) -> Value {
        let (status, page) = self
            .api
            .call("GET", &format!("{INSTALLMENTS}?{query}"), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{query}: {page}");
        page
    }

    /// The payloads of the events of `kind` published so far, oldest first.
    async fn events(&self, kind: &str) -> Vec<Value> {
        let payloads: Vec<String> = on_db!(&self.api.db, pool => sqlx::query_scalar(
            "SELECT payload FROM platform_events WHERE kind = $1 ORDER BY created_at, id",
        )
        .bind(kind)
        .fetch_all(pool)
        .await)
        .unwrap();
        payloads
            .iter()
            .map(|p| serde_json::from_str(p).unwrap())
            .collect()
    }
}

fn id(value: &Value) -> &str {
    value["id"].as_str().unwrap()
}

fn fields(error: &Value) -> Vec<&str> {
    error["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields in {error}"))
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect()
}

fn column<'a>(page: &'a Value, name: &str) -> Vec<&'a Value> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| &i[name])
        .collect()
}

#[tokio::test]
async fn a_title_splits_its_total_with_the_odd_cent_on_the_first_and_falls_due_monthly() {
    for w in worlds().await {
        let title = w.create(w.title(100_000, 3, "2026-01-31")).await;
        assert_eq!(title["number"], "CR-2026-000001", "{title}");
        assert_eq!(
            (
                title["origin"].as_str(),
                title["payment_method"].as_str(),
                title["client_name"].as_str(),
                title["client_document"].as_str(),
                title["total_cents"].as_i64()
            ),
            (
                Some("MANUAL"),
                Some("BOLETO"),
                Some("Clínica Sorriso Ltda"),
                Some("11222333000181"),
                Some(100_000)
            )
        );
        let installments = title["installments"].as_array().unwrap();
        let values: Vec<i64> = installments
            .iter()
            .map(|i| i["value_cents"].as_i64().unwrap())
            .collect();
        let dues: Vec<&str> = installments
            .iter()
            .map(|i| i["due_date"].as_str().unwrap())
            .collect();
        assert_eq!(values, [33_334, 33_333, 33_333]);
        assert_eq!(dues, ["2026-01-31", "2026-02-28", "2026-03-31"]);
        let first = &installments[0];
        assert_eq!(first["label"], "CR-2026-000001 1/3");
        assert_eq!(first["client_document_formatted"], "11.222.333/0001-81");
        assert_eq!(
            (
                first["status"].as_str(),
                first["balance_cents"].as_i64(),
                first["received_cents"].as_i64()
            ),
            (Some("ABERTO"), Some(33_334), Some(0))
        );
        // Due 31/01, today 10/03: 38 days late; the third (31/03) is not due yet.
        assert_eq!(
            (first["overdue"].as_bool(), first["days_overdue"].as_i64()),
            (Some(true), Some(38))
        );
        assert_eq!(installments[2]["overdue"], false);
        assert_eq!(installments[2]["days_overdue"], 0);
        assert!(first.get("origin_id").is_none(), "absent, not null");

        let (status, read) = w
            .api
            .call("GET", &format!("{RECEIVABLES}/{}", id(&title)), FA, None)
            .await;
        assert_eq!((status, &read), (StatusCode::OK, &title));
        let second = w.create(w.title(500, 1, "2026-04-01")).await;
        assert_eq!(second["number"], "CR-2026-000002");
        let (status, _) = w
            .api
            .call("GET", &format!("{RECEIVABLES}/nao-existe"), FA, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn bad_input_is_refused_naming_each_field_in_portuguese() {
    for w in worlds().await {
        let refused = |body: Value| async {
            let (status, error) = w.api.call("POST", RECEIVABLES, FA, Some(body)).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
            error
        };
        let mut unknown = w.title(1_000, 1, "2026-02-01");
        unknown["client_id"] = json!("nao-existe");
        let error = refused(unknown).await;
        assert_eq!(fields(&error), ["client_id"]);
        assert_eq!(error["message"], "Cliente não encontrado.");

        let mut synthetic = w.title(1_000, 1, "2026-02-01");
        synthetic["chart_account_id"] = json!(w.synthetic);
        let error = refused(synthetic).await;
        assert_eq!(fields(&error), ["chart_account_id"]);
        assert!(error["message"].as_str().unwrap().contains("sintética"));

        let mut expense = w.title(1_000, 1, "2026-02-01");
        expense["chart_account_id"] = json!(w.expense);
        let error = refused(expense).await;
        assert_eq!(fields(&error), ["chart_account_id"]);
        assert!(error["message"].as_str().unwrap().contains("RECEITA"));

        let error = refused(w.title(1_000, 1, "2026-01-09")).await;
        assert_eq!(fields(&error), ["first_due"]);
        assert_eq!(
            error["message"],
            "O vencimento não pode ser anterior à emissão."
        );

        let error = refused(w.title(1_000, 0, "2026-02-01")).await;
        assert_eq!(fields(&error), ["installments"]);

        let error =
            refused(json!({"installments": -1, "interval_days": -5, "payment_method": "CHEQUE"}))
                .await;
        for field in [
            "client_id",
            "description",
            "chart_account_id",
            "total_cents",
            "installments",
            "interval_days",
            "issue_date",
            "first_due",
            "payment_method",
        ] {
            assert!(fields(&error).contains(&field), "{field}: {error}");
        }

        let mut bank = w.title(1_000, 1, "2026-02-01");
        bank["bank_account_id"] = json!("nao-existe");
        assert_eq!(fields(&refused(bank).await), ["bank_account_id"]);
        // Nothing was written, and no number was spent.
        assert_eq!(
            w.create(w.title(1_000, 1, "2026-02-01")).await["number"],
            "CR-2026-000001"
        );
    }
}

#[tokio::test]
async fn the_list_filters_and_totals_the_whole_filter_and_vencido_follows_the_clock() {
    for w in worlds().await {
        // Client 1: 3 × due 10/02, 10/03, 10/04; client 2: 1 × due 06/03 (a Friday).
        let mine = w.create(w.title(30_000, 3, "2026-02-10")).await;
        let mut other = w.title(5_000, 1, "2026-03-06");
        other["client_id"] = json!(w.other_client);
        other["payment_method"] = json!("PIX");
        let theirs = w.create(other).await;
        let paid = &mine["installments"][0];
        assert_eq!(
            w.receive(paid, json!({"amount_cents": 10_000})).await.0,
            StatusCode::CREATED
        );

        let page = w.list("page_size=2").await;
        assert_eq!(
            (page["total"].as_i64(), page["has_more"].as_bool()),
            (Some(4), Some(true))
        );
        assert_eq!(page["items"].as_array().unwrap().len(), 2);
        let totals = &page["totals"];
        assert_eq!(
            (
                totals["count"].as_i64(),
                totals["value_cents"].as_i64(),
                totals["received_cents"].as_i64(),
                totals["balance_cents"].as_i64()
            ),
            (Some(4), Some(35_000), Some(10_000), Some(25_000)),
            "totals over the whole filter, not the page: {totals}"
        );
        assert_eq!(
            totals["by_status"],
            json!([{"status": "ABERTO", "count": 3, "balance_cents": 25_000},
                   {"status": "PAGO", "count": 1, "balance_cents": 0}])
        );
        // Default order: due date.
        assert_eq!(
            column(&w.list("").await, "due_date"),
            ["2026-02-10", "2026-03-06", "2026-03-10", "2026-04-10"]
        );
        assert_eq!(
            column(&w.list("sort=-value").await, "value_cents")[0],
            &json!(10_000)
        );
        assert_eq!(
            column(&w.list("sort=client").await, "client_name")[0],
            "Clínica Sorriso Ltda"
        );
        assert_eq!(
            column(&w.list("sort=-client").await, "client_name")[0],
            "Ótica Visão Clara ME"
        );

        assert_eq!(
            w.list(&format!("client_id={}", w.other_client)).await["total"],
            1
        );
        assert_eq!(w.list("payment_method=PIX").await["total"], 1);
        assert_eq!(w.list("origin=MANUAL").await["total"], 4);
        assert_eq!(w.list("origin=VENDA").await["total"], 0);
        assert_eq!(
            w.list("due_from=2026-03-01&due_to=2026-03-31").await["total"],
            2
        );
        assert_eq!(w.list("status=PAGO").await["total"], 1);
        assert_eq!(w.list("status=PAGO&status=ABERTO").await["total"], 4);
        assert_eq!(w.list("q=45.723.174/0001-10").await["total"], 1);
        assert_eq!(w.list("q=otica").await["total"], 1);
        assert_eq!(w.list("q=cr-2026-000002").await["total"], 1);
        assert_eq!(
            w.list(&format!("bank_account_id={}", w.bank)).await["total"],
            0
        );

        // Today Tuesday 10/03: 10/02 is paid; 06/03 (Friday) was due, overdue since Monday 09/03; 10/03 is due
        // today (not overdue).
        let overdue = w.list("status=VENCIDO").await;
        assert_eq!(column(&overdue, "id"), [&theirs["installments"][0]["id"]]);
        assert_eq!(overdue["items"][0]["days_overdue"], 4);
        assert_eq!(overdue["totals"]["balance_cents"], 5_000);
        // Wednesday 11/03: the one due 10/03 is overdue too.
        set_today(&w.api, d(2026, 3, 11));
        assert_eq!(w.list("status=VENCIDO").await["total"], 2);
        assert_eq!(w.list("status=VENCIDO&status=PAGO").await["total"], 3);
        assert_eq!(
            w.list(&format!("status=VENCIDO&client_id={}", w.client))
                .await["total"],
            1
        );

        let (status, _) = w
            .api
            .call("GET", &format!("{INSTALLMENTS}?sort=nome"), FA, None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = w
            .api
            .call("GET", &format!("{INSTALLMENTS}?page_size=201"), FA, None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);

        let (status, csv) = w
            .api
            .call(
                "GET",
                &format!("{INSTALLMENTS}/export?format=csv&status=VENCIDO"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let csv = csv.as_str().unwrap();
        assert!(csv.contains("Título/parcela"), "{csv}");
        assert_eq!(
            csv.trim().lines().count(),
            3,
            "header and the 2 overdue: {csv}"
        );
    }
}

#[tokio::test]
async fn a_receipt_pays_partially_then_fully_and_an_excess_must_be_declared() {
    for w in worlds().await {
        let title = w.create(w.title(10_000, 1, "2026-03-05")).await;
        let installment = &title["installments"][0];
        let (status, partial) = w.receive(installment, json!({"amount_cents": 4_000})).await;
        assert_eq!(status, StatusCode::CREATED, "{partial}");
        assert_eq!(
            (
                partial["status"].as_str(),
                partial["received_cents"].as_i64(),
                partial["balance_cents"].as_i64(),
                partial["version"].as_i64()
            ),
            (Some("ABERTO"), Some(4_000), Some(6_000), Some(2))
        );
        assert_eq!(partial["receipts"][0]["principal_cents"], 4_000);
        assert_eq!(partial["receipts"][0]["source"], "MANUAL");
        assert_eq!(partial["receipts"][0]["reversed"], false);

        // The version the person saw before the partial receipt: stale.
        let (status, error) = w.receive(installment, json!({"amount_cents": 6_000})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "versao_desatualizada");

        let (status, error) = w.receive(&partial, json!({"amount_cents": 6_300})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&error), ["amount_cents"]);
        assert!(
            error["message"].as_str().unwrap().contains("R$ 3,00"),
            "{error}"
        );
        let (status, error) = w
            .receive(&partial, json!({"amount_cents": 100, "date": "2026-03-11"}))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["date"])
        );

        let (status, paid) = w
            .receive(
                &partial,
                json!({"amount_cents": 6_300, "interest_cents": 100, "fine_cents": 200}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        assert_eq!(
            (
                paid["status"].as_str(),
                paid["received_cents"].as_i64(),
                paid["balance_cents"].as_i64(),
                paid["overdue"].as_bool()
            ),
            (Some("PAGO"), Some(10_000), Some(0), Some(false))
        );
        assert_eq!(paid["receipts"].as_array().unwrap().len(), 2);

        let (status, error) = w.receive(&paid, json!({"amount_cents": 1})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "estado_invalido");
        assert!(
            error["message"].as_str().unwrap().contains("PAGO"),
            "{error}"
        );
    }
}

#[tokio::test]
async fn each_receipt_publishes_receivable_settled_once_with_its_id() {
    for w in worlds().await {
        let title = w.create(w.title(10_000, 1, "2026-03-05")).await;
        let (_, partial) = w
            .receive(&title["installments"][0], json!({"amount_cents": 4_000}))
            .await;
        let (_, paid) = w
            .receive(&partial, json!({"amount_cents": 6_100, "fine_cents": 100}))
            .await;
        let events = w.events("finance.receivable_settled").await;
        assert_eq!(events.len(), 2, "{events:?}");
        let receipts = paid["receipts"].as_array().unwrap();
        for (event, receipt) in events.iter().zip(receipts) {
            assert_eq!(event["id"], receipt["id"]);
            assert_eq!(event["receipt_id"], receipt["id"]);
            assert_eq!(event["installment_id"], paid["id"]);
            assert_eq!(event["receivable_id"], title["id"]);
            assert_eq!(event["receivable_number"], "CR-2026-000001");
            assert_eq!(event["origin"], "MANUAL");
            assert_eq!(event["client_id"], json!(w.client));
            assert_eq!(event["date"], "2026-03-10");
        }
        assert_eq!(
            (
                events[0]["principal_cents"].as_i64(),
                events[0]["paid_off"].as_bool()
            ),
            (Some(4_000), Some(false))
        );
        assert_eq!(
            (
                events[1]["principal_cents"].as_i64(),
                events[1]["fine_cents"].as_i64(),
                events[1]["paid_off"].as_bool()
            ),
            (Some(6_000), Some(100), Some(true))
        );
    }
}

#[tokio::test]
async fn a_manager_reverses_a_receipt_which_reopens_the_installment_and_an_assistant_may_not() {
    for w in worlds().await {
        let title = w.create(w.title(10_000, 1, "2026-03-05")).await;
        let (_, paid) = w
            .receive(&title["installments"][0], json!({"amount_cents": 10_000}))
            .await;
        assert_eq!(paid["status"], "PAGO");
        let receipt = id(&paid["receipts"][0]).to_string();
        let path = format!("{INSTALLMENTS}/{}/receipts/{receipt}/reverse", id(&paid));
        let reason = json!({"reason": "Recebimento lançado na parcela errada."});
        let (status, _) = w.api.call("POST", &path, FA, Some(reason.clone())).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, error) = w
            .api
            .call("POST", &path, FM, Some(json!({"reason": "curto"})))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["reason"])
        );

        let (status, reopened) = w.api.call("POST", &path, FM, Some(reason.clone())).await;
        assert_eq!(status, StatusCode::OK, "{reopened}");
        assert_eq!(
            (
                reopened["status"].as_str(),
                reopened["received_cents"].as_i64(),
                reopened["balance_cents"].as_i64()
            ),
            (Some("ABERTO"), Some(0), Some(10_000))
        );
        let kept = &reopened["receipts"][0];
        assert_eq!(
            (kept["reversed"].as_bool(), kept["reversed_reason"].as_str()),
            (Some(true), Some("Recebimento lançado na parcela errada."))
        );
        assert!(kept["reversed_at"].is_string());

        let events = w.events("finance.receivable_reversed").await;
        assert_eq!(events.len(), 1);
        assert_eq!(events[0]["id"], format!("{receipt}:estorno"));
        assert_eq!(events[0]["principal_cents"], 10_000);

        let (status, error) = w.api.call("POST", &path, FM, Some(reason.clone())).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("recebimento_estornado"))
        );
        let (status, _) = w
            .api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{}/receipts/nao-existe/reverse", id(&paid)),
                FM,
                Some(reason),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn extending_moves_the_due_date_and_keeps_the_original() {
    for w in worlds().await {
        let title = w.create(w.title(10_000, 1, "2026-03-05")).await;
        let installment = &title["installments"][0];
        let path = format!("{INSTALLMENTS}/{}/extend", id(installment));
        let body =
            |due: &str, reason: &str| json!({"version": 1, "due_date": due, "reason": reason});
        let why = "Cliente pediu para pagar depois do salário.";
        let (status, error) = w
            .api
            .call("POST", &path, FA, Some(body("2026-03-05", why)))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["due_date"])
        );
        let (status, error) = w
            .api
            .call("POST", &path, FA, Some(body("2026-01-09", why)))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["due_date"])
        );
        let (status, error) = w
            .api
            .call("POST", &path, FA, Some(body("2026-04-05", "curto")))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["reason"])
        );

        let (status, extended) = w
            .api
            .call("POST", &path, FA, Some(body("2026-04-05", why)))
            .await;
        assert_eq!(status, StatusCode::OK, "{extended}");
        assert_eq!(
            (
                extended["due_date"].as_str(),
                extended["original_due_date"].as_str(),
                extended["overdue"].as_bool(),
                extended["version"].as_i64()
            ),
            (Some("2026-04-05"), Some("2026-03-05"), Some(false), Some(2))
        );
        let (status, _) = w
            .api
            .call("POST", &path, FA, Some(body("2026-05-05", why)))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "version 1 is stale now");
    }
}

fn sale(w: &World, sale_id: &str) -> SaleReceivable {
    SaleReceivable {
        sale_id: sale_id.into(),
        client_id: w.client.clone(),
        description: "Venda VD-2026-000042: clareamento".into(),
        chart_account_id: None,
        installments: vec![(20_001, d(2026, 3, 20)), (20_000, d(2026, 4, 20))],
        payment_method: ReceivableMethod::CartaoCredito,
    }
}

#[tokio::test]
async fn cancelling_refuses_sales_titles_and_paid_installments_and_closes_the_others() {
    for w in worlds().await {
        let receivables = w.api.context.receivables();
        let mut tx = w.api.db.begin().await.unwrap();
        let from_sale = receivables
            .create_in(&mut tx, sale(&w, "venda-1"), &by())
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let (_, from_sale) = w
            .api
            .call("GET", &format!("{RECEIVABLES}/{}", from_sale.id), FA, None)
            .await;
        let why = "Cliente desistiu do tratamento antes de começar.";
        let api = &w.api;
        let cancel = |installment: &Value| {
            let path = format!("{INSTALLMENTS}/{}/cancel", id(installment));
            let body = json!({"version": installment["version"], "reason": why});
            async move { api.call("POST", &path, FA, Some(body)).await }
        };
        let (status, error) = cancel(&from_sale["installments"][0]).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("titulo_de_venda")),
            "{error}"
        );

        let title = w.create(w.title(20_000, 2, "2026-03-05")).await;
        let (_, paid) = w
            .receive(&title["installments"][0], json!({"amount_cents": 10_000}))
            .await;
        let (status, error) = cancel(&paid).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("estado_invalido"))
        );

        let (status, cancelled) = cancel(&title["installments"][1]).await;
        assert_eq!(status, StatusCode::OK, "{cancelled}");
        assert_eq!(
            (
                cancelled["status"].as_str(),
                cancelled["balance_cents"].as_i64(),
                cancelled["overdue"].as_bool()
            ),
            (Some("CANCELADO"), Some(10_000), Some(false))
        );
        let events = w.events("finance.receivable_cancelled").await;
        assert_eq!(events.len(), 1);
        assert_eq!(events[0]["id"], format!("{}:cancelamento", id(&cancelled)));
        assert_eq!(events[0]["balance_cents"], 10_000);

        let (status, error) = w.receive(&cancelled, json!({"amount_cents": 100})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "estado_invalido");
        assert!(
            error["message"].as_str().unwrap().contains("CANCELADO"),
            "{error}"
        );
    }
}

#[tokio::test]
async fn a_write_off_above_the_limit_needs_a_manager_and_a_manager_reverts_it() {
    for w in worlds().await {
        let title = w.create(w.title(600_000, 1, "2026-03-05")).await;
        let installment = &title["installments"][0];
        let path = format!("{INSTALLMENTS}/{}/write-off", id(installment));
        let body = json!({"version": 1, "reason": "Cliente faleceu; sem espólio a cobrar."});
        let (status, error) = w.api.call("POST", &path, FA, Some(body.clone())).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(error["message"], "Valor acima da sua alçada (R$ 5.000,00).");
        let (status, written_off) = w.api.call("POST", &path, FM, Some(body.clone())).await;
        assert_eq!(status, StatusCode::OK, "{written_off}");
        assert_eq!(written_off["status"], "BAIXADO");
        assert_eq!(
            written_off["write_off_reason"],
            "Cliente faleceu; sem espólio a cobrar."
        );
        assert_eq!(written_off["balance_cents"], 600_000);

        let revert = format!("{path}/revert");
        let reason = json!({"reason": "Baixa feita por engano; cliente vai pagar."});
        let (status, _) = w.api.call("POST", &revert, FA, Some(reason.clone())).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, reverted) = w.api.call("POST", &revert, FM, Some(reason.clone())).await;
        assert_eq!(status, StatusCode::OK, "{reverted}");
        assert_eq!(reverted["status"], "ABERTO");
        assert!(reverted.get("write_off_reason").is_none());
        let (status, _) = w.api.call("POST", &revert, FM, Some(reason)).await;
        assert_eq!(status, StatusCode::CONFLICT);

        // Within the limit, the assistant writes off.
        let small = w.create(w.title(50_000, 1, "2026-03-05")).await;
        let (status, done) = w
            .api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{}/write-off", id(&small["installments"][0])),
                FA,
                Some(body),
            )
            .await;
        assert_eq!(
            (status, done["status"].as_str()),
            (StatusCode::OK, Some("BAIXADO"))
        );
    }
}

#[tokio::test]
async fn a_sales_title_is_written_in_the_callers_transaction_and_gone_when_it_rolls_back() {
    for w in worlds().await {
        let receivables = w.api.context.receivables();
        let mut tx = w.api.db.begin().await.unwrap();
        let created = receivables
            .create_in(&mut tx, sale(&w, "venda-rollback"), &by())
            .await
            .unwrap();
        assert_eq!(created.number, "CR-2026-000001");
        tx.rollback().await.unwrap();
        let (status, _) = w
            .api
            .call("GET", &format!("{RECEIVABLES}/{}", created.id), FA, None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(w.list("").await["total"], 0);

        let mut tx = w.api.db.begin().await.unwrap();
        let created = receivables
            .create_in(&mut tx, sale(&w, "venda-7"), &by())
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let (status, title) = w
            .api
            .call("GET", &format!("{RECEIVABLES}/{}", created.id), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        // The rolled-back one gave its number back.
        assert_eq!(title["number"], "CR-2026-000001");
        assert_eq!(
            (
                title["origin"].as_str(),
                title["origin_id"].as_str(),
                title["total_cents"].as_i64(),
                title["payment_method"].as_str(),
                title["issue_date"].as_str()
            ),
            (
                Some("VENDA"),
                Some("venda-7"),
                Some(40_001),
                Some("CARTAO_CREDITO"),
                Some("2026-03-10")
            )
        );
        assert_eq!(
            title["chart_account_id"],
            json!(w.revenue),
            "the first RECEITA account"
        );
        let installments: Vec<(i64, &str)> = title["installments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["value_cents"].as_i64().unwrap(),
                    i["due_date"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            installments,
            [(20_001, "2026-03-20"), (20_000, "2026-04-20")]
        );
        assert_eq!(w.list("origin=VENDA").await["total"], 2);

        let mut tx = w.api.db.begin().await.unwrap();
        let again = receivables
            .create_in(&mut tx, sale(&w, "venda-7"), &by())
            .await
            .unwrap_err();
        tx.rollback().await.unwrap();
        assert_eq!(again.code, "titulo_da_venda_duplicado");
        assert!(
            again.message.contains("CR-2026-000001"),
            "{}",
            again.message
        );
    }
}

#[tokio::test]
async fn only_the_finance_roles_see_receivables() {
    for w in worlds().await {
        let (status, _) = w.api.call("GET", INSTALLMENTS, SALESPERSON, None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = w
            .api
            .call(
                "POST",
                RECEIVABLES,
                SALESPERSON,
                Some(w.title(1_000, 1, "2026-02-01")),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = w.api.call("GET", INSTALLMENTS, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        for role in [
            "FINANCIAL_ASSISTANT",
            "FINANCIAL_MANAGER",
            "ADMIN",
            "SUPER_ADMIN",
        ] {
            let (status, _) = w.api.call("GET", INSTALLMENTS, Some(role), None).await;
            assert_eq!(status, StatusCode::OK, "{role}");
        }
    }
}

#[tokio::test]
async fn the_history_tells_each_step_of_an_installment_and_the_titles_creation() {
    for w in worlds().await {
        let title = w.create(w.title(10_000, 1, "2026-03-05")).await;
        let installment = &title["installments"][0];
        let i = id(installment);
        let (_, partial) = w
            .receive(
                installment,
                json!({"amount_cents": 4_000, "interest_cents": 0}),
            )
            .await;
        let receipt = id(&partial["receipts"][0]).to_string();
        let reason = "Cheque devolvido pelo banco do cliente.";
        w.api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{i}/receipts/{receipt}/reverse"),
                FM,
                Some(json!({"reason": reason})),
            )
            .await;
        let current = w.installment(i).await;
        w.api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{i}/extend"),
                FA,
                Some(json!({"version": current["version"], "due_date": "2026-04-05", "reason": "Prorrogado a pedido do cliente."})),
            )
            .await;
        let current = w.installment(i).await;
        w.api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{i}/write-off"),
                FA,
                Some(json!({"version": current["version"], "reason": "Valor irrisório, sem custo de cobrança."})),
            )
            .await;
        w.api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{i}/write-off/revert"),
                FM,
                Some(json!({"reason": "Cliente vai pagar, afinal."})),
            )
            .await;
        let current = w.installment(i).await;
        w.api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{i}/cancel"),
                FA,
                Some(json!({"version": current["version"], "reason": "Título lançado em duplicidade."})),
            )
            .await;

        let (status, history) = w
            .api
            .call("GET", &format!("{INSTALLMENTS}/{i}/history"), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        let actions: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Parcela lançada",
                "Recebimento registrado",
                "Recebimento estornado",
                "Vencimento prorrogado",
                "Parcela baixada sem recebimento",
                "Baixa sem recebimento revertida",
                "Parcela cancelada"
            ]
        );
        let entries = history.as_array().unwrap();
        assert!(
            entries[1]["changes"]
                .to_string()
                .contains("R$ 40,00 em 10/03/2026 por PIX"),
            "{}",
            entries[1]
        );
        assert_eq!(entries[2]["reason"], reason);
        assert_eq!(
            (
                entries[3]["changes"][0]["from"].as_str(),
                entries[3]["changes"][0]["to"].as_str()
            ),
            (Some("05/03/2026"), Some("05/04/2026"))
        );
        assert_eq!(
            (
                entries[6]["from_state"].as_str(),
                entries[6]["to_state"].as_str()
            ),
            (Some("ABERTO"), Some("CANCELADO"))
        );

        let (status, history) = w
            .api
            .call(
                "GET",
                &format!("{RECEIVABLES}/{}/history", id(&title)),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(history[0]["action"], "Título lançado");
        let (status, _) = w
            .api
            .call(
                "GET",
                &format!("{INSTALLMENTS}/nao-existe/history"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn the_demo_data_shows_every_state_once_loaded_and_nothing_more_the_second_time() {
    use platform::context::{Context, Demo};
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let mut demo = Demo::default();
        api.started
            .get::<Crm>()
            .unwrap()
            .seed_demo(&mut demo)
            .await
            .unwrap();
        let said = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(said.iter().any(|l| l.contains("40 títulos")), "{said:?}");
        let (_, page) = api
            .call("GET", &format!("{INSTALLMENTS}?page_size=1"), FA, None)
            .await;
        let states: Vec<&str> = page["totals"]["by_status"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["status"].as_str().unwrap())
            .collect();
        // The demo issues boletos for part of the open BOLETO installments (BOLETO_EMITIDO).
        assert_eq!(
            states,
            ["ABERTO", "BOLETO_EMITIDO", "PAGO", "BAIXADO", "CANCELADO"],
            "{page}"
        );
        let (_, overdue) = api
            .call(
                "GET",
                &format!("{INSTALLMENTS}?status=VENCIDO&page_size=1"),
                FA,
                None,
            )
            .await;
        assert!(overdue["total"].as_i64().unwrap() > 0, "{overdue}");
        let (_, future) = api
            .call(
                "GET",
                &format!(
                    "{INSTALLMENTS}?due_from={}&page_size=1",
                    api.context.receivables().today() + chrono::Days::new(60)
                ),
                FA,
                None,
            )
            .await;
        assert!(
            future["total"].as_i64().unwrap() > 0,
            "due in the next months: {future}"
        );
        let total = page["total"].clone();
        let again = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(again.iter().any(|l| l.contains("já existiam")), "{again:?}");
        let (_, page) = api
            .call("GET", &format!("{INSTALLMENTS}?page_size=1"), FA, None)
            .await;
        assert_eq!(page["total"], total);
    }
}

#[tokio::test]
async fn renegotiating_replaces_open_installments_of_one_client_by_a_new_title() {
    for w in worlds().await {
        let first = w.create(w.title(30_000, 3, "2026-02-10")).await;
        let items = first["installments"].as_array().unwrap();
        // 1/3 is partly received: its saldo (R$ 60,00 of R$ 100,00) is what carries over.
        let one = w.installment(id(&items[0])).await;
        let (status, _) = w.receive(&one, json!({"amount_cents": 4_000})).await;
        assert_eq!(status, StatusCode::CREATED);
        let one = w.installment(id(&items[0])).await;
        let two = w.installment(id(&items[1])).await;
        let versioned = |i: &Value| json!({"id": i["id"], "version": i["version"]});
        let renegotiation = |chosen: Vec<Value>, extra: Value| {
            let mut body = json!({
                "installments": chosen, "count": 4, "first_due": "2026-04-10",
                "reason": "Cliente pediu para parcelar o saldo em atraso."
            });
            for (k, v) in extra.as_object().unwrap() {
                body[k] = v.clone();
            }
            body
        };
        let path = format!("{RECEIVABLES}/renegotiations");

        // Bad input names its fields; nothing changes.
        let (status, error) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(json!({"installments": [], "first_due": "2026-01-01"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        let f = fields(&error);
        assert!(
            f.contains(&"installments") && f.contains(&"first_due") && f.contains(&"reason"),
            "{error}"
        );

        // Another client's installment cannot join.
        let mut other = w.title(5_000, 1, "2026-02-10");
        other["client_id"] = json!(w.other_client);
        let other = w.create(other).await;
        let other_one = w.installment(id(&other["installments"][0])).await;
        let (status, error) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(renegotiation(
                    vec![versioned(&one), versioned(&other_one)],
                    json!({}),
                )),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert!(error.to_string().contains("mesmo cliente"), "{error}");

        // A stale version is 409.
        let mut stale = versioned(&two);
        stale["version"] = json!(two["version"].as_i64().unwrap() + 7);
        let (status, _) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(renegotiation(vec![versioned(&one), stale], json!({}))),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);

        // A salesperson may not.
        let (status, _) = w
            .api
            .call(
                "POST",
                &path,
                SALESPERSON,
                Some(renegotiation(vec![versioned(&one)], json!({}))),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        // 1/3 (saldo 60,00) and 2/3 (100,00) become a new título of R$ 160,00 in 4: 40,00 each.
        let (status, new) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(renegotiation(
                    vec![versioned(&one), versioned(&two)],
                    json!({}),
                )),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {new}", w.api.engine());
        assert_eq!(new["origin"], "RENEGOCIACAO");
        assert_eq!(new["origin_id"], first["id"]);
        assert_eq!(new["total_cents"], 16_000);
        assert_eq!(new["chart_account_id"], json!(w.revenue));
        let values: Vec<i64> = new["installments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["value_cents"].as_i64().unwrap())
            .collect();
        assert_eq!(values, [4_000, 4_000, 4_000, 4_000]);
        for old in [&one, &two] {
            let now = w.installment(id(old)).await;
            assert_eq!(now["status"], "RENEGOCIADO", "{now}");
        }
        // 3/3 was not chosen and stays open.
        assert_eq!(w.installment(id(&items[2])).await["status"], "ABERTO");
        // RENEGOCIADO is final: renegotiating it again is 409.
        let one_now = w.installment(id(&one)).await;
        let (status, _) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(renegotiation(vec![versioned(&one_now)], json!({}))),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);

        // A different total (juros added) is kept, with the odd cent on the first installment.
        let three = w.installment(id(&items[2])).await;
        let (status, new) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(renegotiation(
                    vec![versioned(&three)],
                    json!({"total_cents": 10_301, "count": 2, "payment_method": "PIX"}),
                )),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{new}");
        assert_eq!(new["installments"][0]["value_cents"], 5_151);
        assert_eq!(new["installments"][1]["value_cents"], 5_150);
        assert_eq!(new["payment_method"], "PIX");
        let (_, history) = w
            .api
            .call(
                "GET",
                &format!("{RECEIVABLES}/{}/history", id(&new)),
                FA,
                None,
            )
            .await;
        assert!(history.to_string().contains("Renegociação"), "{history}");
        let (_, history) = w
            .api
            .call(
                "GET",
                &format!("{INSTALLMENTS}/{}/history", id(&three)),
                FA,
                None,
            )
            .await;
        assert!(
            history
                .to_string()
                .contains(new["number"].as_str().unwrap()),
            "{history}"
        );
    }
}

#[tokio::test]
async fn an_installment_keeps_its_attachments_and_a_removed_one_stays_marked() {
    use poem::test::{TestForm, TestFormField};
    for w in worlds().await {
        let title = w.create(w.title(10_000, 1, "2026-03-20")).await;
        let installment = id(&title["installments"][0]).to_string();
        let path = format!("{INSTALLMENTS}/{installment}/attachments");
        let upload = |token: &'static str, name: &'static str, bytes: Vec<u8>| {
            let form =
                TestForm::new().field(TestFormField::bytes(bytes).name("file").filename(name));
            w.api
                .client
                .post(&path)
                .header("Authorization", format!("Bearer {token}"))
                .multipart(form)
                .send()
        };
        let receipt = b"%PDF-1.4\n% comprovante de PIX\n".to_vec();
        let resp = upload("FINANCIAL_ASSISTANT", "comprovante.pdf", receipt.clone()).await;
        let status = resp.0.status();
        let attached: Value =
            serde_json::from_str(&resp.0.into_body().into_string().await.unwrap()).unwrap();
        assert_eq!(status, StatusCode::CREATED, "{attached}");
        assert_eq!(attached["name"], "comprovante.pdf");
        assert_eq!(attached["content_type"], "application/pdf");

        // A type the store refuses (an executable) is 415, and a salesperson may not attach.
        let resp = upload(
            "FINANCIAL_ASSISTANT",
            "virus.pdf",
            b"MZ\x90\x00\x03".to_vec(),
        )
        .await;
        resp.assert_status(StatusCode::UNSUPPORTED_MEDIA_TYPE);
        let resp = upload("SALESPERSON", "x.pdf", receipt.clone()).await;
        resp.assert_status(StatusCode::FORBIDDEN);

        // Downloaded byte for byte by anyone who reads receivables, not only who sent it.
        let file = format!("{path}/{}", id(&attached));
        let resp = w
            .api
            .client
            .get(&file)
            .header("Authorization", "Bearer FINANCIAL_MANAGER")
            .send()
            .await;
        resp.assert_status_is_ok();
        resp.assert_header("content-type", "application/pdf");
        assert_eq!(resp.0.into_body().into_vec().await.unwrap(), receipt);

        // Another installment's path does not reach it (ids cannot be probed), nor does an unknown installment.
        let other = w.create(w.title(5_000, 1, "2026-03-20")).await;
        let elsewhere = format!(
            "{INSTALLMENTS}/{}/attachments/{}",
            id(&other["installments"][0]),
            id(&attached)
        );
        assert_eq!(
            w.api.call("GET", &elsewhere, FA, None).await.0,
            StatusCode::NOT_FOUND
        );
        let unknown = format!("{INSTALLMENTS}/nao-existe/attachments");
        assert_eq!(
            w.api.call("GET", &unknown, FA, None).await.0,
            StatusCode::NOT_FOUND
        );

        // Removing needs a reason, keeps the row marked, and a second removal is 409.
        let remove = format!("{file}/remove");
        let (status, error) = w.api.call("POST", &remove, FA, Some(json!({}))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["reason"]);
        let reason = json!({"reason": "Comprovante enviado para a parcela errada."});
        let (status, removed) = w.api.call("POST", &remove, FA, Some(reason.clone())).await;
        assert_eq!(status, StatusCode::OK, "{removed}");
        assert_eq!(removed["removed_by"], "uid-FINANCIAL_ASSISTANT");
        assert_eq!(
            w.api.call("POST", &remove, FA, Some(reason)).await.0,
            StatusCode::CONFLICT
        );
        let (_, list) = w.api.call("GET", &path, FA, None).await;
        assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
        assert!(list[0]["removed_at"].is_string(), "{list}");
        let (_, history) = w
            .api
            .call(
                "GET",
                &format!("{INSTALLMENTS}/{installment}/history"),
                FA,
                None,
            )
            .await;
        let text = history.to_string();
        assert!(
            text.contains("Anexo incluído") && text.contains("Anexo removido"),
            "{history}"
        );
    }
}
