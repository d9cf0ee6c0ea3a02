//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p __name__ -E 'test(/^items_api::/)'`, or `cargo test -p __name__ --test integration items_api::`.

mod items_api;
