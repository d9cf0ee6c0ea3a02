//! Remessas de cobrança and their retornos through the API, on SQLite and PostgreSQL (finance.md §9 scenarios
//! 3–7): the remessa written by `banking`, the retorno built with `banking`'s retorno writer as the bank would.

use banking::bank::Bank;
use banking::cnab::retorno::RetornoItem;
use banking::cnab::simulate::{simulate_retorno, SimulateOptions};
use banking::cnab::{self, RemessaHeader};
use chrono::{NaiveDate, TimeZone, Utc};
use crm::domain::ClientDraft;
use crm::Crm;
use finance::domain::BankAccountDraft;
use finance::Finance;
use platform::testing::{principal, TestApi};
use platform::values::Address;
use platform::Principal;
use poem::http::StatusCode;
use serde_json::{json, Value};

const AGREEMENTS: &str = "/api/v1/finance/collection-agreements";
const BOLETOS: &str = "/api/v1/finance/boletos";
const RECEIVABLES: &str = "/api/v1/finance/receivables";
const REMITTANCES: &str = "/api/v1/finance/remittances";
const RETURNS: &str = "/api/v1/finance/bank-returns";
const PENDENCIES: &str = "/api/v1/finance/pendencies";
const FA: Option<&str> = Some("FINANCIAL_ASSISTANT");
const FM: Option<&str> = Some("FINANCIAL_MANAGER");

struct World {
    api: TestApi<Finance>,
    /// A client with a full address.
    client: String,
    /// A client without an address (no CEP).
    #[allow(dead_code)]
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
                BankAccountDraft::opened(
                    "Itaú Operacional",
                    "341",
                    "0912",
                    "45678",
                    "7",
                    d(2026, 1, 1),
                ),
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
            "beneficiary_code": "45678", "carteira": "109", "layout": "CNAB240", "next_file_sequence": 58,
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

    /// `n` EMITIDO boletos of one título, under a CNAB 240 Itaú convênio whose next file sequence is 58.
    async fn boletos(&self, n: i64) -> (Value, Vec<Value>) {
        let agreement = self.agreement(1000, 99_999).await;
        let ids = self.installments(&self.client, n).await;
        let (status, issued) = self.issue(&ids, &agreement).await;
        assert_eq!(status, StatusCode::CREATED, "{issued}");
        (agreement, issued["items"].as_array().unwrap().clone())
    }

    async fn draft(&self, agreement: &Value, boleto_ids: Option<Vec<&str>>) -> (StatusCode, Value) {
        let mut body = json!({"agreement_id": id(agreement)});
        if let Some(ids) = boleto_ids {
            body["boleto_ids"] = json!(ids);
        }
        self.api.call("POST", REMITTANCES, FM, Some(body)).await
    }

    async fn post(&self, path: &str) -> (StatusCode, Value) {
        self.api.call("POST", path, FM, None).await
    }

    async fn file(&self, remittance: &str) -> (StatusCode, Vec<u8>, String) {
        let resp = self
            .api
            .client
            .get(format!("{REMITTANCES}/{remittance}/file"))
            .header("Authorization", "Bearer FINANCIAL_MANAGER")
            .send()
            .await;
        let status = resp.0.status();
        let disposition = resp
            .0
            .headers()
            .get("Content-Disposition")
            .map(|h| h.to_str().unwrap().to_string())
            .unwrap_or_default();
        (
            status,
            resp.0.into_body().into_vec().await.unwrap(),
            disposition,
        )
    }

    /// Uploads a retorno; returns the status and body.
    async fn upload(&self, bytes: Vec<u8>, name: &str) -> (StatusCode, Value) {
        let resp = self
            .api
            .client
            .post(format!(
                "{RETURNS}?account_id={}&file_name={name}",
                self.bank
            ))
            .header("Authorization", "Bearer FINANCIAL_MANAGER")
            .content_type("application/octet-stream")
            .body(bytes)
            .send()
            .await;
        let status = resp.0.status();
        let text = resp.0.into_body().into_string().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Uploads and runs the job; returns the retorno as read after.
    async fn import(&self, bytes: Vec<u8>, name: &str) -> Value {
        let (status, r) = self.upload(bytes, name).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{}: {r}", self.api.engine());
        assert_eq!(r["status"], "IMPORTADO");
        self.api.platform.jobs.run_until_idle().await.unwrap();
        let (status, r) = self
            .api
            .call("GET", &format!("{RETURNS}/{}", id(&r)), FM, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        r
    }

    async fn installment(&self, id: &str) -> Value {
        let (_, i) = self
            .api
            .call("GET", &format!("{RECEIVABLES}/installments/{id}"), FA, None)
            .await;
        i
    }

    async fn boleto(&self, id: &str) -> Value {
        let (_, b) = self
            .api
            .call("GET", &format!("{BOLETOS}/{id}"), FA, None)
            .await;
        b
    }
}

fn company() -> cnab::Company {
    cnab::Company {
        name: "Rede Sorriso Clínicas Ltda".into(),
        document: "11444777000161".into(),
        agency: "0912".into(),
        agency_dv: String::new(),
        account: "45678".into(),
        account_dv: "7".into(),
        agreement: "45678".into(),
        wallet: "109".into(),
        variation: String::new(),
        post: String::new(),
    }
}

/// One occurrence of `boleto` as Itaú's retorno carries it.
fn occurrence(boleto: &Value, code: &str, paid: i64, day: u32) -> RetornoItem {
    let nosso = cnab::nosso_numero_for_cnab(
        Bank::Itau,
        &company(),
        &boleto["nosso_numero"].as_i64().unwrap().to_string(),
    )
    .unwrap();
    let settled = code == "06";
    RetornoItem {
        occurrence_code: code.into(),
        occurrence: "".into(),
        reasons: if code == "03" {
            vec!["A1".into()]
        } else {
            vec![]
        },
        settled,
        nosso_numero: nosso,
        seu_numero: "CR".into(),
        due_date: Some(d(2026, 4, 10)),
        amount: boleto["amount_cents"].as_i64().unwrap(),
        paid_amount: paid,
        net_amount: paid,
        occurrence_date: Some(d(2026, 4, day)),
        credit_date: Some(d(2026, 4, day + 1)),
        payer_name: "CLINICA SORRISO".into(),
        payer_document: "11222333000181".into(),
        ..RetornoItem::default()
    }
}

fn retorno(items: &[RetornoItem], sequence: u32) -> Vec<u8> {
    let h = RemessaHeader {
        bank: Bank::Itau,
        company: company(),
        sequence,
        generated_at: d(2026, 4, 20).and_hms_opt(8, 0, 0).unwrap(),
    };
    let mut out = Vec::new();
    cnab::c240::write_retorno(&h, items, &mut out).unwrap();
    out
}

/// Generates a remessa of every pending boleto of the convênio, marks it sent; its detail.
async fn sent_remessa(w: &World, agreement: &Value) -> Value {
    let (status, draft) = w.draft(agreement, None).await;
    assert_eq!(status, StatusCode::CREATED, "{draft}");
    let rid = draft["remittance"]["id"].as_str().unwrap().to_string();
    let (status, g) = w.post(&format!("{REMITTANCES}/{rid}/generate")).await;
    assert_eq!(status, StatusCode::OK, "{}: {g}", w.api.engine());
    let (status, s) = w.post(&format!("{REMITTANCES}/{rid}/mark-sent")).await;
    assert_eq!(status, StatusCode::OK, "{s}");
    s
}

#[tokio::test]
async fn scenario_3_thirty_seven_emitido_boletos_go_in_remessa_58_with_records_of_the_layout_length(
) {
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(37).await;
        let (status, pending) = w
            .api
            .call(
                "GET",
                &format!("{REMITTANCES}/pending?agreement_id={}", id(&agreement)),
                FM,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{pending}");
        assert_eq!(pending["count"], 37);
        assert_eq!(pending["total_cents"], 37 * 30_000);
        let (status, draft) = w.draft(&agreement, None).await;
        assert_eq!(status, StatusCode::CREATED, "{draft}");
        assert_eq!(draft["remittance"]["status"], "RASCUNHO");
        assert_eq!(draft["items"].as_array().unwrap().len(), 37);
        let rid = draft["remittance"]["id"].as_str().unwrap().to_string();
        let (status, g) = w.post(&format!("{REMITTANCES}/{rid}/generate")).await;
        assert_eq!(status, StatusCode::OK, "{}: {g}", w.api.engine());
        assert_eq!(g["remittance"]["status"], "GERADA");
        assert_eq!(g["remittance"]["sequence"], 58);
        assert_eq!(g["remittance"]["item_count"], 37);
        let (status, bytes, disposition) = w.file(&rid).await;
        assert_eq!(status, StatusCode::OK);
        let name = g["remittance"]["file_name"].as_str().unwrap();
        assert!(disposition.contains(name), "{disposition}");
        assert!(bytes.ends_with(b"\r\n"));
        let lines: Vec<&[u8]> = bytes[..bytes.len() - 1].split(|b| *b == b'\n').collect();
        // Header, lot header, 37 × (P, Q, R), lot trailer, file trailer.
        assert_eq!(lines.len(), 2 + 37 * 3 + 2);
        for line in lines {
            assert!(line.ends_with(b"\r"), "CRLF");
            assert_eq!(line.len(), 241, "240 + CR");
        }
        let b = w.boleto(boletos[0]["id"].as_str().unwrap()).await;
        assert_eq!(b["status"], "EM_REMESSA");
        let (_, a) = w
            .api
            .call("GET", &format!("{AGREEMENTS}/{}", id(&agreement)), FA, None)
            .await;
        assert_eq!(a["next_file_sequence"], 59);
        // Nothing left: a second "Gerar" finds no items.
        let (status, again) = w.draft(&agreement, None).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{again}");
        // Generated twice is refused; reopen keeps the sequence.
        let (status, _) = w.post(&format!("{REMITTANCES}/{rid}/generate")).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, r) = w.post(&format!("{REMITTANCES}/{rid}/reopen")).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        assert_eq!(r["remittance"]["status"], "RASCUNHO");
        let (status, g) = w.post(&format!("{REMITTANCES}/{rid}/generate")).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        assert_eq!(g["remittance"]["sequence"], 58);
        let (_, a) = w
            .api
            .call("GET", &format!("{AGREEMENTS}/{}", id(&agreement)), FA, None)
            .await;
        assert_eq!(a["next_file_sequence"], 59);
        let (status, s) = w.post(&format!("{REMITTANCES}/{rid}/mark-sent")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(s["remittance"]["status"], "ENVIADA");
        let (status, _) = w.post(&format!("{REMITTANCES}/{rid}/reopen")).await;
        assert_eq!(status, StatusCode::CONFLICT, "a sent remessa never reopens");
        let (status, list) = w.api.call("GET", REMITTANCES, FM, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list["total"], 1);
    }
}

/// An abatimento instruction goes to the bank as an abatimento (movement 04, its amount in segment P's
/// abatimento field), not as a discount the payer only gets by paying early.
#[tokio::test]
async fn an_abatimento_instruction_is_sent_as_movement_04_with_its_amount_in_the_abatimento_field()
{
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(1).await;
        sent_remessa(&w, &agreement).await;
        let entry = vec![occurrence(&boletos[0], "02", 0, 12)];
        let r = w.import(retorno(&entry, 1), "RET0001.RET").await;
        assert_eq!(r["status"], "PROCESSADO", "{r}");
        let boleto = boletos[0]["id"].as_str().unwrap();
        let (status, i) = w
            .api
            .call(
                "POST",
                &format!("{BOLETOS}/{boleto}/instructions"),
                FA,
                Some(json!({"kind": "ABATIMENTO", "amount_cents": 2_500})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {i}", w.api.engine());
        assert_eq!(i["instruction_requests"][0]["kind"], "ABATIMENTO", "{i}");
        let (status, draft) = w.draft(&agreement, None).await;
        assert_eq!(status, StatusCode::CREATED, "{draft}");
        assert_eq!(draft["items"][0]["instruction"], "ABATIMENTO", "{draft}");
        let rid = draft["remittance"]["id"].as_str().unwrap().to_string();
        let (status, g) = w.post(&format!("{REMITTANCES}/{rid}/generate")).await;
        assert_eq!(status, StatusCode::OK, "{}: {g}", w.api.engine());
        let (_, bytes, _) = w.file(&rid).await;
        let p = bytes
            .split(|c| *c == b'\n')
            .find(|l| l.get(13) == Some(&b'P'))
            .expect("segment P");
        let field = |from: usize, to: usize| String::from_utf8_lossy(&p[from - 1..to]).to_string();
        assert_eq!(
            field(16, 17),
            "04",
            "código de movimento: concessão de abatimento"
        );
        assert_eq!(field(181, 195), "000000000002500", "valor do abatimento");
        assert_eq!(field(151, 165), "000000000000000", "no discount");
    }
}

#[tokio::test]
async fn concurrent_generations_on_one_remessa_give_one_409() {
    for w in worlds().await {
        let (agreement, _) = w.boletos(20).await;
        let (_, draft) = w.draft(&agreement, None).await;
        let rid = draft["remittance"]["id"].as_str().unwrap().to_string();
        let path = format!("{REMITTANCES}/{rid}/generate");
        let (a, b) = tokio::join!(w.post(&path), w.post(&path));
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{} {}",
            a.1,
            b.1
        );
    }
}

#[tokio::test]
async fn scenario_4_retorno_confirms_35_rejects_2_and_settles_10() {
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(37).await;
        let sent = sent_remessa(&w, &agreement).await;
        let rid = sent["remittance"]["id"].as_str().unwrap().to_string();
        let mut items: Vec<RetornoItem> = boletos[..35]
            .iter()
            .map(|b| occurrence(b, "02", 0, 12))
            .collect();
        items.extend(boletos[35..].iter().map(|b| occurrence(b, "03", 0, 12)));
        items.extend(
            boletos[..10]
                .iter()
                .map(|b| occurrence(b, "06", 30_000, 15)),
        );
        let r = w.import(retorno(&items, 1), "RET0001.RET").await;
        assert_eq!(r["status"], "PROCESSADO", "{}: {r}", w.api.engine());
        assert_eq!(r["total"], 47);
        assert_eq!(r["applied"], 47, "{r}");
        let (_, detail) = w
            .api
            .call("GET", &format!("{REMITTANCES}/{rid}"), FM, None)
            .await;
        assert_eq!(detail["remittance"]["status"], "PROCESSADA", "{detail}");
        assert_eq!(detail["remittance"]["rejected_count"], 2);
        // Each item shows its boleto's latest occurrence: the liquidação after the confirmation of the same file.
        let item = |boleto: &Value| {
            detail["items"]
                .as_array()
                .unwrap()
                .iter()
                .find(|i| i["boleto_id"] == boleto["id"])
                .cloned()
                .unwrap()
        };
        let results = [
            (0, "LIQUIDADO", "06"),
            (20, "CONFIRMADO", "02"),
            (36, "REJEITADO", "03"),
        ];
        for (n, result, code) in results {
            let i = item(&boletos[n]);
            assert_eq!(i["result"], result, "{}: boleto {n}: {i}", w.api.engine());
            assert_eq!(i["result_code"], code, "{i}");
        }
        let paid = w.boleto(boletos[0]["id"].as_str().unwrap()).await;
        assert_eq!(paid["status"], "LIQUIDADO");
        let inst = w
            .installment(boletos[0]["installment_id"].as_str().unwrap())
            .await;
        assert_eq!(inst["status"], "PAGO", "{inst}");
        let registered = w.boleto(boletos[20]["id"].as_str().unwrap()).await;
        assert_eq!(registered["status"], "REGISTRADO");
        let inst = w
            .installment(boletos[20]["installment_id"].as_str().unwrap())
            .await;
        assert_eq!(inst["status"], "REGISTRADO");
        let rejected = w.boleto(boletos[36]["id"].as_str().unwrap()).await;
        assert_eq!(rejected["status"], "REJEITADO");
        let inst = w
            .installment(boletos[36]["installment_id"].as_str().unwrap())
            .await;
        assert_eq!(inst["status"], "ABERTO");
        let (_, occ) = w
            .api
            .call(
                "GET",
                &format!("{RETURNS}/{}/occurrences", id(&r)),
                FM,
                None,
            )
            .await;
        assert_eq!(occ["total"], 47);
        // The occurrences are their boletos' timeline lines, at the retorno's time and by who imported it.
        let kinds = |b: &Value| -> Vec<String> {
            b["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["kind"].as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(
            kinds(&paid),
            ["EMITIDO", "EM_REMESSA", "ENTRADA_CONFIRMADA", "LIQUIDADO"],
            "{}: {paid}",
            w.api.engine()
        );
        let settled = &paid["events"][3];
        assert_eq!(settled["bank_code"], "06", "{settled}");
        assert_eq!(settled["amount_cents"], 30_000, "{settled}");
        assert!(
            settled["description"]
                .as_str()
                .unwrap()
                .contains("RET0001.RET"),
            "{settled}"
        );
        assert_eq!(settled["by_name"], paid["events"][1]["by_name"], "{paid}");
        assert_eq!(
            kinds(&rejected),
            ["EMITIDO", "EM_REMESSA", "REJEITADO"],
            "{rejected}"
        );
        assert_eq!(rejected["events"][2]["bank_code"], "03");
        // The items page through their own list; the detail carries the first ones and the count.
        assert_eq!(detail["item_total"], 37, "{detail}");
        let (status, page) = w
            .api
            .call(
                "GET",
                &format!("{REMITTANCES}/{rid}/items?page=2&page_size=10"),
                FM,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["total"], 37);
        assert_eq!(page["has_more"], true);
        let positions: Vec<i64> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["position"].as_i64().unwrap())
            .collect();
        assert_eq!(positions, (11..=20).collect::<Vec<i64>>());
        let (status, _) = w
            .api
            .call(
                "GET",
                &format!("{REMITTANCES}/00000000-0000-0000-0000-000000000000/items"),
                FM,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

/// Issue 10: a retorno is applied in chunks, each in its own transaction with the job's progress. A job stopped
/// mid-way (here after two chunks of 10, as a crash would leave it) goes on from there when retried, and ends as a
/// single run does: every occurrence once, each installment settled once, the remessa closed from every item.
#[tokio::test]
async fn a_retorno_stopped_after_two_chunks_resumes_and_applies_each_occurrence_once() {
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(37).await;
        let sent = sent_remessa(&w, &agreement).await;
        let rid = sent["remittance"]["id"].as_str().unwrap().to_string();
        // The confirmations of the first 10 fall in the first chunk, their liquidações in the fourth and fifth.
        let mut items: Vec<RetornoItem> = boletos[..35]
            .iter()
            .map(|b| occurrence(b, "02", 0, 12))
            .collect();
        items.extend(boletos[35..].iter().map(|b| occurrence(b, "03", 0, 12)));
        items.extend(
            boletos[..10]
                .iter()
                .map(|b| occurrence(b, "06", 30_000, 15)),
        );
        let returns = w.api.context.bank_returns();
        returns.set_chunking(10, Some(2));
        let (status, r) = w.upload(retorno(&items, 1), "RET0001.RET").await;
        assert_eq!(status, StatusCode::ACCEPTED, "{r}");
        w.api.platform.jobs.run_until_idle().await.unwrap();
        let path = format!("{RETURNS}/{}", id(&r));
        let (_, mid) = w.api.call("GET", &path, FM, None).await;
        assert_eq!(mid["status"], "IMPORTADO", "{}: {mid}", w.api.engine());
        assert_eq!(
            (mid["done"].as_i64(), mid["total"].as_i64()),
            (Some(20), Some(47)),
            "{mid}"
        );
        let (_, occ) = w
            .api
            .call("GET", &format!("{path}/occurrences"), FM, None)
            .await;
        assert_eq!(occ["total"], 20, "{occ}");

        returns.set_chunking(10, None);
        w.api.clock.advance(chrono::Duration::minutes(5));
        w.api.platform.jobs.run_until_idle().await.unwrap();
        let (_, done) = w.api.call("GET", &path, FM, None).await;
        assert_eq!(done["status"], "PROCESSADO", "{}: {done}", w.api.engine());
        assert_eq!(
            (
                &done["total"],
                &done["done"],
                &done["applied"],
                &done["duplicated"]
            ),
            (&json!(47), &json!(47), &json!(47), &json!(0)),
            "{done}"
        );
        let (lines, distinct, receipts): (i64, i64, i64) = platform::on_db!(&w.api.db, pool => {
            let (lines, distinct): (i64, i64) = sqlx::query_as(
                "SELECT COUNT(*), COUNT(DISTINCT line) FROM finance_bank_return_occurrences WHERE return_id = $1",
            )
            .bind(id(&r))
            .fetch_one(pool)
            .await
            .unwrap();
            let receipts: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM finance_receipts WHERE source = 'RETORNO'",
            )
            .fetch_one(pool)
            .await
            .unwrap();
            (lines, distinct, receipts)
        });
        assert_eq!((lines, distinct, receipts), (47, 47, 10));
        let (_, detail) = w
            .api
            .call("GET", &format!("{REMITTANCES}/{rid}"), FM, None)
            .await;
        assert_eq!(detail["remittance"]["status"], "PROCESSADA", "{detail}");
        assert_eq!(detail["remittance"]["rejected_count"], 2);
        for n in [0, 9] {
            let inst = w
                .installment(boletos[n]["installment_id"].as_str().unwrap())
                .await;
            assert_eq!(inst["status"], "PAGO", "{inst}");
            assert_eq!(inst["received_cents"], 30_000, "{inst}");
        }
        let paid = w.boleto(boletos[0]["id"].as_str().unwrap()).await;
        assert_eq!(paid["status"], "LIQUIDADO", "{paid}");
    }
}

#[tokio::test]
async fn a_remessa_answered_over_two_retornos_closes_with_the_second_counting_the_first_ones_rejections(
) {
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(4).await;
        let sent = sent_remessa(&w, &agreement).await;
        let rid = sent["remittance"]["id"].as_str().unwrap().to_string();
        // The first file confirms one entrada and rejects another: two items still wait.
        let first = vec![
            occurrence(&boletos[0], "02", 0, 12),
            occurrence(&boletos[1], "03", 0, 12),
        ];
        w.import(retorno(&first, 1), "RET0001.RET").await;
        let path = format!("{REMITTANCES}/{rid}");
        let (_, d) = w.api.call("GET", &path, FM, None).await;
        assert_eq!(
            d["remittance"]["status"],
            "ENVIADA",
            "{}: {d}",
            w.api.engine()
        );
        // The second answers the other two (and only those): the remessa closes counting the first's rejection.
        let second = vec![
            occurrence(&boletos[2], "02", 0, 13),
            occurrence(&boletos[3], "03", 0, 13),
        ];
        w.import(retorno(&second, 2), "RET0002.RET").await;
        let (_, d) = w.api.call("GET", &path, FM, None).await;
        let r = &d["remittance"];
        assert_eq!(r["status"], "PROCESSADA", "{}: {r}", w.api.engine());
        assert_eq!(r["rejected_count"], 2, "{r}");
    }
}

#[tokio::test]
async fn the_simulated_retorno_of_the_generated_remessa_confirms_all_settles_two_and_leaves_the_unknown_payment(
) {
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(4).await;
        let sent = sent_remessa(&w, &agreement).await;
        let rid = sent["remittance"]["id"].as_str().unwrap().to_string();
        let (status, remessa, _) = w.file(&rid).await;
        assert_eq!(status, StatusCode::OK);
        let options = SimulateOptions {
            settle_first: 2,
            unknown_payment: Some(12_345),
            date: Some(d(2026, 3, 12)),
        };
        let bytes = simulate_retorno(&remessa, &options).unwrap();
        let r = w.import(bytes.clone(), "SIMULADO.RET").await;
        assert_eq!(
            r["status"],
            "PROCESSADO_COM_PENDENCIAS",
            "{}: {r}",
            w.api.engine()
        );
        assert_eq!(r["total"], 7, "{r}");
        assert_eq!(r["applied"], 6, "four 02 and two 06: {r}");
        assert_eq!(r["not_found"], 1, "{r}");
        // The first two titles of the file are the ones paid.
        let (_, titles) = cnab::retorno::read_remessa_titles(&remessa).unwrap();
        let cnab_nosso = |b: &Value| {
            let n = b["nosso_numero"].as_i64().unwrap().to_string();
            cnab::nosso_numero_for_cnab(Bank::Itau, &company(), &n).unwrap()
        };
        for (i, t) in titles.iter().enumerate() {
            let b = boletos
                .iter()
                .find(|b| cnab_nosso(b) == t.nosso_numero)
                .unwrap();
            let (boleto, installment) = if i < 2 {
                ("LIQUIDADO", "PAGO")
            } else {
                ("REGISTRADO", "REGISTRADO")
            };
            assert_eq!(w.boleto(id(b)).await["status"], boleto, "title {i}");
            let inst = w.installment(b["installment_id"].as_str().unwrap()).await;
            assert_eq!(inst["status"], installment, "title {i}: {inst}");
        }
        let (_, detail) = w
            .api
            .call("GET", &format!("{REMITTANCES}/{rid}"), FM, None)
            .await;
        assert_eq!(detail["remittance"]["status"], "PROCESSADA", "{detail}");
        let (_, p) = w
            .api
            .call("GET", &format!("{PENDENCIES}?status=ABERTA"), FM, None)
            .await;
        assert_eq!(p["total"], 1, "{p}");
        assert_eq!(p["items"][0]["kind"], "NAO_LOCALIZADA");
        assert_eq!(p["items"][0]["amount_cents"], 12_345);
        // The same simulation again is the same file: refused like any repeated retorno.
        let (status, again) = w.upload(bytes, "SIMULADO-2.RET").await;
        assert_eq!(status, StatusCode::CONFLICT, "{again}");
    }
}

#[tokio::test]
async fn scenario_5_the_same_file_again_is_409_and_a_repeated_liquidacao_is_ignored() {
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(3).await;
        sent_remessa(&w, &agreement).await;
        let first = retorno(
            &[
                occurrence(&boletos[0], "02", 0, 12),
                occurrence(&boletos[0], "06", 30_000, 15),
            ],
            1,
        );
        let r = w.import(first.clone(), "A.RET").await;
        assert_eq!(r["applied"], 2, "{r}");
        let (status, again) = w.upload(first, "A-copia.RET").await;
        assert_eq!(status, StatusCode::CONFLICT, "{again}");
        let message = again["message"].as_str().unwrap();
        assert!(
            message.starts_with("Este arquivo já foi importado em ") && message.contains(" por "),
            "{message}"
        );
        let second = retorno(&[occurrence(&boletos[0], "06", 30_000, 15)], 2);
        let r = w.import(second, "B.RET").await;
        assert_eq!(r["duplicated"], 1, "{r}");
        assert_eq!(r["applied"], 0);
        let inst = w
            .installment(boletos[0]["installment_id"].as_str().unwrap())
            .await;
        assert_eq!(inst["received_cents"], 30_000, "one baixa: {inst}");
    }
}

#[tokio::test]
async fn scenario_6_paid_after_cancellation_is_recorded_as_a_pendencia_and_the_installment_stays() {
    for w in worlds().await {
        let (agreement, boletos) = w.boletos(2).await;
        sent_remessa(&w, &agreement).await;
        let r = w
            .import(retorno(&[occurrence(&boletos[0], "02", 0, 12)], 1), "C.RET")
            .await;
        assert_eq!(r["applied"], 1);
        let inst_id = boletos[0]["installment_id"].as_str().unwrap();
        let inst = w.installment(inst_id).await;
        let (status, c) = w
            .api
            .call(
                "POST",
                &format!("{RECEIVABLES}/installments/{inst_id}/cancel"),
                FM,
                Some(
                    json!({"version": inst["version"], "reason": "Cliente desistiu do tratamento"}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{c}");
        let r = w
            .import(
                retorno(&[occurrence(&boletos[0], "06", 30_000, 16)], 2),
                "D.RET",
            )
            .await;
        assert_eq!(r["status"], "PROCESSADO_COM_PENDENCIAS", "{r}");
        let inst = w.installment(inst_id).await;
        assert_eq!(inst["status"], "CANCELADO");
        // Whoever sends remessas is told: in the app and, where FCM is configured, by push (the system
        // context's consumer of `system.notify` does both; tested in crates/system/tests/integration/notifications.rs).
        let notices: Vec<String> = platform::on_db!(&w.api.db, pool => sqlx::query_scalar(
            "SELECT payload FROM platform_events WHERE kind = 'system.notify'",
        )
        .fetch_all(pool)
        .await)
        .unwrap();
        let notice = notices
            .iter()
            .map(|p| serde_json::from_str::<Value>(p).unwrap())
            .find(|n| n["title"] == "Retorno D.RET com pendências")
            .expect("a notice of the retorno with pendências");
        assert_eq!(notice["holders_of"], "remessa_cobranca", "{notice}");
        assert_eq!(notice["url"], "/remessas?aba=pendencias");
        assert!(
            notices.iter().all(|p| !p.contains("C.RET")),
            "a retorno without pendências tells nobody"
        );
        let (_, p) = w
            .api
            .call("GET", &format!("{PENDENCIES}?status=ABERTA"), FM, None)
            .await;
        assert_eq!(p["total"], 1, "{p}");
        assert_eq!(p["items"][0]["label"], "Pagamento após cancelamento");
        assert_eq!(p["items"][0]["amount_cents"], 30_000);
        let pid = p["items"][0]["id"].as_str().unwrap();
        let (status, resolved) = w
            .api
            .call(
                "POST",
                &format!("{PENDENCIES}/{pid}/resolve"),
                FM,
                Some(json!({"action": "REEMBOLSO", "reason": "Devolver ao cliente por PIX"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{resolved}");
        assert_eq!(resolved["status"], "RESOLVIDA");
    }
}

#[tokio::test]
async fn the_remessas_list_exports_the_whole_filter() {
    for w in worlds().await {
        let (agreement, _) = w.boletos(2).await;
        let sent = sent_remessa(&w, &agreement).await;
        let number = sent["remittance"]["number"].as_str().unwrap().to_string();
        let (status, csv) = w
            .api
            .call(
                "GET",
                &format!("{REMITTANCES}/export?format=csv&status=ENVIADA"),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let csv = csv.as_str().unwrap();
        // A BOM first, so that Excel reads the accents.
        assert!(csv.starts_with("\u{feff}Remessa;Sequencial;Tipo"), "{csv}");
        assert_eq!(csv.lines().count(), 2, "{csv}");
        assert!(csv.contains(&number) && csv.contains("ENVIADA"), "{csv}");
        let (_, none) = w
            .api
            .call(
                "GET",
                &format!("{REMITTANCES}/export?format=csv&status=CANCELADA"),
                FA,
                None,
            )
            .await;
        assert_eq!(none.as_str().unwrap().lines().count(), 1, "{none}");
    }
}

#[tokio::test]
async fn a_retorno_of_another_bank_than_the_account_is_422_and_nothing_is_stored() {
    for w in worlds().await {
        let bb = w
            .api
            .context
            .bank_accounts()
            .create(
                BankAccountDraft::opened(
                    "BB Movimento",
                    "001",
                    "4321",
                    "87654",
                    "3",
                    d(2026, 1, 1),
                ),
                &by(),
            )
            .await
            .unwrap();
        let resp = w
            .api
            .client
            .post(format!("{RETURNS}?account_id={}&file_name=ITAU.RET", bb.id))
            .header("Authorization", "Bearer FINANCIAL_MANAGER")
            .content_type("application/octet-stream")
            .body(retorno(&[], 1))
            .send()
            .await;
        assert_eq!(resp.0.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let e: Value =
            serde_json::from_str(&resp.0.into_body().into_string().await.unwrap()).unwrap();
        assert_eq!(e["fields"][0]["field"], "file", "{e}");
        assert_eq!(
            e["fields"][0]["message"],
            "Este retorno é do banco 341; a conta BB Movimento é do banco 001. Escolha a conta do banco do arquivo."
        );
        let (_, list) = w.api.call("GET", RETURNS, FM, None).await;
        assert_eq!(list["total"], 0);
    }
}

#[tokio::test]
async fn scenario_7_a_payments_retorno_imported_as_cobranca_is_422_and_nothing_applies() {
    for w in worlds().await {
        let path = "../../../shared/fixtures";
        let mut found = None;
        if let Ok(entries) = std::fs::read_dir(path) {
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    continue;
                }
                let Ok(bytes) = std::fs::read(&p) else {
                    continue;
                };
                let first = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
                let second = bytes.split(|b| *b == b'\n').nth(1);
                if let Ok(info) = cnab::retorno::sniff(first, second, 1) {
                    if info.kind == cnab::FileKind::Pagamentos && info.direction == "retorno" {
                        found = Some(bytes);
                        break;
                    }
                }
            }
        }
        // A payments retorno written by hand when the fixtures have none: the lot header's service 20.
        let bytes = found.unwrap_or_else(|| {
            let mut h = retorno(&[], 1);
            let text = String::from_utf8_lossy(&h).to_string();
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            let l = &mut lines[1];
            l.replace_range(9..11, "20");
            h = (lines.join("\r\n") + "\r\n").into_bytes();
            h
        });
        // As a form, the way the page sends it.
        let resp = w
            .api
            .client
            .post(format!("{RETURNS}/upload"))
            .header("Authorization", "Bearer FINANCIAL_MANAGER")
            .multipart(
                poem::test::TestForm::new()
                    .text("account_id", w.bank.clone())
                    .field(
                        poem::test::TestFormField::bytes(bytes.clone())
                            .name("file")
                            .filename("PAG.RET"),
                    ),
            )
            .send()
            .await;
        assert_eq!(resp.0.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let (status, e) = w.upload(bytes, "PAG.RET").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(
            e["fields"][0]["message"],
            "Este é um retorno de pagamentos; importe-o em Remessas de pagamento."
        );
        let (_, list) = w.api.call("GET", RETURNS, FM, None).await;
        assert_eq!(list["total"], 0);
    }
}

#[tokio::test]
async fn a_role_without_remessa_cobranca_is_403_and_unknown_ids_are_404() {
    for w in worlds().await {
        for path in [
            REMITTANCES.to_string(),
            RETURNS.to_string(),
            PENDENCIES.to_string(),
        ] {
            for role in ["SALESPERSON", "STOCK_KEEPER", "PURCHASING_ASSISTANT"] {
                let (status, _) = w.api.call("GET", &path, Some(role), None).await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{role} {path}");
            }
            let (status, body) = w.api.call("GET", &path, FA, None).await;
            assert_eq!(status, StatusCode::OK, "{path} {body}");
        }
        for path in [
            format!("{REMITTANCES}/nope"),
            format!("{RETURNS}/nope"),
            format!("{RETURNS}/nope/occurrences"),
        ] {
            let (status, _) = w.api.call("GET", &path, FM, None).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        }
        let (status, _) = w.post(&format!("{REMITTANCES}/nope/generate")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = w
            .api
            .call(
                "POST",
                &format!("{PENDENCIES}/nope/resolve"),
                FM,
                Some(json!({"action": "DESCARTAR", "reason": "Lançamento de teste"})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

fn id(value: &Value) -> &str {
    value["id"].as_str().unwrap()
}

#[tokio::test]
async fn concurrent_retorno_of_10000_occurrences_imported_twice_settles_each_installment_once() {
    for w in worlds().await {
        let agreement = w.agreement(1000, 99_999_999).await;
        let first = w.installments(&w.client, 1).await;
        let inst = w.installment(&first[0]).await;
        let receivable = inst["receivable_id"].as_str().unwrap().to_string();
        let now = Utc::now();
        let mut ids: Vec<String> = (1..10_000)
            .map(|_| uuid::Uuid::now_v7().to_string())
            .collect();
        for (c, chunk) in ids.chunks(1000).enumerate() {
            platform::on_db!(&w.api.db, pool => {
                let mut qb = sqlx::QueryBuilder::new(
                    "INSERT INTO finance_receivable_installments (id, receivable_id, seq, count, due_date, \
                     original_due_date, value_cents, received_cents, status, payment_method, version, created_at, \
                     created_by, updated_at, updated_by) ",
                );
                qb.push_values(chunk.iter().enumerate(), |mut b, (k, id)| {
                    b.push_bind(id)
                        .push_bind(&receivable)
                        .push_bind((c * 1000 + k + 2) as i64)
                        .push_bind(10_000i64)
                        .push_bind(d(2026, 4, 10))
                        .push_bind(d(2026, 4, 10))
                        .push_bind(30_000i64)
                        .push_bind(0i64)
                        .push_bind("ABERTO")
                        .push_bind("BOLETO")
                        .push_bind(1i64)
                        .push_bind(now)
                        .push_bind("uid-setup")
                        .push_bind(now)
                        .push_bind("uid-setup");
                });
                qb.build().execute(pool).await.unwrap();
            });
        }
        ids.push(first[0].clone());
        let issued = w
            .api
            .context
            .boletos()
            .issue(&ids, agreement["id"].as_str(), &by())
            .await
            .unwrap();
        assert_eq!(issued.len(), 10_000);
        let started = std::time::Instant::now();
        sent_remessa(&w, &agreement).await;
        eprintln!(
            "{}: remessa of 10 000 generated in {:?}",
            w.api.engine(),
            started.elapsed()
        );
        let items: Vec<RetornoItem> = issued
            .iter()
            .map(|b| {
                occurrence(
                    &json!({"nosso_numero": b.nosso_numero, "amount_cents": b.amount_cents}),
                    "06",
                    30_000,
                    15,
                )
            })
            .collect();
        let a = retorno(&items, 7);
        let b = retorno(&items, 8);
        let (x, y, z) = tokio::join!(
            w.upload(a.clone(), "A.RET"),
            w.upload(a, "A.RET"),
            w.upload(b, "B.RET")
        );
        let mut statuses = [x.0, y.0, z.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [
                StatusCode::ACCEPTED,
                StatusCode::ACCEPTED,
                StatusCode::CONFLICT
            ],
            "{} {} {}",
            x.1,
            y.1,
            z.1
        );
        let started = std::time::Instant::now();
        w.api.platform.jobs.run_until_idle().await.unwrap();
        eprintln!(
            "{}: two retornos of 10 000 applied in {:?}",
            w.api.engine(),
            started.elapsed()
        );
        let (_, list) = w.api.call("GET", RETURNS, FM, None).await;
        let applied: i64 = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["applied"].as_i64().unwrap())
            .sum();
        let duplicated: i64 = list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["duplicated"].as_i64().unwrap())
            .sum();
        assert_eq!((applied, duplicated), (10_000, 10_000), "{list}");
        let (paid, receipts): (i64, i64) = platform::on_db!(&w.api.db, pool => {
            let paid: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM finance_receivable_installments WHERE receivable_id = $1 \
                 AND status = 'PAGO' AND received_cents = value_cents",
            )
            .bind(&receivable)
            .fetch_one(pool)
            .await
            .unwrap();
            let receipts: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM finance_receipts WHERE source = 'RETORNO'",
            )
            .fetch_one(pool)
            .await
            .unwrap();
            (paid, receipts)
        });
        assert_eq!((paid, receipts), (10_000, 10_000));
    }
}

#[tokio::test]
async fn the_demo_data_has_a_sent_remessa_and_its_retorno_with_two_pendencias_once() {
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
        assert!(said.iter().any(|l| l.contains("a remessa RM-")), "{said:?}");
        api.platform.jobs.run_until_idle().await.unwrap();
        let (_, list) = api.call("GET", REMITTANCES, FM, None).await;
        assert_eq!(list["total"], 1, "{list}");
        assert_eq!(list["items"][0]["status"], "PROCESSADA", "{list}");
        let (_, returns) = api.call("GET", RETURNS, FM, None).await;
        assert_eq!(
            returns["items"][0]["status"], "PROCESSADO_COM_PENDENCIAS",
            "{returns}"
        );
        let (_, p) = api.call("GET", PENDENCIES, FM, None).await;
        assert_eq!(p["total"], 2, "{p}");
        let said = api.context.seed_demo(&mut demo).await.unwrap();
        assert!(
            said.iter()
                .any(|l| l.contains("remessas de cobrança já existiam")),
            "{said:?}"
        );
    }
}
