//! Write → read round trips for every bank and layout, plus "the reader never panics".

use banking::bank::Bank;
use banking::cnab::retorno::{read_remessa_titles, read_retorno, RetornoItem, RetornoReader};
use banking::cnab::{
    c240, c400, Company, Fine, Instruction, Interest, Layout, Payer, RemessaHeader, Title,
};
use chrono::NaiveDate;
use proptest::prelude::*;

fn company(bank: Bank) -> Company {
    Company {
        name: "Empresa Exemplo Ltda".into(),
        document: "12.345.678/0001-95".into(),
        agency: "1234".into(),
        agency_dv: "5".into(),
        account: "12345".into(),
        account_dv: "6".into(),
        agreement: match bank {
            Bank::BancoDoBrasil => "1234567".into(),
            Bank::Caixa => "123456".into(),
            Bank::Santander => "123456789012345".into(),
            _ => "12345".into(),
        },
        wallet: match bank {
            Bank::Itau => "109".into(),
            Bank::Bradesco => "09".into(),
            Bank::BancoDoBrasil => "17".into(),
            Bank::Santander => "1".into(),
            _ => "1".into(),
        },
        variation: if bank == Bank::BancoDoBrasil {
            "019".into()
        } else {
            "01".into()
        },
        post: "02".into(),
    }
}

fn header(bank: Bank) -> RemessaHeader {
    RemessaHeader {
        bank,
        company: company(bank),
        sequence: 42,
        generated_at: NaiveDate::from_ymd_opt(2026, 11, 20)
            .unwrap()
            .and_hms_opt(9, 30, 0)
            .unwrap(),
    }
}

/// A nosso número of the width each bank's layout holds.
fn nosso(bank: Bank, layout: Layout, n: u64) -> String {
    let width = match (layout, bank) {
        (Layout::Cnab240, Bank::Santander) => 13,
        (Layout::Cnab240, Bank::Caixa) => return format!("14{n:015}"),
        (Layout::Cnab240, Bank::Itau) => 9,
        (Layout::Cnab240, Bank::Bradesco) => 12,
        (Layout::Cnab240, Bank::Sicoob) => 10,
        (Layout::Cnab240, Bank::BancoDoBrasil) => 17,
        (Layout::Cnab240, Bank::Sicredi) => 9,
        (Layout::Cnab400, Bank::BancoDoBrasil) => 17,
        (Layout::Cnab400, Bank::Sicoob) => 12,
        (Layout::Cnab400, Bank::Bradesco) => 12,
        (Layout::Cnab400, _) => 8,
    };
    format!("{n:0width$}")
}

fn title(bank: Bank, layout: Layout, i: u64) -> Title {
    Title {
        instruction: Instruction::Register,
        nosso_numero: nosso(bank, layout, i + 1),
        seu_numero: format!("NF{i:05}"),
        due_date: NaiveDate::from_ymd_opt(2026, 12, 10).unwrap(),
        issue_date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        amount: 123_456 + i as i64,
        payer: Payer {
            name: "JOSE DA SILVA".into(),
            document: "01234567890".into(),
            address: "RUA DAS FLORES 10".into(),
            district: "CENTRO".into(),
            zip: "01310100".into(),
            city: "SAO PAULO".into(),
            state: "SP".into(),
        },
        species: Some("02".into()),
        interest: Some(Interest::DailyAmount(41)),
        interest_from: NaiveDate::from_ymd_opt(2026, 12, 11),
        fine: Some(Fine::Percent(200)),
        fine_from: NaiveDate::from_ymd_opt(2026, 12, 11),
        discount: Some(1000),
        discount_until: NaiveDate::from_ymd_opt(2026, 12, 5),
        abatement: None,
        protest_days: Some(5),
        messages: vec!["NAO RECEBER APOS 30 DIAS".into()],
    }
}

const BANKS_400: [Bank; 5] = [
    Bank::BancoDoBrasil,
    Bank::Bradesco,
    Bank::Itau,
    Bank::Santander,
    Bank::Sicoob,
];

fn write_240(h: &RemessaHeader, titles: &[Title]) -> Vec<u8> {
    let mut out = vec![];
    c240::write_remessa(h, titles, &mut out).unwrap();
    out
}

fn write_400(h: &RemessaHeader, titles: &[Title]) -> Vec<u8> {
    let mut out = vec![];
    c400::write_remessa(h, titles, &mut out).unwrap();
    out
}

fn assert_shape(bytes: &[u8], width: usize) {
    assert!(
        bytes.ends_with(b"\r\n"),
        "CRLF at the end, no blank last line"
    );
    assert!(!bytes.ends_with(b"\r\n\r\n"));
    for line in bytes.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
        assert_eq!(line.len(), width + 1, "{}", String::from_utf8_lossy(line));
        assert_eq!(line[width], b'\r');
        assert!(line[..width]
            .iter()
            .all(|b| b.is_ascii() && !b.is_ascii_lowercase()));
    }
}

#[test]
fn cnab240_round_trip_every_bank() {
    for bank in Bank::ALL {
        let h = header(bank);
        let titles: Vec<Title> = (0..3).map(|i| title(bank, Layout::Cnab240, i)).collect();
        let bytes = write_240(&h, &titles);
        assert_shape(&bytes, 240);
        let (info, back) = read_remessa_titles(&bytes).unwrap();
        assert_eq!(info.bank_code, bank.code());
        assert_eq!(info.sequence, 42);
        assert_eq!(back, titles, "banco {}", bank.code());
    }
}

/// An abatimento is movement 04 with its amount in the abatimento field (segment P 181–195; CNAB 400
/// 206–218), never the discount's fields, on every bank and both layouts; and it reads back.
#[test]
fn an_abatimento_goes_in_its_own_field_with_movement_04() {
    let rebate = |bank, layout| {
        let mut t = title(bank, layout, 0);
        t.instruction = Instruction::GrantRebate;
        t.abatement = Some(2_500);
        t.discount = None;
        t.discount_until = None;
        t
    };
    let field = |line: &[u8], from: usize, to: usize| {
        String::from_utf8_lossy(&line[from - 1..to]).to_string()
    };
    for bank in Bank::ALL {
        let t = rebate(bank, Layout::Cnab240);
        let bytes = write_240(&header(bank), std::slice::from_ref(&t));
        let p = bytes
            .split(|c| *c == b'\n')
            .find(|l| l.get(13) == Some(&b'P'))
            .expect("segment P");
        assert_eq!(
            field(p, 16, 17),
            "04",
            "banco {}: código de movimento",
            bank.code()
        );
        assert_eq!(
            field(p, 181, 195),
            "000000000002500",
            "banco {}: valor do abatimento",
            bank.code()
        );
        assert_eq!(
            field(p, 151, 165),
            "000000000000000",
            "banco {}: valor do desconto",
            bank.code()
        );
        let (_, back) = read_remessa_titles(&bytes).unwrap();
        assert_eq!(back, vec![t], "banco {}", bank.code());
    }
    for bank in BANKS_400 {
        let t = rebate(bank, Layout::Cnab400);
        let bytes = write_400(&header(bank), std::slice::from_ref(&t));
        let detail = bytes.split(|c| *c == b'\n').nth(1).expect("detail");
        assert_eq!(
            field(detail, 109, 110),
            "04",
            "banco {}: comando",
            bank.code()
        );
        assert_eq!(
            field(detail, 206, 218),
            "0000000002500",
            "banco {}: abatimento",
            bank.code()
        );
        assert_eq!(
            field(detail, 180, 192),
            "0000000000000",
            "banco {}: desconto",
            bank.code()
        );
        let (_, back) = read_remessa_titles(&bytes).unwrap();
        assert_eq!(back, vec![project_400(bank, &t)], "banco {}", bank.code());
    }
}

#[test]
fn cnab240_sicoob_has_segment_s_and_others_do_not() {
    let sicoob = write_240(
        &header(Bank::Sicoob),
        &[title(Bank::Sicoob, Layout::Cnab240, 0)],
    );
    let s_lines = |b: &[u8]| {
        b.split(|c| *c == b'\n')
            .filter(|l| l.get(13) == Some(&b'S'))
            .count()
    };
    assert_eq!(s_lines(&sicoob), 1);
    let bb = write_240(
        &header(Bank::BancoDoBrasil),
        &[title(Bank::BancoDoBrasil, Layout::Cnab240, 0)],
    );
    assert_eq!(s_lines(&bb), 0);
}

/// What a CNAB 400 layout can carry back: some layouts have no district/city/state,
/// none carries the fine or messages in the detail record.
fn project_400(bank: Bank, t: &Title) -> Title {
    let mut t = t.clone();
    t.species = None;
    t.interest_from = None;
    t.fine = None;
    t.fine_from = None;
    t.messages.clear();
    t.seu_numero.truncate(10);
    if bank == Bank::Sicoob {
        // Sicoob 400 takes a monthly rate only: a daily amount goes as the equivalent rate.
        let bp = c400::monthly_rate_bp(&t) as u32;
        t.interest = Some(bp).filter(|b| *b > 0).map(Interest::MonthlyRate);
    }
    if bank == Bank::Bradesco {
        t.payer.district.clear();
        t.payer.city.clear();
        t.payer.state.clear();
    }
    t
}

#[test]
fn cnab400_round_trip_every_bank() {
    for bank in BANKS_400 {
        let h = header(bank);
        let titles: Vec<Title> = (0..3).map(|i| title(bank, Layout::Cnab400, i)).collect();
        let bytes = write_400(&h, &titles);
        assert_shape(&bytes, 400);
        let (info, back) = read_remessa_titles(&bytes).unwrap();
        assert_eq!(info.bank_code, bank.code());
        let expected: Vec<Title> = titles.iter().map(|t| project_400(bank, t)).collect();
        assert_eq!(back, expected, "banco {}", bank.code());
    }
}

#[test]
fn cnab400_unsupported_bank_is_an_error() {
    let e = c400::write_remessa(
        &header(Bank::Caixa),
        &[title(Bank::Caixa, Layout::Cnab400, 0)],
        &mut vec![],
    );
    assert!(e.unwrap_err().to_string().contains("não implementado"));
}

#[test]
fn accents_are_stripped_and_lines_keep_their_width() {
    let mut t = title(Bank::Itau, Layout::Cnab240, 0);
    t.payer.name = "João Conceição nº 5 – Ação".into();
    let bytes = write_240(&header(Bank::Itau), &[t]);
    assert_shape(&bytes, 240);
    let (_, back) = read_remessa_titles(&bytes).unwrap();
    assert_eq!(back[0].payer.name, "JOAO CONCEICAO NO 5 - ACAO");
}

#[test]
fn overlong_values_are_refused_naming_the_field() {
    let mut t = title(Bank::Santander, Layout::Cnab240, 0);
    t.nosso_numero = "12345678901234".into();
    let e = c240::write_remessa(&header(Bank::Santander), &[t], &mut vec![]).unwrap_err();
    assert!(e.to_string().contains("nosso_numero"), "{e}");
}

fn item(bank: Bank, i: u64) -> RetornoItem {
    RetornoItem {
        line: 0,
        occurrence_code: "06".into(),
        occurrence: "Liquidação".into(),
        reasons: vec!["A4".into()],
        reason_descriptions: vec!["motivo A4".into()],
        settled: true,
        nosso_numero: nosso(bank, Layout::Cnab240, i + 1),
        seu_numero: format!("NF{i}"),
        due_date: NaiveDate::from_ymd_opt(2026, 12, 10),
        amount: 10_000,
        paid_amount: 10_250,
        fees: 180,
        interest: 250,
        discount: 0,
        rebate: 0,
        iof: 0,
        net_amount: 10_070,
        other_expenses: 0,
        other_credits: 0,
        occurrence_date: NaiveDate::from_ymd_opt(2026, 12, 12),
        credit_date: NaiveDate::from_ymd_opt(2026, 12, 13),
        payer_name: "MARIA".into(),
        payer_document: "12345678000195".into(),
    }
}

#[test]
fn cnab240_retorno_round_trip_every_bank() {
    for bank in Bank::ALL {
        let items: Vec<RetornoItem> = (0..4).map(|i| item(bank, i)).collect();
        let mut out = vec![];
        c240::write_retorno(&header(bank), &items, &mut out).unwrap();
        let r = read_retorno(&out).unwrap();
        assert!(r.checks.iter().all(|c| c.matches()), "{:?}", r.checks);
        let back: Vec<RetornoItem> = r
            .items
            .into_iter()
            .map(|it| RetornoItem { line: 0, ..it })
            .collect();
        assert_eq!(back, items, "banco {}", bank.code());
    }
}

#[test]
fn segment_u_does_not_overwrite_t() {
    let mut out = vec![];
    c240::write_retorno(
        &header(Bank::BancoDoBrasil),
        &[item(Bank::BancoDoBrasil, 0)],
        &mut out,
    )
    .unwrap();
    // Put a different movement code and garbage where T's fields sit into U.
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if l.as_bytes()[13] == b'U' {
                format!("{}99{}", &l[..15], &l[17..])
            } else {
                l.to_string()
            }
        })
        .collect();
    let r = read_retorno(lines.join("\r\n").as_bytes()).unwrap();
    assert_eq!(r.items[0].occurrence_code, "06");
    assert_eq!(r.items[0].amount, 10_000);
    assert_eq!(r.items[0].paid_amount, 10_250);
}

fn upper(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!(
        "[A-Z]([A-Z0-9 ]{{0,{}}}[A-Z0-9])?",
        max.saturating_sub(2)
    ))
    .unwrap()
}

prop_compose! {
    fn arb_title(bank: Bank, layout: Layout)(
        n in 1u64..9_999_999,
        seu in upper(10),
        amount in 1i64..9_999_999_999,
        due_offset in 0i64..3000,
        name in upper(30),
        address in upper(37),
        district in upper(12),
        city in upper(15),
        interest in proptest::option::of(1i64..99_999),
        discount in proptest::option::of(1i64..99_999),
        protest in proptest::option::of(1u8..99),
    ) -> Title {
        let base = NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
        let mut t = title(bank, layout, 0);
        t.nosso_numero = nosso(bank, layout, n);
        t.seu_numero = seu;
        t.amount = amount;
        t.due_date = base + chrono::Duration::days(due_offset);
        t.payer = Payer { name, address, district, city, ..t.payer };
        t.interest = interest.map(Interest::DailyAmount);
        t.interest_from = interest.map(|_| t.due_date + chrono::Duration::days(1));
        t.discount = discount;
        t.discount_until = discount.map(|_| t.due_date);
        t.protest_days = protest;
        t.fine = None;
        t.fine_from = None;
        t.messages = vec![];
        t
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn prop_cnab240_round_trip(bank_i in 0usize..7, titles in proptest::collection::vec(arb_title(Bank::Itau, Layout::Cnab240), 1..5)) {
        let bank = Bank::ALL[bank_i];
        let titles: Vec<Title> = titles.into_iter().enumerate().map(|(i, mut t)| {
            t.nosso_numero = nosso(bank, Layout::Cnab240, i as u64 + 7);
            t
        }).collect();
        let bytes = write_240(&header(bank), &titles);
        let (_, back) = read_remessa_titles(&bytes).unwrap();
        prop_assert_eq!(back, titles);
    }

    #[test]
    fn prop_cnab400_round_trip(bank_i in 0usize..5, titles in proptest::collection::vec(arb_title(Bank::Itau, Layout::Cnab400), 1..5)) {
        let bank = BANKS_400[bank_i];
        let titles: Vec<Title> = titles.into_iter().enumerate().map(|(i, mut t)| {
            t.nosso_numero = nosso(bank, Layout::Cnab400, i as u64 + 7);
            t
        }).collect();
        let bytes = write_400(&header(bank), &titles);
        let (_, back) = read_remessa_titles(&bytes).unwrap();
        let expected: Vec<Title> = titles.iter().map(|t| project_400(bank, t)).collect();
        prop_assert_eq!(back, expected);
    }

    #[test]
    fn prop_retorno_reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        if let Ok(reader) = RetornoReader::new(&bytes[..]) {
            for item in reader { let _ = item; }
        }
        let _ = read_remessa_titles(&bytes);
    }

    #[test]
    fn prop_reader_never_panics_on_mutated_valid_file(pos in 0usize..2000, byte in any::<u8>(), cut in 0usize..2000) {
        let mut out = vec![];
        c240::write_retorno(&header(Bank::Sicoob), &[item(Bank::Sicoob, 0), item(Bank::Sicoob, 1)], &mut out).unwrap();
        let p = pos % out.len();
        out[p] = byte;
        out.truncate(cut.max(1).min(out.len()));
        if let Ok(r) = RetornoReader::new(&out[..]) {
            for item in r { let _ = item; }
        }
    }
}

#[test]
fn big_remessa_rolls_lots_and_stays_valid() {
    // 40,000 titles × 3 records exceed one lot's 99,999 details: two lots.
    let h = header(Bank::Sicredi);
    let t = title(Bank::Sicredi, Layout::Cnab240, 0);
    let mut out = vec![];
    let s = c240::write_remessa(&h, std::iter::repeat_n(&t, 40_000), &mut out).unwrap();
    assert_eq!(s.records, 40_000 * 3 + 2 + 2 * 2);
    let lot_headers = out
        .split(|b| *b == b'\n')
        .filter(|l| l.get(7) == Some(&b'1'))
        .count();
    assert_eq!(lot_headers, 2);
    let report = banking::validate::validate(&out);
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.problem.contains("nosso número") || f.field == "inscricao_pagador"),
        "{:?}",
        &report.findings[..report.findings.len().min(5)]
    );
    let (_, back) = read_remessa_titles(&out).unwrap();
    assert_eq!(back.len(), 40_000);
}

#[test]
fn a_file_over_999999_records_is_refused() {
    let h = header(Bank::BancoDoBrasil);
    let t = title(Bank::BancoDoBrasil, Layout::Cnab240, 0);
    let e = c240::write_remessa(&h, std::iter::repeat_n(&t, 340_000), &mut std::io::sink())
        .unwrap_err();
    assert!(e.to_string().contains("999999"), "{e}");
}

#[test]
fn document_of_never_slices_inside_a_character() {
    use banking::cnab::retorno::document_of;
    // CP1252 bytes decode to multi-byte characters: found by the mutation property.
    assert_eq!(
        document_of(Some(1), "0\u{2018}2345678000195"),
        "0\u{2018}2345678000195"
    );
    assert_eq!(document_of(Some(1), "000052998224725"), "52998224725");
    assert_eq!(document_of(Some(2), "011222333000181"), "11222333000181");
    assert_eq!(document_of(Some(2), "000000000000000"), "");
}
