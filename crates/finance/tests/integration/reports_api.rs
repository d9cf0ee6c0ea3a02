//! The receivables reports through the API (receipts by period, aging, projected cash flow and their exports), on
//! SQLite and PostgreSQL, over a small data set whose figures are computed by hand below. crm is started first.
//!
//! Today is Tuesday 10/03/2026. Two clients, one bank account (opening balance 0 on 01/01/2026):
//! - A (Clínica Sorriso): T1 R$ 300,00 in 3 (10/02, 10/03, 10/04; BOLETO; the bank account): the first paid on
//!   Saturday 21/02 (11 days late), the second partly (R$ 40,00 on 10/03), the third open (due in 31 days).
//!   T6 R$ 70,00 due 09/04 (in exactly 30 days), PIX.
//! - B (Ótica Visão Clara): T2 R$ 200,00 due Saturday 14/02 (Carnaval: overdue only from Thursday 19/02), PIX;
//!   T3 R$ 500,00 due 09/03, received on 05/03 and the receipt reversed (it must not count); T4 R$ 50,00 due
//!   07/02 (31 days overdue); T5 R$ 30,00 due 08/02 (exactly 30 days overdue); T7 R$ 100,00 due 20/03.

use chrono::{NaiveDate, TimeZone, Utc};
use crm::domain::ClientDraft;
use crm::Crm;
use finance::domain::{BankAccountDraft, SupplierDraft};
use finance::Finance;
use platform::testing::{principal, TestApi};
use platform::values::Address;
use platform::Principal;
use poem::http::StatusCode;
use serde_json::{json, Value};

const RECEIVABLES: &str = "/api/v1/finance/receivables";
const INSTALLMENTS: &str = "/api/v1/finance/receivables/installments";
const REPORTS: &str = "/api/v1/finance/reports";
const FA: Option<&str> = Some("FINANCIAL_ASSISTANT");
const FM: Option<&str> = Some("FINANCIAL_MANAGER");
const SALESPERSON: Option<&str> = Some("SALESPERSON");

struct World {
    api: TestApi<Finance>,
    a: String,
    b: String,
    bank: String,
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn by() -> Principal {
    principal("uid-setup", "Preparação")
}

fn set_today(api: &TestApi<Finance>, day: NaiveDate) {
    let noon = day.and_hms_opt(15, 0, 0).unwrap();
    api.clock.set(Utc.from_utc_datetime(&noon));
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_string()
}

impl World {
    async fn title(
        &self,
        client: &str,
        total: i64,
        n: i64,
        first_due: &str,
        extra: Value,
    ) -> Value {
        let mut body = json!({
            "client_id": client, "description": "Tratamento", "chart_account_id": self.revenue().await,
            "issue_date": "2026-01-10", "total_cents": total, "installments": n, "first_due": first_due
        });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, title) = self.api.call("POST", RECEIVABLES, FA, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{title}");
        title
    }

    async fn revenue(&self) -> String {
        let tree = self.api.context.chart().tree().await.unwrap();
        tree.iter()
            .find(|a| a.account.code.as_str() == "1.1.01")
            .unwrap()
            .account
            .id
            .clone()
    }

    /// A receipt of `amount` on `date` (the clock moved there and back to 10/03).
    async fn receive(&self, installment: &Value, amount: i64, date: NaiveDate) -> Value {
        set_today(&self.api, date);
        let (status, i) = self
            .api
            .call(
                "GET",
                &format!("{INSTALLMENTS}/{}", id(installment)),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let body = json!({
            "version": i["version"], "date": date.format("%Y-%m-%d").to_string(), "amount_cents": amount,
            "bank_account_id": self.bank, "method": "PIX"
        });
        let (status, paid) = self
            .api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{}/receipts", id(installment)),
                FA,
                Some(body),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        set_today(&self.api, d(2026, 3, 10));
        paid
    }

    async fn get(&self, path: &str) -> Value {
        let (status, body) = self
            .api
            .call("GET", &format!("{REPORTS}{path}"), FA, None)
            .await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{} {path}: {body}",
            self.api.engine()
        );
        body
    }
}

async fn worlds() -> Vec<World> {
    let mut worlds = Vec::new();
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        set_today(&api, d(2026, 3, 10));
        let crm = api.started.get::<Crm>().unwrap();
        // With an address: a boleto names its payer's.
        let client = |document: &str, name: &str| ClientDraft {
            kind: Some("company".into()),
            document: Some(document.into()),
            name: Some(name.into()),
            address: Some(Address {
                cep: "01310-100".into(),
                street: "Avenida Paulista".into(),
                number: "1000".into(),
                complement: String::new(),
                district: "Bela Vista".into(),
                city: "São Paulo".into(),
                state: "SP".into(),
            }),
            ..ClientDraft::default()
        };
        let a = crm
            .clients()
            .create(client("11.222.333/0001-81", "Clínica Sorriso Ltda"), &by())
            .await
            .unwrap();
        let b = crm
            .clients()
            .create(client("45.723.174/0001-10", "Ótica Visão Clara ME"), &by())
            .await
            .unwrap();
        api.context.chart().create_starter(&by()).await.unwrap();
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
                    account_digit: Some("7".into()),
                    opening_balance: Some(0),
                    opening_date: Some(d(2026, 1, 1)),
                },
                &by(),
            )
            .await
            .unwrap();
        let w = World {
            api,
            a: a.id,
            b: b.id,
            bank: bank.id,
        };
        w.seed().await;
        worlds.push(w);
    }
    worlds
}

impl World {
    async fn seed(&self) {
        let (a, b) = (self.a.clone(), self.b.clone());
        let t1 = self
            .title(
                &a,
                30_000,
                3,
                "2026-02-10",
                json!({"bank_account_id": self.bank}),
            )
            .await;
        self.receive(&t1["installments"][0], 10_000, d(2026, 2, 21))
            .await;
        self.receive(&t1["installments"][1], 4_000, d(2026, 3, 10))
            .await;
        self.title(&a, 7_000, 1, "2026-04-09", json!({"payment_method": "PIX"}))
            .await;
        self.title(
            &b,
            20_000,
            1,
            "2026-02-14",
            json!({"payment_method": "PIX"}),
        )
        .await;
        let t3 = self.title(&b, 50_000, 1, "2026-03-09", json!({})).await;
        let paid = self
            .receive(&t3["installments"][0], 50_000, d(2026, 3, 5))
            .await;
        let receipt = id(&paid["receipts"][0]);
        let (status, body) = self
            .api
            .call(
                "POST",
                &format!("{INSTALLMENTS}/{}/receipts/{receipt}/reverse", id(&paid)),
                FM,
                Some(json!({"reason": "Cheque devolvido pelo banco."})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        self.title(&b, 5_000, 1, "2026-02-07", json!({})).await;
        self.title(&b, 3_000, 1, "2026-02-08", json!({})).await;
        self.title(&b, 10_000, 1, "2026-03-20", json!({})).await;
    }
}

/// (expected, received, open, overdue) of a figures object.
fn figures(v: &Value) -> (i64, i64, i64, i64) {
    (
        v["expected_cents"].as_i64().unwrap(),
        v["received_cents"].as_i64().unwrap(),
        v["open_cents"].as_i64().unwrap(),
        v["overdue_cents"].as_i64().unwrap(),
    )
}

/// The cell of the period starting `start` and the value labelled `label`.
fn cell<'a>(report: &'a Value, start: &str, label: &str) -> &'a Value {
    report["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["start"] == start && c["label"] == label)
        .unwrap_or_else(|| panic!("no cell {start} {label} in {report}"))
}

const A: &str = "Clínica Sorriso Ltda";
const B: &str = "Ótica Visão Clara ME";

#[tokio::test]
async fn receipts_by_due_date_per_month_and_client() {
    for w in worlds().await {
        let r = w
            .get("/receipts?from=2026-02-01&to=2026-03-31&basis=VENCIMENTO&bucket=MONTH&dimension=CLIENTE")
            .await;
        assert_eq!(figures(cell(&r, "2026-02-01", A)), (10_000, 10_000, 0, 0));
        // T2, T4 and T5: all overdue (T2 since 19/02, after Carnaval).
        assert_eq!(figures(cell(&r, "2026-02-01", B)), (28_000, 0, 0, 28_000));
        assert_eq!(
            figures(cell(&r, "2026-03-01", A)),
            (10_000, 4_000, 6_000, 0)
        );
        // T3's reversed receipt does not count; T7 is still to fall due.
        assert_eq!(
            figures(cell(&r, "2026-03-01", B)),
            (60_000, 0, 10_000, 50_000)
        );
        assert_eq!(figures(&r["totals"]), (108_000, 14_000, 16_000, 78_000));
        // 78.000 ÷ 108.000 = 72,22 %; (10.000 × 11 + 4.000 × 0) ÷ 14.000 = 7,9 days.
        assert_eq!(r["totals"]["default_rate_bp"], 7_222);
        assert_eq!(r["totals"]["average_days"], 7.9);
        let periods = r["periods"].as_array().unwrap();
        assert_eq!(periods.len(), 2);
        assert_eq!(
            (periods[0]["label"].as_str(), figures(&periods[0])),
            (Some("02/2026"), (38_000, 10_000, 0, 28_000))
        );
        assert_eq!(periods[1]["end"], "2026-03-31");
        let values = r["values"].as_array().unwrap();
        assert_eq!(values.len(), 2);
        assert_eq!(values[0]["key"], w.a.as_str());
        assert_eq!(figures(&values[1]), (88_000, 0, 10_000, 78_000));
        assert_eq!(values[1]["average_days"], Value::Null);

        // A filter narrows every figure; the dimension FORMA names the methods.
        let only_a = w
            .get(&format!(
                "/receipts?from=2026-02-01&to=2026-03-31&bucket=MONTH&client_id={}",
                w.a
            ))
            .await;
        assert_eq!(figures(&only_a["totals"]), (20_000, 14_000, 6_000, 0));
        let by_method = w
            .get("/receipts?from=2026-02-01&to=2026-03-31&bucket=MONTH&dimension=FORMA")
            .await;
        let labels: Vec<&str> = by_method["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["label"].as_str().unwrap())
            .collect();
        assert_eq!(labels, vec!["Boleto", "PIX"]);
        let by_account = w
            .get("/receipts?from=2026-02-01&to=2026-03-31&bucket=MONTH&dimension=CONTA")
            .await;
        let labels: Vec<&str> = by_account["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["label"].as_str().unwrap())
            .collect();
        assert_eq!(labels, vec!["Itaú Operacional", "Sem conta"]);
    }
}

#[tokio::test]
async fn per_client_the_largest_are_shown_and_the_rest_summed_in_one_row() {
    for w in worlds().await {
        for basis in ["VENCIMENTO", "PAGAMENTO", "CREDITO"] {
            let range = format!(
                "from=2026-02-01&to=2026-03-31&basis={basis}&bucket=MONTH&dimension=CLIENTE"
            );
            let all = w.get(&format!("/receipts?{range}")).await;
            // B has 88.000 previsto in the range, A 20.000: with one client shown, A is the rest.
            let top = w.get(&format!("/receipts?{range}&top=1")).await;
            let rest = "Demais clientes (1)";
            for month in ["2026-02-01", "2026-03-01"] {
                assert_eq!(
                    figures(cell(&top, month, B)),
                    figures(cell(&all, month, B)),
                    "{basis} {month}"
                );
                assert_eq!(
                    figures(cell(&top, month, rest)),
                    figures(cell(&all, month, A)),
                    "{basis} {month}"
                );
                assert_eq!(cell(&top, month, rest).get("key"), None);
            }
            assert_eq!(figures(&top["totals"]), figures(&all["totals"]));
            assert_eq!(top["totals"]["average_days"], all["totals"]["average_days"]);
            let labels: Vec<&str> = top["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["label"].as_str().unwrap())
                .collect();
            assert_eq!(labels, vec![B, rest], "{basis}");
        }
        // As many clients as shown: no rest row; a bad `top` names the field.
        let two = w
            .get("/receipts?from=2026-02-01&to=2026-03-31&bucket=MONTH&dimension=CLIENTE&top=2")
            .await;
        assert_eq!(two["values"].as_array().unwrap().len(), 2);
        let (status, body) = w
            .api
            .call(
                "GET",
                &format!("{REPORTS}/receipts?dimension=CLIENTE&top=0"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body.to_string().contains("top"), "{body}");
    }
}

#[tokio::test]
async fn each_basis_places_the_receipts_by_its_own_date_per_week_and_day() {
    for w in worlds().await {
        let range = "from=2026-02-16&to=2026-03-15&bucket=WEEK&dimension=CLIENTE";
        let due = w.get(&format!("/receipts?{range}&basis=VENCIMENTO")).await;
        let weeks: Vec<&str> = due["periods"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["start"].as_str().unwrap())
            .collect();
        assert_eq!(
            weeks,
            vec!["2026-02-16", "2026-02-23", "2026-03-02", "2026-03-09"]
        );
        assert_eq!(
            figures(cell(&due, "2026-03-09", A)),
            (10_000, 4_000, 6_000, 0)
        );
        assert_eq!(figures(&due["totals"]), (60_000, 4_000, 6_000, 50_000));

        // Paid on Saturday 21/02: in that week by PAGAMENTO, credited on Monday 23/02 by CREDITO.
        let paid = w.get(&format!("/receipts?{range}&basis=PAGAMENTO")).await;
        assert_eq!(figures(cell(&paid, "2026-02-16", A)), (0, 10_000, 0, 0));
        assert_eq!(paid["totals"]["received_cents"], 14_000);
        let credited = w.get(&format!("/receipts?{range}&basis=CREDITO")).await;
        assert_eq!(figures(cell(&credited, "2026-02-23", A)), (0, 10_000, 0, 0));
        assert_eq!(credited["periods"][0]["received_cents"], 0);

        let days = w
            .get("/receipts?from=2026-03-09&to=2026-03-10&bucket=DAY&basis=VENCIMENTO")
            .await;
        assert_eq!(days["periods"].as_array().unwrap().len(), 2);
        assert_eq!(days["periods"][1]["label"], "10/03/2026");
        assert_eq!(
            figures(cell(&days, "2026-03-09", B)),
            (50_000, 0, 0, 50_000)
        );
        assert_eq!(
            figures(cell(&days, "2026-03-10", A)),
            (10_000, 4_000, 6_000, 0)
        );

        let (status, error) = w
            .api
            .call(
                "GET",
                &format!("{REPORTS}/receipts?from=2026-03-10&to=2026-03-01"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "to");
        let (status, error) = w
            .api
            .call(
                "GET",
                &format!("{REPORTS}/receipts?from=2025-01-01&to=2026-03-01&bucket=DAY"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "bucket");
    }
}

fn bucket_totals(r: &Value) -> Vec<(String, i64)> {
    r["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["total_cents"].as_i64().unwrap() != 0)
        .map(|b| {
            (
                b["key"].as_str().unwrap().to_string(),
                b["total_cents"].as_i64().unwrap(),
            )
        })
        .collect()
}

fn row<'a>(r: &'a Value, label: &str) -> &'a Value {
    r["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["label"] == label)
        .unwrap_or_else(|| panic!("no row {label} in {r}"))
}

#[tokio::test]
async fn aging_puts_each_saldo_in_its_bucket_with_the_edges_and_the_grace() {
    for w in worlds().await {
        let r = w.get("/aging").await;
        assert_eq!(r["as_of"], "2026-03-10");
        assert_eq!(r["overdue_cutoff"], "2026-03-09");
        // 0–30: 60 of 10/03 (today) + 70 in exactly 30 days + 100 on 20/03; 31–60: due in 31 days;
        // vencidos 1–30: 200 + 500 (reversed) + 30 (exactly 30 days); 31–60: 50 (31 days).
        assert_eq!(
            bucket_totals(&r),
            vec![
                ("A_VENCER_0_30".to_string(), 23_000),
                ("A_VENCER_31_60".to_string(), 10_000),
                ("VENCIDO_1_30".to_string(), 73_000),
                ("VENCIDO_31_60".to_string(), 5_000),
            ]
        );
        assert_eq!(r["total_cents"], 111_000);
        assert_eq!(r["buckets"][4]["due_from"], "2026-02-08");
        assert_eq!(r["buckets"][4]["due_to"], "2026-03-09");
        assert_eq!(r["buckets"][4]["share_bp"], 6_577);
        // Largest first.
        assert_eq!(r["rows"][0]["label"], B);
        assert_eq!(
            row(&r, B)["amounts_cents"],
            json!([10_000, 0, 0, 0, 73_000, 5_000, 0, 0, 0])
        );
        assert_eq!(row(&r, B)["share_bp"], 7_928);
        assert_eq!(
            row(&r, A)["amounts_cents"],
            json!([13_000, 10_000, 0, 0, 0, 0, 0, 0, 0])
        );
        assert_eq!(row(&r, A)["share_bp"], 2_072);

        // Wednesday 18/02, after Carnaval: T2 (Saturday 14/02) is still in its grace; on Thursday it is overdue.
        let before = w.get("/aging?as_of=2026-02-18").await;
        assert_eq!(before["overdue_cutoff"], "2026-02-13");
        assert_eq!(
            row(&before, B)["amounts_cents"][0],
            20_000 + 50_000 + 10_000
        );
        let after = w.get("/aging?as_of=2026-02-19").await;
        assert_eq!(row(&after, B)["amounts_cents"][0], 50_000 + 10_000);
        assert_eq!(row(&after, B)["amounts_cents"][4], 20_000 + 5_000 + 3_000);

        let (status, error) = w
            .api
            .call(
                "GET",
                &format!("{REPORTS}/aging?as_of=9999-12-31"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "as_of");

        let by_method = w.get("/aging?dimension=FORMA").await;
        assert_eq!(row(&by_method, "PIX")["amounts_cents"][4], 20_000);
        let by_account = w.get("/aging?dimension=CONTA").await;
        assert_eq!(row(&by_account, "Itaú Operacional")["total_cents"], 16_000);
    }
}

#[tokio::test]
async fn the_cash_flow_starts_from_the_system_balance_in_both_scenarios() {
    for w in worlds().await {
        // 100 + 40 received into the account (the reversed 500 is not there).
        let r = w.get("/cash-flow?days=30&bucket=DAY").await;
        assert_eq!(r["opening_balance_cents"], 14_000);
        assert_eq!(r["overdue_cents"], 78_000);
        assert_eq!(r["to"], "2026-04-08");
        let periods = r["periods"].as_array().unwrap();
        assert_eq!(periods.len(), 30);
        assert_eq!(periods[0]["inflow_cents"], 6_000);
        assert_eq!(periods[0]["balance_cents"], 20_000);
        assert_eq!(periods[10]["start"], "2026-03-20");
        assert_eq!(periods[10]["inflow_cents"], 10_000);
        assert_eq!(
            (r["inflow_cents"].as_i64(), r["outflow_cents"].as_i64()),
            (Some(16_000), Some(0))
        );
        assert_eq!(r["closing_balance_cents"], 30_000);

        // HISTORICO: A paid 11 days late (all within 90 days): 10/03 + 11 = Saturday 21/03 → Monday 23/03.
        // B paid nothing of what fell due: its installments weigh 0.
        let h = w
            .get("/cash-flow?days=30&bucket=DAY&scenario=HISTORICO")
            .await;
        let periods = h["periods"].as_array().unwrap();
        assert_eq!(periods[0]["inflow_cents"], 0);
        assert_eq!(periods[13]["start"], "2026-03-23");
        assert_eq!(periods[13]["inflow_cents"], 6_000);
        assert_eq!(h["inflow_cents"], 6_000);

        let months = w.get("/cash-flow?days=90&bucket=MONTH").await;
        let inflows: Vec<i64> = months["periods"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["inflow_cents"].as_i64().unwrap())
            .collect();
        assert_eq!(inflows, vec![16_000, 17_000, 0, 0]);
        assert_eq!(months["closing_balance_cents"], 47_000);
        let with_overdue = w
            .get("/cash-flow?days=90&bucket=MONTH&include_overdue_first_day=true")
            .await;
        assert_eq!(with_overdue["periods"][0]["inflow_cents"], 94_000);
        assert_eq!(with_overdue["closing_balance_cents"], 125_000);
        let account = w
            .get(&format!("/cash-flow?days=7&account_id={}", w.bank))
            .await;
        assert_eq!(account["account"], "Itaú Operacional");
        assert_eq!(account["inflow_cents"], 6_000);

        // A payable in two installments (a draft still goes out): the one due yesterday goes out on the first
        // day, the other on its due date (16/03).
        let supplier = w
            .api
            .context
            .suppliers()
            .create(
                SupplierDraft {
                    document: Some("04.252.011/0001-10".into()),
                    name: Some("Dental Suprimentos Ltda".into()),
                    ..SupplierDraft::default()
                },
                &by(),
            )
            .await
            .unwrap();
        let tree = w.api.context.chart().tree().await.unwrap();
        let expense = tree
            .iter()
            .find(|a| a.account.code.as_str() == "3.1")
            .unwrap()
            .account
            .id
            .clone();
        let (status, payable) = w
            .api
            .call(
                "POST",
                "/api/v1/finance/payables",
                FA,
                Some(json!({
                    "supplier_id": supplier.supplier.id, "document_kind": "RECIBO", "document_number": "77",
                    "description": "Materiais", "chart_account_id": expense, "competence": "03/2026",
                    "issue_date": "2026-03-02", "total_cents": 90_000,
                    "installments": [
                        {"due_date": "2026-03-09", "payment_method": "DINHEIRO", "amount_cents": 30_000},
                        {"due_date": "2026-03-16", "payment_method": "DINHEIRO", "amount_cents": 60_000}
                    ]
                })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{payable}");
        let paying = w.get("/cash-flow?days=30&bucket=DAY").await;
        assert_eq!(paying["periods"][0]["outflow_cents"], 30_000);
        assert_eq!(paying["periods"][6]["start"], "2026-03-16");
        assert_eq!(paying["periods"][6]["outflow_cents"], 60_000);
        assert_eq!(paying["outflow_cents"], 90_000);
        assert_eq!(paying["closing_balance_cents"], 30_000 - 90_000);
        assert_eq!(
            paying["periods"][6]["balance_cents"],
            20_000 - 30_000 - 60_000
        );

        // Approved and its first installment paid from the account today: out of the balance, not an outflow.
        let (status, approved) = w
            .api
            .call(
                "POST",
                &format!("/api/v1/finance/payables/{}/approve", id(&payable)),
                FM,
                Some(json!({"version": payable["version"]})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{approved}");
        let first = &approved["installments"][0];
        let (status, paid) = w
            .api
            .call(
                "POST",
                &format!(
                    "/api/v1/finance/payables/installments/{}/payments",
                    id(first)
                ),
                FA,
                Some(json!({
                    "version": first["version"], "date": "2026-03-10", "amount_cents": 30_000,
                    "bank_account_id": w.bank, "receipt_file_id": "comprovante-1"
                })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        let after = w.get("/cash-flow?days=30&bucket=DAY").await;
        assert_eq!(after["opening_balance_cents"], 14_000 - 30_000);
        assert_eq!(after["outflow_cents"], 60_000);
        assert_eq!(after["closing_balance_cents"], 30_000 - 90_000);

        // T7's boleto under a convênio with compensação D+2: Friday 20/03 is credited on Tuesday 24/03.
        let (status, agreement) = w
            .api
            .call(
                "POST",
                "/api/v1/finance/collection-agreements",
                FM,
                Some(json!({
                    "bank_account_id": w.bank, "name": "Itaú cobrança 109",
                    "beneficiary_name": "Rede Sorriso Clínicas Ltda", "beneficiary_document": "11.444.777/0001-61",
                    "beneficiary_code": "45678", "carteira": "109", "layout": "CNAB400",
                    "nosso_numero_first": 1, "nosso_numero_last": 1000, "next_nosso_numero": 1,
                    "fine_bp": 200, "interest_monthly_bp": 100, "settlement_days": 2
                })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{agreement}");
        let (_, t7) = w
            .api
            .call(
                "GET",
                &format!("{INSTALLMENTS}?due_from=2026-03-20&due_to=2026-03-20"),
                FA,
                None,
            )
            .await;
        let (status, issued) = w
            .api
            .call(
                "POST",
                "/api/v1/finance/boletos/issue",
                FA,
                Some(json!({"installment_ids": [id(&t7["items"][0])], "agreement_id": id(&agreement)})),
            )
            .await;
        assert!(status.is_success(), "{issued}");
        let compensated = w.get("/cash-flow?days=30&bucket=DAY").await;
        assert_eq!(compensated["periods"][10]["inflow_cents"], 0);
        assert_eq!(compensated["periods"][14]["start"], "2026-03-24");
        assert_eq!(compensated["periods"][14]["inflow_cents"], 10_000);

        let (status, error) = w
            .api
            .call("GET", &format!("{REPORTS}/cash-flow?days=15"), FA, None)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "days");
        let (status, error) = w
            .api
            .call(
                "GET",
                &format!("{REPORTS}/cash-flow?account_id=nao-existe"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][0]["field"], "account_id");
    }
}

#[tokio::test]
async fn exports_carry_their_parameters() {
    for w in worlds().await {
        let (status, csv) = w
            .api
            .call(
                "GET",
                &format!(
                    "{REPORTS}/receipts/export?format=csv&from=2026-02-01&to=2026-03-31&bucket=MONTH&basis=PAGAMENTO"
                ),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let csv = csv.as_str().unwrap();
        for line in [
            "Recebimentos por período",
            "Período;01/02/2026 a 31/03/2026",
            "Base;Pagamento",
            "Agrupamento;Mês",
            "Dimensão;Cliente",
            "Início;Fim;Cliente;Previsto;Recebido;Em aberto;Vencido;% inadimplência;Prazo médio (dias)",
            "Total;;;1080,00;140,00;160,00;780,00;72,22%;7,9",
        ] {
            assert!(csv.contains(line), "{line} in {csv}");
        }
        let (status, csv) = w
            .api
            .call(
                "GET",
                &format!("{REPORTS}/aging/export?format=csv&as_of=2026-03-10"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let csv = csv.as_str().unwrap();
        assert!(csv.contains("Posição em;10/03/2026"), "{csv}");
        assert!(
            csv.contains(
                "Total;230,00;100,00;0,00;0,00;730,00;50,00;0,00;0,00;0,00;1110,00;100,00%"
            ),
            "{csv}"
        );
        let (status, csv) = w
            .api
            .call(
                "GET",
                &format!("{REPORTS}/cash-flow/export?format=csv&days=7&scenario=HISTORICO"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let csv = csv.as_str().unwrap();
        assert!(csv.contains("Cenário;Histórico"), "{csv}");
        assert!(
            csv.contains("Horizonte;7 dias (10/03/2026 a 16/03/2026)"),
            "{csv}"
        );

        let resp = w
            .api
            .client
            .get(format!("{REPORTS}/receipts/export?format=xlsx"))
            .header("Authorization", "Bearer FINANCIAL_ASSISTANT")
            .send()
            .await;
        resp.assert_status_is_ok();
        let bytes = resp.0.into_body().into_bytes().await.unwrap();
        assert!(bytes.starts_with(b"PK"), "an XLSX is a zip");
    }
}

#[tokio::test]
async fn only_the_finance_roles_read_the_reports() {
    for w in worlds().await {
        for path in [
            "/receipts",
            "/receipts/export?format=csv",
            "/aging",
            "/aging/export?format=csv",
            "/cash-flow",
            "/cash-flow/export?format=csv",
        ] {
            let path = format!("{REPORTS}{path}");
            let (status, _) = w.api.call("GET", &path, SALESPERSON, None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
            let (status, _) = w.api.call("GET", &path, None, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
            for role in ["FINANCIAL_MANAGER", "ADMIN", "SUPER_ADMIN"] {
                let (status, _) = w.api.call("GET", &path, Some(role), None).await;
                assert_eq!(status, StatusCode::OK, "{role} {path}");
            }
        }
    }
}
