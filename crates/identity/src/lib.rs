//! The identity context: users, roles and flags; the embedded identity provider (sign-in, rotating
//! refresh tokens, password reset, throttling); Firebase ID-token verification; push tokens; and the
//! access audit of the dispatch area.
//!
//! Other contexts see a user only as a [`platform::Principal`], through the [`Identity`] authenticator.

pub mod api;
pub mod firebase;
pub mod mail;
pub mod model;
pub mod password;
pub mod service;
pub mod store;
pub mod tokens;

pub use model::{NewUser, User};
pub use service::Identity;

use platform::db::MigrationSet;

/// The identity tables, for each engine.
pub fn migrations() -> MigrationSet {
    MigrationSet {
        context: "identity",
        sqlite: sqlx::migrate!("migrations/sqlite"),
        postgres: sqlx::migrate!("migrations/postgres"),
    }
}
