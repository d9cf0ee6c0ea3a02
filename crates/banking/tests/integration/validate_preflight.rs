//! The preflight validator passes what the writer writes and catches planted faults.

use crate::common;

use banking::bank::Bank;
use banking::cnab::{c240, c400, nosso_numero_for_cnab, Company, Payer, RemessaHeader, Title};
use banking::validate::{validate, Report};
use chrono::NaiveDate;

fn company(bank: Bank) -> Company {
    Company {
        name: "Empresa Exemplo Ltda".into(),
        document: "11.222.333/0001-81".into(),
        agency: "1234".into(),
        agency_dv: "5".into(),
        account: "12345".into(),
        account_dv: "6".into(),
        agreement: match bank {
            Bank::BancoDoBrasil => "1234567".into(),
            Bank::Caixa => "123456".into(),
            Bank::Santander => "123456789012345".into(),
            Bank::Sicredi => "12345".into(),
            _ => "1234567".into(),
        },
        wallet: match bank {
            Bank::Itau => "109".into(),
            Bank::Bradesco => "09".into(),
            Bank::BancoDoBrasil => "17".into(),
            Bank::Santander => "101".into(),
            Bank::Caixa => "RG".into(),
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
        sequence: 3,
        generated_at: NaiveDate::from_ymd_opt(2026, 11, 20)
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap(),
    }
}

fn title(bank: Bank, i: u64) -> Title {
    // Sicredi's number carries year (26) + byte (2) + sequence.
    let numero = if bank == Bank::Sicredi {
        format!("262{:05}", 100 + i)
    } else {
        (100 + i).to_string()
    };
    let nosso = nosso_numero_for_cnab(bank, &company(bank), &numero).unwrap();
    Title {
        instruction: Default::default(),
        nosso_numero: nosso,
        seu_numero: format!("DOC{i}"),
        due_date: NaiveDate::from_ymd_opt(2026, 12, 10).unwrap(),
        issue_date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        amount: 10_000 + i as i64,
        payer: Payer {
            name: "Cliente Exemplo".into(),
            document: "529.982.247-25".into(),
            address: "Rua A 1".into(),
            district: "Centro".into(),
            zip: "01001-000".into(),
            city: "São Paulo".into(),
            state: "SP".into(),
        },
        species: None,
        interest: None,
        interest_from: None,
        fine: None,
        fine_from: None,
        discount: None,
        discount_until: None,
        abatement: None,
        protest_days: None,
        messages: vec![],
    }
}

fn remessa_240(bank: Bank) -> Vec<u8> {
    let titles: Vec<Title> = (0..3).map(|i| title(bank, i)).collect();
    let mut out = vec![];
    c240::write_remessa(&header(bank), &titles, &mut out).unwrap();
    out
}

fn remessa_400(bank: Bank) -> Vec<u8> {
    let titles: Vec<Title> = (0..3).map(|i| title(bank, i)).collect();
    let mut out = vec![];
    c400::write_remessa(&header(bank), &titles, &mut out).unwrap();
    out
}

fn problems(r: &Report) -> Vec<String> {
    r.findings
        .iter()
        .map(|f| {
            format!(
                "L{} {}-{} {}: {} (esperado {}, encontrado {})",
                f.line, f.start, f.end, f.field, f.problem, f.expected, f.found
            )
        })
        .collect()
}

#[test]
fn what_the_writer_writes_is_clean() {
    for bank in Bank::ALL {
        let r = validate(&remessa_240(bank));
        assert!(r.is_clean(), "240 {}: {:#?}", bank.code(), problems(&r));
    }
    for bank in [
        Bank::BancoDoBrasil,
        Bank::Bradesco,
        Bank::Itau,
        Bank::Santander,
        Bank::Sicoob,
    ] {
        let r = validate(&remessa_400(bank));
        assert!(r.is_clean(), "400 {}: {:#?}", bank.code(), problems(&r));
    }
}

fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec())
        .collect()
}

fn join(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = vec![];
    for l in lines {
        out.extend_from_slice(l);
        out.extend_from_slice(b"\r\n");
    }
    out
}

#[test]
fn catches_a_241_byte_line() {
    let mut ls = lines(&remessa_240(Bank::BancoDoBrasil));
    ls[3].push(b' ');
    let r = validate(&join(&ls));
    assert!(
        r.findings
            .iter()
            .any(|f| f.line == 4 && f.expected == "240 bytes" && f.found == "241"),
        "{:#?}",
        problems(&r)
    );
}

#[test]
fn catches_an_accent_with_its_position() {
    let mut ls = lines(&remessa_240(Bank::Sicoob));
    // "º" in CP1252 is 0xBA: put it in the payer name of the first Q (line 4, position 40).
    ls[3][39] = 0xBA;
    let r = validate(&join(&ls));
    let f = r
        .findings
        .iter()
        .find(|f| f.problem.contains("acentuado"))
        .expect("accent found");
    assert_eq!((f.line, f.start), (4, 40));
    assert_eq!(f.found, "º");
}

#[test]
fn catches_a_wrong_nosso_numero_check_digit() {
    for bank in [Bank::Santander, Bank::Bradesco, Bank::Itau] {
        let mut ls = lines(&remessa_240(bank));
        let pos = match bank {
            Bank::Santander => 57,
            Bank::Bradesco => 57,
            _ => 49,
        };
        let b = &mut ls[2][pos - 1];
        *b = if *b == b'1' { b'2' } else { b'1' };
        let r = validate(&join(&ls));
        assert!(
            r.findings
                .iter()
                .any(|f| f.line == 3 && f.problem.contains("nosso número")),
            "{}: {:#?}",
            bank.code(),
            problems(&r)
        );
    }
    let mut ls = lines(&remessa_400(Bank::Santander));
    ls[1][69] = if ls[1][69] == b'1' { b'2' } else { b'1' };
    let r = validate(&join(&ls));
    assert!(
        r.findings
            .iter()
            .any(|f| f.line == 2 && f.problem.contains("nosso número")),
        "{:#?}",
        problems(&r)
    );
}

#[test]
fn catches_a_wrong_payer_cpf() {
    let mut ls = lines(&remessa_240(Bank::Caixa));
    // Q line 4: CPF at 23–33 (last 11 of 19–33); change its last digit.
    ls[3][32] = if ls[3][32] == b'5' { b'6' } else { b'5' };
    let r = validate(&join(&ls));
    assert!(
        r.findings
            .iter()
            .any(|f| f.line == 4 && f.field == "inscricao_pagador"),
        "{:#?}",
        problems(&r)
    );
}

#[test]
fn catches_a_wrong_trailer_total_and_count() {
    let mut ls = lines(&remessa_240(Bank::Itau));
    let n = ls.len();
    // Lot trailer total 30–46: add one centavo.
    ls[n - 2][45] = if ls[n - 2][45] == b'9' {
        b'8'
    } else {
        ls[n - 2][45] + 1
    };
    // File trailer record count 24–29.
    ls[n - 1][28] = b'0';
    let r = validate(&join(&ls));
    assert!(
        r.findings.iter().any(|f| f.field == "valor_total_simples"),
        "{:#?}",
        problems(&r)
    );
    assert!(
        r.findings.iter().any(|f| f.field == "quantidade_registros"),
        "{:#?}",
        problems(&r)
    );
    let mut ls = lines(&remessa_400(Bank::Santander));
    let n = ls.len();
    ls[n - 1][19] = b'9';
    let r = validate(&join(&ls));
    assert!(
        r.findings.iter().any(|f| f.field == "valor_total"),
        "{:#?}",
        problems(&r)
    );
}

#[test]
fn catches_bare_lf_blank_line_lowercase_and_sequence() {
    let mut bytes = remessa_400(Bank::Bradesco);
    let text = String::from_utf8(bytes.clone()).unwrap();
    bytes = text.replacen("\r\n", "\n", 1).into_bytes();
    bytes.extend_from_slice(b"\r\n");
    let r = validate(&bytes);
    assert!(
        r.findings.iter().any(|f| f.line == 1 && f.found == "LF"),
        "{:#?}",
        problems(&r)
    );
    assert!(
        r.findings
            .iter()
            .any(|f| f.problem.contains("linha em branco")),
        "{:#?}",
        problems(&r)
    );
    let mut ls = lines(&remessa_400(Bank::Bradesco));
    ls[1][240] = b'a';
    ls[2][399] = b'7';
    let r = validate(&join(&ls));
    assert!(
        r.findings
            .iter()
            .any(|f| f.problem == "letra minúscula" && f.start == 241),
        "{:#?}",
        problems(&r)
    );
    assert!(
        r.findings
            .iter()
            .any(|f| f.line == 3 && f.field == "sequencial"),
        "{:#?}",
        problems(&r)
    );
}

#[test]
fn catches_non_numeric_numeric_field_and_bad_date() {
    let mut ls = lines(&remessa_240(Bank::Sicredi));
    ls[2][90] = b'X'; // valor_titulo 86–100
    ls[2][77] = b'3'; // vencimento 78–85: day 3x
    ls[2][78] = b'9';
    let r = validate(&join(&ls));
    assert!(
        r.findings.iter().any(|f| f.field == "valor_titulo"),
        "{:#?}",
        problems(&r)
    );
    assert!(
        r.findings
            .iter()
            .any(|f| f.field == "vencimento" && f.problem == "data inválida"),
        "{:#?}",
        problems(&r)
    );
}

#[test]
fn garbage_never_panics() {
    for bytes in [&b""[..], b"\n\n\n", b"0", &[0xFF; 500], b"00000000\r\n"] {
        let r = validate(bytes);
        assert!(!r.is_clean());
    }
}

/// brcobranca's own remessas are a second opinion, not the truth. Each one's findings
/// are pinned here with the reason; everything else must be clean.
#[test]
fn other_libraries_remessas_differences_are_explained() {
    let Some(dir) = common::fixtures() else {
        return;
    };
    let dir = dir.join("generated-by-other-libraries/brcobranca");
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    let mut unexplained = vec![];
    for path in entries
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rem"))
    {
        let r = validate(&std::fs::read(path).unwrap());
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for f in &r.findings {
            if !explained(&name, f) {
                unexplained.push(format!(
                    "{name}: L{} {}-{} {}: {} (esperado {}, encontrado {})",
                    f.line, f.start, f.end, f.field, f.problem, f.expected, f.found
                ));
            }
        }
    }
    assert!(unexplained.is_empty(), "{}", unexplained.join("\n"));
}

/// Known, explained differences between brcobranca's test output and the bank rules.
/// Everything else in its 8 remessas (lengths, fields, counts, totals, sequences, the
/// Santander nosso número DVs) passes.
fn explained(name: &str, f: &banking::validate::Finding) -> bool {
    // The copies are git blobs with LF endings (brcobranca converts to CRLF on checkout).
    if f.found == "LF" {
        return true;
    }
    // brcobranca's specs use the made-up payer CPF 123.456.789-01 (wrong check digits);
    // only the Sicoob and Sicredi specs use a valid one.
    f.field == "inscricao_pagador" && !name.contains("bancoob") && !name.contains("sicredi")
}

#[test]
fn payments_remessas_the_writer_writes_are_clean() {
    use banking::cnab::payments::{self, Method, PayeeAccount, Payment, PixKeyType};
    let d = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
    let pays = vec![
        Payment {
            method: Method::Ted {
                account: PayeeAccount {
                    bank: "237".into(),
                    agency: "1".into(),
                    account: "2".into(),
                    account_dv: "3".into(),
                    ..Default::default()
                },
                name: "Fornecedor".into(),
                document: "11222333000181".into(),
                same_owner: false,
                purpose: String::new(),
            },
            seu_numero: "P1".into(),
            date: d,
            amount: 1000,
        },
        Payment {
            method: Method::PixKey {
                key_type: PixKeyType::Document,
                key: "52998224725".into(),
                name: "Pessoa".into(),
                document: "52998224725".into(),
            },
            seu_numero: "P2".into(),
            date: d,
            amount: 2000,
        },
        Payment {
            method: Method::Boleto {
                barcode: "00192376900000135000000001238798777770016818".into(),
                beneficiary: "Beneficiario".into(),
                due_date: d,
                face_amount: 135_000,
                discount: 0,
                interest: 0,
                beneficiary_document: "11222333000181".into(),
            },
            seu_numero: "P3".into(),
            date: d,
            amount: 135_000,
        },
    ];
    for bank in [
        Bank::Itau,
        Bank::BancoDoBrasil,
        Bank::Bradesco,
        Bank::Santander,
    ] {
        let mut out = vec![];
        payments::write_remessa(&header(bank), &pays, &mut out).unwrap();
        let r = validate(&out);
        assert!(r.is_clean(), "{}: {:#?}", bank.code(), problems(&r));
        // A wrong lot total is caught.
        let mut ls = lines(&out);
        let trailer = ls.iter().position(|l| l[7] == b'5').unwrap();
        ls[trailer][40] = if ls[trailer][40] == b'9' {
            b'8'
        } else {
            ls[trailer][40] + 1
        };
        let r = validate(&join(&ls));
        assert!(
            r.findings.iter().any(|f| f.field == "somatorio_valores"),
            "{:#?}",
            problems(&r)
        );
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn validator_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
            let _ = validate(&bytes);
        }

        /// Any single changed byte in a clean remessa is either harmless (a free-text
        /// letter changed to another allowed one) or reported, and never panics.
        #[test]
        fn a_changed_byte_is_reported_or_allowed(bank_i in 0usize..7, pos in 0usize..3000, byte in any::<u8>()) {
            let bank = Bank::ALL[bank_i];
            let mut bytes = remessa_240(bank);
            let p = pos % bytes.len();
            let before = bytes[p];
            bytes[p] = byte;
            let r = validate(&bytes);
            let harmless = byte == before
                || (banking::cnab::text::is_allowed_byte(byte) && banking::cnab::text::is_allowed_byte(before));
            prop_assert!(harmless || !r.is_clean(), "byte {byte:#04x} at {p} not reported");
        }
    }
}
