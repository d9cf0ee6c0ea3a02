//! The database handle: SQLite (embedded default) or PostgreSQL, chosen at run time from the URL.
//!
//! Queries are written once and run on either pool through [`on_db!`]: the body is compiled once per
//! engine, so each engine gets its own statically typed sqlx code. Plain SQL with `$1`-style placeholders
//! reads the same on both engines; where the dialects differ, branch on [`Db::engine`].

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};
use std::str::FromStr;
use std::time::Duration;

#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// Runs `$body` with `$pool` bound to whichever pool `$db` holds.
///
/// ```ignore
/// let n: i64 = on_db!(&db, pool => sqlx::query_scalar("SELECT 1").fetch_one(pool).await)?;
/// ```
#[macro_export]
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool) => $body,
            $crate::db::Db::Postgres($pool) => $body,
        }
    };
}

/// One context's migrations for each engine (`sqlx::migrate!("migrations/sqlite")` and
/// `…/postgres`). Versions are timestamps, so every context's migrations share one table.
pub struct MigrationSet {
    pub context: &'static str,
    pub sqlite: Migrator,
    pub postgres: Migrator,
}

impl Db {
    /// Connects to `sqlite://path` (the file and its folder are created when missing) or `postgres://…`.
    pub async fn connect(url: &str) -> Result<Db, sqlx::Error> {
        if url.starts_with("sqlite:") {
            Self::connect_sqlite(url).await
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let options = PgConnectOptions::from_str(url)?;
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            Ok(Db::Postgres(pool))
        } else {
            Err(sqlx::Error::Configuration(
                format!("BACKOFFICE_DATABASE_URL deve começar com sqlite:// ou postgres://, não '{url}'").into(),
            ))
        }
    }

    async fn connect_sqlite(url: &str) -> Result<Db, sqlx::Error> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5))
            // 4 MB of page cache per connection (up to 8): the OS page cache holds the file anyway, and at
            // 16 MB an idle server that had served trigram searches kept ~63 MB resident (docs/benchmarks.md).
            .pragma("cache_size", "-4000");
        if let Some(dir) = options.get_filename().parent() {
            if !dir.as_os_str().is_empty() {
                std::fs::create_dir_all(dir).map_err(sqlx::Error::Io)?;
            }
        }
        let in_memory =
            options.get_filename().as_os_str() == ":memory:" || url.contains("mode=memory");
        let pool = SqlitePoolOptions::new()
            // An in-memory database lives in one connection; a file database takes readers in parallel (WAL).
            .max_connections(if in_memory { 1 } else { 8 })
            .min_connections(if in_memory { 1 } else { 0 })
            .idle_timeout(if in_memory {
                None
            } else {
                Some(Duration::from_secs(600))
            })
            .max_lifetime(if in_memory {
                None
            } else {
                Some(Duration::from_secs(3600))
            })
            .connect_with(options)
            .await?;
        Ok(Db::Sqlite(pool))
    }

    pub fn engine(&self) -> Engine {
        match self {
            Db::Sqlite(_) => Engine::Sqlite,
            Db::Postgres(_) => Engine::Postgres,
        }
    }

    /// Applies every context's pending migrations, in order of version across contexts.
    pub async fn migrate(&self, sets: &[MigrationSet]) -> Result<(), sqlx::migrate::MigrateError> {
        for set in sets {
            let mut migrator = match self {
                Db::Sqlite(_) => clone_migrator(&set.sqlite),
                Db::Postgres(_) => clone_migrator(&set.postgres),
            };
            // Other contexts' migrations live in the same table; they are not "missing".
            migrator.set_ignore_missing(true);
            on_db!(self, pool => migrator.run(pool).await)?;
            tracing::debug!(context = set.context, "migrations applied");
        }
        Ok(())
    }

    /// Checks the connection (used by `/readyz`).
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        on_db!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    pub async fn close(&self) {
        on_db!(self, pool => pool.close().await)
    }
}

fn clone_migrator(m: &Migrator) -> Migrator {
    Migrator {
        migrations: m.migrations.clone(),
        ignore_missing: m.ignore_missing,
        locking: m.locking,
        no_tx: m.no_tx,
    }
}

/// Whether `err` is a unique-constraint violation. SQLite does not report constraint names, so callers
/// that need to know *which* constraint look the conflicting row up themselves.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::UniqueViolation)
}
