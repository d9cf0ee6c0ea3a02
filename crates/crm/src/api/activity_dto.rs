//! The shapes of `/api/v1/crm/activities*`.

use chrono::{DateTime, Utc};
use platform::api::{Clearable, Omittable, Text};
use poem_openapi::Object;

use crate::domain::activity::ActivityDraft;
use crate::service::{ActivityView, Completion, NextActivity};

/// An activity: a call, a WhatsApp message, an e-mail, a visit, a meeting or a task, due at a time and done with an
/// outcome.
#[derive(Object)]
#[oai(rename = "Activity", skip_serializing_if_is_none)]
pub struct ActivityDto {
    pub id: String,
    /// `ligacao`, `whatsapp`, `email`, `visita`, `reuniao` or `tarefa`.
    pub kind: String,
    pub subject: String,
    pub notes: Option<String>,
    pub client_id: Option<String>,
    pub client_name: Option<String>,
    pub opportunity_id: Option<String>,
    pub owner_id: String,
    pub owner_name: String,
    pub due_at: DateTime<Utc>,
    pub done_at: Option<DateTime<Utc>>,
    /// `atendeu`, `nao_atendeu`, `caixa_postal`, `respondeu`, `agendou_avaliacao`, `sem_interesse`,
    /// `numero_invalido` or `outro` (set once done).
    pub outcome: Option<String>,
    pub duration_s: Option<i64>,
    /// `manual`, `plugin`, `cadencia`, `timer` or `sistema`.
    pub origin: String,
    pub cadence_step_id: Option<String>,
    pub enrollment_id: Option<String>,
    /// Not done and due in the past.
    pub overdue: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<ActivityView> for ActivityDto {
    fn from(v: ActivityView) -> ActivityDto {
        let a = v.activity;
        let f = a.fields;
        ActivityDto {
            id: a.id,
            kind: f.kind.as_str().to_string(),
            subject: f.subject,
            notes: f.notes,
            client_id: f.client_id,
            client_name: v.client_name,
            opportunity_id: f.opportunity_id,
            owner_id: f.owner_id,
            owner_name: v.owner_name,
            due_at: f.due_at,
            done_at: a.done_at,
            outcome: a.outcome.map(|o| o.as_str().to_string()),
            duration_s: a.duration_s,
            origin: a.origin.as_str().to_string(),
            cadence_step_id: a.cadence_step_id,
            enrollment_id: a.enrollment_id,
            overdue: v.overdue,
            version: a.version,
            created_at: a.created_at,
            updated_at: a.updated_at,
        }
    }
}

/// A page of activities.
#[derive(Object)]
pub struct ActivityPage {
    pub items: Vec<ActivityDto>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
}

/// Today's open activities and the overdue ones (the first of them, by due time), and how many there are.
#[derive(Object)]
pub struct ActivityAgenda {
    pub items: Vec<ActivityDto>,
    pub total: i64,
    pub overdue: i64,
}

/// A new activity. The owner defaults to the caller.
#[derive(Debug, Clone, Object)]
pub struct NewActivityRequest {
    /// `ligacao`, `whatsapp`, `email`, `visita`, `reuniao` or `tarefa`.
    #[oai(validator(max_length = 100))]
    pub kind: Text,
    #[oai(validator(max_length = 10000))]
    pub subject: Text,
    #[oai(validator(max_length = 100000))]
    pub notes: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub client_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub opportunity_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub owner_id: Omittable<Text>,
    pub due_at: DateTime<Utc>,
}

impl NewActivityRequest {
    pub fn draft(self) -> ActivityDraft {
        ActivityDraft {
            kind: Some(self.kind.into()),
            subject: Some(self.subject.into()),
            notes: self.notes.0.map(String::from),
            client_id: self.client_id.0.map(String::from),
            opportunity_id: self.opportunity_id.0.map(String::from),
            owner_id: self.owner_id.0.map(String::from),
            due_at: Some(self.due_at),
        }
    }
}

/// Changes to an activity: absent fields stay; `null` clears `notes`, `client_id` and `opportunity_id`. A done
/// activity changes only its notes.
#[derive(Debug, Clone, Object)]
pub struct ActivityPatchRequest {
    /// The version read; a different current version answers 409.
    pub version: Omittable<i64>,
    #[oai(validator(max_length = 100))]
    pub kind: Omittable<Text>,
    #[oai(validator(max_length = 10000))]
    pub subject: Omittable<Text>,
    #[oai(validator(max_length = 100000))]
    pub notes: Clearable<Text>,
    #[oai(validator(max_length = 100))]
    pub client_id: Clearable<Text>,
    #[oai(validator(max_length = 100))]
    pub opportunity_id: Clearable<Text>,
    #[oai(validator(max_length = 100))]
    pub owner_id: Omittable<Text>,
    pub due_at: Omittable<DateTime<Utc>>,
}

impl ActivityPatchRequest {
    pub fn apply(&self, d: &mut ActivityDraft) {
        let text = |t: &Text| Some(String::from(t.clone()));
        if let Some(k) = self.kind.as_ref() {
            d.kind = text(k);
        }
        if let Some(s) = self.subject.as_ref() {
            d.subject = text(s);
        }
        if let Some(n) = self.notes.clone().change() {
            d.notes = n.map(String::from);
        }
        if let Some(c) = self.client_id.clone().change() {
            d.client_id = c.map(String::from);
        }
        if let Some(o) = self.opportunity_id.clone().change() {
            d.opportunity_id = o.map(String::from);
        }
        if let Some(o) = self.owner_id.as_ref() {
            d.owner_id = text(o);
        }
        if let Some(t) = self.due_at.as_ref() {
            d.due_at = Some(*t);
        }
    }
}

/// The activity to log next, for the same client and owner.
#[derive(Debug, Clone, Object)]
pub struct NextActivityRequest {
    #[oai(validator(max_length = 100))]
    pub kind: Omittable<Text>,
    #[oai(validator(max_length = 10000))]
    pub subject: Omittable<Text>,
    pub due_at: Omittable<DateTime<Utc>>,
}

/// Completes an activity: `outcome` is required (422 without it).
#[derive(Debug, Clone, Object)]
pub struct CompleteActivityRequest {
    /// `atendeu`, `nao_atendeu`, `caixa_postal`, `respondeu`, `agendou_avaliacao`, `sem_interesse`,
    /// `numero_invalido` or `outro`.
    #[oai(validator(max_length = 100))]
    pub outcome: Omittable<Text>,
    #[oai(validator(max_length = 100000))]
    pub notes: Omittable<Text>,
    /// How long it took, in seconds (the timer).
    pub duration_s: Omittable<i64>,
    pub next: Omittable<NextActivityRequest>,
}

impl From<CompleteActivityRequest> for Completion {
    fn from(r: CompleteActivityRequest) -> Completion {
        Completion {
            outcome: r.outcome.0.map(String::from),
            notes: r.notes.0.map(String::from),
            duration_s: r.duration_s.0,
            next: r.next.0.map(|n| NextActivity {
                kind: n.kind.0.map(String::from),
                subject: n.subject.0.map(String::from),
                due_at: n.due_at.0,
            }),
        }
    }
}

/// The completed activity, and the next one when asked for.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct CompletedActivity {
    pub activity: ActivityDto,
    pub next: Option<ActivityDto>,
}

/// Moves open activities to a new due time (at most 200; all or none).
#[derive(Debug, Clone, Object)]
pub struct BulkRescheduleRequest {
    #[oai(validator(max_items = 1000))]
    pub ids: Vec<Text>,
    pub due_at: DateTime<Utc>,
}

/// Gives open activities to another owner of the caller's teams (at most 200; all or none).
#[derive(Debug, Clone, Object)]
pub struct BulkReassignRequest {
    #[oai(validator(max_items = 1000))]
    pub ids: Vec<Text>,
    #[oai(validator(max_length = 100))]
    pub owner_id: Text,
}

/// How many activities a bulk operation changed.
#[derive(Object)]
pub struct BulkResult {
    pub updated: i64,
}
