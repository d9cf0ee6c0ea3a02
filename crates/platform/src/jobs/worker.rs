//! The worker: claims ready jobs, runs them on this instance, writes how each ended.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rand::Rng;
use tokio::sync::{mpsc, Semaphore};

use super::store::{self, Claimed};
use super::{JobOutcome, JobRun, Jobs};
use crate::error::Result;

/// How long an idle worker waits before looking again (an enqueue on this instance wakes it at once).
const POLL: Duration = Duration::from_millis(250);
/// Completions written per statement, at most.
const COMPLETIONS_PER_WRITE: usize = 512;

/// Runs jobs: up to `concurrency` at a time on this instance.
pub struct Worker {
    jobs: Jobs,
    id: String,
    concurrency: usize,
}

/// A running worker; [`WorkerHandle::shutdown`] stops claiming and waits for the jobs in flight.
pub struct WorkerHandle {
    stop: Arc<AtomicBool>,
    permits: Arc<Semaphore>,
    concurrency: usize,
    jobs: Jobs,
}

impl WorkerHandle {
    pub async fn shutdown(self, grace: Duration) {
        self.stop.store(true, Ordering::SeqCst);
        self.jobs.wake.notify_waiters();
        let all = u32::try_from(self.concurrency).unwrap_or(u32::MAX);
        // Jobs still running after the grace period keep their lease until it runs out; another
        // instance (or this one, restarted) takes them then.
        let _ = tokio::time::timeout(grace, self.permits.acquire_many(all)).await;
    }
}

/// Exponential backoff with ±25 % jitter: 2 s, 4 s, 8 s… capped at an hour.
fn backoff(attempt: i32) -> chrono::Duration {
    let base = 2f64.powi(attempt.clamp(1, 12)).min(3600.0);
    let jitter = rand::thread_rng().gen_range(0.75..1.25);
    chrono::Duration::milliseconds((base * jitter * 1000.0) as i64)
}

impl Worker {
    /// `id` names this worker in the jobs it holds (host and process, for instance).
    pub fn new(jobs: Jobs, id: &str, concurrency: usize) -> Worker {
        Worker {
            jobs,
            id: id.to_string(),
            concurrency: concurrency.max(1),
        }
    }

    fn lease_until(&self) -> DateTime<Utc> {
        self.jobs.clock().now() + self.jobs.lease_chrono()
    }

    /// Starts the worker on the runtime; returns the handle that stops it.
    pub fn spawn(self) -> WorkerHandle {
        let stop = Arc::new(AtomicBool::new(false));
        let permits = Arc::new(Semaphore::new(self.concurrency));
        let handle = WorkerHandle {
            stop: stop.clone(),
            permits: permits.clone(),
            concurrency: self.concurrency,
            jobs: self.jobs.clone(),
        };
        let worker = Arc::new(self);
        let (done_tx, done_rx) = mpsc::unbounded_channel();
        tokio::spawn(worker.clone().write_completions(done_rx));
        tokio::spawn(worker.clone().renew_leases(stop.clone()));
        tokio::spawn(worker.claim_loop(permits, stop, done_tx));
        handle
    }

    async fn claim_loop(
        self: Arc<Self>,
        permits: Arc<Semaphore>,
        stop: Arc<AtomicBool>,
        done: mpsc::UnboundedSender<(String, Option<serde_json::Value>)>,
    ) {
        while !stop.load(Ordering::SeqCst) {
            // Wait for a free slot, then claim as many jobs as there are free slots.
            let Ok(first) = permits.clone().acquire_owned().await else {
                return;
            };
            let free = 1 + permits.available_permits();
            let now = self.jobs.clock().now();
            let claimed = match store::claim(
                self.jobs.db(),
                &self.id,
                free as i64,
                now,
                self.lease_until(),
            )
            .await
            {
                Ok(claimed) => claimed,
                Err(e) => {
                    tracing::warn!(error = %e, "jobs not claimed");
                    Vec::new()
                }
            };
            if claimed.is_empty() {
                drop(first);
                tokio::select! {
                    _ = self.jobs.wake.notified() => {}
                    _ = tokio::time::sleep(POLL) => {}
                }
                continue;
            }
            let mut first = Some(first);
            for job in claimed {
                let permit = match first.take() {
                    Some(p) => p,
                    None => match permits.clone().acquire_owned().await {
                        Ok(p) => p,
                        Err(_) => return,
                    },
                };
                let (worker, done) = (self.clone(), done.clone());
                tokio::spawn(async move {
                    if let Some(result) = worker.run(job).await {
                        let _ = done.send(result);
                    }
                    drop(permit);
                });
            }
        }
    }

    /// Runs one claimed job; returns its completion to write, or `None` when already written (a failure,
    /// or a completion in the handler's own transaction).
    async fn run(&self, job: Claimed) -> Option<(String, Option<serde_json::Value>)> {
        let Some(handler) = self.jobs.handler(&job.kind) else {
            let message = format!(
                "Nenhum executor registrado para o tipo de tarefa {}.",
                job.kind
            );
            self.fail(&job, &message).await;
            return None;
        };
        if job.attempts > job.max_attempts {
            // A job whose workers kept dying holding it: stop retaking it.
            self.fail(&job, "A tarefa foi interrompida em todas as tentativas.")
                .await;
            return None;
        }
        let payload = serde_json::from_str(&job.payload).unwrap_or(serde_json::Value::Null);
        let run = JobRun::new(
            self.jobs.clone(),
            &self.id,
            job.id.clone(),
            job.kind.clone(),
            job.attempts,
        );
        let outcome = handler.run(run.clone(), payload).await;
        match outcome {
            Ok(_) if run.completed_in_tx() => None,
            Ok(JobOutcome { result }) => Some((job.id, result)),
            Err(e) => {
                self.fail(&job, e.for_operator()).await;
                None
            }
        }
    }

    async fn fail(&self, job: &Claimed, message: &str) {
        let now = self.jobs.clock().now();
        let retry_at = now + backoff(job.attempts);
        tracing::warn!(job = %job.id, kind = %job.kind, attempt = job.attempts, error = %message, "job failed");
        if let Err(e) = store::fail(self.jobs.db(), &job.id, &self.id, message, now, retry_at).await
        {
            tracing::error!(job = %job.id, error = %e, "job failure not recorded; its lease will run out");
        }
    }

    /// Writes completions in batches: one statement for many no-op jobs.
    async fn write_completions(
        self: Arc<Self>,
        mut done: mpsc::UnboundedReceiver<(String, Option<serde_json::Value>)>,
    ) {
        let mut batch = Vec::with_capacity(COMPLETIONS_PER_WRITE);
        while done.recv_many(&mut batch, COMPLETIONS_PER_WRITE).await > 0 {
            let now = self.jobs.clock().now();
            if let Err(e) = store::complete_many(self.jobs.db(), &self.id, &batch, now).await {
                tracing::error!(error = %e, jobs = batch.len(), "completions not written; the leases will run out and the jobs run again");
            }
            batch.clear();
        }
    }

    async fn renew_leases(self: Arc<Self>, stop: Arc<AtomicBool>) {
        let every = self.jobs.lease / 3;
        while !stop.load(Ordering::SeqCst) {
            tokio::time::sleep(every).await;
            if let Err(e) = store::renew(self.jobs.db(), &self.id, self.lease_until()).await {
                tracing::warn!(error = %e, "job leases not renewed");
            }
        }
    }

    /// Runs ready jobs one at a time until none is ready (tests).
    pub(super) async fn drain(&self) -> Result<usize> {
        let mut ran = 0;
        loop {
            let now = self.jobs.clock().now();
            let claimed =
                store::claim(self.jobs.db(), &self.id, 1, now, self.lease_until()).await?;
            let Some(job) = claimed.into_iter().next() else {
                return Ok(ran);
            };
            if let Some(done) = self.run(job).await {
                store::complete_many(self.jobs.db(), &self.id, &[done], self.jobs.clock().now())
                    .await?;
            }
            ran += 1;
        }
    }
}
