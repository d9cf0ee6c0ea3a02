//! The attendance timer (`/timer`): one per user on the server, started from an open activity the caller reaches
//! (outside their scope: 404) or standalone (a client of theirs and a kind); paused, resumed, discarded, and
//! stopped with an outcome, which completes the activity with `duration_s` and removes the timer in one
//! transaction. Every time comes from the context's clock, except a queued offline stop's device time, which the
//! domain accepts or refuses (`Timer::stop_at`).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::Principal;

use super::activities::{check_duration, completion_notes, Done};
use super::{Activities, ActivityView, Clients};
use crate::domain::activity::{parse_outcome, ActivityDraft, Kind, Origin};
use crate::domain::timer::{standalone, standalone_subject, Target, Timer};
use crate::store::timers::{self as store, Stored};
use crate::store::Stamp;

/// A timer as its screen shows it: what is timed and the seconds counted at `now` (the server's time).
#[derive(Debug, Clone)]
pub struct TimerView {
    pub timer: Timer,
    pub subject: Option<String>,
    pub kind: Kind,
    pub client_id: Option<String>,
    pub client_name: Option<String>,
    pub elapsed_s: i64,
    pub now: DateTime<Utc>,
}

/// What to time: an activity, or (standalone) a client and a kind.
#[derive(Debug, Clone, Default)]
pub struct StartTimer {
    pub activity_id: Option<String>,
    pub client_id: Option<String>,
    pub kind: Option<String>,
}

/// Stopping: the outcome (required), the notes, and the device's time when the stop was queued offline.
#[derive(Debug, Clone, Default)]
pub struct StopTimer {
    pub outcome: Option<String>,
    pub notes: Option<String>,
    pub device_stopped_at: Option<DateTime<Utc>>,
}

pub struct Timers {
    db: Db,
    clock: SharedClock,
    clients: Arc<Clients>,
    activities: Arc<Activities>,
}

fn none_running() -> Error {
    Error::not_found("Nenhum cronômetro em andamento.")
}

fn stale() -> Error {
    Error::conflict(
        "alteracao_concorrente",
        "O cronômetro foi alterado em outro aparelho. Recarregue e tente novamente.",
    )
}

impl Timers {
    pub fn new(
        db: Db,
        clock: SharedClock,
        clients: Arc<Clients>,
        activities: Arc<Activities>,
    ) -> Self {
        Timers {
            db,
            clock,
            clients,
            activities,
        }
    }

    /// The caller's timer, if any.
    pub async fn current(&self, p: &Principal) -> Result<Option<TimerView>> {
        let now = self.clock.now();
        Ok(store::of_user(&self.db, &p.uid)
            .await?
            .map(|s| view(s, now)))
    }

    async fn stored(&self, p: &Principal) -> Result<Stored> {
        store::of_user(&self.db, &p.uid)
            .await?
            .ok_or_else(none_running)
    }

    /// Starts the caller's timer; one already there is a 409 naming it.
    pub async fn start(&self, p: &Principal, start: StartTimer) -> Result<TimerView> {
        if let Some(existing) = store::of_user(&self.db, &p.uid).await? {
            return Err(already_running(&existing));
        }
        let target = self.target(p, start).await?;
        let timer = Timer::start(&p.uid, target, self.clock.now());
        if !store::insert(&self.db, &timer).await? {
            // Another device started one between the check and the insert.
            let existing = self.stored(p).await?;
            return Err(already_running(&existing));
        }
        self.current(p).await?.ok_or_else(none_running)
    }

    /// An open activity the caller reaches (404 outside their scope, 409 when done), or a client of theirs and a
    /// kind (422 naming the field).
    async fn target(&self, p: &Principal, start: StartTimer) -> Result<Target> {
        let activity = start.activity_id.as_deref().map(str::trim);
        if let Some(id) = activity.filter(|id| !id.is_empty()) {
            let activity = self.activities.open_for(p, id).await?;
            return Ok(Target::Activity(activity.id));
        }
        let target = standalone(start.client_id.as_deref(), start.kind.as_deref())?;
        if let Target::Standalone { client_id, .. } = &target {
            self.clients
                .get_for(p, client_id)
                .await
                .map_err(|_| Error::invalid_field("client_id", "Cliente não encontrado."))?;
        }
        Ok(target)
    }

    pub async fn pause(&self, p: &Principal) -> Result<TimerView> {
        let now = self.clock.now();
        let paused = self.stored(p).await?.timer.pause(now)?;
        self.save(p, &paused).await
    }

    pub async fn resume(&self, p: &Principal) -> Result<TimerView> {
        let now = self.clock.now();
        let resumed = self.stored(p).await?.timer.resume(now)?;
        self.save(p, &resumed).await
    }

    async fn save(&self, p: &Principal, t: &Timer) -> Result<TimerView> {
        if !store::update(&self.db, t).await? {
            return Err(stale());
        }
        self.current(p).await?.ok_or_else(none_running)
    }

    /// Stops the timer: the activity is completed with the outcome, the notes and the seconds counted, and the
    /// timer removed, all in one transaction. A standalone timer's activity is created here, done.
    pub async fn stop(&self, p: &Principal, stop: StopTimer) -> Result<ActivityView> {
        let outcome = parse_outcome(stop.outcome.as_deref())?;
        let stored = self.stored(p).await?;
        let timer = &stored.timer;
        let (at, duration_s) = timer.stop_at(self.clock.now(), stop.device_stopped_at)?;
        check_duration(Some(duration_s)).map_err(|_| {
            Error::conflict(
                "cronometro_longo_demais",
                "O cronômetro passou de 24 horas: descarte-o e registre a atividade manualmente.",
            )
        })?;
        let stamp = Stamp { uid: &p.uid, at };
        let id = match &timer.target {
            Target::Activity(id) => {
                let current = self.activities.open_for(p, id).await?;
                let done = Done {
                    outcome,
                    notes: completion_notes(&current, stop.notes)?,
                    duration_s: Some(duration_s),
                };
                let mut tx = self.db.begin().await?;
                if !store::delete_tx(&mut tx, &p.uid, timer.version).await? {
                    return Err(stale());
                }
                self.activities
                    .complete_tx(&mut tx, p, &current, &done, &stamp)
                    .await?;
                tx.commit().await?;
                current.id
            }
            Target::Standalone { client_id, kind } => {
                let fields = ActivityDraft {
                    kind: Some(kind.as_str().to_string()),
                    subject: Some(standalone_subject(*kind)),
                    notes: stop.notes,
                    client_id: Some(client_id.clone()),
                    opportunity_id: None,
                    owner_id: Some(p.uid.clone()),
                    due_at: Some(timer.started_at),
                }
                .validate()?;
                let mut activity = self.activities.new_activity(p, fields, Origin::Timer);
                activity.done_at = Some(at);
                activity.outcome = Some(outcome);
                activity.duration_s = Some(duration_s);
                let mut tx = self.db.begin().await?;
                if !store::delete_tx(&mut tx, &p.uid, timer.version).await? {
                    return Err(stale());
                }
                self.activities
                    .log_tx(&mut tx, p, &activity, &stamp)
                    .await?;
                tx.commit().await?;
                activity.id
            }
        };
        self.activities.get_for(p, &id).await
    }

    /// Throws the caller's timer away: its activity stays as it was.
    pub async fn discard(&self, p: &Principal) -> Result<()> {
        if !store::delete(&self.db, &p.uid).await? {
            return Err(none_running());
        }
        Ok(())
    }
}

fn view(s: Stored, now: DateTime<Utc>) -> TimerView {
    TimerView {
        elapsed_s: s.timer.elapsed_at(now),
        now,
        timer: s.timer,
        subject: s.subject,
        kind: s.kind,
        client_id: s.client_id,
        client_name: s.client_name,
    }
}

/// What a timer is about, for a person: the activity's subject, or the kind and the client.
fn describe(s: &Stored) -> String {
    match (&s.subject, &s.client_name) {
        (Some(subject), _) => subject.clone(),
        (None, Some(client)) => format!("{} com {client}", s.kind.label()),
        (None, None) => s.kind.label().to_string(),
    }
}

fn already_running(s: &Stored) -> Error {
    let since = s
        .timer
        .started_at
        .with_timezone(&chrono_tz::America::Sao_Paulo)
        .format("%d/%m/%Y %H:%M");
    Error::conflict(
        "cronometro_em_andamento",
        format!(
            "Você já tem um cronômetro em andamento: {} (iniciado em {since}). Encerre-o ou descarte-o antes de \
             iniciar outro.",
            describe(s)
        ),
    )
}
