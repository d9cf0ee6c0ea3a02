//! CPF and CNPJ: validation and formatting, including the alphanumeric CNPJ.
//!
//! Public API (used by the finance context and the CNAB writers):
//! - [`validate_cpf`] / [`validate_cnpj`] parse a typed number (punctuation and spaces allowed)
//!   and return a [`Cpf`] / [`Cnpj`] holding the bare characters;
//! - [`format_cpf`] / [`format_cnpj`] return `000.000.000-00` / `00.000.000/0000-00`;
//! - [`validate_document`] accepts either and returns a [`Document`];
//! - every failure is a [`DocumentError`] whose `Display` is a Portuguese message for a person.
//!
//! Alphanumeric CNPJ (IN RFB 2.229/2024, from July 2026): the first 12 characters may be `A`–`Z`
//! or `0`–`9`, the two check digits stay numeric, and each character counts as its ASCII code
//! minus 48 in the usual mod-11 computation, so old numeric CNPJs keep their check digits.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Why a CPF or CNPJ was refused. The `Display` text is Portuguese, for the person who typed it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    #[error("{kind} deve ter {expected} caracteres (encontrados {found})")]
    WrongLength {
        kind: &'static str,
        expected: usize,
        found: usize,
    },
    #[error("{kind} contém caractere inválido '{ch}' na posição {position}")]
    InvalidCharacter {
        kind: &'static str,
        ch: char,
        position: usize,
    },
    #[error("{kind} com dígitos verificadores inválidos")]
    WrongCheckDigits { kind: &'static str },
    #[error("{kind} com todos os dígitos iguais não é válido")]
    RepeatedDigits { kind: &'static str },
    #[error(
        "documento deve ser um CPF (11 dígitos) ou um CNPJ (14 caracteres); encontrados {found}"
    )]
    UnknownKind { found: usize },
}

/// A valid CPF, stored as its 11 digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cpf([u8; 11]);

/// A valid CNPJ, stored as its 14 characters (uppercase letters allowed in the first 12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cnpj([u8; 14]);

/// Either kind of Brazilian taxpayer number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Document {
    Cpf(Cpf),
    Cnpj(Cnpj),
}

const CPF: &str = "CPF";
const CNPJ: &str = "CNPJ";

/// Punctuation people type inside documents; it is skipped, anything else is an error.
fn is_separator(c: char) -> bool {
    matches!(c, '.' | '-' | '/' | ' ')
}

/// Copies the significant characters of `input` into `out`, uppercased; returns how many
/// there were (which may exceed `N`: the caller reports the length).
fn collect<const N: usize>(
    kind: &'static str,
    input: &str,
    allow_letters: bool,
    out: &mut [u8; N],
) -> Result<usize, DocumentError> {
    let mut len = 0;
    for (position, c) in input.chars().enumerate() {
        if is_separator(c) {
            continue;
        }
        let up = c.to_ascii_uppercase();
        let ok = up.is_ascii_digit() || (allow_letters && up.is_ascii_uppercase());
        if !ok {
            return Err(DocumentError::InvalidCharacter {
                kind,
                ch: c,
                position: position + 1,
            });
        }
        if len < N {
            out[len] = up as u8;
        }
        len += 1;
    }
    Ok(len)
}

/// The mod-11 check digit shared by CPF and CNPJ: remainder below 2 gives 0, else 11 − r.
fn mod11_dv(chars: &[u8], weights: impl Iterator<Item = u32>) -> u8 {
    let sum: u32 = chars
        .iter()
        .zip(weights)
        .map(|(&c, w)| (c as u32 - b'0' as u32) * w)
        .sum();
    let r = sum % 11;
    if r < 2 {
        b'0'
    } else {
        b'0' + (11 - r) as u8
    }
}

fn all_same(chars: &[u8]) -> bool {
    chars.iter().all(|&c| c == chars[0])
}

/// Computes the two CPF check digits for the first 9 digits.
pub fn cpf_check_digits(first9: &[u8; 9]) -> [u8; 2] {
    let d1 = mod11_dv(first9, (2..=10).rev());
    let mut ten = [0u8; 10];
    ten[..9].copy_from_slice(first9);
    ten[9] = d1;
    let d2 = mod11_dv(&ten, (2..=11).rev());
    [d1, d2]
}

/// CNPJ weights: 2..9 from the right, repeating.
fn cnpj_weights(len: usize) -> impl Iterator<Item = u32> {
    (0..len).rev().map(|i| (i as u32 % 8) + 2)
}

/// Computes the two CNPJ check digits for the first 12 characters (digits or `A`–`Z`).
pub fn cnpj_check_digits(first12: &[u8; 12]) -> [u8; 2] {
    let d1 = mod11_dv(first12, cnpj_weights(12));
    let mut thirteen = [0u8; 13];
    thirteen[..12].copy_from_slice(first12);
    thirteen[12] = d1;
    let d2 = mod11_dv(&thirteen, cnpj_weights(13));
    [d1, d2]
}

/// Validates a CPF typed with or without punctuation.
pub fn validate_cpf(input: &str) -> Result<Cpf, DocumentError> {
    let mut d = [0u8; 11];
    let len = collect(CPF, input, false, &mut d)?;
    if len != 11 {
        return Err(DocumentError::WrongLength {
            kind: CPF,
            expected: 11,
            found: len,
        });
    }
    if all_same(&d) {
        return Err(DocumentError::RepeatedDigits { kind: CPF });
    }
    let first9: [u8; 9] = d[..9].try_into().expect("slice of 9");
    if cpf_check_digits(&first9) != [d[9], d[10]] {
        return Err(DocumentError::WrongCheckDigits { kind: CPF });
    }
    Ok(Cpf(d))
}

/// Validates a CNPJ (numeric or alphanumeric) typed with or without punctuation.
pub fn validate_cnpj(input: &str) -> Result<Cnpj, DocumentError> {
    let mut d = [0u8; 14];
    let len = collect(CNPJ, input, true, &mut d)?;
    if len != 14 {
        return Err(DocumentError::WrongLength {
            kind: CNPJ,
            expected: 14,
            found: len,
        });
    }
    if let Some(pos) = d[12..].iter().position(|c| !c.is_ascii_digit()) {
        return Err(DocumentError::InvalidCharacter {
            kind: CNPJ,
            ch: d[12 + pos] as char,
            position: 13 + pos,
        });
    }
    if all_same(&d) {
        return Err(DocumentError::RepeatedDigits { kind: CNPJ });
    }
    let first12: [u8; 12] = d[..12].try_into().expect("slice of 12");
    if cnpj_check_digits(&first12) != [d[12], d[13]] {
        return Err(DocumentError::WrongCheckDigits { kind: CNPJ });
    }
    Ok(Cnpj(d))
}

/// Validates either a CPF (11 significant characters) or a CNPJ (14).
pub fn validate_document(input: &str) -> Result<Document, DocumentError> {
    let significant = input.chars().filter(|&c| !is_separator(c)).count();
    match significant {
        11 => validate_cpf(input).map(Document::Cpf),
        14 => validate_cnpj(input).map(Document::Cnpj),
        found => Err(DocumentError::UnknownKind { found }),
    }
}

/// Validates and formats a CPF as `000.000.000-00`.
pub fn format_cpf(input: &str) -> Result<String, DocumentError> {
    validate_cpf(input).map(|c| c.formatted())
}

/// Validates and formats a CNPJ as `00.000.000/0000-00` (letters kept as they are).
pub fn format_cnpj(input: &str) -> Result<String, DocumentError> {
    validate_cnpj(input).map(|c| c.formatted())
}

fn ascii(bytes: &[u8]) -> &str {
    // Only ASCII digits and uppercase letters are ever stored.
    std::str::from_utf8(bytes).unwrap_or_default()
}

impl Cpf {
    /// The 11 digits, no punctuation.
    pub fn as_str(&self) -> &str {
        ascii(&self.0)
    }

    /// `000.000.000-00`.
    pub fn formatted(&self) -> String {
        let s = self.as_str();
        format!("{}.{}.{}-{}", &s[..3], &s[3..6], &s[6..9], &s[9..])
    }
}

impl Cnpj {
    /// The 14 characters, no punctuation.
    pub fn as_str(&self) -> &str {
        ascii(&self.0)
    }

    /// `00.000.000/0000-00`.
    pub fn formatted(&self) -> String {
        let s = self.as_str();
        format!(
            "{}.{}.{}/{}-{}",
            &s[..2],
            &s[2..5],
            &s[5..8],
            &s[8..12],
            &s[12..]
        )
    }

    /// True for the new format with letters in the first 12 characters.
    pub fn is_alphanumeric(&self) -> bool {
        self.0.iter().any(u8::is_ascii_uppercase)
    }
}

impl Document {
    /// A document read back from storage, where only valid documents were written: the shape is
    /// checked (11 digits, or 14 uppercase alphanumerics), the check digits are not computed again.
    pub fn from_stored(stored: &str) -> Option<Document> {
        let bytes = stored.as_bytes();
        match bytes.len() {
            11 if bytes.iter().all(u8::is_ascii_digit) => {
                Some(Document::Cpf(Cpf(bytes.try_into().ok()?)))
            }
            14 if bytes
                .iter()
                .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()) =>
            {
                Some(Document::Cnpj(Cnpj(bytes.try_into().ok()?)))
            }
            _ => None,
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Document::Cpf(c) => c.as_str(),
            Document::Cnpj(c) => c.as_str(),
        }
    }

    pub fn formatted(&self) -> String {
        match self {
            Document::Cpf(c) => c.formatted(),
            Document::Cnpj(c) => c.formatted(),
        }
    }
}

impl fmt::Display for Cpf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.formatted())
    }
}

impl fmt::Display for Cnpj {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.formatted())
    }
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.formatted())
    }
}

impl std::str::FromStr for Cpf {
    type Err = DocumentError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        validate_cpf(s)
    }
}

impl std::str::FromStr for Cnpj {
    type Err = DocumentError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        validate_cnpj(s)
    }
}

impl std::str::FromStr for Document {
    type Err = DocumentError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        validate_document(s)
    }
}

/// Serialized as the bare characters; deserialized through validation.
macro_rules! serde_as_string {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

serde_as_string!(Cpf);
serde_as_string!(Cnpj);
serde_as_string!(Document);

#[cfg(test)]
mod stored_tests {
    use super::*;

    #[test]
    fn stored_documents_are_read_without_recomputing_check_digits() {
        assert!(matches!(
            Document::from_stored("52998224725"),
            Some(Document::Cpf(_))
        ));
        let cnpj = Document::from_stored("12ABC34501DE35").unwrap();
        assert_eq!(cnpj.formatted(), "12.ABC.345/01DE-35");
        // Shape only: wrong check digits are the writer's business, never stored.
        assert!(Document::from_stored("52998224700").is_some());
        for bad in [
            "",
            "5299822472",
            "529.982.247-25",
            "12abc34501de35",
            "é2345678901",
        ] {
            assert!(Document::from_stored(bad).is_none(), "{bad}");
        }
    }
}
