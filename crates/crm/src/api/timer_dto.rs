//! The shapes of `/api/v1/crm/timer*`.

use chrono::{DateTime, Utc};
use platform::api::{Omittable, Text};
use poem_openapi::Object;

use crate::domain::timer::{Target, TimerState};
use crate::service::{StartTimer, StopTimer, TimerView};

/// The caller's attendance timer, as the server counts it.
#[derive(Object)]
#[oai(rename = "Timer", skip_serializing_if_is_none)]
pub struct TimerDto {
    /// `running` or `paused`.
    pub state: String,
    /// The activity timed (none for a standalone timer: its activity is created when stopped).
    pub activity_id: Option<String>,
    /// The activity's subject (none for a standalone timer).
    pub subject: Option<String>,
    /// `ligacao`, `whatsapp`, `email`, `visita`, `reuniao` or `tarefa`.
    pub kind: String,
    pub client_id: Option<String>,
    pub client_name: Option<String>,
    pub started_at: DateTime<Utc>,
    /// When it was paused (only while paused).
    pub paused_at: Option<DateTime<Utc>>,
    /// Seconds counted at `server_now`, pauses left out.
    pub elapsed_s: i64,
    /// The server's time when this was read: a screen counts on from `elapsed_s` while `running`.
    pub server_now: DateTime<Utc>,
}

impl From<TimerView> for TimerDto {
    fn from(v: TimerView) -> TimerDto {
        let t = v.timer;
        TimerDto {
            state: t.state.as_str().to_string(),
            activity_id: match t.target {
                Target::Activity(id) => Some(id),
                Target::Standalone { .. } => None,
            },
            subject: v.subject,
            kind: v.kind.as_str().to_string(),
            client_id: v.client_id,
            client_name: v.client_name,
            started_at: t.started_at,
            paused_at: t.paused_at.filter(|_| t.state == TimerState::Paused),
            elapsed_s: v.elapsed_s,
            server_now: v.now,
        }
    }
}

/// Starts a timer: an open activity (`activity_id`), or standalone with `client_id` and `kind`.
#[derive(Debug, Clone, Object)]
pub struct StartTimerRequest {
    #[oai(validator(max_length = 100))]
    pub activity_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub client_id: Omittable<Text>,
    /// `ligacao`, `whatsapp`, `email`, `visita`, `reuniao` or `tarefa` (standalone).
    #[oai(validator(max_length = 100))]
    pub kind: Omittable<Text>,
}

impl From<StartTimerRequest> for StartTimer {
    fn from(r: StartTimerRequest) -> StartTimer {
        StartTimer {
            activity_id: r.activity_id.0.map(String::from),
            client_id: r.client_id.0.map(String::from),
            kind: r.kind.0.map(String::from),
        }
    }
}

/// Stops the timer: `outcome` is required (422 without it).
#[derive(Debug, Clone, Object)]
pub struct StopTimerRequest {
    /// `atendeu`, `nao_atendeu`, `caixa_postal`, `respondeu`, `agendou_avaliacao`, `sem_interesse`,
    /// `numero_invalido` or `outro`.
    #[oai(validator(max_length = 100))]
    pub outcome: Omittable<Text>,
    #[oai(validator(max_length = 100000))]
    pub notes: Omittable<Text>,
    /// The device's time of a stop queued offline: accepted if not in the future and the duration is under 12 h.
    pub device_stopped_at: Omittable<DateTime<Utc>>,
}

impl From<StopTimerRequest> for StopTimer {
    fn from(r: StopTimerRequest) -> StopTimer {
        StopTimer {
            outcome: r.outcome.0.map(String::from),
            notes: r.notes.0.map(String::from),
            device_stopped_at: r.device_stopped_at.0,
        }
    }
}
