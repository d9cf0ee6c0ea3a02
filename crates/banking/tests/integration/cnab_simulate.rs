//! The simulated bank (`cnab::simulate`, `banking simular-retorno`): a CNAB 240 remessa in,
//! the retorno the bank would send out, read back by the retorno reader; everything else
//! refused in Portuguese, never a panic.

use banking::bank::Bank;
use banking::cli::run;
use banking::cnab::retorno::{read_retorno, Retorno};
use banking::cnab::simulate::{simulate_retorno, SimulateError, SimulateOptions};
use banking::cnab::{
    c240, c400, nosso_numero_for_cnab, Company, Layout, Payer, RemessaHeader, Title,
};
use chrono::NaiveDate;
use proptest::prelude::*;
use serde_json::Value;
use std::path::PathBuf;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A company each bank's nosso número function accepts.
fn company(bank: Bank) -> Company {
    Company {
        name: "Empresa Exemplo Ltda".into(),
        document: "12.345.678/0001-95".into(),
        agency: "1234".into(),
        agency_dv: "5".into(),
        account: "12345".into(),
        account_dv: "6".into(),
        agreement: match bank {
            Bank::BancoDoBrasil => "1234567".into(),
            Bank::Caixa => "123456".into(),
            Bank::Santander => "1234567".into(),
            _ => "12345".into(),
        },
        wallet: match bank {
            Bank::Itau => "109".into(),
            Bank::Bradesco => "09".into(),
            Bank::BancoDoBrasil => "17".into(),
            _ => "1".into(),
        },
        variation: if bank == Bank::BancoDoBrasil {
            "019".into()
        } else {
            "01".into()
        },
        // Not in the remessa: the simulator recovers it from the titles' check digits.
        post: "07".into(),
    }
}

fn header(bank: Bank) -> RemessaHeader {
    RemessaHeader {
        bank,
        company: company(bank),
        sequence: 42,
        generated_at: day(2026, 11, 20).and_hms_opt(9, 30, 15).unwrap(),
    }
}

/// The bank's sequence number `n` in the form its nosso número function takes (Sicredi:
/// year + byte + sequence).
fn numero(bank: Bank, n: u64) -> String {
    match bank {
        Bank::Sicredi => format!("262{n:05}"),
        _ => n.to_string(),
    }
}

fn nosso(bank: Bank, n: u64) -> String {
    nosso_numero_for_cnab(bank, &company(bank), &numero(bank, n)).unwrap()
}

fn title(bank: Bank, i: u64) -> Title {
    Title {
        instruction: Default::default(),
        nosso_numero: nosso(bank, 100 + i),
        seu_numero: format!("NF{i:05}"),
        due_date: day(2026, 12, 10 + i as u32),
        issue_date: day(2026, 11, 20),
        amount: 10_000 + 111 * i as i64,
        payer: Payer {
            name: "JOSE DA SILVA".into(),
            document: "01234567890".into(),
            address: "RUA DAS FLORES 10".into(),
            district: "CENTRO".into(),
            zip: "01310100".into(),
            city: "SAO PAULO".into(),
            state: "SP".into(),
        },
        species: Some("02".into()),
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

fn remessa(bank: Bank, titles: &[Title]) -> Vec<u8> {
    let mut out = vec![];
    c240::write_remessa(&header(bank), titles, &mut out).unwrap();
    out
}

fn simulate(bytes: &[u8], options: &SimulateOptions) -> Retorno {
    let out = simulate_retorno(bytes, options).unwrap();
    read_retorno(&out).unwrap()
}

/// Nosso números are compared without their padding (Sicoob's field pads with zeros).
fn key(nosso: &str) -> &str {
    nosso.trim_start_matches('0')
}

#[test]
fn every_bank_confirms_each_title_settles_the_first_and_adds_the_unknown_payment() {
    for bank in Bank::ALL {
        let titles: Vec<Title> = (0..3).map(|i| title(bank, i)).collect();
        let options = SimulateOptions {
            settle_first: 2,
            unknown_payment: Some(15_000),
            date: Some(day(2026, 11, 23)),
        };
        let r = simulate(&remessa(bank, &titles), &options);
        assert_eq!(r.info.direction, "retorno", "{bank:?}");
        assert_eq!(r.info.layout, Layout::Cnab240);
        assert_eq!(r.info.bank_code, bank.code());
        assert_eq!(r.info.sequence, 42, "{bank:?}: the remessa's number");
        assert_eq!(r.info.generated_on, Some(day(2026, 11, 23)));
        assert!(!r.checks.is_empty());
        assert!(
            r.checks.iter().all(|c| c.matches()),
            "{bank:?}: {:?}",
            r.checks
        );
        let codes: Vec<&str> = r.items.iter().map(|i| i.occurrence_code.as_str()).collect();
        assert_eq!(codes, ["02", "02", "02", "06", "06", "06"], "{bank:?}");
        for (item, t) in r.items.iter().zip(titles.iter().chain(&titles[..2])) {
            assert_eq!(key(&item.nosso_numero), key(&t.nosso_numero), "{bank:?}");
            assert_eq!(item.seu_numero, t.seu_numero, "{bank:?}");
            assert_eq!(item.amount, t.amount);
            assert_eq!(item.due_date, Some(t.due_date));
            assert_eq!(item.payer_name, t.payer.name);
            assert_eq!(item.payer_document, t.payer.document);
            assert_eq!(item.occurrence_date, Some(day(2026, 11, 23)));
        }
        for item in &r.items[..3] {
            assert!(!item.settled);
            assert_eq!((item.paid_amount, item.credit_date), (0, None));
        }
        for (item, t) in r.items[3..5].iter().zip(&titles) {
            assert!(item.settled, "{bank:?}");
            assert_eq!(item.paid_amount, t.amount);
            assert_eq!(item.net_amount, t.amount);
            assert_eq!(item.credit_date, Some(day(2026, 11, 24)));
        }
        let unknown = &r.items[5];
        assert!(unknown.settled);
        assert_eq!((unknown.amount, unknown.paid_amount), (15_000, 15_000));
        assert_eq!(unknown.credit_date, Some(day(2026, 11, 24)));
        assert!(titles
            .iter()
            .all(|t| key(&t.nosso_numero) != key(&unknown.nosso_numero)));
        assert_well_formed(bank, &unknown.nosso_numero);
    }
}

/// The unknown nosso número is one the bank's function gives (check digit included) for a
/// sequence of nines counted down by at most a few.
fn assert_well_formed(bank: Bank, nosso: &str) {
    let found = (1..=17u32).any(|digits| {
        let top = 10u64.pow(digits) - 1;
        (0..5).any(|k| {
            let n = format!("{:0w$}", top - k, w = digits as usize);
            nosso_numero_for_cnab(bank, &company(bank), &n).is_ok_and(|nn| key(&nn) == key(nosso))
        })
    });
    assert!(found, "{bank:?}: {nosso} is not a nosso número of the bank");
}

#[test]
fn the_unknown_number_steps_past_a_title_that_already_holds_the_largest() {
    let bank = Bank::Itau;
    let mut titles = vec![title(bank, 0)];
    titles[0].nosso_numero = nosso(bank, 99_999_999);
    let options = SimulateOptions {
        unknown_payment: Some(100),
        ..SimulateOptions::default()
    };
    let r = simulate(&remessa(bank, &titles), &options);
    assert_eq!(r.items.len(), 2);
    assert_eq!(r.items[1].nosso_numero, nosso(bank, 99_999_998));
}

#[test]
fn default_date_is_the_remessas_generation_date_and_nothing_settles() {
    let titles = [title(Bank::Sicoob, 0), title(Bank::Sicoob, 1)];
    let r = simulate(&remessa(Bank::Sicoob, &titles), &SimulateOptions::default());
    assert_eq!(r.info.generated_on, Some(day(2026, 11, 20)));
    assert_eq!(r.items.len(), 2);
    assert!(r.items.iter().all(|i| i.occurrence_code == "02"
        && i.occurrence_date == Some(day(2026, 11, 20))
        && !i.settled));
}

#[test]
fn the_retorno_carries_the_remessas_account() {
    // The T zone repeats what P carried (agência, conta, carteira…), as the bank's would.
    for bank in Bank::ALL {
        let titles = [title(bank, 0)];
        let rem = remessa(bank, &titles);
        let ret = simulate_retorno(&rem, &SimulateOptions::default()).unwrap();
        let mut out = vec![];
        c240::write_retorno(&header(bank), &read_retorno(&ret).unwrap().items, &mut out).unwrap();
        let segment_t = |bytes: &[u8]| -> Vec<u8> {
            bytes.split(|b| *b == b'\n').nth(2).unwrap()[17..57].to_vec()
        };
        assert_eq!(
            String::from_utf8(segment_t(&ret)).unwrap(),
            String::from_utf8(segment_t(&out)).unwrap(),
            "{bank:?}: the account zone of segment T"
        );
        let headers = |bytes: &[u8]| -> Vec<u8> { bytes[..240].to_vec() };
        assert_eq!(
            String::from_utf8(headers(&ret)).unwrap(),
            String::from_utf8(headers(&out)).unwrap(),
            "{bank:?}: the file header"
        );
    }
}

#[test]
fn more_titles_to_settle_than_the_remessa_has_is_an_option_error() {
    let rem = remessa(Bank::Itau, &[title(Bank::Itau, 0)]);
    let options = SimulateOptions {
        settle_first: 2,
        ..SimulateOptions::default()
    };
    match simulate_retorno(&rem, &options) {
        Err(SimulateError::Option { option, message }) => {
            assert_eq!(option, "liquidar");
            assert!(message.contains("a remessa tem 1"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn cnab_400_retornos_and_garbage_are_refused_in_portuguese() {
    let h = header(Bank::Itau);
    let mut cnab400 = vec![];
    c400::write_remessa(&h, [title(Bank::Itau, 0)], &mut cnab400).unwrap();
    let retorno = simulate_retorno(
        &remessa(Bank::Itau, &[title(Bank::Itau, 0)]),
        &SimulateOptions::default(),
    )
    .unwrap();
    let cases: [(&[u8], &str); 4] = [
        (
            &cnab400,
            "Simulação disponível só para remessas de cobrança CNAB 240.",
        ),
        (
            &retorno,
            "Este arquivo já é um retorno; a simulação lê a remessa enviada ao banco.",
        ),
        (
            b"isto nao e um arquivo CNAB\r\n",
            "Remessa ilegível: linha 1",
        ),
        (b"", "A remessa está vazia."),
    ];
    for (bytes, expected) in cases {
        match simulate_retorno(bytes, &SimulateOptions::default()) {
            Err(SimulateError::Remessa(m)) => assert!(m.starts_with(expected), "{m}"),
            other => panic!("{expected}: {other:?}"),
        }
    }
}

// ---- the CLI ------------------------------------------------------------------------

fn call(args: &[&str]) -> (i32, Vec<u8>) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut out = vec![];
    let status = run(&args, &mut &b""[..], &mut out);
    (status, out)
}

fn call_json(args: &[&str]) -> (i32, Value) {
    let (status, out) = call(args);
    let v = serde_json::from_slice(&out)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)));
    (status, v)
}

fn tmp(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("banking-simulate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn cli_writes_the_retorno_that_banking_retorno_reads() {
    let titles: Vec<Title> = (0..3).map(|i| title(Bank::Bradesco, i)).collect();
    let rem = tmp("bradesco.rem", &remessa(Bank::Bradesco, &titles));
    let args = [
        "simular-retorno",
        rem.as_str(),
        "--liquidar",
        "1",
        "--nao-localizado",
        "4321",
        "--data",
        "2026-11-25",
    ];
    let (status, out) = call(&args);
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    assert!(out.ends_with(b"\r\n"));
    let ret = tmp("bradesco.ret", &out);
    let (status, v) = call_json(&["retorno", &ret]);
    assert_eq!(status, 0, "{v}");
    assert_eq!(v["tipo"], "cobranca");
    assert_eq!(v["resumo"]["itens"], 5);
    assert_eq!(v["resumo"]["liquidados"], 2);
    assert_eq!(v["resumo"]["total_pago"], "R$ 143,21");
    assert_eq!(v["resumo"]["trailers_conferem"], true);
    assert_eq!(v["itens"][3]["occurrence_date"], "2026-11-25");
    assert_eq!(v["itens"][3]["credit_date"], "2026-11-26");
}

fn assert_error(args: &[&str], code: &str, field: &str, message: &str) {
    let (status, v) = call_json(args);
    assert_eq!(status, 2, "{args:?}: {v}");
    assert_eq!(v["code"], code, "{v}");
    assert_eq!(v["field"], field, "{v}");
    let m = v["message"].as_str().unwrap();
    assert!(m.starts_with(message), "{args:?}: {m}");
}

#[test]
fn cli_refuses_cnab_400_garbage_and_bad_options_with_exit_2() {
    let mut bytes = vec![];
    c400::write_remessa(&header(Bank::Itau), [title(Bank::Itau, 0)], &mut bytes).unwrap();
    let cnab400 = tmp("itau400.rem", &bytes);
    let garbage = tmp("garbage.rem", &[0xff, 0x00, b'x', b'\n', 0x80]);
    let good = tmp("itau240.rem", &remessa(Bank::Itau, &[title(Bank::Itau, 0)]));
    let sim = "simular-retorno";
    assert_error(
        &[sim, &cnab400],
        "arquivo_invalido",
        "remessa",
        "Simulação disponível só para remessas de cobrança CNAB 240.",
    );
    assert_error(
        &[sim, &garbage],
        "arquivo_invalido",
        "remessa",
        "Remessa ilegível",
    );
    assert_error(
        &[sim, "/nao/existe.rem"],
        "arquivo_ilegivel",
        "remessa",
        "não foi possível ler",
    );
    assert_error(
        &[sim, &good, "--liquidar", "2"],
        "campo_invalido",
        "--liquidar",
        "Não dá para liquidar 2 títulos",
    );
    assert_error(
        &[sim, &good, "--nao-localizado", "0"],
        "campo_invalido",
        "--nao-localizado",
        "O valor do pagamento não localizado",
    );
    assert_error(
        &[sim, &good, "--data", "25/11/2026"],
        "campo_invalido",
        "--data",
        "data inválida",
    );
    let (status, v) = call_json(&[sim, &good, "--liquidar", "muitos"]);
    assert_eq!(status, 2);
    assert_eq!(v["code"], "uso_invalido");
    assert!(v["message"]
        .as_str()
        .unwrap()
        .contains("uso: banking simular-retorno REMESSA"));
}

#[test]
fn cli_help_is_in_portuguese_and_lists_the_subcommand() {
    let (status, out) = call(&["simular-retorno", "--help"]);
    assert_eq!(status, 0);
    let help = String::from_utf8(out).unwrap();
    assert!(
        help.contains("Uso: banking simular-retorno REMESSA [--liquidar N]"),
        "{help}"
    );
    assert!(help.contains("entrada confirmada (02)"), "{help}");
    assert!(
        help.contains("--nao-localizado <VALOR_EM_CENTAVOS>"),
        "{help}"
    );
    let (_, out) = call(&["--help"]);
    let help = String::from_utf8(out).unwrap();
    assert!(help.contains("simular-retorno"), "{help}");
}

// ---- never a panic ---------------------------------------------------------------------

fn options(settle: usize, unknown: Option<i64>) -> SimulateOptions {
    SimulateOptions {
        settle_first: settle,
        unknown_payment: unknown,
        date: None,
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(
        bytes in proptest::collection::vec(any::<u8>(), 0..3000),
        settle in 0usize..4,
        unknown in proptest::option::of(any::<i64>()),
    ) {
        let _ = simulate_retorno(&bytes, &options(settle, unknown));
    }

    /// A valid remessa with bytes overwritten and cut short: an error or a retorno the
    /// reader takes whole, never a panic.
    #[test]
    fn mutated_remessas_never_panic_and_what_is_accepted_reads_back(
        bank_i in 0usize..7,
        edits in proptest::collection::vec((0usize..2000, any::<u8>()), 1..6),
        cut in 0usize..2000,
        settle in 0usize..3,
        unknown in proptest::option::of(1i64..1_000_000),
    ) {
        let bank = Bank::ALL[bank_i];
        let mut bytes = remessa(bank, &[title(bank, 0), title(bank, 1)]);
        for (pos, byte) in edits {
            let p = pos % bytes.len();
            bytes[p] = byte;
        }
        bytes.truncate(cut.max(1).min(bytes.len()));
        if let Ok(out) = simulate_retorno(&bytes, &options(settle, unknown)) {
            let r = read_retorno(&out);
            prop_assert!(r.is_ok(), "{:?}", r.err());
        }
    }
}
