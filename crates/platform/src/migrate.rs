//! Migrations: each context's SQL files, embedded at build time (`embed-migrations` in its `build.rs`),
//! run for the engine in use. All contexts share one migrations table, so versions are timestamps,
//! unique across contexts, and every pending migration of every context is applied in version order.

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationType, Migrator};

use crate::db::Engine;

/// One migration version: the SQL for each engine (`None`: that engine has nothing to do at this version).
#[derive(Debug)]
pub struct MigrationFile {
    pub version: i64,
    pub description: &'static str,
    pub sqlite: Option<&'static str>,
    pub postgres: Option<&'static str>,
}

/// One context's migrations.
#[derive(Debug, Clone, Copy)]
pub struct Migrations {
    pub context: &'static str,
    pub files: &'static [MigrationFile],
}

/// The calling crate's `migrations/` folder, as embedded by its build script.
#[macro_export]
macro_rules! embedded_migrations {
    () => {
        $crate::migrate::Migrations {
            context: env!("CARGO_PKG_NAME"),
            files: include!(concat!(env!("OUT_DIR"), "/migrations.rs")),
        }
    };
}

/// One migrator for every context's migrations on `engine`, in version order.
pub fn migrator(sets: &[Migrations], engine: Engine) -> Migrator {
    let mut migrations: Vec<Migration> = sets
        .iter()
        .flat_map(|set| set.files.iter())
        .filter_map(|file| {
            let sql = match engine {
                Engine::Sqlite => file.sqlite,
                Engine::Postgres => file.postgres,
            }?;
            Some(Migration::new(
                file.version,
                Cow::Borrowed(file.description),
                MigrationType::Simple,
                Cow::Borrowed(sql),
                false,
            ))
        })
        .collect();
    migrations.sort_by_key(|m| m.version);
    Migrator {
        migrations: Cow::Owned(migrations),
        // A database may hold versions of a context this build does not include.
        ignore_missing: true,
        locking: true,
        no_tx: false,
    }
}

/// Versions used by more than one migration across `sets` (each must be unique: one shared table).
pub fn duplicate_versions(sets: &[Migrations]) -> Vec<i64> {
    let mut seen = std::collections::BTreeMap::new();
    for file in sets.iter().flat_map(|s| s.files.iter()) {
        *seen.entry(file.version).or_insert(0) += 1;
    }
    seen.into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(v, _)| v)
        .collect()
}
