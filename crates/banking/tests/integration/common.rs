//! What several integration tests share: the sample bank files (`shared/fixtures/banking`,
//! next to the repository) and the external tools some tests drive.
//!
//! Locally, a missing fixture directory or tool prints a loud notice on stderr and the test
//! returns early (it then counts as passed). Where a skip would be a lie — `CI` set (to
//! anything but an empty value, `false` or `0`) or `BACKOFFICE_REQUIRE_FIXTURES=1` — the test
//! fails instead, saying what is missing and how to get it.

// Each test binary uses only part of this module.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// True when missing fixtures or tools must fail the test (CI, or asked for explicitly).
pub fn strict() -> bool {
    let ci = std::env::var("CI").is_ok_and(|v| {
        let v = v.trim();
        !v.is_empty() && !v.eq_ignore_ascii_case("false") && v != "0"
    });
    ci || std::env::var("BACKOFFICE_REQUIRE_FIXTURES").is_ok_and(|v| v.trim() == "1")
}

/// Fails the test in [`strict`] mode; otherwise prints the notice where it is seen.
#[track_caller]
fn missing(what: &str) {
    if strict() {
        panic!(
            "{what}\n(CI ou BACKOFFICE_REQUIRE_FIXTURES=1: um teste que não pode rodar falha em \
             vez de passar calado)"
        );
    }
    // Straight to the process's stderr: `eprintln!` would be captured (and hidden) by the
    // test harness for a test that passes.
    let notice = format!(
        "\n*** AVISO: {what}\n*** teste pulado (conta como aprovado); com CI=true ou \
         BACKOFFICE_REQUIRE_FIXTURES=1 ele falha.\n\n"
    );
    let _ = std::io::stderr().write_all(notice.as_bytes());
}

/// `shared/fixtures/banking`, beside the repository checkout.
pub fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures/banking")
}

/// The sample bank files (`shared/fixtures/banking`), or `None` (after the notice) when the
/// directory is missing; fails the test in strict mode.
#[track_caller]
pub fn fixtures() -> Option<PathBuf> {
    fixture_dir("")
}

/// A subdirectory of the sample bank files, e.g. `ofx`; as [`fixtures`].
#[track_caller]
pub fn fixture_dir(sub: &str) -> Option<PathBuf> {
    let root = fixtures_root();
    let dir = if sub.is_empty() { root } else { root.join(sub) };
    if dir.is_dir() {
        return Some(dir);
    }
    missing(&format!(
        "{} não existe: os arquivos de exemplo (shared/fixtures/banking, ao lado do \
         repositório) são necessários para este teste",
        dir.display()
    ));
    None
}

/// True when every `(program, Debian package)` can be run; otherwise the notice (or, in
/// strict mode, a failure) names the packages to install.
#[track_caller]
pub fn tools(needed: &[(&str, &str)]) -> bool {
    let absent: Vec<&(&str, &str)> = needed
        .iter()
        .filter(|(program, _)| Command::new(program).arg("-v").output().is_err())
        .collect();
    if absent.is_empty() {
        return true;
    }
    let programs: Vec<&str> = absent.iter().map(|(p, _)| *p).collect();
    let packages: Vec<&str> = absent.iter().map(|(_, p)| *p).collect();
    missing(&format!(
        "{} não encontrado(s) no PATH (apt-get install {})",
        programs.join(", "),
        packages.join(" ")
    ));
    false
}
