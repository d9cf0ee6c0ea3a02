//! Values that several contexts take from people: an e-mail, a Brazilian phone, a postal address.
//!
//! Each is parsed once, where input enters (a request, a file), into a type that holds only valid values;
//! inside, the type is trusted. Reading back from storage, where only valid values were written, uses
//! `from_stored` and checks nothing again.

use crate::error::Violations;
use crate::text::{collapse_spaces, digits, truncate};

const MAX_EMAIL: usize = 254;
const MAX_ADDRESS_PART: usize = 200;

/// The 27 federative units.
pub const UFS: [&str; 27] = [
    "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR",
    "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
];

/// A plausible e-mail: one `@`, a local part, a dotted domain, no spaces; the domain lowercased.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Email(String);

impl Email {
    /// The message names the value, for the person who typed it.
    pub fn parse(input: &str) -> Result<Email, String> {
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
        Ok(Email(format!("{local}@{}", domain.to_lowercase())))
    }

    pub fn from_stored(stored: String) -> Email {
        Email(stored)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A Brazilian phone: DDD and number, 10 or 11 digits (digits only).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Phone(String);

impl Phone {
    /// Accepts punctuation and an optional `+55`.
    pub fn parse(input: &str) -> Result<Phone, String> {
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
                None => {
                    return Err("Telefone inválido: só são aceitos números do Brasil (+55).".into())
                }
            }
        }
        let ddd_ok = number.len() >= 2 && !number.starts_with('0') && number.as_bytes()[1] != b'0';
        if !(10..=11).contains(&number.len()) || !ddd_ok {
            return Err("Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.".into());
        }
        Ok(Phone(number))
    }

    pub fn from_stored(stored: String) -> Phone {
        Phone(stored)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A Brazilian postal address: `cep` 8 digits, `state` a UF; the other parts trimmed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Address {
    pub cep: String,
    pub street: String,
    #[serde(default)]
    pub number: String,
    #[serde(default)]
    pub complement: String,
    #[serde(default)]
    pub district: String,
    pub city: String,
    pub state: String,
}

impl Address {
    /// Checks and normalizes an address typed by a person; every broken rule is added to `v` under
    /// `field` (`address.cep`, `address.state`…).
    pub fn parse(input: &Address, field: &str, v: &mut Violations) -> Address {
        let cep = digits(&input.cep);
        let cep_chars_ok = input
            .cep
            .trim()
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '.');
        if cep.len() != 8 || !cep_chars_ok || cep == "00000000" {
            v.add(
                format!("{field}.cep"),
                "CEP inválido: informe 8 dígitos (ex.: 01310-100).",
            );
        }
        let state = input.state.trim().to_uppercase();
        if !UFS.contains(&state.as_str()) {
            v.add(
                format!("{field}.state"),
                format!(
                    "UF inválida '{}': use a sigla do estado (ex.: SP).",
                    truncate(&state, 10)
                ),
            );
        }
        let mut part = |text: &str, name: &str, required: bool| {
            address_part(text, &format!("{field}.{name}"), required, v)
        };
        Address {
            street: part(&input.street, "street", true),
            number: part(&input.number, "number", false),
            complement: part(&input.complement, "complement", false),
            district: part(&input.district, "district", false),
            city: part(&input.city, "city", true),
            cep,
            state,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn phones_accept_ddd_numbers_and_the_country_code() {
        assert_eq!(
            Phone::parse("(11) 98765-4321").unwrap().as_str(),
            "11987654321"
        );
        assert_eq!(
            Phone::parse("+55 21 3333-4444").unwrap().as_str(),
            "2133334444"
        );
        for bad in [
            "98765-4321",
            "+1 415 555 1234",
            "11 98765-432a",
            "(01) 98765-4321",
        ] {
            assert!(Phone::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn emails_must_be_plausible() {
        assert_eq!(
            Email::parse(" Ana@Exemplo.COM.br ").unwrap().as_str(),
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
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_address_names_its_bad_parts() {
        let mut v = Violations::new();
        let input = Address {
            cep: "123".into(),
            street: " Rua  A ".into(),
            number: String::new(),
            complement: String::new(),
            district: String::new(),
            city: String::new(),
            state: "xx".into(),
        };
        let parsed = Address::parse(&input, "address", &mut v);
        assert_eq!(parsed.street, "Rua A");
        let fields: Vec<String> = v
            .finish()
            .unwrap_err()
            .fields
            .into_iter()
            .map(|f| f.field)
            .collect();
        assert_eq!(fields, ["address.cep", "address.state", "address.city"]);
    }

    proptest! {
        #[test]
        fn a_parsed_phone_parses_to_itself(phone in "\\PC{0,20}") {
            if let Ok(p) = Phone::parse(&phone) {
                prop_assert!(p.as_str().len() == 10 || p.as_str().len() == 11);
                prop_assert_eq!(Phone::parse(p.as_str()).unwrap(), p);
            }
        }
    }
}
