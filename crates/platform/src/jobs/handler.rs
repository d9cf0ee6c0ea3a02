//! What runs a job: the handlers contexts register, and the view of a running job they receive.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use futures::future::BoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{store, Jobs};
use crate::db::{Db, Tx};
use crate::error::{Error, Result};

type RunFn = dyn Fn(JobRun, Value) -> BoxFuture<'static, Result<JobOutcome>> + Send + Sync;

/// Runs the jobs of one kind.
#[derive(Clone)]
pub struct JobHandler {
    kind: String,
    run: Arc<RunFn>,
}

impl JobHandler {
    /// `kind` is `<context>.<what>` (`crm.import_clients`); the payload is read as `P`.
    pub fn new<P, F, Fut>(kind: impl Into<String>, run: F) -> JobHandler
    where
        P: DeserializeOwned + Send + 'static,
        F: Fn(JobRun, P) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<JobOutcome>> + Send + 'static,
    {
        let run = Arc::new(run);
        JobHandler {
            kind: kind.into(),
            run: Arc::new(move |job, value| {
                let run = run.clone();
                Box::pin(async move {
                    let payload: P = serde_json::from_value(value).map_err(|e| {
                        Error::internal(format!("job {}: unreadable payload: {e}", job.id))
                    })?;
                    run(job, payload).await
                })
            }),
        }
    }

    pub fn kind(&self) -> &str {
        &self.kind
    }

    pub(super) fn run(
        &self,
        job: JobRun,
        payload: Value,
    ) -> BoxFuture<'static, Result<JobOutcome>> {
        (self.run)(job, payload)
    }
}

/// How a job ended: optionally with a result for whoever started it (a file's id, counts).
#[derive(Debug, Clone, Default)]
pub struct JobOutcome {
    pub result: Option<Value>,
}

impl JobOutcome {
    pub fn done() -> JobOutcome {
        JobOutcome::default()
    }

    pub fn with(result: Value) -> JobOutcome {
        JobOutcome {
            result: Some(result),
        }
    }
}

/// A claimed job, as its handler sees it.
#[derive(Clone)]
pub struct JobRun {
    pub id: String,
    pub kind: String,
    /// 1 on the first run.
    pub attempt: i32,
    jobs: Jobs,
    worker: String,
    completed: Arc<AtomicBool>,
}

impl JobRun {
    pub(super) fn new(jobs: Jobs, worker: &str, id: String, kind: String, attempt: i32) -> JobRun {
        JobRun {
            id,
            kind,
            attempt,
            jobs,
            worker: worker.to_string(),
            completed: Arc::default(),
        }
    }

    pub fn db(&self) -> &Db {
        self.jobs.db()
    }

    /// The worker (instance) running it: `<host>-<pid>` on a server.
    pub fn worker(&self) -> &str {
        &self.worker
    }

    /// To enqueue follow-up jobs or publish events.
    pub fn jobs(&self) -> &Jobs {
        &self.jobs
    }

    /// Records how far the job is (read by the web's progress bar); also renews the lease.
    pub async fn progress(&self, done: i64, total: Option<i64>, message: &str) -> Result<()> {
        let until = self.jobs.clock().now() + self.jobs.lease_chrono();
        store::progress(
            self.db(),
            &self.id,
            &self.worker,
            done,
            total,
            message,
            until,
        )
        .await?;
        Ok(())
    }

    /// Records how far the job is in `tx`, with the work it counts (a job applied in several transactions keeps
    /// its progress with each), and renews the lease. Fails when this worker no longer holds the job, so the
    /// caller's `?` rolls that part back.
    pub async fn progress_in(
        &self,
        tx: &mut Tx,
        done: i64,
        total: Option<i64>,
        message: &str,
    ) -> Result<()> {
        let until = self.jobs.clock().now() + self.jobs.lease_chrono();
        if !store::progress_in(tx, &self.id, &self.worker, done, total, message, until).await? {
            return Err(Error::conflict(
                "tarefa_assumida",
                "Outra instância assumiu esta tarefa; o trabalho desta foi desfeito.",
            ));
        }
        Ok(())
    }

    /// Marks the job done in `tx`, with the handler's writes: both commit, or neither. Fails when this
    /// worker no longer holds the job (its lease ran out and another took it), so the caller's `?`
    /// rolls its writes back.
    pub async fn complete_in(&self, tx: &mut Tx, outcome: &JobOutcome) -> Result<()> {
        let now = self.jobs.clock().now();
        if !store::complete_in(tx, &self.id, &self.worker, outcome.result.as_ref(), now).await? {
            return Err(Error::conflict(
                "tarefa_assumida",
                "Outra instância assumiu esta tarefa; o trabalho desta foi desfeito.",
            ));
        }
        self.completed.store(true, Ordering::SeqCst);
        Ok(())
    }

    pub(super) fn completed_in_tx(&self) -> bool {
        self.completed.load(Ordering::SeqCst)
    }
}

/// The handlers and consumers registered on this instance.
#[derive(Default)]
pub(super) struct Registry {
    handlers: HashMap<String, JobHandler>,
    /// (consumer, event kind).
    consumers: Vec<(String, String)>,
}

impl Registry {
    pub fn add_handler(&mut self, handler: JobHandler) {
        self.handlers.insert(handler.kind.clone(), handler);
    }

    pub fn add_consumer(&mut self, name: &str, event_kind: &str) {
        self.consumers
            .push((name.to_string(), event_kind.to_string()));
    }

    pub fn handler(&self, kind: &str) -> Option<JobHandler> {
        self.handlers.get(kind).cloned()
    }

    pub fn consumers_of(&self, event_kind: &str) -> Vec<String> {
        self.consumers
            .iter()
            .filter(|(_, kind)| kind == event_kind)
            .map(|(name, _)| name.clone())
            .collect()
    }
}
