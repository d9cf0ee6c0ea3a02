//! The rules in plain Rust: no SQL, no HTTP.

pub mod item;

pub use item::{Item, ItemDraft, ItemFields};
