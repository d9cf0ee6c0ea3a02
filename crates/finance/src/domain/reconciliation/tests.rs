//! The engine's shapes, score rules and guarantees; the brief's scenarios 13–15 (`finance.md` §9) by number.

use chrono::NaiveDate;
use proptest::prelude::*;
use uuid::Uuid;

use super::engine::*;
use super::generate::{generate, quality};

const ACCOUNT: Uuid = Uuid::from_u128(0xa);

fn d(m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, day).unwrap()
}

fn id(n: u128) -> Uuid {
    Uuid::from_u128(n)
}

fn line(n: u128, date: NaiveDate, cents: i64, memo: &str) -> StatementLine {
    StatementLine {
        id: id(n),
        account: ACCOUNT,
        date,
        amount_cents: cents,
        memo: memo.into(),
        fitid: format!("F{n}"),
        reference: None,
        document: None,
    }
}

fn receivable(n: u128, cents: i64, due: NaiveDate) -> Target {
    Target {
        id: id(n),
        kind: TargetKind::Installment,
        side: Side::Receivable,
        account: Some(ACCOUNT),
        amount_cents: cents,
        fee_cents: 0,
        expected_date: due,
        references: Vec::new(),
        counterparty_name: format!("Cliente {n}"),
        counterparty_document: None,
        group: None,
    }
}

fn with_ref(mut t: Target, kind: ReferenceKind, value: &str) -> Target {
    t.references.push(Reference {
        kind,
        value: value.into(),
    });
    t
}

fn with_doc(mut t: Target, name: &str, doc: &str) -> Target {
    t.counterparty_name = name.into();
    t.counterparty_document = Some(doc.into());
    t
}

fn auto() -> Options {
    Options {
        auto_confirm: true,
        ..Options::default()
    }
}

fn only(outcome: &Outcome) -> &Match {
    assert_eq!(outcome.matches.len(), 1, "{:#?}", outcome.matches);
    &outcome.matches[0]
}

fn has(m: &Match, reason: &str) -> bool {
    m.reasons.iter().any(|r| r == reason)
}

#[test]
fn one_to_one_by_nosso_numero_confirms_with_its_reasons() {
    let targets = [
        with_ref(
            receivable(1, 123_456, d(3, 10)),
            ReferenceKind::NossoNumero,
            "00012345-6",
        ),
        receivable(2, 123_456, d(3, 10)),
    ];
    let lines = [line(10, d(3, 10), 123_456, "LIQ COBRANCA NN 00012345-6")];
    let out = run(&lines, &targets, &auto());
    let m = only(&out);
    assert_eq!(m.decision, Decision::Confirmed);
    assert_eq!(
        (m.shape, m.targets.as_slice()),
        (Shape::OneToOne, &[id(1)][..])
    );
    assert_eq!(m.score, 100);
    for reason in [
        "Nosso número 00012345-6 encontrado no histórico",
        "Valor idêntico: R$ 1.234,56",
        "Crédito no dia esperado",
        "Melhor candidato entre 2; o seguinte soma 45 pontos",
    ] {
        assert!(has(m, reason), "{reason} not in {:?}", m.reasons);
    }
}

#[test]
fn a_payable_by_title_number_is_a_debit() {
    let mut t = with_ref(
        receivable(1, 50_000, d(5, 4)),
        ReferenceKind::DocumentNumber,
        "CP-2026-000123",
    );
    t.side = Side::Payable;
    let lines = [line(
        10,
        d(5, 5),
        -50_000,
        "PAGTO TIT CP-2026-000123 FORNECEDOR",
    )];
    let m = only(&run(&lines, &[t], &auto())).clone();
    assert_eq!(m.decision, Decision::Confirmed);
    assert!(has(&m, "Título CP-2026-000123 citado no histórico"));
    assert!(has(&m, "Débito 1 dia útil após o esperado"));
    // The same reference on a credit is not this payable.
    let credit = [line(11, d(5, 5), 50_000, "CP-2026-000123")];
    let mut t = with_ref(
        receivable(1, 50_000, d(5, 4)),
        ReferenceKind::DocumentNumber,
        "CP-2026-000123",
    );
    t.side = Side::Payable;
    assert!(run(&credit, &[t], &auto()).matches.is_empty());
}

#[test]
fn scenario_13_retorno_credit_batch() {
    // 10 liquidações of R$ 845,00 credited 21/03 (a Saturday in 2026? no: 21/03/2026 is a Saturday, so the
    // bank credits Monday 23/03), R$ 2,50 of tarifa each netted by the bank.
    let group = GroupRef {
        kind: GroupKind::ReturnCredit,
        id: id(99),
        date: d(3, 21),
    };
    let targets: Vec<Target> = (0..10)
        .map(|i| {
            let mut t = with_ref(
                receivable(i + 1, 84_500, d(3, 21)),
                ReferenceKind::NossoNumero,
                &format!("{:08}-1", 500 + i),
            );
            t.kind = TargetKind::Settlement;
            t.fee_cents = 250;
            t.group = Some(group);
            t
        })
        .collect();
    let lines = [line(10_000, d(3, 23), 842_500, "CRED COBRANCA")];
    let out = run(&lines, &targets, &auto());
    let m = only(&out);
    assert_eq!(m.decision, Decision::Confirmed);
    assert_eq!(m.shape, Shape::Group(group));
    assert_eq!(m.targets.len(), 10);
    assert!(m.score >= 90);
    assert!(
        has(m, "Soma das 10 liquidações do retorno de 21/03"),
        "{:?}",
        m.reasons
    );
    assert!(has(m, "Líquido de R$ 25,00 de tarifas"));
    assert!(has(m, "Soma exata: R$ 8.425,00"));
}

#[test]
fn a_payment_batch_debited_at_once() {
    let group = GroupRef {
        kind: GroupKind::PaymentBatch,
        id: id(77),
        date: d(6, 10),
    };
    let targets: Vec<Target> = [30_000, 45_050, 12_345]
        .into_iter()
        .enumerate()
        .map(|(i, cents)| {
            let mut t = receivable(i as u128 + 1, cents, d(6, 10));
            t.side = Side::Payable;
            t.group = Some(group);
            t
        })
        .collect();
    let out = run(
        &[line(10, d(6, 10), -87_395, "SISPAG PAGAMENTOS")],
        &targets,
        &auto(),
    );
    let m = only(&out);
    assert_eq!(
        (m.decision, m.shape),
        (Decision::Confirmed, Shape::Group(group))
    );
    assert!(has(m, "Soma dos 3 pagamentos do lote de 10/06"));
}

#[test]
fn scenario_14_pix_to_the_only_open_installment_of_the_cpf() {
    let targets = [
        with_doc(
            receivable(1, 35_000, d(4, 10)),
            "Maria Souza",
            "12345678909",
        ),
        receivable(2, 35_000, d(5, 10)),
    ];
    let lines = [line(10, d(4, 10), 35_000, "PIX RECEBIDO 123.456.789-09")];
    let out = run(&lines, &targets, &auto());
    let m = only(&out);
    assert_eq!(
        (m.decision, m.targets.as_slice()),
        (Decision::Confirmed, &[id(1)][..])
    );
    assert!(m.score >= 90);
    assert!(
        has(m, "CPF 123.456.789-09 do histórico pertence a Maria Souza"),
        "{:?}",
        m.reasons
    );
    assert!(has(m, "Valor idêntico: R$ 350,00"));
}

#[test]
fn scenario_15_equal_candidates_are_capped_and_named() {
    let targets = [
        receivable(1, 20_000, d(4, 15)),
        receivable(2, 20_000, d(4, 15)),
    ];
    let lines = [line(10, d(4, 15), 20_000, "TED RECEBIDA")];
    let out = run(&lines, &targets, &auto());
    assert_eq!(out.confirmed().count(), 0);
    assert_eq!(out.suggested().count(), 2);
    for m in out.suggested() {
        assert!(m.score <= 69);
        assert!(has(m, "Há 2 candidatos equivalentes"), "{:?}", m.reasons);
    }
    // Equal strong evidence is capped too: one nosso número on two targets.
    let targets = [
        with_ref(
            receivable(1, 20_000, d(4, 15)),
            ReferenceKind::NossoNumero,
            "55555555-5",
        ),
        with_ref(
            receivable(2, 20_000, d(4, 15)),
            ReferenceKind::NossoNumero,
            "55555555-5",
        ),
    ];
    let out = run(
        &[line(10, d(4, 15), 20_000, "NN 55555555-5")],
        &targets,
        &auto(),
    );
    assert_eq!(out.confirmed().count(), 0);
    assert!(out
        .suggested()
        .all(|m| m.score == 69 && has(m, "Há 2 candidatos equivalentes")));
}

#[test]
fn amount_and_date_alone_never_confirm() {
    let targets = [receivable(1, 77_777, d(7, 1))];
    let out = run(&[line(10, d(7, 1), 77_777, "DEPOSITO")], &targets, &auto());
    let m = only(&out);
    assert_eq!((m.decision, m.score), (Decision::Suggested, 60));
    assert!(has(m, "Valor idêntico: R$ 777,77"));
    assert!(has(m, "Único candidato encontrado"));
    // A masked CPF and a tolerance add points, not identity: still a suggestion.
    let targets = [with_doc(
        receivable(1, 77_777, d(7, 1)),
        "Ana",
        "12345678909",
    )];
    let out = run(
        &[line(10, d(7, 1), 77_777, "PIX ***.456.789-**")],
        &targets,
        &auto(),
    );
    let m = only(&out);
    assert_eq!((m.decision, m.score), (Decision::Suggested, 70));
    assert!(has(m, "CPF mascarado do histórico compatível com Ana"));
}

#[test]
fn without_automatic_reconciliation_everything_is_a_suggestion() {
    let targets = [with_ref(
        receivable(1, 10_000, d(3, 10)),
        ReferenceKind::NossoNumero,
        "00012345-6",
    )];
    let lines = [line(10, d(3, 10), 10_000, "NN 12345-6")];
    let out = run(&lines, &targets, &Options::default());
    assert_eq!(only(&out).decision, Decision::Suggested);
    assert_eq!(only(&out).score, 100);
}

#[test]
fn a_reference_with_another_amount_is_a_suggestion_and_a_tolerance_counts_half() {
    let targets = [with_ref(
        receivable(1, 10_000, d(3, 10)),
        ReferenceKind::NossoNumero,
        "00012345-6",
    )];
    let lines = [line(10, d(3, 10), 10_035, "NN 00012345-6")];
    let m = only(&run(&lines, &targets, &auto())).clone();
    assert_eq!((m.decision, m.score), (Decision::Suggested, 80));
    let tolerant = Options {
        tolerance_cents: 50,
        ..auto()
    };
    let m = only(&run(&lines, &targets, &tolerant)).clone();
    assert_eq!((m.decision, m.score), (Decision::Confirmed, 95));
    assert!(has(&m, "Diferença de R$ 0,35 dentro da tolerância"));
}

#[test]
fn one_transfer_for_several_installments_is_found_by_exact_subset_sum() {
    let cpf = "12345678909";
    let targets = [
        with_doc(receivable(1, 10_000, d(8, 10)), "Joana", cpf),
        with_doc(receivable(2, 25_000, d(8, 11)), "Joana", cpf),
        with_doc(receivable(3, 40_000, d(8, 12)), "Joana", cpf),
    ];
    let lines = [line(
        10,
        d(8, 12),
        65_000,
        "PIX RECEBIDO 123.456.789-09 JOANA",
    )];
    let out = run(&lines, &targets, &auto());
    let m = only(&out);
    assert_eq!(
        (m.decision, m.shape),
        (Decision::Confirmed, Shape::OneToMany)
    );
    let mut got = m.targets.clone();
    got.sort();
    assert_eq!(got, vec![id(2), id(3)]);
    assert!(
        has(m, "Soma exata de 2 títulos: R$ 650,00"),
        "{:?}",
        m.reasons
    );
    assert!(has(
        m,
        "Única combinação de títulos do pagador com esta soma"
    ));
    // Two combinations (100 + 250 + 300 = 250 + 400 … here 650 = 250 + 400 = 100 + 250 + 300): none chosen.
    let mut more = targets.to_vec();
    more.push(with_doc(receivable(4, 30_000, d(8, 12)), "Joana", cpf));
    assert_eq!(run(&lines, &more, &auto()).confirmed().count(), 0);
}

#[test]
fn two_pix_for_one_installment_are_matched_together() {
    let targets = [with_doc(
        receivable(1, 50_000, d(9, 8)),
        "Pedro",
        "12345678909",
    )];
    let lines = [
        line(10, d(9, 8), 20_000, "PIX RECEBIDO 123.456.789-09"),
        line(11, d(9, 8), 30_000, "PIX RECEBIDO 123.456.789-09"),
    ];
    let out = run(&lines, &targets, &auto());
    let m = only(&out);
    assert_eq!(
        (m.decision, m.shape),
        (Decision::Confirmed, Shape::ManyToOne)
    );
    assert_eq!(m.lines, vec![id(10), id(11)]);
    assert!(
        has(m, "Os lançamentos somam exatamente o título: R$ 500,00"),
        "{:?}",
        m.reasons
    );
}

#[test]
fn a_target_is_confirmed_once_and_equal_claims_confirm_neither() {
    let targets = [with_ref(
        receivable(1, 10_000, d(3, 10)),
        ReferenceKind::NossoNumero,
        "00012345-6",
    )];
    let lines = [
        line(10, d(3, 10), 10_000, "NN 00012345-6"),
        line(11, d(3, 10), 10_000, "NN 00012345-6"),
    ];
    let out = run(&lines, &targets, &auto());
    assert_eq!(out.confirmed().count(), 0);
    assert_eq!(out.suggested().count(), 2);
    assert!(
        out.suggested()
            .all(|m| m.score == 89
                && has(m, "Outro lançamento disputa o mesmo título nesta execução"))
    );
    // A weaker claim loses to the stronger: one confirmed, the other line gets nothing on that target.
    let lines = [
        line(10, d(3, 10), 10_000, "NN 00012345-6"),
        line(11, d(3, 12), 10_000, "NN 00012345-6"),
    ];
    let out = run(&lines, &targets, &auto());
    assert_eq!(
        out.confirmed().map(|m| m.lines[0]).collect::<Vec<_>>(),
        vec![id(10)]
    );
    assert_eq!(out.suggested().count(), 0);
}

#[test]
fn targets_of_another_account_are_not_candidates() {
    let mut t = with_ref(
        receivable(1, 10_000, d(3, 10)),
        ReferenceKind::NossoNumero,
        "00012345-6",
    );
    t.account = Some(id(0xb));
    assert!(run(
        &[line(10, d(3, 10), 10_000, "NN 00012345-6")],
        &[t],
        &auto()
    )
    .matches
    .is_empty());
}

#[test]
fn a_reference_shared_by_many_targets_identifies_none() {
    // 17 targets with one "reference" (a convênio code, say): the token is not evidence, amount and date are.
    let targets: Vec<Target> = (0..17)
        .map(|i| {
            with_ref(
                receivable(i + 1, 10_000 + i as i64, d(3, 10)),
                ReferenceKind::Other,
                "7777",
            )
        })
        .collect();
    let out = run(
        &[line(100, d(3, 10), 10_000, "CONV 7777")],
        &targets,
        &auto(),
    );
    let m = only(&out);
    assert_eq!(
        (m.decision, m.score, m.targets.as_slice()),
        (Decision::Suggested, 60, &[id(1)][..])
    );
    assert!(!m.reasons.iter().any(|r| r.contains("7777")));
}

#[test]
fn a_holiday_is_not_a_business_day_late() {
    // Due Thursday 02/04/2026, credited Monday 06/04: Friday 03/04 is Sexta-feira Santa.
    let targets = [with_doc(
        receivable(1, 35_000, d(4, 2)),
        "Maria",
        "12345678909",
    )];
    let lines = [line(10, d(4, 6), 35_000, "PIX 123.456.789-09")];
    let holidays = Options {
        holidays: vec![d(4, 3)],
        ..auto()
    };
    let m = only(&run(&lines, &targets, &holidays)).clone();
    assert!(
        has(&m, "Crédito 1 dia útil após o esperado"),
        "{:?}",
        m.reasons
    );
    assert_eq!(m.score, 87);
    let m = only(&run(&lines, &targets, &auto())).clone();
    assert!(has(&m, "Crédito 2 dias úteis após o esperado"));
}

#[test]
fn the_generator_is_deterministic() {
    let (a, b) = (generate(7, 300, 300), generate(7, 300, 300));
    assert_eq!(a.truth, b.truth);
    assert_eq!(
        a.lines
            .iter()
            .map(|l| (&l.memo, l.amount_cents))
            .collect::<Vec<_>>(),
        b.lines
            .iter()
            .map(|l| (&l.memo, l.amount_cents))
            .collect::<Vec<_>>()
    );
    assert_eq!(a.targets.len(), b.targets.len());
}

#[test]
fn generated_5000_lines_meet_the_precision_and_recall_targets() {
    for seed in [1, 2] {
        let g = generate(seed, 5_000, 5_000);
        let out = run(&g.lines, &g.targets, &g.options);
        let q = quality(&g, &out);
        println!("seed {seed}: {} targets; {q}", g.targets.len());
        assert!(q.precision() >= 0.999, "{q}");
        assert!(q.recall() >= 0.90, "{q}");
    }
}

// ---- properties

fn cpf(n: u8) -> String {
    let first9: [u8; 9] = std::array::from_fn(|i| b'0' + ((n as usize * 7 + i * 3) % 10) as u8);
    let dv = banking::document::cpf_check_digits(&first9);
    String::from_utf8([&first9[..], &dv[..]].concat()).unwrap()
}

prop_compose! {
    fn arb_target(n: u128)(
        cents in prop::sample::select(vec![100i64, 200, 300, 500, 700, 1_000, 1_200]),
        fee in prop::sample::select(vec![0i64, 0, 0, 20]),
        payable in prop::bool::weighted(0.2),
        day in 1u32..28,
        reference in prop::option::of(0u8..6),
        doc in prop::option::of(0u8..3),
        group in prop::option::of(0u8..2),
    ) -> Target {
        let mut t = receivable(n, cents, d(3, day));
        t.fee_cents = fee;
        if payable { t.side = Side::Payable; }
        if let Some(r) = reference {
            t.references.push(Reference { kind: ReferenceKind::NossoNumero, value: format!("{:08}", 1000 + u32::from(r)) });
        }
        t.counterparty_document = doc.map(cpf);
        t.group = group.map(|g| GroupRef { kind: GroupKind::ReturnCredit, id: id(900 + u128::from(g)), date: d(3, 15) });
        t
    }
}

prop_compose! {
    fn arb_line(n: u128)(
        cents in prop::sample::select(vec![100i64, 200, 300, 400, 500, 800, 1_000, 1_500, 1_700, 2_000, 0, i64::MAX, i64::MIN]),
        debit in prop::bool::weighted(0.2),
        day in 1u32..28,
        reference in prop::option::of(0u8..6),
        doc in prop::option::of(0u8..3),
    ) -> StatementLine {
        let mut memo = String::from("PIX");
        if let Some(r) = reference { memo.push_str(&format!(" NN {:08}", 1000 + u32::from(r))); }
        if let Some(c) = doc { memo.push(' '); memo.push_str(&cpf(c)); }
        let signed = if debit { cents.saturating_neg() } else { cents };
        line(n, d(3, day), signed, &memo)
    }
}

fn world() -> impl Strategy<Value = (Vec<StatementLine>, Vec<Target>)> {
    (0usize..24, 0usize..24).prop_flat_map(|(nl, nt)| {
        let lines: Vec<_> = (0..nl).map(|i| arb_line(1_000 + i as u128)).collect();
        let targets: Vec<_> = (0..nt).map(|i| arb_target(1 + i as u128)).collect();
        (lines, targets)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn never_panics_never_reuses_and_groups_sum_exactly((lines, targets) in world(), tolerance in 0i64..100) {
        let options = Options { auto_confirm: true, tolerance_cents: tolerance, ..Options::default() };
        let out = run(&lines, &targets, &options);
        let mut used_targets = std::collections::HashSet::new();
        let mut used_lines = std::collections::HashSet::new();
        for m in out.confirmed() {
            prop_assert!(m.score >= 90);
            // Amount and date alone never confirm: some reason names a reference, a group or the document.
            let identity = ["Nosso número", "Título", "Nota fiscal", "Referência", "Soma das", "Soma dos", "CPF ", "CNPJ "];
            prop_assert!(m.reasons.iter().any(|r| identity.iter().any(|p| r.starts_with(p))), "{:?}", m.reasons);
            for t in &m.targets { prop_assert!(used_targets.insert(*t), "target {t} confirmed twice"); }
            for l in &m.lines { prop_assert!(used_lines.insert(*l), "line {l} confirmed twice"); }
        }
        for m in &out.matches {
            prop_assert!(m.score <= 100 && m.score >= 60 && !m.reasons.is_empty());
            if m.shape != Shape::OneToOne {
                let by_id = |id: &Uuid| targets.iter().find(|t| t.id == *id).unwrap();
                let line_sum: i64 = m.lines.iter().map(|id| lines.iter().find(|l| l.id == *id).unwrap().amount_cents).sum();
                let target_sum: i64 = m.targets.iter().map(|id| by_id(id).statement_cents()).sum();
                prop_assert_eq!(line_sum, target_sum, "{:?}", m);
            }
        }
    }
}

/// The bench's set, in a test build: slow unoptimised, so ignored by default
/// (`cargo test -p finance --lib reconciliation -- --ignored --nocapture`); prints the time, asserts only quality.
#[test]
#[ignore]
fn generated_100000_lines_meet_the_precision_and_recall_targets() {
    let g = generate(42, 100_000, 100_000);
    let started = std::time::Instant::now();
    let out = run(&g.lines, &g.targets, &g.options);
    let took = started.elapsed();
    let q = quality(&g, &out);
    println!(
        "{} lines × {} targets in {took:?} (this build); {q}",
        g.lines.len(),
        g.targets.len()
    );
    assert!(q.precision() >= 0.999, "{q}");
    assert!(q.recall() >= 0.90, "{q}");
}
