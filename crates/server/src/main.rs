//! `backoffice`: the server and its command line.

use clap::Parser;
use server::cli::{self, Cli};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() {
    init_logging();
    let cli = Cli::parse();
    match cli::run(cli).await {
        Ok(status) => std::process::exit(status),
        Err(e) => {
            eprintln!("erro: {e}");
            std::process::exit(1);
        }
    }
}

/// Structured logs: human-readable by default, JSON with `BACKOFFICE_LOG_FORMAT=json`; level from `RUST_LOG`.
fn init_logging() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=error,poem=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if std::env::var("BACKOFFICE_LOG_FORMAT").is_ok_and(|v| v == "json") {
        builder.json().init();
    } else {
        builder.init();
    }
}
