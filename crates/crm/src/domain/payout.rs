//! Where a salesperson's commissions are paid: a PIX key, or a bank account in their name. Read by the person,
//! finance and administration only (the service decides); written by the person or an administrator.

use banking::pix_key::{PixKey, PixKeyType};
use platform::error::{Error, Result, Violations};

/// The kinds of account a payout goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountKind {
    Corrente,
    Poupanca,
}

impl AccountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Corrente => "corrente",
            AccountKind::Poupanca => "poupanca",
        }
    }

    pub fn parse(s: &str) -> Option<AccountKind> {
        [AccountKind::Corrente, AccountKind::Poupanca]
            .into_iter()
            .find(|k| k.as_str() == s.trim().to_lowercase())
    }
}

/// A bank account: the bank's COMPE code, agency and account digits, the account's check digit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutAccount {
    pub bank: String,
    pub agency: String,
    pub account: String,
    pub account_digit: String,
    pub kind: AccountKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payout {
    Pix(PixKey),
    Account(PayoutAccount),
}

/// The payout as typed: `method` `pix` (with the key) or `conta` (with the account).
#[derive(Debug, Clone, Default)]
pub struct PayoutDraft {
    pub method: String,
    pub pix_key_type: Option<String>,
    pub pix_key: Option<String>,
    pub bank: Option<String>,
    pub agency: Option<String>,
    pub account: Option<String>,
    pub account_digit: Option<String>,
    pub account_type: Option<String>,
}

const MAX_AGENCY: usize = 5;
const MAX_ACCOUNT: usize = 12;

fn text(t: &Option<String>) -> &str {
    t.as_deref().map(str::trim).unwrap_or("")
}

/// Digits only, 1 to `max` of them; the message names the field as the screen does.
fn digits(field: &str, value: &str, max: usize, label: &str, v: &mut Violations) -> String {
    if value.is_empty() {
        v.add(field, format!("Informe {label}."));
    } else if !value.bytes().all(|b| b.is_ascii_digit()) || value.len() > max {
        v.add(field, format!("{label}: até {max} números, sem o dígito."));
    }
    value.to_string()
}

impl PayoutDraft {
    pub fn validate(&self) -> Result<Payout> {
        let mut v = Violations::new();
        match self.method.trim() {
            "pix" => {
                let key_type = PixKeyType::parse(text(&self.pix_key_type));
                if key_type.is_none() {
                    v.add(
                        "pix_key_type",
                        "Tipo de chave PIX inválido: use CPF, CNPJ, EMAIL, TELEFONE ou ALEATORIA.",
                    );
                }
                let key = match (key_type, text(&self.pix_key)) {
                    (_, "") => {
                        v.add("pix_key", "Informe a chave PIX.");
                        None
                    }
                    (None, _) => None,
                    (Some(t), key) => PixKey::new(t, key).map_err(|m| v.add("pix_key", m)).ok(),
                };
                v.finish()?;
                Ok(Payout::Pix(
                    key.expect("a key once the violations are none"),
                ))
            }
            "conta" => {
                let bank = text(&self.bank).to_string();
                if bank.len() != 3 || !bank.bytes().all(|b| b.is_ascii_digit()) {
                    v.add(
                        "bank",
                        "O banco é o código COMPE de 3 dígitos (ex.: 001, 341).",
                    );
                }
                let agency = digits(
                    "agency",
                    text(&self.agency),
                    MAX_AGENCY,
                    "a agência",
                    &mut v,
                );
                let account = digits(
                    "account",
                    text(&self.account),
                    MAX_ACCOUNT,
                    "a conta",
                    &mut v,
                );
                let account_digit = text(&self.account_digit).to_uppercase();
                let digit_ok = account_digit.len() == 1
                    && (account_digit.as_bytes()[0].is_ascii_digit() || account_digit == "X");
                if !digit_ok {
                    v.add("account_digit", "O dígito da conta é um número ou X.");
                }
                let kind = AccountKind::parse(text(&self.account_type));
                if kind.is_none() {
                    v.add(
                        "account_type",
                        "Tipo de conta inválido: use corrente ou poupanca.",
                    );
                }
                v.finish()?;
                Ok(Payout::Account(PayoutAccount {
                    bank,
                    agency,
                    account,
                    account_digit,
                    kind: kind.unwrap_or(AccountKind::Corrente),
                }))
            }
            _ => Err(Error::invalid_field(
                "method",
                "Forma de recebimento inválida: use pix ou conta.",
            )),
        }
    }
}

impl Payout {
    /// What the history keeps: the kind and the last characters only, never the whole key or account.
    pub fn masked(&self) -> String {
        let tail = |s: &str| {
            let n = s.chars().count();
            let shown: String = s.chars().skip(n.saturating_sub(4)).collect();
            format!("…{shown}")
        };
        match self {
            Payout::Pix(k) => format!("PIX {} {}", k.key_type.as_str(), tail(&k.key)),
            Payout::Account(a) => format!(
                "banco {} agência {} conta {}-{} ({})",
                a.bank,
                a.agency,
                tail(&a.account),
                a.account_digit,
                a.kind.as_str()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(draft: PayoutDraft) -> Vec<String> {
        draft
            .validate()
            .unwrap_err()
            .fields
            .into_iter()
            .map(|f| f.field)
            .collect()
    }

    #[test]
    fn a_pix_key_is_checked_by_its_type_and_kept_normalized() {
        let draft = PayoutDraft {
            method: "pix".into(),
            pix_key_type: Some("cpf".into()),
            pix_key: Some("529.982.247-25".into()),
            ..PayoutDraft::default()
        };
        let Payout::Pix(key) = draft.validate().unwrap() else {
            panic!("a PIX payout")
        };
        assert_eq!(key.key, "52998224725");
        let bad = PayoutDraft {
            pix_key: Some("529.982.247-24".into()),
            ..draft
        };
        assert_eq!(fields(bad), ["pix_key"]);
    }

    #[test]
    fn an_account_names_every_wrong_field_and_the_history_sees_only_its_tail() {
        let bad = PayoutDraft {
            method: "conta".into(),
            bank: Some("34".into()),
            agency: Some("09a2".into()),
            account: Some("".into()),
            account_digit: Some("10".into()),
            account_type: Some("salario".into()),
            ..PayoutDraft::default()
        };
        assert_eq!(
            fields(bad),
            ["bank", "agency", "account", "account_digit", "account_type"]
        );
        let ok = PayoutDraft {
            method: "conta".into(),
            bank: Some("341".into()),
            agency: Some("0912".into()),
            account: Some("4567812".into()),
            account_digit: Some("x".into()),
            account_type: Some("Poupanca".into()),
            ..PayoutDraft::default()
        };
        let payout = ok.validate().unwrap();
        assert_eq!(
            payout.masked(),
            "banco 341 agência 0912 conta …7812-X (poupanca)"
        );
        assert_eq!(fields(PayoutDraft::default()), ["method"]);
    }
}
