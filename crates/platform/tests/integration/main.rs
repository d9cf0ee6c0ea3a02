//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p platform -E 'test(/^export::/)'`, or `cargo test -p platform --test integration export::`.

mod export;
mod files;
mod jobs;
mod records;
mod schema_parity;
