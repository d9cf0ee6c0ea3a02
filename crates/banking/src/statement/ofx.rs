//! OFX reader: 1.x (SGML, unclosed leaf tags) and 2.x (XML), with Brazilian quirks.
//!
//! Quirks handled (seen in the banks' files): CP1252 bytes while the header says
//! USASCII, UTF-8 while it says 1252 (Nubank), trailing spaces in values, comma decimals
//! in TRNAMT (Bradesco: "-20,00"), BALAMT without a decimal point (Itaú), dates with
//! timezone suffixes ("20150402100000[-03:EST]"), and FITIDs repeated inside one file.
//!
//! The tokenizer is deliberately flat: tags and text, no tree. Aggregates are tracked by
//! the few names that matter, so unknown or unbalanced tags never stop the reader.

use super::{stable_id, AccountStatement, Transaction};
use crate::cnab::text::decode_lenient;
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::HashMap;

/// Status of the signon or of a statement response.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Status {
    pub code: String,
    pub severity: String,
    pub message: String,
}

/// A parsed OFX file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Ofx {
    /// 1 (SGML) or 2 (XML).
    pub version: u8,
    pub signon: Option<Status>,
    pub accounts: Vec<AccountStatement>,
    /// Things the reader worked around or skipped, in Portuguese.
    pub warnings: Vec<String>,
}

/// Why a file is not OFX at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OfxError(pub String);

#[derive(Default)]
struct Txn {
    kind: String,
    posted: Option<NaiveDate>,
    amount: Option<i64>,
    raw_amount: String,
    fitid: String,
    name: String,
    memo: String,
    check: String,
}

#[derive(Default)]
struct Parser {
    out: Ofx,
    txn: Option<Txn>,
    /// Aggregates we care about that are open now.
    open: Vec<String>,
    fitids: HashMap<(usize, String), u32>,
}

/// Parses OFX bytes.
pub fn parse(bytes: &[u8]) -> Result<Ofx, OfxError> {
    let text = decode_lenient(bytes);
    let upper_start = find_ci(&text, "<OFX>")
        .or_else(|| find_ci(&text, "<OFC>"))
        .ok_or_else(|| OfxError("não é um arquivo OFX: falta a tag <OFX> (ou <OFC>)".into()))?;
    let mut p = Parser::default();
    p.out.version =
        if text[..upper_start].contains("<?xml") || text[..upper_start].contains("OFXHEADER=\"2") {
            2
        } else {
            1
        };
    tokenize(&text[upper_start..], |tok| p.token(tok));
    p.finish_txn();
    if p.out.accounts.is_empty() && p.out.signon.is_none() {
        p.out.warnings.push("arquivo OFX sem extratos".into());
    }
    Ok(p.out)
}

fn find_ci(hay: &str, needle: &str) -> Option<usize> {
    hay.to_ascii_uppercase().find(needle)
}

enum Tok<'a> {
    Open(String, &'a str),
    Close(String),
}

/// Calls `f` with each tag and the text right after it (up to the next '<').
fn tokenize<'a>(s: &'a str, mut f: impl FnMut(Tok<'a>)) {
    let mut rest = s;
    while let Some(lt) = rest.find('<') {
        rest = &rest[lt + 1..];
        let Some(gt) = rest.find('>') else { break };
        let tag = rest[..gt].trim();
        rest = &rest[gt + 1..];
        let text_end = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..text_end];
        if let Some(name) = tag.strip_prefix('/') {
            f(Tok::Close(name.trim().to_ascii_uppercase()));
        } else if !tag.starts_with('?') && !tag.starts_with('!') {
            let name = tag
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches('/');
            f(Tok::Open(name.to_ascii_uppercase(), text));
        }
    }
}

const TRACKED: &[&str] = &[
    "ACCTSTMT",
    "SONRS",
    "STMTTRNRS",
    "CCSTMTTRNRS",
    "STMTRS",
    "CCSTMTRS",
    "BANKACCTFROM",
    "CCACCTFROM",
    "BANKACCTTO",
    "CCACCTTO",
    "BANKTRANLIST",
    "STMTTRN",
    "LEDGERBAL",
    "AVAILBAL",
    "STATUS",
];

impl Parser {
    fn inside(&self, name: &str) -> bool {
        self.open.iter().any(|o| o == name)
    }

    fn token(&mut self, tok: Tok) {
        match tok {
            Tok::Open(name, text) => {
                let value = text.trim();
                if value.is_empty() {
                    self.start(&name);
                } else {
                    self.leaf(&name, value);
                }
            }
            Tok::Close(name) => self.end(&name),
        }
    }

    fn start(&mut self, name: &str) {
        match name {
            // OFC (Microsoft Money): ACCTSTMT wraps ACCTFROM and STMTRS.
            "STMTRS" if self.inside("ACCTSTMT") => self.finish_txn(),
            "STMTRS" | "CCSTMTRS" | "ACCTSTMT" => {
                self.finish_txn();
                let kind = if name == "STMTRS" {
                    "conta_corrente"
                } else {
                    "cartao_credito"
                };
                self.out.accounts.push(AccountStatement {
                    kind: kind.into(),
                    ..Default::default()
                });
            }
            "STMTTRN" => {
                self.finish_txn();
                self.txn = Some(Txn::default());
            }
            _ => {}
        }
        if TRACKED.contains(&name) {
            self.open.push(name.to_string());
        }
    }

    fn end(&mut self, name: &str) {
        if name == "STMTTRN" {
            self.finish_txn();
        }
        if let Some(pos) = self.open.iter().rposition(|o| o == name) {
            self.open.truncate(pos);
        }
    }

    fn leaf(&mut self, name: &str, value: &str) {
        if self.inside("STATUS") {
            return self.status(name, value);
        }
        if self.inside("BANKACCTTO") || self.inside("CCACCTTO") {
            return;
        }
        if let Some(t) = self.txn.as_mut() {
            match name {
                "TRNTYPE" => t.kind = value.to_ascii_uppercase(),
                "DTPOSTED" => t.posted = parse_date(value),
                "DTUSER" if t.posted.is_none() => t.posted = parse_date(value),
                "TRNAMT" => {
                    t.amount = parse_amount(value);
                    t.raw_amount = value.to_string();
                }
                "FITID" => t.fitid = value.to_string(),
                "NAME" => t.name = value.to_string(),
                "MEMO" => t.memo = value.to_string(),
                "CHECKNUM" | "CHKNUM" => t.check = value.to_string(),
                _ => {}
            }
            return;
        }
        let in_ledger = self.inside("LEDGERBAL");
        let in_avail = self.inside("AVAILBAL");
        let mut warning = None;
        if let Some(acc) = self.out.accounts.last_mut() {
            match name {
                "BANKID" => acc.bank = value.to_string(),
                "BRANCHID" => acc.branch = value.to_string(),
                "ACCTID" => acc.account = value.to_string(),
                "ACCTTYPE" => acc.account_type = value.to_string(),
                "CURDEF" => acc.currency = value.to_string(),
                "DTSTART" => acc.start = parse_date(value),
                "DTEND" => acc.end = parse_date(value),
                // OFC keeps the ledger balance in one LEDGER tag.
                "LEDGER" => acc.ledger_balance = parse_amount(value),
                "BALAMT" if in_ledger => {
                    acc.ledger_balance = parse_amount(value);
                    if acc.ledger_balance.is_none() {
                        warning = Some(format!("saldo ignorado: valor ilegível \"{value}\""));
                    }
                }
                "DTASOF" if in_ledger => acc.ledger_balance_date = parse_date(value),
                "BALAMT" if in_avail => acc.available_balance = parse_amount(value),
                _ => {}
            }
        }
        if let Some(w) = warning {
            self.out.warnings.push(w);
        }
    }

    fn status(&mut self, name: &str, value: &str) {
        if !self.inside("SONRS") {
            if name == "CODE" && value != "0" {
                self.out
                    .warnings
                    .push(format!("resposta do extrato com status {value}"));
            }
            return;
        }
        let s = self.out.signon.get_or_insert_with(Status::default);
        match name {
            "CODE" => s.code = value.to_string(),
            "SEVERITY" => s.severity = value.to_string(),
            "MESSAGE" => s.message = value.to_string(),
            _ => {}
        }
    }

    fn finish_txn(&mut self) {
        let Some(t) = self.txn.take() else { return };
        let index = self.out.accounts.len().saturating_sub(1);
        let (Some(posted), Some(amount)) = (t.posted, t.amount) else {
            self.out.warnings.push(format!(
                "lançamento ignorado (FITID \"{}\"): {}",
                t.fitid,
                if t.posted.is_none() {
                    "sem data"
                } else {
                    "valor ilegível"
                }
            ));
            return;
        };
        if self.out.accounts.is_empty() {
            self.out.accounts.push(AccountStatement {
                kind: "conta_corrente".into(),
                ..Default::default()
            });
        }
        let acc_key = self.out.accounts[index].key();
        // Some banks repeat a FITID inside one file for different lines: number the repeats
        // so each line keeps its own identity (the first keeps the plain FITID identity).
        let n = self.fitids.entry((index, t.fitid.clone())).or_insert(0);
        *n += 1;
        let ordinal = n.to_string();
        let mut parts = vec!["ofx", acc_key.as_str(), t.fitid.as_str()];
        if *n > 1 {
            parts.push(&ordinal);
            self.out.warnings.push(format!(
                "FITID \"{}\" repetido no arquivo: tratado como lançamento distinto",
                t.fitid
            ));
        }
        let fitid_missing = t.fitid.is_empty();
        let amount_text = amount.to_string();
        let date_text = posted.to_string();
        if fitid_missing {
            // No FITID: fall back to the natural key (date, amount, memo).
            parts.extend([date_text.as_str(), amount_text.as_str(), t.memo.as_str()]);
        }
        let tx = Transaction {
            id: stable_id(&parts),
            bank_id: t.fitid,
            kind: t.kind,
            posted,
            amount,
            description: if t.name.is_empty() {
                t.memo.clone()
            } else {
                t.name
            },
            memo: t.memo,
            check_number: t.check,
        };
        self.out.accounts[index].transactions.push(tx);
    }
}

/// "YYYYMMDD…" → date (time and "[-3:BRT]" suffixes ignored: statements use local dates).
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    let d = s.trim().get(..8)?;
    if !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    NaiveDate::from_ymd_opt(
        d[..4].parse().ok()?,
        d[4..6].parse().ok()?,
        d[6..8].parse().ok()?,
    )
}

/// An OFX amount in centavos: "-1234.56", "-20,00", "1.234,56", "1234" (no decimals = reais).
pub fn parse_amount(s: &str) -> Option<i64> {
    let s: String = s.trim().chars().filter(|c| !c.is_whitespace()).collect();
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(&s)),
    };
    if body.is_empty()
        || !body
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return None;
    }
    let dec_pos = body.rfind(['.', ',']);
    let (int_part, frac) = match dec_pos {
        Some(p) => (&body[..p], &body[p + 1..]),
        None => (body, ""),
    };
    let int_digits: String = int_part.chars().filter(char::is_ascii_digit).collect();
    let int: i64 = if int_digits.is_empty() {
        0
    } else {
        int_digits.parse().ok()?
    };
    let cents = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().ok()? * 10,
        2 => frac.parse::<i64>().ok()?,
        _ => {
            // More than two decimals: round half away from zero on the third.
            let two: i64 = frac[..2].parse().ok()?;
            let third = frac.as_bytes()[2] - b'0';
            two + i64::from(third >= 5)
        }
    };
    let v = int.checked_mul(100)?.checked_add(cents)?;
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_brazilian_and_ofx_styles() {
        assert_eq!(parse_amount("-32.97"), Some(-3297));
        assert_eq!(parse_amount("-20,00 "), Some(-2000));
        assert_eq!(parse_amount("1.234,56"), Some(123_456));
        assert_eq!(parse_amount("1,234.56"), Some(123_456));
        assert_eq!(parse_amount("1234"), Some(123_400));
        assert_eq!(parse_amount("0.5"), Some(50));
        assert_eq!(parse_amount("10.005"), Some(1001));
        assert_eq!(parse_amount("abc"), None);
        assert_eq!(parse_amount(""), None);
        assert_eq!(parse_amount("99999999999999999999"), None);
    }

    #[test]
    fn dates_with_timezone_suffix() {
        assert_eq!(
            parse_date("20150402100000[-03:EST]"),
            NaiveDate::from_ymd_opt(2015, 4, 2)
        );
        assert_eq!(parse_date("20260131"), NaiveDate::from_ymd_opt(2026, 1, 31));
        assert_eq!(parse_date("2026013"), None);
        assert_eq!(parse_date("20261341"), None);
    }
}
