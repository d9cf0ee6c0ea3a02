//! The crate's integration tests in one binary, one module per area: each test binary is compiled and linked
//! against the whole dependency graph, so one per crate keeps the test build short. One module:
//! `cargo nextest run -p banking -E 'test(/^boleto_cli::/)'`, or `cargo test -p banking --test integration boleto_cli::`.

mod boleto_cli;
mod boleto_decode;
mod boleto_pdf;
mod boleto_props;
mod boleto_vectors;
mod cli_input;
mod cnab400_nosso_numero;
mod cnab_cli;
mod cnab_fixtures;
mod cnab_payments;
mod cnab_roundtrip;
mod cnab_simulate;
mod common;
mod document;
mod fast_paths;
mod nfe;
mod ofx_statements;
mod pix;
mod validate_preflight;
