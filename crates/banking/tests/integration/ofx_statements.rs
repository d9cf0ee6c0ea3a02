//! OFX and CNAB 240 segment E statements: every public sample reads, amounts in
//! centavos, stable identities for re-imports.

use crate::common;

use banking::statement::{extrato, ofx};
use chrono::NaiveDate;
use proptest::prelude::*;
use std::collections::HashSet;

/// (file, accounts, transactions, ledger balances in centavos, warnings)
type Sample = (&'static str, usize, usize, &'static [Option<i64>], usize);

const SAMPLES: &[Sample] = &[
    (
        "ofx-reader/ofx-files/creditcard.ofx",
        1,
        3,
        &[Some(-111101)],
        0,
    ),
    ("ofx-reader/ofx-files/Bradesco.ofx", 1, 6, &[Some(3401)], 0),
    (
        "ofx-reader/ofx-files/version103.ofx",
        1,
        3,
        &[Some(525000)],
        0,
    ),
    (
        "ofx-reader/ofx-files/CaixaEconomicaFederal.ofx",
        1,
        3,
        &[Some(50027)],
        0,
    ),
    (
        "ofx-reader/ofx-files/CaixaEconomicaFederal.ofc",
        1,
        3,
        &[Some(50027)],
        0,
    ),
    ("ofx-reader/ofx-files/sicredi.ofx", 1, 54, &[Some(917)], 0),
    // BB repeats one FITID for two identical lines: both kept, each with its own id.
    (
        "ofx-reader/ofx-files/BancodoBrasil.ofc",
        1,
        7,
        &[Some(-1000)],
        1,
    ),
    (
        "ofx-reader/ofx-files/BancodoBrasil.ofx",
        1,
        7,
        &[Some(-1000)],
        1,
    ),
    ("ofx-reader/ofx-files/extrato.ofc", 1, 7, &[Some(-1000)], 1),
    ("ofx-reader/ofx-files/extrato.ofx", 1, 7, &[Some(-1000)], 1),
    ("ofx-reader/ofx-files/Itau.ofx", 1, 17, &[Some(91014)], 0),
    ("ofx-reader/ofx-files/nubank.ofx", 1, 5, &[Some(-45106)], 0),
    ("ofx-reader/ofx-files/amex.ofx", 1, 2, &[Some(-76460)], 0),
    ("ofx-reader/ofx-files/bb.ofx", 1, 81, &[Some(652919)], 0),
    ("ofx-reader/ofx-files/suncorp.ofx", 1, 1, &[Some(123412)], 0),
    (
        "ofxparse/tests/fixtures/bank_medium.ofx",
        1,
        3,
        &[Some(38234)],
        0,
    ),
    ("ofxparse/tests/fixtures/bank_small.ofx", 0, 0, &[], 1),
    (
        "ofxparse/tests/fixtures/checking.ofx",
        1,
        3,
        &[Some(10099)],
        0,
    ),
    (
        "ofxparse/tests/fixtures/anzcc.ofx",
        1,
        1,
        &[Some(-12345)],
        0,
    ),
    (
        "ofxparse/tests/fixtures/ofx-v102-empty-tags.ofx",
        1,
        1,
        &[None],
        0,
    ),
    (
        "ofxparse/tests/fixtures/multiple_accounts.ofx",
        2,
        0,
        &[Some(11100), Some(22200)],
        0,
    ),
    ("ofxparse/tests/fixtures/signon_fail.ofx", 0, 0, &[], 0),
    ("ofxparse/tests/fixtures/error_message.ofx", 0, 0, &[], 1),
    (
        "ofxparse/tests/fixtures/fail_nice/empty_balance.ofx",
        1,
        1,
        &[None],
        0,
    ),
    // One empty DTPOSTED and one 31/02: skipped with a warning each (and a third, same FITID).
    (
        "ofxparse/tests/fixtures/fail_nice/date_missing.ofx",
        1,
        0,
        &[Some(0)],
        3,
    ),
];

#[test]
fn every_sample_reads() {
    let Some(dir) = common::fixture_dir("ofx") else {
        return;
    };
    let mut failures = vec![];
    for (path, accounts, txns, balances, warnings) in SAMPLES {
        let o = match ofx::parse(&std::fs::read(dir.join(path)).unwrap()) {
            Ok(o) => o,
            Err(e) => {
                failures.push(format!("{path}: {e}"));
                continue;
            }
        };
        let got = (
            o.accounts.len(),
            o.accounts
                .iter()
                .map(|a| a.transactions.len())
                .sum::<usize>(),
            o.accounts
                .iter()
                .map(|a| a.ledger_balance)
                .collect::<Vec<_>>(),
            o.warnings.len(),
        );
        if got != (*accounts, *txns, balances.to_vec(), *warnings) {
            failures.push(format!("{path}: {got:?} {:?}", o.warnings));
        }
        let ids: HashSet<_> = o
            .accounts
            .iter()
            .flat_map(|a| a.transactions.iter().map(|t| t.id.clone()))
            .collect();
        if ids.len() != got.1 {
            failures.push(format!("{path}: ids repetidos"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn brazilian_quirks() {
    let Some(dir) = common::fixture_dir("ofx") else {
        return;
    };
    let read = |p: &str| ofx::parse(&std::fs::read(dir.join(p)).unwrap()).unwrap();
    // Itaú: dates with [-03:EST], amounts with a point.
    let itau = read("ofx-reader/ofx-files/Itau.ofx");
    let t = &itau.accounts[0].transactions[0];
    assert_eq!(
        (t.posted, t.amount),
        (NaiveDate::from_ymd_opt(2015, 4, 2).unwrap(), -3297)
    );
    // bb.ofx: CP1252 bytes and trailing spaces in values.
    let bb = read("ofx-reader/ofx-files/bb.ofx");
    assert!(bb.accounts[0]
        .transactions
        .iter()
        .all(|t| t.memo == t.memo.trim()));
    assert!(bb.accounts[0]
        .transactions
        .iter()
        .any(|t| t.memo.contains('Ã') || t.memo.contains('ã') || t.memo.contains('ç')));
    // Nubank: UTF-8 although the header says 1252.
    let nu = read("ofx-reader/ofx-files/nubank.ofx");
    assert!(nu.accounts[0]
        .transactions
        .iter()
        .all(|t| !t.memo.contains('\u{FFFD}') && !t.memo.contains('Ã')));
}

#[test]
fn synthetic_quirks_comma_decimals_and_balamt_without_point() {
    let sgml = "OFXHEADER:100\nDATA:OFXSGML\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\n<BANKACCTFROM><BANKID>0237<BRANCHID>1234<ACCTID>55555-5<ACCTTYPE>CHECKING</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>20260101[-3:BRT]<DTEND>20260131[-3:BRT]\n<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260105120000[-3:BRT]<TRNAMT>-1.234,56  <FITID>A1<MEMO>Tarifa   </STMTTRN>\n<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260106<TRNAMT>20,5<FITID>A2<MEMO>Pix recebido de Jo\u{e3}o</STMTTRN>\n</BANKTRANLIST><LEDGERBAL><BALAMT>1500<DTASOF>20260131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    let mut bytes: Vec<u8> = vec![];
    for c in sgml.chars() {
        // Encode as CP1252 (all chars here are Latin-1).
        bytes.push(c as u32 as u8);
    }
    let o = ofx::parse(&bytes).unwrap();
    let a = &o.accounts[0];
    assert_eq!(a.ledger_balance, Some(150_000));
    assert_eq!(a.transactions[0].amount, -123_456);
    assert_eq!(a.transactions[0].memo, "Tarifa");
    assert_eq!(a.transactions[1].amount, 2050);
    assert_eq!(a.transactions[1].memo, "Pix recebido de João");
    assert_eq!(a.start, NaiveDate::from_ymd_opt(2026, 1, 1));
}

#[test]
fn reimport_keeps_ids_and_new_lines_get_new_ids() {
    let Some(dir) = common::fixture_dir("ofx") else {
        return;
    };
    let bytes = std::fs::read(dir.join("ofx-reader/ofx-files/Itau.ofx")).unwrap();
    let a = ofx::parse(&bytes).unwrap();
    let b = ofx::parse(&bytes).unwrap();
    let ids = |o: &ofx::Ofx| {
        o.accounts[0]
            .transactions
            .iter()
            .map(|t| t.id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&a), ids(&b));
    // The same FITID in another account is another transaction.
    let text = String::from_utf8_lossy(&bytes).replace("<ACCTID>", "<ACCTID>9");
    let c = ofx::parse(text.as_bytes()).unwrap();
    let old: HashSet<_> = ids(&a).into_iter().collect();
    assert!(ids(&c).iter().all(|id| !old.contains(id)));
}

#[test]
fn not_ofx_is_an_error() {
    assert!(ofx::parse(b"hello").is_err());
    assert!(ofx::parse(b"").is_err());
}

fn entries() -> Vec<extrato::Entry> {
    let d = |day| NaiveDate::from_ymd_opt(2026, 11, day).unwrap();
    let e = |day, amount, code: &str, doc: &str| extrato::Entry {
        date: d(day),
        amount,
        history_code: code.into(),
        history: "Lançamento".into(),
        document: doc.into(),
    };
    vec![
        e(3, -12_345, "0105", "DOC1"),
        e(3, 50_000, "0210", "PIX9"),
        e(4, -12_345, "0105", "DOC1"),
        e(4, -12_345, "0105", "DOC1"),
    ]
}

#[test]
fn segment_e_round_trip_with_stable_ids() {
    let mut out = vec![];
    extrato::write(
        237,
        "1234",
        "98765",
        (NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(), 100_000),
        &entries(),
        &mut out,
    )
    .unwrap();
    let x = extrato::read(&out[..]).unwrap();
    assert!(x.checks.iter().all(|c| c.matches()), "{:?}", x.checks);
    let a = &x.accounts[0];
    assert_eq!(a.opening_balance, Some(100_000));
    assert_eq!(a.ledger_balance, Some(100_000 - 3 * 12_345 + 50_000));
    let amounts: Vec<i64> = a.transactions.iter().map(|t| t.amount).collect();
    assert_eq!(amounts, [-12_345, 50_000, -12_345, -12_345]);
    // Two identical lines on the same day keep distinct, stable ids.
    let ids: HashSet<_> = a.transactions.iter().map(|t| &t.id).collect();
    assert_eq!(ids.len(), 4);
    let again = extrato::read(&out[..]).unwrap();
    assert_eq!(again.accounts[0].transactions, a.transactions);
}

#[test]
fn segment_e_refuses_a_cobranca_file() {
    let mut out = vec![];
    extrato::write(
        237,
        "1",
        "2",
        (NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(), 0),
        &[],
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    // Turn the lot's service 04 into 01 (cobrança).
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if l.as_bytes()[7] == b'1' {
                format!("{}01{}", &l[..9], &l[11..])
            } else {
                l.to_string()
            }
        })
        .collect();
    let e = extrato::read(lines.join("\r\n").as_bytes()).unwrap_err();
    assert!(e.message.contains("cobrança"), "{e}");
}

proptest! {
    #[test]
    fn ofx_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let _ = ofx::parse(&bytes);
    }

    #[test]
    fn ofx_never_panics_on_tag_soup(parts in proptest::collection::vec(prop_oneof![
        Just("<OFX>".to_string()), Just("<STMTRS>".to_string()), Just("</STMTRS>".to_string()),
        Just("<STMTTRN>".to_string()), Just("</STMTTRN>".to_string()), Just("<TRNAMT>".to_string()),
        Just("<DTPOSTED>".to_string()), Just("<FITID>".to_string()), Just("<BALAMT>".to_string()),
        Just("<LEDGERBAL>".to_string()), Just("<STATUS><CODE>".to_string()), Just("<OFC><ACCTSTMT>".to_string()),
        "[-0-9.,]{0,25}", "[A-Za-z<>/\\[\\]: ]{0,12}"
    ], 0..60)) {
        let _ = ofx::parse(parts.concat().as_bytes());
    }

    #[test]
    fn extrato_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let _ = extrato::read(&bytes[..]);
    }
}
