//! What a statement memo says, read as tokens: references (nosso número, título or NF number), full CPF/CNPJ and
//! masked CPFs. Tokens are hashed on the fly from a stack buffer, so reading a memo allocates nothing.

use banking::document::{validate_cnpj, validate_cpf};

/// A reference shorter than this is not looked up: short numbers (days, "PIX", agency codes) are everywhere in
/// memos and would pair lines with the wrong targets.
pub(crate) const MIN_REFERENCE_LEN: usize = 4;
/// The longest token kept (an NF-e key has 44 digits); longer runs are not references.
const MAX_TOKEN: usize = 48;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    Reference(u64),
    Document(u64),
    /// A masked CPF (`***.456.789-**`): its six visible digits.
    MaskedCpf(u32),
}

/// Calls `f` for every token of `text`.
pub(crate) fn for_each(text: &str, mut f: impl FnMut(Token)) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        while i < bytes.len() && !is_token_byte(bytes[i]) {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && is_token_byte(bytes[i]) {
            i += 1;
        }
        if i > start {
            classify(&bytes[start..i], &mut f);
        }
    }
}

/// Punctuation inside a token (`00012345-6`, `12.345.678/0001-95`, `CP-2026-000123`) is part of it.
fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'/' | b'*')
}

fn classify(chunk: &[u8], f: &mut impl FnMut(Token)) {
    let mut buf = [0u8; MAX_TOKEN];
    let Some(len) = normalize(chunk, &mut buf) else {
        return;
    };
    let token = &buf[..len];
    if token.contains(&b'*') {
        if let Some(six) = masked_cpf(token) {
            f(Token::MaskedCpf(six));
        }
        return;
    }
    if is_valid_document(token) {
        f(Token::Document(hash(token)));
    }
    // A valid CPF is also looked up as a reference: an 11-digit nosso número passes the CPF check 1 time in 100.
    if let Some(key) = reference_of(token) {
        f(Token::Reference(key));
    }
}

/// Keeps letters (upper-cased), digits and `*`; `None` when the token is longer than any reference.
fn normalize(chunk: &[u8], buf: &mut [u8; MAX_TOKEN]) -> Option<usize> {
    let mut len = 0;
    for &b in chunk {
        if b.is_ascii_alphanumeric() || b == b'*' {
            if len == MAX_TOKEN {
                return None;
            }
            buf[len] = b.to_ascii_uppercase();
            len += 1;
        }
    }
    Some(len)
}

/// A reference's key: leading zeros dropped from all-digit tokens (`00012345-6` and `12345-6` are the same nosso
/// número), at least one digit (words are not references) and [`MIN_REFERENCE_LEN`] characters.
fn reference_of(token: &[u8]) -> Option<u64> {
    if !token.iter().any(u8::is_ascii_digit) {
        return None;
    }
    let token = if token.iter().all(u8::is_ascii_digit) {
        let zeros = token.iter().take_while(|&&b| b == b'0').count();
        &token[zeros..]
    } else {
        token
    };
    (token.len() >= MIN_REFERENCE_LEN).then(|| hash(token))
}

fn is_valid_document(token: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(token) else {
        return false;
    };
    match token.len() {
        11 => validate_cpf(text).is_ok(),
        14 => validate_cnpj(text).is_ok(),
        _ => false,
    }
}

fn masked_cpf(token: &[u8]) -> Option<u32> {
    let ok = token.len() == 11
        && token[..3] == *b"***"
        && token[9..] == *b"**"
        && token[3..9].iter().all(u8::is_ascii_digit);
    ok.then(|| six_digits(&token[3..9]))
}

fn six_digits(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0'))
}

/// The key a target's reference is indexed by: the same normalization as a memo token, over the whole value.
pub(crate) fn reference_key(value: &str) -> Option<u64> {
    let mut buf = [0u8; MAX_TOKEN];
    let len = normalize_all(value, &mut buf)?;
    reference_of(&buf[..len])
}

/// The key of a stored CPF/CNPJ (punctuation ignored); `None` when it has neither 11 nor 14 characters.
pub(crate) fn document_key(value: &str) -> Option<u64> {
    let mut buf = [0u8; MAX_TOKEN];
    let len = normalize_all(value, &mut buf)?;
    matches!(len, 11 | 14).then(|| hash(&buf[..len]))
}

/// The six middle digits of a CPF, which a masked CPF shows.
pub(crate) fn cpf_middle(value: &str) -> Option<u32> {
    let mut buf = [0u8; MAX_TOKEN];
    let len = normalize_all(value, &mut buf)?;
    let digits = &buf[..len];
    (len == 11 && digits.iter().all(u8::is_ascii_digit)).then(|| six_digits(&digits[3..9]))
}

fn normalize_all(value: &str, buf: &mut [u8; MAX_TOKEN]) -> Option<usize> {
    let mut len = 0;
    for b in value.bytes().filter(u8::is_ascii_alphanumeric) {
        if len == MAX_TOKEN {
            return None;
        }
        buf[len] = b.to_ascii_uppercase();
        len += 1;
    }
    Some(len)
}

/// FNV-1a: two equal tokens hash equal; a collision between a memo token and a reference (about 1 in 10¹⁰ at
/// 100,000 targets) would only add a candidate, which the amount and date still have to support.
fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Token> {
        let mut out = Vec::new();
        for_each(text, |t| out.push(t));
        out
    }

    #[test]
    fn a_nosso_numero_matches_with_or_without_zeros_and_punctuation() {
        let key = reference_key("00012345-6").unwrap();
        assert!(tokens("LIQ COBRANCA NN 00012345-6").contains(&Token::Reference(key)));
        assert!(tokens("nn 123456.").contains(&Token::Reference(key)));
    }

    #[test]
    fn words_and_short_numbers_are_not_references() {
        assert!(tokens("PIX RECEBIDO 21 03 TED 123").is_empty());
    }

    #[test]
    fn documents_full_and_masked() {
        let cpf = document_key("123.456.789-09").unwrap();
        assert!(tokens("PIX RECEBIDO 123.456.789-09 MARIA").contains(&Token::Document(cpf)));
        let cnpj = document_key("11.222.333/0001-81").unwrap();
        assert!(tokens("TED 11.222.333/0001-81").contains(&Token::Document(cnpj)));
        assert_eq!(tokens("PIX ***.456.789-**"), vec![Token::MaskedCpf(456789)]);
        assert_eq!(cpf_middle("123.456.789-09"), Some(456789));
        // Wrong check digits: not a document (still a reference token).
        assert!(!tokens("123.456.789-00")
            .iter()
            .any(|t| matches!(t, Token::Document(_))));
    }
}
