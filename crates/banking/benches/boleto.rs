//! Boleto encoding and line decoding throughput.
//!
//! Targets (brief, docs/benchmarks-banking-boletos.md): 1,000,000 boletos (nosso número +
//! barcode + linha digitável) in ≤ 0.2 s on one core, and decoding/validation of
//! ≥ 3,060,000 lines/s (10× boleto-validator 1.0.2 in bench/peer-decode.js).
//!
//! Each measured iteration handles exactly 1,000,000 items: 100,000 distinct inputs, built
//! before the timer, visited 10 times (so input generation stays outside the measurement and
//! the working set stays small). Criterion reports the time of one such iteration.

use banking::bank::Bank;
use banking::boleto::{decode, encode_into, generate, BoletoInput, Encoded};
use chrono::NaiveDate;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};

const DISTINCT: usize = 100_000;
const PASSES: usize = 10;

/// Deterministic pseudo-random numbers (xorshift), so runs are comparable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn input(bank: Bank, rng: &mut Rng) -> BoletoInput {
    let mut i = BoletoInput::new(bank);
    i.agencia = format!("{:04}", rng.next() % 10_000);
    i.conta = format!("{:05}", rng.next() % 100_000);
    i.codigo_beneficiario = Some(format!("{:05}", rng.next() % 100_000));
    i.posto = Some("18".into());
    i.byte_idt = Some("2".into());
    i.valor_centavos = Some((rng.next() % 10_000_000) as i64);
    // Due dates on both sides of the 2025-02-22 fator reset.
    let days = (rng.next() % 3_000) as i64;
    i.vencimento = NaiveDate::from_ymd_opt(2023, 6, 1).map(|d| d + chrono::TimeDelta::days(days));
    let n = rng.next();
    let (carteira, digits) = match bank {
        Bank::BancoDoBrasil => {
            i.convenio = Some("1234567".into());
            ("17", 10)
        }
        Bank::Santander => ("101", 12),
        Bank::Caixa => ("RG", 15),
        Bank::Bradesco => ("09", 11),
        Bank::Itau => ("109", 8),
        Bank::Sicredi => {
            i.data_documento = i.vencimento;
            ("1", 5)
        }
        Bank::Sicoob => ("1", 7),
    };
    i.carteira = carteira.into();
    i.nosso_numero = (n % 10u64.pow(digits)).to_string();
    i
}

fn inputs() -> Vec<BoletoInput> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    (0..DISTINCT)
        .map(|k| input(Bank::ALL[k % Bank::ALL.len()], &mut rng))
        .collect()
}

/// Formatted linhas as people paste them; 2 % corrupted (half a field DV, half the general DV),
/// like bench/peer-decode.js --bad-pct 2.
fn lines(inputs: &[BoletoInput]) -> Vec<String> {
    inputs
        .iter()
        .enumerate()
        .map(|(k, i)| {
            let mut l = generate(i)
                .expect("valid input")
                .linha_digitavel_formatada
                .into_bytes();
            let pos = match k % 100 {
                0 => Some(10), // field 1 DV
                1 => Some(38), // general DV
                _ => None,
            };
            if let Some(p) = pos {
                l[p] = b'0' + (l[p] - b'0' + 1) % 10;
            }
            String::from_utf8(l).expect("ASCII")
        })
        .collect()
}

fn encode_million(inputs: &[BoletoInput]) -> usize {
    let mut ok = 0;
    let mut out = Encoded::EMPTY;
    for _ in 0..PASSES {
        for i in inputs {
            if encode_into(black_box(i), &mut out).is_ok() {
                black_box(&out.linha_digitavel);
                ok += 1;
            }
        }
    }
    ok
}

fn decode_million(lines: &[String], today: NaiveDate) -> usize {
    let mut valid = 0;
    for _ in 0..PASSES {
        for l in lines {
            if decode(black_box(l), today).is_ok() {
                valid += 1;
            }
        }
    }
    valid
}

fn benches(c: &mut Criterion) {
    let inputs = inputs();
    let lines = lines(&inputs);
    let today = NaiveDate::from_ymd_opt(2026, 11, 21).expect("valid date");
    assert_eq!(
        encode_million(&inputs),
        DISTINCT * PASSES,
        "every input must encode"
    );
    let valid = decode_million(&lines, today);
    assert_eq!(
        valid,
        DISTINCT * PASSES * 98 / 100,
        "exactly the corrupted 2 % must fail"
    );

    report_cpu_time("encode_1M_boletos", || encode_million(&inputs));
    report_cpu_time("decode_1M_lines", || decode_million(&lines, today));

    let mut group = c.benchmark_group("boleto");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("encode_1M_boletos", |b| {
        b.iter_custom(|iters| timed(iters, || encode_million(&inputs)))
    });
    group.bench_function("decode_1M_lines", |b| {
        b.iter_custom(|iters| timed(iters, || decode_million(&lines, today)))
    });
    group.finish();
}

fn timed(iters: u64, mut work: impl FnMut() -> usize) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        black_box(work());
    }
    start.elapsed()
}

/// On-CPU time of this thread in seconds (Linux `/proc/thread-self/schedstat`, nanoseconds),
/// so the figure stays meaningful when other processes share the 2 cores and stretch wall
/// time.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// Runs `work` (1,000,000 items) 5 times and prints the smallest wall and the smallest
/// on-CPU seconds of the five.
fn report_cpu_time(name: &str, mut work: impl FnMut() -> usize) {
    let mut best: Option<(f64, f64)> = None;
    for _ in 0..5 {
        let (cpu0, wall0) = (thread_cpu_seconds(), Instant::now());
        black_box(work());
        let wall = wall0.elapsed().as_secs_f64();
        let cpu = match (cpu0, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => f64::NAN,
        };
        best = Some(match best {
            Some((w, c)) => (wall.min(w), cpu.min(c)),
            None => (wall, cpu),
        });
    }
    if let Some((wall, cpu)) = best {
        println!("{name}: best of 5: wall {wall:.3} s, on-CPU {cpu:.3} s per 1,000,000");
    }
}

criterion_group!(boleto, benches);
criterion_main!(boleto);
