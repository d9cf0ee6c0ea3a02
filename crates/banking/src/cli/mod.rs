//! `backoffice banking …`: JSON in, JSON out, for people who handle bank files and for scripts.
//!
//! The server binary only forwards its arguments here, so every subcommand is testable
//! without a process. Invalid input gives exit status 2 and a JSON error naming the field.

pub mod boleto;
pub mod decode;
pub mod files;
mod input;
pub mod pix;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use serde::Serialize;
use serde_json::Value;
use std::io::{Read, Write};

/// Exit status for invalid input (bad JSON, a field that fails validation, an unreadable file).
pub const EXIT_INVALID: i32 = 2;

/// The JSON printed on invalid input.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct CliError {
    /// Machine code, e.g. `campo_invalido`.
    pub code: String,
    /// Portuguese message for a person.
    pub message: String,
    /// The offending field, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl CliError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        CliError {
            code: "campo_invalido".into(),
            message: message.into(),
            field: Some(field.into()),
        }
    }

    pub fn usage(message: impl Into<String>) -> Self {
        CliError {
            code: "uso_invalido".into(),
            message: message.into(),
            field: None,
        }
    }
}

/// Output of a subcommand: a JSON value for stdout, or an error.
pub type CliResult = Result<Value, CliError>;

/// What a subcommand prints: JSON with its exit status, or raw bytes (a remessa on stdout).
pub(crate) enum Output {
    Json(Value, i32),
    Raw(Vec<u8>),
}

const USAGE: &str =
    "backoffice banking <boleto|decode|pix|retorno|ofx|validate|remessa|simular-retorno> …";

/// Help layout in Portuguese (clap's own headings are English).
const HELP_TEMPLATE: &str = "{about-with-newline}\nUso: {usage}\n\n{all-args}{after-help}";

/// Formatos bancários brasileiros (boletos, PIX, CNAB, OFX): JSON na entrada e na saída.
#[derive(Debug, Parser)]
#[command(
    name = "banking",
    bin_name = "backoffice banking",
    no_binary_name = true,
    override_usage = USAGE,
    disable_help_subcommand = true,
    disable_help_flag = true,
    args_override_self = true,
    subcommand_value_name = "SUBCOMANDO",
    subcommand_help_heading = "Subcomandos",
    after_help = "Entrada inválida: status 2 e um JSON com code, message e field."
)]
struct BankingArgs {
    #[command(subcommand)]
    command: Command,
    /// Mostra esta ajuda.
    #[arg(short, long, global = true, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

#[derive(Debug, Subcommand)]
enum Command {
    Boleto(boleto::Args),
    Decode(decode::Args),
    Pix(pix::Args),
    Retorno(files::RetornoArgs),
    Ofx(files::OfxArgs),
    Validate(files::ValidateArgs),
    Remessa(files::RemessaArgs),
    SimularRetorno(files::SimulateArgs),
}

/// Runs `backoffice banking <args…>` and returns the process exit status.
pub fn run(args: &[String], stdin: &mut dyn Read, stdout: &mut dyn Write) -> i32 {
    let outcome = match parse(args) {
        Ok(command) => execute(command, stdin),
        Err(Parsed::Help(text)) => {
            return match write!(stdout, "{text}") {
                Ok(()) => 0,
                Err(_) => 1,
            }
        }
        Err(Parsed::Invalid(e)) => Err(e),
    };
    match outcome {
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
    }
}

fn execute(command: Command, stdin: &mut dyn Read) -> Result<Output, CliError> {
    let json = |result: CliResult| result.map(|v| Output::Json(v, 0));
    match command {
        Command::Boleto(args) => json(boleto::run(args, stdin)),
        Command::Decode(args) => json(decode::run(args)),
        Command::Pix(args) => json(pix::run(args, stdin)),
        Command::Retorno(args) => json(files::retorno(args)),
        Command::Ofx(args) => json(files::ofx(args)),
        // `validate` exits 1 on findings; `remessa` and `simular-retorno` may write raw files.
        Command::Validate(args) => files::validate(args),
        Command::Remessa(args) => files::remessa(args, stdin),
        Command::SimularRetorno(args) => files::simulate(args),
    }
}

fn print_json(stdout: &mut dyn Write, value: &Value, status: i32) -> i32 {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    match writeln!(stdout, "{text}") {
        Ok(()) => status,
        Err(_) => 1,
    }
}

/// Why the arguments did not give a command: help was asked for, or they are invalid.
enum Parsed {
    Help(String),
    Invalid(CliError),
}

fn command() -> clap::Command {
    BankingArgs::command()
        .help_template(HELP_TEMPLATE)
        .mut_subcommands(|sub| {
            sub.help_template(HELP_TEMPLATE)
                .mut_args(|arg| match arg.is_positional() {
                    true => arg.help_heading("Argumentos"),
                    false => arg.help_heading("Opções"),
                })
        })
        .mut_args(|arg| arg.help_heading("Opções"))
}

fn parse(args: &[String]) -> Result<Command, Parsed> {
    command()
        .try_get_matches_from(args)
        .and_then(|m| BankingArgs::from_arg_matches(&m))
        .map(|a| a.command)
        .map_err(|e| match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Parsed::Help(e.to_string()),
            _ => Parsed::Invalid(usage_error(&e, args)),
        })
}

/// A clap error as the JSON usage error, in Portuguese: what is wrong, then the usage line
/// of the subcommand (or of `banking` itself).
fn usage_error(e: &clap::Error, args: &[String]) -> CliError {
    let context = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.trim_end_matches('.').to_owned(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        _ => String::new(),
    };
    // No global options: a known subcommand can only be the first argument.
    let sub = args.first().and_then(|name| subcommand_usage(name));
    let usage = sub.unwrap_or(USAGE);
    let reason = match e.kind() {
        ErrorKind::InvalidSubcommand => format!(
            "subcomando desconhecido: {}",
            context(ContextKind::InvalidSubcommand)
        ),
        // `banking --x` used to be read as a subcommand named `--x`.
        ErrorKind::UnknownArgument if sub.is_none() => format!(
            "subcomando desconhecido: {}",
            context(ContextKind::InvalidArg)
        ),
        ErrorKind::UnknownArgument => {
            format!("argumento inesperado: {}", context(ContextKind::InvalidArg))
        }
        ErrorKind::InvalidValue => format!(
            "valor ausente ou inválido para {}",
            context(ContextKind::InvalidArg)
        ),
        ErrorKind::MissingRequiredArgument => format!(
            "argumento obrigatório ausente: {}",
            context(ContextKind::InvalidArg)
        ),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            return CliError::usage(format!("uso: {usage}"));
        }
        _ => "argumentos inválidos".to_owned(),
    };
    CliError::usage(format!("{reason}. uso: {usage}"))
}

fn subcommand_usage(name: &str) -> Option<&'static str> {
    Some(match name {
        "boleto" => boleto::USAGE,
        "decode" => decode::USAGE,
        "pix" => pix::USAGE,
        "retorno" => files::RETORNO_USAGE,
        "ofx" => files::OFX_USAGE,
        "validate" => files::VALIDATE_USAGE,
        "remessa" => files::REMESSA_USAGE,
        "simular-retorno" => files::SIMULATE_USAGE,
        _ => return None,
    })
}
