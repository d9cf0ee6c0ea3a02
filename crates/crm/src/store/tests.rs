//! The search planner against the real engines: whichever way a page is read, it returns exactly what a
//! full scan finds. (The API's behaviour is tested through HTTP in `tests/integration/clients_api.rs`.)

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

/// The done activities' counts per (person, business date, kind) that the triggers keep equal the activities
/// grouped, on both engines, after every kind of write: done and open inserts either side of São Paulo's midnight
/// (03:00 UTC), a completion, a done activity moved to another person, another kind and another day, one reopened
/// and one deleted.
#[tokio::test]
async fn the_activity_day_counts_kept_by_triggers_equal_the_activities_grouped() {
    use super::comparison::{activities_by_scan, activities_kept, Who};
    use chrono::{DateTime, TimeZone, Utc};

    let at = |d: u32, h: u32, m: u32| Utc.with_ymd_and_hms(2026, 3, d, h, m, 0).unwrap();
    for db in engines().await {
        let insert = |id: &'static str,
                      kind: &'static str,
                      owner: &'static str,
                      done: Option<DateTime<Utc>>| {
            let db = &db;
            async move {
                let due = at(10, 12, 0);
                let sql = "INSERT INTO crm_activities (id, kind, subject, owner_id, due_at, done_at, outcome, \
                           origin, version, created_at, created_by, updated_at, updated_by) \
                           VALUES ($1, $2, 'Contato', $3, $4, $5, $6, 'manual', 1, $7, 'teste', $8, 'teste')";
                let outcome = done.map(|_| "atendeu");
                on_db!(db, pool => sqlx::query(sql).bind(id).bind(kind).bind(owner).bind(due).bind(done)
                    .bind(outcome).bind(due).bind(due).execute(pool).await.map(|_| ()))
                .unwrap();
            }
        };
        // A statement, with one timestamp bound when it has one.
        let exec = |sql: &'static str, t: Option<DateTime<Utc>>| {
            let db = &db;
            async move {
                match t {
                    Some(t) => {
                        on_db!(db, pool => sqlx::query(sql).bind(t).execute(pool).await.map(|_| ()))
                    }
                    None => on_db!(db, pool => sqlx::query(sql).execute(pool).await.map(|_| ())),
                }
                .unwrap();
            }
        };
        insert("a1", "ligacao", "ana", Some(at(10, 2, 59))).await; // 09/03 in São Paulo
        insert("a2", "ligacao", "ana", Some(at(10, 3, 0))).await; // 10/03
        insert("a3", "ligacao", "ana", Some(at(10, 15, 0))).await;
        insert("a4", "email", "bia", Some(at(11, 12, 0))).await;
        insert("a5", "visita", "bia", None).await;
        insert("a6", "tarefa", "caio", Some(at(12, 9, 0))).await;
        insert("a7", "reuniao", "caio", Some(at(12, 10, 0))).await;
        let people: Vec<String> = ["ana", "bia", "caio"].map(String::from).to_vec();
        let (from, to) = (at(1, 3, 0), at(31, 3, 0));
        let check = |step: &'static str| {
            let (db, people) = (&db, &people);
            async move {
                let sorted = |mut g: Vec<(
                    String,
                    chrono::NaiveDate,
                    crate::domain::comparison::DayEvents,
                )>| {
                    g.sort_by_key(|(o, d, e)| (o.clone(), *d, e.activities));
                    g
                };
                let kept = sorted(
                    activities_kept(db, Who::People(people), from, to)
                        .await
                        .unwrap(),
                );
                let scan = sorted(
                    activities_by_scan(db, Who::People(people), from, to)
                        .await
                        .unwrap(),
                );
                assert_eq!(kept, scan, "{} after {step}", engine(db));
                kept
            }
        };
        let first = check("the inserts").await;
        assert_eq!(first.len(), 5, "{first:?}");
        exec(
            "UPDATE crm_activities SET done_at = $1, outcome = 'atendeu' WHERE id = 'a5'",
            Some(at(11, 18, 0)),
        )
        .await;
        check("a completion").await;
        exec(
            "UPDATE crm_activities SET owner_id = 'bia' WHERE id = 'a2'",
            None,
        )
        .await;
        exec(
            "UPDATE crm_activities SET kind = 'email' WHERE id = 'a3'",
            None,
        )
        .await;
        exec(
            "UPDATE crm_activities SET done_at = $1 WHERE id = 'a4'",
            Some(at(13, 4, 0)),
        )
        .await;
        check("a change of person, kind and day").await;
        exec(
            "UPDATE crm_activities SET done_at = NULL, outcome = NULL WHERE id = 'a6'",
            None,
        )
        .await;
        exec("DELETE FROM crm_activities WHERE id = 'a7'", None).await;
        let last = check("a reopening and a deletion").await;
        // Caio has nothing done left; the rows that went to zero are not read.
        assert!(last.iter().all(|(o, _, _)| o != "caio"), "{last:?}");
        // The range is by business date: 09/03 in São Paulo (02:59 UTC on the 10th) is outside a range from the 10th.
        let from_10th = activities_kept(&db, Who::People(&people), at(10, 3, 0), to)
            .await
            .unwrap();
        let scan_10th = activities_by_scan(&db, Who::People(&people), at(10, 3, 0), to)
            .await
            .unwrap();
        assert_eq!(from_10th.len(), scan_10th.len(), "{}", engine(&db));
        let tenth = chrono::NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        assert!(
            from_10th.iter().all(|(_, d, _)| *d >= tenth),
            "{from_10th:?}"
        );
    }
}
