//! The NF-e reader: a real-shaped note (`tests/data/nfe_4512.xml`, written for these tests), what it refuses
//! (DTDs and external entities, broken keys, other XML), and properties: it never panics and whatever it accepts
//! is consistent.

use banking::nfe::{check_key, read, KeyError, NfeError, MAX_BYTES};
use chrono::NaiveDate;
use proptest::prelude::*;

const NOTE: &str = include_str!("../data/nfe_4512.xml");
const KEY: &str = "35260311222333000181550010000045121234567898";

#[test]
fn a_note_gives_its_emitter_number_total_and_duplicatas() {
    let nfe = read(NOTE.as_bytes()).unwrap();
    assert_eq!(nfe.key, KEY);
    assert_eq!(nfe.emitter_document, "11222333000181");
    assert_eq!(nfe.emitter_name, "Dental Suprimentos Paulista Ltda");
    assert_eq!(nfe.emitter_trade_name.as_deref(), Some("Dental Paulista"));
    assert_eq!((nfe.number.as_str(), nfe.series.as_str()), ("4512", "1"));
    assert_eq!(nfe.issue_date, NaiveDate::from_ymd_opt(2026, 3, 2).unwrap());
    assert_eq!(nfe.total_cents, 150_001);
    let dups: Vec<(NaiveDate, i64)> = nfe
        .duplicatas
        .iter()
        .map(|d| (d.due_date, d.amount_cents))
        .collect();
    assert_eq!(
        dups,
        vec![
            (NaiveDate::from_ymd_opt(2026, 4, 1).unwrap(), 75_001),
            (NaiveDate::from_ymd_opt(2026, 5, 1).unwrap(), 75_000)
        ]
    );
    assert_eq!(nfe.duplicatas[0].number.as_deref(), Some("001"));
}

#[test]
fn a_bare_nfe_without_protocol_takes_the_key_from_its_id() {
    let start = NOTE.find("<NFe ").unwrap();
    let end = NOTE.find("</NFe>").unwrap() + "</NFe>".len();
    let bare = &NOTE[start..end];
    assert_eq!(read(bare.as_bytes()).unwrap().key, KEY);
    // Without the namespace too.
    let plain = bare.replace(" xmlns=\"http://www.portalfiscal.inf.br/nfe\"", "");
    assert_eq!(read(plain.as_bytes()).unwrap().number, "4512");
}

#[test]
fn a_dtd_or_an_external_entity_is_refused() {
    let xxe = NOTE
        .replacen(
            "<nfeProc",
            "<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<nfeProc",
            1,
        )
        .replace(
            "<xNome>Dental Suprimentos Paulista Ltda</xNome>",
            "<xNome>&xxe;</xNome>",
        );
    assert_eq!(read(xxe.as_bytes()), Err(NfeError::Dtd));
    let bomb = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]><lolz>&lol2;</lolz>";
    assert_eq!(read(bomb.as_bytes()), Err(NfeError::Dtd));
    // An undeclared entity is an XML error, never a fetch.
    let undeclared = NOTE.replace(
        "<xNome>Dental Suprimentos Paulista Ltda</xNome>",
        "<xNome>&xxe;</xNome>",
    );
    assert!(matches!(read(undeclared.as_bytes()), Err(NfeError::Xml(_))));
}

#[test]
fn other_files_are_refused_with_a_reason() {
    assert_eq!(read(b"<html><body/></html>"), Err(NfeError::NotNfe));
    assert!(matches!(read(b"not xml"), Err(NfeError::Xml(_))));
    assert_eq!(read(&[0xff, 0xfe, 0x00]), Err(NfeError::NotUtf8));
    let big = vec![b' '; MAX_BYTES + 1];
    assert!(matches!(read(&big), Err(NfeError::TooLarge { .. })));
    let wrong_dv = NOTE.replace(KEY, "35260311222333000181550010000045121234567890");
    assert!(matches!(
        read(wrong_dv.as_bytes()),
        Err(NfeError::Key(KeyError::CheckDigit {
            expected: 8,
            found: 0
        }))
    ));
    let no_total = NOTE.replace("<vNF>1500.01</vNF>", "");
    assert_eq!(
        read(no_total.as_bytes()),
        Err(NfeError::Missing("total/ICMSTot/vNF"))
    );
    let comma = NOTE.replace("<vDup>750.00</vDup>", "<vDup>750,00</vDup>");
    assert!(matches!(
        read(comma.as_bytes()),
        Err(NfeError::Invalid {
            field: "cobr/dup/vDup",
            ..
        })
    ));
    assert!(read(no_total.as_bytes())
        .unwrap_err()
        .to_string()
        .contains("vNF"));
}

#[test]
fn keys_are_checked_with_punctuation_ignored() {
    let spaced = KEY
        .as_bytes()
        .chunks(4)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(check_key(&spaced).unwrap(), KEY);
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let _ = read(&bytes);
    }

    #[test]
    fn mangled_notes_never_panic(cut in 0usize..NOTE.len(), insert in "[<>&;a-zA-Z0-9/\"= !\\[\\]-]{0,40}") {
        let mut text = NOTE.to_string();
        let at = (0..=cut).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        text.insert_str(at, &insert);
        if let Ok(nfe) = read(text.as_bytes()) {
            prop_assert!(check_key(&nfe.key).is_ok());
            prop_assert!(nfe.total_cents >= 0);
            prop_assert!(nfe.duplicatas.iter().all(|d| d.amount_cents >= 0));
        }
    }

    #[test]
    fn a_changed_digit_breaks_the_key(position in 0usize..44, delta in 1u8..10) {
        let mut bytes = KEY.as_bytes().to_vec();
        bytes[position] = b'0' + (bytes[position] - b'0' + delta) % 10;
        let changed = String::from_utf8(bytes).unwrap();
        prop_assert!(check_key(&changed).is_err());
    }
}
