//! The proposal summary link (`/resumo-temporario`, sales-crm-commissions.md §2): what a salesperson sends the
//! client. Its rules in plain Rust:
//! - the token: 32 bytes from the OS CSPRNG, base64url; only its SHA-256 is stored;
//! - the lifetime: 1 to 720 hours (72 by default); an edited or cancelled sale revokes its links;
//! - the verification: on by default when an item is a procedure (health data is sensitive under LGPD); the
//!   client types the birth date or the document's last 4 digits; 5 wrong answers lock the link. The answers
//!   are stored only as SHA-256 of token + answer, so the table alone reveals neither;
//! - the summary: a snapshot taken at creation that never holds a full document, address, e-mail, phone,
//!   note, margin or commission (the types below have no place for them).

use chrono::{DateTime, Duration, NaiveDate, Utc};
use platform::error::{Result, Violations};
use serde::{Deserialize, Serialize};

use super::catalog::CatalogKind;
use super::sale::Sale;

/// The token's random bytes (256 bits).
pub const TOKEN_BYTES: usize = 32;
pub const DEFAULT_HOURS: i64 = 72;
pub const MAX_HOURS: i64 = 720;
/// Wrong answers that lock a link.
pub const MAX_WRONG_ANSWERS: i64 = 5;

/// The message of an expired or revoked link (the brief's words).
pub const EXPIRED: &str = "Este link expirou. Peça um novo ao seu consultor.";
pub const LOCKED: &str =
    "Este link foi bloqueado depois de 5 respostas incorretas. Peça um novo ao seu consultor.";

/// A link as asked for.
#[derive(Debug, Clone, Default)]
pub struct LinkDraft {
    pub expires_in_hours: Option<i64>,
    /// `None`: on when an item is a procedure.
    pub require_verification: Option<bool>,
}

/// A link's checked terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkTerms {
    pub expires_at: DateTime<Utc>,
    pub require_verification: bool,
}

impl LinkDraft {
    pub fn validate(&self, sale: &Sale, now: DateTime<Utc>) -> Result<LinkTerms> {
        let mut v = Violations::new();
        let hours = self.expires_in_hours.unwrap_or(DEFAULT_HOURS);
        if !(1..=MAX_HOURS).contains(&hours) {
            v.add(
                "expires_in_hours",
                format!("A validade deve ser de 1 a {MAX_HOURS} horas (30 dias)."),
            );
        }
        v.finish()?;
        let has_procedure = sale
            .fields
            .lines
            .iter()
            .any(|l| l.kind == CatalogKind::Procedure);
        Ok(LinkTerms {
            expires_at: now + Duration::hours(hours),
            require_verification: self.require_verification.unwrap_or(has_procedure),
        })
    }
}

/// What the client may type to prove who they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerKind {
    BirthDate,
    /// The last 4 digits of the CPF (or CNPJ).
    DocumentEnd,
}

/// An answer as the client typed it, in the one form it is hashed in: `AAAA-MM-DD` for a birth date typed as
/// `dd/mm/aaaa` (or ISO), the 4 digits for a document's end. `None`: it cannot be either.
pub fn normalize_answer(kind: AnswerKind, typed: &str) -> Option<String> {
    let typed = typed.trim();
    match kind {
        AnswerKind::BirthDate => NaiveDate::parse_from_str(typed, "%d/%m/%Y")
            .or_else(|_| NaiveDate::parse_from_str(typed, "%Y-%m-%d"))
            .ok()
            .map(|d| d.format("%Y-%m-%d").to_string()),
        AnswerKind::DocumentEnd => {
            let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
            (digits.len() == 4 && typed.chars().all(|c| c.is_ascii_digit() || c == ' '))
                .then_some(digits)
        }
    }
}

/// The stored form of an answer: SHA-256 of the token and the normalised answer.
pub fn answer_hash(token: &str, kind: AnswerKind, normalized: &str) -> String {
    let tag = match kind {
        AnswerKind::BirthDate => "nascimento",
        AnswerKind::DocumentEnd => "documento",
    };
    platform::secret::digest(&format!("{token}|{tag}|{normalized}"))
}

/// The document's last 4 digits (a CPF's or CNPJ's check digits included).
pub fn document_end(document_digits: &str) -> Option<String> {
    let digits: Vec<char> = document_digits
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    (digits.len() >= 4).then(|| digits[digits.len() - 4..].iter().collect())
}

/// The first word of a name: all a public page shows of a person.
pub fn first_name(name: &str) -> String {
    name.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Where a link stands at `now`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    Active,
    Expired,
    Revoked,
    Locked,
}

impl LinkState {
    pub fn as_str(self) -> &'static str {
        match self {
            LinkState::Active => "ativo",
            LinkState::Expired => "expirado",
            LinkState::Revoked => "revogado",
            LinkState::Locked => "bloqueado",
        }
    }

    pub fn of(
        expires_at: DateTime<Utc>,
        revoked: bool,
        wrong_answers: i64,
        now: DateTime<Utc>,
    ) -> LinkState {
        if revoked {
            LinkState::Revoked
        } else if wrong_answers >= MAX_WRONG_ANSWERS {
            LinkState::Locked
        } else if now >= expires_at {
            LinkState::Expired
        } else {
            LinkState::Active
        }
    }

    /// What a public read of a link in this state is told (410), `None` when it is active.
    pub fn gone(self) -> Option<&'static str> {
        match self {
            LinkState::Active => None,
            LinkState::Locked => Some(LOCKED),
            LinkState::Expired | LinkState::Revoked => Some(EXPIRED),
        }
    }
}

/// Why a link was revoked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revocation {
    /// The sale was edited: the snapshot no longer matches it.
    Edited,
    /// The sale was cancelled.
    Cancelled,
    /// The proposal was discarded.
    Discarded,
    /// By hand, on the sale's page.
    ByHand,
}

impl Revocation {
    pub fn as_str(self) -> &'static str {
        match self {
            Revocation::Edited => "venda_editada",
            Revocation::Cancelled => "venda_cancelada",
            Revocation::Discarded => "venda_descartada",
            Revocation::ByHand => "revogado",
        }
    }
}

/// One item as the client sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryItem {
    pub name: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub discount_bp: i64,
    pub discount: i64,
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryInstallment {
    pub due_date: NaiveDate,
    pub amount: i64,
}

/// The snapshot taken at creation: only what the client may see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub company_name: String,
    pub sale_number: String,
    pub client_first_name: String,
    pub items: Vec<SummaryItem>,
    pub list_total: i64,
    pub discount_total: i64,
    pub total: i64,
    /// `boleto`, `pix` or `cartao`.
    pub payment_method: String,
    pub card_installments: i64,
    pub installments: Vec<SummaryInstallment>,
    pub salesperson_first_name: String,
    /// The salesperson's WhatsApp number, digits with the country code (`5511987654321`).
    pub salesperson_whatsapp: Option<String>,
}

impl Summary {
    /// The sale as the client sees it.
    pub fn of(
        sale: &Sale,
        company_name: &str,
        salesperson_name: &str,
        salesperson_whatsapp: Option<&str>,
    ) -> Summary {
        let f = &sale.fields;
        Summary {
            company_name: company_name.to_string(),
            sale_number: sale.number.clone(),
            client_first_name: first_name(&sale.client_name),
            items: f
                .lines
                .iter()
                .map(|l| SummaryItem {
                    name: l.description.clone(),
                    quantity: l.quantity,
                    unit_price: l.unit_price,
                    discount_bp: l.discount_bp,
                    discount: l.discount,
                    total: l.total,
                })
                .collect(),
            list_total: f.list_total,
            discount_total: f.discount_total,
            total: f.total,
            payment_method: f.plan.method.as_str().to_string(),
            card_installments: f.plan.card_installments,
            installments: f
                .plan
                .installments
                .iter()
                .map(|i| SummaryInstallment {
                    due_date: i.due_date,
                    amount: i.amount,
                })
                .collect(),
            salesperson_first_name: first_name(salesperson_name),
            salesperson_whatsapp: salesperson_whatsapp
                .map(|w| w.chars().filter(char::is_ascii_digit).collect::<String>())
                .filter(|w| w.len() >= 10),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// What the public page sends is anyone's text: reading it never panics, and what passes is in the one
        /// form that is hashed.
        #[test]
        fn any_typed_answer_is_read_without_panicking(typed in "\\PC{0,24}") {
            if let Some(end) = normalize_answer(AnswerKind::DocumentEnd, &typed) {
                prop_assert!(end.len() == 4 && end.bytes().all(|b| b.is_ascii_digit()));
            }
            if let Some(day) = normalize_answer(AnswerKind::BirthDate, &typed) {
                prop_assert!(NaiveDate::parse_from_str(&day, "%Y-%m-%d").is_ok());
            }
            let _ = document_end(&typed);
            let _ = first_name(&typed);
        }
    }

    #[test]
    fn a_birth_date_is_read_in_the_brazilian_or_iso_form() {
        let kind = AnswerKind::BirthDate;
        assert_eq!(
            normalize_answer(kind, " 07/03/1985 ").as_deref(),
            Some("1985-03-07")
        );
        assert_eq!(
            normalize_answer(kind, "1985-03-07").as_deref(),
            Some("1985-03-07")
        );
        assert_eq!(normalize_answer(kind, "31/02/1985"), None);
        assert_eq!(normalize_answer(kind, "ontem"), None);
    }

    #[test]
    fn a_document_end_is_exactly_four_digits() {
        let kind = AnswerKind::DocumentEnd;
        assert_eq!(normalize_answer(kind, "0199").as_deref(), Some("0199"));
        assert_eq!(normalize_answer(kind, "019"), None);
        assert_eq!(normalize_answer(kind, "01999"), None);
        assert_eq!(normalize_answer(kind, "01a9"), None);
        assert_eq!(
            document_end("529.982.247-25").as_deref(),
            Some("4725"),
            "the CPF's last 4, check digits included"
        );
    }

    #[test]
    fn answers_hash_with_the_token_so_one_answer_differs_per_link() {
        let kind = AnswerKind::DocumentEnd;
        assert_eq!(
            answer_hash("t1", kind, "4725"),
            answer_hash("t1", kind, "4725")
        );
        assert_ne!(
            answer_hash("t1", kind, "4725"),
            answer_hash("t2", kind, "4725")
        );
        assert_ne!(
            answer_hash("t1", kind, "4725"),
            answer_hash("t1", AnswerKind::BirthDate, "4725")
        );
    }

    #[test]
    fn a_link_expires_at_its_hour_and_locks_at_the_fifth_wrong_answer() {
        let created = DateTime::parse_from_rfc3339("2026-12-08T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let expires = created + Duration::hours(72);
        let at = |h: i64| created + Duration::hours(h);
        assert_eq!(LinkState::of(expires, false, 0, at(71)), LinkState::Active);
        assert_eq!(LinkState::of(expires, false, 0, at(73)), LinkState::Expired);
        assert_eq!(LinkState::of(expires, false, 4, at(1)), LinkState::Active);
        assert_eq!(LinkState::of(expires, false, 5, at(1)), LinkState::Locked);
        assert_eq!(LinkState::of(expires, true, 0, at(1)), LinkState::Revoked);
        assert_eq!(LinkState::Expired.gone(), Some(EXPIRED));
        assert_eq!(LinkState::Locked.gone(), Some(LOCKED));
        assert_eq!(LinkState::Active.gone(), None);
    }

    #[test]
    fn only_the_first_name_is_shown() {
        assert_eq!(first_name("  Maria da Silva Souza"), "Maria");
        assert_eq!(first_name(""), "");
    }
}
