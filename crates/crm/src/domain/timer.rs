//! The attendance timer (`/timer`): one per user, kept on the server so a reload or a second device shows it.
//! Elapsed time is counted from server times only: the seconds of the runs before the current one, plus the
//! current run up to now. A stop sent later by an offline device carries the device's time; it is accepted when
//! it is not in the future, not before the start, and the duration it gives is under 12 h.

use chrono::{DateTime, Utc};
use platform::error::{Error, Result};

use super::activity::Kind;

/// The longest timer an offline stop may record: a device that comes back after a day has no reliable end.
pub const MAX_OFFLINE_S: i64 = 12 * 3600;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimerState {
    Running,
    Paused,
}

impl TimerState {
    pub fn as_str(self) -> &'static str {
        match self {
            TimerState::Running => "running",
            TimerState::Paused => "paused",
        }
    }

    pub fn parse(s: &str) -> Option<TimerState> {
        match s {
            "running" => Some(TimerState::Running),
            "paused" => Some(TimerState::Paused),
            _ => None,
        }
    }
}

/// What is being timed: an existing activity, or a client and a kind (the activity is created when stopped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Activity(String),
    Standalone { client_id: String, kind: Kind },
}

/// A user's timer as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timer {
    pub user_id: String,
    pub target: Target,
    pub state: TimerState,
    /// When it was first started.
    pub started_at: DateTime<Utc>,
    /// When the current run began (the start or the last resume); meaningful while running.
    pub resumed_at: DateTime<Utc>,
    /// The seconds of the runs before the current one.
    pub accumulated_s: i64,
    pub paused_at: Option<DateTime<Utc>>,
    pub version: i64,
}

impl Timer {
    /// A timer started at `now`.
    pub fn start(user_id: &str, target: Target, now: DateTime<Utc>) -> Timer {
        Timer {
            user_id: user_id.to_string(),
            target,
            state: TimerState::Running,
            started_at: now,
            resumed_at: now,
            accumulated_s: 0,
            paused_at: None,
            version: 1,
        }
    }

    /// The seconds counted at `at`: the earlier runs, plus the current run while running. An instant before the
    /// current run began counts nothing of it (never a negative duration).
    pub fn elapsed_at(&self, at: DateTime<Utc>) -> i64 {
        match self.state {
            TimerState::Paused => self.accumulated_s,
            TimerState::Running => self.accumulated_s + (at - self.resumed_at).num_seconds().max(0),
        }
    }

    /// Paused at `now`: the current run is added to the accumulated seconds.
    pub fn pause(&self, now: DateTime<Utc>) -> Result<Timer> {
        if self.state == TimerState::Paused {
            return Err(Error::conflict(
                "cronometro_pausado",
                "O cronômetro já está pausado.",
            ));
        }
        Ok(Timer {
            state: TimerState::Paused,
            accumulated_s: self.elapsed_at(now),
            paused_at: Some(now),
            version: self.version + 1,
            ..self.clone()
        })
    }

    /// Resumed at `now`: a new run begins; the paused time is not counted.
    pub fn resume(&self, now: DateTime<Utc>) -> Result<Timer> {
        if self.state == TimerState::Running {
            return Err(Error::conflict(
                "cronometro_em_andamento",
                "O cronômetro já está correndo.",
            ));
        }
        Ok(Timer {
            state: TimerState::Running,
            resumed_at: now,
            paused_at: None,
            version: self.version + 1,
            ..self.clone()
        })
    }

    /// When the timer stopped and the seconds it recorded: `now` when stopped online; the device's time when a
    /// queued offline stop arrives, if it is not in the future, not before the start, and under 12 h.
    pub fn stop_at(
        &self,
        now: DateTime<Utc>,
        device_stopped_at: Option<DateTime<Utc>>,
    ) -> Result<(DateTime<Utc>, i64)> {
        let Some(device) = device_stopped_at else {
            return Ok((now, self.elapsed_at(now)));
        };
        let refuse = |message: &str| Err(Error::invalid_field("device_stopped_at", message));
        if device > now {
            return refuse(
                "O horário do encerramento está no futuro: confira o relógio do aparelho.",
            );
        }
        if device < self.started_at {
            return refuse("O horário do encerramento é anterior ao início do cronômetro.");
        }
        let duration = self.elapsed_at(device);
        if duration >= MAX_OFFLINE_S {
            return refuse(
                "Um encerramento feito sem conexão vale para cronômetros de menos de 12 horas: descarte este \
                 cronômetro e registre a atividade manualmente.",
            );
        }
        Ok((device, duration))
    }
}

/// Reads the standalone target as sent: both the client and a known kind (each problem naming its field).
pub fn standalone(client_id: Option<&str>, kind: Option<&str>) -> Result<Target> {
    let mut v = platform::error::Violations::new();
    let client_id = client_id.map(str::trim).filter(|c| !c.is_empty());
    if client_id.is_none() {
        v.add(
            "client_id",
            "Informe a atividade ou o cliente do atendimento.",
        );
    }
    let kind = match kind.map(str::trim).filter(|k| !k.is_empty()) {
        None => {
            v.add("kind", "Informe o tipo da atividade.");
            None
        }
        Some(k) => {
            let kind = Kind::parse(k);
            if kind.is_none() {
                v.add(
                    "kind",
                    "Tipo inválido: use ligacao, whatsapp, email, visita, reuniao ou tarefa.",
                );
            }
            kind
        }
    };
    v.finish()?;
    match (client_id, kind) {
        (Some(client_id), Some(kind)) => Ok(Target::Standalone {
            client_id: client_id.to_string(),
            kind,
        }),
        _ => Err(Error::internal("alvo do cronômetro incompleto")),
    }
}

/// The subject of the activity a standalone timer creates when stopped.
pub fn standalone_subject(kind: Kind) -> String {
    format!("{} (cronômetro)", kind.label())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 15, 0, 0).unwrap()
    }

    fn running() -> Timer {
        Timer::start("uid-ana", Target::Activity("a1".into()), t0())
    }

    #[test]
    fn elapsed_time_leaves_the_pauses_out() {
        let m = |n: i64| t0() + Duration::minutes(n);
        let timer = running();
        assert_eq!(timer.elapsed_at(m(5)), 300);
        let paused = timer.pause(m(5)).unwrap();
        assert_eq!(
            (paused.state, paused.paused_at),
            (TimerState::Paused, Some(m(5)))
        );
        // Paused: the clock stands still however long the pause lasts.
        assert_eq!(paused.elapsed_at(m(60)), 300);
        let resumed = paused.resume(m(60)).unwrap();
        assert_eq!(resumed.elapsed_at(m(62)), 420);
        assert_eq!(resumed.version, 3);
        // An instant before the current run counts nothing of it.
        assert_eq!(resumed.elapsed_at(m(30)), 300);
    }

    #[test]
    fn pausing_twice_or_resuming_a_running_timer_conflicts() {
        let paused = running().pause(t0()).unwrap();
        assert_eq!(paused.pause(t0()).unwrap_err().code, "cronometro_pausado");
        assert_eq!(
            running().resume(t0()).unwrap_err().code,
            "cronometro_em_andamento"
        );
    }

    #[test]
    fn an_online_stop_counts_up_to_the_server_time() {
        let now = t0() + Duration::seconds(95);
        assert_eq!(running().stop_at(now, None).unwrap(), (now, 95));
    }

    #[test]
    fn an_offline_stop_is_accepted_under_12_hours_and_not_in_the_future() {
        let timer = running();
        let now = t0() + Duration::hours(20);
        let device = t0() + Duration::minutes(10);
        assert_eq!(timer.stop_at(now, Some(device)).unwrap(), (device, 600));
        let just_under = t0() + Duration::seconds(MAX_OFFLINE_S - 1);
        assert_eq!(
            timer.stop_at(now, Some(just_under)).unwrap().1,
            MAX_OFFLINE_S - 1
        );

        let refused = [
            t0() + Duration::seconds(MAX_OFFLINE_S),
            now + Duration::seconds(1),
            t0() - Duration::seconds(1),
        ];
        for device in refused {
            let err = timer.stop_at(now, Some(device)).unwrap_err();
            assert_eq!(err.fields[0].field, "device_stopped_at", "{device}");
        }
    }

    #[test]
    fn the_12_hours_are_counted_without_the_pauses() {
        // Paused after 1 h, left paused for 15 h, stopped offline: 1 h recorded.
        let paused = running().pause(t0() + Duration::hours(1)).unwrap();
        let device = t0() + Duration::hours(16);
        let now = device + Duration::minutes(1);
        assert_eq!(paused.stop_at(now, Some(device)).unwrap(), (device, 3600));
    }

    #[test]
    fn a_standalone_timer_needs_a_client_and_a_known_kind() {
        assert_eq!(
            standalone(Some(" c1 "), Some("visita")).unwrap(),
            Target::Standalone {
                client_id: "c1".into(),
                kind: Kind::Visita
            }
        );
        let err = standalone(Some(""), Some("fax")).unwrap_err();
        let fields: Vec<&str> = err.fields.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(fields, ["client_id", "kind"]);
        assert_eq!(standalone_subject(Kind::Ligacao), "Ligação (cronômetro)");
    }
}
