//! Property tests: check digits and barcode ↔ linha round trips.

use banking::bank::Bank;
use banking::boleto::checksum::mod10;
use banking::boleto::{
    barcode_to_linha, decode, generate, inspect, linha_to_barcode, BoletoInput, Kind,
};
use chrono::NaiveDate;
use proptest::prelude::*;

fn input_for(bank: Bank, nn: u64, valor: i64, days: i64) -> BoletoInput {
    let mut i = BoletoInput::new(bank);
    i.agencia = "1234".into();
    i.conta = "12345".into();
    i.vencimento = NaiveDate::from_ymd_opt(2000, 7, 3)
        .and_then(|d| d.checked_add_signed(chrono::TimeDelta::days(days)));
    i.valor_centavos = Some(valor);
    i.codigo_beneficiario = Some("12345".into());
    i.posto = Some("18".into());
    i.byte_idt = Some("2".into());
    let (carteira, width) = match bank {
        Bank::BancoDoBrasil => {
            i.convenio = Some("1234567".into());
            ("17", 10)
        }
        Bank::Santander => ("101", 12),
        Bank::Caixa => ("RG", 15),
        Bank::Bradesco => ("09", 11),
        Bank::Itau => ("109", 8),
        Bank::Sicredi => {
            i.data_documento = i.vencimento;
            ("1", 5)
        }
        Bank::Sicoob => ("1", 7),
    };
    i.carteira = carteira.into();
    i.nosso_numero = (nn % 10u64.pow(width)).to_string();
    i
}

fn bank() -> impl Strategy<Value = Bank> {
    prop::sample::select(Bank::ALL.to_vec())
}

/// Itaú carteiras whose campo livre carries seu número + código do cliente.
const ITAU_SEU_NUMERO: [&str; 6] = ["107", "122", "142", "143", "196", "198"];

fn itau_seu_numero_input(
    carteira: &str,
    [nn, seu, cliente]: [u64; 3],
    valor: i64,
    days: i64,
) -> BoletoInput {
    let mut i = input_for(Bank::Itau, nn, valor, days);
    i.carteira = carteira.into();
    i.seu_numero = Some(seu.to_string());
    i.codigo_cliente = Some(cliente.to_string());
    i
}

proptest! {
    #[test]
    fn generated_boletos_decode_back(
        bank in bank(),
        nn in any::<u64>(),
        valor in 0i64..=9_999_999_999,
        days in 0i64..18_000,
        offset in -2_999i64..5_500,
    ) {
        let input = input_for(bank, nn, valor, days);
        let b = generate(&input).unwrap();
        prop_assert_eq!(b.codigo_barras.len(), 44);
        prop_assert_eq!(b.linha_digitavel.len(), 47);
        let venc = input.vencimento.unwrap();
        // Any "today" inside the FEBRABAN window of the due date resolves it.
        let today = venc - chrono::TimeDelta::days(offset);
        for text in [&b.linha_digitavel, &b.codigo_barras, &b.linha_digitavel_formatada] {
            let d = decode(text, today).unwrap();
            prop_assert_eq!(d.kind, Kind::Boleto);
            prop_assert_eq!(d.bank, Some(bank));
            prop_assert_eq!(d.valor_centavos, Some(valor));
            prop_assert_eq!(d.vencimento, Some(venc));
            prop_assert_eq!(std::str::from_utf8(&d.barcode).unwrap(), b.codigo_barras.as_str());
        }
    }

    #[test]
    fn itau_seu_numero_carteiras_decode_back(
        carteira in prop::sample::select(ITAU_SEU_NUMERO.to_vec()),
        nn in 0u64..100_000_000,
        seu in 0u64..10_000_000,
        cliente in 0u64..100_000,
        valor in 0i64..=9_999_999_999,
        days in 0i64..18_000,
    ) {
        let input = itau_seu_numero_input(carteira, [nn, seu, cliente], valor, days);
        let b = generate(&input).unwrap();
        let venc = input.vencimento.unwrap();
        for text in [&b.linha_digitavel, &b.codigo_barras, &b.linha_digitavel_formatada] {
            let d = decode(text, venc).unwrap();
            prop_assert_eq!(d.bank, Some(Bank::Itau));
            prop_assert_eq!(d.valor_centavos, Some(valor));
            prop_assert_eq!(d.vencimento, Some(venc));
            // The campo livre read back from the barcode: every input field in its place.
            let cl = std::str::from_utf8(&d.barcode[19..]).unwrap();
            prop_assert_eq!(&cl[..3], carteira);
            prop_assert_eq!(&cl[3..11], format!("{nn:08}"));
            prop_assert_eq!(&cl[11..18], format!("{seu:07}"));
            prop_assert_eq!(&cl[18..23], format!("{cliente:05}"));
            prop_assert_eq!(cl.as_bytes()[23], b'0' + mod10(&cl.as_bytes()[..23]));
            prop_assert_eq!(&cl[24..], "0");
        }
    }

    #[test]
    fn any_single_digit_change_in_fields_1_to_3_is_caught(
        bank in bank(), nn in any::<u64>(), valor in 0i64..1_000_000, pos in 0usize..32, delta in 1u8..10,
    ) {
        let b = generate(&input_for(bank, nn, valor, 9_000)).unwrap();
        let mut line = b.linha_digitavel.into_bytes();
        line[pos] = b'0' + (line[pos] - b'0' + delta) % 10;
        let text = String::from_utf8(line).unwrap();
        let today = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        prop_assert!(decode(&text, today).is_err());
    }

    #[test]
    fn barcode_linha_round_trip(digits in proptest::collection::vec(0u8..10, 44)) {
        let mut barcode = [0u8; 44];
        for (slot, d) in barcode.iter_mut().zip(digits) {
            *slot = b'0' + d;
        }
        let linha = barcode_to_linha(&barcode);
        prop_assert_eq!(linha_to_barcode(&linha), barcode);
        for (field, dv) in [(&linha[..9], linha[9]), (&linha[10..20], linha[20]), (&linha[21..31], linha[31])] {
            prop_assert_eq!(b'0' + mod10(field), dv);
        }
    }

    #[test]
    fn mod10_catches_every_single_substitution(digits in proptest::collection::vec(0u8..10, 1..20), pos in any::<prop::sample::Index>(), delta in 1u8..10) {
        let mut a: Vec<u8> = digits.iter().map(|d| b'0' + d).collect();
        let dv = mod10(&a);
        let i = pos.index(a.len());
        a[i] = b'0' + (a[i] - b'0' + delta) % 10;
        prop_assert_ne!(mod10(&a), dv);
    }

    #[test]
    fn decoding_never_panics(s in "[0-9 .\\-]{0,60}|\\PC{0,60}") {
        let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let _ = inspect(&s, today);
        let _ = decode(&s, today);
    }

    #[test]
    fn generation_never_panics(
        bank in bank(), carteira in "\\PC{0,4}", agencia in "[0-9]{0,6}", conta in "\\PC{0,9}",
        nn in "[0-9]{0,20}|\\PC{0,5}", valor in any::<i64>(), convenio in "[0-9]{0,9}",
        itau_carteira in prop::option::of(prop::sample::select(ITAU_SEU_NUMERO.to_vec())),
        seu_numero in prop::option::of("[0-9]{0,9}|\\PC{0,8}"),
        codigo_cliente in prop::option::of("[0-9]{0,7}|\\PC{0,6}"),
    ) {
        let mut i = BoletoInput::new(bank);
        // Half the cases on the seu-número carteiras, which random text would almost never hit.
        i.carteira = itau_carteira.map_or(carteira, str::to_owned);
        i.seu_numero = seu_numero;
        i.codigo_cliente = codigo_cliente;
        i.agencia = agencia;
        i.conta = conta;
        i.nosso_numero = nn;
        i.valor_centavos = Some(valor);
        i.convenio = Some(convenio);
        let _ = generate(&i);
    }
}
