//! Notifications: [`platform::notify::Notify`] events become in-app notifications (a bell with the unread
//! count, a list, mark as read) and, when FCM is configured, push messages to each of the user's devices,
//! sent by a job per user so a slow or failing push never holds the event back.

pub mod fcm;
mod store;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use identity::Identity;
use platform::db::Tx;
use platform::error::Result;
use platform::jobs::{Consumer, JobHandler, JobOptions, JobOutcome, Jobs};
use platform::notify::Notify;
use platform::Platform;
use serde::{Deserialize, Serialize};

pub use store::Notification;

/// The job kind that pushes one notification to one user's devices.
pub const PUSH_JOB: &str = "system.push";

#[derive(Clone)]
pub struct Notifications {
    platform: Platform,
    identity: Arc<Identity>,
    push: Option<Arc<fcm::Fcm>>,
}

/// What a push job carries.
#[derive(Debug, Serialize, Deserialize)]
struct PushRequest {
    uid: String,
    title: String,
    body: String,
    url: String,
}

impl Notifications {
    pub fn new(
        platform: Platform,
        identity: Arc<Identity>,
        push: Option<Arc<fcm::Fcm>>,
    ) -> Notifications {
        Notifications {
            platform,
            identity,
            push,
        }
    }

    /// The consumer of [`Notify`]: an in-app notification per user and, with FCM, a push job each.
    pub fn consumer(&self) -> Consumer {
        let this = self.clone();
        Consumer::on("system.notificar", move |tx, event: Notify| {
            let this = this.clone();
            async move { this.deliver(tx, event).await }
        })
    }

    /// Writes the notice for each recipient: the users it names and, for a notice to the holders of a
    /// permission, whoever holds it now (identity resolves them), without the excepted ones.
    async fn deliver(&self, mut tx: Tx, event: Notify) -> Result<Tx> {
        let now = self.platform.clock.now();
        let holders = match &event.holders_of {
            Some(code) => self.identity.holders(code).await?,
            None => Vec::new(),
        };
        for uid in &event.recipients(holders) {
            store::insert(&mut tx, uid, &event, now).await?;
            if self.push.is_some() {
                let request = PushRequest {
                    uid: uid.clone(),
                    title: event.title.clone(),
                    body: event.body.clone(),
                    url: event.url.clone(),
                };
                self.jobs()
                    .enqueue(&mut tx, PUSH_JOB, &request, JobOptions::default())
                    .await?;
            }
        }
        Ok(tx)
    }

    fn jobs(&self) -> &Jobs {
        &self.platform.jobs
    }

    /// The job that sends a push to each of a user's devices; a token FCM no longer knows is forgotten.
    pub fn push_job(&self) -> Option<JobHandler> {
        let push = self.push.clone()?;
        let identity = self.identity.clone();
        Some(JobHandler::new(
            PUSH_JOB,
            move |_run, request: PushRequest| {
                let (push, identity) = (push.clone(), identity.clone());
                async move {
                    let mut sent = 0;
                    for token in identity.push_tokens(&request.uid).await? {
                        let message = fcm::Message {
                            token: &token,
                            title: &request.title,
                            body: &request.body,
                            url: &request.url,
                        };
                        match push.send(&message).await? {
                            fcm::Sent::Delivered => sent += 1,
                            fcm::Sent::Unregistered => identity.forget_push_token(&token).await?,
                        }
                    }
                    Ok(JobOutcome::with(serde_json::json!({ "enviadas": sent })))
                }
            },
        ))
    }

    /// A user's notifications, newest first, and how many are unread.
    pub async fn inbox(
        &self,
        uid: &str,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Notification>, i64, bool)> {
        Ok(store::inbox(&self.platform.db, uid, limit, offset).await?)
    }

    /// Marks one of the user's notifications read (another user's is not found).
    pub async fn mark_read(&self, uid: &str, id: &str) -> Result<Notification> {
        let now = self.platform.clock.now();
        store::mark_read(&self.platform.db, uid, Some(id), now).await?;
        store::get(&self.platform.db, uid, id)
            .await?
            .ok_or_else(|| platform::Error::not_found("Notificação não encontrada."))
    }

    pub async fn mark_all_read(&self, uid: &str) -> Result<DateTime<Utc>> {
        let now = self.platform.clock.now();
        store::mark_read(&self.platform.db, uid, None, now).await?;
        Ok(now)
    }
}
