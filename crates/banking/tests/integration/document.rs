//! CPF and CNPJ: known vectors and property tests.

use banking::document::{
    cnpj_check_digits, cpf_check_digits, format_cnpj, format_cpf, validate_cnpj, validate_cpf,
    validate_document, Document, DocumentError,
};
use proptest::prelude::*;

#[test]
fn known_valid_cpfs() {
    // Examples published by the Receita Federal's own calculators and widely used in docs.
    for cpf in [
        "529.982.247-25",
        "52998224725",
        "111.444.777-35",
        " 111 444 777 35 ",
    ] {
        assert!(validate_cpf(cpf).is_ok(), "{cpf}");
    }
    assert_eq!(format_cpf("52998224725").unwrap(), "529.982.247-25");
}

#[test]
fn wrong_cpfs_are_refused_with_a_portuguese_reason() {
    let err = validate_cpf("529.982.247-24").unwrap_err();
    assert_eq!(err, DocumentError::WrongCheckDigits { kind: "CPF" });
    assert_eq!(err.to_string(), "CPF com dígitos verificadores inválidos");
    assert!(matches!(
        validate_cpf("111.111.111-11"),
        Err(DocumentError::RepeatedDigits { .. })
    ));
    assert!(matches!(
        validate_cpf("5299822472"),
        Err(DocumentError::WrongLength { found: 10, .. })
    ));
    assert!(matches!(
        validate_cpf("52998224a25"),
        Err(DocumentError::InvalidCharacter { ch: 'a', .. })
    ));
}

#[test]
fn known_valid_numeric_cnpjs() {
    for cnpj in ["11.222.333/0001-81", "11222333000181", "04.092.706/0001-81"] {
        assert!(validate_cnpj(cnpj).is_ok(), "{cnpj}");
    }
    assert_eq!(format_cnpj("11222333000181").unwrap(), "11.222.333/0001-81");
    assert!(validate_cnpj("11.222.333/0001-82").is_err());
    assert!(matches!(
        validate_cnpj("00000000000000"),
        Err(DocumentError::RepeatedDigits { .. })
    ));
}

#[test]
fn alphanumeric_cnpj_vector_from_the_receita() {
    // Receita Federal / SERPRO example for IN RFB 2.229/2024: 12ABC34501DE -> DV 35.
    assert_eq!(cnpj_check_digits(b"12ABC34501DE"), [b'3', b'5']);
    let cnpj = validate_cnpj("12.ABC.345/01DE-35").unwrap();
    assert!(cnpj.is_alphanumeric());
    assert_eq!(cnpj.as_str(), "12ABC34501DE35");
    assert_eq!(cnpj.formatted(), "12.ABC.345/01DE-35");
    // Lowercase is typed by people; it is the same CNPJ.
    assert_eq!(validate_cnpj("12abc34501de35").unwrap(), cnpj);
    assert!(validate_cnpj("12ABC34501DE36").is_err());
    // Check digits stay numeric.
    assert!(matches!(
        validate_cnpj("12ABC34501DE3A"),
        Err(DocumentError::InvalidCharacter {
            ch: 'A',
            position: 14,
            ..
        })
    ));
}

#[test]
fn validate_document_picks_the_kind_by_length() {
    assert!(matches!(
        validate_document("529.982.247-25"),
        Ok(Document::Cpf(_))
    ));
    assert!(matches!(
        validate_document("11.222.333/0001-81"),
        Ok(Document::Cnpj(_))
    ));
    assert!(matches!(
        validate_document("123"),
        Err(DocumentError::UnknownKind { found: 3 })
    ));
}

#[test]
fn serde_goes_through_validation() {
    let doc: Document = serde_json::from_str("\"12.ABC.345/01DE-35\"").unwrap();
    assert_eq!(serde_json::to_string(&doc).unwrap(), "\"12ABC34501DE35\"");
    assert!(serde_json::from_str::<Document>("\"12ABC34501DE36\"").is_err());
}

fn digit_string(len: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(b'0'..=b'9', len)
}

fn cnpj_base() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(prop_oneof![b'0'..=b'9', b'A'..=b'Z'], 12)
}

proptest! {
    #[test]
    fn any_cpf_with_computed_dvs_is_valid_and_any_other_dv_is_not(base in digit_string(9), bad in 0u8..100) {
        let first9: [u8; 9] = base.clone().try_into().unwrap();
        let dv = cpf_check_digits(&first9);
        let mut full = base.clone();
        full.extend_from_slice(&dv);
        let text = String::from_utf8(full).unwrap();
        let repeated = base.iter().all(|&c| c == base[0]) && dv == [base[0], base[0]];
        prop_assert_eq!(validate_cpf(&text).is_ok(), !repeated);
        let wrong = [b'0' + bad / 10, b'0' + bad % 10];
        if wrong != dv {
            let mut w = base.clone();
            w.extend_from_slice(&wrong);
            prop_assert!(validate_cpf(std::str::from_utf8(&w).unwrap()).is_err());
        }
    }

    #[test]
    fn cpf_formatting_round_trips(base in digit_string(9)) {
        let first9: [u8; 9] = base.clone().try_into().unwrap();
        let mut full = base.clone();
        full.extend_from_slice(&cpf_check_digits(&first9));
        let text = String::from_utf8(full).unwrap();
        if let Ok(formatted) = format_cpf(&text) {
            prop_assert_eq!(formatted.len(), 14);
            let back = validate_cpf(&formatted).unwrap();
            prop_assert_eq!(back.as_str(), text.as_str());
        }
    }

    #[test]
    fn any_cnpj_with_computed_dvs_round_trips(base in cnpj_base(), bad in 0u8..100) {
        let first12: [u8; 12] = base.clone().try_into().unwrap();
        let dv = cnpj_check_digits(&first12);
        let mut full = base.clone();
        full.extend_from_slice(&dv);
        let text = String::from_utf8(full).unwrap();
        if !full_is_repeated(&text) {
            let cnpj = validate_cnpj(&text).unwrap();
            prop_assert_eq!(validate_cnpj(&cnpj.formatted()).unwrap(), cnpj);
        }
        let wrong = [b'0' + bad / 10, b'0' + bad % 10];
        if wrong != dv {
            let mut w = base.clone();
            w.extend_from_slice(&wrong);
            prop_assert!(validate_cnpj(std::str::from_utf8(&w).unwrap()).is_err());
        }
    }

    #[test]
    fn validators_never_panic(s in "\\PC{0,40}") {
        let _ = validate_cpf(&s);
        let _ = validate_cnpj(&s);
        let _ = validate_document(&s);
    }
}

fn full_is_repeated(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().all(|&c| c == b[0])
}
