//! The `backoffice` server: one OpenAPI service composed of every context's API, the built web apps,
//! health endpoints, and the CLI behind `main.rs`.

pub mod app;
pub mod cli;
pub mod docs;
pub mod http;
pub mod web;
