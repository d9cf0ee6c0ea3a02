//! Events: written with the change that caused them, delivered to each consumer as a job, applied once.

use std::future::Future;
use std::sync::Arc;

use futures::future::BoxFuture;
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::{store, JobHandler, JobOptions, JobOutcome, JobRun, Jobs};
use crate::db::{is_unique_violation, Tx};
use crate::error::{Error, Result};
use crate::on_tx;

/// Something that happened in a context, which others may react to. `KIND` is `<context>.<fact>`
/// (`finance.receivable_settled`).
pub trait Event: Serialize + DeserializeOwned + Send + Sync + 'static {
    const KIND: &'static str;
}

type ApplyFn = dyn Fn(Tx, serde_json::Value) -> BoxFuture<'static, Result<Tx>> + Send + Sync;

/// A context's reaction to one kind of event. Its function receives the transaction its effects go in
/// (the record that it consumed the event is written there too) and gives it back.
#[derive(Clone)]
pub struct Consumer {
    name: String,
    event_kind: &'static str,
    apply: Arc<ApplyFn>,
}

impl Consumer {
    /// `name` is `<context>.<reaction>` (`commissions.accrue`); stable, since what it consumed is kept
    /// under it.
    pub fn on<E, F, Fut>(name: impl Into<String>, apply: F) -> Consumer
    where
        E: Event,
        F: Fn(Tx, E) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Tx>> + Send + 'static,
    {
        let apply = Arc::new(apply);
        Consumer {
            name: name.into(),
            event_kind: E::KIND,
            apply: Arc::new(move |tx, value| {
                let apply = apply.clone();
                Box::pin(async move {
                    let event: E = serde_json::from_value(value)
                        .map_err(|e| Error::internal(format!("unreadable {}: {e}", E::KIND)))?;
                    apply(tx, event).await
                })
            }),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn event_kind(&self) -> &str {
        self.event_kind
    }

    /// The job kind of this consumer's deliveries.
    pub fn job_kind(name: &str) -> String {
        format!("evento:{name}")
    }

    /// The handler of this consumer's delivery jobs: in one transaction, record the event as consumed
    /// (a second delivery stops here), apply it, and complete the job.
    pub(super) fn delivery_handler(&self, jobs: Jobs) -> JobHandler {
        let consumer = self.clone();
        JobHandler::new(
            Consumer::job_kind(&self.name),
            move |run: JobRun, event_id: String| {
                let (consumer, jobs) = (consumer.clone(), jobs.clone());
                async move {
                    let Some(payload) = store::event_payload(jobs.db(), &event_id).await? else {
                        return Err(Error::internal(format!("event {event_id} not found")));
                    };
                    let mut tx = jobs.db().begin().await?;
                    let now = jobs.clock().now();
                    let recorded = on_tx!(&mut tx, conn => sqlx::query(
                    "INSERT INTO platform_consumed (consumer, event_id, consumed_at) VALUES ($1, $2, $3)",
                )
                .bind(&consumer.name)
                .bind(&event_id)
                .bind(now)
                .execute(&mut *conn)
                .await
                .map(|_| ()));
                    let outcome = JobOutcome::done();
                    match recorded {
                        Ok(_) => {
                            let value: serde_json::Value =
                                serde_json::from_str(&payload).map_err(Error::internal)?;
                            tx = (consumer.apply)(tx, value).await?;
                        }
                        // Consumed before (a delivery enqueued twice): nothing more to do.
                        Err(e) if is_unique_violation(&e) => {
                            tx.rollback().await?;
                            tx = jobs.db().begin().await?;
                        }
                        Err(e) => return Err(e.into()),
                    }
                    run.complete_in(&mut tx, &outcome).await?;
                    tx.commit().await?;
                    Ok(outcome)
                }
            },
        )
    }
}

/// [`publish`] of many events of one kind: 500 event rows a statement and each consumer's deliveries through
/// [`Jobs::enqueue_many`] (a retorno of 100,000 settlements would otherwise take 100,000 round trips or more).
pub(super) async fn publish_many(
    jobs: &Jobs,
    tx: &mut Tx,
    kind: &str,
    events: &[impl Serialize],
    consumers: &[String],
) -> Result<()> {
    let rows = events
        .iter()
        .map(|e| {
            serde_json::to_string(e)
                .map(|payload| (uuid::Uuid::now_v7().to_string(), payload))
                .map_err(Error::internal)
        })
        .collect::<Result<Vec<_>>>()?;
    let now = jobs.clock().now();
    if let Tx::Postgres(t) = &mut *tx {
        // One statement over arrays: PostgreSQL plans it once (500-row VALUES lists were planned per statement).
        sqlx::query(
            "INSERT INTO platform_events (id, kind, payload, created_at) \
             SELECT e.id, $1, e.payload, $2 FROM UNNEST($3::text[], $4::text[]) AS e (id, payload)",
        )
        .bind(kind)
        .bind(now)
        .bind(rows.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|(_, p)| p.as_str()).collect::<Vec<_>>())
        .execute(&mut **t)
        .await?;
    } else {
        for chunk in rows.chunks(500) {
            on_tx!(&mut *tx, conn => {
                let mut qb =
                    sqlx::QueryBuilder::new("INSERT INTO platform_events (id, kind, payload, created_at) ");
                qb.push_values(chunk.iter(), |mut q, (id, payload)| {
                    q.push_bind(id).push_bind(kind).push_bind(payload).push_bind(now);
                });
                qb.build().execute(&mut *conn).await.map(|_| ())
            })?;
        }
    }
    for consumer in consumers {
        let deliveries = rows.iter().map(|(id, _)| {
            let options = JobOptions {
                dedupe_key: Some(format!("{consumer}/{id}")),
                ..JobOptions::default()
            };
            (id.clone(), options)
        });
        jobs.enqueue_many(tx, &Consumer::job_kind(consumer), deliveries)
            .await?;
    }
    Ok(())
}

pub(super) async fn publish(
    jobs: &Jobs,
    tx: &mut Tx,
    kind: &str,
    event: &impl Serialize,
    consumers: &[String],
) -> Result<String> {
    let id = uuid::Uuid::now_v7().to_string();
    let payload = serde_json::to_string(event).map_err(Error::internal)?;
    let now = jobs.clock().now();
    on_tx!(&mut *tx, conn => sqlx::query(
        "INSERT INTO platform_events (id, kind, payload, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&id)
    .bind(kind)
    .bind(&payload)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    for consumer in consumers {
        let options = JobOptions {
            dedupe_key: Some(format!("{consumer}/{id}")),
            ..JobOptions::default()
        };
        jobs.enqueue(tx, &Consumer::job_kind(consumer), &id, options)
            .await?;
    }
    Ok(id)
}
