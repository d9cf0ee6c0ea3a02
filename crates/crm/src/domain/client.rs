//! A client of the company: a person (CPF) or a company (CNPJ, numeric or the alphanumeric format valid
//! from July 2026), with e-mails, phones, an address, a status and notes.

use banking::document::{validate_cnpj, validate_cpf, Document, DocumentError};
use chrono::{DateTime, NaiveDate, Utc};
use platform::error::{Result, Violations};
use platform::text::{collapse_spaces, truncate};
use platform::values::{Address, Email, Phone};

pub const MAX_NAME: usize = 200;
pub const MAX_NOTES: usize = 5000;
pub const MAX_EMAILS: usize = 10;
pub const MAX_PHONES: usize = 10;
pub const MAX_TAGS: usize = 20;
pub const MAX_TAG: usize = 30;

/// Person (CPF) or company (CNPJ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientKind {
    Person,
    Company,
}

impl ClientKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ClientKind::Person => "person",
            ClientKind::Company => "company",
        }
    }

    pub fn parse(s: &str) -> Option<ClientKind> {
        [ClientKind::Person, ClientKind::Company]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    /// "CPF" or "CNPJ", for messages.
    pub fn document_label(self) -> &'static str {
        match self {
            ClientKind::Person => "CPF",
            ClientKind::Company => "CNPJ",
        }
    }
}

/// Where a client stands. `archived` is reached only through the archive operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientStatus {
    Active,
    Inactive,
    Archived,
}

impl ClientStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ClientStatus::Active => "active",
            ClientStatus::Inactive => "inactive",
            ClientStatus::Archived => "archived",
        }
    }

    pub fn parse(s: &str) -> Option<ClientStatus> {
        [
            ClientStatus::Active,
            ClientStatus::Inactive,
            ClientStatus::Archived,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

/// What a person edits, validated: every field normalized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientFields {
    pub kind: ClientKind,
    pub document: Document,
    pub name: String,
    pub trade_name: Option<String>,
    pub emails: Vec<Email>,
    pub phones: Vec<Phone>,
    pub address: Option<Address>,
    pub status: ClientStatus,
    pub notes: Option<String>,
    /// The portfolio salesperson (an identity uid): a salesperson reaches their portfolio.
    pub owner_id: Option<String>,
    /// The unit (clinic) the client belongs to (`platform::units`).
    pub unit_id: Option<String>,
    /// Free labels, kept once each whatever the case (`vip`, `retorno`).
    pub tags: Vec<String>,
    /// Never to be contacted for sales (ends cadences; refuses enrollments).
    pub do_not_contact: bool,
    /// Used only to verify the client on a summary link.
    pub birth_date: Option<NaiveDate>,
}

/// A stored client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    pub id: String,
    pub fields: ClientFields,
    /// Bumped on every write, for optimistic concurrency.
    pub version: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// uid of the user who created the client.
    pub created_by: String,
    /// uid of the user who changed it last.
    pub updated_by: String,
}

/// The fields as typed, before validation (a new client, or a stored client with a patch applied).
/// `kind` and `status` are plain text, so that a wrong value is reported naming its field.
#[derive(Debug, Clone, Default)]
pub struct ClientDraft {
    pub kind: Option<String>,
    pub document: Option<String>,
    pub name: Option<String>,
    pub trade_name: Option<String>,
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub address: Option<Address>,
    pub status: Option<String>,
    pub notes: Option<String>,
    pub owner_id: Option<String>,
    pub unit_id: Option<String>,
    pub tags: Vec<String>,
    pub do_not_contact: bool,
    pub birth_date: Option<NaiveDate>,
}

/// Changes to a client: `None` leaves a field as it is; `Some(None)` clears an optional one.
#[derive(Debug, Clone, Default)]
pub struct ClientPatch {
    pub kind: Option<String>,
    pub document: Option<String>,
    pub name: Option<String>,
    pub trade_name: Option<Option<String>>,
    pub emails: Option<Vec<String>>,
    pub phones: Option<Vec<String>>,
    pub address: Option<Option<Address>>,
    pub status: Option<String>,
    pub notes: Option<Option<String>>,
    pub owner_id: Option<Option<String>>,
    pub unit_id: Option<Option<String>>,
    pub tags: Option<Vec<String>>,
    pub do_not_contact: Option<bool>,
    pub birth_date: Option<Option<NaiveDate>>,
}

impl ClientDraft {
    /// The stored fields with `patch` applied on top, to be validated as a whole again.
    pub fn patched(current: &ClientFields, patch: ClientPatch) -> ClientDraft {
        ClientDraft {
            kind: Some(patch.kind.unwrap_or_else(|| current.kind.as_str().into())),
            document: Some(
                patch
                    .document
                    .unwrap_or_else(|| current.document.as_str().into()),
            ),
            name: Some(patch.name.unwrap_or_else(|| current.name.clone())),
            trade_name: patch
                .trade_name
                .unwrap_or_else(|| current.trade_name.clone()),
            emails: patch
                .emails
                .unwrap_or_else(|| current.emails.iter().map(|e| e.as_str().into()).collect()),
            phones: patch
                .phones
                .unwrap_or_else(|| current.phones.iter().map(|p| p.as_str().into()).collect()),
            address: patch.address.unwrap_or_else(|| current.address.clone()),
            status: Some(
                patch
                    .status
                    .unwrap_or_else(|| current.status.as_str().into()),
            ),
            notes: patch.notes.unwrap_or_else(|| current.notes.clone()),
            owner_id: patch.owner_id.unwrap_or_else(|| current.owner_id.clone()),
            unit_id: patch.unit_id.unwrap_or_else(|| current.unit_id.clone()),
            tags: patch.tags.unwrap_or_else(|| current.tags.clone()),
            do_not_contact: patch.do_not_contact.unwrap_or(current.do_not_contact),
            birth_date: patch.birth_date.unwrap_or(current.birth_date),
        }
    }

    /// Checks and normalizes every field; the error names each offending one.
    pub fn validate(&self) -> Result<ClientFields> {
        let mut v = Violations::new();
        let kind = check_kind(self.kind.as_deref(), self.document.as_deref(), &mut v);
        let document = check_document(kind, self.document.as_deref(), &mut v);
        let name = check_name(self.name.as_deref(), &mut v);
        let trade_name = optional_text(self.trade_name.as_deref(), "trade_name", MAX_NAME, &mut v);
        let emails = parse_list(&self.emails, "emails", MAX_EMAILS, Email::parse, &mut v);
        let phones = parse_list(&self.phones, "phones", MAX_PHONES, Phone::parse, &mut v);
        let address = self
            .address
            .as_ref()
            .map(|a| Address::parse(a, "address", &mut v));
        let status = check_status(self.status.as_deref(), &mut v);
        let notes = optional_text(self.notes.as_deref(), "notes", MAX_NOTES, &mut v);
        let tags = check_tags(&self.tags, &mut v);
        if self
            .birth_date
            .is_some_and(|d| d < NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date"))
        {
            v.add("birth_date", "Data de nascimento inválida.");
        }
        v.finish()?;
        match (kind, document, name) {
            (Some(kind), Some(document), Some(name)) => Ok(ClientFields {
                kind,
                document,
                name,
                trade_name,
                emails,
                phones,
                address,
                status,
                notes,
                owner_id: blank_to_none(self.owner_id.as_deref()),
                unit_id: blank_to_none(self.unit_id.as_deref()),
                tags,
                do_not_contact: self.do_not_contact,
                birth_date: self.birth_date,
            }),
            // Each `None` above added a violation, so `finish` already returned.
            _ => unreachable!("a missing field without a violation"),
        }
    }
}

/// The kind as given or, when left out, as the document says: 11 digits are a CPF (a person), 14 characters a
/// CNPJ (a company, numeric or alphanumeric).
fn check_kind(
    kind: Option<&str>,
    document: Option<&str>,
    v: &mut Violations,
) -> Option<ClientKind> {
    match kind.map(str::trim) {
        None | Some("") => {
            let bare = platform::text::alphanumerics(document.unwrap_or(""));
            match bare.len() {
                11 if bare.chars().all(|c| c.is_ascii_digit()) => return Some(ClientKind::Person),
                14 => return Some(ClientKind::Company),
                // Without a document `document` is reported; with one of another length, say what it should be.
                0 => return None,
                _ => v.add(
                    "document",
                    "Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres).",
                ),
            }
        }
        Some(k) => match ClientKind::parse(k) {
            Some(kind) => return Some(kind),
            None => v.add(
                "kind",
                format!("Tipo de cliente inválido '{k}': use person ou company."),
            ),
        },
    }
    None
}

fn check_document(
    kind: Option<ClientKind>,
    input: Option<&str>,
    v: &mut Violations,
) -> Option<Document> {
    let Some(input) = input.map(str::trim).filter(|s| !s.is_empty()) else {
        v.add("document", "Informe o CPF ou CNPJ.");
        return None;
    };
    // Without a valid kind there is no rule to check the document against; `kind` is already reported.
    let kind = kind?;
    let parsed = match kind {
        ClientKind::Person => validate_cpf(input).map(Document::Cpf),
        ClientKind::Company => validate_cnpj(input).map(Document::Cnpj),
    };
    parsed
        .map_err(|e| v.add("document", document_message(kind, &e)))
        .ok()
}

/// "CPF inválido: dígito verificador não confere", as the client form shows it.
fn document_message(kind: ClientKind, err: &DocumentError) -> String {
    let label = kind.document_label();
    let detail = match err {
        DocumentError::WrongCheckDigits { .. } => "dígito verificador não confere".to_string(),
        DocumentError::RepeatedDigits { .. } => "todos os dígitos são iguais".to_string(),
        DocumentError::WrongLength {
            expected, found, ..
        } => {
            let unit = if kind == ClientKind::Person {
                "dígitos"
            } else {
                "caracteres"
            };
            format!("deve ter {expected} {unit} (encontrados {found})")
        }
        DocumentError::InvalidCharacter { ch, position, .. } => {
            format!("caractere '{ch}' não permitido na posição {position}")
        }
        DocumentError::UnknownKind { .. } => err.to_string(),
    };
    format!("{label} inválido: {detail}")
}

fn check_name(name: Option<&str>, v: &mut Violations) -> Option<String> {
    let name = collapse_spaces(name.unwrap_or(""));
    if name.is_empty() {
        v.add("name", "Informe o nome.");
        None
    } else if name.chars().count() > MAX_NAME {
        v.add(
            "name",
            format!("O nome pode ter no máximo {MAX_NAME} caracteres."),
        );
        None
    } else {
        Some(name)
    }
}

fn blank_to_none(text: Option<&str>) -> Option<String> {
    text.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(String::from)
}

/// Tags trimmed, blank ones dropped, each kept once whatever its case.
fn check_tags(tags: &[String], v: &mut Violations) -> Vec<String> {
    if tags.len() > MAX_TAGS {
        v.add("tags", format!("Informe no máximo {MAX_TAGS} etiquetas."));
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    for (i, tag) in tags.iter().enumerate() {
        let tag = collapse_spaces(tag);
        if tag.is_empty() {
            continue;
        }
        if tag.chars().count() > MAX_TAG || tag.contains('"') {
            v.add(
                format!("tags[{i}]"),
                format!("Etiqueta com até {MAX_TAG} caracteres, sem aspas."),
            );
        } else if !out.iter().any(|t| t.to_lowercase() == tag.to_lowercase()) {
            out.push(tag);
        }
    }
    out
}

/// Trimmed text, `None` when blank; too long is a violation.
fn optional_text(
    text: Option<&str>,
    field: &str,
    max: usize,
    v: &mut Violations,
) -> Option<String> {
    let text = text.map(str::trim).filter(|t| !t.is_empty())?;
    if text.chars().count() > max {
        v.add(field, format!("Pode ter no máximo {max} caracteres."));
        return None;
    }
    Some(text.to_string())
}

/// Parses each item of a list; blank items are dropped, repeated ones kept once.
fn parse_list<T: PartialEq>(
    items: &[String],
    field: &str,
    max: usize,
    parse: fn(&str) -> std::result::Result<T, String>,
    v: &mut Violations,
) -> Vec<T> {
    if items.len() > max {
        v.add(field, format!("Informe no máximo {max} itens."));
        return Vec::new();
    }
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if item.trim().is_empty() {
            continue;
        }
        match parse(item) {
            Ok(value) if !out.contains(&value) => out.push(value),
            Ok(_) => {}
            Err(message) => v.add(format!("{field}[{i}]"), message),
        }
    }
    out
}

/// `active` (the default) or `inactive`; `archived` only through the archive operation.
fn check_status(status: Option<&str>, v: &mut Violations) -> ClientStatus {
    match status.map(str::trim) {
        None | Some("") | Some("active") => ClientStatus::Active,
        Some("inactive") => ClientStatus::Inactive,
        Some("archived") => {
            v.add("status", "Para arquivar um cliente use a ação Arquivar.");
            ClientStatus::Active
        }
        Some(other) => {
            v.add(
                "status",
                format!(
                    "Situação inválida '{}': use active ou inactive.",
                    truncate(other, 20)
                ),
            );
            ClientStatus::Active
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fields(draft: &ClientDraft) -> Vec<String> {
        match draft.validate() {
            Ok(_) => vec![],
            Err(e) => e.fields.into_iter().map(|f| f.field).collect(),
        }
    }

    fn person() -> ClientDraft {
        ClientDraft {
            kind: Some("person".into()),
            document: Some("123.456.789-09".into()),
            name: Some("  Maria   da Silva ".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_minimal_person_is_valid_and_normalized() {
        let c = person().validate().unwrap();
        assert_eq!(
            (c.document.as_str(), c.name.as_str()),
            ("12345678909", "Maria da Silva")
        );
        assert_eq!(c.status, ClientStatus::Active);
    }

    #[test]
    fn every_broken_rule_is_named() {
        let draft = ClientDraft {
            kind: Some("company".into()),
            document: Some("123.456.789-09".into()),
            name: Some("x".repeat(MAX_NAME + 1)),
            emails: vec!["ok@x.com".into(), "nope".into()],
            phones: vec!["123".into()],
            address: Some(Address {
                cep: "123".into(),
                street: "Rua A".into(),
                number: String::new(),
                complement: String::new(),
                district: String::new(),
                city: "Santos".into(),
                state: "XX".into(),
            }),
            status: Some("archived".into()),
            notes: Some("n".repeat(MAX_NOTES + 1)),
            ..Default::default()
        };
        assert_eq!(
            fields(&draft),
            [
                "document",
                "name",
                "emails[1]",
                "phones[0]",
                "address.cep",
                "address.state",
                "status",
                "notes"
            ]
        );
        // Without a kind, the document says it; without either, the document is what is missing.
        assert_eq!(fields(&ClientDraft::default()), ["document", "name"]);
        assert_eq!(
            fields(&ClientDraft {
                kind: Some("alien".into()),
                ..person()
            }),
            ["kind"]
        );
    }

    #[test]
    fn the_kind_left_out_is_read_from_the_document() {
        let infer = |doc: &str| {
            ClientDraft {
                kind: None,
                document: Some(doc.into()),
                ..person()
            }
            .validate()
            .map(|c| c.kind)
            .map_err(|e| e.fields[0].field.clone())
        };
        assert_eq!(infer("529.982.247-25"), Ok(ClientKind::Person));
        assert_eq!(infer("11.222.333/0001-81"), Ok(ClientKind::Company));
        assert_eq!(infer("12.ABC.345/01DE-35"), Ok(ClientKind::Company));
        assert_eq!(infer("123"), Err("document".to_string()));
    }

    #[test]
    fn tags_are_trimmed_and_kept_once_whatever_the_case() {
        let draft = ClientDraft {
            tags: vec![" VIP ".into(), "vip".into(), "".into(), "retorno".into()],
            ..person()
        };
        assert_eq!(draft.validate().unwrap().tags, ["VIP", "retorno"]);
        let long = ClientDraft {
            tags: vec!["x".repeat(31)],
            ..person()
        };
        assert_eq!(fields(&long), ["tags[0]"]);
    }

    fn document(kind: &str, input: &str) -> std::result::Result<Document, String> {
        let draft = ClientDraft {
            kind: Some(kind.into()),
            document: Some(input.into()),
            ..person()
        };
        draft.validate().map(|c| c.document).map_err(|e| e.message)
    }

    #[test]
    fn accepts_cpf_and_both_cnpj_formats() {
        let cpf = document("person", "123.456.789-09").unwrap();
        assert_eq!(
            (cpf.as_str(), cpf.formatted().as_str()),
            ("12345678909", "123.456.789-09")
        );
        let alnum = document("company", "12.abc.345/01de-35").unwrap();
        assert_eq!(
            (alnum.as_str(), alnum.formatted().as_str()),
            ("12ABC34501DE35", "12.ABC.345/01DE-35")
        );
    }

    #[test]
    fn refusals_name_the_document_and_the_reason() {
        assert_eq!(
            document("person", "123.456.789-00").unwrap_err(),
            "CPF inválido: dígito verificador não confere"
        );
        assert_eq!(
            document("company", "12.ABC.345/01DE-36").unwrap_err(),
            "CNPJ inválido: dígito verificador não confere"
        );
        assert!(document("person", "11222333000181")
            .unwrap_err()
            .starts_with("CPF inválido: deve ter 11"));
        assert!(document("person", "111.111.111-11")
            .unwrap_err()
            .contains("iguais"));
        assert!(document("person", "123.456.789-0x")
            .unwrap_err()
            .contains("'x'"));
    }

    #[test]
    fn a_patch_changes_only_what_it_names() {
        let current = person().validate().unwrap();
        let patch = ClientPatch {
            notes: Some(Some("VIP".into())),
            trade_name: Some(None),
            ..Default::default()
        };
        let patched = ClientDraft::patched(&current, patch).validate().unwrap();
        assert_eq!(patched.notes.as_deref(), Some("VIP"));
        assert_eq!(patched.document, current.document);
    }

    proptest! {
        #[test]
        fn validation_never_panics(kind in "\\PC{0,10}", doc in "\\PC{0,20}", name in "\\PC{0,30}",
                                   email in "\\PC{0,30}", phone in "\\PC{0,20}", cep in "\\PC{0,10}") {
            let draft = ClientDraft {
                kind: Some(kind), document: Some(doc), name: Some(name),
                emails: vec![email], phones: vec![phone],
                address: Some(Address { cep, street: "R".into(), number: String::new(), complement: String::new(),
                    district: String::new(), city: "C".into(), state: "sp".into() }),
                ..Default::default()
            };
            let _ = draft.validate();
        }
    }
}
