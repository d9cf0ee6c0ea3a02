//! The CRM operations. Each returns a domain [`Error`](platform::Error); the API layer alone decides the HTTP
//! status.

pub mod clicks;
mod clients;
pub mod links;

pub use clients::{Clients, ListPage, ListQuery, CLIENT_ENTITY, PAGES_COUNTED_AHEAD};
pub use links::Links;
