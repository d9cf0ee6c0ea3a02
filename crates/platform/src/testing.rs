//! Store tests run on both engines: SQLite always, PostgreSQL on the server at 127.0.0.1:5432 with a
//! fresh database per test.
//!
//! `BACKOFFICE_TEST_PG` overrides the server URL (default `postgres://postgres@127.0.0.1:5432`).
//! When PostgreSQL cannot be reached the PostgreSQL half is skipped with a loud notice, unless `CI` is
//! set (or `BACKOFFICE_REQUIRE_PG=1`): then it fails, so CI never skips it.

use crate::db::{Db, MigrationSet};
use sqlx::Connection;

fn pg_server_url() -> String {
    std::env::var("BACKOFFICE_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

fn postgres_required() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false")
        || std::env::var("BACKOFFICE_REQUIRE_PG").is_ok_and(|v| v == "1")
}

/// A fresh, migrated SQLite database in a temporary file (WAL needs a file, not `:memory:`).
pub async fn sqlite(sets: &[MigrationSet]) -> Db {
    let dir = std::env::temp_dir().join("backoffice-tests");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("{}.db", uuid::Uuid::new_v4()));
    let db = Db::connect(&format!("sqlite://{}", file.display()))
        .await
        .expect("sqlite connect");
    db.migrate(sets).await.expect("sqlite migrations");
    db
}

/// A fresh, migrated PostgreSQL database, or `None` (with a notice) when the server is unreachable
/// outside CI.
pub async fn postgres(sets: &[MigrationSet]) -> Option<Db> {
    let server = pg_server_url();
    let admin_url = format!("{server}/postgres");
    let mut admin = match sqlx::PgConnection::connect(&admin_url).await {
        Ok(c) => c,
        Err(e) if !postgres_required() => {
            eprintln!("NOTICE: PostgreSQL unreachable at {server} ({e}); the PostgreSQL half of this test was SKIPPED");
            return None;
        }
        Err(e) => panic!("PostgreSQL is required (CI) but unreachable at {server}: {e}"),
    };
    let name = format!("bo_test_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("create test database");
    let db = Db::connect(&format!("{server}/{name}"))
        .await
        .expect("postgres connect");
    db.migrate(sets).await.expect("postgres migrations");
    Some(db)
}

/// Both engines: SQLite always, PostgreSQL when reachable (always in CI).
pub async fn engines(sets: &[MigrationSet]) -> Vec<Db> {
    let mut dbs = vec![sqlite(sets).await];
    dbs.extend(postgres(sets).await);
    dbs
}
