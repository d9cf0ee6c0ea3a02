//! `backoffice`: the server and its command line.

use clap::Parser;
use server::cli::{self, Cli};
use tracing_subscriber::EnvFilter;

fn main() {
    // Before the runtime starts any thread (see the function's docs).
    limit_allocator_retention();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap_or_else(|e| {
            eprintln!("erro: não foi possível iniciar o runtime: {e}");
            std::process::exit(1);
        });
    let status = runtime.block_on(async {
        init_logging();
        match cli::run(Cli::parse()).await {
            Ok(status) => status,
            Err(e) => {
                eprintln!("erro: {e}");
                1
            }
        }
    });
    std::process::exit(status);
}

/// glibc keeps freed memory for reuse, which made an idle server hold ~65 MB after one sign-in and a
/// hundred searches (docs/benchmarks.md): it gives each thread that allocates its own arena (tokio workers,
/// one thread per SQLite connection), and once a large block is freed it raises its mmap threshold, so the
/// next password hash's ~19 MiB work area comes from an arena and stays resident. Two arenas and a fixed
/// 128 KiB threshold (large blocks mapped and returned to the system on free) hold it near 30 MB.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn limit_allocator_retention() {
    extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    // From glibc's <malloc.h>.
    const M_MMAP_THRESHOLD: i32 = -3;
    const M_ARENA_MAX: i32 = -8;
    // SAFETY: mallopt only adjusts allocator parameters; it is called once, before any other thread exists.
    unsafe {
        mallopt(M_ARENA_MAX, 2);
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn limit_allocator_retention() {}

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
