//! `retorno`, `ofx`, `validate` and `remessa` subcommands (bank files).
//!
//! Exit statuses: 0 = done (and, for `validate`, the file is clean); 1 = `validate` found
//! problems (the JSON lists them); 2 = invalid input or unreadable file (JSON error
//! naming the field). `remessa` without `--out` writes the file itself to stdout.

use super::boleto::{read_object, refuse_unknown_keys};
use super::{CliError, CliResult, EXIT_INVALID};
use crate::bank::Bank;
use crate::cnab::retorno::{read_retorno, sniff};
use crate::cnab::{
    c240, c400, naming, next_sequence, nosso_numero_for_cnab, payments, Company, FileKind, Layout,
    RemessaHeader, Title, WriteError,
};
use crate::pdf::{format_brl, format_date};
use crate::statement::{extrato, ofx};
use serde_json::{json, Map, Value};
use std::io::{Read, Write};

/// Exit status of `validate` when the file has findings.
pub const EXIT_FINDINGS: i32 = 1;

/// Subcommands that decide their own exit status or write raw bytes (`validate`,
/// `remessa`); `None` for every other subcommand.
pub fn run_direct(args: &[String], stdin: &mut dyn Read, stdout: &mut dyn Write) -> Option<i32> {
    let (sub, rest) = args.split_first()?;
    let outcome = match sub.as_str() {
        "validate" => validate(rest),
        "remessa" => remessa(rest, stdin),
        _ => return None,
    };
    Some(match outcome {
        Ok(Output::Json(value, status)) => print_json(stdout, &value, status),
        Ok(Output::Raw(bytes)) => match stdout.write_all(&bytes) {
            Ok(()) => 0,
            Err(_) => 1,
        },
        Err(e) => print_json(
            stdout,
            &serde_json::to_value(&e).unwrap_or(Value::Null),
            EXIT_INVALID,
        ),
    })
}

enum Output {
    Json(Value, i32),
    Raw(Vec<u8>),
}

fn print_json(stdout: &mut dyn Write, value: &Value, status: i32) -> i32 {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    match writeln!(stdout, "{text}") {
        Ok(()) => status,
        Err(_) => 1,
    }
}

fn file_arg(rest: &[String], usage: &str) -> Result<Vec<u8>, CliError> {
    let [path] = rest else {
        return Err(CliError::usage(usage.to_string()));
    };
    std::fs::read(path).map_err(|e| CliError {
        code: "arquivo_ilegivel".into(),
        message: format!("não foi possível ler {path}: {e}"),
        field: Some("arquivo".into()),
    })
}

fn read_error(e: crate::cnab::ReadError) -> CliError {
    CliError {
        code: "arquivo_invalido".into(),
        message: e.to_string(),
        field: Some("arquivo".into()),
    }
}

/// `banking retorno FILE`: cobrança, payments or extrato, autodetected.
pub fn retorno(rest: &[String]) -> CliResult {
    let bytes = file_arg(rest, "uso: banking retorno ARQUIVO")?;
    let mut lines = crate::cnab::lines::LineReader::new(&bytes[..]);
    let first = lines
        .next_record()
        .ok()
        .flatten()
        .map(|(_, l)| l.to_vec())
        .unwrap_or_default();
    let second = lines.next_record().ok().flatten().map(|(_, l)| l.to_vec());
    let info = sniff(&first, second.as_deref(), 1).map_err(read_error)?;
    match info.kind {
        FileKind::Cobranca => {
            let r = read_retorno(&bytes).map_err(read_error)?;
            let paid: i64 = r
                .items
                .iter()
                .filter(|i| i.settled)
                .map(|i| i.paid_amount)
                .sum();
            let fees: i64 = r.items.iter().map(|i| i.fees).sum();
            Ok(json!({
                "tipo": "cobranca",
                "banco": Bank::from_code(&r.info.bank_code).map(|b| b.name()).unwrap_or("banco não cadastrado"),
                "arquivo": r.info,
                "resumo": {
                    "itens": r.items.len(),
                    "liquidados": r.items.iter().filter(|i| i.settled).count(),
                    "total_pago": format_brl(paid),
                    "total_tarifas": format_brl(fees),
                    "trailers_conferem": r.checks.iter().all(|c| c.matches()),
                },
                "conferencias": r.checks,
                "itens": r.items,
            }))
        }
        FileKind::Pagamentos => {
            let r = payments::read_retorno(&bytes[..]).map_err(read_error)?;
            Ok(json!({
                "tipo": "pagamentos",
                "arquivo": r.info,
                "resumo": {
                    "itens": r.items.len(),
                    "efetivados": r.items.iter().filter(|p| p.paid).count(),
                    "trailers_conferem": r.checks.iter().all(|c| c.matches()),
                },
                "conferencias": r.checks,
                "itens": r.items,
            }))
        }
        FileKind::Extrato => {
            let x = extrato::read(&bytes[..]).map_err(read_error)?;
            Ok(json!({ "tipo": "extrato", "extrato": x }))
        }
    }
}

/// `banking ofx FILE`.
pub fn ofx(rest: &[String]) -> CliResult {
    let bytes = file_arg(rest, "uso: banking ofx ARQUIVO")?;
    let o = ofx::parse(&bytes).map_err(|e| CliError {
        code: "arquivo_invalido".into(),
        message: e.to_string(),
        field: Some("arquivo".into()),
    })?;
    let summary: Vec<Value> = o
        .accounts
        .iter()
        .map(|a| {
            json!({
                "conta": a.account,
                "lancamentos": a.transactions.len(),
                "periodo": format!("{} a {}", format_date(a.start), format_date(a.end)),
                "saldo": a.ledger_balance.map(format_brl),
            })
        })
        .collect();
    Ok(json!({ "resumo": summary, "ofx": o }))
}

fn validate(rest: &[String]) -> Result<Output, CliError> {
    let bytes = file_arg(rest, "uso: banking validate ARQUIVO")?;
    let report = crate::validate::validate(&bytes);
    let status = if report.is_clean() { 0 } else { EXIT_FINDINGS };
    let value = json!({
        "valido": report.is_clean(),
        "problemas": report.findings.len(),
        "relatorio": report,
    });
    Ok(Output::Json(value, status))
}

const REMESSA_KEYS: &[&str] = &[
    "bank",
    "layout",
    "kind",
    "company",
    "sequence",
    "generated_at",
    "files_today",
    "titles",
    "payments",
];

fn remessa(rest: &[String], stdin: &mut dyn Read) -> Result<Output, CliError> {
    let out_path = match rest {
        [] => None,
        [flag, path] if flag == "--out" => Some(path.clone()),
        _ => {
            return Err(CliError::usage(
                "uso: banking remessa [--out ARQUIVO] < entrada.json",
            ))
        }
    };
    let object = read_object(stdin)?;
    refuse_unknown_keys(&object, REMESSA_KEYS)?;
    let input = RemessaInput::parse(&object)?;
    let mut bytes = vec![];
    let summary = input.write(&mut bytes)?;
    let Some(path) = out_path else {
        return Ok(Output::Raw(bytes));
    };
    std::fs::write(&path, &bytes).map_err(|e| CliError {
        code: "arquivo_ilegivel".into(),
        message: format!("não foi possível gravar {path}: {e}"),
        field: Some("--out".into()),
    })?;
    let mut value = summary;
    value["arquivo"] = json!(path);
    Ok(Output::Json(value, 0))
}

struct RemessaInput {
    header: RemessaHeader,
    layout: Layout,
    kind: FileKind,
    files_today: u32,
    items: Vec<Value>,
}

fn text_field(object: &Map<String, Value>, key: &str) -> Result<String, CliError> {
    match object.get(key) {
        Some(Value::String(s)) => Ok(s.trim().to_string()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        None | Some(Value::Null) => Err(CliError::field(key, format!("{key} é obrigatório"))),
        Some(_) => Err(CliError::field(key, format!("{key} deve ser texto"))),
    }
}

impl RemessaInput {
    fn parse(o: &Map<String, Value>) -> Result<Self, CliError> {
        let bank_text = text_field(o, "bank")?;
        let bank = Bank::from_code(&bank_text).ok_or_else(|| {
            CliError::field(
                "bank",
                format!("banco {bank_text} não suportado (001, 033, 104, 237, 341, 748, 756)"),
            )
        })?;
        let layout = match text_field(o, "layout")?.as_str() {
            "240" => Layout::Cnab240,
            "400" => Layout::Cnab400,
            other => {
                return Err(CliError::field(
                    "layout",
                    format!("layout {other}: use 240 ou 400"),
                ))
            }
        };
        let kind = match o.get("kind").and_then(Value::as_str).unwrap_or("cobranca") {
            "cobranca" => FileKind::Cobranca,
            "pagamentos" => FileKind::Pagamentos,
            other => {
                return Err(CliError::field(
                    "kind",
                    format!("kind {other}: use cobranca ou pagamentos"),
                ))
            }
        };
        if kind == FileKind::Pagamentos && layout != Layout::Cnab240 {
            return Err(CliError::field(
                "layout",
                "pagamentos só existem em CNAB 240",
            ));
        }
        let company: Company =
            serde_json::from_value(o.get("company").cloned().unwrap_or(Value::Null))
                .map_err(|e| CliError::field("company", format!("company inválido: {e}")))?;
        if company.name.trim().is_empty() {
            return Err(CliError::field(
                "company.name",
                "company.name é obrigatório",
            ));
        }
        if crate::document::validate_document(&company.document).is_err() {
            return Err(CliError::field(
                "company.document",
                "company.document não é um CPF/CNPJ válido",
            ));
        }
        let last = o
            .get("sequence")
            .and_then(Value::as_u64)
            .filter(|n| *n <= 999_999)
            .ok_or_else(|| {
                CliError::field(
                    "sequence",
                    "sequence (último número de remessa usado, 0 a 999999) é obrigatório",
                )
            })?;
        let generated_at = match o.get("generated_at") {
            None | Some(Value::Null) => chrono::Local::now().naive_local(),
            Some(v) => serde_json::from_value(v.clone()).map_err(|_| {
                CliError::field("generated_at", "generated_at deve ser AAAA-MM-DDTHH:MM:SS")
            })?,
        };
        let files_today = o.get("files_today").and_then(Value::as_u64).unwrap_or(0) as u32;
        let list_key = if kind == FileKind::Cobranca {
            "titles"
        } else {
            "payments"
        };
        let items = match o.get(list_key) {
            Some(Value::Array(a)) if !a.is_empty() => a.clone(),
            _ => {
                return Err(CliError::field(
                    list_key,
                    format!("{list_key} deve ser uma lista não vazia"),
                ))
            }
        };
        let header = RemessaHeader {
            bank,
            company,
            sequence: next_sequence(last as u32),
            generated_at,
        };
        Ok(RemessaInput {
            header,
            layout,
            kind,
            files_today,
            items,
        })
    }

    fn titles(&self) -> Result<Vec<Title>, CliError> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, v)| self.title(i, v))
            .collect()
    }

    /// A title; `numero` (the bank's sequence without DV) may replace `nosso_numero`,
    /// which is then computed with its check digit.
    fn title(&self, i: usize, v: &Value) -> Result<Title, CliError> {
        let mut v = v.clone();
        let numero = v.as_object_mut().and_then(|m| m.remove("numero"));
        if let (Some(n), Some(m)) = (numero, v.as_object_mut()) {
            let n = n
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| n.to_string());
            let nn = nosso_numero_for_cnab(self.header.bank, &self.header.company, &n)
                .map_err(|e| CliError::field(&format!("titles[{i}].numero"), e))?;
            m.insert("nosso_numero".into(), Value::String(nn));
        }
        let t: Title = serde_json::from_value(v).map_err(|e| {
            CliError::field(&format!("titles[{i}]"), format!("título {i} inválido: {e}"))
        })?;
        if t.amount <= 0 {
            return Err(CliError::field(
                &format!("titles[{i}].amount"),
                "amount (centavos) deve ser positivo",
            ));
        }
        Ok(t)
    }

    fn write(&self, out: &mut Vec<u8>) -> Result<Value, CliError> {
        let h = &self.header;
        let name =
            naming::remessa_file_name(h.bank, &h.company, h.generated_at.date(), self.files_today)
                .map_err(|e| CliError::field("files_today", e))?;
        let list = if self.kind == FileKind::Cobranca {
            "titles"
        } else {
            "payments"
        };
        let write_error = |e: WriteError| match e {
            WriteError::Field { index, source } => CliError::field(
                &format!("{list}[{}].{}", index.saturating_sub(1), source.field),
                source.to_string(),
            ),
            other => CliError::field(list, other.to_string()),
        };
        let (count, records, total) = match (self.kind, self.layout) {
            (FileKind::Pagamentos, _) => {
                let pays = self
                    .items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        serde_json::from_value::<payments::Payment>(v.clone()).map_err(|e| {
                            CliError::field(
                                &format!("payments[{i}]"),
                                format!("pagamento {i} inválido: {e}"),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let s = payments::write_remessa(h, &pays, out).map_err(write_error)?;
                (s.payments, s.records, s.total)
            }
            (_, Layout::Cnab240) => {
                let s = c240::write_remessa(h, self.titles()?, out).map_err(write_error)?;
                (s.titles, s.records, s.total)
            }
            (_, Layout::Cnab400) => {
                let s = c400::write_remessa(h, self.titles()?, out).map_err(write_error)?;
                (s.titles, s.records, s.total)
            }
        };
        Ok(json!({
            "nome_sugerido": name,
            "sequencia": h.sequence,
            "itens": count,
            "registros": records,
            "total_centavos": total,
            "total": format_brl(total),
        }))
    }
}
