//! The shapes of `/api/v1/crm/cadences*`.

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{Date, Omittable, Text};
use poem_openapi::Object;

use crate::domain::cadence::{Step, StepDate, StepDraft};
use crate::service::cadences::{CadenceDraft, CadenceView, EnrollmentView};
use crate::store::cadences::{CadenceCounts, StepCounts, StoredStep};

/// A step of a cadence version.
#[derive(Object)]
#[oai(rename = "CadenceStep", skip_serializing_if_is_none)]
pub struct CadenceStepDto {
    /// Absent in a simulation.
    pub id: Option<String>,
    pub order: i32,
    /// Business days after the enrollment's first business day.
    pub day_offset: i32,
    /// `hh:mm`, São Paulo time.
    pub window_start: String,
    pub window_end: String,
    /// `email`, `whatsapp`, `ligacao` or `tarefa`.
    pub channel: String,
    pub template: String,
}

pub(super) fn step_dto(id: Option<String>, s: &Step) -> CadenceStepDto {
    CadenceStepDto {
        id,
        order: s.order,
        day_offset: s.day_offset,
        window_start: s.window_start.format("%H:%M").to_string(),
        window_end: s.window_end.format("%H:%M").to_string(),
        channel: s.channel.as_str().to_string(),
        template: s.template.clone(),
    }
}

/// Enrolled, completed, replies, evaluations booked and opt-outs of a cadence (sales in 30 days arrive with the
/// sales context).
#[derive(Object)]
#[oai(rename = "CadenceMetrics")]
pub struct CadenceMetricsDto {
    pub enrolled: i64,
    /// Active or paused now.
    pub in_progress: i64,
    pub completed: i64,
    pub replied: i64,
    /// Replied / enrolled, in basis points (0–10 000).
    pub reply_rate_bp: i64,
    pub evaluations_booked: i64,
    pub opt_outs: i64,
}

fn metrics(c: &CadenceCounts) -> CadenceMetricsDto {
    CadenceMetricsDto {
        enrolled: c.enrolled,
        in_progress: c.active,
        completed: c.completed,
        replied: c.replied,
        reply_rate_bp: rate(c.replied, c.enrolled),
        evaluations_booked: c.booked,
        opt_outs: c.opt_outs,
    }
}

fn rate(part: i64, whole: i64) -> i64 {
    if whole == 0 {
        0
    } else {
        part * 10_000 / whole
    }
}

/// How one step did (every version, by order).
#[derive(Object)]
#[oai(rename = "CadenceStepMetrics")]
pub struct CadenceStepMetricsDto {
    pub order: i32,
    /// Times it fell due.
    pub fired: i64,
    /// Of those, e-mails sent through SMTP.
    pub emailed: i64,
    /// Replies after it (it was the last step that fell).
    pub replied: i64,
    pub reply_rate_bp: i64,
    pub evaluations_booked: i64,
}

pub(super) fn step_metrics(c: StepCounts) -> CadenceStepMetricsDto {
    CadenceStepMetricsDto {
        order: c.step_order,
        fired: c.fired,
        emailed: c.emailed,
        replied: c.replied,
        reply_rate_bp: rate(c.replied, c.fired),
        evaluations_booked: c.booked,
    }
}

/// A cadence: its current version's steps and its metrics.
#[derive(Object)]
#[oai(rename = "Cadence", skip_serializing_if_is_none)]
pub struct CadenceDto {
    pub id: String,
    pub name: String,
    /// Absent: a global cadence.
    pub team_id: Option<String>,
    pub team_name: Option<String>,
    pub active: bool,
    /// What `{link}` is filled with.
    pub link_url: Option<String>,
    /// The version new enrollments take.
    pub current_version: i32,
    pub steps: Vec<CadenceStepDto>,
    pub metrics: CadenceMetricsDto,
    /// Per step (only on `GET /cadences/{id}`).
    pub step_metrics: Option<Vec<CadenceStepMetricsDto>>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub(super) fn cadence_dto(v: CadenceView, per_step: Option<Vec<StepCounts>>) -> CadenceDto {
    let c = v.cadence;
    CadenceDto {
        id: c.id,
        name: c.name,
        team_id: c.team_id,
        team_name: v.team_name,
        active: c.active,
        link_url: c.link_url,
        current_version: c.current_version,
        steps: v
            .steps
            .iter()
            .map(|s: &StoredStep| step_dto(Some(s.id.clone()), &s.step))
            .collect(),
        metrics: metrics(&v.counts),
        step_metrics: per_step.map(|p| p.into_iter().map(step_metrics).collect()),
        version: c.version,
        created_at: c.created_at,
        updated_at: c.updated_at,
    }
}

/// A step as typed.
#[derive(Debug, Clone, Object)]
#[oai(rename = "CadenceStepRequest")]
pub struct CadenceStepRequest {
    #[oai(validator(minimum(value = "-1000"), maximum(value = "1000")))]
    pub day_offset: i32,
    #[oai(validator(max_length = 10))]
    pub window_start: Text,
    #[oai(validator(max_length = 10))]
    pub window_end: Text,
    #[oai(validator(max_length = 20))]
    pub channel: Text,
    #[oai(validator(max_length = 10000))]
    pub template: Text,
}

pub(super) fn drafts(steps: Vec<CadenceStepRequest>) -> Vec<StepDraft> {
    steps
        .into_iter()
        .map(|s| StepDraft {
            day_offset: s.day_offset,
            window_start: s.window_start.0,
            window_end: s.window_end.0,
            channel: s.channel.0,
            template: s.template.0,
        })
        .collect()
}

/// A new cadence, or a cadence's new state (with `version`, the one read).
#[derive(Debug, Clone, Object)]
pub struct CadenceRequest {
    /// The version read (a change only): 409 when someone changed it since.
    pub version: Omittable<i64>,
    #[oai(validator(max_length = 1000))]
    pub name: Text,
    /// Absent: global (administrators only).
    #[oai(validator(max_length = 100))]
    pub team_id: Omittable<Text>,
    /// Default true.
    pub active: Omittable<bool>,
    #[oai(validator(max_length = 2000))]
    pub link_url: Omittable<Text>,
    #[oai(validator(max_items = 100))]
    pub steps: Vec<CadenceStepRequest>,
}

impl CadenceRequest {
    pub(super) fn draft(self) -> (Option<i64>, CadenceDraft) {
        (
            self.version.0,
            CadenceDraft {
                name: self.name.0,
                team_id: self.team_id.0.map(String::from),
                active: self.active.0.unwrap_or(true),
                link_url: self.link_url.0.map(String::from),
                steps: drafts(self.steps),
            },
        )
    }
}

/// Steps to preview, from a start date (default today).
#[derive(Debug, Clone, Object)]
pub struct SimulateCadenceRequest {
    pub start: Omittable<Date>,
    #[oai(validator(max_items = 100))]
    pub steps: Vec<CadenceStepRequest>,
}

/// When one step would fall.
#[derive(Object)]
#[oai(rename = "SimulatedStep")]
pub struct SimulatedStepDto {
    pub step: CadenceStepDto,
    /// The business day (São Paulo).
    pub day: NaiveDate,
    /// The start of its window that day.
    pub at: DateTime<Utc>,
}

pub(super) fn simulated(s: &Step, d: &StepDate) -> SimulatedStepDto {
    SimulatedStepDto {
        step: step_dto(None, s),
        day: d.day,
        at: d.at,
    }
}

/// A client in a cadence.
#[derive(Object)]
#[oai(rename = "CadenceEnrollment", skip_serializing_if_is_none)]
pub struct EnrollmentDto {
    pub id: String,
    pub cadence_id: String,
    pub cadence_name: String,
    /// The cadence version it follows.
    pub cadence_version: i32,
    pub client_id: String,
    pub client_name: String,
    pub owner_id: String,
    pub owner_name: String,
    /// The order of the next step to fall (past the last: none left).
    pub current_step: i32,
    /// `ativa`, `pausada`, `concluida` or `encerrada`.
    pub status: String,
    /// `resposta`, `ausencia` or `manual` (paused only).
    pub pause_reason: Option<String>,
    pub resume_on: Option<NaiveDate>,
    /// `manual`, `ganho` or `opt_out` (ended only).
    pub end_reason: Option<String>,
    /// When the next step falls (active only).
    pub next_due_at: Option<DateTime<Utc>>,
    pub replied_at: Option<DateTime<Utc>>,
    pub booked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub(super) fn enrollment_dto(v: EnrollmentView) -> EnrollmentDto {
    let e = v.enrollment;
    EnrollmentDto {
        id: e.id,
        cadence_id: e.cadence_id,
        cadence_name: v.cadence_name,
        cadence_version: e.cadence_version,
        client_id: e.client_id,
        client_name: e.client_name,
        owner_id: e.owner_id,
        owner_name: v.owner_name,
        current_step: e.current_step,
        status: e.status.as_str().to_string(),
        pause_reason: e.pause_reason.map(|r| r.as_str().to_string()),
        resume_on: e.resume_on,
        end_reason: e.end_reason,
        next_due_at: e.next_due_at,
        replied_at: e.replied_at,
        booked_at: e.booked_at,
        created_at: e.created_at,
        updated_at: e.updated_at,
    }
}

/// Clients to enroll (up to 200), all or none.
#[derive(Debug, Clone, Object)]
pub struct EnrollRequest {
    #[oai(validator(max_items = 1000))]
    pub client_ids: Vec<Text>,
}

/// Pausing: `manual` (default) or `ausencia`, optionally until a date.
#[derive(Debug, Clone, Object)]
pub struct PauseEnrollmentRequest {
    #[oai(validator(max_length = 20))]
    pub reason: Omittable<Text>,
    pub resume_on: Omittable<Date>,
}
