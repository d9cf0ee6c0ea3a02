//! The plugin's rules in plain Rust: which origins may frame it, what a lookup term is, and how a
//! document is shown in the plugin's client card.

use banking::document::Document;
use platform::text::fold;
use platform::values::{Email, Phone};

/// At most this many allowed origins.
pub const MAX_ORIGINS: usize = 50;

/// An allowed framing origin, exactly as a browser writes `location.origin`: `https://host[:port]`,
/// lowercase, no path, no wildcard. In development and test mode `http://127.0.0.1:<port>` and
/// `http://localhost:<port>` are accepted too (the browser tests frame the plugin from local servers).
pub fn parse_origin(input: &str, dev_mode: bool) -> Result<String, String> {
    let origin = input.trim();
    let invalid = |why: &str| Err(format!("Origem inválida '{}': {why}", cut(origin, 80)));
    if origin.contains('*') {
        return invalid("curingas não são aceitos.");
    }
    let (scheme, rest) = match origin.split_once("://") {
        Some(parts) => parts,
        None => return invalid("use https://host."),
    };
    if rest.contains(['/', '?', '#', '@', '\\']) || rest.is_empty() {
        return invalid("só a origem, sem caminho (https://host[:porta]).");
    }
    let (host, port) = match rest.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (rest, None),
    };
    if let Some(port) = port {
        if port.is_empty()
            || !port.bytes().all(|b| b.is_ascii_digit())
            || port.parse::<u16>().is_err()
        {
            return invalid("porta inválida.");
        }
    }
    let host_ok = !host.is_empty()
        && host.len() <= 253
        && host
            .split('.')
            .all(|l| !l.is_empty() && !l.starts_with('-') && !l.ends_with('-'))
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if !host_ok {
        return invalid("host inválido.");
    }
    let lower = origin.to_ascii_lowercase();
    match scheme.to_ascii_lowercase().as_str() {
        "https" => Ok(lower),
        "http" if dev_mode && matches!(host, "127.0.0.1" | "localhost") && port.is_some() => {
            Ok(lower)
        }
        _ => invalid("só https (http local apenas em desenvolvimento)."),
    }
}

fn cut(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// What a lookup looks for: one exact phone, e-mail or document, normalized as clients store it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LookupTerm {
    /// National digits (DDD and number), as clients store phones; `+55` is the E.164 prefix.
    Phone(Phone),
    Email(Email),
    Document(Document),
}

impl LookupTerm {
    /// The kind, as stored in the audit (`telefone`, `email`, `documento`).
    pub fn kind(&self) -> &'static str {
        match self {
            LookupTerm::Phone(_) => "telefone",
            LookupTerm::Email(_) => "email",
            LookupTerm::Document(_) => "documento",
        }
    }

    /// The term as searched: `+5511987654321`, the e-mail, the bare document.
    pub fn value(&self) -> String {
        match self {
            LookupTerm::Phone(p) => format!("+55{}", p.as_str()),
            LookupTerm::Email(e) => e.as_str().to_string(),
            LookupTerm::Document(d) => d.as_str().to_string(),
        }
    }

    /// The text the client search looks for (what `search_text` holds for it).
    pub fn search_term(&self) -> String {
        match self {
            LookupTerm::Phone(p) => p.as_str().to_string(),
            LookupTerm::Email(e) => fold(e.as_str()),
            LookupTerm::Document(d) => d.as_str().to_string(),
        }
    }
}

/// Exactly one of `phone`, `email`, `document`; the error names the field.
pub fn parse_lookup(
    phone: Option<&str>,
    email: Option<&str>,
    document: Option<&str>,
) -> Result<LookupTerm, (&'static str, String)> {
    let given: Vec<(&'static str, &str)> =
        [("phone", phone), ("email", email), ("document", document)]
            .into_iter()
            .filter_map(|(f, v)| v.map(str::trim).filter(|v| !v.is_empty()).map(|v| (f, v)))
            .collect();
    match given.as_slice() {
        [("phone", v)] => Phone::parse(v)
            .map(LookupTerm::Phone)
            .map_err(|e| ("phone", e)),
        [("email", v)] => Email::parse(v)
            .map(LookupTerm::Email)
            .map_err(|e| ("email", e)),
        [("document", v)] => v
            .parse::<Document>()
            .map(LookupTerm::Document)
            .map_err(|e| ("document", e.to_string())),
        [] => Err((
            "phone",
            "Informe um telefone, um e-mail ou um CPF/CNPJ.".to_string(),
        )),
        _ => Err((
            "phone",
            "Informe só um: telefone, e-mail ou CPF/CNPJ.".to_string(),
        )),
    }
}

/// The document as the plugin shows it: only the middle digits, `***.456.789-**` for a CPF and
/// `**.345.678/****-**` for a CNPJ.
pub fn mask_document(document: &Document) -> String {
    let formatted = document.formatted();
    let keep = match document {
        Document::Cpf(_) => 4..11,
        Document::Cnpj(_) => 3..10,
    };
    formatted
        .char_indices()
        .map(|(i, c)| {
            if keep.contains(&i) || !c.is_ascii_alphanumeric() {
                c
            } else {
                '*'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_exact_https_origins() {
        assert_eq!(
            parse_origin(" https://Chat.Exemplo.com.br ", false).as_deref(),
            Ok("https://chat.exemplo.com.br")
        );
        assert_eq!(
            parse_origin("https://chat.exemplo.com.br:8443", false).as_deref(),
            Ok("https://chat.exemplo.com.br:8443")
        );
        for bad in [
            "https://*.exemplo.com.br",
            "https://chat.exemplo.com.br/app",
            "https://chat.exemplo.com.br/",
            "chat.exemplo.com.br",
            "http://chat.exemplo.com.br",
            "https://a.com;script-src *",
            "https://user@a.com",
            "https://a.com:99999",
            "javascript://a.com",
            "'self'",
        ] {
            assert!(parse_origin(bad, false).is_err(), "{bad}");
            assert!(parse_origin(bad, true).is_err(), "{bad} (dev)");
        }
    }

    #[test]
    fn local_http_origins_only_in_development() {
        for local in ["http://127.0.0.1:4100", "http://localhost:4100"] {
            assert!(parse_origin(local, false).is_err(), "{local}");
            assert_eq!(parse_origin(local, true).as_deref(), Ok(local));
        }
        assert!(
            parse_origin("http://127.0.0.1", true).is_err(),
            "a port is required"
        );
        assert!(parse_origin("http://10.0.0.1:80", true).is_err());
    }

    #[test]
    fn a_phone_in_any_brazilian_format_is_one_term() {
        for typed in [
            "(11) 98765-4321",
            "+55 11 98765-4321",
            "11987654321",
            "+5511987654321",
        ] {
            let term = parse_lookup(Some(typed), None, None).unwrap();
            assert_eq!(term.value(), "+5511987654321", "{typed}");
            assert_eq!(term.search_term(), "11987654321");
        }
        assert_eq!(
            parse_lookup(Some("123"), None, None).unwrap_err().0,
            "phone"
        );
        assert_eq!(parse_lookup(None, None, None).unwrap_err().0, "phone");
        assert!(parse_lookup(Some("11987654321"), Some("a@b.com"), None).is_err());
        assert_eq!(parse_lookup(None, Some("x"), None).unwrap_err().0, "email");
        assert_eq!(
            parse_lookup(None, None, Some("123")).unwrap_err().0,
            "document"
        );
    }

    #[test]
    fn documents_show_only_their_middle_digits() {
        let cpf = "123.456.789-09".parse::<Document>().unwrap();
        assert_eq!(mask_document(&cpf), "***.456.789-**");
        let cnpj = "11.222.333/0001-81".parse::<Document>().unwrap();
        assert_eq!(mask_document(&cnpj), "**.222.333/****-**");
    }
}
