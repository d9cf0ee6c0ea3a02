//! The exact lookup the plugin makes: one client by phone, e-mail or document.

use platform::error::Result;

use super::clients::{Clients, ListQuery};
use crate::domain::plugin::LookupTerm;
use crate::domain::{Client, ClientFilter};
use crate::store::clients as store;

/// Candidates read for a phone or an e-mail before the exact test (a phone is rarely shared by more).
const CANDIDATES: i64 = 50;

impl Clients {
    /// The client whose document, e-mail or phone is exactly `term` (archived clients left out). A phone or
    /// e-mail goes through the indexed search for candidates and is then compared exactly.
    pub async fn find_exact(&self, term: &LookupTerm) -> Result<Option<Client>> {
        if let LookupTerm::Document(document) = term {
            let found = store::by_document(self.db(), document).await?;
            return Ok(found.filter(|c| c.fields.status != crate::ClientStatus::Archived));
        }
        let query = ListQuery {
            filter: ClientFilter {
                terms: vec![term.search_term()],
                status: None,
                kind: None,
            },
            limit: CANDIDATES,
            ..ListQuery::default()
        };
        let page = self.list(&query).await?;
        Ok(page.items.into_iter().find(|c| match term {
            LookupTerm::Phone(p) => c.fields.phones.contains(p),
            LookupTerm::Email(e) => c
                .fields
                .emails
                .iter()
                .any(|x| x.as_str().eq_ignore_ascii_case(e.as_str())),
            LookupTerm::Document(_) => false,
        }))
    }
}
