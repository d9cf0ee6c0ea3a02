//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p sales -E 'test(/^catalog_api::/)'`, or `cargo test -p sales --test integration catalog_api::`.

mod campaign_room_api;
mod catalog_api;
mod common;
mod dashboard_api;
mod followup_api;
mod my_sales_api;
mod plugin_api;
mod reports_api;
mod sales_api;
mod summary_links_api;
