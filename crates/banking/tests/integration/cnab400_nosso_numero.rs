//! The nosso número in the CNAB 400 remessas, byte for byte.
//!
//! Itaú's "Cobrança CNAB 400" detail holds the nosso número's 8 digits at 63–70 and no DAC
//! (the bank returns the DAC in the retorno, at 94, after the number again at 86–93):
//! brcobranca `lib/brcobranca/remessa/cnab400/itau.rb` writes `nosso_numero.rjust(8, '0')`,
//! laravel-boleto `src/Cnab/Remessa/Cnab400/Banco/Itau.php` `substr(getNossoNumero(), 0, -1)`
//! (its nosso número ends in the DAC). The other banks' 400 fields do hold the DV.

use crate::common;

use banking::bank::Bank;
use banking::cnab::{c400, nosso_numero_for_cnab, Company, Payer, RemessaHeader, Title};
use banking::validate::validate;
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
            Bank::Santander => "123456789012345".into(),
            _ => "1234567".into(),
        },
        wallet: match bank {
            Bank::Itau => "109".into(),
            Bank::Bradesco => "09".into(),
            Bank::BancoDoBrasil => "17".into(),
            Bank::Santander => "101".into(),
            _ => "1".into(),
        },
        variation: if bank == Bank::BancoDoBrasil {
            "019".into()
        } else {
            "01".into()
        },
        post: String::new(),
    }
}

fn header(company: Company, bank: Bank) -> RemessaHeader {
    RemessaHeader {
        bank,
        company,
        sequence: 7,
        generated_at: NaiveDate::from_ymd_opt(2026, 11, 20)
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap(),
    }
}

fn title(nosso_numero: String) -> Title {
    Title {
        instruction: Default::default(),
        nosso_numero,
        seu_numero: "NF-1".into(),
        due_date: NaiveDate::from_ymd_opt(2026, 12, 10).unwrap(),
        issue_date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
        amount: 10_000,
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

/// Writes a one-title CNAB 400 remessa and returns it with its detail line.
fn write(h: &RemessaHeader, nosso: String) -> Result<(Vec<u8>, String), String> {
    let mut out = vec![];
    c400::write_remessa(h, &[title(nosso)], &mut out).map_err(|e| e.to_string())?;
    let detail = String::from_utf8(out.clone())
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    Ok((out, detail))
}

/// 1-based inclusive positions, as the manuals write them.
fn at(line: &str, start: usize, end: usize) -> &str {
    &line[start - 1..end]
}

/// The title as the `banking remessa` input gives it (`"numero"`): the number with its DAC.
fn itau_from_numero(numero: &str) -> (Vec<u8>, String) {
    let c = company(Bank::Itau);
    let nosso = nosso_numero_for_cnab(Bank::Itau, &c, numero).unwrap();
    assert_eq!(
        nosso.len(),
        9,
        "8 digits + DAC, as CNAB 240 and the boleto use it"
    );
    write(&header(c, Bank::Itau), nosso).unwrap()
}

#[test]
fn itau_400_numero_123_is_written_as_00000123_without_its_dac() {
    let (file, detail) = itau_from_numero("123");
    assert_eq!(at(&detail, 63, 70), "00000123", "{detail}");
    // The fields around it are untouched: quantidade de moeda zeros, carteira 109.
    assert_eq!(at(&detail, 71, 83), "0000000000000");
    assert_eq!(at(&detail, 84, 86), "109");
    let report = validate(&file);
    assert!(report.is_clean(), "{:#?}", report.findings);
}

#[test]
fn itau_400_a_full_8_digit_numero_is_written_whole() {
    let (file, detail) = itau_from_numero("12345678");
    assert_eq!(at(&detail, 63, 70), "12345678", "{detail}");
    let report = validate(&file);
    assert!(report.is_clean(), "{:#?}", report.findings);
}

#[test]
fn itau_400_takes_the_number_without_dac_as_it_is() {
    // 8 digits or fewer are the number itself (brcobranca's own remessa gives it so).
    let h = header(company(Bank::Itau), Bank::Itau);
    for (given, written) in [
        ("123", "00000123"),
        ("00000123", "00000123"),
        ("12345678", "12345678"),
    ] {
        let (file, detail) = write(&h, given.into()).unwrap();
        assert_eq!(at(&detail, 63, 70), written, "{given}");
        assert!(validate(&file).is_clean(), "{given}");
    }
}

#[test]
fn itau_400_a_dac_that_does_not_match_is_refused_not_written() {
    let c = company(Bank::Itau);
    let right = nosso_numero_for_cnab(Bank::Itau, &c, "123").unwrap();
    let dac = right.as_bytes()[8] - b'0';
    let wrong = format!("{}{}", &right[..8], (dac + 1) % 10);
    let e = write(&header(c, Bank::Itau), wrong).unwrap_err();
    assert!(e.contains("nosso_numero") && e.contains("63"), "{e}");
    assert!(e.contains("DAC"), "{e}");
}

#[test]
fn itau_400_more_than_8_digits_plus_dac_is_refused() {
    let h = header(company(Bank::Itau), Bank::Itau);
    let e = write(&h, "1234567890".into()).unwrap_err();
    assert!(e.contains("nosso_numero"), "{e}");
}

/// Itaú's own DACs, as its retorno prints them at 94 after the number at 86–93 (brcobranca
/// `spec/arquivos/CNAB400ITAU.RET`, carteiras 109 and 157, 52 titles): our DAC rule is the
/// bank's, and the remessa writer takes such a number + DAC and writes the 8 digits alone.
/// (OpenCnabPHP's `retorno_cnab400_itau.ret` is left out: none of its 4 DACs matches its
/// agência/conta 0177/65373, whose own DAC does; its account looks altered.)
#[test]
fn itau_400_dacs_from_published_retornos_are_accepted_and_dropped() {
    let Some(dir) = common::fixtures() else {
        return;
    };
    let mut checked = 0;
    for name in ["brcobranca/spec/arquivos/CNAB400ITAU.RET"] {
        let text = String::from_utf8_lossy(&std::fs::read(dir.join(name)).unwrap()).to_string();
        for line in text
            .lines()
            .filter(|l| l.starts_with('1') && l.len() >= 400)
        {
            let c = Company {
                agency: at(line, 18, 21).into(),
                account: at(line, 24, 28).into(),
                account_dv: at(line, 29, 29).into(),
                wallet: at(line, 83, 85).into(),
                ..company(Bank::Itau)
            };
            let number = at(line, 86, 93);
            let with_dac = format!("{number}{}", at(line, 94, 94));
            assert_eq!(at(line, 63, 70), number, "{name}: {line}");
            assert_eq!(
                nosso_numero_for_cnab(Bank::Itau, &c, number).unwrap(),
                with_dac,
                "{name}: {line}"
            );
            let (_, detail) = write(&header(c, Bank::Itau), with_dac).unwrap();
            assert_eq!(at(&detail, 63, 70), number, "{name}");
            checked += 1;
        }
    }
    assert_eq!(checked, 52);
}

/// brcobranca's Itaú CNAB 400 remessa (nosso número 123, carteira 123, agência 1234, conta
/// 12345-1): our writer, given the number through `nosso_numero_for_cnab`, writes the same
/// bytes at 63–86 (nosso número, quantidade de moeda, carteira).
#[test]
fn itau_400_numero_matches_brcobranca_sample_at_63_to_86() {
    let Some(dir) = common::fixtures() else {
        return;
    };
    let theirs = std::fs::read_to_string(
        dir.join("generated-by-other-libraries/brcobranca/remessa-itau-cnab400.rem"),
    )
    .unwrap();
    let theirs = theirs.lines().nth(1).unwrap();
    assert_eq!(at(theirs, 63, 70), "00000123");
    let c = Company {
        agency: "1234".into(),
        account: "12345".into(),
        account_dv: "1".into(),
        wallet: "123".into(),
        ..company(Bank::Itau)
    };
    let nosso = nosso_numero_for_cnab(Bank::Itau, &c, "123").unwrap();
    let (_, ours) = write(&header(c, Bank::Itau), nosso).unwrap();
    assert_eq!(at(&ours, 63, 86), at(theirs, 63, 86), "\n{ours}\n{theirs}");
}

/// The other banks' CNAB 400 fields hold the DV, and keep it: Santander 63–70 (7 digits +
/// DV; laravel-boleto `Santander.php` writes the last 8 of number + DV), Bradesco 71–82
/// (11 + DV; brcobranca `bradesco.rb`), Sicoob 63–74 (7 + DV, zero-padded to 12;
/// laravel-boleto `Bancoob.php`); Banco do Brasil's CBR641 64–80 holds convênio (7) +
/// number (10), which has no DV.
#[test]
fn other_banks_400_keep_the_dv_their_layouts_hold() {
    for (bank, start, end) in [
        (Bank::Santander, 63, 70),
        (Bank::Bradesco, 71, 82),
        (Bank::Sicoob, 63, 74),
        (Bank::BancoDoBrasil, 64, 80),
    ] {
        let c = company(bank);
        let nosso = nosso_numero_for_cnab(bank, &c, "123").unwrap();
        let (file, detail) = write(&header(c, bank), nosso.clone()).unwrap();
        // Right-aligned, zero-padded; Santander's 12-digit number + DV loses only zeros.
        let width = end + 1 - start;
        let padded = format!("{nosso:0>width$}");
        let (cut, expected) = padded.split_at(padded.len() - width);
        assert!(cut.bytes().all(|b| b == b'0'), "{}: {nosso}", bank.code());
        assert_eq!(at(&detail, start, end), expected, "{}", bank.code());
        let report = validate(&file);
        assert!(report.is_clean(), "{}: {:#?}", bank.code(), report.findings);
    }
}
