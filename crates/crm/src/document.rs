//! A client's document: a CPF for a person, a CNPJ (numeric or alphanumeric) for a company.
//!
//! The check-digit arithmetic lives in `banking::document`; this module only picks the rule by kind and
//! words the refusal the way the client form shows it ("CPF inválido: dígito verificador não confere").

use banking::document::{validate_cnpj, validate_cpf, DocumentError};

use crate::model::ClientKind;

/// A validated document: the normalized characters and the punctuated form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidDocument {
    /// 11 digits (CPF) or 14 uppercase alphanumerics (CNPJ).
    pub normalized: String,
    /// `123.456.789-09` or `12.ABC.345/01DE-35`.
    pub formatted: String,
}

/// Validates `input` as the document of a client of `kind`.
pub fn validate(kind: ClientKind, input: &str) -> Result<ValidDocument, String> {
    let result = match kind {
        ClientKind::Person => validate_cpf(input).map(|c| (c.as_str().to_string(), c.formatted())),
        ClientKind::Company => {
            validate_cnpj(input).map(|c| (c.as_str().to_string(), c.formatted()))
        }
    };
    result
        .map(|(normalized, formatted)| ValidDocument {
            normalized,
            formatted,
        })
        .map_err(|e| message(kind, &e))
}

/// The punctuated form of a stored (already valid) document; falls back to the raw text.
pub fn format_stored(kind: ClientKind, normalized: &str) -> String {
    validate(kind, normalized)
        .map(|d| d.formatted)
        .unwrap_or_else(|_| normalized.to_string())
}

fn message(kind: ClientKind, err: &DocumentError) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn accepts_cpf_and_both_cnpj_formats() {
        let cpf = validate(ClientKind::Person, "123.456.789-09").unwrap();
        assert_eq!(
            (cpf.normalized.as_str(), cpf.formatted.as_str()),
            ("12345678909", "123.456.789-09")
        );
        let alnum = validate(ClientKind::Company, "12.abc.345/01de-35").unwrap();
        assert_eq!(
            (alnum.normalized.as_str(), alnum.formatted.as_str()),
            ("12ABC34501DE35", "12.ABC.345/01DE-35")
        );
        assert_eq!(
            validate(ClientKind::Company, "11222333000181")
                .unwrap()
                .formatted,
            "11.222.333/0001-81"
        );
    }

    #[test]
    fn refusals_name_the_document_and_the_reason() {
        assert_eq!(
            validate(ClientKind::Person, "123.456.789-00").unwrap_err(),
            "CPF inválido: dígito verificador não confere"
        );
        assert_eq!(
            validate(ClientKind::Company, "12.ABC.345/01DE-36").unwrap_err(),
            "CNPJ inválido: dígito verificador não confere"
        );
        assert!(validate(ClientKind::Person, "11222333000181")
            .unwrap_err()
            .starts_with("CPF inválido: deve ter 11"));
        assert!(validate(ClientKind::Person, "111.111.111-11")
            .unwrap_err()
            .contains("iguais"));
        assert!(validate(ClientKind::Person, "123.456.789-0x")
            .unwrap_err()
            .contains("'x'"));
    }

    proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,40}", company in any::<bool>()) {
            let kind = if company { ClientKind::Company } else { ClientKind::Person };
            if let Ok(d) = validate(kind, &s) {
                prop_assert_eq!(validate(kind, &d.formatted).unwrap(), d);
            }
        }
    }
}
