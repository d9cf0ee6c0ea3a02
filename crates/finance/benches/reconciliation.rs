//! Issue 13's engine figure (`finance.md` §4.5): auto-match 100,000 statement lines against 100,000 open targets
//! in ≤ 2 s, on the seeded generated set (60 % references, 20 % amount only, 10 % groups, 10 % noise), and the
//! precision and recall of the confirmed matches against the generator's truth (≥ 99.9 %, ≥ 90 %).
//!
//! Pure engine, no database: generation is outside the measured loop. Run in release:
//!   `cargo bench -p finance --bench reconciliation` (env N to change the size; 100000 by default).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use finance::reconciliation::engine::run;
use finance::reconciliation::generate::{generate, quality};

fn size() -> usize {
    std::env::var("N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000)
}

fn engine(c: &mut Criterion) {
    let n = size();
    let set = generate(42, n, n);
    let outcome = run(&set.lines, &set.targets, &set.options);
    println!(
        "{} lines × {} targets: {} confirmed, {} suggested; {}",
        set.lines.len(),
        set.targets.len(),
        outcome.confirmed().count(),
        outcome.suggested().count(),
        quality(&set, &outcome)
    );
    let mut group = c.benchmark_group("reconciliation");
    group.sample_size(10);
    group.bench_function(format!("auto-match {n} × {n}"), |b| {
        b.iter(|| run(black_box(&set.lines), black_box(&set.targets), &set.options))
    });
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
