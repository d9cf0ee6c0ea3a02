//! The shared platform every bounded context stands on.
//!
//! Plain Rust, no HTTP:
//! - [`context`]: the [`Context`] trait a context implements to be registered by the server;
//! - [`access`]: roles, flags, permissions, the principal and the seed's navigation rules;
//! - [`error`]: the domain error operations return, and [`error::Violations`] for input rules;
//! - [`db`]: the database handle over SQLite or PostgreSQL, transactions; [`migrate`]: embedded migrations;
//! - [`jobs`]: jobs, events and their consumers; [`history`]: who changed what, append-only;
//! - [`numbering`]: gapless numbers per prefix and year; [`calendar`]: business days and holidays;
//! - [`export`]: CSV and XLSX of a list's filtered set, streamed; [`files`]: stored files;
//! - [`notify`]: the event that notifies users (in-app and push);
//! - [`values`]: e-mail, phone and address, parsed once; [`text`]: folding and normalization;
//! - [`clock`]: the injectable time and São Paulo's business date; [`config`]: settings;
//! - [`testing`]: store tests on both engines.
//!
//! HTTP, for the contexts' API layers: [`api`] (the bearer check, the JSON error shape, pagination).

// The migrations macro names `::platform`, also from inside this crate.
extern crate self as platform;

pub mod access;
pub mod api;
pub mod calendar;
pub mod clock;
pub mod config;
pub mod context;
pub mod db;
pub mod error;
pub mod export;
pub mod files;
pub mod history;
pub mod jobs;
pub mod migrate;
pub mod notify;
pub mod numbering;
pub mod secret;
pub mod sql;
pub mod testing;
pub mod text;
pub mod units;
pub mod values;

pub use access::{Permission, Principal, Role, RoleFlags};
pub use api::{ApiError, ApiResult, BearerAuth, Text};
pub use context::{Context, Platform};
pub use db::Db;

/// The platform's own tables (jobs, events, …), migrated before every context's.
pub fn migrations() -> migrate::Migrations {
    embedded_migrations!()
}
pub use error::{Error, Violations};
