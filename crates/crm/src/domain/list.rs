//! What a list of clients asks for: the search terms, the filters and the order.

use platform::text::{alphanumerics, fold};

use super::{ClientKind, ClientStatus};

/// How the list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    NameAsc,
    NameDesc,
    CreatedAsc,
    CreatedDesc,
}

impl Sort {
    /// `name`, `-name`, `created_at` or `-created_at`.
    pub fn parse(s: &str) -> Option<Sort> {
        match s {
            "name" => Some(Sort::NameAsc),
            "-name" => Some(Sort::NameDesc),
            "created_at" => Some(Sort::CreatedAsc),
            "-created_at" => Some(Sort::CreatedDesc),
            _ => None,
        }
    }
}

/// The list's filters. `status: None` lists every client that is not archived.
#[derive(Debug, Clone, Default)]
pub struct ClientFilter {
    /// Substrings of a client's searchable text ([`search_terms`]); any may match.
    pub terms: Vec<String>,
    pub status: Option<ClientStatus>,
    pub kind: Option<ClientKind>,
    /// Only these portfolio owners' clients (`None`: anyone's); the scope of a salesperson or a manager, or the
    /// `owner_id` filter within it.
    pub owners: Option<Vec<String>>,
    pub unit_id: Option<String>,
    /// Clients carrying this tag (case ignored).
    pub tag: Option<String>,
}

/// The substrings a search for `q` looks for in a client's searchable text (one or two, none for a
/// blank `q`).
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
        fn terms_are_never_blank(s in "\\PC{0,60}") {
            for t in search_terms(&s) {
                prop_assert!(!t.is_empty() && t.trim() == t);
            }
        }
    }
}
