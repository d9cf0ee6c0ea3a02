//! CNAB throughput: 1,000,000 titles written as CNAB 240 remessas, and a retorno of
//! ~1,000,000 records read, both streaming (iterator in, `impl Write` out; `impl BufRead`
//! in, one item at a time out), so memory stays flat.
//!
//! A CNAB 240 file holds at most 999,999 records (six-digit count in the file trailer),
//! so the million titles (3,000,000 records with P+Q+R) are written as 4 files of
//! 250,000 titles, and the retorno read is the largest single file: 999,982 records.
//!
//!   CARGO_TARGET_DIR=/tmp/target-banking2 cargo bench -p banking --bench cnab

use banking::bank::Bank;
use banking::cnab::retorno::{RetornoItem, RetornoReader};
use banking::cnab::{c240, Company, Fine, Interest, Payer, RemessaHeader, Title};
use chrono::NaiveDate;
use criterion::{criterion_group, criterion_main, Criterion};
use std::io::{BufReader, BufWriter, Write};
use std::time::Duration;

const TITLES: usize = 1_000_000;
/// T+U pairs that fill one file: 999,960 details in 10 lots = 999,982 records.
const RETORNO_ITEMS: usize = 499_980;

fn header() -> RemessaHeader {
    RemessaHeader {
        bank: Bank::Sicredi,
        company: Company {
            name: "Empresa Exemplo Ltda".into(),
            document: "11222333000181".into(),
            agency: "1234".into(),
            account: "12345".into(),
            account_dv: "6".into(),
            agreement: "12345".into(),
            wallet: "1".into(),
            ..Company::default()
        },
        sequence: 1,
        generated_at: NaiveDate::from_ymd_opt(2026, 11, 20)
            .unwrap()
            .and_hms_opt(9, 0, 0)
            .unwrap(),
    }
}

fn title(i: usize) -> Title {
    Title {
        instruction: Default::default(),
        nosso_numero: format!("26{:07}", i % 10_000_000),
        seu_numero: format!("NF{i}"),
        due_date: NaiveDate::from_ymd_opt(2026, 12, 10).unwrap(),
        issue_date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        amount: 10_000 + (i % 1000) as i64,
        payer: Payer {
            name: "José da Conceição".into(),
            document: "52998224725".into(),
            address: "Rua das Flores, 100".into(),
            district: "Centro".into(),
            zip: "01001000".into(),
            city: "São Paulo".into(),
            state: "SP".into(),
        },
        species: None,
        interest: Some(Interest::DailyAmount(33)),
        interest_from: None,
        fine: Some(Fine::Percent(200)),
        fine_from: None,
        discount: None,
        discount_until: None,
        abatement: None,
        protest_days: None,
        messages: vec![],
    }
}

fn item(i: usize) -> RetornoItem {
    RetornoItem {
        occurrence_code: "06".into(),
        nosso_numero: format!("26{:07}", i % 10_000_000),
        seu_numero: format!("NF{i}"),
        due_date: NaiveDate::from_ymd_opt(2026, 12, 10),
        amount: 10_000,
        paid_amount: 10_000,
        fees: 180,
        net_amount: 9_820,
        occurrence_date: NaiveDate::from_ymd_opt(2026, 12, 10),
        credit_date: NaiveDate::from_ymd_opt(2026, 12, 11),
        payer_name: "JOSE DA CONCEICAO".into(),
        payer_document: "52998224725".into(),
        ..RetornoItem::default()
    }
}

/// Writes a retorno of `records` T/U records to a temp file once (reused by the read bench).
fn retorno_file(records: usize) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("banking-bench-retorno-{records}.ret"));
    if !path.exists() {
        let mut out = BufWriter::new(std::fs::File::create(&path).unwrap());
        c240::write_retorno(&header(), (0..RETORNO_ITEMS).map(item), &mut out).unwrap();
        out.flush().unwrap();
    }
    path
}

/// Nanoseconds this thread has spent on a CPU (Linux `/proc/thread-self/schedstat`).
///
/// Why: the benchmark machine is shared (2 cores, other builds running), so wall time
/// includes waiting for a core. On-CPU time is the cost of our code; both are reported.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn cpu_time(iters: u64, mut work: impl FnMut()) -> Duration {
    let wall = std::time::Instant::now();
    let start = thread_cpu_ns();
    for _ in 0..iters {
        work();
    }
    match (start, thread_cpu_ns()) {
        (Some(a), Some(b)) => Duration::from_nanos(b - a),
        _ => wall.elapsed(),
    }
}

fn write_million(template: &Title) {
    let mut written = 0;
    for _ in 0..4 {
        let mut out = BufWriter::with_capacity(1 << 16, std::io::sink());
        let s = c240::write_remessa(
            &header(),
            std::iter::repeat_n(template, TITLES / 4),
            &mut out,
        )
        .unwrap();
        written += s.titles as usize;
    }
    assert_eq!(written, TITLES);
}

fn read_retorno(path: &std::path::Path) {
    let file = BufReader::with_capacity(1 << 16, std::fs::File::open(path).unwrap());
    let reader = RetornoReader::new(file).unwrap();
    let (mut n, mut paid) = (0usize, 0i64);
    for item in reader {
        let item = item.unwrap();
        n += 1;
        paid += item.paid_amount;
    }
    assert_eq!(n, RETORNO_ITEMS);
    assert!(paid > 0);
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("cnab240");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(10))
        .warm_up_time(Duration::from_secs(1));

    // One title repeated by reference: the writer's own cost, not the test data's.
    let template = title(1);
    g.bench_function("remessa_write_1m_titles_4_files", |b| {
        b.iter(|| write_million(&template))
    });
    g.bench_function("remessa_write_1m_titles_4_files_cpu", |b| {
        b.iter_custom(|iters| cpu_time(iters, || write_million(&template)))
    });

    let path = retorno_file(999_982);
    g.bench_function("retorno_read_999982_records", |b| {
        b.iter(|| read_retorno(&path))
    });
    g.bench_function("retorno_read_999982_records_cpu", |b| {
        b.iter_custom(|iters| cpu_time(iters, || read_retorno(&path)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
