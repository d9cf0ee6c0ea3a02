//! SQL for both engines, private to the crate: one module per table family (see `platform::db`).

pub mod clients;
pub mod links;
pub mod search;
#[cfg(test)]
mod tests;
