//! The shared platform every bounded context stands on.
//!
//! - [`config`]: settings read from the environment;
//! - [`db`]: the database handle over SQLite or PostgreSQL, chosen at run time, and migrations;
//! - [`error`]: the one JSON error shape and the API error type;
//! - [`access`]: roles, flags, permissions and the authenticated principal;
//! - [`page`]: pagination parameters;
//! - [`text`]: strict request strings;
//! - [`testing`]: helpers for store tests on both engines.

pub mod access;
pub mod config;
pub mod db;
pub mod error;
pub mod page;
pub mod testing;
pub mod text;

pub use access::{Authenticator, BearerAuth, EndpointRule, Permission, Principal, Role, RoleFlags};
pub use db::Db;
pub use error::{ApiError, ApiResult, ErrorBody, FieldError};
pub use text::Text;
