//! Clicks are written in batches: a request to `/l/{code}` only pushes its row to an in-memory channel
//! ([`ClickRecorder::record`]), and one task per recorder writes what arrived in multi-row inserts every
//! [`FLUSH_EVERY`] or [`BATCH_MAX`] rows, whichever comes first, taking along whatever else is already queued
//! (up to [`WRITE_MAX`] rows in one transaction). One write per batch instead of one per request is what lets a
//! SQLite server answer thousands of redirects a second.
//!
//! A click is never dropped to go faster: when the queue is full (the database cannot keep up), a request
//! waits for room, so redirects slow down to what the database can record (`docs/benchmarks.md`).
//!
//! [`ClickRecorder::flush`] writes at once and returns when the rows are stored: the server awaits it when it
//! stops, before closing the database (the CRM context's `on_stop`), and tests await it instead of sleeping.
//! The task also writes what is left and stops when the last recorder is dropped.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use platform::db::Db;
use tokio::sync::{mpsc, oneshot};

use crate::store::links::{self as store, ClickRow};

/// The longest a click waits in memory.
pub const FLUSH_EVERY: Duration = Duration::from_millis(200);
/// A batch this large is written without waiting for the timer.
pub const BATCH_MAX: usize = 1000;
/// The most rows one write (one transaction) takes from the queue.
pub const WRITE_MAX: usize = 20_000;
/// Clicks waiting to be written; past this a request waits for room.
const QUEUE_MAX: usize = 50_000;

enum Message {
    Click(ClickRow),
    Flush(oneshot::Sender<()>),
}

/// The sending side of the click writer. Clones share the channel and the task.
#[derive(Clone)]
pub struct ClickRecorder {
    tx: mpsc::Sender<Message>,
    waited: Arc<AtomicU64>,
}

impl ClickRecorder {
    /// Starts the writer task on the current runtime.
    pub fn start(db: Db) -> ClickRecorder {
        let (tx, rx) = mpsc::channel(QUEUE_MAX);
        tokio::spawn(write_batches(db, rx));
        ClickRecorder {
            tx,
            waited: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Queues a click: at once while the queue has room, otherwise once the writer has made some.
    pub async fn record(&self, click: ClickRow) {
        match self.tx.try_send(Message::Click(click)) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(message)) => {
                let n = self.waited.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_power_of_two() {
                    tracing::warn!(
                        waited = n,
                        "link clicks: the writer is behind, redirects wait for it"
                    );
                }
                if self.tx.send(message).await.is_err() {
                    tracing::warn!("link click not recorded: the writer stopped");
                }
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {
                tracing::warn!("link click not recorded: the writer stopped");
            }
        }
    }

    /// Writes every click queued so far and returns once they are stored.
    pub async fn flush(&self) {
        let (ack, done) = oneshot::channel();
        if self.tx.send(Message::Flush(ack)).await.is_ok() {
            let _ = done.await;
        }
    }

    /// Requests that had to wait for room in the queue.
    pub fn waited(&self) -> u64 {
        self.waited.load(Ordering::Relaxed)
    }
}

async fn write_batches(db: Db, mut rx: mpsc::Receiver<Message>) {
    let mut batch: Vec<ClickRow> = Vec::with_capacity(BATCH_MAX);
    let mut timer = tokio::time::interval(FLUSH_EVERY);
    timer.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            message = rx.recv() => match message {
                Some(Message::Click(click)) => {
                    batch.push(click);
                    if batch.len() >= BATCH_MAX {
                        let acks = drain(&mut rx, &mut batch);
                        write(&db, &mut batch).await;
                        acknowledge(acks);
                    }
                }
                Some(Message::Flush(ack)) => {
                    write(&db, &mut batch).await;
                    let _ = ack.send(());
                }
                None => {
                    write(&db, &mut batch).await;
                    return;
                }
            },
            _ = timer.tick() => {
                let acks = drain(&mut rx, &mut batch);
                write(&db, &mut batch).await;
                acknowledge(acks);
            }
        }
    }
}

/// Moves what is already queued into `batch` (up to [`WRITE_MAX`] rows), without waiting. Flushes met on the
/// way are answered once the batch is written.
fn drain(rx: &mut mpsc::Receiver<Message>, batch: &mut Vec<ClickRow>) -> Vec<oneshot::Sender<()>> {
    let mut acks = Vec::new();
    while batch.len() < WRITE_MAX {
        match rx.try_recv() {
            Ok(Message::Click(click)) => batch.push(click),
            Ok(Message::Flush(ack)) => acks.push(ack),
            Err(_) => break,
        }
    }
    acks
}

fn acknowledge(acks: Vec<oneshot::Sender<()>>) {
    for ack in acks {
        let _ = ack.send(());
    }
}

async fn write(db: &Db, batch: &mut Vec<ClickRow>) {
    if batch.is_empty() {
        return;
    }
    if let Err(e) = store::insert_clicks(db, batch).await {
        // A click is a statistic: it is not worth holding requests back, nor retrying forever.
        tracing::warn!(error = %e, rows = batch.len(), "link clicks not written");
    }
    batch.clear();
}
