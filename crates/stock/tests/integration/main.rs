//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p stock -E 'test(/^boms_api::/)'`, or `cargo test -p stock --test integration boms_api::`.

mod boms_api;
mod common;
mod counts_api;
mod dispatch_api;
mod ledger_api;
mod overview_api;
mod overview_bench;
mod posting_bench;
mod registers_api;
