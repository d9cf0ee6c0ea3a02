//! The parity check itself: it passes when the engines agree and names the difference when they do not.

use platform::migrate::{MigrationFile, Migrations};

static AGREE: &[MigrationFile] = &[MigrationFile {
    version: 20990101000000,
    description: "parity agree",
    sqlite: Some("CREATE TABLE parity_t (id TEXT PRIMARY KEY, amount BIGINT NOT NULL, note TEXT)"),
    postgres: Some(
        "CREATE TABLE parity_t (id TEXT PRIMARY KEY, amount BIGINT NOT NULL, note TEXT)",
    ),
}];

/// The PostgreSQL file forgot a column, and made another nullable.
static DRIFT: &[MigrationFile] = &[MigrationFile {
    version: 20990101000001,
    description: "parity drift",
    sqlite: Some("CREATE TABLE parity_d (id TEXT PRIMARY KEY, amount BIGINT NOT NULL, note TEXT)"),
    postgres: Some("CREATE TABLE parity_d (id TEXT PRIMARY KEY, amount BIGINT)"),
}];

fn set(files: &'static [MigrationFile]) -> [Migrations; 1] {
    [Migrations {
        context: "parity",
        files,
    }]
}

#[tokio::test]
async fn agreeing_engines_pass() {
    platform::testing::assert_same_schema(&set(AGREE)).await;
}

#[tokio::test]
#[should_panic(expected = "parity_d: SQLite has")]
async fn a_column_on_one_engine_only_fails() {
    // Without PostgreSQL there is nothing to compare: make the run require it.
    std::env::set_var("BACKOFFICE_REQUIRE_PG", "1");
    platform::testing::assert_same_schema(&set(DRIFT)).await;
}
