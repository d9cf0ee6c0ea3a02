//! Identity's domain in plain Rust: a user and its roles and flags, and the password rules and hashing.

pub mod password;
mod user;

pub use user::{NewUser, User, UserRow, USER_COLUMNS};
