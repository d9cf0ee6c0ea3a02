//! Payables (contas a pagar) and the payments agenda through the API, served as the server serves it, on SQLite
//! and PostgreSQL; crm is started first. The operations kept for the payment remessa and retorno work
//! (`put_in_remittance`, `reject_by_bank`) are called directly.

use chrono::{NaiveDate, TimeZone, Utc};
use crm::Crm;
use finance::domain::{AccountPatch, BankAccountDraft, SupplierBankAccountDraft, SupplierDraft};
use finance::Finance;
use platform::access::{Role, RoleFlags};
use platform::testing::TestApi;
use platform::{on_db, Principal};
use poem::http::StatusCode;
use serde_json::{json, Value};

const PAYABLES: &str = "/api/v1/finance/payables";
const INSTALLMENTS: &str = "/api/v1/finance/payables/installments";
const FA: Option<&str> = Some("FINANCIAL_ASSISTANT");
const FM: Option<&str> = Some("FINANCIAL_MANAGER");
const AD: Option<&str> = Some("ADMIN");
const SA: Option<&str> = Some("SUPER_ADMIN");
const SALESPERSON: Option<&str> = Some("SALESPERSON");

/// A boleto of R$ 135,00 (Banco do Brasil; seen from 2026 it falls due on 22/09/2032).
const LINHA: &str = "00190.00009 01238.798779 77700.168188 2 37690000013500";
const NFE: &str = include_str!("../../../banking/tests/data/nfe_4512.xml");

struct World {
    api: TestApi<Finance>,
    supplier: String,
    other_supplier: String,
    inactive_supplier: String,
    /// A confirmed and a pending bank account of `supplier`.
    confirmed_account: String,
    pending_account: String,
    /// 3.1 Materiais e insumos (analytic, DESPESA).
    expense: String,
    /// 3.2 (analytic, DESPESA).
    other_expense: String,
    /// 1.1.01 (RECEITA).
    revenue: String,
    center_a: String,
    center_b: String,
    bank: String,
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn person(uid: &str, role: Role) -> Principal {
    Principal {
        uid: uid.into(),
        email: format!("{uid}@example.com.br"),
        name: uid.into(),
        role: Some(role),
        flags: RoleFlags::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

fn fm() -> Principal {
    person("uid-gerente", Role::FinancialManager)
}

fn fa() -> Principal {
    person("uid-assistente", Role::FinancialAssistant)
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
        let ctx = &api.context;
        ctx.chart().create_starter(&fm()).await.unwrap();
        let tree = ctx.chart().tree().await.unwrap();
        let code = |c: &str| {
            tree.iter()
                .find(|a| a.account.code.as_str() == c)
                .unwrap()
                .account
                .id
                .clone()
        };
        let supplier = |document: &str, name: &str| SupplierDraft {
            document: Some(document.into()),
            name: Some(name.into()),
            ..SupplierDraft::default()
        };
        let first = ctx
            .suppliers()
            .create(
                supplier("11.222.333/0001-81", "Dental Suprimentos Paulista Ltda"),
                &fm(),
            )
            .await
            .unwrap();
        let second = ctx
            .suppliers()
            .create(
                supplier("45.723.174/0001-10", "Laboratório Prótese Fina ME"),
                &fm(),
            )
            .await
            .unwrap();
        let third = ctx
            .suppliers()
            .create(
                supplier("04.252.011/0001-10", "Fornecedor Antigo Ltda"),
                &fm(),
            )
            .await
            .unwrap();
        ctx.suppliers()
            .update(
                &third.supplier.id,
                third.supplier.version,
                finance::domain::SupplierPatch {
                    active: Some(false),
                    ..Default::default()
                },
                &fm(),
            )
            .await
            .unwrap();
        let account = |agency: &str| SupplierBankAccountDraft {
            bank: Some("341".into()),
            agency: Some(agency.into()),
            agency_digit: None,
            account: Some("12345".into()),
            account_digit: Some("6".into()),
            account_type: Some("CORRENTE".into()),
            holder_name: Some("Dental Suprimentos Paulista Ltda".into()),
            holder_document: Some("11.222.333/0001-81".into()),
        };
        let id = first.supplier.id.clone();
        let confirmed = ctx
            .suppliers()
            .add_bank_account(&id, account("0001"), &fm())
            .await
            .unwrap();
        let pending = ctx
            .suppliers()
            .add_bank_account(&id, account("0002"), &fa())
            .await
            .unwrap();
        let accounts = pending.bank_data.unwrap().accounts;
        let find = |agency: &str| {
            accounts
                .iter()
                .find(|a| a.fields.agency == agency)
                .unwrap()
                .id
                .clone()
        };
        let _ = confirmed;
        ctx.suppliers()
            .add_pix_key(&id, Some("EMAIL"), Some("financeiro@dental.com.br"), &fm())
            .await
            .unwrap();
        ctx.suppliers()
            .add_pix_key(&id, Some("EMAIL"), Some("novo@dental.com.br"), &fa())
            .await
            .unwrap();
        let center = |c: &str| finance::domain::CostCenterDraft {
            code: Some(c.into()),
            name: Some(format!("Centro {c}")),
        };
        let a = ctx
            .cost_centers()
            .create(center("CLI-01"), &fm())
            .await
            .unwrap();
        let b = ctx
            .cost_centers()
            .create(center("CLI-02"), &fm())
            .await
            .unwrap();
        let bank = ctx
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
                &fm(),
            )
            .await
            .unwrap();
        worlds.push(World {
            supplier: id,
            other_supplier: second.supplier.id,
            inactive_supplier: third.supplier.id,
            confirmed_account: find("0001"),
            pending_account: find("0002"),
            expense: code("3.1"),
            other_expense: code("3.2"),
            revenue: code("1.1.01"),
            center_a: a.id,
            center_b: b.id,
            bank: bank.id,
            api,
        });
    }
    worlds
}

fn id(v: &Value) -> &str {
    v["id"].as_str().unwrap()
}

fn fields(error: &Value) -> Vec<&str> {
    error["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields in {error}"))
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect()
}

impl World {
    fn payable(&self, total: i64, installments: usize) -> Value {
        json!({
            "supplier_id": self.supplier, "document_kind": "NFE", "document_number": "4512",
            "document_series": "1", "description": "Materiais de março", "chart_account_id": self.expense,
            "competence": "03/2026", "issue_date": "2026-03-02", "total_cents": total,
            "installments": (0..installments).map(|n| json!({
                "due_date": format!("2026-{:02}-01", 4 + n), "payment_method": "DINHEIRO"
            })).collect::<Vec<_>>()
        })
    }

    async fn call(
        &self,
        method: &str,
        path: &str,
        who: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.api.call(method, path, who, body).await
    }

    async fn create(&self, who: Option<&str>, body: Value) -> Value {
        let (status, p) = self.call("POST", PAYABLES, who, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {p}", self.api.engine());
        p
    }

    async fn act(
        &self,
        p: &Value,
        action: &str,
        who: Option<&str>,
        extra: Value,
    ) -> (StatusCode, Value) {
        let mut body = extra;
        body["version"] = p["version"].clone();
        self.call(
            "POST",
            &format!("{PAYABLES}/{}/{action}", id(p)),
            who,
            Some(body),
        )
        .await
    }

    async fn installment(&self, id: &str) -> Value {
        let (status, i) = self
            .call("GET", &format!("{INSTALLMENTS}/{id}"), FA, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{i}");
        i
    }

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

#[tokio::test]
async fn scenario_10_a_salesperson_gets_403_from_payables_and_the_agenda() {
    for w in worlds().await {
        for path in [PAYABLES, INSTALLMENTS] {
            let (status, _) = w.call("GET", path, SALESPERSON, None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        }
        let (status, _) = w.call("GET", PAYABLES, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = w
            .call("POST", PAYABLES, SALESPERSON, Some(w.payable(1000, 1)))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn scenario_19_a_synthetic_account_is_refused_by_name() {
    for w in worlds().await {
        let account = w.api.context.chart().get(&w.expense).await.unwrap();
        w.api
            .context
            .chart()
            .update(
                &w.expense,
                account.version,
                AccountPatch {
                    kind: Some("SINTETICA".into()),
                    ..AccountPatch::default()
                },
                &fm(),
            )
            .await
            .unwrap();
        let (status, e) = w.call("POST", PAYABLES, FA, Some(w.payable(1000, 1))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["fields"][0]["field"], "chart_account_id");
        assert_eq!(
            e["fields"][0]["message"],
            "A conta 3.1 é sintética; escolha uma conta analítica."
        );
        let mut revenue = w.payable(1000, 1);
        revenue["chart_account_id"] = json!(w.revenue);
        let (status, e) = w.call("POST", PAYABLES, FA, Some(revenue)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(e["fields"][0]["message"]
            .as_str()
            .unwrap()
            .contains("DESPESA"));
    }
}

#[tokio::test]
async fn a_payable_is_numbered_split_and_allocated() {
    for w in worlds().await {
        let mut body = w.payable(100_000, 3);
        body["rateio"] = json!([
            {"cost_center_id": w.center_a, "percent_bp": 3333},
            {"cost_center_id": w.center_b, "percent_bp": 6667}
        ]);
        let p = w.create(FA, body).await;
        assert_eq!(p["number"], "CP-2026-000001");
        assert_eq!(p["status"], "RASCUNHO");
        assert_eq!(p["competence"], "2026-03");
        assert_eq!(p["payee_name"], "Dental Suprimentos Paulista Ltda");
        let amounts: Vec<i64> = p["installments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["amount_cents"].as_i64().unwrap())
            .collect();
        assert_eq!(amounts, vec![33_334, 33_333, 33_333]);
        let rateio: i64 = p["rateio"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["amount_cents"].as_i64().unwrap())
            .sum();
        assert_eq!(rateio, 100_000);
        assert_eq!(p["next_due_date"], "2026-04-01");
        // Bad input: every field named.
        let (status, e) = w
            .call(
                "POST",
                PAYABLES,
                FA,
                Some(
                    json!({"supplier_id": w.inactive_supplier, "nfe_key": "123", "rateio": [
                    {"cost_center_id": w.center_a, "percent_bp": 5000}
                ], "total_cents": 1000, "installments": []}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let f = fields(&e);
        for field in [
            "nfe_key",
            "description",
            "chart_account_id",
            "competence",
            "issue_date",
            "installments",
            "rateio",
        ] {
            assert!(f.contains(&field), "{field} in {f:?}");
        }
        let mut inactive = w.payable(1000, 1);
        inactive["supplier_id"] = json!(w.inactive_supplier);
        let (status, e) = w.call("POST", PAYABLES, FA, Some(inactive)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["supplier_id"]);
        // Lists: documents and agenda, with totals.
        let (_, page) = w
            .call("GET", &format!("{PAYABLES}?q=dental"), FA, None)
            .await;
        assert_eq!(page["total"], 1);
        assert_eq!(page["totals"]["total_cents"], 100_000);
        let (_, page) = w
            .call(
                "GET",
                &format!("{PAYABLES}?cost_center_id={}", w.center_b),
                FA,
                None,
            )
            .await;
        assert_eq!(page["total"], 1);
        let (_, agenda) = w
            .call("GET", &format!("{INSTALLMENTS}?tab=A_PAGAR"), FA, None)
            .await;
        assert_eq!(agenda["total"], 3);
        assert_eq!(agenda["totals"]["by_day"].as_array().unwrap().len(), 3);
        assert_eq!(agenda["totals"]["by_day"][0]["amount_cents"], 33_334);
        let (_, pagos) = w
            .call("GET", &format!("{INSTALLMENTS}?tab=PAGOS"), FA, None)
            .await;
        assert_eq!(pagos["total"], 0);
        for path in [
            format!("{PAYABLES}/export?format=csv"),
            format!("{INSTALLMENTS}/export?format=csv&tab=A_PAGAR"),
        ] {
            let (status, _) = w.call("GET", &path, FA, None).await;
            assert_eq!(status, StatusCode::OK, "{path}");
        }
    }
}

#[tokio::test]
async fn approval_is_never_by_its_author_or_editor_and_stays_within_the_limit() {
    for w in worlds().await {
        let p = w.create(FA, w.payable(600_000, 1)).await;
        let (status, p) = w.act(&p, "request-approval", FA, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(p["approval_requested"], true);
        // Its author.
        let (status, e) = w.act(&p, "approve", FA, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            e["message"],
            "Quem criou ou editou a conta não pode aprová-la."
        );
        // An administrator within R$ 5.000,00.
        let (status, e) = w.act(&p, "approve", AD, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(e["message"], "Valor acima da sua alçada (R$ 5.000,00).");
        // Awaiting approval: the manager sees it, its author does not.
        let (_, mine) = w
            .call(
                "GET",
                &format!("{PAYABLES}?awaiting_my_approval=true"),
                FM,
                None,
            )
            .await;
        assert_eq!(mine["total"], 1);
        let (_, mine) = w
            .call(
                "GET",
                &format!("{PAYABLES}?awaiting_my_approval=true"),
                FA,
                None,
            )
            .await;
        assert_eq!(mine["total"], 0);
        let (_, mine) = w
            .call(
                "GET",
                &format!("{PAYABLES}?awaiting_my_approval=true"),
                AD,
                None,
            )
            .await;
        assert_eq!(mine["total"], 0, "above the administrator's alçada");
        // Unlimited.
        let (status, approved) = w.act(&p, "approve", FM, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{approved}");
        assert_eq!(approved["status"], "APROVADA");
        assert_eq!(approved["approved_by"], "uid-FINANCIAL_MANAGER");
        assert_eq!(approved["installments"][0]["status"], "APROVADO");
        // A stale version.
        let (status, _) = w.act(&p, "approve", SA, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        // An editor never approves: FM edits a small one, then may not approve it.
        let small = w
            .create(FA, {
                let mut b = w.payable(10_000, 1);
                b["document_number"] = json!("77");
                b
            })
            .await;
        let mut edit = w.payable(10_000, 1);
        edit["document_number"] = json!("77");
        edit["description"] = json!("Materiais de março (corrigido)");
        edit["version"] = small["version"].clone();
        let (status, edited) = w
            .call("PUT", &format!("{PAYABLES}/{}", id(&small)), FM, Some(edit))
            .await;
        assert_eq!(status, StatusCode::OK, "{edited}");
        let (status, _) = w.act(&edited, "approve", FM, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, ok) = w.act(&edited, "approve", AD, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{ok}");
        // Devolução: a comment of at least 10 characters.
        let third = w
            .create(FA, {
                let mut b = w.payable(10_000, 1);
                b["document_number"] = json!("78");
                b
            })
            .await;
        let (status, e) = w
            .act(&third, "send-back", AD, json!({"comment": "curto"}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["comment"]);
        let (status, back) = w
            .act(
                &third,
                "send-back",
                AD,
                json!({"comment": "Falta a nota fiscal em anexo."}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(back["returned"], true);
        let (status, _) = w
            .act(
                &back,
                "send-back",
                FA,
                json!({"comment": "Falta a nota fiscal."}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "FA holds pagar_aprovar");
    }
}

#[tokio::test]
async fn a_payee_change_on_an_approved_payable_sends_it_back_to_draft() {
    for w in worlds().await {
        let p = w.create(FA, w.payable(10_000, 1)).await;
        let (_, p) = w.act(&p, "approve", FM, json!({})).await;
        assert_eq!(p["status"], "APROVADA");
        // A description alone keeps the approval.
        let mut edit = w.payable(10_000, 1);
        edit["description"] = json!("Materiais de março, lote 2");
        edit["version"] = p["version"].clone();
        let (status, p) = w
            .call("PUT", &format!("{PAYABLES}/{}", id(&p)), FA, Some(edit))
            .await;
        assert_eq!(status, StatusCode::OK, "{p}");
        assert_eq!(p["status"], "APROVADA");
        // The payee: back to RASCUNHO, approval void, history naming who changed what.
        let mut edit = w.payable(10_000, 1);
        edit["supplier_id"] = json!(w.other_supplier);
        edit["version"] = p["version"].clone();
        let (status, p) = w
            .call("PUT", &format!("{PAYABLES}/{}", id(&p)), FA, Some(edit))
            .await;
        assert_eq!(status, StatusCode::OK, "{p}");
        assert_eq!(p["status"], "RASCUNHO");
        assert!(p["approved_by"].is_null());
        assert_eq!(p["payee_name"], "Laboratório Prótese Fina ME");
        assert_eq!(p["installments"][0]["status"], "RASCUNHO");
        let (_, history) = w
            .call("GET", &format!("{PAYABLES}/{}/history", id(&p)), FA, None)
            .await;
        let last = history.as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["action"], "Conta alterada; aprovação anulada");
        assert_eq!(last["by_uid"], "uid-FINANCIAL_ASSISTANT");
        assert!(
            last["changes"]
                .to_string()
                .contains("Laboratório Prótese Fina ME"),
            "{last}"
        );
    }
}

#[tokio::test]
async fn the_same_note_twice_is_409_unless_a_manager_gives_a_reason() {
    for w in worlds().await {
        let first = w.create(FA, w.payable(10_000, 1)).await;
        let (status, e) = w
            .call("POST", PAYABLES, FA, Some(w.payable(10_000, 1)))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            e["message"],
            "Já existe a conta CP-2026-000001 para esta nota"
        );
        // Another série is another note; leading zeros do not make one.
        let mut series = w.payable(10_000, 1);
        series["document_series"] = json!("001");
        let (status, _) = w.call("POST", PAYABLES, FA, Some(series)).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let mut other = w.payable(10_000, 1);
        other["document_series"] = json!("2");
        w.create(FA, other).await;
        // Override: FM only, with a reason.
        let mut again = w.payable(10_000, 1);
        again["duplicate_reason"] = json!("Nota substituída pelo fornecedor; pagar as duas.");
        let (status, _) = w.call("POST", PAYABLES, FA, Some(again.clone())).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, copy) = w.call("POST", PAYABLES, FM, Some(again)).await;
        assert_eq!(status, StatusCode::CREATED, "{copy}");
        assert!(copy["duplicate_reason"]
            .as_str()
            .unwrap()
            .starts_with("Nota substituída"));
        // A cancelled one no longer counts.
        let (status, _) = w
            .act(
                &first,
                "cancel",
                FA,
                json!({"reason": "Lançada em duplicidade por engano."}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = w
            .act(
                &copy,
                "cancel",
                FM,
                json!({"reason": "Lançada em duplicidade por engano."}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        w.create(FA, w.payable(10_000, 1)).await;
        // Duplicar: a new draft without the note's number.
        let (status, dup) = w
            .call(
                "POST",
                &format!("{PAYABLES}/{}/duplicate", id(&first)),
                FA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{dup}");
        assert!(dup["document_number"].is_null());
        assert_eq!(dup["status"], "RASCUNHO");
    }
}

#[tokio::test]
async fn payment_data_is_checked_per_forma_and_pending_bank_data_is_refused() {
    for w in worlds().await {
        let with = |method: &str, extra: Value| {
            let mut b = w.payable(13_500, 1);
            b["installments"][0]["payment_method"] = json!(method);
            for (k, v) in extra.as_object().unwrap() {
                b["installments"][0][k] = v.clone();
            }
            b["document_number"] = json!(format!("{method}-{}", extra.to_string().len()));
            b
        };
        let ok = w
            .create(FA, with("BOLETO", json!({"linha_digitavel": LINHA})))
            .await;
        assert_eq!(
            ok["installments"][0]["barcode"],
            "00192376900000135000000001238798777770016818"
        );
        let wrong_value = {
            let mut b = with("BOLETO", json!({"linha_digitavel": LINHA}));
            b["total_cents"] = json!(13_400);
            b
        };
        let (status, e) = w.call("POST", PAYABLES, FA, Some(wrong_value)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["installments[0].linha_digitavel"]);
        w.create(
            FA,
            with(
                "TED",
                json!({"supplier_bank_account_id": w.confirmed_account}),
            ),
        )
        .await;
        let (status, e) = w
            .call(
                "POST",
                PAYABLES,
                FA,
                Some(with(
                    "TED",
                    json!({"supplier_bank_account_id": w.pending_account}),
                )),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            e["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("pendente"),
            "{e}"
        );
        w.create(
            FA,
            with(
                "PIX_CHAVE",
                json!({"pix_key_type": "EMAIL", "pix_key": "financeiro@dental.com.br"}),
            ),
        )
        .await;
        let (status, e) = w
            .call(
                "POST",
                PAYABLES,
                FA,
                Some(with(
                    "PIX_CHAVE",
                    json!({"pix_key_type": "EMAIL", "pix_key": "novo@dental.com.br"}),
                )),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            e["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("pendente"),
            "{e}"
        );
    }
}

#[tokio::test]
async fn scheduling_needs_a_business_day_and_a_manual_payment_settles_once() {
    for w in worlds().await {
        let p = w.create(FA, w.payable(10_000, 1)).await;
        let inst = p["installments"][0].clone();
        let path = format!("{INSTALLMENTS}/{}", id(&inst));
        // Not approved yet.
        let (status, _) = w
            .call(
                "POST",
                &format!("{path}/schedule"),
                FA,
                Some(json!({"version": inst["version"], "scheduled_date": "2026-03-12"})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (_, _) = w.act(&p, "approve", FM, json!({})).await;
        let inst = w.installment(id(&inst)).await;
        for (day, why) in [
            ("2026-04-03", "feriado"),
            ("2026-03-14", "fim de semana"),
            ("2026-03-09", "anterior"),
        ] {
            let (status, e) = w
                .call(
                    "POST",
                    &format!("{path}/schedule"),
                    FA,
                    Some(json!({"version": inst["version"], "scheduled_date": day})),
                )
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{day}");
            assert_eq!(fields(&e), ["scheduled_date"]);
            assert!(
                e["fields"][0]["message"].as_str().unwrap().contains(why),
                "{e}"
            );
        }
        let (status, inst) = w
            .call("POST", &format!("{path}/schedule"), FA, Some(json!({"version": inst["version"], "scheduled_date": "2026-03-12", "bank_account_id": w.bank})))
            .await;
        assert_eq!(status, StatusCode::OK, "{inst}");
        assert_eq!(inst["status"], "AGENDADO");
        let (_, programados) = w
            .call("GET", &format!("{INSTALLMENTS}?tab=PROGRAMADOS"), FA, None)
            .await;
        assert_eq!(programados["total"], 1);
        // Payment: the installment + encargos.
        let pay = |version: &Value, amount: i64, charges: i64| {
            json!({
                "version": version, "date": "2026-03-10", "amount_cents": amount, "charges_cents": charges,
                "bank_account_id": w.bank, "receipt_file_id": "arquivo-1"
            })
        };
        let (status, e) = w
            .call(
                "POST",
                &format!("{path}/payments"),
                FA,
                Some(pay(&inst["version"], 10_300, 0)),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["amount_cents"]);
        let (status, paid) = w
            .call(
                "POST",
                &format!("{path}/payments"),
                FA,
                Some(pay(&inst["version"], 10_300, 300)),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        assert_eq!(paid["status"], "PAGO");
        assert_eq!(paid["paid_cents"], 10_000);
        assert_eq!(paid["charges_cents"], 300);
        assert_eq!(paid["paid_at"], "2026-03-10");
        let (status, _) = w
            .call(
                "POST",
                &format!("{path}/payments"),
                FA,
                Some(pay(&paid["version"], 10_300, 300)),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let settled = w.events("finance.payable_settled").await;
        assert_eq!(settled.len(), 1);
        assert_eq!(settled[0]["id"], paid["payments"][0]["id"]);
        assert_eq!(settled[0]["amount_cents"], 10_300);
        assert_eq!(settled[0]["payable_number"], "CP-2026-000001");
        let (_, doc) = w
            .call("GET", &format!("{PAYABLES}/{}", id(&p)), FA, None)
            .await;
        assert_eq!(doc["paid_cents"], 10_000);
        assert!(doc["next_due_date"].is_null());
        // The supplier's position.
        let positions = w.api.context.payables().supplier_positions().await.unwrap();
        assert_eq!(positions[&w.supplier], (0, Some(d(2026, 3, 10))));
        let (_, suppliers) = w
            .call("GET", "/api/v1/finance/suppliers?q=dental", FA, None)
            .await;
        assert_eq!(suppliers["items"][0]["open_cents"], 0);
        assert_eq!(suppliers["items"][0]["last_payment_date"], "2026-03-10");
        // Reversal: FM, SA only, with a reason.
        let reverse = format!(
            "{path}/payments/{}/reverse",
            paid["payments"][0]["id"].as_str().unwrap()
        );
        let body = json!({"reason": "Pagamento lançado na parcela errada."});
        let (status, _) = w.call("POST", &reverse, FA, Some(body.clone())).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, back) = w.call("POST", &reverse, FM, Some(body.clone())).await;
        assert_eq!(status, StatusCode::OK, "{back}");
        assert_eq!(back["status"], "APROVADO");
        assert_eq!(back["paid_cents"], 0);
        assert_eq!(back["payments"][0]["reversed"], true);
        let (status, _) = w.call("POST", &reverse, FM, Some(body)).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(w.events("finance.payable_settled").await.len(), 1);
        let (_, history) = w.call("GET", &format!("{path}/history"), FA, None).await;
        let actions: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Parcela lançada",
                "Pagamento programado",
                "Pagamento registrado",
                "Pagamento estornado"
            ]
        );
    }
}

#[tokio::test]
async fn an_installment_in_a_sent_remessa_is_never_paid_by_hand_and_a_rejection_is_published() {
    for w in worlds().await {
        let p = w.create(FA, w.payable(10_000, 1)).await;
        let (_, p) = w.act(&p, "approve", FM, json!({})).await;
        let inst = p["installments"][0].clone();
        let path = format!("{INSTALLMENTS}/{}", id(&inst));
        let payables = w.api.context.payables();
        // Only a scheduled one goes into a remessa.
        assert!(payables
            .put_in_remittance(id(&inst), "RM-2026-000001", &fm())
            .await
            .is_err());
        let (status, inst) = w
            .call(
                "POST",
                &format!("{path}/schedule"),
                FA,
                Some(json!({"version": inst["version"], "scheduled_date": "2026-03-12"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let moved = payables
            .put_in_remittance(id(&inst), "RM-2026-000001", &fm())
            .await
            .unwrap();
        assert_eq!(
            moved.installment.installment.remittance_id.as_deref(),
            Some("RM-2026-000001")
        );
        let inst = w.installment(id(&inst)).await;
        assert_eq!(inst["status"], "EM_REMESSA");
        let (status, e) = w
            .call("POST", &format!("{path}/payments"), FA, Some(json!({
                "version": inst["version"], "date": "2026-03-10", "amount_cents": 10_000, "bank_account_id": w.bank
            })))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            e["message"],
            "Parcela em remessa enviada ao banco; aguarde o retorno ou retire-a da remessa"
        );
        // Nor cancelled.
        let (status, _) = w
            .act(
                &p,
                "cancel",
                FM,
                json!({"reason": "Fornecedor pediu o cancelamento."}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        // The bank refuses it: REJEITADO, PayableRejected once with a stable id.
        let rejected = payables
            .reject_by_bank(id(&inst), "Conta do favorecido encerrada", &fm())
            .await
            .unwrap();
        assert_eq!(
            rejected.installment.installment.status.as_str(),
            "REJEITADO"
        );
        assert!(payables
            .reject_by_bank(id(&inst), "de novo", &fm())
            .await
            .is_err());
        let events = w.events("finance.payable_rejected").await;
        assert_eq!(events.len(), 1);
        assert_eq!(
            events[0]["id"],
            format!(
                "{}:rejeicao:{}",
                id(&inst),
                inst["version"].as_i64().unwrap() + 1
            )
        );
        assert_eq!(events[0]["reason"], "Conta do favorecido encerrada");
        let (_, rejeitados) = w
            .call("GET", &format!("{INSTALLMENTS}?tab=REJEITADOS"), FA, None)
            .await;
        assert_eq!(rejeitados["total"], 1);
    }
}

#[tokio::test]
async fn cancellation_rules() {
    for w in worlds().await {
        let p = w.create(FA, w.payable(10_000, 2)).await;
        let reason = json!({"reason": "Serviço não foi prestado."});
        let (status, _) = w.act(&p, "cancel", FA, json!({"reason": "curto"})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let (status, _) = w.act(&p, "cancel", AD, reason.clone()).await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "not its author nor a manager"
        );
        let (_, p) = w.act(&p, "approve", FM, json!({})).await;
        let (status, _) = w.act(&p, "cancel", FA, reason.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "approved: managers only");
        let (status, c) = w.act(&p, "cancel", FM, reason).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(c["status"], "CANCELADA");
        assert_eq!(c["installments"][1]["status"], "CANCELADO");
    }
}

#[tokio::test]
async fn the_nfe_and_linha_endpoints_read_without_saving() {
    for w in worlds().await {
        let resp = w
            .api
            .client
            .post(format!("{PAYABLES}/nfe"))
            .header("Authorization", "Bearer FINANCIAL_ASSISTANT")
            .header("Content-Type", "application/xml")
            .body(NFE.as_bytes().to_vec())
            .send()
            .await;
        resp.assert_status_is_ok();
        let nfe: Value = resp.json().await.value().deserialize();
        assert_eq!(nfe["supplier_id"], json!(w.supplier));
        assert_eq!(nfe["document_number"], "4512");
        assert_eq!(nfe["document_series"], "1");
        assert_eq!(nfe["total_cents"], 150_001);
        assert_eq!(
            nfe["nfe_key"],
            "35260311222333000181550010000045121234567898"
        );
        assert_eq!(nfe["duplicatas"][0]["due_date"], "2026-04-01");
        assert_eq!(nfe["duplicatas"][0]["amount_cents"], 75_001);
        let xxe = NFE.replacen(
            "<nfeProc",
            "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><nfeProc",
            1,
        );
        let resp = w
            .api
            .client
            .post(format!("{PAYABLES}/nfe"))
            .header("Authorization", "Bearer FINANCIAL_ASSISTANT")
            .header("Content-Type", "application/xml")
            .body(xxe.into_bytes())
            .send()
            .await;
        resp.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        let resp = w
            .api
            .client
            .post(format!("{PAYABLES}/nfe"))
            .header("Authorization", "Bearer SALESPERSON")
            .header("Content-Type", "application/xml")
            .body(NFE.as_bytes().to_vec())
            .send()
            .await;
        resp.assert_status(StatusCode::FORBIDDEN);
        assert_eq!(w.api.context.payables().count().await.unwrap(), 0);
        // The NF-e key on a payable: its DV checked.
        let mut keyed = w.payable(150_001, 1);
        keyed["nfe_key"] = json!("35260311222333000181550010000045121234567890");
        let (status, e) = w.call("POST", PAYABLES, FA, Some(keyed)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["nfe_key"]);
        // Linha digitável.
        let (status, l) = w
            .call(
                "POST",
                &format!("{PAYABLES}/linha-digitavel"),
                FA,
                Some(json!({"linha": LINHA})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{l}");
        assert_eq!(l["amount_cents"], 13_500);
        assert_eq!(l["due_date"], "2032-09-22");
        assert_eq!(l["bank_code"], "001");
        assert_eq!(l["barcode"], "00192376900000135000000001238798777770016818");
        let (status, e) = w
            .call(
                "POST",
                &format!("{PAYABLES}/linha-digitavel"),
                FA,
                Some(json!({"linha": "00190.00008 01238.798779 77700.168188 2 37690000013500"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(fields(&e), ["linha"]);
        assert!(
            e["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("campo 1"),
            "{e}"
        );
    }
}

#[tokio::test]
async fn unknown_ids_are_404_and_roles_are_denied_by_permission() {
    for w in worlds().await {
        for path in [
            format!("{PAYABLES}/nao-existe"),
            format!("{PAYABLES}/nao-existe/history"),
            format!("{INSTALLMENTS}/nao-existe"),
            format!("{INSTALLMENTS}/nao-existe/history"),
        ] {
            let (status, _) = w.call("GET", &path, FA, None).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        }
        let (status, _) = w
            .call(
                "POST",
                &format!("{PAYABLES}/nao-existe/approve"),
                FM,
                Some(json!({"version": 1})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let p = w.create(FA, w.payable(1000, 1)).await;
        for role in [SALESPERSON, Some("PURCHASING_ASSISTANT")] {
            let (status, _) = w.act(&p, "approve", role, json!({})).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let (status, _) = w
                .call("GET", &format!("{PAYABLES}/{}", id(&p)), role, None)
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN);
        }
        let (status, _) = w
            .call(
                "POST",
                &format!("{INSTALLMENTS}/x/payments/y/reverse"),
                AD,
                Some(json!({"reason": "Pagamento em duplicidade."})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "reversal: FM, SA only");
        let _ = &w.other_expense;
    }
}

#[tokio::test]
async fn a_payable_keeps_its_attachments_and_a_removed_one_stays_marked() {
    use poem::test::{TestForm, TestFormField};
    for w in worlds().await {
        let payable = w.create(FA, w.payable(90_000, 1)).await;
        let path = format!("{PAYABLES}/{}/attachments", id(&payable));
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
        let note = NFE.as_bytes().to_vec();
        let resp = upload("FINANCIAL_ASSISTANT", "nfe-4512.xml", note.clone()).await;
        let status = resp.0.status();
        let attached: Value =
            serde_json::from_str(&resp.0.into_body().into_string().await.unwrap()).unwrap();
        assert_eq!(
            status,
            StatusCode::CREATED,
            "{}: {attached}",
            w.api.engine()
        );
        assert_eq!(attached["name"], "nfe-4512.xml");
        let count = || async {
            let (_, page) = w.call("GET", PAYABLES, FA, None).await;
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["id"] == payable["id"])
                .map(|p| p["attachment_count"].clone())
                .unwrap()
        };
        assert_eq!(count().await, 1, "the list counts it");

        // An executable is 415; a salesperson neither attaches nor reads.
        upload(
            "FINANCIAL_ASSISTANT",
            "nota.pdf",
            b"MZ\x90\x00\x03".to_vec(),
        )
        .await
        .assert_status(StatusCode::UNSUPPORTED_MEDIA_TYPE);
        upload("SALESPERSON", "nota.xml", note.clone())
            .await
            .assert_status(StatusCode::FORBIDDEN);
        assert_eq!(
            w.call("GET", &path, SALESPERSON, None).await.0,
            StatusCode::FORBIDDEN
        );

        // Byte for byte to another finance role; not through another payable's path, nor an unknown payable.
        let file = format!("{path}/{}", id(&attached));
        let resp = w
            .api
            .client
            .get(&file)
            .header("Authorization", "Bearer FINANCIAL_MANAGER")
            .send()
            .await;
        resp.assert_status_is_ok();
        assert_eq!(resp.0.into_body().into_vec().await.unwrap(), note);
        let mut other = w.payable(10_000, 1);
        other["document_number"] = json!("4513");
        let other = w.create(FA, other).await;
        let elsewhere = format!("{PAYABLES}/{}/attachments/{}", id(&other), id(&attached));
        assert_eq!(
            w.call("GET", &elsewhere, FA, None).await.0,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            w.call(
                "GET",
                &format!("{PAYABLES}/nao-existe/attachments"),
                FA,
                None
            )
            .await
            .0,
            StatusCode::NOT_FOUND
        );

        // Removed with a reason: kept, marked, in the payable's history; a second removal is 409.
        let remove = format!("{file}/remove");
        let (status, error) = w.call("POST", &remove, FM, Some(json!({}))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["reason"]);
        let reason = json!({"reason": "Nota anexada à conta errada."});
        let (status, removed) = w.call("POST", &remove, FM, Some(reason.clone())).await;
        assert_eq!(status, StatusCode::OK, "{removed}");
        assert_eq!(removed["removed_by"], "uid-FINANCIAL_MANAGER");
        assert_eq!(count().await, 0, "a removed one is not counted");
        assert_eq!(
            w.call("POST", &remove, FM, Some(reason)).await.0,
            StatusCode::CONFLICT
        );
        let (_, list) = w.call("GET", &path, FA, None).await;
        assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
        assert!(list[0]["removed_at"].is_string(), "{list}");
        let (_, history) = w
            .call(
                "GET",
                &format!("{PAYABLES}/{}/history", id(&payable)),
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

/// finance.md §1: the payee snapshot is taken at approval — the TED's bank account by its values, which stay as
/// approved whatever the supplier does after — and a change that voids the approval clears it.
#[tokio::test]
async fn approval_takes_the_payee_snapshot_and_a_voiding_change_clears_it() {
    for w in worlds().await {
        let mut body = w.payable(20_000, 2);
        for n in 0..2 {
            body["installments"][n]["payment_method"] = json!("TED");
            body["installments"][n]["supplier_bank_account_id"] = json!(w.confirmed_account);
        }
        let p = w.create(FA, body.clone()).await;
        assert!(p["installments"][0]["payee_snapshot"].is_null(), "{p}");
        w.api.clock.advance(chrono::Duration::hours(2));
        let (status, p) = w.act(&p, "approve", FM, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{}: {p}", w.api.engine());
        for n in 0..2 {
            let snapshot = &p["installments"][n]["payee_snapshot"];
            assert_eq!(
                snapshot["name"], "Dental Suprimentos Paulista Ltda",
                "{snapshot}"
            );
            assert_eq!(snapshot["document"], "11222333000181");
            assert_eq!(snapshot["document_formatted"], "11.222.333/0001-81");
            let destination = snapshot["destination"].as_str().unwrap();
            assert!(
                destination.contains("conta 12345-6") && destination.contains("CORRENTE"),
                "{destination}"
            );
            assert_eq!(snapshot["taken_at"], p["approved_at"], "{p}");
        }
        // The agenda's installment carries it too.
        let installment = w.installment(id(&p["installments"][0])).await;
        assert_eq!(
            installment["payee_snapshot"],
            p["installments"][0]["payee_snapshot"]
        );

        // A change of value voids the approval: back to RASCUNHO without a snapshot.
        let mut edit = body;
        edit["total_cents"] = json!(20_002);
        edit["version"] = p["version"].clone();
        let (status, p) = w
            .call("PUT", &format!("{PAYABLES}/{}", id(&p)), FA, Some(edit))
            .await;
        assert_eq!(status, StatusCode::OK, "{p}");
        assert_eq!(p["status"], "RASCUNHO");
        for n in 0..2 {
            assert!(p["installments"][n]["payee_snapshot"].is_null(), "{p}");
        }
    }
}
