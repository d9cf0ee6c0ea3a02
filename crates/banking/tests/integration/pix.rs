//! PIX BR Code: CRC, known payloads, refusals, round trip.

use banking::pix::{build, crc16, parse, PixInput};
use proptest::prelude::*;

/// Banco Central "Manual de Padrões para Iniciação do Pix", static BR Code example.
const BCB_STATIC: &str = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

#[test]
fn crc16_ccitt_false_check_value() {
    // The catalogue check value of CRC-16/CCITT-FALSE (design/banking.md).
    assert_eq!(crc16(b"123456789"), 0x29B1);
}

#[test]
fn parses_the_bcb_static_example() {
    let code = parse(BCB_STATIC).unwrap();
    assert!(!code.dynamic);
    assert_eq!(
        code.key.as_deref(),
        Some("123e4567-e12b-12d1-a456-426655440000")
    );
    assert_eq!(code.name, "Fulano de Tal");
    assert_eq!(code.city, "BRASILIA");
    assert_eq!(code.amount_centavos, None);
    assert_eq!(code.txid, None);
    assert_eq!(code.crc, "1D3D");
}

#[test]
fn builds_the_bcb_static_example_byte_for_byte() {
    let input = PixInput {
        key: Some("123e4567-e12b-12d1-a456-426655440000".into()),
        name: "Fulano de Tal".into(),
        city: "BRASILIA".into(),
        ..PixInput::default()
    };
    assert_eq!(build(&input).unwrap(), BCB_STATIC);
}

#[test]
fn dynamic_code_with_amount() {
    let input = PixInput {
        url: Some("https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25".into()),
        name: "Empresa Ação Ltda".into(),
        city: "São Paulo".into(),
        amount_centavos: Some(123456),
        ..PixInput::default()
    };
    let payload = build(&input).unwrap();
    assert!(payload.starts_with("000201010212"));
    assert!(payload.contains("54071234.56"), "{payload}");
    let code = parse(&payload).unwrap();
    assert!(code.dynamic && code.single_use);
    assert_eq!(
        code.url.as_deref(),
        Some("pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25")
    );
    assert_eq!(code.amount_centavos, Some(123456));
    assert_eq!(code.name, "Empresa Acao Ltda");
    assert_eq!(code.city, "Sao Paulo");
}

#[test]
fn refusals_name_the_field_in_portuguese() {
    // Wrong CRC.
    let mut bad = BCB_STATIC.to_string();
    bad.replace_range(bad.len() - 4.., "1D3E");
    let e = parse(&bad).unwrap_err();
    assert_eq!(e.field, "63");
    assert_eq!(e.message, "CRC inválido: impresso 1D3E, calculado 1D3D");
    // Lowercase hex CRC is the same CRC.
    assert!(parse(&BCB_STATIC.replace("1D3D", "1d3d")).is_ok());
    // No CRC at all.
    assert_eq!(parse("000201").unwrap_err().field, "63");
    // A declared length running past the end (59 says 30 characters).
    let truncated = with_crc("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5930Fulano");
    let e = parse(&truncated).unwrap_err();
    assert_eq!(e.field, "59");
    assert!(e.message.contains("ultrapassa"), "{}", e.message);
    // Missing name (59).
    let no_name = with_crc("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR6008BRASILIA62070503***");
    let e = parse(&no_name).unwrap_err();
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("59", "campo obrigatório 59 (nome) ausente")
    );
    // Wrong currency.
    let usd = with_crc("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053038405802BR5913Fulano de Tal6008BRASILIA62070503***");
    assert_eq!(parse(&usd).unwrap_err().field, "53");
    // No PIX GUI.
    let no_gui = with_crc("000201264000140br.gov.bcb.xx0118fulano@example.com5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***");
    assert!(parse(&no_gui).is_err());
    // Build-side refusals.
    let base = PixInput {
        key: Some("fulano@example.com".into()),
        name: "Fulano".into(),
        city: "Brasilia".into(),
        ..PixInput::default()
    };
    let long_name = PixInput {
        name: "N".repeat(26),
        ..base.clone()
    };
    assert_eq!(build(&long_name).unwrap_err().field, "name");
    let no_key = PixInput {
        key: None,
        ..base.clone()
    };
    assert_eq!(build(&no_key).unwrap_err().field, "key");
    let bad_txid = PixInput {
        txid: Some("abc-123".into()),
        ..base.clone()
    };
    assert_eq!(build(&bad_txid).unwrap_err().field, "txid");
    let zero = PixInput {
        amount_centavos: Some(0),
        ..base
    };
    assert_eq!(build(&zero).unwrap_err().field, "amount_centavos");
}

fn with_crc(body: &str) -> String {
    let mut s = format!("{body}6304");
    let crc = crc16(s.as_bytes());
    s.push_str(&format!("{crc:04X}"));
    s
}

proptest! {
    #[test]
    fn build_parse_round_trip(
        key in "[a-z0-9]{1,20}@[a-z]{1,10}\\.com",
        name in "[A-Za-z ]{0,24}[A-Za-z]",
        city in "[A-Za-z]{1,15}",
        amount in proptest::option::of(1i64..99_999_999_999),
        txid in proptest::option::of("[A-Za-z0-9]{1,25}"),
    ) {
        let input = PixInput { key: Some(key.clone()), name: name.clone(), city: city.clone(), amount_centavos: amount, txid: txid.clone(), ..PixInput::default() };
        let payload = build(&input).unwrap();
        let code = parse(&payload).unwrap();
        prop_assert_eq!(code.key, Some(key));
        prop_assert_eq!(code.name, name.trim().to_string());
        prop_assert_eq!(code.city, city);
        prop_assert_eq!(code.amount_centavos, amount);
        prop_assert_eq!(code.txid, txid);
    }

    #[test]
    fn any_changed_character_is_refused(pos in 0usize..BCB_STATIC.len() - 4, c in "[ -~]") {
        let mut s = BCB_STATIC.to_string();
        if &s[pos..pos + 1] != c.as_str() {
            s.replace_range(pos..pos + 1, &c);
            prop_assert!(parse(&s).is_err());
        }
    }

    #[test]
    fn parsing_never_panics(s in "\\PC{0,200}") {
        let _ = parse(&s);
        let _ = parse(&with_crc(&s));
    }
}
