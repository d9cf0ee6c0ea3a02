//! Clicks are written in batches: a request to `/l/{code}` only pushes its row to an in-memory channel
//! ([`ClickRecorder::record`], which never waits), and one task per recorder writes what arrived in multi-row
//! inserts every [`FLUSH_EVERY`] or [`BATCH_MAX`] rows, whichever comes first. One write per batch instead
//! of one per request is what lets a SQLite server answer thousands of redirects a second.
//!
//! The task writes what is left and stops when the last recorder is dropped (the server dropping its routes
//! at shutdown); [`ClickRecorder::flush`] writes at once and returns when the rows are stored (tests await it
//! instead of sleeping).

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
/// Clicks waiting to be written; past this (the database stalled) new ones are dropped and counted.
const QUEUE_MAX: usize = 200_000;

enum Message {
    Click(ClickRow),
    Flush(oneshot::Sender<()>),
}

/// The sending side of the click writer. Clones share the channel and the task.
#[derive(Clone)]
pub struct ClickRecorder {
    tx: mpsc::Sender<Message>,
    dropped: Arc<AtomicU64>,
}

impl ClickRecorder {
    /// Starts the writer task on the current runtime.
    pub fn start(db: Db) -> ClickRecorder {
        let (tx, rx) = mpsc::channel(QUEUE_MAX);
        tokio::spawn(write_batches(db, rx));
        ClickRecorder {
            tx,
            dropped: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Queues a click; never waits. A full queue drops it (and counts it: [`ClickRecorder::dropped`]).
    pub fn record(&self, click: ClickRow) {
        if self.tx.try_send(Message::Click(click)).is_err() {
            let n = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_power_of_two() {
                tracing::warn!(dropped = n, "link clicks dropped: the writer is behind");
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

    /// Clicks dropped because the queue was full.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
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
                        write(&db, &mut batch).await;
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
            _ = timer.tick() => write(&db, &mut batch).await,
        }
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
