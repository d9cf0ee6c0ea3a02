//! Jobs and events: long work runs as jobs; a change other contexts react to publishes an event in the
//! same transaction as the change (a transactional outbox), and each consumer applies it once.
//!
//! - A context registers its handlers and consumers (`Context::jobs`, `Context::consumers`); the server
//!   starts one [`Worker`] per instance. On PostgreSQL any number of instances claim jobs with
//!   `FOR UPDATE SKIP LOCKED`; on SQLite one worker runs.
//! - [`Jobs::enqueue`] writes a job in the caller's transaction ([`crate::db::Tx`]): it exists only if the
//!   change that asked for it committed. [`Jobs::publish`] writes an event and one delivery job per
//!   consumer of its kind, in the same transaction.
//! - A claimed job holds a lease (renewed while it runs); if its worker dies, the lease runs out and
//!   another worker takes the job. Its completion is written only while the lease is held, and a handler
//!   whose effects are writes commits them with the completion ([`JobRun::complete_in`]), so a job is
//!   never completed twice. A failure is retried with exponential backoff and jitter; after
//!   `max_attempts` it is `dead` (an administrator retries or cancels it).
//! - A consumer records each event it consumed in the transaction of its effects (`platform_consumed`), so
//!   delivering an event again changes nothing.
//! - Progress (done/total and a message) is written as the job runs and read through the API.
//!
//! Why our own rather than apalis-sql: the job must be written inside the caller's sqlx transaction on
//! both engines (apalis' storages take their own pool), the same table must serve SQLite with one worker
//! and PostgreSQL with many, and jobs need progress, a dead state an administrator acts on, and event
//! deliveries recorded with their effects. See `docs/architecture.md`.

mod events;
mod handler;
mod store;
mod worker;

use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio::sync::Notify;

use crate::clock::SharedClock;
use crate::db::{Db, Tx};
use crate::error::{Error, Result};

pub use events::{Consumer, Event};
pub use handler::{JobHandler, JobOutcome, JobRun};
pub use store::{JobCount, JobFilter, JobStatus, JobView};
pub use worker::{Worker, WorkerHandle};

/// Default attempts before a job is `dead`.
pub const DEFAULT_MAX_ATTEMPTS: i32 = 5;
/// How long a claim holds a job without renewal (renewed every third of it while the job runs).
pub const DEFAULT_LEASE: Duration = Duration::from_secs(60);

/// What to enqueue beyond the kind and payload.
#[derive(Debug, Clone, Default)]
pub struct JobOptions {
    /// Who asked for it (shown in the admin list; the only non-admin who may read its progress).
    pub created_by: Option<String>,
    /// Not before this time.
    pub run_at: Option<DateTime<Utc>>,
    pub max_attempts: Option<i32>,
    /// Enqueueing again with the same key is the same job.
    pub dedupe_key: Option<String>,
}

/// The jobs and events of this database: enqueue, publish, read, and the registered handlers.
#[derive(Clone)]
pub struct Jobs {
    db: Db,
    clock: SharedClock,
    registry: Arc<RwLock<handler::Registry>>,
    /// Wakes this instance's worker when a job is enqueued here.
    wake: Arc<Notify>,
    lease: Duration,
}

impl Jobs {
    pub fn new(db: Db, clock: SharedClock) -> Jobs {
        Jobs {
            db,
            clock,
            registry: Arc::default(),
            wake: Arc::default(),
            lease: DEFAULT_LEASE,
        }
    }

    /// A shorter lease (tests, and the scale-out demonstration of a killed instance).
    pub fn with_lease(mut self, lease: Duration) -> Jobs {
        self.lease = lease;
        self
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    fn lease_chrono(&self) -> chrono::Duration {
        chrono::Duration::from_std(self.lease).unwrap_or(chrono::Duration::seconds(60))
    }

    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    pub fn register(&self, handler: JobHandler) {
        self.registry
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .add_handler(handler);
    }

    pub fn subscribe(&self, consumer: Consumer) {
        let mut registry = self.registry.write().unwrap_or_else(|e| e.into_inner());
        registry.add_handler(consumer.delivery_handler(self.clone()));
        registry.add_consumer(consumer.name(), consumer.event_kind());
    }

    /// Enqueues `kind` with `payload` in the caller's transaction; returns the job's id (the existing one
    /// when `dedupe_key` was enqueued before).
    pub async fn enqueue(
        &self,
        tx: &mut Tx,
        kind: &str,
        payload: &impl Serialize,
        options: JobOptions,
    ) -> Result<String> {
        let payload = serde_json::to_string(payload).map_err(Error::internal)?;
        let id = store::insert(tx, kind, &payload, &options, self.clock.now()).await?;
        self.wake.notify_one();
        Ok(id)
    }

    /// Enqueues many jobs of one kind in the caller's transaction, a thousand rows a statement (a
    /// repeated dedupe key is skipped); returns how many were enqueued.
    pub async fn enqueue_many<P: Serialize>(
        &self,
        tx: &mut Tx,
        kind: &str,
        jobs: impl IntoIterator<Item = (P, JobOptions)>,
    ) -> Result<u64> {
        let jobs = jobs
            .into_iter()
            .map(|(payload, options)| {
                serde_json::to_string(&payload)
                    .map(|p| (p, options))
                    .map_err(Error::internal)
            })
            .collect::<Result<Vec<_>>>()?;
        let inserted = store::insert_many(tx, kind, &jobs, self.clock.now()).await?;
        self.wake.notify_one();
        Ok(inserted)
    }

    /// Enqueues in a transaction of its own (work nothing else is written with).
    pub async fn enqueue_now(
        &self,
        kind: &str,
        payload: &impl Serialize,
        options: JobOptions,
    ) -> Result<String> {
        let mut tx = self.db.begin().await?;
        let id = self.enqueue(&mut tx, kind, payload, options).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Writes `event` and a delivery to each consumer of its kind, in the caller's transaction.
    pub async fn publish<E: Event>(&self, tx: &mut Tx, event: &E) -> Result<String> {
        let consumers = self
            .registry
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .consumers_of(E::KIND);
        events::publish(self, tx, E::KIND, event, &consumers).await
    }

    /// [`Jobs::publish`] of many events, in multi-row statements.
    pub async fn publish_many<E: Event>(&self, tx: &mut Tx, events: &[E]) -> Result<()> {
        let consumers = self
            .registry
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .consumers_of(E::KIND);
        events::publish_many(self, tx, E::KIND, events, &consumers).await
    }

    /// How many of the jobs enqueued with dedupe keys `prefix` + (digits or letters) are done.
    pub async fn done_with_key_prefix(&self, prefix: &str) -> Result<i64> {
        Ok(store::done_with_key_prefix(&self.db, prefix).await?)
    }

    pub async fn get(&self, id: &str) -> Result<Option<JobView>> {
        Ok(store::get(&self.db, id).await?)
    }

    pub async fn list(
        &self,
        filter: &JobFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<JobView>, bool)> {
        Ok(store::list(&self.db, filter, limit, offset).await?)
    }

    /// Jobs created in the last `days` days, counted by kind and state (the administrator's chart).
    pub async fn counts_for_last_days(&self, days: u32) -> Result<Vec<JobCount>> {
        let since = self.clock.now() - chrono::Duration::days(i64::from(days));
        Ok(store::counts_since(&self.db, since).await?)
    }

    /// A dead or cancelled job runs again from its first attempt.
    pub async fn retry(&self, id: &str) -> Result<JobView> {
        if !store::retry(&self.db, id, self.clock.now()).await? {
            return Err(self
                .refusal(
                    id,
                    "Só uma tarefa morta ou cancelada pode ser executada de novo.",
                )
                .await);
        }
        self.wake.notify_one();
        self.expect(id).await
    }

    /// A job that has not started (or waits to retry) will not run.
    pub async fn cancel(&self, id: &str) -> Result<JobView> {
        if !store::cancel(&self.db, id, self.clock.now()).await? {
            return Err(self
                .refusal(
                    id,
                    "Só uma tarefa na fila ou aguardando nova tentativa pode ser cancelada.",
                )
                .await);
        }
        self.expect(id).await
    }

    async fn expect(&self, id: &str) -> Result<JobView> {
        self.get(id).await?.ok_or_else(|| not_found(id))
    }

    async fn refusal(&self, id: &str, message: &str) -> Error {
        match self.get(id).await {
            Ok(Some(_)) => Error::conflict("estado_invalido", message),
            Ok(None) => not_found(id),
            Err(e) => e,
        }
    }

    /// Runs every job that is ready, one at a time, until none is (tests: deterministic, no worker
    /// thread, no sleeping; move the clock to make a retry ready). Returns how many ran.
    pub async fn run_until_idle(&self) -> Result<usize> {
        Worker::new(self.clone(), "test", 1).drain().await
    }

    fn handler(&self, kind: &str) -> Option<JobHandler> {
        self.registry
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .handler(kind)
    }
}

fn not_found(id: &str) -> Error {
    Error::not_found(format!(
        "Tarefa {} não encontrada.",
        id.chars().take(60).collect::<String>()
    ))
}
