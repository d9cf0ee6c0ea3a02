//! Reading an NF-e (nota fiscal eletrônica, modelo 55) XML as a payable suggestion: the emitter, número, série,
//! access key, total, issue date and the duplicatas (installments with due dates) of `<cobr>`.
//!
//! Outside input: [`read`] never panics, refuses anything above [`MAX_BYTES`], any DTD (so no entity expansion
//! and no external entity is ever fetched: `roxmltree` refuses a `<!DOCTYPE` unless told otherwise, and we never
//! tell it) and more than [`MAX_NODES`] nodes. It accepts a bare `<NFe>` or the authorised `<nfeProc>` around it,
//! with or without the portal's namespace. [`check_key`] checks a 44-digit access key and its mod-11 DV.

use chrono::NaiveDate;
use std::fmt;

/// 1 MB: a real NF-e with hundreds of items is far smaller.
pub const MAX_BYTES: usize = 1024 * 1024;
/// Enough for thousands of items.
pub const MAX_NODES: u32 = 200_000;
/// At most this many duplicatas are read (the schema allows 120).
pub const MAX_DUPLICATAS: usize = 120;

/// Why a file is not a readable NF-e. Messages in Portuguese, for the person who uploaded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NfeError {
    TooLarge {
        bytes: usize,
    },
    NotUtf8,
    /// A `<!DOCTYPE`: refused (entity expansion, external entities).
    Dtd,
    Xml(String),
    /// No `<infNFe>`: some other XML.
    NotNfe,
    /// A required element absent or empty (its path).
    Missing(&'static str),
    /// An element whose text is not what the schema allows (its path and the text, truncated).
    Invalid {
        field: &'static str,
        value: String,
    },
    Key(KeyError),
}

impl fmt::Display for NfeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NfeError::TooLarge { bytes } => write!(
                f,
                "O arquivo tem {bytes} bytes; o limite de um XML de NF-e é 1 MB."
            ),
            NfeError::NotUtf8 => {
                f.write_str("O arquivo não está em UTF-8: envie o XML da NF-e como recebido.")
            }
            NfeError::Dtd => f.write_str(
                "XML com DTD (<!DOCTYPE>) não é aceito: envie o XML da NF-e como recebido.",
            ),
            NfeError::Xml(e) => write!(f, "XML inválido: {e}."),
            NfeError::NotNfe => f.write_str("O arquivo não é o XML de uma NF-e (não há <infNFe>)."),
            NfeError::Missing(path) => write!(f, "O XML da NF-e não tem {path}."),
            NfeError::Invalid { field, value } => {
                write!(f, "Valor inválido em {field}: '{value}'.")
            }
            NfeError::Key(e) => write!(f, "Chave de acesso: {e}"),
        }
    }
}

impl std::error::Error for NfeError {}

/// Why an access key is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyError {
    /// Not 44 digits (after removing spaces, dots and dashes): how many digits, or a non-digit.
    Length {
        found: usize,
    },
    NotDigits,
    /// The 44th digit is not the mod-11 DV of the first 43.
    CheckDigit {
        expected: u8,
        found: u8,
    },
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Length { found } => {
                write!(f, "a chave tem 44 dígitos; encontrados {found}.")
            }
            KeyError::NotDigits => f.write_str("a chave tem só dígitos."),
            KeyError::CheckDigit { expected, found } => write!(
                f,
                "dígito verificador inválido (esperado {expected}, encontrado {found})."
            ),
        }
    }
}

/// The mod-11 DV of the key's first 43 digits: weights 2 to 9 from the right, 11 − remainder, 10 and 11 → 0.
pub fn key_dv(digits43: &[u8]) -> u8 {
    let mut sum = 0u32;
    for (i, d) in digits43.iter().rev().enumerate() {
        sum += u32::from(d.saturating_sub(b'0')) * (2 + (i as u32 % 8));
    }
    let dv = 11 - (sum % 11);
    if dv >= 10 {
        0
    } else {
        dv as u8
    }
}

/// The key's 44 digits when they are 44 and the DV holds (spaces, dots and dashes are ignored).
pub fn check_key(input: &str) -> Result<String, KeyError> {
    let mut digits = String::with_capacity(44);
    for c in input.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else if !(c == ' ' || c == '.' || c == '-') {
            return Err(KeyError::NotDigits);
        }
        if digits.len() > 64 {
            break;
        }
    }
    if digits.len() != 44 {
        return Err(KeyError::Length {
            found: digits.len(),
        });
    }
    let bytes = digits.as_bytes();
    let expected = key_dv(&bytes[..43]);
    let found = bytes[43] - b'0';
    if expected != found {
        return Err(KeyError::CheckDigit { expected, found });
    }
    Ok(digits)
}

/// One duplicata (installment) of the note's `<cobr>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicata {
    /// `nDup` ("001"), when present.
    pub number: Option<String>,
    pub due_date: NaiveDate,
    pub amount_cents: i64,
}

/// What an NF-e says about the payable it gives rise to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nfe {
    /// 44 digits, DV checked.
    pub key: String,
    /// The emitter's CNPJ (14) or CPF (11) as written.
    pub emitter_document: String,
    pub emitter_name: String,
    pub emitter_trade_name: Option<String>,
    /// `nNF`, without leading zeros.
    pub number: String,
    /// `serie`, without leading zeros ("0" stays "0").
    pub series: String,
    /// The date part of `dhEmi` (or `dEmi` of version 2.00), as written (local to the emitter).
    pub issue_date: NaiveDate,
    /// `vNF`.
    pub total_cents: i64,
    /// In the note's order; empty when the note has no `<cobr>` (paid in cash, or one bill).
    pub duplicatas: Vec<Duplicata>,
}

/// Reads an NF-e XML (see the module's doc for what is refused).
pub fn read(bytes: &[u8]) -> Result<Nfe, NfeError> {
    if bytes.len() > MAX_BYTES {
        return Err(NfeError::TooLarge { bytes: bytes.len() });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| NfeError::NotUtf8)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::DtdDetected => NfeError::Dtd,
        other => NfeError::Xml(truncate(&other.to_string())),
    })?;
    let inf = doc
        .descendants()
        .find(|n| n.is_element() && n.tag_name().name() == "infNFe")
        .ok_or(NfeError::NotNfe)?;
    let ide = child(inf, "ide").ok_or(NfeError::Missing("<ide>"))?;
    let emit = child(inf, "emit").ok_or(NfeError::Missing("<emit>"))?;
    let key = key_of(&doc, inf)?;
    let emitter_document = match text_of(emit, "CNPJ").or_else(|| text_of(emit, "CPF")) {
        Some(d)
            if (d.len() == 14 || d.len() == 11) && d.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            d.to_ascii_uppercase()
        }
        Some(d) => {
            return Err(NfeError::Invalid {
                field: "emit/CNPJ",
                value: truncate(d),
            })
        }
        None => return Err(NfeError::Missing("emit/CNPJ")),
    };
    let emitter_name = text_of(emit, "xNome")
        .map(collapse)
        .filter(|n| !n.is_empty())
        .ok_or(NfeError::Missing("emit/xNome"))?;
    let emitter_trade_name = text_of(emit, "xFant")
        .map(collapse)
        .filter(|n| !n.is_empty());
    let number = digits_field(ide, "nNF", "ide/nNF", 9)?;
    let series = digits_field(ide, "serie", "ide/serie", 3)?;
    let issued = text_of(ide, "dhEmi")
        .or_else(|| text_of(ide, "dEmi"))
        .ok_or(NfeError::Missing("ide/dhEmi"))?;
    let issue_date = date(issued, "ide/dhEmi")?;
    let total = inf
        .descendants()
        .find(|n| n.is_element() && n.tag_name().name() == "ICMSTot")
        .and_then(|t| text_of(t, "vNF"))
        .ok_or(NfeError::Missing("total/ICMSTot/vNF"))?;
    let total_cents = money(total, "total/ICMSTot/vNF")?;
    let mut duplicatas = Vec::new();
    if let Some(cobr) = child(inf, "cobr") {
        for dup in cobr
            .children()
            .filter(|n| n.is_element() && n.tag_name().name() == "dup")
            .take(MAX_DUPLICATAS)
        {
            let due = text_of(dup, "dVenc").ok_or(NfeError::Missing("cobr/dup/dVenc"))?;
            let amount = text_of(dup, "vDup").ok_or(NfeError::Missing("cobr/dup/vDup"))?;
            duplicatas.push(Duplicata {
                number: text_of(dup, "nDup").map(collapse).filter(|n| !n.is_empty()),
                due_date: date(due, "cobr/dup/dVenc")?,
                amount_cents: money(amount, "cobr/dup/vDup")?,
            });
        }
    }
    Ok(Nfe {
        key,
        emitter_document,
        emitter_name,
        emitter_trade_name,
        number,
        series,
        issue_date,
        total_cents,
        duplicatas,
    })
}

/// The key from `protNFe/infProt/chNFe`, else from `infNFe`'s `Id` ("NFe" + 44 digits); its DV checked.
fn key_of(doc: &roxmltree::Document, inf: roxmltree::Node) -> Result<String, NfeError> {
    let from_protocol = doc
        .descendants()
        .find(|n| n.is_element() && n.tag_name().name() == "chNFe")
        .and_then(|n| n.text())
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let raw = match from_protocol {
        Some(k) => k,
        None => inf
            .attribute("Id")
            .map(|id| id.trim().trim_start_matches("NFe"))
            .ok_or(NfeError::Missing("a chave de acesso (infNFe Id)"))?,
    };
    check_key(raw).map_err(NfeError::Key)
}

fn child<'a, 'i>(node: roxmltree::Node<'a, 'i>, name: &str) -> Option<roxmltree::Node<'a, 'i>> {
    node.children()
        .find(|n| n.is_element() && n.tag_name().name() == name)
}

fn text_of<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> Option<&'a str> {
    child(node, name)
        .and_then(|n| n.text())
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most 60 characters of a value, for a message.
fn truncate(text: &str) -> String {
    text.chars().take(60).collect()
}

/// Digits only, at most `max` of them, leading zeros dropped ("0" kept).
fn digits_field(
    node: roxmltree::Node,
    name: &str,
    field: &'static str,
    max: usize,
) -> Result<String, NfeError> {
    let text = text_of(node, name).ok_or(NfeError::Missing(field))?;
    if text.len() > max || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NfeError::Invalid {
            field,
            value: truncate(text),
        });
    }
    let trimmed = text.trim_start_matches('0');
    Ok(if trimmed.is_empty() { "0" } else { trimmed }.to_string())
}

/// `2026-03-02` or `2026-03-02T10:00:00-03:00`: the date part.
fn date(text: &str, field: &'static str) -> Result<NaiveDate, NfeError> {
    text.get(..10)
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .ok_or_else(|| NfeError::Invalid {
            field,
            value: truncate(text),
        })
}

/// The schema's decimal (`1500.00`, `1500.5`, `1500`): centavos, at most 2 decimals, at most 13 integer digits.
pub fn money(text: &str, field: &'static str) -> Result<i64, NfeError> {
    let invalid = || NfeError::Invalid {
        field,
        value: truncate(text),
    };
    let (int, frac) = match text.split_once('.') {
        Some((i, f)) => (i, f),
        None => (text, ""),
    };
    if int.is_empty()
        || int.len() > 13
        || frac.len() > 2
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(invalid());
    }
    let int: i64 = int.parse().map_err(|_| invalid())?;
    let frac: i64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().map_err(|_| invalid())? * 10,
        _ => frac.parse().map_err(|_| invalid())?,
    };
    int.checked_mul(100)
        .and_then(|c| c.checked_add(frac))
        .ok_or_else(invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_dv_is_mod_11() {
        // 43 digits whose DV is computed, then checked.
        let base = "3526031122233300018155001000001234112345678";
        let dv = key_dv(base.as_bytes());
        let key = format!("{base}{dv}");
        assert_eq!(check_key(&key).unwrap(), key);
        let wrong = format!("{base}{}", (dv + 1) % 10);
        assert!(matches!(
            check_key(&wrong),
            Err(KeyError::CheckDigit { .. })
        ));
        assert_eq!(check_key("123"), Err(KeyError::Length { found: 3 }));
        assert_eq!(check_key("12a"), Err(KeyError::NotDigits));
    }

    #[test]
    fn money_is_the_schemas_decimal() {
        assert_eq!(money("1500.00", "x").unwrap(), 150_000);
        assert_eq!(money("1500.5", "x").unwrap(), 150_050);
        assert_eq!(money("7", "x").unwrap(), 700);
        for bad in [
            "",
            "1,50",
            "1.234.56",
            "-1.00",
            "1.005",
            ".5",
            "99999999999999",
        ] {
            assert!(money(bad, "x").is_err(), "{bad}");
        }
    }
}
