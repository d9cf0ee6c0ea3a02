//! Cadences (the rules; storage is `store::cadences`, the operations and the job that makes steps fall due are
//! `service::cadences`): a cadence's steps fall on business days (weekends, national holidays, the company's extra
//! holidays of `platform::calendar` and those of the client's unit, else the salesperson's), each inside a time
//! window within business hours, on a channel, with a message template. [`simulate`] is pure — steps, a start date and a calendar give each step's date and time — so
//! the step builder's preview calendar and `/crmDev`'s dry run share it.

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::America::Sao_Paulo;
use platform::calendar::Calendar;
use platform::error::{Result, Violations};

use super::activity::Kind;
use super::consent::Channel;

/// Business hours: a step's window lies within them.
pub const BUSINESS_START: NaiveTime = match NaiveTime::from_hms_opt(8, 0, 0) {
    Some(t) => t,
    None => NaiveTime::MIN,
};
pub const BUSINESS_END: NaiveTime = match NaiveTime::from_hms_opt(20, 0, 0) {
    Some(t) => t,
    None => NaiveTime::MIN,
};
pub const MAX_STEPS: usize = 30;
/// How far a step may be from the start, in business days.
pub const MAX_DAY_OFFSET: i32 = 120;
pub const MAX_TEMPLATE: usize = 2000;
/// The placeholders a template may hold.
pub const PLACEHOLDERS: [&str; 3] = ["primeiro_nome", "consultor", "link"];

/// How a step reaches the client. Only e-mail steps may send by themselves; the others become tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepChannel {
    Email,
    Whatsapp,
    Ligacao,
    Tarefa,
}

impl StepChannel {
    pub const ALL: [StepChannel; 4] = [
        StepChannel::Email,
        StepChannel::Whatsapp,
        StepChannel::Ligacao,
        StepChannel::Tarefa,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StepChannel::Email => "email",
            StepChannel::Whatsapp => "whatsapp",
            StepChannel::Ligacao => "ligacao",
            StepChannel::Tarefa => "tarefa",
        }
    }

    pub fn parse(s: &str) -> Option<StepChannel> {
        StepChannel::ALL.into_iter().find(|c| c.as_str() == s)
    }

    /// The consent the client must have given for this step (an internal task needs none).
    pub fn consent(self) -> Option<Channel> {
        match self {
            StepChannel::Email => Some(Channel::Email),
            StepChannel::Whatsapp => Some(Channel::Whatsapp),
            StepChannel::Ligacao => Some(Channel::Phone),
            StepChannel::Tarefa => None,
        }
    }

    /// The activity a due step becomes.
    pub fn activity_kind(self) -> Kind {
        match self {
            StepChannel::Email => Kind::Email,
            StepChannel::Whatsapp => Kind::Whatsapp,
            StepChannel::Ligacao => Kind::Ligacao,
            StepChannel::Tarefa => Kind::Tarefa,
        }
    }
}

/// One step of a cadence version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// 1, 2, 3… in the order they fall.
    pub order: i32,
    /// Business days after the enrollment's first business day (0: that day).
    pub day_offset: i32,
    pub window_start: NaiveTime,
    pub window_end: NaiveTime,
    pub channel: StepChannel,
    pub template: String,
}

/// A step as typed.
#[derive(Debug, Clone, Default)]
pub struct StepDraft {
    pub day_offset: i32,
    /// `hh:mm`.
    pub window_start: String,
    pub window_end: String,
    pub channel: String,
    pub template: String,
}

/// The steps, in the order given (their `order` is their position), or every problem named `steps[i].field`.
pub fn validate_steps(drafts: &[StepDraft]) -> Result<Vec<Step>> {
    let mut v = Violations::new();
    if drafts.is_empty() {
        v.add("steps", "Inclua ao menos uma etapa.");
    } else if drafts.len() > MAX_STEPS {
        v.add(
            "steps",
            format!("Uma cadência tem no máximo {MAX_STEPS} etapas."),
        );
    }
    let mut steps = Vec::new();
    let mut previous = 0;
    for (i, d) in drafts.iter().enumerate() {
        let field = |f: &str| format!("steps[{i}].{f}");
        if !(0..=MAX_DAY_OFFSET).contains(&d.day_offset) {
            v.add(
                field("day_offset"),
                format!("O dia da etapa vai de 0 a {MAX_DAY_OFFSET} dias úteis."),
            );
        } else if d.day_offset < previous {
            v.add(
                field("day_offset"),
                "As etapas seguem em ordem: o dia não pode ser anterior ao da etapa anterior.",
            );
        }
        previous = previous.max(d.day_offset);
        let time = |f: &str, text: &str| {
            NaiveTime::parse_from_str(text.trim(), "%H:%M")
                .ok()
                .filter(|t| (BUSINESS_START..=BUSINESS_END).contains(t))
                .ok_or_else(|| {
                    (
                        field(f),
                        "Informe um horário entre 08:00 e 20:00 (horário comercial).".to_string(),
                    )
                })
        };
        let start = time("window_start", &d.window_start);
        let end = time("window_end", &d.window_end);
        let (start, end) = match (start, end) {
            (Ok(s), Ok(e)) if s < e => (s, e),
            (Ok(_), Ok(_)) => {
                v.add(field("window_end"), "O fim da janela vem depois do início.");
                continue;
            }
            (s, e) => {
                for (f, m) in [s.err(), e.err()].into_iter().flatten() {
                    v.add(f, m);
                }
                continue;
            }
        };
        let Some(channel) = StepChannel::parse(d.channel.trim()) else {
            v.add(
                field("channel"),
                "Canal inválido: use email, whatsapp, ligacao ou tarefa.",
            );
            continue;
        };
        let template = d.template.trim().to_string();
        if template.is_empty() {
            v.add(field("template"), "Escreva a mensagem da etapa.");
            continue;
        }
        if template.chars().count() > MAX_TEMPLATE {
            v.add(
                field("template"),
                format!("A mensagem tem no máximo {MAX_TEMPLATE} caracteres."),
            );
            continue;
        }
        if let Some(unknown) = placeholders(&template)
            .into_iter()
            .find(|p| !PLACEHOLDERS.contains(&p.as_str()))
        {
            v.add(
                field("template"),
                format!(
                    "Campo {{{unknown}}} desconhecido: use {{primeiro_nome}}, {{consultor}} ou {{link}}."
                ),
            );
            continue;
        }
        steps.push(Step {
            order: i as i32 + 1,
            day_offset: d.day_offset,
            window_start: start,
            window_end: end,
            channel,
            template,
        });
    }
    v.finish()?;
    Ok(steps)
}

/// The `{name}`s of a template, in order.
fn placeholders(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                out.push(after[..close].to_string());
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    out
}

/// What a template's placeholders are filled with.
#[derive(Debug, Clone, Default)]
pub struct TemplateValues<'a> {
    /// The client's full name (its first word is `{primeiro_nome}`).
    pub client_name: &'a str,
    pub consultor: &'a str,
    pub link: &'a str,
}

/// The message of a step for one client.
pub fn render(template: &str, values: &TemplateValues<'_>) -> String {
    template
        .replace("{primeiro_nome}", first_name(values.client_name))
        .replace("{consultor}", values.consultor)
        .replace("{link}", values.link)
}

/// The first word of a name, as written (`Maria da Silva` → `Maria`).
pub fn first_name(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or("")
}

/// When one step falls for an enrollment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepDate {
    pub order: i32,
    pub day: NaiveDate,
    /// The start of its window on that day, São Paulo time.
    pub at: DateTime<Utc>,
}

/// The date and time of each step for an enrollment starting on `start`: the first business day on or after it,
/// plus each step's `day_offset` business days, at the start of its window.
pub fn simulate(steps: &[Step], start: NaiveDate, calendar: &Calendar) -> Vec<StepDate> {
    let first = calendar.next_business_day(start);
    steps
        .iter()
        .map(|s| {
            let day = calendar.add_business_days(first, s.day_offset);
            StepDate {
                order: s.order,
                day,
                at: sao_paulo(day, s.window_start),
            }
        })
        .collect()
}

/// `time` on `day` in São Paulo, as an instant.
pub fn sao_paulo(day: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
    Sao_Paulo
        .from_local_datetime(&day.and_time(time))
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&day.and_time(time)))
}

/// Where an enrollment stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnrollmentStatus {
    Ativa,
    Pausada,
    Concluida,
    Encerrada,
}

impl EnrollmentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            EnrollmentStatus::Ativa => "ativa",
            EnrollmentStatus::Pausada => "pausada",
            EnrollmentStatus::Concluida => "concluida",
            EnrollmentStatus::Encerrada => "encerrada",
        }
    }

    /// Only an active enrollment has a step due.
    pub fn has_step_due(self) -> bool {
        self == EnrollmentStatus::Ativa
    }

    pub fn parse(s: &str) -> Option<EnrollmentStatus> {
        [
            EnrollmentStatus::Ativa,
            EnrollmentStatus::Pausada,
            EnrollmentStatus::Concluida,
            EnrollmentStatus::Encerrada,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }

    /// Active or paused: the client is in the cadence (one such enrollment per client).
    pub fn is_open(self) -> bool {
        matches!(self, EnrollmentStatus::Ativa | EnrollmentStatus::Pausada)
    }
}

/// Why an enrollment is paused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PauseReason {
    /// The client answered (an activity done with `respondeu` or `atendeu`).
    Resposta,
    Ausencia,
    Manual,
}

impl PauseReason {
    pub fn as_str(self) -> &'static str {
        match self {
            PauseReason::Resposta => "resposta",
            PauseReason::Ausencia => "ausencia",
            PauseReason::Manual => "manual",
        }
    }

    pub fn parse(s: &str) -> Option<PauseReason> {
        [
            PauseReason::Resposta,
            PauseReason::Ausencia,
            PauseReason::Manual,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }
}

/// When step `step` of an enrollment falls: `anchor_on` is the business day that day_offset `anchor_offset`
/// counts from (the first business day of the enrollment with offset 0, or the resume day with the offset of the
/// last step that fell, so a resumed enrollment keeps the gaps between its remaining steps).
pub fn due_at(
    step: &Step,
    anchor_on: NaiveDate,
    anchor_offset: i32,
    calendar: &Calendar,
) -> DateTime<Utc> {
    let first = calendar.next_business_day(anchor_on);
    let day = calendar.add_business_days(first, (step.day_offset - anchor_offset).max(0));
    sao_paulo(day, step.window_start)
}

/// A phone's digits with Brazil's country code (a stored phone is the area code and number: 10 or 11 digits).
fn international(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    if digits.len() <= 11 {
        format!("55{digits}")
    } else {
        digits
    }
}

/// The `wa.me` link of a phone.
pub fn whatsapp_link(phone: &str) -> String {
    format!("https://wa.me/{}", international(phone))
}

/// The `tel:` link of a phone.
pub fn phone_link(phone: &str) -> String {
    format!("tel:+{}", international(phone))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(day_offset: i32, channel: &str, template: &str) -> StepDraft {
        StepDraft {
            day_offset,
            window_start: "09:00".into(),
            window_end: "11:30".into(),
            channel: channel.into(),
            template: template.into(),
        }
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn steps_fall_on_business_days_skipping_weekends_and_holidays() {
        let steps = validate_steps(&[
            step(0, "whatsapp", "Oi, {primeiro_nome}!"),
            step(1, "email", "Segue o link: {link}"),
            step(3, "ligacao", "Ligar"),
        ])
        .unwrap();
        // Friday 13/11/2026; Monday 16/11 is an ordinary day, Friday 20/11 (Consciência Negra) is a national
        // holiday, and the company adds Tuesday 17/11.
        let calendar =
            Calendar::with_extra(vec![(day(2026, 11, 17), "Aniversário da clínica".into())]);
        let dates = simulate(&steps, day(2026, 11, 14), &calendar);
        let days: Vec<NaiveDate> = dates.iter().map(|d| d.day).collect();
        // Saturday's start moves to Monday 16; +1 skips Tuesday 17 → Wednesday 18; +3 → 18, 19, (20 holiday) 23.
        assert_eq!(
            days,
            [day(2026, 11, 16), day(2026, 11, 18), day(2026, 11, 23)]
        );
        assert_eq!(
            dates[0].at,
            Utc.with_ymd_and_hms(2026, 11, 16, 12, 0, 0).unwrap()
        );
        assert_eq!(dates.iter().map(|d| d.order).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn bad_steps_are_named_by_position_and_field() {
        let mut late = step(2, "whatsapp", "ok");
        late.window_start = "07:00".into();
        let mut reversed = step(2, "email", "ok");
        reversed.window_start = "11:00".into();
        reversed.window_end = "10:00".into();
        let err = validate_steps(&[
            step(1, "email", "Oi"),
            step(0, "fax", "Oi"),
            late,
            reversed,
            step(4, "tarefa", "Oi {nome}"),
            step(5, "tarefa", "  "),
        ])
        .unwrap_err();
        let fields: Vec<&str> = err.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "steps[1].day_offset",
                "steps[1].channel",
                "steps[2].window_start",
                "steps[3].window_end",
                "steps[4].template",
                "steps[5].template",
            ]
        );
        assert!(err.fields[4].message.contains("{nome}"));
        assert_eq!(validate_steps(&[]).unwrap_err().fields[0].field, "steps");
    }

    #[test]
    fn templates_fill_the_first_name_the_consultant_and_the_link() {
        let values = TemplateValues {
            client_name: "  Maria  da Silva",
            consultor: "Lucas",
            link: "https://exemplo.com.br/l/abc1234",
        };
        assert_eq!(
            render(
                "Oi, {primeiro_nome}! Aqui é {consultor}: {link} ({primeiro_nome})",
                &values
            ),
            "Oi, Maria! Aqui é Lucas: https://exemplo.com.br/l/abc1234 (Maria)"
        );
        assert_eq!(placeholders("{a} x {b"), ["a"]);
    }

    #[test]
    fn channels_need_their_consent_and_become_activities() {
        assert_eq!(StepChannel::Whatsapp.consent(), Some(Channel::Whatsapp));
        assert_eq!(StepChannel::Ligacao.consent(), Some(Channel::Phone));
        assert_eq!(StepChannel::Tarefa.consent(), None);
        assert_eq!(StepChannel::Email.activity_kind(), Kind::Email);
        assert!(EnrollmentStatus::Ativa.has_step_due());
        assert!(!EnrollmentStatus::Pausada.has_step_due());
        assert_eq!(PauseReason::Resposta.as_str(), "resposta");
        assert_eq!(PauseReason::parse("manual"), Some(PauseReason::Manual));
        assert_eq!(
            EnrollmentStatus::parse("pausada"),
            Some(EnrollmentStatus::Pausada)
        );
        assert!(!EnrollmentStatus::Concluida.is_open());
        assert_eq!(
            whatsapp_link("+5511987654321"),
            "https://wa.me/5511987654321"
        );
        assert_eq!(phone_link("11987654321"), "tel:+5511987654321");
        assert_eq!(
            whatsapp_link("(11) 3456-7890"),
            "https://wa.me/551134567890"
        );
    }

    #[test]
    fn a_resumed_enrollment_keeps_the_gap_to_its_next_step() {
        let steps = validate_steps(&[step(0, "whatsapp", "a"), step(2, "ligacao", "b")]).unwrap();
        let calendar = Calendar::with_extra(Vec::new());
        // Enrolled on Monday 23/11/2026: step 2 falls two business days later, Wednesday 25/11.
        let at = due_at(&steps[1], day(2026, 11, 23), 0, &calendar);
        assert_eq!(at, Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap());
        // Step 1 fell, then a pause; resumed on Saturday 28/11: step 2 falls 2 business days after Monday 30/11.
        let at = due_at(&steps[1], day(2026, 11, 28), 0, &calendar);
        assert_eq!(at, Utc.with_ymd_and_hms(2026, 12, 2, 12, 0, 0).unwrap());
    }
}
