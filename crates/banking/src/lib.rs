//! Brazilian banking formats, right to the byte.
//!
//! Pure library: no database, no HTTP. The finance context stands on it and the
//! `backoffice banking …` subcommands expose it (see [`cli`]).
//!
//! Module ownership while the crate is being built:
//! - `document`, `boleto`, `pix`, `pdf`, `cli::{boleto, decode, pix}`: boletos and friends;
//! - `cnab`, `statement`, `cli::files`: bank files (CNAB 240/400, payments, OFX, validator).

pub mod bank;
pub mod boleto;
pub mod cli;
pub mod cnab;
pub mod document;
pub mod nfe;
pub mod pdf;
pub mod pix;
pub mod pix_key;
pub mod statement;
pub mod validate;
