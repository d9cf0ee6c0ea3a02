//! Decoding and validation of any typed or scanned boleto line or barcode.
//!
//! Accepted (spaces, dots, dashes and other whitespace are ignored):
//! - 47 digits: linha digitável of a bank boleto (three mod-10 field DVs + mod-11 general DV);
//! - 48 digits starting with 8: linha of an arrecadação slip (utilities, taxes), four fields of
//!   11 digits + DV, mod 10 when the 3rd digit is 6/7 and mod 11 when it is 8/9;
//! - 44 digits: a barcode (arrecadação when it starts with 8, else a bank boleto).
//!
//! [`inspect`] reports every check digit; [`decode`] refuses input where any of them fails.
//! Unlike some peers (@mrmgomes/boleto-utils 1.3.3), the general DV of a bank boleto line is
//! always checked. Nothing here allocates on success.

use super::checksum::{arrecadacao_mod11, barcode_general_dv, mod10};
use super::fator::fator_to_date;
use super::layout::{linha_to_barcode, Barcode, Linha};
use crate::bank::Bank;
use chrono::NaiveDate;
use std::fmt;

/// Bank boleto (ficha de compensação) or arrecadação (convênios, taxes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Boleto,
    Arrecadacao,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Boleto => "boleto",
            Kind::Arrecadacao => "arrecadacao",
        }
    }
}

/// One check digit and whether it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Check {
    /// `campo1`…`campo4` or `geral`.
    pub name: &'static str,
    pub expected: u8,
    pub found: u8,
}

impl Check {
    pub fn holds(&self) -> bool {
        self.expected == self.found
    }
}

/// What a line or barcode says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decoded {
    pub kind: Kind,
    /// The 44-digit barcode (rebuilt from the line when a line was given).
    pub barcode: Barcode,
    /// Bank boletos: the COMPE code in positions 1–3, known to this crate or not.
    pub bank_code: Option<u16>,
    pub bank: Option<Bank>,
    /// Arrecadação: the segment (2nd digit: 1 prefeituras, 2 saneamento, 3 energia…).
    pub segmento: Option<u8>,
    pub fator_vencimento: Option<u16>,
    pub vencimento: Option<NaiveDate>,
    /// Amount in centavos; `None` when the slip carries a reference quantity (arrecadação 7/9).
    pub valor_centavos: Option<i64>,
    checks: [Check; 5],
    check_count: u8,
}

impl Decoded {
    /// Every check digit examined: field DVs (lines only) then the general DV.
    pub fn checks(&self) -> &[Check] {
        &self.checks[..self.check_count as usize]
    }

    pub fn failed_checks(&self) -> impl Iterator<Item = &Check> {
        self.checks().iter().filter(|c| !c.holds())
    }

    pub fn is_valid(&self) -> bool {
        self.checks().iter().all(Check::holds)
    }
}

/// Why a line or barcode was refused. `Display` is Portuguese.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    InvalidCharacter {
        ch: char,
        position: usize,
    },
    WrongLength {
        found: usize,
    },
    /// A 48-digit line that does not start with 8.
    NotArrecadacao,
    /// A 47-digit line that starts with 8: arrecadação lines have 48 digits, and no bank boleto
    /// starts with 8 (its barcode would read as arrecadação).
    ArrecadacaoLength,
    /// Currency digit other than 9 (real).
    UnknownCurrency(u8),
    /// Arrecadação value identifier (3rd digit) other than 6, 7, 8 or 9.
    UnknownValueId(u8),
    /// Structurally fine but some check digit fails.
    CheckDigits(Box<Decoded>),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::InvalidCharacter { ch, position } => {
                write!(f, "caractere inválido '{ch}' na posição {position}")
            }
            DecodeError::WrongLength { found } => write!(
                f,
                "esperados 44 (código de barras), 47 (linha digitável de boleto) ou 48 \
                 (arrecadação) dígitos; encontrados {found}"
            ),
            DecodeError::NotArrecadacao => {
                f.write_str("linha de 48 dígitos deve começar com 8 (arrecadação)")
            }
            DecodeError::ArrecadacaoLength => f.write_str(
                "linha começando com 8 é de arrecadação e tem 48 dígitos; encontrados 47",
            ),
            DecodeError::UnknownCurrency(c) => {
                write!(f, "código de moeda {} não suportado (9 = real)", *c as char)
            }
            DecodeError::UnknownValueId(c) => write!(
                f,
                "identificador de valor {} inválido (esperado 6, 7, 8 ou 9)",
                *c as char
            ),
            DecodeError::CheckDigits(d) => {
                f.write_str("dígito verificador inválido:")?;
                for (i, c) in d.failed_checks().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(
                        f,
                        "{sep}{} (esperado {}, encontrado {})",
                        c.name, c.expected as char, c.found as char
                    )?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// Up to 48 significant digits of the input.
struct Digits {
    buf: [u8; 48],
    len: usize,
}

fn normalize(input: &str) -> Result<Digits, DecodeError> {
    let mut d = Digits {
        buf: [0; 48],
        len: 0,
    };
    for (i, &b) in input.as_bytes().iter().enumerate() {
        if b.is_ascii_digit() {
            if d.len < 48 {
                d.buf[d.len] = b;
            }
            d.len += 1;
        } else if !(b == b'.' || b == b'-' || b.is_ascii_whitespace()) {
            let ch = input[i..].chars().next().unwrap_or('?');
            let position = input[..i].chars().count() + 1;
            return Err(DecodeError::InvalidCharacter { ch, position });
        }
    }
    Ok(d)
}

/// Decodes and checks; refuses any failing check digit.
pub fn decode(input: &str, today: NaiveDate) -> Result<Decoded, DecodeError> {
    let decoded = inspect(input, today)?;
    if decoded.is_valid() {
        Ok(decoded)
    } else {
        Err(DecodeError::CheckDigits(Box::new(decoded)))
    }
}

/// Decodes and reports every check digit without refusing on a wrong one.
pub fn inspect(input: &str, today: NaiveDate) -> Result<Decoded, DecodeError> {
    let d = normalize(input)?;
    let digits = &d.buf;
    match d.len {
        44 if digits[0] == b'8' => arrecadacao_barcode(digits[..44].try_into().unwrap_or([0; 44])),
        44 => boleto_barcode(digits[..44].try_into().unwrap_or([0; 44]), today, &[]),
        47 if digits[0] == b'8' => Err(DecodeError::ArrecadacaoLength),
        47 => boleto_line(digits[..47].try_into().unwrap_or([0; 47]), today),
        48 if digits[0] == b'8' => arrecadacao_line(digits),
        48 => Err(DecodeError::NotArrecadacao),
        found => Err(DecodeError::WrongLength { found }),
    }
}

const NO_CHECK: Check = Check {
    name: "",
    expected: 0,
    found: 0,
};

fn check(name: &'static str, expected: u8, found: u8) -> Check {
    Check {
        name,
        expected: b'0' + expected,
        found,
    }
}

fn number(digits: &[u8]) -> u64 {
    digits.iter().fold(0u64, |n, &d| n * 10 + (d - b'0') as u64)
}

fn boleto_line(l: Linha, today: NaiveDate) -> Result<Decoded, DecodeError> {
    let fields = [
        check("campo1", mod10(&l[..9]), l[9]),
        check("campo2", mod10(&l[10..20]), l[20]),
        check("campo3", mod10(&l[21..31]), l[31]),
    ];
    boleto_barcode(linha_to_barcode(&l), today, &fields)
}

fn boleto_barcode(b: Barcode, today: NaiveDate, fields: &[Check]) -> Result<Decoded, DecodeError> {
    if b[3] != b'9' {
        return Err(DecodeError::UnknownCurrency(b[3]));
    }
    let mut checks = [NO_CHECK; 5];
    checks[..fields.len()].copy_from_slice(fields);
    checks[fields.len()] = check("geral", barcode_general_dv(&b), b[4]);
    let bank_code = number(&b[..3]) as u16;
    let fator = number(&b[5..9]) as u16;
    Ok(Decoded {
        kind: Kind::Boleto,
        barcode: b,
        bank_code: Some(bank_code),
        bank: Bank::ALL
            .into_iter()
            .find(|bank| bank.code().as_bytes() == &b[..3]),
        segmento: None,
        fator_vencimento: Some(fator),
        vencimento: fator_to_date(fator, today),
        valor_centavos: Some(number(&b[9..19]) as i64),
        checks,
        check_count: fields.len() as u8 + 1,
    })
}

/// The check-digit function an arrecadação slip uses (3rd digit).
fn arrecadacao_dv(value_id: u8) -> Result<fn(&[u8]) -> u8, DecodeError> {
    match value_id {
        b'6' | b'7' => Ok(mod10),
        b'8' | b'9' => Ok(arrecadacao_mod11),
        other => Err(DecodeError::UnknownValueId(other)),
    }
}

const FIELD_NAMES: [&str; 4] = ["campo1", "campo2", "campo3", "campo4"];

fn arrecadacao_line(l: &[u8; 48]) -> Result<Decoded, DecodeError> {
    let dv = arrecadacao_dv(l[2])?;
    let mut barcode = [0u8; 44];
    let mut fields = [NO_CHECK; 4];
    for i in 0..4 {
        let block = &l[i * 12..i * 12 + 11];
        barcode[i * 11..i * 11 + 11].copy_from_slice(block);
        fields[i] = check(FIELD_NAMES[i], dv(block), l[i * 12 + 11]);
    }
    arrecadacao(barcode, &fields)
}

/// The 48-digit linha of an arrecadação barcode: each 11-digit block followed by its DV
/// (mod 10 or mod 11, as the 3rd digit says) — the inverse of reading a 48-digit line.
/// Itaú SISPAG's segment O wants this line rather than the 44-digit barcode. The barcode's
/// own general DV is not checked here: [`decode`] it first.
pub fn arrecadacao_barcode_to_line(b: &Barcode) -> Result<[u8; 48], DecodeError> {
    if b[0] != b'8' {
        return Err(DecodeError::NotArrecadacao);
    }
    if let Some(position) = b.iter().position(|c| !c.is_ascii_digit()) {
        let ch = b[position] as char;
        return Err(DecodeError::InvalidCharacter { ch, position });
    }
    let dv = arrecadacao_dv(b[2])?;
    let mut line = [0u8; 48];
    for i in 0..4 {
        let block = &b[i * 11..i * 11 + 11];
        line[i * 12..i * 12 + 11].copy_from_slice(block);
        line[i * 12 + 11] = b'0' + dv(block);
    }
    Ok(line)
}

fn arrecadacao_barcode(b: Barcode) -> Result<Decoded, DecodeError> {
    arrecadacao(b, &[])
}

fn arrecadacao(b: Barcode, fields: &[Check]) -> Result<Decoded, DecodeError> {
    let dv = arrecadacao_dv(b[2])?;
    let mut checks = [NO_CHECK; 5];
    checks[..fields.len()].copy_from_slice(fields);
    let mut rest = [0u8; 43];
    rest[..3].copy_from_slice(&b[..3]);
    rest[3..].copy_from_slice(&b[4..]);
    checks[fields.len()] = check("geral", dv(&rest), b[3]);
    let effective_value = matches!(b[2], b'6' | b'8');
    Ok(Decoded {
        kind: Kind::Arrecadacao,
        barcode: b,
        bank_code: None,
        bank: None,
        segmento: Some(b[1] - b'0'),
        fator_vencimento: None,
        vencimento: None,
        valor_centavos: effective_value.then(|| number(&b[4..15]) as i64),
        checks,
        check_count: fields.len() as u8 + 1,
    })
}
