//! `banking pix` builds a BR Code from a JSON object on stdin; `banking pix --parse PAYLOAD`
//! reads one.
//!
//! Build keys: `key` (static) or `url` (dynamic), `name`, `city`, `amount_centavos` (integer
//! centavos, optional; `amount` is accepted as an alias and must also be integer centavos),
//! `txid`, `description`.

use super::boleto::{optional_integer, optional_text, read_object, refuse_unknown_keys};
use super::{CliError, CliResult};
use crate::pix::{self, PixInput};
use serde_json::json;
use std::io::Read;

const KEYS: [&str; 8] = [
    "key",
    "url",
    "name",
    "city",
    "amount_centavos",
    "amount",
    "txid",
    "description",
];

pub fn run(args: &[String], stdin: &mut dyn Read) -> CliResult {
    match args {
        [] => build(stdin),
        [flag, payload] if flag == "--parse" => parse(payload),
        _ => Err(CliError::usage(
            "uso: banking pix < dados.json | banking pix --parse PAYLOAD",
        )),
    }
}

fn to_cli(e: pix::PixError) -> CliError {
    CliError::field(&e.field, e.message)
}

fn build(stdin: &mut dyn Read) -> CliResult {
    let object = read_object(stdin)?;
    refuse_unknown_keys(&object, &KEYS)?;
    let amount = match optional_integer(&object, "amount_centavos")? {
        Some(a) => Some(a),
        None => optional_integer(&object, "amount")?,
    };
    let input = PixInput {
        key: optional_text(&object, "key")?,
        url: optional_text(&object, "url")?,
        name: optional_text(&object, "name")?.unwrap_or_default(),
        city: optional_text(&object, "city")?.unwrap_or_default(),
        amount_centavos: amount,
        txid: optional_text(&object, "txid")?,
        description: optional_text(&object, "description")?,
    };
    let payload = pix::build(&input).map_err(to_cli)?;
    let crc = payload[payload.len() - 4..].to_owned();
    Ok(json!({ "payload": payload, "crc": crc }))
}

fn parse(payload: &str) -> CliResult {
    let code = pix::parse(payload).map_err(to_cli)?;
    serde_json::to_value(&code).map_err(|e| CliError::usage(e.to_string()))
}
