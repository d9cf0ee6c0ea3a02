//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p finance -E 'test(/^boletos_api::/)'`, or `cargo test -p finance --test integration boletos_api::`.

mod boletos_api;
mod payables_api;
mod receivables_api;
mod reconciliation_api;
mod registers_api;
mod remittances_api;
mod reports_api;
mod suppliers_api;
