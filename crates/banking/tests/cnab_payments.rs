//! CNAB 240 payments: write → read for Itaú SISPAG and the FEBRABAN banks, the public
//! SISPAG samples, and refusal of the wrong kind of retorno.

use banking::bank::Bank;
use banking::cnab::payments::{self, Method, PayeeAccount, Payment, PixKeyType};
use banking::cnab::{Company, RemessaHeader};
use chrono::NaiveDate;
use std::path::{Path, PathBuf};

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures/banking");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "aviso: {} não existe; testes com arquivos de exemplo ignorados",
            dir.display()
        );
        None
    }
}

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
    let Some(dir) = fixtures() else { return };
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
    let Some(dir) = fixtures() else { return };
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
