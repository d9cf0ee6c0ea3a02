//! SQL for the finance tables, private to the crate. Every statement runs on SQLite and PostgreSQL alike.

pub mod bank_accounts;
pub mod chart;
pub mod cost_centers;
pub mod settings;
