//! Order follow-up (sales-crm-commissions.md §1 "Order follow-up", §2 `/follow-up-pedidos`): one track per sold
//! product or procedure line. A product goes *Aguardando pagamento → Em separação → Enviado (rastreio) →
//! Entregue*; a procedure *Aguardando pagamento → A agendar → Agendado (data, unidade, profissional) → Realizado
//! → Retorno*. A track leaves *Aguardando pagamento* only when the payment meets the item's release condition
//! (first installment or full payment); after that it moves one step forward at a time, by hand.
//!
//! Final states: *Entregue* for a product; *Realizado* and *Retorno* for a procedure. The return visit is
//! optional (not every procedure has one), so a performed procedure is already done for the sale's conclusion;
//! recording the return keeps it final.
//!
//! SLA (the brief's settings, fixed for now): a product is shipped within 3 business days of its release, a
//! procedure is scheduled within 15 calendar days of it. The deadline is fixed when the track is released; the
//! badge compares it with today: before it *no prazo*, on it *vencendo* (the last day), after it *atrasado*.

use chrono::{DateTime, NaiveDate, Utc};
use platform::calendar::Calendar;
use platform::error::{Error, Result, Violations};

use super::catalog::{CatalogKind, ReleaseCondition};

/// Business days a released product has to be shipped in.
pub const PRODUCT_SHIP_BUSINESS_DAYS: i32 = 3;
/// Calendar days a released procedure has to be scheduled in.
pub const PROCEDURE_SCHEDULE_DAYS: i64 = 15;
/// The longest tracking code or professional's name.
pub const MAX_TEXT: usize = 120;

/// What a track follows: plans have none (they are subscriptions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackKind {
    Product,
    Procedure,
}

impl TrackKind {
    pub const ALL: [TrackKind; 2] = [TrackKind::Product, TrackKind::Procedure];

    /// The track of a sold line's kind (`None` for a plan).
    pub fn of(kind: CatalogKind) -> Option<TrackKind> {
        match kind {
            CatalogKind::Product => Some(TrackKind::Product),
            CatalogKind::Procedure => Some(TrackKind::Procedure),
            CatalogKind::Plan => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            TrackKind::Product => "produto",
            TrackKind::Procedure => "procedimento",
        }
    }

    pub fn parse(text: &str) -> Option<TrackKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == text.trim())
    }

    /// The statuses in order, from the first to the last.
    pub fn statuses(self) -> &'static [TrackStatus] {
        use TrackStatus::*;
        match self {
            TrackKind::Product => &[AwaitingPayment, Picking, Shipped, Delivered],
            TrackKind::Procedure => &[AwaitingPayment, ToSchedule, Scheduled, Performed, Returned],
        }
    }
}

/// Where a track stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackStatus {
    AwaitingPayment,
    Picking,
    Shipped,
    Delivered,
    ToSchedule,
    Scheduled,
    Performed,
    Returned,
}

impl TrackStatus {
    pub const ALL: [TrackStatus; 8] = [
        TrackStatus::AwaitingPayment,
        TrackStatus::Picking,
        TrackStatus::Shipped,
        TrackStatus::Delivered,
        TrackStatus::ToSchedule,
        TrackStatus::Scheduled,
        TrackStatus::Performed,
        TrackStatus::Returned,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TrackStatus::AwaitingPayment => "aguardando_pagamento",
            TrackStatus::Picking => "em_separacao",
            TrackStatus::Shipped => "enviado",
            TrackStatus::Delivered => "entregue",
            TrackStatus::ToSchedule => "a_agendar",
            TrackStatus::Scheduled => "agendado",
            TrackStatus::Performed => "realizado",
            TrackStatus::Returned => "retorno",
        }
    }

    pub fn parse(text: &str) -> Option<TrackStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == text.trim())
    }

    pub fn label(self) -> &'static str {
        match self {
            TrackStatus::AwaitingPayment => "Aguardando pagamento",
            TrackStatus::Picking => "Em separação",
            TrackStatus::Shipped => "Enviado",
            TrackStatus::Delivered => "Entregue",
            TrackStatus::ToSchedule => "A agendar",
            TrackStatus::Scheduled => "Agendado",
            TrackStatus::Performed => "Realizado",
            TrackStatus::Returned => "Retorno",
        }
    }

    /// Whether the item was delivered or performed (see the module's note on *Retorno*).
    pub fn is_final(self) -> bool {
        matches!(
            self,
            TrackStatus::Delivered | TrackStatus::Performed | TrackStatus::Returned
        )
    }
}

/// The status a released track starts in.
pub fn released_status(kind: TrackKind) -> TrackStatus {
    match kind {
        TrackKind::Product => TrackStatus::Picking,
        TrackKind::Procedure => TrackStatus::ToSchedule,
    }
}

/// Where the sale's payment stands, as the release and the conclusion need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PaymentState {
    /// The first installment is paid in full.
    pub first_paid: bool,
    /// Every installment still to be received is paid in full (cancelled ones aside), and at least one was.
    pub all_paid: bool,
}

impl PaymentState {
    /// From the installments as (seq, paid in full, cancelled).
    pub fn of(installments: &[(i64, bool, bool)]) -> PaymentState {
        let first_paid = installments
            .iter()
            .filter(|(_, _, cancelled)| !cancelled)
            .min_by_key(|(seq, _, _)| *seq)
            .is_some_and(|(_, paid, _)| *paid);
        let mut live = installments.iter().filter(|(_, _, cancelled)| !cancelled);
        let all_paid = live.clone().next().is_some() && live.all(|(_, paid, _)| *paid);
        PaymentState {
            first_paid,
            all_paid,
        }
    }

    /// Whether the payment meets `condition`.
    pub fn meets(self, condition: ReleaseCondition) -> bool {
        match condition {
            ReleaseCondition::FirstInstallment => self.first_paid || self.all_paid,
            ReleaseCondition::FullPayment => self.all_paid,
        }
    }
}

/// The day the step after the release is due: 3 business days for a product's shipping, 15 calendar days for
/// a procedure's scheduling.
pub fn sla_due(kind: TrackKind, released_on: NaiveDate, calendar: &Calendar) -> NaiveDate {
    match kind {
        TrackKind::Product => calendar.add_business_days(released_on, PRODUCT_SHIP_BUSINESS_DAYS),
        TrackKind::Procedure => released_on + chrono::Duration::days(PROCEDURE_SCHEDULE_DAYS),
    }
}

/// The SLA badge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sla {
    OnTime,
    /// Today is the last day.
    DueToday,
    Late,
}

impl Sla {
    pub fn as_str(self) -> &'static str {
        match self {
            Sla::OnTime => "no_prazo",
            Sla::DueToday => "vencendo",
            Sla::Late => "atrasado",
        }
    }
}

/// The badge of a track in `status` whose step is due on `due` (`None` before the release and once the step
/// under SLA — shipping, scheduling — was taken).
pub fn sla(status: TrackStatus, due: Option<NaiveDate>, today: NaiveDate) -> Option<Sla> {
    if !matches!(status, TrackStatus::Picking | TrackStatus::ToSchedule) {
        return None;
    }
    let due = due?;
    Some(match today.cmp(&due) {
        std::cmp::Ordering::Less => Sla::OnTime,
        std::cmp::Ordering::Equal => Sla::DueToday,
        std::cmp::Ordering::Greater => Sla::Late,
    })
}

/// A step a person takes, as typed (text so a wrong value is a 422 naming the field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepDraft {
    Schedule {
        scheduled_on: Option<String>,
        unit_id: Option<String>,
        professional: Option<String>,
    },
    Ship {
        tracking_code: Option<String>,
    },
    Deliver,
    Perform,
    Return,
}

/// A valid step with its data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Schedule {
        scheduled_on: NaiveDate,
        unit_id: String,
        professional: String,
    },
    Ship {
        tracking_code: String,
    },
    Deliver,
    Perform,
    Return,
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(platform::text::collapse_spaces)
        .filter(|t| !t.is_empty())
}

impl StepDraft {
    /// Checks the step's data; every missing or wrong field at once.
    pub fn validate(&self) -> Result<Step> {
        let mut v = Violations::new();
        let step = match self {
            StepDraft::Schedule {
                scheduled_on,
                unit_id,
                professional,
            } => {
                let date = match text(scheduled_on) {
                    None => {
                        v.add("scheduled_on", "Informe a data do agendamento.");
                        None
                    }
                    Some(t) => NaiveDate::parse_from_str(&t, "%Y-%m-%d").ok().or_else(|| {
                        v.add("scheduled_on", "Data inválida (use AAAA-MM-DD).");
                        None
                    }),
                };
                let unit = text(unit_id);
                if unit.is_none() {
                    v.add("unit_id", "Escolha a unidade.");
                }
                let professional = text(professional);
                match &professional {
                    None => v.add("professional", "Informe o profissional."),
                    Some(p) if p.chars().count() > MAX_TEXT => v.add(
                        "professional",
                        format!("O nome do profissional pode ter no máximo {MAX_TEXT} caracteres."),
                    ),
                    Some(_) => {}
                }
                match (date, unit, professional) {
                    (Some(d), Some(u), Some(p)) => Some(Step::Schedule {
                        scheduled_on: d,
                        unit_id: u,
                        professional: p,
                    }),
                    _ => None,
                }
            }
            StepDraft::Ship { tracking_code } => match text(tracking_code) {
                None => {
                    v.add("tracking_code", "Informe o código de rastreio.");
                    None
                }
                Some(c) if c.chars().count() > MAX_TEXT => {
                    v.add(
                        "tracking_code",
                        format!("O código de rastreio pode ter no máximo {MAX_TEXT} caracteres."),
                    );
                    None
                }
                Some(c) => Some(Step::Ship { tracking_code: c }),
            },
            StepDraft::Deliver => Some(Step::Deliver),
            StepDraft::Perform => Some(Step::Perform),
            StepDraft::Return => Some(Step::Return),
        };
        v.finish()?;
        step.ok_or_else(|| Error::internal("a step without violations and without data"))
    }
}

impl Step {
    /// The status this step leaves a track in, and the status it must be in.
    pub fn transition(&self) -> (TrackStatus, TrackStatus) {
        match self {
            Step::Schedule { .. } => (TrackStatus::ToSchedule, TrackStatus::Scheduled),
            Step::Ship { .. } => (TrackStatus::Picking, TrackStatus::Shipped),
            Step::Deliver => (TrackStatus::Shipped, TrackStatus::Delivered),
            Step::Perform => (TrackStatus::Scheduled, TrackStatus::Performed),
            Step::Return => (TrackStatus::Performed, TrackStatus::Returned),
        }
    }

    pub fn action(&self) -> &'static str {
        match self {
            Step::Schedule { .. } => "Procedimento agendado",
            Step::Ship { .. } => "Produto enviado",
            Step::Deliver => "Produto entregue",
            Step::Perform => "Procedimento realizado",
            Step::Return => "Retorno registrado",
        }
    }
}

/// The status after `step` from `status`: only the next step of the track's own kind (409 otherwise: a track
/// still awaiting payment cannot pass its release condition, and no step is skipped or undone).
pub fn advance(kind: TrackKind, status: TrackStatus, step: &Step) -> Result<TrackStatus> {
    if status == TrackStatus::AwaitingPayment {
        return Err(Error::conflict(
            "acompanhamento_nao_liberado",
            "Este item ainda aguarda o pagamento que o libera.",
        ));
    }
    let (from, to) = step.transition();
    if from != status || !kind.statuses().contains(&to) {
        return Err(Error::conflict(
            "etapa_invalida",
            format!(
                "Este item está em \"{}\": o próximo passo não é \"{}\".",
                status.label(),
                to.label()
            ),
        ));
    }
    Ok(to)
}

/// A stored track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Track {
    pub id: String,
    pub sale_id: String,
    pub item_seq: i64,
    pub catalog_item_id: String,
    pub description: String,
    pub quantity: i64,
    pub kind: TrackKind,
    pub release_condition: ReleaseCondition,
    pub status: TrackStatus,
    pub released_at: Option<DateTime<Utc>>,
    pub sla_due_on: Option<NaiveDate>,
    pub scheduled_on: Option<NaiveDate>,
    pub unit_id: Option<String>,
    pub professional: Option<String>,
    pub tracking_code: Option<String>,
    /// When it entered its status.
    pub status_at: DateTime<Utc>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
}

impl Track {
    /// The track after `step` (already checked by [`advance`]) at `at` by `by`.
    pub fn stepped(&self, to: TrackStatus, step: &Step, at: DateTime<Utc>, by: &str) -> Track {
        let mut next = Track {
            status: to,
            status_at: at,
            updated_at: at,
            updated_by: by.to_string(),
            ..self.clone()
        };
        match step {
            Step::Schedule {
                scheduled_on,
                unit_id,
                professional,
            } => {
                next.scheduled_on = Some(*scheduled_on);
                next.unit_id = Some(unit_id.clone());
                next.professional = Some(professional.clone());
            }
            Step::Ship { tracking_code } => next.tracking_code = Some(tracking_code.clone()),
            Step::Deliver | Step::Perform | Step::Return => {}
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::error::ErrorKind;
    use proptest::prelude::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn all_steps() -> Vec<Step> {
        vec![
            Step::Schedule {
                scheduled_on: d(2026, 12, 20),
                unit_id: "u".into(),
                professional: "Dra. Ana".into(),
            },
            Step::Ship {
                tracking_code: "BR123".into(),
            },
            Step::Deliver,
            Step::Perform,
            Step::Return,
        ]
    }

    #[test]
    fn a_product_and_a_procedure_walk_their_own_steps_to_a_final_status() {
        let steps = all_steps();
        let mut status = released_status(TrackKind::Product);
        for step in [&steps[1], &steps[2]] {
            status = advance(TrackKind::Product, status, step).unwrap();
        }
        assert_eq!(status, TrackStatus::Delivered);
        assert!(status.is_final());
        let mut status = released_status(TrackKind::Procedure);
        for step in [&steps[0], &steps[3]] {
            status = advance(TrackKind::Procedure, status, step).unwrap();
        }
        assert_eq!(status, TrackStatus::Performed);
        assert!(status.is_final(), "a performed procedure is done");
        assert_eq!(
            advance(TrackKind::Procedure, status, &steps[4]).unwrap(),
            TrackStatus::Returned
        );
    }

    #[test]
    fn a_track_awaiting_payment_cannot_pass_its_release_condition() {
        for step in all_steps() {
            for kind in TrackKind::ALL {
                let e = advance(kind, TrackStatus::AwaitingPayment, &step).unwrap_err();
                assert_eq!(e.code, "acompanhamento_nao_liberado");
            }
        }
    }

    proptest! {
        /// Whatever the status and the step, a step is accepted only when it moves to the next status of the
        /// track's own kind: never backwards, never skipping, never across kinds.
        #[test]
        fn only_the_next_status_of_the_kind_is_reached(k in 0usize..2, s in 0usize..8, st in 0usize..5) {
            let kind = TrackKind::ALL[k];
            let status = TrackStatus::ALL[s];
            let step = &all_steps()[st];
            let order = kind.statuses();
            match advance(kind, status, step) {
                Ok(next) => {
                    let at = order.iter().position(|x| *x == status).unwrap();
                    prop_assert_eq!(order.get(at + 1), Some(&next));
                }
                Err(e) => prop_assert_eq!(e.kind, ErrorKind::Conflict),
            }
        }
    }

    #[test]
    fn shipping_needs_a_tracking_code_and_scheduling_a_date_a_unit_and_a_professional() {
        let e = StepDraft::Ship {
            tracking_code: Some("  ".into()),
        }
        .validate()
        .unwrap_err();
        assert_eq!(e.fields[0].field, "tracking_code");
        let e = StepDraft::Schedule {
            scheduled_on: Some("20/12/2026".into()),
            unit_id: None,
            professional: None,
        }
        .validate()
        .unwrap_err();
        let named: Vec<&str> = e.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(named, ["scheduled_on", "unit_id", "professional"]);
        let ok = StepDraft::Schedule {
            scheduled_on: Some("2026-12-20".into()),
            unit_id: Some("u1".into()),
            professional: Some(" Dra.  Ana ".into()),
        }
        .validate()
        .unwrap();
        assert_eq!(
            ok,
            Step::Schedule {
                scheduled_on: d(2026, 12, 20),
                unit_id: "u1".into(),
                professional: "Dra. Ana".into()
            }
        );
    }

    #[test]
    fn the_first_installment_releases_on_its_own_and_full_payment_needs_every_one() {
        let first_only = PaymentState::of(&[(1, true, false), (2, false, false)]);
        assert!(first_only.meets(ReleaseCondition::FirstInstallment));
        assert!(!first_only.meets(ReleaseCondition::FullPayment));
        let second_only = PaymentState::of(&[(1, false, false), (2, true, false)]);
        assert!(!second_only.meets(ReleaseCondition::FirstInstallment));
        let all = PaymentState::of(&[(1, true, false), (2, true, false), (3, false, true)]);
        assert!(all.meets(ReleaseCondition::FullPayment));
        assert!(!PaymentState::of(&[]).meets(ReleaseCondition::FullPayment));
        assert!(!PaymentState::of(&[(1, false, true)]).meets(ReleaseCondition::FirstInstallment));
    }

    #[test]
    fn the_sla_counts_business_days_for_a_product_and_calendar_days_for_a_procedure() {
        let calendar = Calendar::with_extra(Vec::new());
        // Thursday 24/12/2026: Friday 25 is Christmas, so Monday 28, Tuesday 29, Wednesday 30.
        assert_eq!(
            sla_due(TrackKind::Product, d(2026, 12, 24), &calendar),
            d(2026, 12, 30)
        );
        assert_eq!(
            sla_due(TrackKind::Procedure, d(2026, 12, 24), &calendar),
            d(2027, 1, 8)
        );
        let due = Some(d(2026, 12, 30));
        let at = |day| sla(TrackStatus::Picking, due, d(2026, 12, day));
        assert_eq!(at(29), Some(Sla::OnTime));
        assert_eq!(at(30), Some(Sla::DueToday));
        assert_eq!(at(31), Some(Sla::Late));
        assert_eq!(sla(TrackStatus::Shipped, due, d(2026, 12, 31)), None);
        assert_eq!(
            sla(TrackStatus::AwaitingPayment, None, d(2026, 12, 31)),
            None
        );
    }
}
