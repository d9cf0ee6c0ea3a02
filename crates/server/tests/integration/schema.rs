//! Every registered context's migrations leave the same tables, columns and nullability on SQLite and on
//! PostgreSQL (per-engine files exist only where the SQL must differ, and must not drift apart).

#[tokio::test]
async fn both_engines_have_the_same_tables_and_columns() {
    platform::testing::assert_same_schema(&server::app::migrations()).await;
}

#[test]
fn migration_versions_are_unique_across_contexts() {
    let repeated = platform::migrate::duplicate_versions(&server::app::migrations());
    assert!(repeated.is_empty(), "versions used twice: {repeated:?}");
}
