//! `banking boleto [--pdf FILE]`: one JSON object on stdin → nosso número, campo livre, barcode
//! and linha digitável as JSON; with `--pdf` also writes the boleto PDF.
//!
//! Input keys: `banco`, `carteira`, `agencia`, `agencia_dv`, `conta`, `conta_dv`, `convenio`,
//! `codigo_beneficiario`, `posto`, `byte_idt`, `modalidade`, `variacao`, `nosso_numero`,
//! `vencimento` (ISO date or null), `valor_centavos` (integer or null), `data_documento`
//! (Sicredi year), plus the PDF-only keys in [`PDF_KEYS`]. Any other key is refused, so a typo
//! does not silently produce a boleto without the intended field.

use super::{CliError, CliResult};
use crate::bank::Bank;
use crate::boleto::{self, BoletoInput};
use chrono::NaiveDate;
use serde_json::{json, Map, Value};
use std::io::Read;

const BOLETO_KEYS: [&str; 16] = [
    "banco",
    "carteira",
    "agencia",
    "agencia_dv",
    "conta",
    "conta_dv",
    "convenio",
    "codigo_beneficiario",
    "posto",
    "byte_idt",
    "modalidade",
    "variacao",
    "nosso_numero",
    "vencimento",
    "valor_centavos",
    "data_documento",
];

/// Keys only the PDF uses (names, documents, texts printed on the boleto).
pub const PDF_KEYS: [&str; 11] = [
    "beneficiario_nome",
    "beneficiario_documento",
    "beneficiario_endereco",
    "pagador_nome",
    "pagador_documento",
    "pagador_endereco",
    "numero_documento",
    "local_pagamento",
    "instrucoes",
    "pix_copia_e_cola",
    "especie_documento",
];

pub fn run(args: &[String], stdin: &mut dyn Read) -> CliResult {
    let pdf_path = pdf_flag(args)?;
    let object = read_object(stdin)?;
    let mut allowed: Vec<&str> = BOLETO_KEYS.to_vec();
    allowed.extend_from_slice(&PDF_KEYS);
    refuse_unknown_keys(&object, &allowed)?;
    let input = boleto_input(&object)?;
    let b = boleto::generate(&input).map_err(|e| CliError::field(e.field, e.message))?;
    if let Some(path) = pdf_path {
        write_pdf(&path, &object, &b)?;
    }
    Ok(json!({
        "nosso_numero_dv": b.nosso_numero_dv.map(String::from),
        "nosso_numero_formatado": b.nosso_numero_formatado,
        "campo_livre": b.campo_livre,
        "codigo_barras": b.codigo_barras,
        "linha_digitavel": b.linha_digitavel,
        "linha_digitavel_formatada": b.linha_digitavel_formatada,
    }))
}

fn pdf_flag(args: &[String]) -> Result<Option<String>, CliError> {
    match args {
        [] => Ok(None),
        [flag, path] if flag == "--pdf" && !path.is_empty() => Ok(Some(path.clone())),
        _ => Err(CliError::usage(
            "uso: banking boleto [--pdf ARQUIVO] < boleto.json",
        )),
    }
}

fn write_pdf(path: &str, object: &Map<String, Value>, b: &boleto::Boleto) -> Result<(), CliError> {
    let data = pdf_data(object)?;
    let bytes = crate::pdf::boleto_pdf(b, &data)
        .map_err(|e| CliError::field("pix_copia_e_cola", e.to_string()))?;
    std::fs::write(path, bytes)
        .map_err(|e| CliError::field("--pdf", format!("não foi possível gravar {path}: {e}")))
}

fn pdf_data(object: &Map<String, Value>) -> Result<crate::pdf::BoletoPdfData, CliError> {
    let text = |key: &'static str| -> Result<String, CliError> {
        Ok(optional_text(object, key)?.unwrap_or_default())
    };
    Ok(crate::pdf::BoletoPdfData {
        beneficiario_nome: text("beneficiario_nome")?,
        beneficiario_documento: text("beneficiario_documento")?,
        beneficiario_endereco: text("beneficiario_endereco")?,
        pagador_nome: text("pagador_nome")?,
        pagador_documento: text("pagador_documento")?,
        pagador_endereco: text("pagador_endereco")?,
        numero_documento: text("numero_documento")?,
        local_pagamento: text("local_pagamento")?,
        instrucoes: text("instrucoes")?,
        especie_documento: text("especie_documento")?,
        carteira: text("carteira")?,
        agencia_codigo: agencia_codigo(object)?,
        data_documento: optional_date(object, "data_documento")?,
        pix_copia_e_cola: optional_text(object, "pix_copia_e_cola")?,
    })
}

/// "Agência / Código do beneficiário" as printed on the boleto.
fn agencia_codigo(object: &Map<String, Value>) -> Result<String, CliError> {
    let part = |k: &'static str| optional_text(object, k).map(Option::unwrap_or_default);
    let (agencia, agencia_dv) = (part("agencia")?, part("agencia_dv")?);
    let code = match part("codigo_beneficiario")? {
        c if !c.is_empty() => c,
        _ => {
            let (conta, conta_dv) = (part("conta")?, part("conta_dv")?);
            with_dv(&conta, &conta_dv)
        }
    };
    Ok(format!("{} / {}", with_dv(&agencia, &agencia_dv), code))
}

fn with_dv(value: &str, dv: &str) -> String {
    if dv.is_empty() {
        value.to_owned()
    } else {
        format!("{value}-{dv}")
    }
}

fn boleto_input(object: &Map<String, Value>) -> Result<BoletoInput, CliError> {
    let banco = optional_text(object, "banco")?
        .ok_or_else(|| CliError::field("banco", "banco é obrigatório (ex.: \"341\")"))?;
    let bank = Bank::from_code(&banco).ok_or_else(|| {
        CliError::field(
            "banco",
            format!("banco {banco} não suportado; use 001, 033, 104, 237, 341, 748 ou 756"),
        )
    })?;
    let text = |k: &'static str| optional_text(object, k);
    let mut input = BoletoInput::new(bank);
    input.carteira = text("carteira")?.unwrap_or_default();
    input.agencia = text("agencia")?.unwrap_or_default();
    input.agencia_dv = text("agencia_dv")?;
    input.conta = text("conta")?.unwrap_or_default();
    input.conta_dv = text("conta_dv")?;
    input.convenio = text("convenio")?;
    input.codigo_beneficiario = text("codigo_beneficiario")?;
    input.posto = text("posto")?;
    input.byte_idt = text("byte_idt")?;
    input.modalidade = text("modalidade")?;
    input.variacao = text("variacao")?;
    input.nosso_numero = text("nosso_numero")?.unwrap_or_default();
    input.vencimento = optional_date(object, "vencimento")?;
    input.valor_centavos = optional_integer(object, "valor_centavos")?;
    input.data_documento = optional_date(object, "data_documento")?;
    Ok(input)
}

// ----------------------------------------------------------------- JSON helpers (shared by pix)

/// Reads stdin as one JSON object.
pub(crate) fn read_object(stdin: &mut dyn Read) -> Result<Map<String, Value>, CliError> {
    let mut text = String::new();
    stdin
        .read_to_string(&mut text)
        .map_err(|e| CliError::usage(format!("não foi possível ler a entrada: {e}")))?;
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(CliError::usage("a entrada deve ser um objeto JSON")),
        Err(e) => Err(CliError::usage(format!("JSON inválido na entrada: {e}"))),
    }
}

pub(crate) fn refuse_unknown_keys(
    object: &Map<String, Value>,
    allowed: &[&str],
) -> Result<(), CliError> {
    match object.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(CliError::field(k, format!("campo desconhecido: {k}"))),
        None => Ok(()),
    }
}

/// A string (or a JSON number, written as digits) or null/absent.
pub(crate) fn optional_text(
    object: &Map<String, Value>,
    key: &'static str,
) -> Result<Option<String>, CliError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.trim().to_owned())),
        Some(Value::Number(n)) if n.is_u64() => Ok(Some(n.to_string())),
        Some(_) => Err(CliError::field(key, format!("{key} deve ser texto"))),
    }
}

pub(crate) fn optional_integer(
    object: &Map<String, Value>,
    key: &'static str,
) -> Result<Option<i64>, CliError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(|| {
            CliError::field(key, format!("{key} deve ser um número inteiro de centavos"))
        }),
        Some(_) => Err(CliError::field(
            key,
            format!("{key} deve ser um número inteiro de centavos"),
        )),
    }
}

fn optional_date(
    object: &Map<String, Value>,
    key: &'static str,
) -> Result<Option<NaiveDate>, CliError> {
    match optional_text(object, key)? {
        None => Ok(None),
        Some(s) if s.is_empty() => Ok(None),
        Some(s) => NaiveDate::parse_from_str(&s, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| {
                CliError::field(
                    key,
                    format!("{key} deve ser uma data AAAA-MM-DD (recebido '{s}')"),
                )
            }),
    }
}
