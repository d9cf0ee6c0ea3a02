//! The rules a client must follow. Every broken rule is collected, so one 422 names every bad field.

use platform::error::{ApiResult, Violations};

use crate::document;
use crate::model::{ClientAddress, ClientDraft, ClientKind, ClientStatus, ValidClient};
use crate::normalize::digits;

pub const MAX_NAME: usize = 200;
pub const MAX_NOTES: usize = 5000;
pub const MAX_EMAILS: usize = 10;
pub const MAX_PHONES: usize = 10;
const MAX_EMAIL: usize = 254;
const MAX_ADDRESS_PART: usize = 200;

/// The 27 federative units.
pub const UFS: [&str; 27] = [
    "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR",
    "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
];

/// Checks and normalizes a draft; `Err` is the 422 naming every offending field.
pub fn validate(draft: &ClientDraft) -> ApiResult<ValidClient> {
    let mut v = Violations::new();
    let kind = check_kind(draft.kind.as_deref(), &mut v);
    let document = check_document(kind, draft.document.as_deref(), &mut v);
    let name = check_name(draft.name.as_deref(), &mut v);
    let trade_name = optional_text(draft.trade_name.as_deref(), "trade_name", MAX_NAME, &mut v);
    let emails = check_list(&draft.emails, "emails", MAX_EMAILS, normalize_email, &mut v);
    let phones = check_list(&draft.phones, "phones", MAX_PHONES, normalize_phone, &mut v);
    let address = draft.address.as_ref().map(|a| check_address(a, &mut v));
    let status = check_status(draft.status.as_deref(), &mut v);
    let notes = optional_text(draft.notes.as_deref(), "notes", MAX_NOTES, &mut v);
    v.finish()?;
    // Every `None` below added a violation, so `finish` already returned.
    Ok(ValidClient {
        kind: kind.unwrap_or(ClientKind::Person),
        document: document.unwrap_or_default(),
        name: name.unwrap_or_default(),
        trade_name,
        emails,
        phones,
        address,
        status,
        notes,
    })
}

fn check_kind(kind: Option<&str>, v: &mut Violations) -> Option<ClientKind> {
    match kind.map(str::trim) {
        None | Some("") => v.add(
            "kind",
            "Informe o tipo de cliente: pessoa física (person) ou jurídica (company).",
        ),
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
) -> Option<String> {
    let input = input.map(str::trim).filter(|s| !s.is_empty());
    let Some(input) = input else {
        v.add("document", "Informe o CPF ou CNPJ.");
        return None;
    };
    // Without a valid kind there is no rule to check the document against; `kind` is already reported.
    let kind = kind?;
    match document::validate(kind, input) {
        Ok(doc) => Some(doc.normalized),
        Err(message) => {
            v.add("document", message);
            None
        }
    }
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

/// Normalizes each item of a list; blank items are dropped, repeated ones kept once.
fn check_list(
    items: &[String],
    field: &str,
    max: usize,
    normalize: fn(&str) -> Result<String, String>,
    v: &mut Violations,
) -> Vec<String> {
    if items.len() > max {
        v.add(field, format!("Informe no máximo {max} itens."));
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if item.trim().is_empty() {
            continue;
        }
        match normalize(item) {
            Ok(value) if !out.contains(&value) => out.push(value),
            Ok(_) => {}
            Err(message) => v.add(format!("{field}[{i}]"), message),
        }
    }
    out
}

/// A plausible e-mail: one `@`, a local part, a dotted domain, no spaces.
pub fn normalize_email(input: &str) -> Result<String, String> {
    let email = input.trim();
    let invalid = || Err(format!("E-mail inválido: '{}'.", truncate(email, 80)));
    if email.len() > MAX_EMAIL || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return invalid();
    }
    let Some((local, domain)) = email.split_once('@') else {
        return invalid();
    };
    let domain_ok = domain.contains('.')
        && !domain.contains('@')
        && domain
            .split('.')
            .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'));
    if local.is_empty() || local.len() > 64 || !domain_ok {
        return invalid();
    }
    Ok(format!("{local}@{}", domain.to_lowercase()))
}

/// A Brazilian phone: DDD and number, 10 or 11 digits, optionally after `+55`; punctuation is dropped.
pub fn normalize_phone(input: &str) -> Result<String, String> {
    let text = input.trim();
    if !text
        .chars()
        .all(|c| c.is_ascii_digit() || " ()-.+".contains(c))
    {
        return Err(
            "Telefone inválido: use apenas números, com DDD (ex.: (11) 98765-4321).".into(),
        );
    }
    let mut number = digits(text);
    if text.starts_with('+') {
        match number.strip_prefix("55") {
            Some(rest) => number = rest.to_string(),
            None => return Err("Telefone inválido: só são aceitos números do Brasil (+55).".into()),
        }
    }
    let ddd_ok = number.len() >= 2 && !number.starts_with('0') && number.as_bytes()[1] != b'0';
    if !(10..=11).contains(&number.len()) || !ddd_ok {
        return Err("Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.".into());
    }
    Ok(number)
}

fn check_address(address: &ClientAddress, v: &mut Violations) -> ClientAddress {
    let cep = digits(&address.cep);
    let cep_chars_ok = address
        .cep
        .trim()
        .chars()
        .all(|c| c.is_ascii_digit() || c == '-' || c == '.');
    if cep.len() != 8 || !cep_chars_ok || cep == "00000000" {
        v.add(
            "address.cep",
            "CEP inválido: informe 8 dígitos (ex.: 01310-100).",
        );
    }
    let state = address.state.trim().to_uppercase();
    if !UFS.contains(&state.as_str()) {
        v.add(
            "address.state",
            format!(
                "UF inválida '{}': use a sigla do estado (ex.: SP).",
                truncate(&state, 10)
            ),
        );
    }
    ClientAddress {
        cep,
        street: address_part(&address.street, "address.street", true, v),
        number: address_part(&address.number, "address.number", false, v),
        complement: address_part(&address.complement, "address.complement", false, v),
        district: address_part(&address.district, "address.district", false, v),
        city: address_part(&address.city, "address.city", true, v),
        state,
    }
}

fn address_part(text: &str, field: &str, required: bool, v: &mut Violations) -> String {
    let text = collapse_spaces(text);
    if required && text.is_empty() {
        v.add(field, "Campo obrigatório do endereço.");
    } else if text.chars().count() > MAX_ADDRESS_PART {
        v.add(
            field,
            format!("Pode ter no máximo {MAX_ADDRESS_PART} caracteres."),
        );
    }
    text
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

fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn truncate(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fields(draft: &ClientDraft) -> Vec<String> {
        match validate(draft) {
            Ok(_) => vec![],
            Err(e) => e.body().fields.iter().map(|f| f.field.clone()).collect(),
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
        let c = validate(&person()).unwrap();
        assert_eq!(
            (c.document.as_str(), c.name.as_str()),
            ("12345678909", "Maria da Silva")
        );
        assert_eq!(c.status, ClientStatus::Active);
    }

    #[test]
    fn phones_accept_ddd_numbers_and_the_country_code() {
        assert_eq!(normalize_phone("(11) 98765-4321").unwrap(), "11987654321");
        assert_eq!(normalize_phone("+55 21 3333-4444").unwrap(), "2133334444");
        assert!(normalize_phone("98765-4321").is_err());
        assert!(normalize_phone("+1 415 555 1234").is_err());
        assert!(normalize_phone("11 98765-432a").is_err());
        assert!(normalize_phone("(01) 98765-4321").is_err());
    }

    #[test]
    fn emails_must_be_plausible() {
        assert_eq!(
            normalize_email(" Ana@Exemplo.COM.br ").unwrap(),
            "Ana@exemplo.com.br"
        );
        for bad in [
            "ana",
            "ana@",
            "@x.com",
            "ana@x",
            "ana@@x.com",
            "a na@x.com",
            "ana@x..com",
        ] {
            assert!(normalize_email(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_broken_rule_is_named() {
        let draft = ClientDraft {
            kind: Some("company".into()),
            document: Some("123.456.789-09".into()),
            name: Some("x".repeat(MAX_NAME + 1)),
            emails: vec!["ok@x.com".into(), "nope".into()],
            phones: vec!["123".into()],
            address: Some(ClientAddress {
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
        assert_eq!(
            fields(&ClientDraft::default()),
            ["kind", "document", "name"]
        );
        assert_eq!(
            fields(&ClientDraft {
                kind: Some("alien".into()),
                ..person()
            }),
            ["kind"]
        );
    }

    proptest! {
        #[test]
        fn validation_never_panics(kind in "\\PC{0,10}", doc in "\\PC{0,20}", name in "\\PC{0,30}",
                                   email in "\\PC{0,30}", phone in "\\PC{0,20}", cep in "\\PC{0,10}") {
            let draft = ClientDraft {
                kind: Some(kind), document: Some(doc), name: Some(name),
                emails: vec![email], phones: vec![phone.clone()],
                address: Some(ClientAddress { cep, street: "R".into(), number: String::new(), complement: String::new(),
                    district: String::new(), city: "C".into(), state: "sp".into() }),
                ..Default::default()
            };
            let _ = validate(&draft);
            if let Ok(p) = normalize_phone(&phone) {
                prop_assert!(p.len() == 10 || p.len() == 11);
                prop_assert_eq!(normalize_phone(&p).unwrap(), p);
            }
        }
    }
}
