//! A bank statement file read for import (`finance.md` §4.1): OFX 1.x (SGML) and 2.x (XML) through `banking`'s
//! reader, the file's own account checked against the chosen one, and each line's de-duplication key.

use std::collections::HashMap;

use banking::statement::{ofx, stable_id, AccountStatement, Transaction};
use chrono::NaiveDate;
use platform::error::{Error, Result};

use super::BankAccountNumber;

/// A line ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadLine {
    /// The de-duplication key within the account (see [`dedup_keys`]).
    pub key: String,
    /// The bank's FITID as the file has it ('' when none).
    pub fitid: String,
    pub posted: NaiveDate,
    /// Signed centavos.
    pub amount_cents: i64,
    pub memo: String,
}

/// What the file says, for the chosen account.
#[derive(Debug, Clone)]
pub struct ReadStatement {
    /// Lines dated up to today.
    pub lines: Vec<ReadLine>,
    /// Lines dated after today, skipped.
    pub future: usize,
    /// The declared ledger balance and its date, when the file has both.
    pub balance: Option<(i64, NaiveDate)>,
    pub warnings: Vec<String>,
}

fn digits(s: &str) -> String {
    let d: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    let t = d.trim_start_matches('0');
    if t.is_empty() && !d.is_empty() {
        "0".into()
    } else {
        t.to_string()
    }
}

/// Whether the file's account (BANKID, BRANCHID, ACCTID) is `number`. The ACCTID may carry the check digit
/// (with or without a dash) or not; leading zeros and punctuation do not count.
pub fn same_account(file: &AccountStatement, number: &BankAccountNumber) -> bool {
    let bank_ok = file.bank.trim().is_empty() || digits(&file.bank) == digits(number.bank.code());
    let branch_ok = file.branch.trim().is_empty() || digits(&file.branch) == digits(&number.agency);
    let acct = digits(&file.account);
    let with_digit = digits(&format!("{}{}", number.account, number.account_digit));
    bank_ok
        && branch_ok
        && !acct.is_empty()
        && (acct == digits(&number.account) || acct == with_digit)
}

/// How the file names its account: "banco 341, agência 1234, conta 12345-6".
fn describe(file: &AccountStatement) -> String {
    let mut parts = Vec::new();
    if !file.bank.trim().is_empty() {
        parts.push(format!("banco {}", file.bank.trim()));
    }
    if !file.branch.trim().is_empty() {
        parts.push(format!("agência {}", file.branch.trim()));
    }
    parts.push(format!("conta {}", file.account.trim()));
    parts.join(", ")
}

/// Reads an OFX file for the account `number`, `account_id` being its id (part of the key of lines without a
/// FITID). A file that cannot be read is 422 on `file` with the reader's reason; a file of another account is
/// 422 on `account_id`.
pub fn read_ofx(
    bytes: &[u8],
    account_id: &str,
    number: &BankAccountNumber,
    today: NaiveDate,
) -> Result<ReadStatement> {
    let parsed = ofx::parse(bytes).map_err(|e| {
        Error::invalid_field("file", format!("Não foi possível ler o arquivo OFX: {e}"))
    })?;
    if parsed.accounts.is_empty() {
        return Err(Error::invalid_field(
            "file",
            "O arquivo OFX não tem extrato de conta.",
        ));
    }
    let Some(file) = parsed.accounts.iter().find(|a| same_account(a, number)) else {
        return Err(Error::invalid_field(
            "account_id",
            format!(
                "O extrato é da conta {}, não da conta selecionada.",
                describe(&parsed.accounts[0])
            ),
        ));
    };
    let (kept, future): (Vec<&Transaction>, Vec<&Transaction>) =
        file.transactions.iter().partition(|t| t.posted <= today);
    let mut warnings = parsed.warnings.clone();
    if !future.is_empty() {
        warnings.push(format!(
            "{} lançamento(s) com data futura ignorado(s).",
            future.len()
        ));
    }
    Ok(ReadStatement {
        lines: dedup_keys(account_id, &kept),
        future: future.len(),
        balance: file
            .ledger_balance
            .zip(file.ledger_balance_date.or(file.end)),
        warnings,
    })
}

fn memo_of(t: &Transaction) -> String {
    let (d, m) = (t.description.trim(), t.memo.trim());
    if m.is_empty() || d == m {
        d.to_string()
    } else if d.is_empty() {
        m.to_string()
    } else {
        format!("{d} {m}")
    }
}

/// The keys of §4.1: the FITID when the file uses it once; a FITID the file repeats for different lines gets a
/// suffix hashed from date, amount and memo (and an ordinal among identical ones); a line without a FITID is
/// hash(account, date, amount, memo) + "#n", n its ordinal among identical lines of the file — two real
/// identical transfers both survive, and a re-import of the same file finds the same keys.
pub fn dedup_keys(account_id: &str, txs: &[&Transaction]) -> Vec<ReadLine> {
    let mut fitid_uses: HashMap<&str, usize> = HashMap::new();
    for t in txs {
        if !t.bank_id.trim().is_empty() {
            *fitid_uses.entry(t.bank_id.trim()).or_default() += 1;
        }
    }
    let mut seen: HashMap<String, usize> = HashMap::new();
    txs.iter()
        .map(|t| {
            let memo = memo_of(t);
            let fitid = t.bank_id.trim();
            let (date, amount) = (t.posted.to_string(), t.amount.to_string());
            let base = if fitid.is_empty() {
                format!("h:{}", stable_id(&[account_id, &date, &amount, &memo]))
            } else if fitid_uses[fitid] > 1 {
                format!("{fitid}~{}", &stable_id(&[&date, &amount, &memo])[..12])
            } else {
                fitid.to_string()
            };
            let n = seen.entry(base.clone()).or_default();
            *n += 1;
            // Every id-less line carries its ordinal; a FITID key only from its second identical use on.
            let key = if fitid.is_empty() || *n > 1 {
                format!("{base}#{n}")
            } else {
                base
            };
            ReadLine {
                key,
                fitid: fitid.to_string(),
                posted: t.posted,
                amount_cents: t.amount,
                memo,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tx(fitid: &str, day: u32, amount: i64, memo: &str) -> Transaction {
        Transaction {
            id: String::new(),
            bank_id: fitid.into(),
            kind: "CREDIT".into(),
            posted: NaiveDate::from_ymd_opt(2026, 3, day).unwrap(),
            amount,
            description: memo.into(),
            memo: memo.into(),
            check_number: String::new(),
        }
    }

    #[test]
    fn a_repeated_fitid_and_lines_without_one_keep_every_line_and_the_same_keys_again() {
        let lines = [
            tx("A1", 2, 100, "PIX"),
            tx("R", 3, 200, "TED X"),
            tx("R", 3, 300, "TED Y"),
            tx("", 4, 500, "DEP"),
            tx("", 4, 500, "DEP"),
        ];
        let refs: Vec<&Transaction> = lines.iter().collect();
        let keys: Vec<String> = dedup_keys("acc", &refs)
            .into_iter()
            .map(|l| l.key)
            .collect();
        assert_eq!(keys[0], "A1");
        assert!(keys[1].starts_with("R~") && keys[2].starts_with("R~") && keys[1] != keys[2]);
        assert!(keys[3].ends_with("#1") && keys[4].ends_with("#2"));
        assert_eq!(
            keys[3].trim_end_matches("#1"),
            keys[4].trim_end_matches("#2")
        );
        let again: Vec<String> = dedup_keys("acc", &refs)
            .into_iter()
            .map(|l| l.key)
            .collect();
        assert_eq!(keys, again);
    }
}
