//! The bank-file subcommands through `banking::cli::run`: JSON out, exit statuses,
//! Portuguese errors naming the field, never a panic.

use crate::common;

use banking::cli::run;
use serde_json::{json, Value};
use std::path::PathBuf;

fn call(args: &[&str], stdin: &str) -> (i32, Vec<u8>) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut out = vec![];
    let status = run(&args, &mut stdin.as_bytes(), &mut out);
    (status, out)
}

fn call_json(args: &[&str], stdin: &str) -> (i32, Value) {
    let (status, out) = call(args, stdin);
    let v = serde_json::from_slice(&out)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)));
    (status, v)
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("banking-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn remessa_input(bank: &str, layout: &str) -> Value {
    json!({
        "bank": bank,
        "layout": layout,
        "kind": "cobranca",
        "sequence": 41,
        "generated_at": "2026-11-20T09:00:00",
        "company": {
            "name": "Empresa Exemplo Ltda", "document": "11.222.333/0001-81",
            "agency": "1234", "agency_dv": "5", "account": "12345", "account_dv": "6",
            "agreement": "1234567", "wallet": "109", "variation": "01"
        },
        "titles": [{
            "numero": "123",
            "seu_numero": "NF-1",
            "due_date": "2026-12-10",
            "issue_date": "2026-11-20",
            "amount": 123456,
            "payer": { "name": "João da Silva", "document": "529.982.247-25", "address": "Rua A, 1",
                       "district": "Centro", "zip": "01001-000", "city": "São Paulo", "state": "SP" },
            "fine": { "type": "percent", "value": 200 },
            "protest_days": 5
        }]
    })
}

#[test]
fn remessa_to_file_then_validate_then_read_back() {
    let path = tmp("itau.rem");
    let input = remessa_input("341", "240").to_string();
    let (status, v) = call_json(&["remessa", "--out", path.to_str().unwrap()], &input);
    assert_eq!(status, 0, "{v}");
    assert_eq!(v["sequencia"], 42);
    assert_eq!(v["total"], "R$ 1.234,56");
    assert_eq!(v["nome_sugerido"], "CB201101.REM");
    let (status, report) = call_json(&["validate", path.to_str().unwrap()], "");
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["valido"], true);
}

#[test]
fn remessa_to_stdout_is_the_file_itself() {
    let mut input = remessa_input("237", "400");
    input["company"]["wallet"] = json!("09");
    let (status, out) = call(&["remessa"], &input.to_string());
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    assert!(out.starts_with(b"01REMESSA01COBRANCA"));
    assert!(out
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .all(|l| l.len() == 401));
}

#[test]
fn itau_seu_numero_carteiras_in_a_remessa() {
    // Carteiras 107/122/142/143/196/198 only change the boleto's campo livre; the remessa
    // carries the nosso número with its agência/conta DAC, which needs neither the seu número
    // nor the código do cliente (the carteira used to be refused here).
    let mut i = banking::boleto::BoletoInput::new(banking::bank::Bank::Itau);
    (i.carteira, i.agencia, i.conta, i.nosso_numero) =
        ("198".into(), "1234".into(), "12345".into(), "123".into());
    let nn = banking::boleto::nosso_numero(i.bank, &i).unwrap();
    // CNAB 240 segment P: carteira 38–40 + nosso número and DAC 41–49; CNAB 400: carteira 84–86.
    let segment_p = format!("198{}{}", nn.digits, nn.dv.unwrap());
    for (layout, expected, at) in [("240", segment_p.as_str(), 37), ("400", "198", 83)] {
        let mut input = remessa_input("341", layout);
        input["company"]["wallet"] = json!("198");
        let path = tmp(&format!("itau-198-{layout}.rem"));
        let args = ["remessa", "--out", path.to_str().unwrap()];
        let (status, v) = call_json(&args, &input.to_string());
        assert_eq!(status, 0, "{layout}: {v}");
        let file = std::fs::read_to_string(&path).unwrap();
        let detail = file
            .lines()
            .nth(if layout == "240" { 2 } else { 1 })
            .unwrap();
        assert_eq!(
            &detail[at..at + expected.len()],
            expected,
            "{layout}: {detail}"
        );
        let (status, report) = call_json(&["validate", path.to_str().unwrap()], "");
        assert_eq!(status, 0, "{layout}: {report}");
    }
}

#[test]
fn itau_400_numero_is_written_without_its_dac() {
    // Itaú CNAB 400: 63–70 holds the nosso número's 8 digits, no DAC (brcobranca
    // remessa/cnab400/itau.rb); CNAB 240 keeps number + DAC at 41–49.
    for (numero, expected) in [("123", "00000123"), ("12345678", "12345678")] {
        let mut input = remessa_input("341", "400");
        input["titles"][0]["numero"] = json!(numero);
        let path = tmp(&format!("itau-400-{numero}.rem"));
        let args = ["remessa", "--out", path.to_str().unwrap()];
        let (status, v) = call_json(&args, &input.to_string());
        assert_eq!(status, 0, "{numero}: {v}");
        let file = std::fs::read_to_string(&path).unwrap();
        let detail = file.lines().nth(1).unwrap();
        assert_eq!(&detail[62..70], expected, "{numero}: {detail}");
        let (status, report) = call_json(&["validate", path.to_str().unwrap()], "");
        assert_eq!(status, 0, "{numero}: {report}");
        assert_eq!(report["valido"], true);
    }
}

#[test]
fn invalid_remessa_input_names_the_field() {
    let cases = [
        (json!({"bank": "999"}), "bank"),
        (remessa_input("341", "300"), "layout"),
        (
            {
                let mut v = remessa_input("341", "240");
                v["titles"][0]["amount"] = json!(-5);
                v
            },
            "titles[0].amount",
        ),
        (
            {
                let mut v = remessa_input("341", "240");
                v["titles"][0]["due_date"] = json!("10/12/2026");
                v
            },
            "titles[0]",
        ),
        (
            {
                let mut v = remessa_input("341", "240");
                v["company"]["document"] = json!("123");
                v
            },
            "company.document",
        ),
        (
            {
                let mut v = remessa_input("341", "240");
                v["titles"][0]["seu_numero"] = json!("MUITO-LONGO-PARA-O-CAMPO");
                v
            },
            "titles[0].seu_numero",
        ),
        (
            {
                let mut v = remessa_input("341", "240");
                v["extra"] = json!(1);
                v
            },
            "extra",
        ),
        (
            {
                let mut v = remessa_input("341", "240");
                v.as_object_mut().unwrap().remove("sequence");
                v
            },
            "sequence",
        ),
    ];
    for (input, field) in cases {
        let (status, v) = call_json(&["remessa"], &input.to_string());
        assert_eq!(status, 2, "{v}");
        assert_eq!(v["field"], field, "{v}");
        assert!(v["message"]
            .as_str()
            .unwrap()
            .chars()
            .any(|c| c.is_alphabetic()));
    }
    let (status, v) = call_json(&["remessa"], "not json");
    assert_eq!(status, 2);
    assert_eq!(v["code"], "uso_invalido");
}

#[test]
fn validate_exit_statuses() {
    let path = tmp("bad.rem");
    std::fs::write(&path, b"00100000\n").unwrap();
    let (status, v) = call_json(&["validate", path.to_str().unwrap()], "");
    assert_eq!(status, 1, "{v}");
    assert_eq!(v["valido"], false);
    assert!(v["problemas"].as_u64().unwrap() > 0);
    let (status, v) = call_json(&["validate", "/nonexistent/file.rem"], "");
    assert_eq!(status, 2);
    assert_eq!(v["field"], "arquivo");
    let (status, _) = call_json(&["validate"], "");
    assert_eq!(status, 2);
}

#[test]
fn retorno_autodetects_cobranca_400_240_and_payments() {
    let Some(dir) = common::fixtures() else {
        return;
    };
    let p = |s: &str| dir.join(s).to_string_lossy().to_string();
    let (status, v) = call_json(
        &[
            "retorno",
            &p("laravel-boleto/tests/Retorno/files/cnab400/itau.ret"),
        ],
        "",
    );
    assert_eq!(status, 0, "{v}");
    assert_eq!(v["tipo"], "cobranca");
    assert_eq!(v["arquivo"]["layout"], "400");
    assert_eq!(v["arquivo"]["bank_code"], "341");
    let (status, v) = call_json(
        &["retorno", &p("brcobranca/spec/arquivos/CNAB240SICREDI.CRT")],
        "",
    );
    assert_eq!(status, 0);
    assert_eq!(v["arquivo"]["layout"], "240");
    assert_eq!(v["resumo"]["trailers_conferem"], true);
    let (status, v) = call_json(
        &[
            "retorno",
            &p("cnab240/spec/fixtures/retorno/SB22112AIT.RET"),
        ],
        "",
    );
    assert_eq!(status, 0);
    assert_eq!(v["tipo"], "pagamentos");
    assert_eq!(v["itens"][0]["occurrences"][0][0], "BD");
    let (status, v) = call_json(
        &[
            "retorno",
            &p("laravel-boleto/tests/Retorno/files/cnab400/remessa.txt"),
        ],
        "",
    );
    assert_eq!(status, 2);
    assert!(v["message"].as_str().unwrap().contains("remessa"));
}

#[test]
fn ofx_subcommand() {
    let Some(dir) = common::fixtures() else {
        return;
    };
    let path = dir.join("ofx/ofx-reader/ofx-files/Itau.ofx");
    let (status, v) = call_json(&["ofx", path.to_str().unwrap()], "");
    assert_eq!(status, 0);
    assert_eq!(v["resumo"][0]["lancamentos"], 17);
    assert_eq!(v["resumo"][0]["saldo"], "R$ 910,14");
    let garbage = tmp("garbage.ofx");
    std::fs::write(&garbage, b"\xff\xfe garbage").unwrap();
    let (status, v) = call_json(&["ofx", garbage.to_str().unwrap()], "");
    assert_eq!(status, 2);
    assert_eq!(v["code"], "arquivo_invalido");
}

#[test]
fn payments_remessa_through_the_cli() {
    let input = json!({
        "bank": "341", "layout": "240", "kind": "pagamentos", "sequence": 0,
        "generated_at": "2026-11-20T09:00:00",
        "company": { "name": "Pagadora", "document": "11222333000181", "agency": "1234", "account": "12345", "account_dv": "6" },
        "payments": [
            { "method": "pix_key", "key_type": "random", "key": "123e4567-e89b-12d3-a456-426614174000",
              "name": "Fornecedor", "document": "52998224725", "seu_numero": "P1", "date": "2026-11-21", "amount": 5000 }
        ]
    });
    let (status, out) = call(&["remessa"], &input.to_string());
    assert_eq!(status, 0, "{}", String::from_utf8_lossy(&out));
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("123e4567-e89b-12d3-a456-426614174000"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(&lines[1][11..13], "45", "forma 45 = PIX transferência");
}
