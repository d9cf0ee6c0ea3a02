//! Bank reconciliation through the API (`finance.md` §4, scenarios 11–17 where this slice reaches them), served as
//! the server serves it, on SQLite and PostgreSQL: OFX import with de-duplication, the engine run over the
//! account's pending lines against open installments, accepting a suggestion (and the race of two people
//! accepting it), undoing a match, ignoring a line, and who may do it (the role's `can_see_conciliation`).

use chrono::{NaiveDate, TimeZone, Utc};
use crm::domain::ClientDraft;
use crm::Crm;
use finance::domain::BankAccountDraft;
use finance::Finance;
use platform::testing::{principal, TestApi};
use platform::Principal;
use poem::http::StatusCode;
use serde_json::{json, Value};

const RECEIVABLES: &str = "/api/v1/finance/receivables";
const INSTALLMENTS: &str = "/api/v1/finance/receivables/installments";
const STATEMENTS: &str = "/api/v1/finance/statements";
const LINES: &str = "/api/v1/finance/statement-lines";
const RUNS: &str = "/api/v1/finance/reconciliation/runs";
const MATCHES: &str = "/api/v1/finance/reconciliation/matches";
/// A financial assistant whose role has `can_see_conciliation`.
const FA: Option<&str> = Some("FINANCIAL_ASSISTANT+conciliation");
/// Another person with it.
const FM: Option<&str> = Some("FINANCIAL_MANAGER+conciliation");
/// A financial manager without it.
const FM_WITHOUT: Option<&str> = Some("FINANCIAL_MANAGER");

struct World {
    api: TestApi<Finance>,
    client: String,
    other_client: String,
    revenue: String,
    bank: String,
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn by() -> Principal {
    principal("uid-setup", "Preparação")
}

/// Today is Tuesday 10/03/2026 in São Paulo.
async fn worlds() -> Vec<World> {
    let mut worlds = Vec::new();
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let noon = d(2026, 3, 10).and_hms_opt(15, 0, 0).unwrap();
        api.clock.set(Utc.from_utc_datetime(&noon));
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
                BankAccountDraft::opened(
                    "Itaú Operacional",
                    "341",
                    "0912",
                    "45678",
                    "9",
                    d(2026, 1, 1),
                ),
                &by(),
            )
            .await
            .unwrap();
        worlds.push(World {
            client: first.id,
            other_client: second.id,
            revenue,
            bank: bank.id,
            api,
        });
    }
    worlds
}

/// An OFX 1.x (SGML, unclosed leaf tags) statement of the test account, `lines` as (FITID, yyyymmdd, amount, memo).
fn ofx_sgml(account: &str, lines: &[(&str, &str, &str, &str)], balance: Option<&str>) -> Vec<u8> {
    let mut s = String::from(
        "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\n\
         COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n<OFX>\r\n<SIGNONMSGSRSV1><SONRS><STATUS>\
         <CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260310120000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>\r\n\
         <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL\r\n",
    );
    s.push_str(&format!(
        "<BANKACCTFROM><BANKID>0341<BRANCHID>0912<ACCTID>{account}<ACCTTYPE>CHECKING</BANKACCTFROM>\r\n\
         <BANKTRANLIST><DTSTART>20260301<DTEND>20260315\r\n"
    ));
    for (fitid, day, amount, memo) in lines {
        let kind = if amount.starts_with('-') {
            "DEBIT"
        } else {
            "CREDIT"
        };
        s.push_str(&format!(
            "<STMTTRN><TRNTYPE>{kind}<DTPOSTED>{day}120000[-3:BRT]<TRNAMT>{amount}<FITID>{fitid}<MEMO>{memo}\
             </STMTTRN>\r\n"
        ));
    }
    s.push_str("</BANKTRANLIST>\r\n");
    if let Some(b) = balance {
        s.push_str(&format!(
            "<LEDGERBAL><BALAMT>{b}<DTASOF>20260310</LEDGERBAL>\r\n"
        ));
    }
    s.push_str("</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n");
    s.into_bytes()
}

/// The same in OFX 2.x (XML).
fn ofx_xml(lines: &[(&str, &str, &str, &str)]) -> Vec<u8> {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"220\" SECURITY=\"NONE\" \
         OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE>\
         <SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20260310</DTSERVER><LANGUAGE>POR</LANGUAGE></SONRS>\
         </SIGNONMSGSRSV1><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO\
         </SEVERITY></STATUS><STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>341</BANKID><BRANCHID>912\
         </BRANCHID><ACCTID>45678-9</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>\
         <DTSTART>20260305</DTSTART><DTEND>20260310</DTEND>",
    );
    for (fitid, day, amount, memo) in lines {
        s.push_str(&format!(
            "<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>{day}</DTPOSTED><TRNAMT>{amount}</TRNAMT>\
             <FITID>{fitid}</FITID><MEMO>{memo}</MEMO></STMTTRN>"
        ));
    }
    s.push_str("</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n");
    s.into_bytes()
}

impl World {
    async fn import_as(&self, token: &str, bytes: Vec<u8>) -> (StatusCode, Value) {
        let resp = self
            .api
            .client
            .post(format!(
                "{STATEMENTS}?account_id={}&file_name=extrato.ofx",
                self.bank
            ))
            .header("Authorization", format!("Bearer {token}"))
            .content_type("application/octet-stream")
            .body(bytes)
            .send()
            .await;
        let status = resp.0.status();
        let text = resp.0.into_body().into_string().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn import(&self, bytes: Vec<u8>) -> Value {
        let (status, body) = self.import_as(FA.unwrap(), bytes).await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", self.api.engine());
        body
    }

    /// A título of one installment of `cents` due `due` (yyyy-mm-dd) for `client`: the installment.
    async fn installment(&self, client: &str, cents: i64, due: &str) -> Value {
        let body = json!({
            "client_id": client, "description": "Tratamento ortodôntico",
            "chart_account_id": self.revenue, "issue_date": "2026-01-10", "total_cents": cents,
            "installments": 1, "first_due": due
        });
        let (status, title) = self
            .api
            .call("POST", RECEIVABLES, Some("FINANCIAL_ASSISTANT"), Some(body))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{title}");
        title["installments"][0].clone()
    }

    async fn installment_now(&self, id: &str) -> Value {
        let (status, i) = self
            .api
            .call(
                "GET",
                &format!("{INSTALLMENTS}/{id}"),
                Some("FINANCIAL_ASSISTANT"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{i}");
        i
    }

    async fn lines(&self, status: Option<&str>) -> Vec<Value> {
        let mut path = format!("{LINES}?account_id={}", self.bank);
        if let Some(s) = status {
            path.push_str(&format!("&status={s}"));
        }
        let (code, page) = self.api.call("GET", &path, FA, None).await;
        assert_eq!(code, StatusCode::OK, "{page}");
        page["items"].as_array().unwrap().clone()
    }

    async fn run(&self) -> Value {
        let (status, r) = self
            .api
            .call("POST", RUNS, FA, Some(json!({"account_id": self.bank})))
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {r}", self.api.engine());
        r
    }

    async fn matches(&self, status: &str) -> Vec<Value> {
        let (code, list) = self
            .api
            .call(
                "GET",
                &format!("{MATCHES}?account_id={}&status={status}", self.bank),
                FA,
                None,
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{list}");
        list.as_array().unwrap().clone()
    }

    async fn auto(&self, on: bool) {
        let (status, body) = self
            .api
            .call(
                "PUT",
                &format!("/api/v1/finance/reconciliation/accounts/{}", self.bank),
                Some("FINANCIAL_MANAGER"),
                Some(json!({"auto_reconcile": on})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["auto_reconcile"], on);
    }
}

fn id(v: &Value) -> &str {
    v["id"].as_str().unwrap()
}

#[tokio::test]
async fn scenario_12_an_ofx_imported_twice_or_overlapping_adds_only_unseen_lines() {
    for w in worlds().await {
        let march = [
            ("F1", "20260302", "350.00", "PIX RECEBIDO FULANO"),
            ("F2", "20260303", "-12.90", "TARIFA PACOTE"),
            // The same FITID for two different transactions (securo#911): both survive.
            ("DUP", "20260304", "100.00", "TED A"),
            ("DUP", "20260304", "200.00", "TED B"),
            // Two identical lines without a FITID: both survive.
            ("", "20260305", "50.00", "DEPOSITO"),
            ("", "20260305", "50.00", "DEPOSITO"),
            // Scheduled, after today: skipped and counted.
            ("F9", "20260312", "999.00", "AGENDADO"),
        ];
        let first = w.import(ofx_sgml("456789", &march, Some("737.10"))).await;
        assert_eq!(first["new_lines"], 6, "{}: {first}", w.api.engine());
        assert_eq!(first["existing_lines"], 0);
        assert_eq!(first["future_lines"], 1);
        assert_eq!(first["balance_mismatch"], false, "{first}");

        let again = w.import(ofx_sgml("456789", &march, Some("1.00"))).await;
        assert_eq!(again["new_lines"], 0, "{again}");
        assert_eq!(again["existing_lines"], 6);
        assert_eq!(again["balance_mismatch"], true);
        assert!(again["message"]
            .as_str()
            .unwrap()
            .contains("Saldo do arquivo não confere"));

        // An overlapping period in OFX 2.x (the account written with its digit): one seen line, one new.
        let overlap = w
            .import(ofx_xml(&[
                ("F1", "20260302", "350.00", "PIX RECEBIDO FULANO"),
                ("F3", "20260309", "80.00", "PIX RECEBIDO CICRANO"),
            ]))
            .await;
        assert_eq!(overlap["new_lines"], 1, "{overlap}");
        assert_eq!(overlap["existing_lines"], 1);
        assert_eq!(overlap["message"], "1 novas, 1 já existentes.");
        assert_eq!(w.lines(Some("PENDENTE")).await.len(), 7);
    }
}

#[tokio::test]
async fn bad_statements_are_422_naming_the_field_never_a_panic() {
    for w in worlds().await {
        let other = w
            .import_as(
                FA.unwrap(),
                ofx_sgml("999999", &[("X", "20260302", "1.00", "X")], None),
            )
            .await;
        assert_eq!(other.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", other.1);
        assert_eq!(other.1["fields"][0]["field"], "account_id");
        assert_eq!(
            other.1["message"],
            "O extrato é da conta banco 0341, agência 0912, conta 999999, não da conta selecionada."
        );

        for junk in [
            b"isto nao e um ofx".to_vec(),
            Vec::new(),
            vec![0xff, 0xfe, 0x00, 0x3c],
        ] {
            let (status, body) = w.import_as(FA.unwrap(), junk).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["fields"][0]["field"], "file", "{body}");
        }

        let (status, body) = w
            .api
            .call("POST", RUNS, FA, Some(json!({"account_id": "nao-existe"})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["fields"][0]["field"], "account_id");
        let (status, body) = w.api.call("POST", RUNS, FA, Some(json!({}))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["message"], "Escolha a conta bancária.");
    }
}

#[tokio::test]
async fn scenario_11_without_can_see_conciliation_every_reconciliation_call_is_403() {
    for w in worlds().await {
        let (status, _) = w
            .import_as(FM_WITHOUT.unwrap(), ofx_sgml("456789", &[], None))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        for (method, path) in [
            ("POST", RUNS.to_string()),
            ("GET", format!("{MATCHES}?account_id={}", w.bank)),
            ("GET", format!("{LINES}?account_id={}", w.bank)),
            ("POST", format!("{MATCHES}/x/accept")),
            ("POST", format!("{MATCHES}/x/undo")),
        ] {
            let (status, body) = w
                .api
                .call(
                    method,
                    &path,
                    FM_WITHOUT,
                    Some(json!({"account_id": w.bank})),
                )
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}: {body}");
        }
        // Any role with the flag reads it (the guard's rule for /conciliacao is the same flag).
        let (status, _) = w
            .api
            .call("GET", &format!("{LINES}?account_id={}", w.bank), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn scenario_14_auto_match_settles_the_only_open_installment_of_the_cnpj_in_the_memo() {
    for w in worlds().await {
        w.auto(true).await;
        let inst = w.installment(&w.client, 35_000, "2026-03-10").await;
        // Another client owes the same amount: amount and date alone would be ambiguous.
        let other = w.installment(&w.other_client, 35_000, "2026-03-10").await;
        w.import(ofx_sgml(
            "456789",
            &[(
                "P1",
                "20260310",
                "350.00",
                "PIX RECEBIDO 11.222.333/0001-81",
            )],
            None,
        ))
        .await;
        let run = w.run().await;
        assert_eq!(run["confirmed"], 1, "{}: {run}", w.api.engine());

        let now = w.installment_now(id(&inst)).await;
        assert_eq!(now["status"], "PAGO", "{now}");
        let receipt = &now["receipts"][0];
        assert_eq!(receipt["amount_cents"], 35_000);
        assert_eq!(receipt["date"], "2026-03-10");
        assert_eq!(receipt["bank_account_id"], w.bank.as_str());
        assert_eq!(w.installment_now(id(&other)).await["status"], "ABERTO");
        assert_eq!(w.lines(Some("CONCILIADO")).await.len(), 1);
        let confirmed = w.matches("CONFIRMADA").await;
        assert_eq!(confirmed.len(), 1);
        assert!(confirmed[0]["score"].as_i64().unwrap() >= 90);
        assert_eq!(confirmed[0]["automatic"], true);
        assert_eq!(confirmed[0]["confirmed_by_name"], "Conciliação automática");
        let reasons = confirmed[0]["reasons"].as_array().unwrap();
        assert!(
            reasons.iter().any(|r| r.as_str().unwrap().contains("CNPJ")),
            "{reasons:?}"
        );

        // Running again finds nothing new to confirm, and the line stays reconciled once.
        let again = w.run().await;
        assert_eq!(again["confirmed"], 0, "{again}");
        assert_eq!(w.matches("CONFIRMADA").await.len(), 1);
    }
}

#[tokio::test]
async fn without_automatic_reconciliation_a_suggestion_is_accepted_and_the_receipt_created() {
    for w in worlds().await {
        let inst = w.installment(&w.client, 48_000, "2026-03-09").await;
        w.import(ofx_sgml(
            "456789",
            &[(
                "S1",
                "20260309",
                "480.00",
                "PIX RECEBIDO 11.222.333/0001-81",
            )],
            None,
        ))
        .await;
        let run = w.run().await;
        assert_eq!(run["confirmed"], 0, "{run}");
        assert_eq!(run["suggested"], 1, "{run}");
        let suggestions = w.matches("SUGERIDA").await;
        let s = &suggestions[0];
        assert!(s["score"].as_i64().unwrap() >= 90, "{s}");
        assert_eq!(s["items"].as_array().unwrap().len(), 2);
        assert_eq!(w.installment_now(id(&inst)).await["status"], "ABERTO");

        let (status, accepted) = w
            .api
            .call("POST", &format!("{MATCHES}/{}/accept", id(s)), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {accepted}", w.api.engine());
        assert_eq!(accepted["status"], "CONFIRMADA");
        assert_eq!(accepted["automatic"], false);
        assert_eq!(
            accepted["confirmed_by_name"],
            "FINANCIAL_ASSISTANT+conciliation"
        );
        let now = w.installment_now(id(&inst)).await;
        assert_eq!(now["status"], "PAGO");
        assert_eq!(w.lines(Some("PENDENTE")).await.len(), 0);
        assert!(w.matches("SUGERIDA").await.is_empty());
    }
}

#[tokio::test]
async fn accept_all_takes_the_suggestions_of_90_or_more_and_leaves_the_ambiguous_one() {
    for w in worlds().await {
        w.installment(&w.client, 10_000, "2026-03-06").await;
        // Scenario 15: two clients owe R$ 200,00 on the same day; a credit naming no one.
        w.installment(&w.client, 20_000, "2026-03-05").await;
        w.installment(&w.other_client, 20_000, "2026-03-05").await;
        w.import(ofx_sgml(
            "456789",
            &[
                (
                    "A1",
                    "20260306",
                    "100.00",
                    "PIX RECEBIDO 11.222.333/0001-81",
                ),
                ("A2", "20260305", "200.00", "TED RECEBIDA"),
            ],
            None,
        ))
        .await;
        w.run().await;
        // One suggestion per equivalent candidate of the ambiguous line, each capped.
        let suggestions = w.matches("SUGERIDA").await;
        assert_eq!(suggestions.len(), 3, "{suggestions:?}");
        let ambiguous: Vec<&Value> = suggestions
            .iter()
            .filter(|s| s["lines_cents"] == 20_000)
            .collect();
        assert_eq!(ambiguous.len(), 2);
        for a in ambiguous {
            assert!(a["score"].as_i64().unwrap() <= 69);
            assert!(a["reasons"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r == "Há 2 candidatos equivalentes"));
        }

        let (status, body) = w
            .api
            .call(
                "POST",
                &format!("{MATCHES}/accept-all"),
                FA,
                Some(json!({"account_id": w.bank})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["accepted"], 1);
        assert_eq!(w.matches("SUGERIDA").await.len(), 2);
        assert_eq!(w.lines(Some("PENDENTE")).await.len(), 1);

        // Accepting one of the two candidates of a line takes the other off the list; accepting it anyway is 409.
        let both = w.matches("SUGERIDA").await;
        let (status, body) = w
            .api
            .call(
                "POST",
                &format!("{MATCHES}/{}/accept", id(&both[0])),
                FM,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(w.matches("SUGERIDA").await.is_empty());
        let (status, body) = w
            .api
            .call(
                "POST",
                &format!("{MATCHES}/{}/accept", id(&both[1])),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "Já conciliado por FINANCIAL_MANAGER+conciliation."
        );
    }
}

#[tokio::test]
async fn of_two_people_accepting_one_suggestion_the_second_gets_409_naming_the_first() {
    for w in worlds().await {
        w.installment(&w.client, 35_000, "2026-03-10").await;
        w.import(ofx_sgml(
            "456789",
            &[(
                "R1",
                "20260310",
                "350.00",
                "PIX RECEBIDO 11.222.333/0001-81",
            )],
            None,
        ))
        .await;
        w.run().await;
        let s = w.matches("SUGERIDA").await[0].clone();
        let path = format!("{MATCHES}/{}/accept", id(&s));
        let (a, b) = tokio::join!(
            w.api.call("POST", &path, FA, None),
            w.api.call("POST", &path, FM, None)
        );
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{}: {} / {}",
            w.api.engine(),
            a.1,
            b.1
        );
        let (winner, loser) = if a.0 == StatusCode::OK {
            (a, b)
        } else {
            (b, a)
        };
        assert_eq!(
            loser.1["message"],
            format!(
                "Já conciliado por {}.",
                winner.1["confirmed_by_name"].as_str().unwrap()
            )
        );
        // One receipt, not two.
        let inst = winner.1["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["kind"] == "PARCELA")
            .unwrap()["ref_id"]
            .as_str()
            .unwrap()
            .to_string();
        let now = w.installment_now(&inst).await;
        assert_eq!(now["receipts"].as_array().unwrap().len(), 1);
        // And later, the same answer.
        let (status, body) = w.api.call("POST", &path, FA, None).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(body["message"]
            .as_str()
            .unwrap()
            .starts_with("Já conciliado por "));
    }
}

#[tokio::test]
async fn scenario_17_undo_with_a_reason_reverses_the_receipt_and_reopens_the_line() {
    for w in worlds().await {
        w.auto(true).await;
        let inst = w.installment(&w.client, 35_000, "2026-03-10").await;
        w.import(ofx_sgml(
            "456789",
            &[(
                "U1",
                "20260310",
                "350.00",
                "PIX RECEBIDO 11.222.333/0001-81",
            )],
            None,
        ))
        .await;
        w.run().await;
        let m = w.matches("CONFIRMADA").await[0].clone();
        let path = format!("{MATCHES}/{}/undo", id(&m));

        let (status, body) = w.api.call("POST", &path, FA, Some(json!({}))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["fields"][0]["field"], "reason");

        let (status, undone) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(json!({"reason": "Crédito era de outro cliente, conferido."})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {undone}", w.api.engine());
        assert_eq!(undone["status"], "DESFEITA");
        let now = w.installment_now(id(&inst)).await;
        assert_eq!(now["status"], "ABERTO", "{now}");
        assert!(!now["receipts"][0]["reversed_at"].is_null(), "{now}");
        assert_eq!(w.lines(Some("PENDENTE")).await.len(), 1);

        // Undone once: a second undo is 409.
        let (status, _) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(json!({"reason": "Crédito era de outro cliente, conferido."})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        // The line can be matched again.
        assert_eq!(w.run().await["confirmed"], 1);
    }
}

#[tokio::test]
async fn a_line_is_ignored_with_a_reason_and_its_suggestions_go() {
    for w in worlds().await {
        w.installment(&w.client, 10_000, "2026-03-06").await;
        w.import(ofx_sgml(
            "456789",
            &[("I1", "20260306", "100.00", "TRANSF ENTRE CONTAS")],
            None,
        ))
        .await;
        w.run().await;
        assert_eq!(w.matches("SUGERIDA").await.len(), 1);
        let line = w.lines(Some("PENDENTE")).await[0].clone();
        let path = format!("{LINES}/{}/ignore", id(&line));
        let (status, body) = w
            .api
            .call("POST", &path, FA, Some(json!({"reason": "curto"})))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["fields"][0]["field"], "reason");
        let (status, body) = w
            .api
            .call(
                "POST",
                &path,
                FA,
                Some(json!({"reason": "Transferência entre contas próprias."})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["status"], "IGNORADO");
        assert!(w.matches("SUGERIDA").await.is_empty());
        assert_eq!(w.lines(Some("IGNORADO")).await.len(), 1);
    }
}

#[tokio::test]
async fn the_demo_statement_is_reconciled_mostly_by_itself_once_and_nothing_more_the_second_time() {
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
        let line = said
            .iter()
            .find(|l| l.contains("extrato OFX de demonstração"))
            .unwrap_or_else(|| panic!("{said:?}"));
        let accounts = api.context.bank_accounts().list().await.unwrap();
        let itau = accounts
            .iter()
            .find(|a| line.contains(&format!("da conta {} (", a.fields.nickname)))
            .unwrap();
        let get = |status: &'static str| {
            let path = format!("{MATCHES}?account_id={}&status={status}", itau.id);
            let api = &api;
            async move {
                let (code, list) = api.call("GET", &path, FA, None).await;
                assert_eq!(code, StatusCode::OK, "{list}");
                list.as_array().unwrap().len()
            }
        };
        let confirmed = get("CONFIRMADA").await;
        let suggested = get("SUGERIDA").await;
        assert!(confirmed >= 5, "{line}: {confirmed} confirmed");
        assert!(suggested >= 1, "{line}: {suggested} suggested");
        let (_, pending) = api
            .call(
                "GET",
                &format!("{LINES}?account_id={}&status=PENDENTE", itau.id),
                FA,
                None,
            )
            .await;
        assert!(pending["total"].as_i64().unwrap() >= 2, "{pending}");

        let again = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            again
                .iter()
                .any(|l| l.contains("extrato de demonstração já existia")),
            "{again:?}"
        );
        assert_eq!(get("CONFIRMADA").await, confirmed);
    }
}
