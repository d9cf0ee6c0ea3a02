//! JSON input of the subcommands: serde structs (`deny_unknown_fields`) read through
//! `serde_path_to_error`, so every error names the field path (`titles[2].amount`) and says
//! in Portuguese what is wrong with it.
//!
//! The text is first parsed into a [`Value`] (a syntax error or a non-object is a usage
//! error, as before), then deserialized from that value: errors then carry no line/column
//! noise, only the path.

use super::CliError;
use chrono::{NaiveDate, NaiveDateTime};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::io::Read;

/// Placeholder the value types below put in their (Portuguese) error messages; replaced by
/// the field path when the error is reported.
const FIELD: &str = "{campo}";

/// A field that failed to deserialize: its path and a Portuguese message naming it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InputError {
    pub path: String,
    pub message: String,
}

impl From<InputError> for CliError {
    fn from(e: InputError) -> Self {
        CliError::field(&e.path, e.message)
    }
}

/// Reads stdin as one JSON object and deserializes it into `T`.
pub(crate) fn read_json<T: DeserializeOwned>(stdin: &mut dyn Read) -> Result<T, CliError> {
    let mut text = String::new();
    stdin
        .read_to_string(&mut text)
        .map_err(|e| CliError::usage(format!("não foi possível ler a entrada: {e}")))?;
    let value = match serde_json::from_str::<Value>(&text) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => return Err(CliError::usage("a entrada deve ser um objeto JSON")),
        Err(e) => return Err(CliError::usage(format!("JSON inválido na entrada: {e}"))),
    };
    Ok(from_value(value, "")?)
}

/// Deserializes `value` into `T`; `prefix` is the path of `value` inside the whole input
/// (empty for the top level), so errors name the full path.
pub(crate) fn from_value<T: DeserializeOwned>(value: Value, prefix: &str) -> Result<T, InputError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = join(prefix, &e.path().to_string());
        describe(path, &e.inner().to_string())
    })
}

/// `prefix` + `path` as `a.b[2].c`; serde_path_to_error writes the root as `.`.
fn join(prefix: &str, path: &str) -> String {
    match (prefix, path) {
        (p, ".") | (p, "") => p.to_owned(),
        ("", q) => q.to_owned(),
        (p, q) if q.starts_with('[') => format!("{p}{q}"),
        (p, q) => format!("{p}.{q}"),
    }
}

/// The first text between backticks, as serde writes field and variant names.
fn quoted(message: &str) -> Option<&str> {
    message.split('`').nth(1)
}

/// Turns a serde error (the path and its message) into the Portuguese one reported.
fn describe(path: String, inner: &str) -> InputError {
    let root = |p: String| {
        if p.is_empty() {
            "entrada".to_owned()
        } else {
            p
        }
    };
    if let Some(rest) = inner.strip_prefix("unknown field ") {
        // The path already ends with the key, except inside a flattened enum (payments).
        let key = quoted(rest).unwrap_or_default();
        let path = if key.is_empty() || path == key || path.ends_with(&format!(".{key}")) {
            path
        } else {
            join(&path, key)
        };
        let path = root(path);
        let message = format!("campo desconhecido: {path}");
        return InputError { path, message };
    }
    if let Some(rest) = inner.strip_prefix("missing field ") {
        let path = root(join(&path, quoted(rest).unwrap_or_default()));
        let message = format!("{path} é obrigatório");
        return InputError { path, message };
    }
    let path = root(path);
    if inner.contains(FIELD) {
        let message = inner.replace(FIELD, &path);
        return InputError { path, message };
    }
    let translated = if let Some(rest) = inner.strip_prefix("invalid type: ") {
        format!("tipo inválido ({})", expected(rest))
    } else if let Some(rest) = inner.strip_prefix("invalid value: ") {
        format!("valor inválido ({})", expected(rest))
    } else if let Some(rest) = inner.strip_prefix("unknown variant ") {
        format!("valor desconhecido {}", expected(rest))
    } else {
        format!("valor inválido ({inner})")
    };
    let message = format!("{path}: {translated}");
    InputError { path, message }
}

/// serde's "found, expected one of `a` or `b`" tail in Portuguese.
fn expected(rest: &str) -> String {
    match rest.split_once(", expected ") {
        Some((found, wanted)) => {
            let wanted = wanted
                .replacen("one of ", "um de ", 1)
                .replace(" or ", " ou ");
            format!("{found}; esperado {wanted}")
        }
        None => rest.to_owned(),
    }
}

// ------------------------------------------------------------------ value types of the input

/// Text: a JSON string (trimmed) or a non-negative integer written as digits (`"banco": 341`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Text(pub String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) => Ok(Text(s.trim().to_owned())),
            Value::Number(n) if n.is_u64() => Ok(Text(n.to_string())),
            _ => Err(D::Error::custom(format!("{FIELD} deve ser texto"))),
        }
    }
}

/// An amount in centavos: a JSON integer (`10.5` is refused, not rounded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Centavos(pub i64);

impl<'de> Deserialize<'de> for Centavos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Number(n) => n.as_i64().map(Centavos),
            _ => None,
        }
        .ok_or_else(|| D::Error::custom(format!("{FIELD} deve ser um número inteiro de centavos")))
    }
}

/// A date `AAAA-MM-DD`; an empty string counts as absent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Date(pub Option<NaiveDate>);

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let Text(s) = Text::deserialize(d)?;
        if s.is_empty() {
            return Ok(Date(None));
        }
        NaiveDate::parse_from_str(&s, "%Y-%m-%d")
            .map(|date| Date(Some(date)))
            .map_err(|_| {
                D::Error::custom(format!(
                    "{FIELD} deve ser uma data AAAA-MM-DD (recebido '{s}')"
                ))
            })
    }
}

/// A date and time `AAAA-MM-DDTHH:MM:SS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DateTime(pub NaiveDateTime);

impl<'de> Deserialize<'de> for DateTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        NaiveDateTime::deserialize(d)
            .map(DateTime)
            .map_err(|_| D::Error::custom(format!("{FIELD} deve ser AAAA-MM-DDTHH:MM:SS")))
    }
}

/// The text of an optional field (absent or null → `None`).
pub(crate) fn text(t: &Option<Text>) -> Option<String> {
    t.as_ref().map(|Text(s)| s.clone())
}

/// A flattened optional date (absent, null or empty → `None`).
pub(crate) fn date(d: &Option<Date>) -> Option<NaiveDate> {
    d.and_then(|Date(d)| d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Item {
        valor: Centavos,
        nome: Option<Text>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        titulos: Vec<Item>,
        data: Option<Date>,
    }

    fn error(v: Value) -> InputError {
        from_value::<Doc>(v, "").unwrap_err()
    }

    #[test]
    fn errors_name_the_path() {
        let e = error(json!({"titulos": [{"valor": 1}, {"valor": 2}, {"valor": "três"}]}));
        assert_eq!(e.path, "titulos[2].valor");
        assert_eq!(
            e.message,
            "titulos[2].valor deve ser um número inteiro de centavos"
        );
        let e = error(json!({"titulos": [{"valor": 1, "nomee": "x"}]}));
        assert_eq!(e.path, "titulos[0].nomee");
        assert_eq!(e.message, "campo desconhecido: titulos[0].nomee");
        let e = error(json!({"titulos": [{"nome": "x"}]}));
        assert_eq!(e.path, "titulos[0].valor");
        assert_eq!(e.message, "titulos[0].valor é obrigatório");
        let e = error(json!({"titulos": [], "data": "01/02/2026"}));
        assert_eq!(e.path, "data");
        assert!(e.message.contains("AAAA-MM-DD"), "{}", e.message);
        let e = error(json!({"titulos": {}}));
        assert_eq!(e.path, "titulos");
        assert!(
            e.message.starts_with("titulos: tipo inválido"),
            "{}",
            e.message
        );
        let e = from_value::<Doc>(json!({"valor": 1}), "lista[3]").unwrap_err();
        assert_eq!(e.path, "lista[3].valor");
    }

    #[test]
    fn text_takes_strings_and_digits() {
        let t: Text = serde_json::from_value(json!("  341 ")).unwrap();
        assert_eq!(t.0, "341");
        let t: Text = serde_json::from_value(json!(109)).unwrap();
        assert_eq!(t.0, "109");
        assert!(serde_json::from_value::<Text>(json!(-1)).is_err());
        assert!(serde_json::from_value::<Text>(json!([])).is_err());
        let d: Date = serde_json::from_value(json!("")).unwrap();
        assert_eq!(d.0, None);
    }
}
