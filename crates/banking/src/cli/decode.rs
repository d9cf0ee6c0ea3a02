//! `banking decode LINHA_OU_CODIGO [--today AAAA-MM-DD]`: what a typed or scanned boleto or
//! arrecadação line says, and whether every check digit holds.
//!
//! A line whose check digits fail is invalid input (exit 2) and the message names each failed
//! check. `--today` fixes the reference date of the FEBRABAN due-date window (default: today in
//! Brasília, UTC−3).

use super::{CliError, CliResult};
use crate::boleto::{self, DecodeError, Decoded, Kind};
use chrono::NaiveDate;
use serde_json::{json, Value};

pub(crate) const USAGE: &str = "banking decode LINHA_OU_CODIGO_DE_BARRAS [--today AAAA-MM-DD]";

/// Lê uma linha digitável ou código de barras (boleto ou arrecadação) e confere cada dígito
/// verificador.
#[derive(Debug, clap::Args)]
#[command(override_usage = USAGE)]
pub(crate) struct Args {
    /// A linha digitável ou o código de barras; sem aspas, as partes separadas pelo shell são
    /// juntadas de novo.
    #[arg(required = true, value_name = "LINHA_OU_CODIGO_DE_BARRAS")]
    linha: Vec<String>,
    /// Data de referência da janela de vencimento FEBRABAN (padrão: hoje em Brasília).
    #[arg(long, visible_alias = "hoje", value_name = "AAAA-MM-DD")]
    today: Option<String>,
}

pub(crate) fn run(args: Args) -> CliResult {
    let line = args.linha.join(" ");
    let today = match &args.today {
        None => brasilia_today(),
        Some(value) => NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| {
            CliError::field(
                "--today",
                format!("data inválida '{value}' (use AAAA-MM-DD)"),
            )
        })?,
    };
    match boleto::decode(&line, today) {
        Ok(d) => Ok(to_json(&d)),
        Err(DecodeError::CheckDigits(d)) => Err(CliError::field(
            "linha",
            DecodeError::CheckDigits(d).to_string(),
        )),
        Err(e) => Err(CliError::field("linha", e.to_string())),
    }
}

fn brasilia_today() -> NaiveDate {
    (chrono::Utc::now() - chrono::TimeDelta::hours(3)).date_naive()
}

fn digits(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn to_json(d: &Decoded) -> Value {
    let checks: Vec<Value> = d
        .checks()
        .iter()
        .map(|c| {
            json!({
                "campo": c.name,
                "esperado": (c.expected as char).to_string(),
                "encontrado": (c.found as char).to_string(),
                "ok": c.holds(),
            })
        })
        .collect();
    let bank = d.bank_code.map(|code| {
        json!({
            "codigo": format!("{code:03}"),
            "nome": d.bank.map(|b| b.name()),
        })
    });
    json!({
        "kind": d.kind.as_str(),
        "bank": bank,
        "segmento": d.segmento,
        "fator_vencimento": d.fator_vencimento,
        "due_date": d.vencimento.map(|v| v.to_string()),
        "due_date_formatted": d.vencimento.map(|v| v.format("%d/%m/%Y").to_string()),
        "amount_centavos": d.valor_centavos,
        "codigo_barras": digits(&d.barcode),
        "linha_digitavel": linha(d),
        "checks": checks,
        "valid": d.is_valid(),
        "failed": d.failed_checks().map(|c| c.name).collect::<Vec<_>>(),
    })
}

fn linha(d: &Decoded) -> String {
    match d.kind {
        Kind::Boleto => digits(&boleto::barcode_to_linha(&d.barcode)),
        Kind::Arrecadacao => {
            // Rebuild the 48-digit line from the barcode with the slip's own DV rule.
            let use_mod10 = matches!(d.barcode[2], b'6' | b'7');
            let mut out = String::with_capacity(48);
            for block in d.barcode.chunks(11) {
                let dv = if use_mod10 {
                    boleto::checksum::mod10(block)
                } else {
                    boleto::checksum::arrecadacao_mod11(block)
                };
                out.push_str(&digits(block));
                out.push((b'0' + dv) as char);
            }
            out
        }
    }
}
