//! CNAB 240 payments: write → read for Itaú SISPAG and the FEBRABAN banks, the public
//! SISPAG samples, and refusal of the wrong kind of retorno.

use crate::common;

use banking::bank::Bank;
use banking::cnab::payments::{self, Method, PayeeAccount, Payment, PixKeyType};
use banking::cnab::{Company, RemessaHeader};
use chrono::NaiveDate;

fn header(bank: Bank) -> RemessaHeader {
    RemessaHeader {
        bank,
        company: Company {
            name: "Empresa Pagadora SA".into(),
            document: "12345678000195".into(),
            agency: "1234".into(),
            agency_dv: "0".into(),
            account: "98765".into(),
            account_dv: "4".into(),
            agreement: "CONV123".into(),
            ..Company::default()
        },
        sequence: 7,
        generated_at: NaiveDate::from_ymd_opt(2026, 11, 20)
            .unwrap()
            .and_hms_opt(8, 0, 0)
            .unwrap(),
    }
}

fn d(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
}

fn sample_payments() -> Vec<Payment> {
    let ted = Method::Ted {
        account: PayeeAccount {
            bank: "237".into(),
            agency: "4321".into(),
            agency_dv: "1".into(),
            account: "55555".into(),
            account_dv: "2".into(),
            ispb: "60746948".into(),
        },
        name: "Fornecedor Ação Ltda".into(),
        document: "11222333000181".into(),
        same_owner: false,
        purpose: "00010".into(),
    };
    let pix = Method::PixKey {
        key_type: PixKeyType::Email,
        key: "Financeiro@Fornecedor.com.br".into(),
        name: "Fornecedor Dois".into(),
        document: "12345678909".into(),
    };
    let boleto = Method::Boleto {
        barcode: "00192376900000135000000001238798777770016818".into(),
        beneficiary: "Banco Beneficiario".into(),
        due_date: d(25),
        face_amount: 135_000,
        discount: 0,
        interest: 0,
        beneficiary_document: "00000000000191".into(),
    };
    let qr = Method::PixQr {
        payload: "pix.example.com/qr/v2/9d36b84f".into(),
        txid: "TX123".into(),
        name: "Loja QR".into(),
        document: "11222333000181".into(),
    };
    let utility = Method::Utility {
        barcode: "83640000001123400481003800000000000000000000".into(),
        name: "Energia".into(),
        due_date: d(28),
    };
    let darf = Method::Darf {
        revenue_code: "5952".into(),
        contributor_document: "12345678000195".into(),
        contributor_name: "Empresa Pagadora SA".into(),
        period: NaiveDate::from_ymd_opt(2026, 10, 31).unwrap(),
        reference: "".into(),
        principal: 10_000,
        fine: 200,
        interest: 100,
        due_date: d(20),
    };
    let methods = [ted, pix, boleto, qr, utility, darf];
    methods
        .into_iter()
        .enumerate()
        .map(|(i, method)| Payment {
            amount: if i == 2 { 135_000 } else { 10_300 + i as i64 },
            method,
            seu_numero: format!("PG{i}"),
            date: d(21),
        })
        .collect()
}

#[test]
fn payments_round_trip_itau_and_febraban() {
    for bank in [
        Bank::Itau,
        Bank::BancoDoBrasil,
        Bank::Bradesco,
        Bank::Santander,
    ] {
        let pays = sample_payments();
        let mut out = vec![];
        let summary = payments::write_remessa(&header(bank), &pays, &mut out).unwrap();
        assert_eq!(summary.payments, 6);
        assert_eq!(summary.lots, 6, "one lot per forma");
        for line in out.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
            assert_eq!(line.len(), 241);
        }
        let r = payments::read_retorno(&out[..]).unwrap();
        assert!(r.checks.iter().all(|c| c.matches()), "{:?}", r.checks);
        let segs: Vec<&str> = r.items.iter().map(|p| p.segment.as_str()).collect();
        assert_eq!(
            segs,
            ["A", "A", "J", "J", "O", "N"],
            "banco {}",
            bank.code()
        );
        let formas: Vec<&str> = r.items.iter().map(|p| p.forma.as_str()).collect();
        let boleto_forma = if bank == Bank::BancoDoBrasil {
            "30"
        } else {
            "31"
        };
        assert_eq!(formas, ["41", "45", boleto_forma, "47", "11", "16"]);
        for (p, back) in pays.iter().zip(&r.items) {
            assert_eq!(back.seu_numero, p.seu_numero);
            assert_eq!(back.amount, p.amount);
            assert_eq!(back.date, Some(p.date));
        }
        // J-52 names the paying company and, for PIX QR, carries the URL and txid.
        let j52: Vec<String> = String::from_utf8_lossy(&out)
            .lines()
            .filter(|l| &l[13..14] == "J" && &l[17..19] == "52")
            .map(str::to_string)
            .collect();
        assert_eq!(j52.len(), 2);
        assert_eq!(&j52[0][20..35], "012345678000195");
        assert!(j52[1][131..210].starts_with("pix.example.com/qr/v2/9d36b84f"));
        assert!(j52[1][210..240].starts_with("TX123"));
        // The PIX key keeps its case.
        let text = String::from_utf8_lossy(&out);
        assert!(text.contains("Financeiro@Fornecedor.com.br"));
        assert!(text.contains("FORNECEDOR ACAO LTDA"));
    }
}

#[test]
fn itau_sispag_samples_read_with_occurrences() {
    let Some(dir) = common::fixtures() else {
        return;
    };
    for name in ["SB22112AIT.RET", "SB23112AIT.RET"] {
        let bytes = std::fs::read(dir.join("cnab240/spec/fixtures/retorno").join(name)).unwrap();
        let r = payments::read_retorno(&bytes[..]).unwrap();
        assert_eq!(r.info.bank_code, "341");
        assert_eq!(r.items.len(), 1, "{name}");
        assert!(
            r.checks.iter().all(|c| c.matches()),
            "{name}: {:?}",
            r.checks
        );
        let p = &r.items[0];
        assert_eq!(p.segment, "A");
        assert!(p.amount > 0);
        assert!(!p.occurrences.is_empty());
        // The lot trailer's sum equals the items' sum.
        let lot_total: i64 = r.items.iter().map(|p| p.amount).sum();
        let trailer = String::from_utf8_lossy(&bytes)
            .lines()
            .find(|l| l.as_bytes().get(7) == Some(&b'5'))
            .unwrap()
            .to_string();
        assert_eq!(trailer[23..41].parse::<i64>().unwrap(), lot_total);
    }
    let r = payments::read_retorno(
        &std::fs::read(dir.join("cnab240/spec/fixtures/retorno/SB22112AIT.RET")).unwrap()[..],
    )
    .unwrap();
    assert_eq!(r.items[0].amount, 26_235);
    assert_eq!(
        r.items[0].occurrences[0],
        ("BD".to_string(), "Confirmação de agendamento".to_string())
    );
    assert!(r.items[0].accepted && !r.items[0].paid);
}

#[test]
fn cobranca_retorno_is_refused_by_payments_reader() {
    let Some(dir) = common::fixtures() else {
        return;
    };
    let bytes = std::fs::read(dir.join("brcobranca/spec/arquivos/CNAB240SICREDI.CRT")).unwrap();
    let e = payments::read_retorno(&bytes[..]).unwrap_err();
    assert!(e.message.contains("cobrança"), "{e}");
}

#[test]
fn bad_barcode_is_refused_naming_the_field() {
    let mut pays = sample_payments();
    if let Method::Boleto { barcode, .. } = &mut pays[2].method {
        *barcode = "123".into();
    }
    let e = payments::write_remessa(&header(Bank::Itau), &pays, &mut vec![]).unwrap_err();
    assert!(e.to_string().contains("codigo_barras"), "{e}");
    assert!(e.to_string().starts_with("item 3 "), "{e}");
}

#[test]
fn a_big_payment_batch_rolls_lots() {
    let p = sample_payments().remove(0);
    let mut out = vec![];
    // 60,000 TEDs = 120,000 A+B details: more than one lot's 99,999.
    let s = payments::write_remessa(
        &header(Bank::Bradesco),
        std::iter::repeat_n(&p, 60_000),
        &mut out,
    )
    .unwrap();
    assert_eq!(s.lots, 2);
    let r = payments::read_retorno(&out[..]).unwrap();
    assert_eq!(r.items.len(), 60_000);
    assert!(r.checks.iter().all(|c| c.matches()), "{:?}", r.checks);
}

// ---- segment O: Itaú SISPAG (48-digit line) and FEBRABAN (44-digit barcode) --------------

/// A water bill (arrecadação, segment 2, mod-10 DVs) as barcode and as its 48-digit line,
/// the pair `tests/boleto_decode.rs` checks.
const WATER_BARCODE: &str = "82650000011314400081709240000000220210400001";
const WATER_LINE: &str = "826500000110314400081704924000000027202104000015";

fn utility_payment(barcode: &str) -> Payment {
    Payment {
        method: Method::Utility {
            barcode: barcode.into(),
            name: "Saneamento Municipal".into(),
            due_date: d(28),
        },
        seu_numero: "CONTA-AGUA-11".into(),
        date: d(21),
        amount: 113_144,
    }
}

fn write_one(bank: Bank, p: &Payment) -> Vec<u8> {
    let mut out = vec![];
    payments::write_remessa(&header(bank), [p], &mut out).unwrap();
    out
}

/// The single segment O record of a written file.
fn o_record(file: &[u8]) -> String {
    let text = String::from_utf8(file.to_vec()).unwrap();
    let o: Vec<&str> = text
        .lines()
        .filter(|l| l.len() >= 14 && &l[7..8] == "3" && &l[13..14] == "O")
        .collect();
    assert_eq!(o.len(), 1, "{text}");
    o[0].trim_end_matches('\r').to_string()
}

/// 1-based inclusive positions, as the layouts print them.
fn at(record: &str, start: usize, end: usize) -> &str {
    &record[start - 1..end]
}

#[test]
fn itau_segment_o_writes_the_48_digit_line_at_sispag_positions() {
    let r = o_record(&write_one(Bank::Itau, &utility_payment(WATER_BARCODE)));
    assert_eq!(r.len(), 240);
    assert_eq!(at(&r, 1, 3), "341");
    assert_eq!(at(&r, 15, 17), "000", "tipo de movimento");
    assert_eq!(
        at(&r, 18, 65),
        WATER_LINE,
        "44-digit barcode converted to the line"
    );
    assert_eq!(at(&r, 66, 95), format!("{:<30}", "SANEAMENTO MUNICIPAL"));
    assert_eq!(at(&r, 96, 103), "28112026", "vencimento");
    assert_eq!(at(&r, 104, 106), "REA");
    assert_eq!(at(&r, 107, 121), "0".repeat(15), "quantidade de moeda");
    assert_eq!(at(&r, 122, 136), "000000000113144", "valor a pagar");
    assert_eq!(at(&r, 137, 144), "21112026", "data de pagamento");
    assert_eq!(at(&r, 145, 159), "0".repeat(15), "valor pago (retorno)");
    assert_eq!(at(&r, 160, 162), "   ");
    assert_eq!(at(&r, 163, 171), "0".repeat(9), "nota fiscal");
    assert_eq!(at(&r, 172, 174), "   ");
    assert_eq!(at(&r, 175, 194), format!("{:<20}", "CONTA-AGUA-11"));
    assert_eq!(
        at(&r, 195, 240),
        " ".repeat(46),
        "brancos, nosso número, ocorrências"
    );
    // Given as the 48-digit line (with the usual separators) it is written as is.
    let from_line = write_one(
        Bank::Itau,
        &utility_payment("82650000011-0 31440008170-4 92400000002-7 20210400001-5"),
    );
    assert_eq!(o_record(&from_line), r);
}

#[test]
fn itau_segment_o_round_trips_and_passes_the_validator() {
    let p = utility_payment(WATER_LINE);
    let out = write_one(Bank::Itau, &p);
    let back = payments::read_retorno(&out[..]).unwrap();
    assert!(back.checks.iter().all(|c| c.matches()), "{:?}", back.checks);
    assert_eq!(back.items.len(), 1);
    let item = &back.items[0];
    assert_eq!(item.segment, "O");
    assert_eq!(item.forma, "11");
    assert_eq!(item.seu_numero, p.seu_numero);
    assert_eq!(item.name, "SANEAMENTO MUNICIPAL");
    assert_eq!(item.date, Some(p.date));
    assert_eq!(item.amount, p.amount);
    let report = banking::validate::validate(&out);
    assert!(report.is_clean(), "{:?}", report.findings);
}

#[test]
fn validator_catches_a_wrong_dv_in_itau_segment_o_line() {
    let out = write_one(Bank::Itau, &utility_payment(WATER_LINE));
    let text = String::from_utf8(out).unwrap();
    let o_start = text.find("O000826500000110").expect("segment O record") - 13;
    let mut bad = text.into_bytes();
    // Position 29 of the record is the DV of the line's first field ('0' → '1').
    let dv = o_start + 28;
    assert_eq!(bad[dv], b'0');
    bad[dv] = b'1';
    let report = banking::validate::validate(&bad);
    let f: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.field == "codigo_barras")
        .collect();
    assert_eq!(f.len(), 1, "{:?}", report.findings);
    assert_eq!((f[0].start, f[0].end), (18, 65));
    assert!(f[0].problem.contains("campo1"), "{}", f[0].problem);
    assert_eq!((f[0].expected.as_str(), f[0].found.as_str()), ("0", "1"));
}

#[test]
fn itau_segment_o_refuses_wrong_dvs_and_bank_boletos() {
    let mut wrong_dv = WATER_LINE.to_string();
    wrong_dv.replace_range(47..48, "6");
    let bank_boleto = "00192376900000135000000001238798777770016818";
    for (code, says) in [
        (wrong_dv.as_str(), "dígito verificador"),
        (
            "82650000011314400081709240000000220210400002",
            "dígito verificador",
        ),
        (bank_boleto, "segmento J"),
        ("8265", "esperados 44"),
    ] {
        let e = payments::write_remessa(&header(Bank::Itau), [utility_payment(code)], &mut vec![])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("codigo_barras") && e.contains(says),
            "{code}: {e}"
        );
    }
}

#[test]
fn febraban_segment_o_keeps_the_44_digit_barcode() {
    for bank in [Bank::BancoDoBrasil, Bank::Bradesco, Bank::Santander] {
        let out = write_one(bank, &utility_payment(WATER_BARCODE));
        let r = o_record(&out);
        assert_eq!(at(&r, 1, 3), bank.code());
        assert_eq!(at(&r, 18, 61), WATER_BARCODE);
        assert_eq!(at(&r, 62, 91), format!("{:<30}", "SANEAMENTO MUNICIPAL"));
        assert_eq!(at(&r, 92, 99), "28112026");
        assert_eq!(at(&r, 100, 107), "21112026");
        assert_eq!(at(&r, 108, 122), "000000000113144");
        assert_eq!(at(&r, 123, 142), format!("{:<20}", "CONTA-AGUA-11"));
        let back = payments::read_retorno(&out[..]).unwrap();
        assert_eq!(back.items[0].amount, 113_144);
        assert_eq!(back.items[0].seu_numero, "CONTA-AGUA-11");
        let report = banking::validate::validate(&out);
        assert!(report.is_clean(), "{:?}", report.findings);
    }
}
