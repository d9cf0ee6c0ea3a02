//! Text folding for search and sorting: lowercase, accents stripped, spaces collapsed.
//!
//! The same folding is applied to what is stored (`search_name`, `search_text`) and to what is searched
//! (`q`), so "JOSÉ" finds "José" and "jose" on both engines without collation or extension support.

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

/// The substrings a search for `q` looks for in `search_text` (one or two, none for a blank `q`).
///
/// The folded text finds names and e-mails; the bare alphanumerics find a document or phone typed with
/// punctuation (`123.456.789-09`, `(11) 98765-4321`, `+55 11 …`). Every character is literal: `%` and `_`
/// are not wildcards.
pub fn search_terms(q: &str) -> Vec<String> {
    let folded = fold(q);
    let mut terms = Vec::with_capacity(2);
    if !folded.is_empty() {
        terms.push(folded.clone());
    }
    let mut compact = alphanumerics(q);
    if q.trim_start().starts_with("+55") && compact.len() > 2 {
        compact.drain(..2);
    }
    if !compact.is_empty() && compact != folded {
        terms.push(compact);
    }
    terms
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn folds_case_accents_and_spaces() {
        assert_eq!(fold("  JOSÉ   da  Conceição "), "jose da conceicao");
        assert_eq!(fold("Ângela Ãnh Ünter"), "angela anh unter");
    }

    #[test]
    fn documents_and_phones_get_a_compact_term() {
        assert_eq!(search_terms("Silva"), vec!["silva"]);
        assert_eq!(
            search_terms("123.456.789-09"),
            vec!["123.456.789-09", "12345678909"]
        );
        assert_eq!(search_terms("12.ABC.345/01DE-35")[1], "12abc34501de35");
        assert_eq!(search_terms("+55 (11) 98765-4321")[1], "11987654321");
        assert_eq!(search_terms("12345678909"), vec!["12345678909"]);
    }

    #[test]
    fn blank_searches_have_no_terms_and_wildcards_are_literal() {
        assert_eq!(search_terms("   "), Vec::<String>::new());
        assert_eq!(search_terms("%"), vec!["%"]);
        assert_eq!(search_terms("a_b"), vec!["a_b", "ab"]);
    }

    proptest! {
        #[test]
        fn folding_is_idempotent_and_never_panics(s in "\\PC{0,60}") {
            let once = fold(&s);
            prop_assert_eq!(fold(&once), once.clone());
            for t in search_terms(&s) {
                prop_assert!(!t.is_empty() && t.trim() == t);
            }
        }
    }
}
