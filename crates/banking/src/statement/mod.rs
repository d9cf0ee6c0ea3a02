//! Bank statements: OFX 1.x (SGML) and 2.x (XML), and CNAB 240 segment E (extrato).
//!
//! Every transaction gets a stable `id` so a re-import can be de-duplicated without
//! refusing a genuinely new statement: OFX uses account + FITID; segment E, which has no
//! FITID, hashes its natural key plus the occurrence number of that key in the file.

pub mod extrato;
pub mod ofx;

use chrono::NaiveDate;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// One statement line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Transaction {
    /// Stable identity for de-duplication (hex, 32 chars).
    pub id: String,
    /// The bank's own id (OFX FITID; for segment E the document number).
    pub bank_id: String,
    /// CREDIT, DEBIT, … (OFX TRNTYPE) or C/D (segment E).
    pub kind: String,
    pub posted: NaiveDate,
    /// Centavos; negative for debits.
    pub amount: i64,
    pub description: String,
    pub memo: String,
    pub check_number: String,
}

/// One account's statement.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct AccountStatement {
    /// "conta_corrente" or "cartao_credito".
    pub kind: String,
    pub bank: String,
    pub branch: String,
    pub account: String,
    pub account_type: String,
    pub currency: String,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    /// Centavos.
    pub ledger_balance: Option<i64>,
    pub ledger_balance_date: Option<NaiveDate>,
    pub available_balance: Option<i64>,
    pub opening_balance: Option<i64>,
    pub transactions: Vec<Transaction>,
}

impl AccountStatement {
    /// The account part of transaction identities.
    pub fn key(&self) -> String {
        format!(
            "{}|{}|{}",
            self.bank.trim_start_matches('0'),
            self.branch.trim_start_matches('0'),
            self.account.trim_start_matches('0')
        )
    }
}

/// Hex SHA-256 (first 16 bytes) of the parts joined by '|'.
pub fn stable_id(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            h.update(b"|");
        }
        h.update(p.as_bytes());
    }
    h.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
