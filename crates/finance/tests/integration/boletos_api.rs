//! Convênios and boletos through the API, served as the server serves it, on SQLite and PostgreSQL; crm is started
//! first (the payers are its clients). The remessa/retorno side is played with `Boletos::record_in`.

use banking::bank::Bank;
use banking::boleto::BoletoInput;
use chrono::{NaiveDate, TimeZone, Utc};
use crm::domain::ClientDraft;
use crm::Crm;
use finance::domain::boleto::{BoletoStatus, EventKind};
use finance::domain::BankAccountDraft;
use finance::service::BoletoChange;
use finance::Finance;
use platform::testing::{principal, TestApi};
use platform::values::Address;
use platform::Principal;
use poem::http::StatusCode;
use serde_json::{json, Value};

const AGREEMENTS: &str = "/api/v1/finance/collection-agreements";
const PAYMENT_AGREEMENTS: &str = "/api/v1/finance/payment-agreements";
const BOLETOS: &str = "/api/v1/finance/boletos";
const RECEIVABLES: &str = "/api/v1/finance/receivables";
const FA: Option<&str> = Some("FINANCIAL_ASSISTANT");
const FM: Option<&str> = Some("FINANCIAL_MANAGER");
const SALESPERSON: Option<&str> = Some("SALESPERSON");

struct World {
    api: TestApi<Finance>,
    /// A client with a full address.
    client: String,
    /// A client without an address (no CEP).
    homeless: String,
    revenue: String,
    bank: String,
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn by() -> Principal {
    principal("uid-setup", "Preparação")
}

async fn worlds() -> Vec<World> {
    let mut worlds = Vec::new();
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let noon = d(2026, 3, 10).and_hms_opt(15, 0, 0).unwrap();
        api.clock.set(Utc.from_utc_datetime(&noon));
        let crm = api.started.get::<Crm>().unwrap();
        let client = |document: &str, name: &str, address: Option<Address>| ClientDraft {
            kind: Some("company".into()),
            document: Some(document.into()),
            name: Some(name.into()),
            address,
            ..ClientDraft::default()
        };
        let address = Address {
            cep: "01310-100".into(),
            street: "Avenida Paulista".into(),
            number: "1000".into(),
            complement: String::new(),
            district: "Bela Vista".into(),
            city: "São Paulo".into(),
            state: "SP".into(),
        };
        let first = crm
            .clients()
            .create(
                client("11.222.333/0001-81", "Clínica Sorriso Ltda", Some(address)),
                &by(),
            )
            .await
            .unwrap();
        let second = crm
            .clients()
            .create(
                client("45.723.174/0001-10", "Ótica Visão Clara ME", None),
                &by(),
            )
            .await
            .unwrap();
        api.context.chart().create_starter(&by()).await.unwrap();
        let tree = api.context.chart().tree().await.unwrap();
        let revenue = tree
            .iter()
            .find(|a| a.account.code.as_str() == "1.1.01")
            .unwrap()
            .account
            .id
            .clone();
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
        worlds.push(World {
            client: first.id,
            homeless: second.id,
            revenue,
            bank: bank.id,
            api,
        });
    }
    worlds
}

impl World {
    fn agreement_body(&self, next: i64, last: i64) -> Value {
        json!({
            "bank_account_id": self.bank, "name": "Itaú cobrança 109",
            "beneficiary_name": "Rede Sorriso Clínicas Ltda", "beneficiary_document": "11.444.777/0001-61",
            "beneficiary_code": "45678", "carteira": "109", "layout": "CNAB400",
            "nosso_numero_first": 1, "nosso_numero_last": last, "next_nosso_numero": next,
            "fine_bp": 200, "interest_monthly_bp": 100, "protest_days": 10
        })
    }

    async fn agreement(&self, next: i64, last: i64) -> Value {
        let (status, a) = self
            .api
            .call(
                "POST",
                AGREEMENTS,
                FM,
                Some(self.agreement_body(next, last)),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {a}", self.api.engine());
        a
    }

    /// A título of `n` installments of the client, first due 10/04/2026; its installment ids.
    async fn installments(&self, client: &str, n: i64) -> Vec<String> {
        let (status, title) = self
            .api
            .call(
                "POST",
                RECEIVABLES,
                FA,
                Some(json!({
                    "client_id": client, "description": "Tratamento ortodôntico",
                    "chart_account_id": self.revenue, "issue_date": "2026-03-10",
                    "total_cents": 30_000 * n, "installments": n, "first_due": "2026-04-10",
                    "payment_method": "BOLETO"
                })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{title}");
        title["installments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].as_str().unwrap().to_string())
            .collect()
    }

    async fn issue(&self, ids: &[String], agreement: &Value) -> (StatusCode, Value) {
        self.api
            .call(
                "POST",
                &format!("{BOLETOS}/issue"),
                FA,
                Some(json!({"installment_ids": ids, "agreement_id": agreement["id"]})),
            )
            .await
    }

    async fn next_nosso_numero(&self, agreement: &Value) -> i64 {
        let (_, a) = self
            .api
            .call("GET", &format!("{AGREEMENTS}/{}", id(agreement)), FA, None)
            .await;
        a["next_nosso_numero"].as_i64().unwrap()
    }

    async fn installment_status(&self, id: &str) -> String {
        let (_, i) = self
            .api
            .call("GET", &format!("{RECEIVABLES}/installments/{id}"), FA, None)
            .await;
        i["status"].as_str().unwrap().to_string()
    }

    async fn bytes(&self, method: &str, path: &str, body: Option<Value>) -> (StatusCode, Vec<u8>) {
        let method = poem::http::Method::from_bytes(method.as_bytes()).unwrap();
        let mut req = self
            .api
            .client
            .request(method, path)
            .header("Authorization", "Bearer FINANCIAL_ASSISTANT");
        if let Some(body) = body {
            req = req.body_json(&body);
        }
        let resp = req.send().await;
        let status = resp.0.status();
        (status, resp.0.into_body().into_vec().await.unwrap())
    }

    /// Plays the bank: the boleto went in a remessa and its entry was confirmed.
    async fn register(&self, boleto_id: &str) {
        let boletos = self.api.context.boletos();
        let mut tx = self.api.db.begin().await.unwrap();
        for (to, kind, code, text) in [
            (BoletoStatus::EmRemessa, EventKind::EmRemessa, None, None),
            (
                BoletoStatus::Registrado,
                EventKind::EntradaConfirmada,
                Some("02"),
                Some("Entrada confirmada"),
            ),
        ] {
            boletos
                .record_in(
                    &mut tx,
                    boleto_id,
                    BoletoChange {
                        to: Some(to),
                        kind,
                        description: text.unwrap_or("Incluído na remessa RM-2026-000001").into(),
                        bank_code: code.map(Into::into),
                        bank_text: text.map(Into::into),
                        remittance_id: Some("rm-1".into()),
                        remittance_number: Some("RM-2026-000001".into()),
                        amount_cents: None,
                        paid_date: None,
                        details: None,
                    },
                    &by(),
                )
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
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

fn pages(pdf: &[u8]) -> usize {
    pdf.windows(b"/Type /Page /Parent".len())
        .filter(|w| *w == b"/Type /Page /Parent")
        .count()
}

#[tokio::test]
async fn scenario_1_itau_carteira_109_at_1000_issues_nosso_numero_1000_and_1001_and_the_counter_is_1002(
) {
    for w in worlds().await {
        let agreement = w.agreement(1000, 99_999_999).await;
        let ids = w.installments(&w.client, 2).await;
        let (status, issued) = w.issue(&ids, &agreement).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {issued}", w.api.engine());
        assert_eq!(issued["count"], 2);
        for (k, nn) in [1000i64, 1001].into_iter().enumerate() {
            let b = &issued["items"][k];
            assert_eq!(b["nosso_numero"], nn);
            assert_eq!(b["installment_id"], ids[k]);
            assert_eq!(b["status"], "EMITIDO");
            assert_eq!(b["amount_cents"], 30_000);
            let mut input = BoletoInput::new(Bank::Itau);
            input.carteira = "109".into();
            input.agencia = "0912".into();
            input.conta = "45678".into();
            input.nosso_numero = nn.to_string();
            let expected = banking::boleto::nosso_numero(Bank::Itau, &input).unwrap();
            assert_eq!(b["nosso_numero_formatted"], expected.formatted);
            assert_eq!(
                b["nosso_numero_dv"],
                expected.dv.map(|c| c.to_string()).unwrap()
            );
        }
        for installment in &ids {
            assert_eq!(w.installment_status(installment).await, "BOLETO_EMITIDO");
        }
        assert_eq!(w.next_nosso_numero(&agreement).await, 1002);
        // The detail: linha, barcode, timeline, payer.
        let (status, detail) = w
            .api
            .call(
                "GET",
                &format!("{BOLETOS}/{}", id(&issued["items"][0])),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        assert_eq!(detail["linha_digitavel"].as_str().unwrap().len(), 47);
        assert_eq!(detail["barcode"].as_str().unwrap().len(), 44);
        assert!(detail["barcode"].as_str().unwrap().starts_with("3419"));
        assert_eq!(detail["events"][0]["kind"], "EMITIDO");
        assert_eq!(detail["payer_address"]["cep"], "01310100");
        assert_eq!(detail["seu_numero"], "CR-2026-000001 1/2");
        assert!(detail["instructions"]
            .as_str()
            .unwrap()
            .contains("multa de 2,00%"));
        assert_eq!(detail["interest_per_day_cents"], 10);
    }
}

#[tokio::test]
async fn scenario_2_missing_cep_is_refused_naming_the_field_and_the_counter_does_not_move() {
    for w in worlds().await {
        let agreement = w.agreement(1000, 99_999_999).await;
        let good = w.installments(&w.client, 1).await;
        let bad = w.installments(&w.homeless, 1).await;
        let ids = [good[0].clone(), bad[0].clone()];
        let (status, error) = w.issue(&ids, &agreement).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(
            error["message"],
            "Endereço do pagador incompleto: informe o CEP."
        );
        assert_eq!(fields(&error), ["installment_ids[1].address.cep"]);
        assert_eq!(w.next_nosso_numero(&agreement).await, 1000);
        assert_eq!(w.installment_status(&good[0]).await, "ABERTO");
        let (_, list) = w.api.call("GET", BOLETOS, FA, None).await;
        assert_eq!(list["total"], 0);
    }
}

#[tokio::test]
async fn concurrent_issues_never_share_a_nosso_numero() {
    for w in worlds().await {
        let agreement = w.agreement(500, 99_999_999).await;
        let a = w.installments(&w.client, 3).await;
        let b = w.installments(&w.client, 3).await;
        let ((sa, ia), (sb, ib)) = tokio::join!(w.issue(&a, &agreement), w.issue(&b, &agreement));
        assert_eq!(sa, StatusCode::CREATED, "{ia}");
        assert_eq!(sb, StatusCode::CREATED, "{ib}");
        let mut numbers: Vec<i64> = ia["items"]
            .as_array()
            .unwrap()
            .iter()
            .chain(ib["items"].as_array().unwrap())
            .map(|b| b["nosso_numero"].as_i64().unwrap())
            .collect();
        numbers.sort();
        assert_eq!(numbers, (500..506).collect::<Vec<_>>());
        assert_eq!(w.next_nosso_numero(&agreement).await, 506);
    }
}

#[tokio::test]
async fn an_installment_has_one_live_boleto_and_the_range_runs_out() {
    for w in worlds().await {
        let agreement = w.agreement(10, 12).await;
        let ids = w.installments(&w.client, 4).await;
        let (status, _) = w.issue(&ids[..1], &agreement).await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, error) = w.issue(&ids[..2], &agreement).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["installment_ids[0]"]);
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .contains("já tem boleto vigente"),
            "{error}"
        );
        assert_eq!(w.next_nosso_numero(&agreement).await, 11);
        // 11 and 12 are left: three installments do not fit.
        let (status, error) = w.issue(&ids[1..], &agreement).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(
            error["message"],
            "Faixa de nosso número esgotada no convênio Itaú cobrança 109. Solicite nova faixa ao banco."
        );
        assert_eq!(fields(&error), ["agreement_id"]);
        assert_eq!(w.next_nosso_numero(&agreement).await, 11);
        assert_eq!(w.installment_status(&ids[1]).await, "ABERTO");
        let (status, _) = w.issue(&ids[1..3], &agreement).await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(w.next_nosso_numero(&agreement).await, 13);
    }
}

#[tokio::test]
async fn a_boleto_pdf_is_a_pdf_and_three_merge_into_one_document_of_three_pages() {
    for w in worlds().await {
        let agreement = w.agreement(1000, 99_999_999).await;
        let ids = w.installments(&w.client, 3).await;
        let (_, issued) = w.issue(&ids, &agreement).await;
        let boletos: Vec<&str> = issued["items"].as_array().unwrap().iter().map(id).collect();
        let (status, pdf) = w
            .bytes("GET", &format!("{BOLETOS}/{}/pdf", boletos[0]), None)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(pdf.starts_with(b"%PDF"));
        assert_eq!(pages(&pdf), 1);
        let (status, merged) = w
            .bytes(
                "POST",
                &format!("{BOLETOS}/pdf"),
                Some(json!({"ids": boletos})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(merged.starts_with(b"%PDF"));
        assert!(merged.ends_with(b"%%EOF\n"));
        assert_eq!(pages(&merged), 3);
        assert!(
            String::from_utf8_lossy(&merged).contains("/Count 3"),
            "the page tree counts three"
        );
        let (status, _) = w
            .bytes(
                "POST",
                &format!("{BOLETOS}/pdf"),
                Some(json!({"ids": ["nope"]})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn instructions_only_on_registered_boletos_and_a_baixa_is_requested() {
    for w in worlds().await {
        let agreement = w.agreement(1000, 99_999_999).await;
        let ids = w.installments(&w.client, 2).await;
        let (_, issued) = w.issue(&ids, &agreement).await;
        let boleto = id(&issued["items"][0]).to_string();
        let path = format!("{BOLETOS}/{boleto}/instructions");
        let (status, error) = w
            .api
            .call("POST", &path, FA, Some(json!({"kind": "BAIXA"})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert!(error["message"].as_str().unwrap().contains("registrados"));
        w.register(&boleto).await;
        assert_eq!(w.installment_status(&ids[0]).await, "REGISTRADO");
        let (status, error) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(json!({"kind": "ALTERACAO_VENCIMENTO"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&error), ["new_due_date"]);
        let (status, detail) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(json!({"kind": "ALTERACAO_VENCIMENTO", "new_due_date": "2026-05-10"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        assert_eq!(detail["status"], "REGISTRADO");
        let (status, detail) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(json!({"kind": "BAIXA", "reason": "Cliente pagou por PIX direto."})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        assert_eq!(detail["status"], "BAIXA_SOLICITADA");
        let kinds: Vec<&str> = detail["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["kind"].as_str().unwrap())
            .collect();
        assert_eq!(
            kinds,
            [
                "EMITIDO",
                "EM_REMESSA",
                "ENTRADA_CONFIRMADA",
                "INSTRUCAO",
                "INSTRUCAO"
            ]
        );
        assert_eq!(detail["events"][2]["bank_code"], "02");
        assert_eq!(detail["instruction_requests"].as_array().unwrap().len(), 2);
        let (_, pending) = w
            .api
            .call(
                "GET",
                &format!("{BOLETOS}?pending_instruction=true"),
                FA,
                None,
            )
            .await;
        assert_eq!(pending["total"], 1);

        // Cancelling the other installment, its boleto registered: a BAIXA is queued.
        let other = id(&issued["items"][1]).to_string();
        w.register(&other).await;
        let (_, installment) = w
            .api
            .call(
                "GET",
                &format!("{RECEIVABLES}/installments/{}", ids[1]),
                FA,
                None,
            )
            .await;
        let (status, cancelled) = w
            .api
            .call(
                "POST",
                &format!("{RECEIVABLES}/installments/{}/cancel", ids[1]),
                FA,
                Some(json!({"version": installment["version"], "reason": "Cliente desistiu do tratamento."})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{cancelled}");
        let (_, detail) = w
            .api
            .call("GET", &format!("{BOLETOS}/{other}"), FA, None)
            .await;
        assert_eq!(detail["status"], "BAIXA_SOLICITADA");
        assert_eq!(detail["instruction_requests"][0]["kind"], "BAIXA");
        assert_eq!(detail["instruction_requests"][0]["pending"], true);
    }
}

#[tokio::test]
async fn the_list_filters_totals_and_exports() {
    for w in worlds().await {
        let agreement = w.agreement(1000, 99_999_999).await;
        let ids = w.installments(&w.client, 3).await;
        let (_, issued) = w.issue(&ids, &agreement).await;
        w.register(id(&issued["items"][0])).await;
        let (status, page) = w
            .api
            .call(
                "GET",
                &format!("{BOLETOS}?page_size=2&sort=-nosso_numero"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["total"], 3);
        assert_eq!(page["has_more"], true);
        assert_eq!(page["items"][0]["nosso_numero"], 1002);
        assert_eq!(page["totals"]["amount_cents"], 90_000);
        let by_status: Vec<(&str, i64)> = page["totals"]["by_status"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["status"].as_str().unwrap(), t["count"].as_i64().unwrap()))
            .collect();
        assert_eq!(by_status, [("EMITIDO", 2), ("REGISTRADO", 1)]);
        let (_, page) = w
            .api
            .call("GET", &format!("{BOLETOS}?status=REGISTRADO"), FA, None)
            .await;
        assert_eq!(page["total"], 1);
        let (_, page) = w
            .api
            .call("GET", &format!("{BOLETOS}?q=sorriso"), FA, None)
            .await;
        assert_eq!(page["total"], 3);
        let (_, page) = w
            .api
            .call("GET", &format!("{BOLETOS}?q=11.222.333"), FA, None)
            .await;
        assert_eq!(page["total"], 3);
        let (_, page) = w
            .api
            .call(
                "GET",
                &format!("{BOLETOS}?installment_id={}", ids[1]),
                FA,
                None,
            )
            .await;
        assert_eq!(page["total"], 1);
        let (_, page) = w
            .api
            .call("GET", &format!("{BOLETOS}?due_from=2026-05-01"), FA, None)
            .await;
        assert_eq!(page["total"], 2);
        let (status, csv) = w
            .api
            .call("GET", &format!("{BOLETOS}/export?format=csv"), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        let csv = csv.as_str().unwrap();
        assert!(csv.contains("Nosso número"), "{csv}");
        assert_eq!(csv.lines().count(), 4, "{csv}");
    }
}

#[tokio::test]
async fn a_convenio_is_checked_field_by_field_and_by_the_bank_and_its_counter_never_goes_back() {
    for w in worlds().await {
        let mut body = w.agreement_body(1000, 99_999_999);
        body["fine_bp"] = json!(201);
        let (status, error) = w.api.call("POST", AGREEMENTS, FM, Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&error), ["fine_bp"]);
        // Itaú's nosso número has 8 digits: the bank cannot encode a range beyond it.
        let body = w.agreement_body(1000, 999_999_999_999);
        let (status, error) = w.api.call("POST", AGREEMENTS, FM, Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["nosso_numero_last"]);
        let mut body = w.agreement_body(1000, 99_999_999);
        body["bank_account_id"] = json!("nope");
        let (status, error) = w.api.call("POST", AGREEMENTS, FM, Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&error), ["bank_account_id"]);

        let agreement = w.agreement(1000, 99_999_999).await;
        let path = format!("{AGREEMENTS}/{}", id(&agreement));
        let (status, error) = w
            .api
            .call(
                "PATCH",
                &path,
                FM,
                Some(json!({"version": 1, "next_nosso_numero": 999})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&error), ["next_nosso_numero"]);
        assert!(error["message"]
            .as_str()
            .unwrap()
            .contains("nunca é reutilizado"));
        let (status, changed) = w
            .api
            .call(
                "PATCH",
                &path,
                FM,
                Some(json!({"version": 1, "next_nosso_numero": 5000, "pix_key": "11444777000161"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{changed}");
        assert_eq!(changed["next_nosso_numero"], 5000);
        assert_eq!(changed["version"], 2);
        let (status, _) = w
            .api
            .call(
                "PATCH",
                &path,
                FM,
                Some(json!({"version": 1, "name": "Outro nome"})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (_, history) = w
            .api
            .call("GET", &format!("{path}/history"), FA, None)
            .await;
        assert_eq!(history.as_array().unwrap().len(), 2);

        // A hybrid convênio: its boletos carry a BR Code.
        let ids = w.installments(&w.client, 1).await;
        let (_, issued) = w.issue(&ids, &changed).await;
        assert_eq!(issued["items"][0]["nosso_numero"], 5000);
        let (_, detail) = w
            .api
            .call(
                "GET",
                &format!("{BOLETOS}/{}", id(&issued["items"][0])),
                FA,
                None,
            )
            .await;
        let pix = detail["pix_copia_e_cola"].as_str().unwrap();
        assert!(pix.starts_with("000201"), "{pix}");
        assert!(banking::pix::parse(pix).is_ok());

        // The banks and their layouts; Caixa has no CNAB 400.
        let (_, banks) = w
            .api
            .call("GET", &format!("{AGREEMENTS}/banks"), FA, None)
            .await;
        assert_eq!(banks["items"].as_array().unwrap().len(), 7);
        let caixa = banks["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["code"] == "104")
            .unwrap();
        assert_eq!(caixa["layouts"], json!(["CNAB240"]));

        // A convênio de pagamentos.
        let (status, payment) = w
            .api
            .call(
                "POST",
                PAYMENT_AGREEMENTS,
                FM,
                Some(
                    json!({"bank_account_id": w.bank, "name": "Itaú SISPAG", "code": "123456",
                            "methods": ["PIX", "TED"]}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{payment}");
        assert_eq!(payment["methods"], json!(["TED", "PIX"]));
        assert_eq!(payment["layout"], "CNAB240");
        let (status, error) = w
            .api
            .call(
                "PATCH",
                &format!("{PAYMENT_AGREEMENTS}/{}", id(&payment)),
                FM,
                Some(json!({"version": 1, "methods": []})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&error), ["methods"]);
    }
}

#[tokio::test]
async fn roles_are_checked_and_unknown_ids_are_404() {
    for w in worlds().await {
        let (status, _) = w
            .api
            .call(
                "POST",
                AGREEMENTS,
                FA,
                Some(w.agreement_body(1000, 99_999_999)),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "FA reads convênios, does not write them"
        );
        let (status, _) = w.api.call("GET", AGREEMENTS, FA, None).await;
        assert_eq!(status, StatusCode::OK);
        let agreement = w.agreement(1000, 99_999_999).await;
        let ids = w.installments(&w.client, 1).await;
        for (method, path) in [
            ("GET", BOLETOS.to_string()),
            ("POST", format!("{BOLETOS}/issue")),
            ("GET", format!("{BOLETOS}/x")),
        ] {
            let body = (method == "POST")
                .then(|| json!({"installment_ids": ids, "agreement_id": agreement["id"]}));
            let (status, _) = w.api.call(method, &path, SALESPERSON, body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}");
        }
        let (status, _) = w.api.call("GET", BOLETOS, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        for path in [
            format!("{BOLETOS}/nope"),
            format!("{BOLETOS}/nope/pdf"),
            format!("{AGREEMENTS}/nope"),
            format!("{PAYMENT_AGREEMENTS}/nope"),
        ] {
            let (status, _) = w.api.call("GET", &path, FA, None).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        }
        let (status, _) = w
            .api
            .call(
                "POST",
                &format!("{BOLETOS}/nope/instructions"),
                FA,
                Some(json!({"kind": "BAIXA"})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn the_demo_data_has_four_convenios_and_boletos_once_and_nothing_more_the_second_time() {
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
        assert!(
            said.iter().any(|l| l.contains("4 convênios de cobrança")),
            "{said:?}"
        );
        let (_, agreements) = api.call("GET", AGREEMENTS, FA, None).await;
        assert_eq!(
            agreements["items"].as_array().unwrap().len(),
            4,
            "{agreements}"
        );
        let (_, page) = api.call("GET", BOLETOS, FA, None).await;
        let total = page["total"].as_i64().unwrap();
        assert!(total > 5, "{page}");
        let (_, hybrid) = api
            .call(
                "GET",
                &format!("{BOLETOS}/{}", id(&page["items"][0])),
                FA,
                None,
            )
            .await;
        assert_eq!(hybrid["linha_digitavel"].as_str().unwrap().len(), 47);
        let said = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            said.iter().any(|l| l.contains("convênios já existiam")),
            "{said:?}"
        );
        let (_, again) = api.call("GET", BOLETOS, FA, None).await;
        assert_eq!(again["total"].as_i64().unwrap(), total);
    }
}

#[tokio::test]
async fn renegotiating_cancels_a_boleto_never_sent_and_asks_the_bank_to_drop_a_registered_one() {
    for w in worlds().await {
        let agreement = w.agreement(1000, 99_999_999).await;
        let ids = w.installments(&w.client, 2).await;
        let (status, issued) = w.issue(&ids, &agreement).await;
        assert_eq!(status, StatusCode::CREATED, "{issued}");
        let boleto = |n: usize| id(&issued["items"][n]).to_string();
        w.register(&boleto(1)).await;
        let mut chosen = Vec::new();
        for installment in &ids {
            let (_, i) = w
                .api
                .call(
                    "GET",
                    &format!("{RECEIVABLES}/installments/{installment}"),
                    FA,
                    None,
                )
                .await;
            chosen.push(json!({"id": installment, "version": i["version"]}));
        }
        let (status, new) = w
            .api
            .call(
                "POST",
                &format!("{RECEIVABLES}/renegotiations"),
                FA,
                Some(json!({
                    "installments": chosen, "count": 3, "first_due": "2026-05-10",
                    "reason": "Cliente pediu mais prazo para pagar o tratamento."
                })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{new}");
        let status_of = async |b: String| {
            let (_, detail) = w.api.call("GET", &format!("{BOLETOS}/{b}"), FA, None).await;
            detail["status"].as_str().unwrap().to_string()
        };
        assert_eq!(status_of(boleto(0)).await, "CANCELADO");
        assert_eq!(status_of(boleto(1)).await, "BAIXA_SOLICITADA");
        assert_eq!(w.installment_status(&ids[0]).await, "RENEGOCIADO");
    }
}
