//! SQL for both engines, private to the crate: one module per table family (see `platform::db`).

pub mod activities;
pub mod cadences;
pub mod clients;
pub mod comparison;
pub mod links;
pub mod opportunities;
pub mod plugin;
pub mod previews;
pub mod search;
pub mod teams;
#[cfg(test)]
mod tests;
pub mod timers;

pub use clients::Stamp;
