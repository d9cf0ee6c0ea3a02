//! The search planner against the real engines: whichever way a page is read, it returns exactly what a
//! full scan finds. (The API's behaviour is tested through HTTP in `tests/clients_api.rs`.)

use platform::db::Db;
use platform::on_db;

use super::clients::{count_capped, list};
use super::search::{self, Plan, TrigramIndex};
use crate::domain::{ClientFilter, ClientStatus, Sort};

async fn engines() -> Vec<Db> {
    platform::testing::engines(&[<crate::Crm as platform::Context>::migrations()]).await
}

async fn full_scan_documents(db: &Db, term: &str) -> Vec<String> {
    let sql = "SELECT document FROM crm_clients WHERE status = 'active' AND search_text LIKE $1";
    let pattern = format!("%{term}%");
    let mut documents: Vec<String> =
        on_db!(db, pool => sqlx::query_scalar(sql).bind(&pattern).fetch_all(pool).await).unwrap();
    documents.sort();
    documents
}

fn engine(db: &Db) -> String {
    format!("{:?}", db.engine())
}

/// Each way of reading a page (walking the sort index; reading the rows holding some trigrams, as the
/// statistics choose them and as any trigrams of the term) returns exactly what a full scan finds, page
/// after page, and the capped count agrees.
#[tokio::test]
async fn every_plan_finds_what_a_full_scan_finds() {
    for db in engines().await {
        let db = &db;
        crate::demo::bulk_load(db, 300).await.unwrap();
        let stats = search::sample(db).await.unwrap();
        let index = TrigramIndex::of(db);
        for term in [
            "example",
            "silva",
            "a s",
            "lva | ",
            "9876",
            "@example.com",
            "zzzz",
        ] {
            let expected = full_scan_documents(db, term).await;
            let terms = vec![term.to_string()];
            let filter = ClientFilter {
                terms: terms.clone(),
                status: Some(ClientStatus::Active),
                ..ClientFilter::default()
            };
            let mut plans = vec![Plan::Walk, search::plan(&stats, index, &terms, 41)];
            // Every trigram the index can look up, one at a time.
            let chars: Vec<char> = term.chars().collect();
            for w in chars.windows(3) {
                let lookable =
                    index == TrigramIndex::Fts5 || w.iter().all(char::is_ascii_alphanumeric);
                if lookable {
                    plans.push(Plan::ByTrigrams(vec![vec![w.iter().collect()]]));
                }
            }
            let mut walk_order: Option<Vec<String>> = None;
            for plan in &plans {
                let mut found = Vec::new();
                for page in 0.. {
                    let (rows, more) = list(db, &filter, plan, Sort::NameDesc, 40, page * 40)
                        .await
                        .unwrap();
                    found.extend(rows.iter().map(|r| r.fields.document.as_str().to_string()));
                    if !more {
                        break;
                    }
                }
                // The same rows in the same order, whatever the plan.
                let order = walk_order.get_or_insert_with(|| found.clone());
                assert_eq!(&found, order, "{}: {term:?} {plan:?}", engine(db));
                found.sort();
                assert_eq!(found, expected, "{}: {term:?} {plan:?}", engine(db));
                let (count, capped) = count_capped(db, &filter, plan, 1000).await.unwrap();
                assert_eq!(
                    (count as usize, capped),
                    (expected.len(), false),
                    "{term:?} {plan:?}"
                );
            }
        }
        // Wildcards are literal: "%" and "_" find only themselves (no client has them).
        for term in ["%", "s_lva", "sil%a"] {
            let filter = ClientFilter {
                terms: vec![term.into()],
                ..ClientFilter::default()
            };
            let (rows, _) = list(db, &filter, &Plan::Walk, Sort::NameAsc, 10, 0)
                .await
                .unwrap();
            assert!(rows.is_empty(), "{term}: {}", rows.len());
        }
    }
}

/// Above 4,000 rows the statistics come from a sample (runs of rowids on SQLite, `TABLESAMPLE` on
/// PostgreSQL, where the row count is the planner's estimate once the table is analyzed).
#[tokio::test]
async fn search_statistics_sample_a_large_table() {
    for db in engines().await {
        crate::demo::bulk_load(&db, 6_000).await.unwrap();
        if let Db::Postgres(pool) = &db {
            sqlx::query("ANALYZE crm_clients")
                .execute(pool)
                .await
                .unwrap();
        }
        let (rows, sampled) = search::sample(&db).await.unwrap().size();
        assert!(
            (5_000.0..=7_000.0).contains(&rows),
            "{}: {rows}",
            engine(&db)
        );
        assert!(
            (1_000..6_000).contains(&sampled),
            "{}: {sampled}",
            engine(&db)
        );
    }
}
