//! The `backoffice` binary as an operator runs it.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_backoffice");

fn temp_db() -> (tempdir::Dir, String) {
    let dir = tempdir::Dir::new();
    let url = format!("sqlite://{}/b.db", dir.0.display());
    (dir, url)
}

mod tempdir {
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new() -> Dir {
            let p = std::env::temp_dir().join(format!("bo-cli-{}", uuid::Uuid::new_v4()));
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn run(args: &[&str], db: &str) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .env("BACKOFFICE_DATABASE_URL", db)
        .output()
        .unwrap()
}

#[test]
fn committed_openapi_is_current() {
    let out = Command::new(BIN).arg("openapi").output().unwrap();
    assert!(out.status.success());
    let generated: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let committed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../openapi/openapi.json"
        ))
        .unwrap(),
    )
    .unwrap();
    assert!(
        generated == committed,
        "openapi/openapi.json is stale: run `backoffice openapi --out openapi/openapi.json`"
    );
    // Every operation has an id and a tag, and bearer security is declared.
    for (path, ops) in generated["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            assert!(
                op["operationId"].is_string(),
                "{method} {path} has no operationId"
            );
            assert!(
                op["tags"].as_array().is_some_and(|t| !t.is_empty()),
                "{method} {path} has no tag"
            );
        }
    }
    assert_eq!(
        generated["components"]["securitySchemes"]["BearerAuth"]["scheme"],
        "bearer"
    );
}

#[test]
fn users_create_prints_the_uid_and_explains_bad_input() {
    let (_dir, db) = temp_db();
    let out = run(
        &[
            "users",
            "create",
            "--email",
            "ops@x.com.br",
            "--name",
            "Ops",
            "--role",
            "ADMIN",
            "--password",
            "Senha@123",
            "--access-hub",
            "--can-see-dispatch",
        ],
        &db,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let uid = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert_eq!(uid.len(), 32, "uid: {uid}");
    let bad_role = run(
        &[
            "users",
            "create",
            "--email",
            "a@x.com.br",
            "--name",
            "A",
            "--role",
            "CHEFE",
            "--password",
            "Senha@123",
        ],
        &db,
    );
    assert_eq!(bad_role.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad_role.stderr).contains("--role inválido"));
    let dup = run(
        &[
            "users",
            "create",
            "--email",
            "OPS@x.com.br",
            "--name",
            "Ops",
            "--role",
            "ADMIN",
            "--password",
            "Senha@123",
        ],
        &db,
    );
    assert_eq!(dup.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&dup.stderr).contains("Já existe"));
}

#[test]
fn demo_data_prints_credentials_and_is_idempotent() {
    let (_dir, db) = temp_db();
    let first = run(&["demo-data"], &db);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = String::from_utf8(first.stdout).unwrap();
    assert!(
        text.contains("Demo@2026") && text.contains("legal-assistant@demo.backoffice.com.br"),
        "{text}"
    );
    let second = String::from_utf8(run(&["demo-data"], &db).stdout).unwrap();
    assert!(
        second.contains("já existia") && !second.contains(" criado"),
        "{second}"
    );
    // Every procedure of the demo catalog (sales) has a bill of materials in stock, except the one the stock demo
    // keeps without, for "Procedimento sem base de cálculo".
    let without_bom: Vec<String> = tokio::runtime::Runtime::new().unwrap().block_on(async {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&db).await.unwrap();
        sqlx::query_scalar(
            "SELECT procedure_code FROM sales_catalog_items WHERE kind = 'procedimento' \
             AND procedure_code NOT IN (SELECT procedure_code FROM stock_boms) ORDER BY 1",
        )
        .fetch_all(&mut conn)
        .await
        .unwrap()
    });
    assert_eq!(without_bom, ["PEELING-QUIMICO"]);
}

#[test]
fn serve_becomes_ready_and_stops_gracefully() {
    let (_dir, db) = temp_db();
    assert!(run(&["migrate"], &db).status.success());
    let port = free_port();
    let mut child = Command::new(BIN)
        .arg("serve")
        .env("BACKOFFICE_DATABASE_URL", &db)
        .env("BACKOFFICE_PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut ready = false;
    while Instant::now() < deadline && !ready {
        ready = http_get(port, "/readyz").is_some_and(|r| r.starts_with("HTTP/1.1 200"));
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(ready, "server never became ready");
    assert!(http_get(port, "/healthz").unwrap().ends_with("ok"));
    let head = http_request(port, "HEAD", "/healthz").unwrap();
    assert!(
        head.starts_with("HTTP/1.1 200") && !head.ends_with("ok"),
        "{head}"
    );
    let config = http_get(port, "/runtime-config.json").unwrap();
    assert!(
        config.contains("\"provider\":\"embedded\"")
            && config.contains("/remotes/crm/remoteEntry.js"),
        "{config}"
    );
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let status = wait_with_timeout(&mut child, Duration::from_secs(15))
        .expect("server did not stop on SIGTERM");
    assert!(status.success(), "exit status {status}");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn http_get(port: u16, path: &str) -> Option<String> {
    http_request(port, "GET", path)
}

fn http_request(port: u16, method: &str, path: &str) -> Option<String> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut out = String::new();
    s.read_to_string(&mut out).ok()?;
    Some(out)
}

fn wait_with_timeout(
    child: &mut std::process::Child,
    timeout: Duration,
) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().ok()? {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    None
}

#[test]
fn banking_subcommands_are_reachable_through_the_binary() {
    // The linha digitável of banking.md's check example: decoded, every check digit holds.
    let out = Command::new(BIN)
        .args([
            "banking",
            "decode",
            "00190.00009 01238.798779 77700.168188 2 37690000013500",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["codigo_barras"], "00192376900000135000000001238798777770016818",
        "{v}"
    );
    let bad = Command::new(BIN)
        .args(["banking", "decode", "123"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let unknown = Command::new(BIN)
        .args(["banking", "nada"])
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stdout).contains("subcomando desconhecido"));
}
