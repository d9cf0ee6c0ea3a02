//! Finance at volume (issue 10's targets), on SQLite and PostgreSQL, through the services the API calls:
//! - issuing 100,000 boletos in one batch (≤ 10 s per engine);
//! - generating one cobrança remessa of those 100,000 boletos (≤ 5 s);
//! - importing and applying its 100,000-occurrence retorno (≤ 10 s, memory flat).
//!
//! Not a criterion bench: each step runs once on a fresh database (a second issue of the same installments is
//! refused by design), so this prints wall times; run it in release:
//!   `BACKOFFICE_REQUIRE_PG=1 cargo bench -p finance --bench volume` (N=100000 by default; env N to change).
//! The figures and the command are in docs/benchmarks.md.

use std::time::Instant;

use banking::bank::Bank;
use banking::cnab::retorno::RetornoItem;
use banking::cnab::{self, RemessaHeader};
use chrono::{NaiveDate, TimeZone, Utc};
use crm::domain::ClientDraft;
use crm::Crm;
use finance::domain::{BankAccountDraft, ReceivableDraft};
use finance::Finance;
use platform::testing::{principal, TestApi};
use platform::values::Address;
use platform::Principal;
use poem::http::StatusCode;
use serde_json::json;

fn by() -> Principal {
    principal("uid-bench", "Carga")
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// The client (with a full address), the revenue account and the bank account of a fresh database.
async fn world(api: &TestApi<Finance>) -> (String, String, String) {
    api.clock
        .set(Utc.from_utc_datetime(&d(2026, 3, 10).and_hms_opt(15, 0, 0).unwrap()));
    let crm = api.started.get::<Crm>().unwrap();
    let client = crm
        .clients()
        .create(
            ClientDraft {
                kind: Some("company".into()),
                document: Some("11.222.333/0001-81".into()),
                name: Some("Clínica Sorriso Ltda".into()),
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
            },
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
    (client.id, revenue, bank.id)
}

/// `n` open installments of the client (títulos of 120 monthly… every-day installments).
async fn installments(
    api: &TestApi<Finance>,
    client: &str,
    revenue: &str,
    n: usize,
) -> Vec<String> {
    let mut ids = Vec::with_capacity(n);
    while ids.len() < n {
        let draft = ReceivableDraft {
            client_id: Some(client.into()),
            description: Some("Carga".into()),
            chart_account_id: Some(revenue.into()),
            issue_date: Some(d(2026, 3, 10)),
            total_cents: Some(12_000),
            installments: Some(120),
            first_due: Some(d(2026, 4, 10)),
            interval_days: Some(1),
            payment_method: Some("BOLETO".into()),
            bank_account_id: None,
        };
        let title = api
            .context
            .receivables()
            .create(draft, &by())
            .await
            .unwrap();
        ids.extend(title.installments.iter().map(|i| i.installment.id.clone()));
    }
    ids.truncate(n);
    ids
}

#[tokio::main]
async fn main() {
    // RUST_LOG=finance=info prints where each retorno's apply spends its time.
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .init();
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let engine = api.engine();
        let (client, revenue, bank) = world(&api).await;
        let (status, agreement) = api
            .call(
                "POST",
                "/api/v1/finance/collection-agreements",
                Some("FINANCIAL_MANAGER"),
                Some(json!({
                    "bank_account_id": bank, "name": "Itaú cobrança 109",
                    "beneficiary_name": "Rede Sorriso Clínicas Ltda", "beneficiary_document": "11.444.777/0001-61",
                    "beneficiary_code": "45678", "carteira": "109", "layout": "CNAB240",
                    "nosso_numero_first": 1, "nosso_numero_last": 99_999_999, "next_nosso_numero": 1,
                    "fine_bp": 200, "interest_monthly_bp": 100
                })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{agreement}");
        let agreement = agreement["id"].as_str().unwrap().to_string();
        let ids = installments(&api, &client, &revenue, n).await;

        let started = Instant::now();
        let issued = api
            .context
            .boletos()
            .issue(&ids, Some(&agreement), &by())
            .await
            .unwrap();
        let took = started.elapsed();
        assert_eq!(issued.len(), n);
        println!("{engine}\tissue {n} boletos\t{:.2} s", took.as_secs_f64());

        settle(&api.platform.db, &engine).await;

        // One remessa of all of them: the draft, then "Gerar arquivo" (bytes, preflight, storage) timed.
        let remittances = api.context.remittances();
        let draft = remittances
            .create(Some(&agreement), None, None, &by())
            .await
            .unwrap();
        let started = Instant::now();
        let generated = remittances
            .generate(&draft.remittance.id, &by())
            .await
            .unwrap();
        let took = started.elapsed();
        let (_, bytes) = remittances.file(&generated.remittance.id).await.unwrap();
        println!(
            "{engine}\tgenerate a remessa of {n} boletos ({} bytes)\t{:.2} s",
            bytes.len(),
            took.as_secs_f64()
        );
        remittances
            .mark_sent(&generated.remittance.id, &by())
            .await
            .unwrap();

        settle(&api.platform.db, &engine).await;

        // Its retorno: every boleto liquidated (code 06), imported and applied by its job; timed from the upload
        // to the job's end.
        let items: Vec<RetornoItem> = issued.iter().map(settled).collect();
        let file = retorno(&items);
        drop(items);
        let before = memory_mb("VmRSS");
        reset_peak_memory();
        let started = Instant::now();
        let imported = api
            .context
            .bank_returns()
            .import(Some(&bank), "retorno.ret", file, &by())
            .await
            .unwrap();
        api.platform.jobs.run_until_idle().await.unwrap();
        let took = started.elapsed();
        let applied = api.context.bank_returns().get(&imported.id).await.unwrap();
        println!(
            "{engine}\timport and apply a retorno of {n} liquidações ({:?})\t{:.2} s",
            applied.status,
            took.as_secs_f64()
        );
        // The process's peak resident memory while importing and applying it (Linux: the peak is reset just
        // before), against what it held before (the bench's own copy of the file included).
        if let (Some(before), Some(peak)) = (before, memory_mb("VmHWM")) {
            println!(
                "{engine}\t(peak memory during the retorno: {peak:.0} MB, {:.0} MB above the {before:.0} MB before)",
                peak - before
            );
        }
    }
}

/// Waits for the checkpoint the last bulk transaction left to run after it (SQLite: `Db::begin_bulk`), as the
/// hours between an issue, its remessa and the retorno would, and prints how long that took: each step is timed
/// on its own, not on top of the previous step's checkpoint.
async fn settle(db: &platform::db::Db, engine: &str) {
    if let platform::db::Db::Sqlite(pool) = db {
        let started = Instant::now();
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(pool)
            .await
            .unwrap();
        println!(
            "{engine}	(checkpoint of the step before, not timed in it)	{:.2} s",
            started.elapsed().as_secs_f64()
        );
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

/// The boleto's liquidação as Itaú's CNAB 240 retorno carries it.
fn settled(boleto: &finance::domain::boleto::Boleto) -> RetornoItem {
    let nosso =
        cnab::nosso_numero_for_cnab(Bank::Itau, &company(), &boleto.nosso_numero.to_string())
            .unwrap();
    RetornoItem {
        occurrence_code: "06".into(),
        settled: true,
        nosso_numero: nosso,
        seu_numero: "CR".into(),
        due_date: Some(boleto.due_date),
        amount: boleto.amount_cents,
        paid_amount: boleto.amount_cents,
        net_amount: boleto.amount_cents,
        occurrence_date: Some(d(2026, 4, 20)),
        credit_date: Some(d(2026, 4, 21)),
        payer_name: "CLINICA SORRISO".into(),
        payer_document: "11222333000181".into(),
        ..RetornoItem::default()
    }
}

fn retorno(items: &[RetornoItem]) -> Vec<u8> {
    let h = RemessaHeader {
        bank: Bank::Itau,
        company: company(),
        sequence: 1,
        generated_at: d(2026, 4, 20).and_hms_opt(8, 0, 0).unwrap(),
    };
    let mut out = Vec::new();
    cnab::c240::write_retorno(&h, items, &mut out).unwrap();
    out
}

/// A line of /proc/self/status (`VmRSS`, `VmHWM`) in MB; `None` off Linux.
fn memory_mb(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Resets the process's peak resident memory (`VmHWM`) to its current size (Linux).
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}
