//! Called from a context's `build.rs`: lists `migrations/` and writes `$OUT_DIR/migrations.rs`, the
//! array of `platform::migrate::MigrationFile` that `platform::embedded_migrations!()` includes.
//!
//! A migration is `<version>_<name>.sql` when both engines accept the same SQL, or the pair
//! `<version>_<name>.sqlite.sql` / `<version>_<name>.postgres.sql` where the SQL must differ (a
//! version may also exist for one engine only: an index only SQLite needs). Versions are timestamps
//! (`AAAAMMDDhhmmss`), unique across every context, because all contexts share one migrations table.
//!
//! A separate crate (std only) rather than a function of `platform`, so build scripts do not compile
//! `platform` and its dependencies a second time for the host.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

#[derive(Default)]
struct Version {
    name: String,
    shared: Option<PathBuf>,
    sqlite: Option<PathBuf>,
    postgres: Option<PathBuf>,
}

/// Embeds `dir` (relative to the crate) and asks Cargo to rebuild when it changes.
pub fn generate(dir: &str) {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let dir = root.join(dir);
    println!("cargo:rerun-if-changed={}", dir.display());
    let versions =
        read_dir(&dir).unwrap_or_else(|e| panic!("migrations in {}: {e}", dir.display()));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("migrations.rs");
    std::fs::write(&out, render(&versions)).expect("write migrations.rs");
}

fn read_dir(dir: &Path) -> Result<BTreeMap<i64, Version>, String> {
    let mut versions: BTreeMap<i64, Version> = BTreeMap::new();
    let entries = std::fs::read_dir(dir).map_err(|e| e.to_string())?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let file = path
            .file_name()
            .and_then(|f| f.to_str())
            .unwrap_or("")
            .to_string();
        let Some(stem) = file.strip_suffix(".sql") else {
            continue;
        };
        let (stem, engine) = match stem.rsplit_once('.') {
            Some((s, e @ ("sqlite" | "postgres"))) => (s, Some(e)),
            _ => (stem, None),
        };
        let (version, name) = stem
            .split_once('_')
            .and_then(|(v, n)| Some((v.parse::<i64>().ok()?, n)))
            .ok_or_else(|| format!("{file}: expected <version>_<name>.sql"))?;
        let entry = versions.entry(version).or_default();
        if !entry.name.is_empty() && entry.name != name {
            return Err(format!(
                "version {version} has two names: {} and {name}",
                entry.name
            ));
        }
        entry.name = name.to_string();
        let slot = match engine {
            None => &mut entry.shared,
            Some("sqlite") => &mut entry.sqlite,
            Some(_) => &mut entry.postgres,
        };
        if slot.replace(path).is_some() {
            return Err(format!("{file}: version {version} given twice"));
        }
    }
    for (version, v) in &versions {
        if v.shared.is_some() && (v.sqlite.is_some() || v.postgres.is_some()) {
            return Err(format!(
                "version {version}: a shared .sql file and a per-engine file; use one or the other"
            ));
        }
    }
    Ok(versions)
}

fn render(versions: &BTreeMap<i64, Version>) -> String {
    let include = |p: &Option<PathBuf>| match p {
        Some(p) => format!("Some(include_str!({:?}))", p.display().to_string()),
        None => "None".to_string(),
    };
    let mut out = String::from("&[\n");
    for (version, v) in versions {
        let (sqlite, postgres) = match &v.shared {
            Some(_) => (include(&v.shared), include(&v.shared)),
            None => (include(&v.sqlite), include(&v.postgres)),
        };
        let _ = writeln!(
            out,
            "    ::platform::migrate::MigrationFile {{ version: {version}, description: {:?}, sqlite: {sqlite}, postgres: {postgres} }},",
            v.name.replace('_', " ")
        );
    }
    out.push(']');
    out
}
