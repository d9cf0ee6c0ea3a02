//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p identity -E 'test(/^firebase_rs256::/)'`, or `cargo test -p identity --test integration firebase_rs256::`.

mod firebase_rs256;
mod plugin_sessions;
