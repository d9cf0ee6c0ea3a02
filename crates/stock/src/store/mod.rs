//! SQL for the stock tables, private to the crate. Every statement runs on SQLite and PostgreSQL alike.

pub mod boms;
pub mod counts;
pub mod dispatches;
pub mod ledger;
pub mod overview;
pub mod registers;

type Result<T> = std::result::Result<T, sqlx::Error>;
