//! `retorno`, `ofx`, `validate`, `remessa` and `simular-retorno` subcommands (bank files).
//!
//! Exit statuses: 0 = done (and, for `validate`, the file is clean); 1 = `validate` found
//! problems (the JSON lists them); 2 = invalid input or unreadable file (JSON error
//! naming the field). `remessa` without `--out` and `simular-retorno` write the file
//! itself to stdout.

use super::input::{from_value, read_json, DateTime, Text};
use super::{CliError, CliResult, Output};
use crate::bank::Bank;
use crate::cnab::retorno::{read_retorno, sniff};
use crate::cnab::simulate::{simulate_retorno, SimulateError, SimulateOptions};
use crate::cnab::{
    c240, c400, naming, next_sequence, nosso_numero_for_cnab, payments, Company, FileKind, Layout,
    RemessaHeader, Title, WriteError,
};
use crate::pdf::{format_brl, format_date};
use crate::statement::{extrato, ofx};
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Exit status of `validate` when the file has findings.
pub const EXIT_FINDINGS: i32 = 1;

pub(crate) const RETORNO_USAGE: &str = "banking retorno ARQUIVO";
pub(crate) const OFX_USAGE: &str = "banking ofx ARQUIVO";
pub(crate) const VALIDATE_USAGE: &str = "banking validate ARQUIVO";
pub(crate) const REMESSA_USAGE: &str = "banking remessa [--out ARQUIVO] < entrada.json";
pub(crate) const SIMULATE_USAGE: &str = "banking simular-retorno REMESSA [--liquidar N] \
     [--nao-localizado VALOR_EM_CENTAVOS] [--data AAAA-MM-DD]";

/// Lê um retorno CNAB (cobrança, pagamentos ou extrato, detectado pelo conteúdo).
#[derive(Debug, clap::Args)]
#[command(override_usage = RETORNO_USAGE)]
pub(crate) struct RetornoArgs {
    /// O arquivo de retorno.
    arquivo: PathBuf,
}

/// Lê um extrato OFX.
#[derive(Debug, clap::Args)]
#[command(override_usage = OFX_USAGE)]
pub(crate) struct OfxArgs {
    /// O arquivo OFX.
    arquivo: PathBuf,
}

/// Confere uma remessa antes do envio: cada problema com linha, posições, campo, esperado e
/// encontrado (status 1 se houver problemas).
#[derive(Debug, clap::Args)]
#[command(override_usage = VALIDATE_USAGE)]
pub(crate) struct ValidateArgs {
    /// A remessa a conferir.
    arquivo: PathBuf,
}

/// Gera uma remessa CNAB a partir de um objeto JSON na entrada padrão; sem --out, escreve o
/// próprio arquivo na saída padrão.
#[derive(Debug, clap::Args)]
#[command(override_usage = REMESSA_USAGE)]
pub(crate) struct RemessaArgs {
    /// Grava a remessa neste arquivo e imprime um resumo em JSON.
    #[arg(long, value_name = "ARQUIVO")]
    out: Option<PathBuf>,
}

/// Simula o retorno de cobrança CNAB 240 que o banco enviaria para uma remessa (homologação e
/// testes): entrada confirmada (02) de cada título e, com --liquidar, a liquidação (06) dos
/// primeiros pelo valor do título. Escreve o próprio arquivo na saída padrão.
#[derive(Debug, clap::Args)]
#[command(override_usage = SIMULATE_USAGE)]
pub(crate) struct SimulateArgs {
    /// A remessa de cobrança CNAB 240 enviada ao banco.
    #[arg(value_name = "REMESSA")]
    remessa: PathBuf,
    /// Liquida (06) os N primeiros títulos, pagos pelo valor do título (padrão: nenhum).
    #[arg(long, value_name = "N")]
    liquidar: Option<usize>,
    /// Acrescenta uma liquidação deste valor (centavos) de um nosso número fora da remessa.
    #[arg(long, value_name = "VALOR_EM_CENTAVOS")]
    nao_localizado: Option<i64>,
    /// Data das ocorrências (padrão: a data de geração da remessa); o crédito cai no dia
    /// seguinte.
    #[arg(long, value_name = "AAAA-MM-DD")]
    data: Option<String>,
}

fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(path).map_err(|e| CliError {
        code: "arquivo_ilegivel".into(),
        message: format!("não foi possível ler {}: {e}", path.display()),
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
pub(crate) fn retorno(args: RetornoArgs) -> CliResult {
    let bytes = read_file(&args.arquivo)?;
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
pub(crate) fn ofx(args: OfxArgs) -> CliResult {
    let bytes = read_file(&args.arquivo)?;
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

/// `banking validate FILE`: exit 0 when clean, [`EXIT_FINDINGS`] otherwise.
pub(crate) fn validate(args: ValidateArgs) -> Result<Output, CliError> {
    let bytes = read_file(&args.arquivo)?;
    let report = crate::validate::validate(&bytes);
    let status = if report.is_clean() { 0 } else { EXIT_FINDINGS };
    let value = json!({
        "valido": report.is_clean(),
        "problemas": report.findings.len(),
        "relatorio": report,
    });
    Ok(Output::Json(value, status))
}

/// `banking simular-retorno REMESSA [...]`: the retorno's bytes on stdout.
pub(crate) fn simulate(args: SimulateArgs) -> Result<Output, CliError> {
    let date = match &args.data {
        None => None,
        Some(value) => Some(NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| {
            CliError::field(
                "--data",
                format!("data inválida '{value}' (use AAAA-MM-DD)"),
            )
        })?),
    };
    let bytes = read_file(&args.remessa).map_err(|e| CliError {
        field: Some("remessa".into()),
        ..e
    })?;
    let options = SimulateOptions {
        settle_first: args.liquidar.unwrap_or(0),
        unknown_payment: args.nao_localizado,
        date,
    };
    let retorno = simulate_retorno(&bytes, &options).map_err(|e| match e {
        SimulateError::Remessa(message) => CliError {
            code: "arquivo_invalido".into(),
            message,
            field: Some("remessa".into()),
        },
        SimulateError::Option { option, message } => {
            CliError::field(&format!("--{}", option.replace('_', "-")), message)
        }
    })?;
    Ok(Output::Raw(retorno))
}

/// The JSON object `remessa` reads on stdin.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RemessaJson {
    /// Bank code, e.g. "341".
    bank: Option<Text>,
    /// "240" or "400".
    layout: Option<Text>,
    /// "cobranca" (default) or "pagamentos".
    kind: Option<Text>,
    company: Option<Company>,
    /// The last remessa number used (0 to 999999); the file gets the next one.
    sequence: Option<u64>,
    /// Default: now.
    generated_at: Option<DateTime>,
    /// Files already sent today (for the suggested file name).
    files_today: Option<u32>,
    /// Cobrança titles; each one is read as a [`Title`] once `numero` is turned into the
    /// nosso número.
    titles: Option<Vec<Value>>,
    /// Payments ([`payments::Payment`]).
    payments: Option<Vec<Value>>,
}

/// `banking remessa [--out FILE]`.
pub(crate) fn remessa(args: RemessaArgs, stdin: &mut dyn Read) -> Result<Output, CliError> {
    let json: RemessaJson = read_json(stdin)?;
    let input = RemessaInput::parse(json)?;
    let mut bytes = vec![];
    let summary = input.write(&mut bytes)?;
    let Some(path) = args.out else {
        return Ok(Output::Raw(bytes));
    };
    std::fs::write(&path, &bytes).map_err(|e| CliError {
        code: "arquivo_ilegivel".into(),
        message: format!("não foi possível gravar {}: {e}", path.display()),
        field: Some("--out".into()),
    })?;
    let mut value = summary;
    value["arquivo"] = json!(path.display().to_string());
    Ok(Output::Json(value, 0))
}

struct RemessaInput {
    header: RemessaHeader,
    layout: Layout,
    kind: FileKind,
    files_today: u32,
    items: Vec<Value>,
}

fn required(value: Option<Text>, key: &str) -> Result<String, CliError> {
    value
        .map(|Text(s)| s)
        .ok_or_else(|| CliError::field(key, format!("{key} é obrigatório")))
}

impl RemessaInput {
    fn parse(o: RemessaJson) -> Result<Self, CliError> {
        let bank_text = required(o.bank, "bank")?;
        let bank = Bank::from_code(&bank_text).ok_or_else(|| {
            CliError::field(
                "bank",
                format!("banco {bank_text} não suportado (001, 033, 104, 237, 341, 748, 756)"),
            )
        })?;
        let layout = match required(o.layout, "layout")?.as_str() {
            "240" => Layout::Cnab240,
            "400" => Layout::Cnab400,
            other => {
                return Err(CliError::field(
                    "layout",
                    format!("layout {other}: use 240 ou 400"),
                ))
            }
        };
        let kind = match o.kind.map(|Text(s)| s).as_deref().unwrap_or("cobranca") {
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
        let company = o
            .company
            .ok_or_else(|| CliError::field("company", "company é obrigatório"))?;
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
        let last = o.sequence.filter(|n| *n <= 999_999).ok_or_else(|| {
            CliError::field(
                "sequence",
                "sequence (último número de remessa usado, 0 a 999999) é obrigatório",
            )
        })?;
        let generated_at = match o.generated_at {
            None => chrono::Local::now().naive_local(),
            Some(DateTime(at)) => at,
        };
        let (list_key, list) = if kind == FileKind::Cobranca {
            ("titles", o.titles)
        } else {
            ("payments", o.payments)
        };
        let items = match list {
            Some(a) if !a.is_empty() => a,
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
            files_today: o.files_today.unwrap_or(0),
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
        // The item is the field reported (callers match on `titles[i]`); the message names
        // the exact path inside it.
        let t: Title = from_value(v, &format!("titles[{i}]")).map_err(|e| {
            CliError::field(
                &format!("titles[{i}]"),
                format!("título {i} inválido: {}", e.message),
            )
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
                        from_value::<payments::Payment>(v.clone(), &format!("payments[{i}]"))
                            .map_err(|e| {
                                CliError::field(
                                    &format!("payments[{i}]"),
                                    format!("pagamento {i} inválido: {}", e.message),
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
