//! `backoffice banking …`: JSON in, JSON out, for people who handle bank files and for scripts.
//!
//! The server binary only forwards its arguments here, so every subcommand is testable
//! without a process. Invalid input gives exit status 2 and a JSON error naming the field.

pub mod boleto;
pub mod decode;
pub mod files;
pub mod pix;

use serde::Serialize;
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
pub type CliResult = Result<serde_json::Value, CliError>;

/// Runs `backoffice banking <args…>` and returns the process exit status.
pub fn run(args: &[String], stdin: &mut dyn Read, stdout: &mut dyn Write) -> i32 {
    // `validate` (exit 1 on findings) and `remessa` (raw file on stdout) set their own status.
    if let Some(status) = files::run_direct(args, stdin, stdout) {
        return status;
    }
    let outcome = dispatch(args, stdin);
    let (value, status) = match outcome {
        Ok(v) => (v, 0),
        Err(e) => (
            serde_json::to_value(&e).unwrap_or(serde_json::Value::Null),
            EXIT_INVALID,
        ),
    };
    let text = serde_json::to_string_pretty(&value).unwrap_or_default();
    if writeln!(stdout, "{text}").is_err() {
        return 1;
    }
    status
}

fn dispatch(args: &[String], stdin: &mut dyn Read) -> CliResult {
    let Some((sub, rest)) = args.split_first() else {
        return Err(CliError::usage(USAGE));
    };
    match sub.as_str() {
        "boleto" => boleto::run(rest, stdin),
        "decode" => decode::run(rest),
        "pix" => pix::run(rest, stdin),
        "retorno" => files::retorno(rest),
        "ofx" => files::ofx(rest),
        _ => Err(CliError::usage(format!(
            "subcomando desconhecido: {sub}. {USAGE}"
        ))),
    }
}

const USAGE: &str = "uso: backoffice banking <boleto|decode|pix|retorno|ofx|validate|remessa> …";
