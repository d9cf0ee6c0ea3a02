//! Tests on both engines, and a context's API served as the server serves it ([`TestApi`]).
//!
//! Store tests run on both engines: SQLite always, PostgreSQL on the server at 127.0.0.1:5432 with a
//! fresh database per test.
//!
//! `BACKOFFICE_TEST_PG` overrides the server URL (default `postgres://postgres@127.0.0.1:5432`).
//! When PostgreSQL cannot be reached the PostgreSQL half is skipped with a loud notice, unless `CI` is
//! set (or `BACKOFFICE_REQUIRE_PG=1`): then it fails, so CI never skips it.

pub mod smtp;

use std::sync::Arc;

use futures::future::BoxFuture;
use poem::endpoint::BoxEndpoint;
use poem::http::{Method, StatusCode};
use poem::test::TestClient;
use poem::Response;
use poem_openapi::{OpenApi, OpenApiService};
use serde_json::Value;
use sqlx::Connection;

use crate::access::{Permission, Principal, Role, RoleFlags, SIGNED_IN};
use crate::api::{AccessTable, Authenticator};
use crate::clock::ManualClock;
use crate::config::Config;
use crate::context::{Context, Platform, Started};
use crate::db::Db;
use crate::error::Error;
use crate::migrate::Migrations;

fn pg_server_url() -> String {
    std::env::var("BACKOFFICE_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

fn postgres_required() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false")
        || std::env::var("BACKOFFICE_REQUIRE_PG").is_ok_and(|v| v == "1")
}

/// The name of a set of migrations: the same contexts, versions and SQL give the same key. A test database is
/// copied from a template migrated once per key (per run: `scripts/test.sh` removes the templates), because
/// running every context's migrations again for each of the ~1,600 test databases of a run cost minutes.
/// `DefaultHasher::new()` has fixed keys, so every test process computes the same key for the same set.
fn template_key(sets: &[Migrations]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for set in sets {
        set.context.hash(&mut hasher);
        for file in set.files {
            (file.version, file.sqlite, file.postgres).hash(&mut hasher);
        }
    }
    format!("{:016x}", hasher.finish())
}

/// A fresh, migrated SQLite database in a temporary file (WAL needs a file, not `:memory:`): a copy of the
/// set's template file.
pub async fn sqlite(sets: &[Migrations]) -> Db {
    let dir = std::env::temp_dir().join("backoffice-tests");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let template = dir.join(format!("template-{}.db", template_key(sets)));
    if !template.exists() {
        build_sqlite_template(sets, &dir, &template).await;
    }
    let file = dir.join(format!("{}.db", uuid::Uuid::new_v4()));
    std::fs::copy(&template, &file).expect("copy the SQLite template");
    Db::connect(&format!("sqlite://{}", file.display()))
        .await
        .expect("sqlite connect")
}

/// Migrates a file of its own, folds its WAL in and renames it to `template`: a rename is atomic, so a
/// process never copies a half-built template (two processes that build one at once write equal files).
async fn build_sqlite_template(
    sets: &[Migrations],
    dir: &std::path::Path,
    template: &std::path::Path,
) {
    let building = dir.join(format!("building-{}.db", uuid::Uuid::new_v4()));
    let db = Db::connect(&format!("sqlite://{}", building.display()))
        .await
        .expect("sqlite connect");
    db.migrate(sets).await.expect("sqlite migrations");
    if let Db::Sqlite(pool) = &db {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(pool)
            .await
            .expect("checkpoint the template");
    }
    db.close().await;
    std::fs::rename(&building, template).expect("publish the SQLite template");
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", building.display()));
    }
}

/// A fresh, migrated PostgreSQL database (a copy of the set's template database), or `None` (with a notice)
/// when the server is unreachable outside CI.
pub async fn postgres(sets: &[Migrations]) -> Option<Db> {
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
    let template = format!("bo_tpl_{}", template_key(sets));
    if !database_exists(&mut admin, &template).await {
        build_postgres_template(sets, &server, &mut admin, &template).await;
    }
    let name = format!("bo_test_{}", uuid::Uuid::new_v4().simple());
    // The template's builder may still be leaving it (a closed connection's backend ends a moment later).
    while_in_use(
        &mut admin,
        &format!("CREATE DATABASE {name} TEMPLATE {template}"),
    )
    .await;
    Some(
        Db::connect(&format!("{server}/{name}"))
            .await
            .expect("postgres connect"),
    )
}

async fn database_exists(admin: &mut sqlx::PgConnection, name: &str) -> bool {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
        .bind(name)
        .fetch_one(admin)
        .await
        .expect("look the database up in pg_database")
}

/// Migrates a database of its own and renames it to `template` (atomic: a half-built template is never
/// copied); when another process published the template first, this one's copy is dropped.
async fn build_postgres_template(
    sets: &[Migrations],
    server: &str,
    admin: &mut sqlx::PgConnection,
    template: &str,
) {
    let building = format!("bo_tpl_building_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {building}"))
        .execute(&mut *admin)
        .await
        .expect("create the template database");
    let db = Db::connect(&format!("{server}/{building}"))
        .await
        .expect("postgres connect");
    db.migrate(sets).await.expect("postgres migrations");
    db.close().await;
    let statement = if database_exists(admin, template).await {
        format!("DROP DATABASE {building}")
    } else {
        format!("ALTER DATABASE {building} RENAME TO {template}")
    };
    if !while_in_use(admin, &statement).await {
        // Another process renamed its copy to the same name in between: this copy is not needed.
        while_in_use(admin, &format!("DROP DATABASE {building}")).await;
    }
}

/// Runs `statement`, again while PostgreSQL says a database it names is in use (55006: a closed connection's
/// backend has not ended yet). Returns false when the name it creates already exists.
async fn while_in_use(admin: &mut sqlx::PgConnection, statement: &str) -> bool {
    for _ in 0..500 {
        match sqlx::query(statement).execute(&mut *admin).await {
            Ok(_) => return true,
            // 42P04 duplicate_database; two renames to one name at once meet at the catalog's unique index (23505).
            Err(sqlx::Error::Database(e))
                if matches!(e.code().as_deref(), Some("42P04" | "23505")) =>
            {
                return false
            }
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("55006") => {
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            Err(e) => panic!("{statement}: {e}"),
        }
    }
    panic!("{statement}: the database stayed in use for 5 s");
}

/// Both engines: SQLite always, PostgreSQL when reachable (always in CI).
pub async fn engines(sets: &[Migrations]) -> Vec<Db> {
    let mut dbs = vec![sqlite(sets).await];
    dbs.extend(postgres(sets).await);
    dbs
}

/// Fails naming every difference when the two engines' migrations leave different tables, columns or
/// nullability (a column added to one engine's file only).
pub async fn assert_same_schema(sets: &[Migrations]) {
    let sqlite = sqlite(sets).await.schema().await.expect("SQLite schema");
    let Some(pg) = postgres(sets).await else {
        return;
    };
    let postgres = pg.schema().await.expect("PostgreSQL schema");
    let mut differences = Vec::new();
    for table in sqlite
        .keys()
        .chain(postgres.keys())
        .collect::<std::collections::BTreeSet<_>>()
    {
        match (sqlite.get(table), postgres.get(table)) {
            (Some(a), Some(b)) if a != b => differences.push(format!(
                "{table}: SQLite has {a:?}, PostgreSQL has {b:?} (column → nullable)"
            )),
            (Some(_), None) => differences.push(format!("{table}: only on SQLite")),
            (None, Some(_)) => differences.push(format!("{table}: only on PostgreSQL")),
            _ => {}
        }
    }
    assert!(
        differences.is_empty(),
        "the engines' migrations disagree:\n{}",
        differences.join("\n")
    );
}

/// A context's API over a fresh database, served as the server serves it ([`crate::api::host`]: declared
/// permissions enforced, JSON errors), signed in through [`RoleTokens`].
pub struct TestApi<C: Context> {
    pub context: Arc<C>,
    pub client: TestClient<BoxEndpoint<'static, Response>>,
    pub db: Db,
    /// The clock the context was given: tests move time with it instead of sleeping.
    pub clock: Arc<ManualClock>,
    /// What the context was started on (its jobs, to run them with `run_until_idle`).
    pub platform: Platform,
    /// The contexts started before it.
    pub started: Started,
}

/// The contexts a context under test needs started before it: `()`, `(Identity,)`, `(A, B)`.
pub trait Dependencies {
    fn migrations() -> Vec<Migrations>;
    /// The permissions the dependencies declare: an operation may be held by one of them (sales' plugin
    /// operations take crm's `crm_plugin`), as the server's table knows every context's.
    fn permissions() -> Vec<&'static Permission>;
    fn start<'a>(platform: &'a Platform, started: &'a mut Started) -> BoxFuture<'a, ()>;
}

impl Dependencies for () {
    fn migrations() -> Vec<Migrations> {
        Vec::new()
    }

    fn permissions() -> Vec<&'static Permission> {
        Vec::new()
    }

    fn start<'a>(_platform: &'a Platform, _started: &'a mut Started) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }
}

macro_rules! dependencies {
    ($($d:ident),+) => {
        impl<$($d: Context),+> Dependencies for ($($d,)+) {
            fn migrations() -> Vec<Migrations> {
                vec![$($d::migrations()),+]
            }

            fn permissions() -> Vec<&'static Permission> {
                [$($d::permissions()),+].concat()
            }

            fn start<'a>(platform: &'a Platform, started: &'a mut Started) -> BoxFuture<'a, ()> {
                Box::pin(async move {
                    $(
                        let context = Arc::new($d::start(platform, started).await
                            .unwrap_or_else(|e| panic!("{} did not start: {e}", $d::NAME)));
                        started.insert(context);
                    )+
                })
            }
        }
    };
}

dependencies!(A);
dependencies!(A, B);
dependencies!(A, B, C);
dependencies!(A, B, C, D);

impl<C: Context> TestApi<C> {
    /// One per engine: SQLite always, PostgreSQL when reachable (always in CI). For a context that
    /// starts without other contexts.
    pub async fn on_each_engine() -> Vec<TestApi<C>> {
        Self::on_each_engine_after::<()>().await
    }

    /// One per engine, with the contexts `D` started first (what `C` uses through `Started::get`).
    pub async fn on_each_engine_after<D: Dependencies>() -> Vec<TestApi<C>> {
        let mut apis = Vec::new();
        for db in engines(&Self::migrations_after::<D>()).await {
            apis.push(Self::start_after::<D>(db).await);
        }
        apis
    }

    /// The platform's migrations, `D`'s and `C`'s.
    pub fn migrations_after<D: Dependencies>() -> Vec<Migrations> {
        let mut sets = vec![crate::migrations()];
        sets.extend(D::migrations());
        sets.push(C::migrations());
        sets
    }

    pub async fn start(db: Db) -> TestApi<C> {
        Self::start_after::<()>(db).await
    }

    pub async fn start_after<D: Dependencies>(db: Db) -> TestApi<C> {
        Self::start_configured::<D>(db, config()).await
    }

    /// With a configuration of the test's own (a local FCM server, say).
    pub async fn start_configured<D: Dependencies>(db: Db, config: Config) -> TestApi<C> {
        let clock = ManualClock::starting_now();
        let platform = Platform::new(db.clone(), Arc::new(config), clock.clone())
            .unwrap_or_else(|e| panic!("platform: {e}"));
        let mut started = Started::default();
        D::start(&platform, &mut started).await;
        let context = Arc::new(
            C::start(&platform, &started)
                .await
                .unwrap_or_else(|e| panic!("{} did not start: {e}", C::NAME)),
        );
        for handler in context.jobs() {
            platform.jobs.register(handler);
        }
        for consumer in context.consumers() {
            platform.jobs.subscribe(consumer);
        }
        let mut known: Vec<&'static Permission> = vec![&SIGNED_IN];
        known.extend(C::permissions());
        known.extend(D::permissions());
        // The navigation permissions a context's operations may name (`remessa_cobranca`…).
        known.extend(crate::access::PLATFORM_PERMISSIONS.iter().copied());
        let table = AccessTable::new(<C::Api as OpenApi>::meta(), &known)
            .unwrap_or_else(|e| panic!("{}: {e}", C::NAME));
        let service = OpenApiService::new(context.api(), C::NAME, "test");
        let endpoint = crate::api::host(service, Arc::new(table), Arc::new(RoleTokens));
        TestApi {
            context,
            client: TestClient::new(endpoint),
            db,
            clock,
            platform,
            started,
        }
    }

    /// `SQLite` or `Postgres`, for assertion messages.
    pub fn engine(&self) -> String {
        format!("{:?}", self.db.engine())
    }

    /// Sends a request with `token` (see [`RoleTokens`]) and returns the status and the JSON body
    /// (`null` when empty).
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let method = Method::from_bytes(method.as_bytes()).expect("an HTTP method");
        let mut req = self.client.request(method, path);
        if let Some(token) = token {
            req = req.header("Authorization", format!("Bearer {token}"));
        }
        if let Some(body) = body {
            req = req.body_json(&body);
        }
        let resp = req.send().await;
        let status = resp.0.status();
        let text = resp.0.into_body().into_string().await.expect("body");
        let value = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        (status, value)
    }
}

/// The default configuration, with files kept in a fresh temporary directory.
pub fn config() -> Config {
    config_with(&[])
}

/// The default configuration with some variables set (files in a fresh temporary directory).
pub fn config_with(vars: &[(&str, &str)]) -> Config {
    let files = std::env::temp_dir()
        .join("backoffice-test-files")
        .join(uuid::Uuid::new_v4().simple().to_string());
    let files = files.display().to_string();
    Config::from_lookup(|k| {
        vars.iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.to_string())
            .or_else(|| (k == "BACKOFFICE_FILES_DIR").then(|| files.clone()))
    })
    .expect("test configuration")
}

/// A signed-in administrator named `name`, for services that record who acted.
pub fn principal(uid: &str, name: &str) -> Principal {
    Principal {
        uid: uid.to_string(),
        email: format!("{uid}@example.com.br"),
        name: name.to_string(),
        role: Some(Role::Admin),
        flags: RoleFlags::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

/// Test sign-in: the bearer token names the role (`ADMIN`, `STOCK_KEEPER`…; `NOROLE` has none), optionally
/// followed by flags: `SALESPERSON+hub+dispatch+approval+conciliation`. The uid is `uid-<token>`.
pub struct RoleTokens;

impl Authenticator for RoleTokens {
    fn authenticate<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, Error>> {
        Box::pin(async move {
            let mut parts = token.split('+');
            let role =
                match parts.next().unwrap_or("") {
                    "NOROLE" => None,
                    name => Some(Role::parse(name).ok_or_else(|| {
                        Error::unauthenticated("nao_autenticado", "token inválido")
                    })?),
                };
            let mut flags = RoleFlags::default();
            let mut access_hub = false;
            for flag in parts {
                match flag {
                    "hub" => access_hub = true,
                    "dispatch" => flags.can_see_dispatch = true,
                    "approval" => flags.can_approval_dispatch = true,
                    "conciliation" => flags.can_see_conciliation = true,
                    other => panic!("unknown test flag {other}"),
                }
            }
            Ok(Principal {
                uid: format!("uid-{token}"),
                email: format!("{}@example.com.br", token.to_lowercase().replace('+', ".")),
                name: token.to_string(),
                role,
                flags,
                access_hub,
                session_id: None,
                firebase_uid: None,
                held: None,
            })
        })
    }
}
