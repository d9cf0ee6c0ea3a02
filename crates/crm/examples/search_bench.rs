//! Loads generated clients and times the list queries the API runs, on either engine.
//!
//! ```text
//! cargo run -p crm --example search_bench -- sqlite:///tmp/crm-bench.db 1000000
//! cargo run -p crm --example search_bench -- postgres://postgres@127.0.0.1:5432/crm_bench 1000000
//! ```
//! (The PostgreSQL database must exist.) Times are per query through `Clients::list`, without HTTP.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crm::domain::{search_terms, ClientFilter, Sort};
use crm::service::ListQuery;
use crm::{ClientStatus, Clients, Crm};
use platform::clock::SystemClock;
use platform::db::Db;
use platform::{on_db, Context};

const RUNS: usize = 40;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let url = args
        .get(1)
        .ok_or("usage: search_bench <database url> [rows]")?;
    let rows: usize = args
        .get(2)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(1_000_000);
    let db = Db::connect(url).await?;
    db.migrate(&[
        platform::migrations(),
        identity::Identity::migrations(),
        Crm::migrations(),
    ])
    .await?;
    // The clients service as the server starts it (it reads the sales organisation through identity).
    let config = platform::testing::config();
    let platform = platform::Platform::new(db.clone(), Arc::new(config), Arc::new(SystemClock))?;
    let mut started = platform::context::Started::default();
    started.insert(Arc::new(
        identity::Identity::start(&platform, &started).await?,
    ));
    let crm = Crm::start(&platform, &started).await?;
    let clients = crm.clients().clone();
    load(&db, &clients, rows).await?;
    let rare = rare_document(&db).await?;
    let cases: Vec<(String, ListQuery)> = vec![
        (
            "q=silva, no total, page_size=50".into(),
            query("silva", None, Sort::NameAsc, 50, 0, false),
        ),
        (
            "q=silva, with total".into(),
            query("silva", None, Sort::NameAsc, 20, 0, true),
        ),
        (
            "q=silva, page 50".into(),
            query("silva", None, Sort::NameAsc, 20, 980, false),
        ),
        (
            format!("q={rare} (one document)"),
            query(&rare, None, Sort::NameAsc, 20, 0, true),
        ),
        (
            "q=zzzz (no match)".into(),
            query("zzzz", None, Sort::NameAsc, 20, 0, true),
        ),
        (
            "no q, with total".into(),
            query("", None, Sort::NameAsc, 20, 0, true),
        ),
        (
            "status=inactive, -created_at".into(),
            query(
                "",
                Some(ClientStatus::Inactive),
                Sort::CreatedDesc,
                20,
                0,
                true,
            ),
        ),
    ];
    println!("engine {:?}, {} rows", db.engine(), count(&db).await?);
    for (label, q) in cases {
        let mut times = Vec::with_capacity(RUNS);
        let mut found = 0;
        for _ in 0..RUNS {
            let start = Instant::now();
            let page = clients.list(&q).await.map_err(|e| e.message)?;
            times.push(start.elapsed());
            found = page.items.len();
        }
        times.sort();
        println!(
            "{label:40} items={found:3} p50={:8.3} ms p99={:8.3} ms",
            ms(times[RUNS / 2]),
            ms(times[RUNS * 99 / 100])
        );
    }
    Ok(())
}

async fn count(db: &Db) -> Result<i64, sqlx::Error> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM crm_clients").fetch_one(pool).await)
}

async fn load(db: &Db, clients: &Clients, rows: usize) -> Result<(), Box<dyn std::error::Error>> {
    let have = usize::try_from(count(db).await?)?;
    if have >= rows {
        return Ok(());
    }
    let start = Instant::now();
    let inserted = clients
        .bulk_load(rows - have)
        .await
        .map_err(|e| e.message)?;
    println!(
        "loaded {inserted} rows in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    on_db!(db, pool => sqlx::query("ANALYZE").execute(pool).await.map(|_| ()))?;
    Ok(())
}

async fn rare_document(db: &Db) -> Result<String, sqlx::Error> {
    on_db!(db, pool => sqlx::query_scalar("SELECT document FROM crm_clients ORDER BY id DESC LIMIT 1").fetch_one(pool).await)
}

fn query(
    q: &str,
    status: Option<ClientStatus>,
    sort: Sort,
    limit: i64,
    offset: i64,
    with_total: bool,
) -> ListQuery {
    let filter = ClientFilter {
        terms: search_terms(q),
        status,
        ..ClientFilter::default()
    };
    ListQuery {
        filter,
        sort,
        limit,
        offset,
        q: Some(q.to_string()),
        with_total,
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
