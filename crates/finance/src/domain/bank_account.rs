//! The company's own bank accounts (contas bancárias): where receipts land and payments leave from. Only the banks
//! whose files `banking` writes and reads are offered. An account's bank, agência and conta identify it and do not
//! change (a wrong one is deactivated and created again); its nickname, opening balance and state do.

use banking::bank::Bank;
use chrono::NaiveDate;
use platform::error::{Result, Violations};
use platform::text::collapse_spaces;

pub const MAX_NICKNAME: usize = 60;
const MAX_AGENCY: usize = 5;
const MAX_ACCOUNT: usize = 12;

/// What a person typed for a new account, before validation.
#[derive(Debug, Clone, Default)]
pub struct BankAccountDraft {
    pub nickname: Option<String>,
    /// The COMPE code (`001`, `341`…).
    pub bank: Option<String>,
    pub agency: Option<String>,
    pub agency_digit: Option<String>,
    pub account: Option<String>,
    pub account_digit: Option<String>,
    /// Centavos; negative for an overdrawn account.
    pub opening_balance: Option<i64>,
    pub opening_date: Option<NaiveDate>,
}

/// What identifies an account at its bank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccountNumber {
    pub bank: Bank,
    pub agency: String,
    pub agency_digit: Option<String>,
    pub account: String,
    pub account_digit: String,
}

/// A valid account's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccountFields {
    pub nickname: String,
    pub number: BankAccountNumber,
    pub opening_balance: i64,
    pub opening_date: NaiveDate,
}

/// A stored account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccount {
    pub id: String,
    pub fields: BankAccountFields,
    pub active: bool,
    pub version: i64,
}

impl BankAccountDraft {
    /// An account with no agency digit, opened with a zero balance on `opening_date`
    /// (what demo data, benches and tests need).
    pub fn opened(
        nickname: &str,
        bank: &str,
        agency: &str,
        account: &str,
        account_digit: &str,
        opening_date: NaiveDate,
    ) -> BankAccountDraft {
        BankAccountDraft {
            nickname: Some(nickname.into()),
            bank: Some(bank.into()),
            agency: Some(agency.into()),
            agency_digit: None,
            account: Some(account.into()),
            account_digit: Some(account_digit.into()),
            opening_balance: Some(0),
            opening_date: Some(opening_date),
        }
    }

    pub fn validate(&self) -> Result<BankAccountFields> {
        let mut v = Violations::new();
        let nickname = nickname(self.nickname.as_deref(), &mut v);
        let bank = match self
            .bank
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => {
                v.add("bank", "Escolha o banco.");
                None
            }
            Some(code) => {
                let bank = Bank::from_code(code);
                if bank.is_none() {
                    v.add("bank", "Banco não atendido: escolha um dos bancos com arquivos de remessa e retorno.");
                }
                bank
            }
        };
        let agency = digits(
            "agency",
            self.agency.as_deref(),
            MAX_AGENCY,
            "agência",
            &mut v,
        );
        let agency_digit = check_digit("agency_digit", self.agency_digit.as_deref(), false, &mut v);
        let account = digits(
            "account",
            self.account.as_deref(),
            MAX_ACCOUNT,
            "conta",
            &mut v,
        );
        let account_digit =
            check_digit("account_digit", self.account_digit.as_deref(), true, &mut v);
        let opening_balance = self.opening_balance.unwrap_or(0);
        if self.opening_date.is_none() {
            v.add("opening_date", "Informe a data do saldo inicial.");
        }
        v.finish()?;
        Ok(BankAccountFields {
            nickname,
            number: BankAccountNumber {
                bank: bank.expect("checked"),
                agency,
                agency_digit,
                account,
                account_digit: account_digit.expect("checked"),
            },
            opening_balance,
            opening_date: self.opening_date.expect("checked"),
        })
    }
}

pub fn nickname(text: Option<&str>, v: &mut Violations) -> String {
    let nickname = collapse_spaces(text.unwrap_or(""));
    if nickname.is_empty() {
        v.add(
            "nickname",
            "Informe um apelido para a conta (ex.: Itaú Operacional).",
        );
    } else if nickname.chars().count() > MAX_NICKNAME {
        v.add(
            "nickname",
            format!("O apelido pode ter no máximo {MAX_NICKNAME} caracteres."),
        );
    }
    nickname
}

/// Digits only, leading zeros kept; up to `max`.
pub(crate) fn digits(
    field: &str,
    text: Option<&str>,
    max: usize,
    label: &str,
    v: &mut Violations,
) -> String {
    let value = text.unwrap_or("").trim().to_string();
    if value.is_empty() {
        v.add(field, format!("Informe a {label}."));
    } else if !value.bytes().all(|b| b.is_ascii_digit()) {
        v.add(
            field,
            format!("A {label} tem só números (o dígito vai no campo ao lado)."),
        );
    } else if value.len() > max {
        v.add(field, format!("A {label} tem no máximo {max} números."));
    }
    value
}

/// One digit or `X` (some banks' check digit).
pub(crate) fn check_digit(
    field: &str,
    text: Option<&str>,
    required: bool,
    v: &mut Violations,
) -> Option<String> {
    let value = text.unwrap_or("").trim().to_uppercase();
    if value.is_empty() {
        if required {
            v.add(field, "Informe o dígito da conta.");
        }
        return None;
    }
    if value.len() != 1 || !(value.as_bytes()[0].is_ascii_digit() || value == "X") {
        v.add(field, "O dígito é um número ou X.");
        return None;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> BankAccountDraft {
        BankAccountDraft {
            nickname: Some(" Itaú  Operacional ".into()),
            bank: Some("341".into()),
            agency: Some("0912".into()),
            agency_digit: None,
            account: Some("045678".into()),
            account_digit: Some("x".into()),
            opening_balance: Some(-1_500),
            opening_date: NaiveDate::from_ymd_opt(2026, 1, 1),
        }
    }

    #[test]
    fn a_valid_account_keeps_leading_zeros() {
        let fields = draft().validate().unwrap();
        assert_eq!(fields.nickname, "Itaú Operacional");
        assert_eq!(
            (fields.number.bank, fields.number.agency.as_str()),
            (Bank::Itau, "0912")
        );
        assert_eq!(
            (
                fields.number.account.as_str(),
                fields.number.account_digit.as_str()
            ),
            ("045678", "X")
        );
        assert_eq!(fields.opening_balance, -1_500);
    }

    #[test]
    fn every_broken_field_is_named() {
        let bad = BankAccountDraft {
            nickname: None,
            bank: Some("999".into()),
            agency: Some("12-3".into()),
            agency_digit: Some("12".into()),
            account: Some("".into()),
            account_digit: None,
            opening_balance: None,
            opening_date: None,
        };
        let fields: Vec<String> = bad
            .validate()
            .unwrap_err()
            .fields
            .into_iter()
            .map(|f| f.field)
            .collect();
        assert_eq!(
            fields,
            [
                "nickname",
                "bank",
                "agency",
                "agency_digit",
                "account",
                "account_digit",
                "opening_date"
            ]
        );
    }
}
