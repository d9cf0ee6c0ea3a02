//! PIX keys (chaves do DICT) checked and written as the PIX directory holds them: a CPF's 11 digits, a CNPJ's 14
//! characters (alphanumeric included), an e-mail in lower case (at most 77 characters), `+55` and the phone's DDD
//! and number, a random key's UUID in lower case. Finance (suppliers' keys) and the CRM (salespeople's payout
//! keys) both read keys through here; messages are Portuguese, for the person who typed the key.

use crate::document::{validate_cnpj, validate_cpf, DocumentError};

/// The longest e-mail the PIX directory takes as a key.
pub const MAX_EMAIL_KEY: usize = 77;

/// The kinds of PIX key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PixKeyType {
    Cpf,
    Cnpj,
    Email,
    Telefone,
    Aleatoria,
}

impl PixKeyType {
    pub const ALL: [PixKeyType; 5] = [
        PixKeyType::Cpf,
        PixKeyType::Cnpj,
        PixKeyType::Email,
        PixKeyType::Telefone,
        PixKeyType::Aleatoria,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PixKeyType::Cpf => "CPF",
            PixKeyType::Cnpj => "CNPJ",
            PixKeyType::Email => "EMAIL",
            PixKeyType::Telefone => "TELEFONE",
            PixKeyType::Aleatoria => "ALEATORIA",
        }
    }

    /// Case and surrounding spaces do not matter.
    pub fn parse(text: &str) -> Option<PixKeyType> {
        let text = text.trim().to_uppercase();
        PixKeyType::ALL.into_iter().find(|t| t.as_str() == text)
    }
}

/// A valid PIX key, normalized.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PixKey {
    pub key_type: PixKeyType,
    pub key: String,
}

impl PixKey {
    /// Checks `key` by the rules of `key_type`; the error says what is wrong with the key.
    pub fn new(key_type: PixKeyType, key: &str) -> Result<PixKey, String> {
        let key = key.trim();
        let normalized = match key_type {
            PixKeyType::Cpf => validate_cpf(key)
                .map(|c| c.as_str().to_string())
                .map_err(|e| format!("Chave PIX: {}.", explained(&e))),
            PixKeyType::Cnpj => validate_cnpj(key)
                .map(|c| c.as_str().to_string())
                .map_err(|e| format!("Chave PIX: {}.", explained(&e))),
            PixKeyType::Email => email_key(key),
            PixKeyType::Telefone => phone_key(key).ok_or_else(|| {
                "Chave PIX de telefone inválida: informe +55, DDD e número (ex.: +55 11 98765-4321)."
                    .to_string()
            }),
            PixKeyType::Aleatoria => random_key(key).ok_or_else(|| {
                "Chave aleatória inválida: são 32 caracteres hexadecimais em 5 grupos separados por hífen (8-4-4-4-12)."
                    .to_string()
            }),
        }?;
        Ok(PixKey {
            key_type,
            key: normalized,
        })
    }
}

/// "CPF inválido: dígito verificador não confere", as the forms show a refused document.
pub fn explained(err: &DocumentError) -> String {
    let (kind, detail) = match err {
        DocumentError::WrongCheckDigits { kind } => {
            (*kind, "dígito verificador não confere".to_string())
        }
        DocumentError::RepeatedDigits { kind } => (*kind, "todos os dígitos são iguais".to_string()),
        DocumentError::WrongLength {
            kind,
            expected,
            found,
        } => {
            let unit = if *kind == "CPF" { "dígitos" } else { "caracteres" };
            (
                *kind,
                format!("deve ter {expected} {unit} (encontrados {found})"),
            )
        }
        DocumentError::InvalidCharacter { kind, ch, position } => (
            *kind,
            format!(
                "caractere '{}' não permitido na posição {position}",
                ch.escape_default()
            ),
        ),
        DocumentError::UnknownKind { found } => {
            return format!(
                "CPF ou CNPJ inválido: informe 11 dígitos (CPF) ou 14 caracteres (CNPJ); encontrados {found}"
            )
        }
    };
    format!("{kind} inválido: {detail}")
}

/// `local@domain.tld`, no spaces, at most [`MAX_EMAIL_KEY`] characters; lower case.
fn email_key(key: &str) -> Result<String, String> {
    let shown: String = key.chars().take(80).collect();
    let invalid = || format!("Chave PIX: e-mail inválido: '{shown}'.");
    let (local, domain) = key.split_once('@').ok_or_else(invalid)?;
    let plausible = !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !key.chars().any(|c| c.is_whitespace() || c.is_control());
    if !plausible {
        return Err(invalid());
    }
    if key.chars().count() > MAX_EMAIL_KEY {
        return Err(format!(
            "A chave PIX de e-mail tem no máximo {MAX_EMAIL_KEY} caracteres."
        ));
    }
    Ok(key.to_lowercase())
}

/// A Brazilian phone (optional `+55`, punctuation allowed): `+55` and its 10 or 11 digits.
fn phone_key(key: &str) -> Option<String> {
    if !key
        .chars()
        .all(|c| c.is_ascii_digit() || " ()-.+".contains(c))
    {
        return None;
    }
    let mut digits: String = key.chars().filter(char::is_ascii_digit).collect();
    if key.starts_with('+') {
        digits = digits.strip_prefix("55")?.to_string();
    }
    let bytes = digits.as_bytes();
    let ddd_ok = bytes.len() >= 2 && bytes[0] != b'0' && bytes[1] != b'0';
    ((10..=11).contains(&digits.len()) && ddd_ok).then(|| format!("+55{digits}"))
}

/// A UUID written 8-4-4-4-12, in lower case.
fn random_key(key: &str) -> Option<String> {
    let groups: Vec<&str> = key.split('-').collect();
    let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    let hex = groups
        .iter()
        .all(|g| g.bytes().all(|b| b.is_ascii_hexdigit()));
    (lengths == [8, 4, 4, 4, 12] && hex).then(|| key.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn keys_are_written_as_the_directory_holds_them() {
        let key = |t, k: &str| PixKey::new(t, k).map(|p| p.key);
        assert_eq!(
            key(PixKeyType::Cpf, "529.982.247-25"),
            Ok("52998224725".into())
        );
        assert_eq!(
            key(PixKeyType::Email, " Ana@Exemplo.com.BR "),
            Ok("ana@exemplo.com.br".into())
        );
        assert_eq!(
            key(PixKeyType::Telefone, "+55 (11) 98765-4321"),
            Ok("+5511987654321".into())
        );
        assert_eq!(
            key(PixKeyType::Telefone, "11 98765-4321"),
            Ok("+5511987654321".into())
        );
        assert_eq!(
            key(
                PixKeyType::Aleatoria,
                "123E4567-E89B-12D3-A456-426614174000"
            ),
            Ok("123e4567-e89b-12d3-a456-426614174000".into())
        );
    }

    #[test]
    fn wrong_keys_say_what_is_wrong() {
        let err = |t, k: &str| PixKey::new(t, k).unwrap_err();
        assert!(err(PixKeyType::Cpf, "529.982.247-24").contains("dígito verificador"));
        assert!(err(PixKeyType::Telefone, "+1 212 555 0100").contains("+55"));
        assert!(err(PixKeyType::Email, "sem-arroba").contains("e-mail inválido"));
        assert!(err(PixKeyType::Email, &format!("{}@x.com", "a".repeat(80))).contains("77"));
        assert!(err(PixKeyType::Aleatoria, "123").contains("8-4-4-4-12"));
        assert_eq!(PixKeyType::parse(" email "), Some(PixKeyType::Email));
        assert_eq!(PixKeyType::parse("boleto"), None);
    }

    proptest! {
        /// Typed input never panics, and a key accepted once is accepted again as it was written.
        #[test]
        fn any_input_is_refused_or_normalized_for_good(t in 0usize..5, key in "\\PC{0,90}") {
            let key_type = PixKeyType::ALL[t];
            if let Ok(once) = PixKey::new(key_type, &key) {
                prop_assert_eq!(PixKey::new(key_type, &once.key), Ok(once.clone()));
            }
        }
    }
}
