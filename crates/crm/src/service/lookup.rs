//! The exact lookup the plugin makes: one client by phone, e-mail or document.

use platform::error::Result;
use platform::Principal;

use super::clients::{Clients, ListQuery};
use crate::domain::plugin::LookupTerm;
use crate::domain::{Client, ClientFilter};
use crate::store::clients as store;

/// Candidates read for a phone or an e-mail before the exact test (a phone is rarely shared by more).
const CANDIDATES: i64 = 50;

/// What an exact lookup finds for a user: a client they reach, or one outside their scope, named only by who
/// holds it.
pub enum Found {
    Reached(Box<Client>),
    Elsewhere(String),
    Nothing,
}

impl Clients {
    /// [`Clients::find_exact`] within `p`'s scope: outside it, only "Cliente já cadastrado. Responsável: {nome}".
    pub async fn find_exact_for(&self, p: &Principal, term: &LookupTerm) -> Result<Found> {
        let Some(client) = self.find_exact(term).await? else {
            return Ok(Found::Nothing);
        };
        if self.reaches(p, &client).await? {
            Ok(Found::Reached(Box::new(client)))
        } else {
            Ok(Found::Elsewhere(self.held_by(&client).await?))
        }
    }

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
                ..ClientFilter::default()
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
