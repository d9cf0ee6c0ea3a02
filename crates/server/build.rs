//! Writes `$OUT_DIR/contexts.rs`: the one `platform::register_contexts!` call listing every bounded context
//! this server depends on, in the order of `Cargo.toml`. A context is a path dependency whose own
//! `Cargo.toml` says which type implements `platform::Context`:
//!
//! ```toml
//! [package.metadata.backoffice]
//! context = "Crm"
//! ```

use std::path::Path;

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let manifest = Path::new(&dir).join("Cargo.toml");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let text = std::fs::read_to_string(&manifest).expect("server Cargo.toml");
    let mut entries = Vec::new();
    for (name, path) in path_dependencies(&text) {
        let crate_manifest = Path::new(&dir).join(&path).join("Cargo.toml");
        println!("cargo:rerun-if-changed={}", crate_manifest.display());
        let crate_text = std::fs::read_to_string(&crate_manifest)
            .unwrap_or_else(|e| panic!("{}: {e}", crate_manifest.display()));
        if let Some(ty) = context_type(&crate_text) {
            let module = name.replace('-', "_");
            entries.push(format!("    {module}: {module}::{ty},\n"));
        }
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("contexts.rs");
    let code = format!("platform::register_contexts! {{\n{}}}\n", entries.concat());
    std::fs::write(out, code).expect("write contexts.rs");
}

/// `name = { path = "…" … }` lines of the `[dependencies]` table, in order.
fn path_dependencies(manifest: &str) -> Vec<(String, String)> {
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        let Some((name, value)) = line.split_once('=') else {
            continue;
        };
        if !in_dependencies || line.starts_with('#') {
            continue;
        }
        if let Some(path) = quoted_after(value, "path") {
            found.push((name.trim().to_string(), path));
        }
    }
    found
}

/// The `context = "…"` of a crate's `[package.metadata.backoffice]` table.
fn context_type(manifest: &str) -> Option<String> {
    let mut in_table = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == "[package.metadata.backoffice]";
        } else if in_table && line.starts_with("context") {
            return quoted_after(line, "context");
        }
    }
    None
}

/// The quoted string after `key =` in `text`.
fn quoted_after(text: &str, key: &str) -> Option<String> {
    let rest = &text[text.find(key)? + key.len()..];
    let rest = rest
        .trim_start()
        .strip_prefix('=')?
        .trim_start()
        .strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}
