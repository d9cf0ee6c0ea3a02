//! Decoding and validation of typed or scanned lines and barcodes.

use banking::bank::Bank;
use banking::boleto::{decode, inspect, DecodeError, Kind};
use chrono::NaiveDate;

fn date(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

#[test]
fn design_vector_line_and_barcode() {
    // design/banking.md barcode ↔ linha pair (brcobranca BB convênio 7, 2008-02-01, R$ 135,00).
    let today = date("2008-01-15");
    let from_line = decode(
        "00190.00009 01238.798779 77700.168188 2 37690000013500",
        today,
    )
    .unwrap();
    let from_barcode = decode("00192376900000135000000001238798777770016818", today).unwrap();
    assert_eq!(from_line.barcode, from_barcode.barcode);
    assert_eq!(
        &from_line.barcode,
        b"00192376900000135000000001238798777770016818"
    );
    assert_eq!(from_line.kind, Kind::Boleto);
    assert_eq!(from_line.bank, Some(Bank::BancoDoBrasil));
    assert_eq!(from_line.valor_centavos, Some(13500));
    assert_eq!(from_line.fator_vencimento, Some(3769));
    assert_eq!(from_line.vencimento, Some(date("2008-02-01")));
    assert_eq!(from_line.checks().len(), 4);
    assert_eq!(from_barcode.checks().len(), 1);
    assert!(from_line.is_valid());
}

#[test]
fn same_fator_means_a_new_date_after_the_reset() {
    // Fator 3769 seen from 2026 is 2032-09-22 (2025-02-22 + 2769 days), not 2008-02-01.
    let d = decode(
        "00190000090123879877977700168188237690000013500",
        date("2026-11-21"),
    )
    .unwrap();
    assert_eq!(d.vencimento, Some(date("2032-09-22")));
}

#[test]
fn refuses_the_line_boleto_utils_accepts() {
    // bench/README.md section 2: @mrmgomes/boleto-utils 1.3.3 accepts this line although its
    // general DV (field 4) is wrong; the three mod-10 field DVs are right.
    let line = "00196.98984 43229.410329 42839.856103 2 73490065701025";
    let today = date("2023-01-01");
    let err = decode(line, today).unwrap_err();
    let DecodeError::CheckDigits(details) = &err else {
        panic!("expected a check-digit error, got {err:?}");
    };
    let failed: Vec<_> = details.failed_checks().map(|c| c.name).collect();
    assert_eq!(failed, ["geral"]);
    assert!(err
        .to_string()
        .starts_with("dígito verificador inválido: geral"));
    let report = inspect(line, today).unwrap();
    assert!(!report.is_valid());
    assert_eq!(report.checks().iter().filter(|c| c.holds()).count(), 3);
}

#[test]
fn a_wrong_field_dv_is_named() {
    let err = decode(
        "00190.00008 01238.798779 77700.168188 2 37690000013500",
        date("2008-01-15"),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("campo1 (esperado 9, encontrado 8)"),
        "{err}"
    );
}

#[test]
fn arrecadacao_mod10_line() {
    // clipbarcode tests (test_novo_boleto_arrecadacao_por_linha_digitavel): 3rd digit 6 → mod 10.
    let d = decode(
        "826500000110 314400081704 924000000027 202104000015",
        date("2021-04-01"),
    )
    .unwrap();
    assert_eq!(d.kind, Kind::Arrecadacao);
    assert_eq!(d.segmento, Some(2));
    assert_eq!(&d.barcode, b"82650000011314400081709240000000220210400001");
    assert_eq!(d.valor_centavos, Some(113144));
    assert_eq!(d.vencimento, None);
    assert_eq!(d.checks().len(), 5);
    // The barcode alone decodes to the same slip.
    let b = decode(
        "82650000011314400081709240000000220210400001",
        date("2021-04-01"),
    )
    .unwrap();
    assert_eq!(b.barcode, d.barcode);
}

#[test]
fn arrecadacao_mod11_lines_from_receita_gps_slips() {
    // GPS slips transcribed from Receita Federal PDFs in gesielr/guiasMEIlast
    // apps/backend/inss/ANALISE_CODIGOS_OFICIAIS.md: 3rd digit 8 → mod 11.
    let today = date("2025-11-21");
    let d = decode(
        "85810000003-0 03600270100-7 70001280018-4 67222025113-0",
        today,
    )
    .unwrap();
    assert_eq!(d.segmento, Some(5));
    assert_eq!(d.valor_centavos, Some(30360));
    // Code 1120: general DV 0 (remainder 0 or 1), a case mod-11 code often gets wrong.
    let d = decode(
        "85800000001-1 66980270112-0 00001280018-0 67222025113-0",
        today,
    )
    .unwrap();
    assert_eq!(d.barcode[3], b'0');
    assert_eq!(d.valor_centavos, Some(16698));
    // Same repository, DIAGNOSTICO_REJEICAO_BANCO.md: a slip the bank REJECTED. Its four field
    // DVs hold but the general DV is 0 where mod 11 gives 4; we refuse it too.
    let err = decode(
        "85800000003-8 03600270100-7 70001731762-7 19552025113-2",
        today,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "dígito verificador inválido: geral (esperado 4, encontrado 0)"
    );
    // Corrupt a field DV.
    let err = decode(
        "85810000003-0 03600270100-7 70001280018-4 67222025113-1",
        today,
    )
    .unwrap_err();
    assert!(err.to_string().contains("campo4"), "{err}");
}

#[test]
fn structural_errors_are_explained_in_portuguese() {
    let today = date("2026-11-21");
    assert_eq!(
        decode("0019x", today).unwrap_err(),
        DecodeError::InvalidCharacter {
            ch: 'x',
            position: 5
        }
    );
    assert_eq!(
        decode("123", today).unwrap_err(),
        DecodeError::WrongLength { found: 3 }
    );
    assert_eq!(
        decode("", today).unwrap_err(),
        DecodeError::WrongLength { found: 0 }
    );
    assert_eq!(
        decode(&"1".repeat(48), today).unwrap_err(),
        DecodeError::NotArrecadacao
    );
    assert_eq!(
        decode(&"1".repeat(60), today).unwrap_err(),
        DecodeError::WrongLength { found: 60 }
    );
    // Currency other than 9.
    assert_eq!(
        decode("00100000090123879877977700168188237690000013500", today).unwrap_err(),
        DecodeError::UnknownCurrency(b'0')
    );
    // Arrecadação with value id 5.
    assert!(matches!(
        decode("825500000110 314400081704 924000000027 202104000015", today),
        Err(DecodeError::UnknownValueId(b'5'))
    ));
    assert!(DecodeError::WrongLength { found: 3 }
        .to_string()
        .contains("encontrados 3"));
}

#[test]
fn unknown_bank_still_decodes() {
    // A valid line from a bank this crate does not issue for (Banrisul 041 would be None too).
    let d = inspect(
        "99990.00009 01238.798779 77700.168188 2 37690000013500",
        date("2008-01-15"),
    )
    .unwrap();
    assert_eq!(d.bank_code, Some(999));
    assert_eq!(d.bank, None);
}

#[test]
fn arrecadacao_barcode_back_to_its_48_digit_line() {
    use banking::boleto::arrecadacao_barcode_to_line;
    let today = date("2025-11-21");
    // Mod 10 (3rd digit 6) and mod 11 (3rd digit 8, including a DV that falls to 0).
    for line in [
        "826500000110 314400081704 924000000027 202104000015",
        "85810000003-0 03600270100-7 70001280018-4 67222025113-0",
        "85800000001-1 66980270112-0 00001280018-0 67222025113-0",
    ] {
        let digits: String = line.chars().filter(char::is_ascii_digit).collect();
        let barcode = decode(line, today).unwrap().barcode;
        let back = arrecadacao_barcode_to_line(&barcode).unwrap();
        assert_eq!(std::str::from_utf8(&back).unwrap(), digits);
    }
    let bank_boleto: [u8; 44] = *b"00192376900000135000000001238798777770016818";
    assert_eq!(
        arrecadacao_barcode_to_line(&bank_boleto),
        Err(DecodeError::NotArrecadacao)
    );
}

#[test]
fn a_47_digit_line_starting_with_8_is_refused() {
    // Found by the boleto_decode fuzz target: every check digit of this 47-digit line holds as a
    // boleto line of "bank 897", but its barcode starts with 8 and so reads as arrecadação, whose
    // lines have 48 digits. No bank boleto starts with 8, so the line is refused as it is.
    let line = "89790000000000000000000000001248351348596941198";
    let today = date("2026-11-21");
    let err = decode(line, today).unwrap_err();
    assert_eq!(err, DecodeError::ArrecadacaoLength);
    assert!(err.to_string().contains("48 dígitos"), "{err}");
    assert_eq!(
        inspect(line, today).unwrap_err(),
        DecodeError::ArrecadacaoLength
    );
}
