//! The sales context's API tests, in one binary (one link, one run): the catalog and the sales, on SQLite and
//! PostgreSQL (`platform::testing`).

mod catalog;
mod common;
mod sales;
