//! The database handle: SQLite (embedded default) or PostgreSQL, chosen at run time from the URL.
//!
//! Queries are written once and run on either pool through [`on_db!`]: the body is compiled once per
//! engine, so each engine gets its own statically typed sqlx code. Plain SQL with `$1`-style placeholders
//! reads the same on both engines; where the dialects differ, branch on [`Db::engine`].

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};
use std::collections::BTreeMap;
use std::str::FromStr;

use crate::migrate::Migrations;
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

/// SQLite's page cache per connection, as `PRAGMA cache_size` (negative: KiB): 4 MB normally — the OS page
/// cache holds the file anyway, and at 16 MB an idle server that had served trigram searches kept ~63 MB
/// resident (docs/benchmarks.md) —, 64 MB inside a bulk transaction ([`Db::begin_bulk`]).
const NORMAL_CACHE_KIB: &str = "-4000";
const BULK_CACHE_KIB: &str = "-65536";
/// SQLite's default: a commit that leaves the WAL longer than this many pages checkpoints it.
const WAL_AUTOCHECKPOINT_PAGES: i64 = 1000;

/// A write transaction on either engine ([`Db::begin`]). Statements run on it through [`on_tx!`].
pub enum Tx {
    /// With the database's writer permit, held until the transaction ends (see [`Db::begin`]).
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>, WriterPermit),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// The permit to write to one SQLite database file, held by the one write transaction open on it in this process.
pub struct WriterPermit(#[allow(dead_code)] tokio::sync::OwnedSemaphorePermit);

/// How long a write transaction waits for the one before it on the same SQLite file (a 100,000-occurrence retorno
/// takes ~15 s).
const WRITER_WAIT: Duration = Duration::from_secs(60);

/// One writer permit per SQLite database file in this process.
///
/// SQLite has one writer at a time. Without this gate, a transaction waiting for the write lock (`BEGIN
/// IMMEDIATE` and its busy timeout) held a pool connection while it waited; with a few of them waiting, the
/// transaction that held the lock could not get a connection for a read it needed, and everyone waited until the
/// busy timeout failed them all ("database is locked" as a 500, seen on a freshly started server whose demo jobs
/// and first requests all wrote at once). Waiting here, before taking a connection, keeps the pool for readers.
fn writer_gate(pool: &SqlitePool) -> std::sync::Arc<tokio::sync::Semaphore> {
    use std::sync::{Arc, Mutex, OnceLock};
    static GATES: OnceLock<
        Mutex<std::collections::HashMap<std::path::PathBuf, Arc<tokio::sync::Semaphore>>>,
    > = OnceLock::new();
    let file = pool.connect_options().get_filename().to_path_buf();
    let mut gates = GATES
        .get_or_init(Default::default)
        .lock()
        .expect("writer gates");
    gates
        .entry(file)
        .or_insert_with(|| Arc::new(tokio::sync::Semaphore::new(1)))
        .clone()
}

/// Runs `$body` with `$conn` bound to the transaction's connection (`&mut SqliteConnection` or
/// `&mut PgConnection`); statements take it as `.execute(&mut *conn)`.
///
/// ```ignore
/// on_tx!(&mut tx, conn => sqlx::query("UPDATE …").execute(&mut *conn).await)?;
/// ```
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::db::Tx::Sqlite(t, _) => {
                let $conn = &mut **t;
                $body
            }
            $crate::db::Tx::Postgres(t) => {
                let $conn = &mut **t;
                $body
            }
        }
    };
}

impl Tx {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(t, _permit) => t.commit().await,
            Tx::Postgres(t) => t.commit().await,
        }
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(t, _permit) => t.rollback().await,
            Tx::Postgres(t) => t.rollback().await,
        }
    }

    pub fn engine(&self) -> Engine {
        match self {
            Tx::Sqlite(..) => Engine::Sqlite,
            Tx::Postgres(_) => Engine::Postgres,
        }
    }
}

impl Db {
    /// Starts a write transaction: one command's changes, its events, jobs, history and numbers commit or
    /// roll back together. On SQLite it first waits for the file's writer permit in this process ([`writer_gate`]),
    /// without holding a connection, then is `BEGIN IMMEDIATE`, which takes the write lock at once (waiting up to
    /// the busy timeout for another process), so two transactions never fail upgrading a read lock to a write lock.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        match self {
            Db::Sqlite(pool) => {
                let gate = writer_gate(pool);
                let permit = tokio::time::timeout(WRITER_WAIT, gate.acquire_owned())
                    .await
                    .map_err(|_| sqlx::Error::PoolTimedOut)?
                    .map_err(|_| sqlx::Error::PoolClosed)?;
                let tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                Ok(Tx::Sqlite(tx, WriterPermit(permit)))
            }
            Db::Postgres(pool) => Ok(Tx::Postgres(pool.begin().await?)),
        }
    }

    /// A write transaction for a bulk command (a retorno of 100,000 occurrences, a remessa, a batch of boletos).
    /// On SQLite its connection gets a 64 MB page cache while it runs: with the normal 4 MB, the pages such a
    /// transaction dirties spill to the WAL and are read back, which made a 20,000-line retorno ~1.7× slower
    /// (docs/benchmarks.md). The pool restores the normal cache when the connection is released.
    ///
    /// Its commit does not checkpoint: with automatic checkpoints on, the commit that leaves the WAL past 1,000
    /// pages copies the WAL into the database before it returns — for a 100,000-occurrence retorno some 2 s of
    /// the job's time. The copy runs instead when the connection goes back to the pool, which sqlx does in a
    /// task of its own, after the caller has its result (see `connect_sqlite`).
    pub async fn begin_bulk(&self) -> Result<Tx, sqlx::Error> {
        let mut tx = self.begin().await?;
        if let Tx::Sqlite(t, _) = &mut tx {
            sqlx::query(&format!("PRAGMA cache_size = {BULK_CACHE_KIB}"))
                .execute(&mut **t)
                .await?;
            sqlx::query("PRAGMA wal_autocheckpoint = 0")
                .execute(&mut **t)
                .await?;
        }
        Ok(tx)
    }

    /// Connects to `sqlite://path` (the file and its folder are created when missing) or `postgres://…`.
    pub async fn connect(url: &str) -> Result<Db, sqlx::Error> {
        if url.starts_with("sqlite:") {
            Self::connect_sqlite(url).await
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            // Every statement planned for its own values (`force_custom_plan`), as drivers without server-side
            // prepared statements get them. sqlx prepares and caches each statement per connection, and after five
            // runs PostgreSQL may switch to a generic plan built blind to the values, with the table statistics of
            // that moment: an `IN (…500 values…)` planned while a count's table was nearly empty stayed a filter of
            // every row against the list, linearly, and a 500-entry sync of a 50,000-line count took 2 s per query
            // instead of 15 ms (docs/benchmarks.md, "Stock: counts"). Planning anew costs well under a millisecond.
            // JIT off: PostgreSQL compiles a query whose estimated cost passes `jit_above_cost`, ~30 ms of LLVM
            // for each of the stock overview's reads of 25,000 policies — more than the query itself; nothing
            // here runs the long analytical queries JIT pays off on ("Stock: the overview").
            let options = PgConnectOptions::from_str(url)?
                .options([("plan_cache_mode", "force_custom_plan"), ("jit", "off")]);
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
            .pragma("cache_size", NORMAL_CACHE_KIB);
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
            // A bulk transaction (`begin_bulk`) widened its connection's cache and turned its automatic
            // checkpoints off; both go back to normal here, however the transaction ended, after the WAL it
            // grew is checkpointed (PASSIVE: readers and the next writer are never blocked). sqlx runs this in
            // its own task once the connection is dropped, so the bulk command's caller does not wait for it.
            .after_release(|conn, _| {
                Box::pin(async move {
                    sqlx::query(&format!("PRAGMA cache_size = {NORMAL_CACHE_KIB}"))
                        .execute(&mut *conn)
                        .await?;
                    let automatic: i64 = sqlx::query_scalar("PRAGMA wal_autocheckpoint")
                        .fetch_one(&mut *conn)
                        .await?;
                    if automatic == 0 {
                        sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query(&format!(
                            "PRAGMA wal_autocheckpoint = {WAL_AUTOCHECKPOINT_PAGES}"
                        ))
                        .execute(&mut *conn)
                        .await?;
                    }
                    Ok(true)
                })
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

    /// Applies every context's pending migrations, in version order across contexts.
    pub async fn migrate(&self, sets: &[Migrations]) -> Result<(), sqlx::migrate::MigrateError> {
        let migrator = crate::migrate::migrator(sets, self.engine());
        on_db!(self, pool => migrator.run(pool).await)
    }

    /// Every ordinary table with its columns and whether each may be NULL (sqlx's own migrations table
    /// left out): what the two engines are compared on.
    pub async fn schema(&self) -> Result<BTreeMap<String, BTreeMap<String, bool>>, sqlx::Error> {
        let rows: Vec<(String, String, bool)> = match self {
            Db::Sqlite(pool) => {
                sqlx::query_as(
                    // `table_list` tells ordinary tables from virtual ones and their shadows (an FTS5
                    // index is SQLite's own business). A primary key column is never NULL in PostgreSQL.
                    "SELECT t.name, p.name, p.\"notnull\" = 0 AND p.pk = 0 \
                     FROM pragma_table_list t JOIN pragma_table_info(t.name) p \
                     WHERE t.schema = 'main' AND t.type = 'table' AND t.name NOT LIKE 'sqlite_%' \
                     AND t.name <> '_sqlx_migrations'",
                )
                .fetch_all(pool)
                .await?
            }
            Db::Postgres(pool) => {
                sqlx::query_as(
                    "SELECT table_name::text, column_name::text, is_nullable = 'YES' \
                     FROM information_schema.columns \
                     WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations'",
                )
                .fetch_all(pool)
                .await?
            }
        };
        let mut tables: BTreeMap<String, BTreeMap<String, bool>> = BTreeMap::new();
        for (table, column, nullable) in rows {
            tables.entry(table).or_default().insert(column, nullable);
        }
        Ok(tables)
    }

    /// Checks the connection (used by `/readyz`).
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        on_db!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    pub async fn close(&self) {
        on_db!(self, pool => pool.close().await)
    }
}

/// Whether `err` is a unique-constraint violation. SQLite does not report constraint names, so callers
/// that need to know *which* constraint look the conflicting row up themselves.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::UniqueViolation)
}
