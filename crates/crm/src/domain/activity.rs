//! Activities: what a salesperson does or has to do with a client (a call, a WhatsApp message, an e-mail, a visit,
//! a meeting, a task), due at a time and done with an outcome. Overdue = not done and due in the past; "today" is
//! São Paulo's business date. A done activity is immutable except its notes.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use platform::clock::start_of_day;
use platform::error::{Error, Result, Violations};
use platform::text::collapse_spaces;

pub const MAX_SUBJECT: usize = 200;
pub const MAX_NOTES: usize = 4000;
/// How many activities one bulk operation takes.
pub const MAX_BULK: usize = 200;
/// A day of talking: a typo guard for `duration_s`.
pub const MAX_DURATION_S: i64 = 86_400;

macro_rules! vocabulary {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => $code:literal, $label:literal;)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)+
                }
            }

            /// The Portuguese label the screens and the history show.
            pub fn label(self) -> &'static str {
                match self {
                    $($name::$variant => $label,)+
                }
            }

            pub fn parse(s: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|x| x.as_str() == s)
            }
        }
    };
}

vocabulary!(
    /// What kind of contact or work an activity is.
    Kind {
        Ligacao => "ligacao", "Ligação";
        Whatsapp => "whatsapp", "WhatsApp";
        Email => "email", "E-mail";
        Visita => "visita", "Visita";
        Reuniao => "reuniao", "Reunião/avaliação";
        Tarefa => "tarefa", "Tarefa";
    }
);

vocabulary!(
    /// How a done activity went (required to complete one).
    Outcome {
        Atendeu => "atendeu", "Atendeu";
        NaoAtendeu => "nao_atendeu", "Não atendeu";
        CaixaPostal => "caixa_postal", "Caixa postal";
        Respondeu => "respondeu", "Respondeu";
        AgendouAvaliacao => "agendou_avaliacao", "Agendou avaliação";
        SemInteresse => "sem_interesse", "Sem interesse";
        NumeroInvalido => "numero_invalido", "Número inválido";
        Outro => "outro", "Outro";
    }
);

vocabulary!(
    /// Where an activity came from.
    Origin {
        Manual => "manual", "Manual";
        Plugin => "plugin", "Plugin";
        Cadencia => "cadencia", "Cadência";
        Timer => "timer", "Cronômetro";
        Sistema => "sistema", "Sistema";
    }
);

impl Outcome {
    /// The client answered: an enrollment in a cadence pauses instead of going on.
    pub fn is_reply(self) -> bool {
        matches!(self, Outcome::Respondeu | Outcome::Atendeu)
    }
}

/// What the person sets on an activity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityFields {
    pub kind: Kind,
    pub subject: String,
    pub notes: Option<String>,
    pub client_id: Option<String>,
    pub opportunity_id: Option<String>,
    pub owner_id: String,
    pub due_at: DateTime<Utc>,
}

/// An activity as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activity {
    pub id: String,
    pub fields: ActivityFields,
    pub done_at: Option<DateTime<Utc>>,
    pub outcome: Option<Outcome>,
    pub duration_s: Option<i64>,
    pub origin: Origin,
    pub cadence_step_id: Option<String>,
    pub enrollment_id: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
}

impl Activity {
    pub fn is_done(&self) -> bool {
        self.done_at.is_some()
    }

    /// Not done and due in the past.
    pub fn is_overdue(&self, now: DateTime<Utc>) -> bool {
        !self.is_done() && self.fields.due_at < now
    }
}

/// An activity as typed, before it is checked.
#[derive(Debug, Clone, Default)]
pub struct ActivityDraft {
    pub kind: Option<String>,
    pub subject: Option<String>,
    pub notes: Option<String>,
    pub client_id: Option<String>,
    pub opportunity_id: Option<String>,
    pub owner_id: Option<String>,
    pub due_at: Option<DateTime<Utc>>,
}

impl ActivityDraft {
    /// The draft of what `f` holds (a change starts from it).
    pub fn of(f: &ActivityFields) -> ActivityDraft {
        ActivityDraft {
            kind: Some(f.kind.as_str().to_string()),
            subject: Some(f.subject.clone()),
            notes: f.notes.clone(),
            client_id: f.client_id.clone(),
            opportunity_id: f.opportunity_id.clone(),
            owner_id: Some(f.owner_id.clone()),
            due_at: Some(f.due_at),
        }
    }

    /// The fields, or every problem at once (each naming its field, in Portuguese).
    pub fn validate(self) -> Result<ActivityFields> {
        let mut v = Violations::new();
        let kind = match self.kind.as_deref().map(str::trim) {
            None | Some("") => {
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
        let subject = collapse_spaces(self.subject.as_deref().unwrap_or_default());
        if subject.is_empty() {
            v.add("subject", "Informe o assunto.");
        } else if subject.chars().count() > MAX_SUBJECT {
            v.add(
                "subject",
                format!("O assunto tem no máximo {MAX_SUBJECT} caracteres."),
            );
        }
        let notes = optional(self.notes);
        if notes
            .as_ref()
            .is_some_and(|n| n.chars().count() > MAX_NOTES)
        {
            v.add(
                "notes",
                format!("As anotações têm no máximo {MAX_NOTES} caracteres."),
            );
        }
        let owner_id = optional(self.owner_id);
        if owner_id.is_none() {
            v.add("owner_id", "Informe o responsável.");
        }
        if self.due_at.is_none() {
            v.add("due_at", "Informe quando a atividade vence.");
        }
        v.finish()?;
        match (kind, owner_id, self.due_at) {
            (Some(kind), Some(owner_id), Some(due_at)) => Ok(ActivityFields {
                kind,
                subject,
                notes,
                client_id: optional(self.client_id),
                opportunity_id: optional(self.opportunity_id),
                owner_id,
                due_at,
            }),
            _ => Err(Error::internal("rascunho de atividade incompleto")),
        }
    }
}

fn optional(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

/// Reads an outcome as sent (required: completing without one is refused naming `outcome`).
pub fn parse_outcome(text: Option<&str>) -> Result<Outcome> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Err(Error::invalid_field(
            "outcome",
            "Informe o resultado para concluir a atividade.",
        )),
        Some(t) => Outcome::parse(t).ok_or_else(|| {
            Error::invalid_field(
                "outcome",
                "Resultado inválido: use atendeu, nao_atendeu, caixa_postal, respondeu, agendou_avaliacao, \
                 sem_interesse, numero_invalido ou outro.",
            )
        }),
    }
}

/// The tabs of `/crm/atividades`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// Not done, due today (São Paulo), those already past the hour included.
    Hoje,
    /// Not done and due in the past.
    Atrasadas,
    /// Not done, due from tomorrow on.
    Proximas,
    /// Done, newest first.
    Concluidas,
}

impl Tab {
    pub fn parse(s: &str) -> Option<Tab> {
        match s {
            "hoje" => Some(Tab::Hoje),
            "atrasadas" => Some(Tab::Atrasadas),
            "proximas" => Some(Tab::Proximas),
            "concluidas" => Some(Tab::Concluidas),
            _ => None,
        }
    }

    /// Whether the tab lists done activities, and the due window `[from, until)` it lists at `now`.
    pub fn window(self, now: DateTime<Utc>, today: NaiveDate) -> TabWindow {
        let tomorrow = start_of_day(today + Duration::days(1));
        match self {
            Tab::Hoje => TabWindow {
                done: false,
                due_from: Some(start_of_day(today)),
                due_until: Some(tomorrow),
            },
            Tab::Atrasadas => TabWindow {
                done: false,
                due_from: None,
                due_until: Some(now),
            },
            Tab::Proximas => TabWindow {
                done: false,
                due_from: Some(tomorrow),
                due_until: None,
            },
            Tab::Concluidas => TabWindow {
                done: true,
                due_from: None,
                due_until: None,
            },
        }
    }
}

/// What a tab lists: done or open ones, due in `[due_from, due_until)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TabWindow {
    pub done: bool,
    pub due_from: Option<DateTime<Utc>>,
    pub due_until: Option<DateTime<Utc>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn draft() -> ActivityDraft {
        ActivityDraft {
            kind: Some("ligacao".into()),
            subject: Some("  Retornar   orçamento ".into()),
            notes: Some("  ".into()),
            client_id: None,
            opportunity_id: Some(" ".into()),
            owner_id: Some("uid-ana".into()),
            due_at: Some(Utc.with_ymd_and_hms(2026, 12, 1, 13, 0, 0).unwrap()),
        }
    }

    #[test]
    fn a_draft_is_cleaned_and_every_problem_named() {
        let f = draft().validate().unwrap();
        assert_eq!(f.subject, "Retornar orçamento");
        assert_eq!((f.notes, f.opportunity_id), (None, None));
        assert_eq!(f.kind, Kind::Ligacao);

        let err = ActivityDraft {
            kind: Some("fax".into()),
            subject: Some("x".repeat(MAX_SUBJECT + 1)),
            ..ActivityDraft::default()
        }
        .validate()
        .unwrap_err();
        let fields: Vec<&str> = err.fields.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(fields, ["kind", "subject", "owner_id", "due_at"]);
    }

    #[test]
    fn completing_needs_a_known_outcome() {
        assert_eq!(
            parse_outcome(Some("respondeu")).unwrap(),
            Outcome::Respondeu
        );
        for bad in [None, Some(""), Some("talvez")] {
            assert_eq!(parse_outcome(bad).unwrap_err().fields[0].field, "outcome");
        }
        assert!(Outcome::Respondeu.is_reply() && Outcome::Atendeu.is_reply());
        assert!(!Outcome::CaixaPostal.is_reply());
    }

    #[test]
    fn today_is_sao_paulos_business_date() {
        // 01:30 UTC on 2 Dec is still 1 Dec in São Paulo (UTC-3).
        let now = Utc.with_ymd_and_hms(2026, 12, 2, 1, 30, 0).unwrap();
        let today = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
        let hoje = Tab::Hoje.window(now, today);
        assert_eq!(
            hoje.due_from,
            Some(Utc.with_ymd_and_hms(2026, 12, 1, 3, 0, 0).unwrap())
        );
        assert_eq!(
            hoje.due_until,
            Some(Utc.with_ymd_and_hms(2026, 12, 2, 3, 0, 0).unwrap())
        );
        assert_eq!(Tab::Proximas.window(now, today).due_from, hoje.due_until);
        assert_eq!(Tab::Atrasadas.window(now, today).due_until, Some(now));
        assert!(Tab::Concluidas.window(now, today).done);
        assert_eq!(Tab::parse("proximas"), Some(Tab::Proximas));
        assert_eq!(Tab::parse("ontem"), None);
    }
}
