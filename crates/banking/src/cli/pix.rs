//! `banking pix` builds a BR Code from a JSON object on stdin; `banking pix --parse PAYLOAD`
//! reads one.
//!
//! Build keys: `key` (static) or `url` (dynamic), `name`, `city`, `amount_centavos` (integer
//! centavos, optional; `amount` is accepted as an alias and must also be integer centavos),
//! `txid`, `description`. Any other key is refused.

use super::input::{read_json, text, Centavos, Text};
use super::{CliError, CliResult};
use crate::pix::{self, PixInput};
use serde::Deserialize;
use serde_json::json;
use std::io::Read;

pub(crate) const USAGE: &str = "banking pix < dados.json | banking pix --parse PAYLOAD";

/// Gera um BR Code PIX a partir de um objeto JSON na entrada padrão, ou lê um com --parse.
#[derive(Debug, clap::Args)]
#[command(override_usage = USAGE)]
pub(crate) struct Args {
    /// Lê este BR Code (copia e cola) em vez de gerar um.
    #[arg(long, value_name = "PAYLOAD", allow_hyphen_values = true)]
    parse: Option<String>,
}

/// The JSON object on stdin.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PixJson {
    key: Option<Text>,
    url: Option<Text>,
    name: Option<Text>,
    city: Option<Text>,
    amount_centavos: Option<Centavos>,
    /// Alias of `amount_centavos` (also integer centavos), used when that one is absent.
    amount: Option<Centavos>,
    txid: Option<Text>,
    description: Option<Text>,
}

pub(crate) fn run(args: Args, stdin: &mut dyn Read) -> CliResult {
    match args.parse {
        None => build(stdin),
        Some(payload) => parse(&payload),
    }
}

fn to_cli(e: pix::PixError) -> CliError {
    CliError::field(&e.field, e.message)
}

fn build(stdin: &mut dyn Read) -> CliResult {
    let o: PixJson = read_json(stdin)?;
    let input = PixInput {
        key: text(&o.key),
        url: text(&o.url),
        name: text(&o.name).unwrap_or_default(),
        city: text(&o.city).unwrap_or_default(),
        amount_centavos: o.amount_centavos.or(o.amount).map(|Centavos(c)| c),
        txid: text(&o.txid),
        description: text(&o.description),
    };
    let payload = pix::build(&input).map_err(to_cli)?;
    let crc = payload[payload.len() - 4..].to_owned();
    Ok(json!({ "payload": payload, "crc": crc }))
}

fn parse(payload: &str) -> CliResult {
    let code = pix::parse(payload).map_err(to_cli)?;
    serde_json::to_value(&code).map_err(|e| CliError::usage(e.to_string()))
}
