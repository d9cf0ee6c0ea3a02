//! The CRM operations. Each returns a domain [`Error`](platform::Error); the API layer alone decides the HTTP
//! status.

mod clients;

pub use clients::{Clients, ListPage, ListQuery, CLIENT_ENTITY, PAGES_COUNTED_AHEAD};
