//! Text normalization shared by every context: folding for search and sort, digits, spaces.
//!
//! The same folding is applied to what is stored and to what is searched, so "JOSÉ" finds "José" and
//! "jose" on both engines without collation or extension support.

/// Lowercases, strips the accents Portuguese (and its neighbours) use, and collapses whitespace.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase).map(strip_accent));
    }
    out
}

fn strip_accent(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        'ý' | 'ÿ' => 'y',
        other => other,
    }
}

/// Only the ASCII digits of `text`.
pub fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// Only the ASCII letters and digits of `text`, lowercased: a document or phone typed with punctuation.
pub fn alphanumerics(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Trims and collapses runs of whitespace into one space.
pub fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most `max` characters of `text` (for quoting input back in a message).
pub fn truncate(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn folds_case_accents_and_spaces() {
        assert_eq!(fold("  JOSÉ   da  Conceição "), "jose da conceicao");
        assert_eq!(fold("Ângela Ãnh Ünter"), "angela anh unter");
        assert_eq!(collapse_spaces("  Maria   da Silva "), "Maria da Silva");
    }

    proptest! {
        #[test]
        fn folding_is_idempotent_and_never_panics(s in "\\PC{0,60}") {
            let once = fold(&s);
            prop_assert_eq!(fold(&once), once);
        }
    }
}
