//! The CRM's rules in plain Rust: no SQL, no HTTP. Input is parsed here once into types that hold only
//! valid values; the service and the store trust them.

pub mod campaign;
pub mod client;
pub mod link;
pub mod list;

pub use client::{Client, ClientDraft, ClientFields, ClientKind, ClientPatch, ClientStatus};
pub use list::{search_terms, ClientFilter, Sort};
