//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p server -E 'test(/^access::/)'`, or `cargo test -p server --test integration access::`.

mod access;
mod auth;
mod cli;
mod common;
mod dispatch_audit;
mod firebase;
mod hardening;
mod permissions;
mod plugin_framing;
mod schema;
mod suppliers;
mod users;
