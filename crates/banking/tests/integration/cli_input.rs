//! The CLI's JSON input (serde structs refusing unknown fields, errors naming the field path)
//! and its argument parsing (clap, Portuguese usage errors), through `banking::cli::run`.

use banking::cli::{run, EXIT_INVALID};
use serde_json::{json, Value};

fn call(args: &[&str], stdin: &str) -> (i32, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    let status = run(&args, &mut stdin.as_bytes(), &mut out);
    (status, String::from_utf8(out).unwrap())
}

fn call_json(args: &[&str], stdin: &Value) -> (i32, Value) {
    let (status, out) = call(args, &stdin.to_string());
    let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"));
    (status, value)
}

/// Exit 2, `campo_invalido`, and the field reported.
fn invalid(args: &[&str], stdin: &Value) -> (String, String) {
    let (status, out) = call_json(args, stdin);
    assert_eq!(status, EXIT_INVALID, "{out}");
    assert_eq!(out["code"], "campo_invalido", "{out}");
    (
        out["field"].as_str().unwrap_or_default().to_owned(),
        out["message"].as_str().unwrap().to_owned(),
    )
}

fn title(n: u32) -> Value {
    json!({
        "numero": n.to_string(), "seu_numero": format!("NF-{n}"),
        "due_date": "2026-12-10", "issue_date": "2026-11-20", "amount": 1000,
        "payer": { "name": "João da Silva", "document": "529.982.247-25" }
    })
}

fn remessa() -> Value {
    json!({
        "bank": "341", "layout": "240", "sequence": 41, "generated_at": "2026-11-20T09:00:00",
        "company": {
            "name": "Empresa Exemplo Ltda", "document": "11.222.333/0001-81",
            "agency": "1234", "account": "12345", "account_dv": "6", "wallet": "109"
        },
        "titles": [title(1), title(2), title(3)]
    })
}

fn payments() -> Value {
    json!({
        "bank": "341", "layout": "240", "kind": "pagamentos", "sequence": 0,
        "generated_at": "2026-11-20T09:00:00",
        "company": { "name": "Pagadora", "document": "11222333000181", "agency": "1234",
                     "account": "12345", "account_dv": "6" },
        "payments": [{
            "method": "pix_key", "key_type": "random", "key": "123e4567-e89b-12d3-a456-426614174000",
            "name": "Fornecedor", "document": "52998224725", "seu_numero": "P1",
            "date": "2026-11-21", "amount": 5000
        }]
    })
}

#[test]
fn the_fixtures_of_this_file_are_valid() {
    let (status, out) = call(&["remessa"], &remessa().to_string());
    assert_eq!(status, 0, "{out}");
    let (status, out) = call(&["remessa"], &payments().to_string());
    assert_eq!(status, 0, "{out}");
}

#[test]
fn an_unknown_field_is_refused_naming_it() {
    let boleto = json!({"banco": "237", "carteira": "09", "agencia": "1229", "conta": "0403005",
                        "nosso_numero": "100000", "valor": 1000});
    assert_eq!(
        invalid(&["boleto"], &boleto),
        ("valor".into(), "campo desconhecido: valor".into())
    );
    let pix = json!({"key": "a@b.com", "name": "X", "city": "Y", "valor": 1});
    assert_eq!(invalid(&["pix"], &pix).0, "valor");

    // Nested objects refuse unknown keys too, with the whole path.
    let mut v = remessa();
    v["company"]["carteira"] = json!("109");
    assert_eq!(
        invalid(&["remessa"], &v),
        (
            "company.carteira".into(),
            "campo desconhecido: company.carteira".into()
        )
    );
    // Inside a title the item is the field (as for every title error); the message has the path.
    let mut v = remessa();
    v["titles"][1]["payer"]["nome"] = json!("Maria");
    let (field, message) = invalid(&["remessa"], &v);
    assert_eq!(field, "titles[1]");
    assert!(
        message.contains("campo desconhecido: titles[1].payer.nome"),
        "{message}"
    );
    let mut v = remessa();
    v["titles"][2]["vencimento"] = json!("2026-12-10");
    let (field, message) = invalid(&["remessa"], &v);
    assert_eq!(field, "titles[2]");
    assert!(message.contains("titles[2].vencimento"), "{message}");
    let mut v = payments();
    v["payments"][0]["valor"] = json!(5000);
    let (field, message) = invalid(&["remessa"], &v);
    assert_eq!(field, "payments[0]");
    assert!(message.contains("payments[0].valor"), "{message}");
}

#[test]
fn a_wrong_typed_field_names_its_path() {
    let mut v = remessa();
    v["titles"][2]["amount"] = json!("dez reais");
    let (field, message) = invalid(&["remessa"], &v);
    assert_eq!(field, "titles[2]");
    assert!(message.contains("titles[2].amount"), "{message}");
    assert!(message.contains("tipo inválido"), "{message}");

    let mut v = remessa();
    v["titles"][0]["payer"]["document"] = json!(["529.982.247-25"]);
    let (_, message) = invalid(&["remessa"], &v);
    assert!(message.contains("titles[0].payer.document"), "{message}");

    let mut v = remessa();
    v["company"]["account"] = json!(12.5);
    let (field, message) = invalid(&["remessa"], &v);
    assert_eq!(field, "company.account");
    assert!(
        message.starts_with("company.account: tipo inválido"),
        "{message}"
    );

    let mut v = remessa();
    v["sequence"] = json!("41");
    assert_eq!(invalid(&["remessa"], &v).0, "sequence");

    let mut v = remessa();
    v["generated_at"] = json!("20/11/2026");
    assert_eq!(
        invalid(&["remessa"], &v),
        (
            "generated_at".into(),
            "generated_at deve ser AAAA-MM-DDTHH:MM:SS".into()
        )
    );

    let mut v = payments();
    v["payments"][0]["amount"] = json!("5000");
    let (field, message) = invalid(&["remessa"], &v);
    assert_eq!(field, "payments[0]");
    assert!(message.contains("payments[0].amount"), "{message}");

    let boleto = json!({"banco": "237", "valor_centavos": "1000"});
    assert_eq!(
        invalid(&["boleto"], &boleto),
        (
            "valor_centavos".into(),
            "valor_centavos deve ser um número inteiro de centavos".into()
        )
    );
    let boleto = json!({"banco": "237", "agencia": {"numero": "1229"}});
    assert_eq!(
        invalid(&["boleto"], &boleto),
        ("agencia".into(), "agencia deve ser texto".into())
    );
    let pix = json!({"key": "a@b.com", "name": "X", "city": "Y", "amount_centavos": "10"});
    assert_eq!(invalid(&["pix"], &pix).0, "amount_centavos");
}

#[test]
fn a_missing_required_field_names_its_path() {
    let mut v = remessa();
    v["titles"][1].as_object_mut().unwrap().remove("seu_numero");
    let (field, message) = invalid(&["remessa"], &v);
    assert_eq!(field, "titles[1]");
    assert!(
        message.contains("titles[1].seu_numero é obrigatório"),
        "{message}"
    );
    let mut v = remessa();
    v.as_object_mut().unwrap().remove("company");
    assert_eq!(
        invalid(&["remessa"], &v),
        ("company".into(), "company é obrigatório".into())
    );
}

#[test]
fn usage_errors_are_portuguese_json_with_exit_2() {
    for (args, expected) in [
        (&["pix", "--bogus"][..], "argumento inesperado: --bogus"),
        (
            &["retorno", "a.ret", "b.ret"][..],
            "argumento inesperado: b.ret",
        ),
        (&["validate"][..], "argumento obrigatório ausente"),
        (&["boleto", "--pdf"][..], "--pdf"),
        (&["nada"][..], "subcomando desconhecido: nada"),
        (&["--versao"][..], "subcomando desconhecido: --versao"),
        (&[][..], "uso: backoffice banking"),
    ] {
        let (status, out) = call_json(args, &Value::Null);
        assert_eq!(status, EXIT_INVALID, "{args:?}: {out}");
        assert_eq!(out["code"], "uso_invalido", "{args:?}: {out}");
        let message = out["message"].as_str().unwrap();
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(message.contains("uso: "), "{args:?}: {message}");
    }
}

#[test]
fn help_is_text_with_exit_0_and_the_old_spellings_still_work() {
    let (status, out) = call(&["--help"], "");
    assert_eq!(status, 0);
    assert!(
        out.contains("Subcomandos:") && out.contains("remessa"),
        "{out}"
    );
    let (status, out) = call(&["decode", "-h"], "");
    assert_eq!(status, 0);
    assert!(out.contains("Uso: banking decode"), "{out}");
    // `--hoje` is the Portuguese alias of `--today`; the last one given wins (2030 would read
    // fator 3769 as 2032-09-22).
    let line = "00190.00009 01238.798779 77700.168188 2 37690000013500";
    let (status, out) = call_json(
        &[
            "decode",
            line,
            "--today",
            "2030-01-01",
            "--hoje",
            "2008-01-15",
        ],
        &Value::Null,
    );
    assert_eq!(status, 0, "{out}");
    assert_eq!(out["due_date"], "2008-02-01");
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    /// Keys the subcommands know (so the structs are reached), plus noise.
    const KEYS: &[&str] = &[
        "banco",
        "carteira",
        "agencia",
        "conta",
        "nosso_numero",
        "vencimento",
        "valor_centavos",
        "pix_copia_e_cola",
        "key",
        "url",
        "name",
        "city",
        "amount",
        "amount_centavos",
        "bank",
        "layout",
        "kind",
        "company",
        "sequence",
        "generated_at",
        "files_today",
        "titles",
        "payments",
        "numero",
        "payer",
        "fine",
        "method",
        "document",
        "due_date",
        "x",
    ];

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            "[0-9a-zA-Z /:.-]{0,12}".prop_map(Value::from),
            Just(Value::from("2026-11-20")),
            Just(Value::from("341")),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::btree_map(prop::sample::select(KEYS), inner, 0..6).prop_map(
                    |m| Value::Object(m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
                ),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn json_input_never_panics(
            sub in prop::sample::select(&["boleto", "pix", "remessa"][..]),
            input in json_value(),
        ) {
            let (status, _) = call(&[sub], &input.to_string());
            prop_assert!([0, EXIT_INVALID].contains(&status));
        }

        /// Stdin is `{}`, so no subcommand gets as far as writing a file.
        #[test]
        fn arguments_never_panic(
            sub in prop::sample::select(
                &["boleto", "decode", "pix", "retorno", "ofx", "validate", "remessa", "-h", "x"][..],
            ),
            rest in prop::collection::vec("(--?)?[a-z0-9=]{0,8}", 0..4),
        ) {
            let mut args = vec![sub];
            args.extend(rest.iter().map(String::as_str));
            let (status, _) = call(&args, "{}");
            prop_assert!([0, 1, EXIT_INVALID].contains(&status));
        }
    }
}
