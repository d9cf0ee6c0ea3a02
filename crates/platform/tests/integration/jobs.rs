//! Jobs and events on both engines: written in the caller's transaction, run, retried with backoff,
//! dead after the last attempt, retried or cancelled by hand, taken over when a worker dies, consumed once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use chrono::Duration as Span;
use platform::clock::ManualClock;
use platform::db::Db;
use platform::error::Error;
use platform::jobs::{
    Consumer, Event, JobHandler, JobOptions, JobOutcome, JobStatus, Jobs, Worker,
};
use platform::{on_db, on_tx};
use serde::{Deserialize, Serialize};

async fn engines() -> Vec<Db> {
    let dbs = platform::testing::engines(&[platform::migrations()]).await;
    for db in &dbs {
        on_db!(db, pool => sqlx::query("CREATE TABLE effects (job_id TEXT NOT NULL, note TEXT NOT NULL)")
            .execute(pool).await.map(|_| ()))
        .unwrap();
    }
    dbs
}

fn jobs(db: &Db) -> (Jobs, Arc<ManualClock>) {
    let clock = ManualClock::starting_now();
    (Jobs::new(db.clone(), clock.clone()), clock)
}

async fn effects(db: &Db) -> Vec<(String, String)> {
    on_db!(db, pool => sqlx::query_as("SELECT job_id, note FROM effects ORDER BY job_id, note")
        .fetch_all(pool).await)
    .unwrap()
}

/// A handler whose effect is a row, committed with the job's completion.
fn recording(kind: &str) -> JobHandler {
    JobHandler::new(kind, |run, note: String| async move {
        let mut tx = run.db().begin().await?;
        on_tx!(&mut tx, conn => sqlx::query("INSERT INTO effects (job_id, note) VALUES ($1, $2)")
            .bind(&run.id).bind(&note).execute(&mut *conn).await.map(|_| ()))?;
        let outcome = JobOutcome::with(serde_json::json!({ "note": note }));
        run.complete_in(&mut tx, &outcome).await?;
        tx.commit().await?;
        Ok(outcome)
    })
}

#[tokio::test]
async fn a_job_exists_only_if_its_transaction_commits() {
    for db in engines().await {
        let (jobs, _) = jobs(&db);
        jobs.register(recording("t.record"));
        let mut tx = db.begin().await.unwrap();
        jobs.enqueue(&mut tx, "t.record", &"desfeito", JobOptions::default())
            .await
            .unwrap();
        tx.rollback().await.unwrap();
        let mut tx = db.begin().await.unwrap();
        let id = jobs
            .enqueue(&mut tx, "t.record", &"feito", JobOptions::default())
            .await
            .unwrap();
        tx.commit().await.unwrap();

        assert_eq!(jobs.run_until_idle().await.unwrap(), 1);
        assert_eq!(effects(&db).await, [(id.clone(), "feito".to_string())]);
        let job = jobs.get(&id).await.unwrap().unwrap();
        assert_eq!(job.status, JobStatus::Done);
        assert_eq!(job.result, Some(serde_json::json!({"note": "feito"})));
        assert!(job.finished_at.is_some());
    }
}

#[tokio::test]
async fn failures_are_retried_with_backoff_then_dead_then_retried_by_hand() {
    for db in engines().await {
        let (jobs, clock) = jobs(&db);
        let runs = Arc::new(AtomicUsize::new(0));
        let counter = runs.clone();
        jobs.register(JobHandler::new(
            "t.flaky",
            move |_run, fail_until: usize| {
                let n = counter.fetch_add(1, Ordering::SeqCst) + 1;
                async move {
                    if n <= fail_until {
                        Err(Error::internal(format!("falha {n}")))
                    } else {
                        Ok(JobOutcome::done())
                    }
                }
            },
        ));
        let options = JobOptions {
            max_attempts: Some(3),
            ..JobOptions::default()
        };
        let id = jobs
            .enqueue_now("t.flaky", &10usize, options)
            .await
            .unwrap();

        assert_eq!(jobs.run_until_idle().await.unwrap(), 1);
        let job = jobs.get(&id).await.unwrap().unwrap();
        assert_eq!((job.status, job.attempts), (JobStatus::Retrying, 1));
        assert_eq!(job.last_error.as_deref(), Some("falha 1"));
        // Not before its backoff (2 s ± 25 %).
        assert_eq!(jobs.run_until_idle().await.unwrap(), 0);
        clock.advance(Span::seconds(3));
        assert_eq!(jobs.run_until_idle().await.unwrap(), 1);
        clock.advance(Span::seconds(6));
        assert_eq!(jobs.run_until_idle().await.unwrap(), 1);
        let job = jobs.get(&id).await.unwrap().unwrap();
        assert_eq!((job.status, job.attempts), (JobStatus::Dead, 3));
        clock.advance(Span::hours(2));
        assert_eq!(
            jobs.run_until_idle().await.unwrap(),
            0,
            "a dead job stays dead"
        );

        // Cancelling a dead job is refused; retrying runs it again from its first attempt.
        assert_eq!(jobs.cancel(&id).await.unwrap_err().code, "estado_invalido");
        let job = jobs.retry(&id).await.unwrap();
        assert_eq!((job.status, job.attempts), (JobStatus::Queued, 0));
        runs.store(100, Ordering::SeqCst);
        assert_eq!(jobs.run_until_idle().await.unwrap(), 1);
        assert_eq!(
            jobs.get(&id).await.unwrap().unwrap().status,
            JobStatus::Done
        );
        assert_eq!(
            jobs.retry("nao-existe").await.unwrap_err().code,
            "nao_encontrado"
        );
    }
}

#[tokio::test]
async fn a_cancelled_job_does_not_run() {
    for db in engines().await {
        let (jobs, _) = jobs(&db);
        jobs.register(recording("t.record"));
        let id = jobs
            .enqueue_now("t.record", &"nunca", JobOptions::default())
            .await
            .unwrap();
        assert_eq!(jobs.cancel(&id).await.unwrap().status, JobStatus::Cancelled);
        assert_eq!(jobs.run_until_idle().await.unwrap(), 0);
        assert!(effects(&db).await.is_empty());
    }
}

#[tokio::test]
async fn progress_is_readable_while_the_job_runs() {
    for db in engines().await {
        let (jobs, _) = jobs(&db);
        let (seen_tx, mut seen_rx) = tokio::sync::mpsc::unbounded_channel();
        let reader = jobs.clone();
        jobs.register(JobHandler::new("t.steps", move |run, total: i64| {
            let (reader, seen) = (reader.clone(), seen_tx.clone());
            async move {
                for done in 1..=total {
                    run.progress(done, Some(total), &format!("{done} de {total}"))
                        .await?;
                    let job = reader.get(&run.id).await?.expect("the running job");
                    let _ = seen.send((job.status, job.progress_done, job.progress_message));
                }
                Ok(JobOutcome::done())
            }
        }));
        jobs.enqueue_now("t.steps", &3i64, JobOptions::default())
            .await
            .unwrap();
        jobs.run_until_idle().await.unwrap();
        let mut seen = Vec::new();
        while let Ok(s) = seen_rx.try_recv() {
            seen.push(s);
        }
        assert_eq!(
            seen,
            [1, 2, 3].map(|d| (JobStatus::Running, Some(d), Some(format!("{d} de 3"))))
        );
    }
}

#[tokio::test]
async fn a_job_whose_worker_died_is_taken_over_and_completed_once() {
    for db in engines().await {
        let (jobs, clock) = jobs(&db);
        // The first worker claims the job and never finishes it (its process "died").
        let stuck = Jobs::new(db.clone(), clock.clone());
        stuck.register(JobHandler::new("t.record", |_run, _note: String| {
            futures::future::pending()
        }));
        let id = jobs
            .enqueue_now("t.record", &"retomado", JobOptions::default())
            .await
            .unwrap();
        let dead_worker = Worker::new(stuck, "instancia-morta", 1).spawn();
        wait_for(&jobs, &id, JobStatus::Running).await;
        drop(dead_worker);

        jobs.register(recording("t.record"));
        assert_eq!(
            jobs.run_until_idle().await.unwrap(),
            0,
            "its lease still holds"
        );
        clock.advance(Span::seconds(61));
        assert_eq!(jobs.run_until_idle().await.unwrap(), 1);
        assert_eq!(effects(&db).await, [(id.clone(), "retomado".to_string())]);
        let job = jobs.get(&id).await.unwrap().unwrap();
        assert_eq!((job.status, job.attempts), (JobStatus::Done, 2));
    }
}

async fn wait_for(jobs: &Jobs, id: &str, status: JobStatus) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while jobs.get(id).await.unwrap().unwrap().status != status {
        assert!(
            tokio::time::Instant::now() < deadline,
            "job {id} never became {status:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn two_workers_run_every_job_exactly_once() {
    for db in engines().await {
        let clock = Arc::new(platform::clock::SystemClock);
        let make = || {
            let jobs = Jobs::new(db.clone(), clock.clone());
            jobs.register(recording("t.record"));
            jobs
        };
        let (a, b) = (make(), make());
        let mut tx = db.begin().await.unwrap();
        for n in 0..300 {
            a.enqueue(&mut tx, "t.record", &format!("n{n}"), JobOptions::default())
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
        let workers = [
            Worker::new(a.clone(), "a", 8).spawn(),
            Worker::new(b, "b", 8).spawn(),
        ];
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let (pending, _) = a
                .list(
                    &platform::jobs::JobFilter {
                        statuses: vec![JobStatus::Queued, JobStatus::Running],
                        ..Default::default()
                    },
                    1,
                    0,
                )
                .await
                .unwrap();
            if pending.is_empty() {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "jobs still pending");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        for w in workers {
            w.shutdown(Duration::from_secs(5)).await;
        }
        let effects = effects(&db).await;
        assert_eq!(effects.len(), 300, "{:?}", db.engine());
        let mut notes: Vec<&str> = effects.iter().map(|(_, n)| n.as_str()).collect();
        notes.sort();
        notes.dedup();
        assert_eq!(notes.len(), 300);
    }
}

#[derive(Serialize, Deserialize)]
struct Settled {
    receivable: String,
    cents: i64,
}

impl Event for Settled {
    const KIND: &'static str = "teste.liquidado";
}

#[tokio::test]
async fn an_event_is_published_with_its_change_and_applied_once_per_consumer() {
    for db in engines().await {
        let (jobs, _) = jobs(&db);
        for name in ["teste.comissoes", "teste.avisos"] {
            jobs.subscribe(Consumer::on(name, move |mut tx, e: Settled| async move {
                on_tx!(&mut tx, conn => sqlx::query("INSERT INTO effects (job_id, note) VALUES ($1, $2)")
                    .bind(name).bind(format!("{} {}", e.receivable, e.cents))
                    .execute(&mut *conn).await.map(|_| ()))?;
                Ok(tx)
            }));
        }
        let event = Settled {
            receivable: "CR-2026-000001".into(),
            cents: 12_345,
        };
        let mut tx = db.begin().await.unwrap();
        jobs.publish(&mut tx, &event).await.unwrap();
        tx.rollback().await.unwrap();
        assert_eq!(
            jobs.run_until_idle().await.unwrap(),
            0,
            "a rolled-back change published nothing"
        );

        let mut tx = db.begin().await.unwrap();
        let event_id = jobs.publish(&mut tx, &event).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(jobs.run_until_idle().await.unwrap(), 2);
        // Delivering it again (a retried delivery, a second enqueue) changes nothing.
        for consumer in ["teste.comissoes", "teste.avisos"] {
            jobs.enqueue_now(
                &Consumer::job_kind(consumer),
                &event_id,
                JobOptions::default(),
            )
            .await
            .unwrap();
        }
        assert_eq!(jobs.run_until_idle().await.unwrap(), 2);
        assert_eq!(
            effects(&db).await,
            [
                (
                    "teste.avisos".to_string(),
                    "CR-2026-000001 12345".to_string()
                ),
                (
                    "teste.comissoes".to_string(),
                    "CR-2026-000001 12345".to_string()
                ),
            ]
        );
    }
}

#[tokio::test]
async fn many_jobs_enqueued_at_once_all_run_and_a_repeated_key_is_skipped() {
    for db in engines().await {
        let (jobs, _) = jobs(&db);
        jobs.register(recording("t.muitos"));
        let keyed = |n: usize| JobOptions {
            dedupe_key: Some(format!("t.muitos:{n:05}")),
            ..JobOptions::default()
        };
        // 2,500 rows cross the statement's chunk of 1,000; the repeated keys insert nothing.
        let mut tx = db.begin().await.unwrap();
        let first = (0..2500).map(|n| (format!("n{n}"), keyed(n)));
        assert_eq!(
            jobs.enqueue_many(&mut tx, "t.muitos", first).await.unwrap(),
            2500
        );
        let again = (2490..2510).map(|n| (format!("de novo {n}"), keyed(n)));
        assert_eq!(
            jobs.enqueue_many(&mut tx, "t.muitos", again).await.unwrap(),
            10
        );
        tx.commit().await.unwrap();

        assert_eq!(jobs.run_until_idle().await.unwrap(), 2510);
        let done = effects(&db).await;
        assert_eq!(done.len(), 2510);
        assert!(done.iter().any(|(_, note)| note == "n2499"));
        assert!(done.iter().any(|(_, note)| note == "de novo 2509"));
        assert!(!done.iter().any(|(_, note)| note == "de novo 2495"));
        assert_eq!(jobs.done_with_key_prefix("t.muitos:").await.unwrap(), 2510);
    }
}
