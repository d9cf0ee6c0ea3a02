//! The `boleto`, `decode` and `pix` subcommands, through `banking::cli::run` (no process).

use banking::cli::{run, EXIT_INVALID};
use serde_json::{json, Value};

fn call(args: &[&str], stdin: &str) -> (i32, Value) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    let status = run(&args, &mut stdin.as_bytes(), &mut out);
    let value = serde_json::from_slice(&out)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out)));
    (status, value)
}

fn bradesco_json() -> Value {
    // bench/README.md section 1 sample (Bradesco 237, carteira 09).
    json!({
        "banco": "237", "carteira": "09", "agencia": "1229", "conta": "0403005",
        "nosso_numero": "100000", "vencimento": "2023-01-02", "valor_centavos": 1000
    })
}

#[test]
fn boleto_prints_the_six_fields() {
    let (status, out) = call(&["boleto"], &bradesco_json().to_string());
    assert_eq!(status, 0, "{out}");
    assert_eq!(
        out["codigo_barras"],
        "23797921800000010001229090000010000004030050"
    );
    assert_eq!(
        out["linha_digitavel"],
        "23791229029000001000000040300501792180000001000"
    );
    assert_eq!(
        out["linha_digitavel_formatada"],
        "23791.22902 90000.010000 00040.300501 7 92180000001000"
    );
    assert_eq!(out["campo_livre"], "1229090000010000004030050");
    // Bradesco DV: 0900000100000 × weights 2..7 from the right = 70, 70 mod 11 = 4, 11 − 4 = 7.
    assert_eq!(out["nosso_numero_dv"], "7");
    assert_eq!(out["nosso_numero_formatado"], "09/00000100000-7");
    assert_eq!(out.as_object().unwrap().len(), 6);
}

#[test]
fn boleto_accepts_numbers_nulls_and_absent_optional_fields() {
    let input = json!({
        "banco": 341, "carteira": 109, "agencia": "1229", "conta": "40300",
        "nosso_numero": 100000, "vencimento": null, "valor_centavos": null,
        "convenio": null
    });
    let (status, out) = call(&["boleto"], &input.to_string());
    assert_eq!(status, 0, "{out}");
    // No due date and no amount: fator 0000 and amount zero.
    assert_eq!(
        &out["codigo_barras"].as_str().unwrap()[5..19],
        "00000000000000"
    );
}

#[test]
fn invalid_boleto_input_exits_2_naming_the_field() {
    let cases = [
        (json!({"banco": "999"}).to_string(), "banco"),
        (json!({"carteira": "09"}).to_string(), "banco"),
        (
            {
                let mut j = bradesco_json();
                j["vencimento"] = json!("02/01/2023");
                j.to_string()
            },
            "vencimento",
        ),
        (
            {
                let mut j = bradesco_json();
                j["valor_centavos"] = json!(10.5);
                j.to_string()
            },
            "valor_centavos",
        ),
        (
            {
                let mut j = bradesco_json();
                j["nosso_numero"] = json!("12a");
                j.to_string()
            },
            "nosso_numero",
        ),
        (
            {
                let mut j = bradesco_json();
                j["agencia"] = json!("");
                j.to_string()
            },
            "agencia",
        ),
        (
            {
                let mut j = bradesco_json();
                j["nosso_numeor"] = json!("1");
                j.to_string()
            },
            "nosso_numeor",
        ),
    ];
    for (stdin, field) in cases {
        let (status, out) = call(&["boleto"], &stdin);
        assert_eq!(status, EXIT_INVALID, "{stdin}");
        assert_eq!(out["field"], field, "{stdin} → {out}");
        assert_eq!(out["code"], "campo_invalido");
        assert!(!out["message"].as_str().unwrap().is_empty());
    }
    // Not JSON / not an object: usage error, still exit 2.
    for stdin in ["", "{", "[1]"] {
        let (status, out) = call(&["boleto"], stdin);
        assert_eq!(status, EXIT_INVALID);
        assert_eq!(out["code"], "uso_invalido");
    }
    let (status, _) = call(&["boleto", "--pdf"], &bradesco_json().to_string());
    assert_eq!(status, EXIT_INVALID);
}

#[test]
fn boleto_takes_the_itau_seu_numero_and_codigo_cliente() {
    // brcobranca spec/brcobranca/boleto/itau_spec.rb, carteira 196 (see boleto_vectors.rs).
    let mut input = json!({
        "banco": "341", "carteira": "196", "agencia": "0810", "conta": "53678",
        "nosso_numero": "258281", "seu_numero": "1234567", "codigo_cliente": 12345,
        "vencimento": "2004-09-05", "valor_centavos": 13500
    });
    let (status, out) = call(&["boleto"], &input.to_string());
    assert_eq!(status, 0, "{out}");
    assert_eq!(
        out["codigo_barras"],
        "34191252500000135001960025828112345671234550"
    );
    input["codigo_cliente"] = json!(null);
    let (status, out) = call(&["boleto"], &input.to_string());
    assert_eq!(status, EXIT_INVALID, "{out}");
    assert_eq!(out["field"], "codigo_cliente");
}

#[test]
fn decode_prints_kind_bank_date_amount_and_checks() {
    let (status, out) = call(
        &[
            "decode",
            "00190.00009 01238.798779 77700.168188 2 37690000013500",
            "--today",
            "2008-01-15",
        ],
        "",
    );
    assert_eq!(status, 0, "{out}");
    assert_eq!(out["kind"], "boleto");
    assert_eq!(out["bank"]["codigo"], "001");
    assert_eq!(out["due_date"], "2008-02-01");
    assert_eq!(out["due_date_formatted"], "01/02/2008");
    assert_eq!(out["amount_centavos"], 13500);
    assert_eq!(
        out["codigo_barras"],
        "00192376900000135000000001238798777770016818"
    );
    assert_eq!(out["valid"], true);
    assert_eq!(out["checks"].as_array().unwrap().len(), 4);
    // An unquoted line split by the shell is joined back.
    let parts: Vec<&str> = "00190.00009 01238.798779 77700.168188 2 37690000013500"
        .split(' ')
        .collect();
    let mut args = vec!["decode"];
    args.extend(parts);
    args.extend(["--today", "2008-01-15"]);
    assert_eq!(call(&args, "").0, 0);
}

#[test]
fn decode_arrecadacao_rebuilds_the_48_digit_line() {
    let line = "826500000110 314400081704 924000000027 202104000015";
    let (status, out) = call(&["decode", line, "--today", "2021-04-01"], "");
    assert_eq!(status, 0, "{out}");
    assert_eq!(out["kind"], "arrecadacao");
    assert_eq!(out["bank"], Value::Null);
    assert_eq!(out["linha_digitavel"], line.replace(' ', ""));
    assert_eq!(out["amount_centavos"], 113144);
}

#[test]
fn decode_refuses_a_wrong_general_dv_with_exit_2() {
    // bench/README.md: accepted by @mrmgomes/boleto-utils 1.3.3, refused here.
    let (status, out) = call(
        &[
            "decode",
            "00196.98984 43229.410329 42839.856103 2 73490065701025",
            "--today",
            "2023-01-01",
        ],
        "",
    );
    assert_eq!(status, EXIT_INVALID);
    assert_eq!(out["field"], "linha");
    assert!(out["message"].as_str().unwrap().contains("geral"), "{out}");
    let (status, out) = call(&["decode", "abc"], "");
    assert_eq!(status, EXIT_INVALID);
    assert!(out["message"]
        .as_str()
        .unwrap()
        .contains("caractere inválido"));
    let (status, out) = call(&["decode"], "");
    assert_eq!(
        (status, out["code"].as_str()),
        (EXIT_INVALID, Some("uso_invalido"))
    );
    let (status, out) = call(&["decode", "123", "--today", "ontem"], "");
    assert_eq!(
        (status, out["field"].as_str()),
        (EXIT_INVALID, Some("--today"))
    );
}

#[test]
fn pix_build_and_parse() {
    let input = json!({
        "key": "123e4567-e12b-12d1-a456-426655440000", "name": "Fulano de Tal", "city": "BRASILIA"
    });
    let (status, out) = call(&["pix"], &input.to_string());
    assert_eq!(status, 0, "{out}");
    // Banco Central manual example.
    assert_eq!(out["payload"], "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D");
    assert_eq!(out["crc"], "1D3D");
    let (status, parsed) = call(&["pix", "--parse", out["payload"].as_str().unwrap()], "");
    assert_eq!(status, 0);
    assert_eq!(parsed["name"], "Fulano de Tal");
    assert_eq!(parsed["dynamic"], false);
    let with_amount = json!({"url": "pix.example.com/qr/v2/abc", "name": "Loja", "city": "Recife", "amount": 2599});
    let (status, out) = call(&["pix"], &with_amount.to_string());
    assert_eq!(status, 0, "{out}");
    let (_, parsed) = call(&["pix", "--parse", out["payload"].as_str().unwrap()], "");
    assert_eq!(parsed["amount_centavos"], 2599);
}

#[test]
fn pix_invalid_input_exits_2() {
    let (status, out) = call(&["pix"], &json!({"name": "X", "city": "Y"}).to_string());
    assert_eq!((status, out["field"].as_str()), (EXIT_INVALID, Some("key")));
    let (status, out) = call(
        &["pix"],
        &json!({"key": "a@b.com", "name": "X", "city": "Y", "amount": 1.5}).to_string(),
    );
    assert_eq!(
        (status, out["field"].as_str()),
        (EXIT_INVALID, Some("amount"))
    );
    let (status, out) = call(&["pix", "--parse", "000201"], "");
    assert_eq!((status, out["field"].as_str()), (EXIT_INVALID, Some("63")));
    let (status, _) = call(&["pix", "--bogus"], "");
    assert_eq!(status, EXIT_INVALID);
}

#[test]
fn boleto_with_pdf_writes_the_file_and_refuses_a_static_pix() {
    let path = std::env::temp_dir().join(format!("banking-cli-{}.pdf", std::process::id()));
    let path_text = path.to_string_lossy().to_string();
    let mut input = bradesco_json();
    input["pagador_nome"] = json!("João da Silva");
    input["instrucoes"] = json!("Não receber após o vencimento.");
    let (status, out) = call(&["boleto", "--pdf", &path_text], &input.to_string());
    assert_eq!(status, 0, "{out}");
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"%PDF-1.4"));
    let _ = std::fs::remove_file(&path);
    // Banco Central static example: a company key does not settle a boleto.
    input["pix_copia_e_cola"] = json!("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D");
    let (status, out) = call(&["boleto", "--pdf", &path_text], &input.to_string());
    assert_eq!(status, EXIT_INVALID);
    assert_eq!(out["field"], "pix_copia_e_cola");
    assert!(
        out["message"].as_str().unwrap().contains("dinâmica"),
        "{out}"
    );
    assert!(!path.exists(), "no PDF is written for invalid input");
}
