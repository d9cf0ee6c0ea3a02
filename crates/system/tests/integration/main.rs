//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p system -E 'test(/^notifications::/)'`, or `cargo test -p system --test integration notifications::`.

mod notifications;
mod system_api;
