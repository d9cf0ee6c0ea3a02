//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p crm -E 'test(/^activities_api::/)'`, or `cargo test -p crm --test integration activities_api::`.

mod activities_api;
mod cadences_api;
mod clients_api;
mod common;
mod comparison_api;
mod comparison_bench;
mod kpis_api;
mod lab_api;
mod links_api;
mod opportunities_api;
mod plugin_api;
mod teams_api;
mod timer_api;
