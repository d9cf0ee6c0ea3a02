//! Team comparison (sales-crm-commissions.md §4): the inputs, the time buckets, and every metric defined once.
//!
//! The service reads the CRM's events already grouped per (person, business date) and hands them here; each
//! event counts for the teams its person belonged to *on the event's date*, so a member who moved from one team
//! to another in the period adds to each team only for their days in it.
//!
//! The sales metrics of §4 (Vendas, Recebido, Ticket médio, Cancelamento, and the value/count attainment) read
//! confirmed sales and their receivables: they join these figures when the sales context lands (issue 14). What
//! the CRM owns today is here: conversion of closed opportunities and of leads, the cycle, activities by type
//! and per won opportunity, cadence replies and booked evaluations, the activities target, and the funnel.

use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate};
use platform::error::{Error, Result};

use super::team::Month;

pub const MIN_TEAMS: usize = 2;
pub const MAX_TEAMS: usize = 6;
/// The longest period compared, in months (§4).
pub const MAX_MONTHS: i32 = 24;
/// "Lead → venda em 90 dias".
pub const LEAD_WINDOW_DAYS: i64 = 90;

/// The activity kinds, in the order the screens list them.
pub const ACTIVITY_KINDS: [&str; 6] = [
    "ligacao", "whatsapp", "email", "visita", "reuniao", "tarefa",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Granularity {
    /// A day: only the month KPIs' cumulative series uses it (the comparison offers weeks and months).
    Day,
    Week,
    Month,
}

impl Granularity {
    pub fn parse(text: Option<&str>) -> Result<Granularity> {
        match text.map(str::trim).unwrap_or("mes") {
            "" | "mes" => Ok(Granularity::Month),
            "semana" => Ok(Granularity::Week),
            _ => Err(Error::invalid_field(
                "granularity",
                "Granularidade inválida: use semana ou mes.",
            )),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Granularity::Day => "dia",
            Granularity::Week => "semana",
            Granularity::Month => "mes",
        }
    }

    /// The first day of the bucket holding `day` (weeks start on Monday).
    pub fn bucket_of(self, day: NaiveDate) -> NaiveDate {
        match self {
            Granularity::Day => day,
            Granularity::Week => day - Duration::days(day.weekday().num_days_from_monday() as i64),
            Granularity::Month => Month::of(day).first_day(),
        }
    }

    /// `dd/mm` for a day or a week (its Monday), `mm/aaaa` for a month.
    pub fn label(self, start: NaiveDate) -> String {
        match self {
            Granularity::Day | Granularity::Week => start.format("%d/%m").to_string(),
            Granularity::Month => Month::of(start).label(),
        }
    }
}

/// What is compared: 2 to 6 distinct teams over `from..=to` (business dates, at most 24 months).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComparisonInput {
    pub team_ids: Vec<String>,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub granularity: Granularity,
}

impl ComparisonInput {
    /// One team over one month, day by day: the month KPIs of a team's page.
    pub fn month_of_team(team_id: &str, month: Month) -> ComparisonInput {
        ComparisonInput {
            team_ids: vec![team_id.to_string()],
            from: month.first_day(),
            to: month.end() - Duration::days(1),
            granularity: Granularity::Day,
        }
    }

    /// `ids` is the comma-separated list of the URL (`?ids=a,b`); the period defaults to this month.
    pub fn parse(
        ids: &str,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
        granularity: Option<&str>,
        today: NaiveDate,
    ) -> Result<ComparisonInput> {
        let mut team_ids: Vec<String> = Vec::new();
        for id in ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            if !team_ids.iter().any(|t| t == id) {
                team_ids.push(id.to_string());
            }
        }
        if !(MIN_TEAMS..=MAX_TEAMS).contains(&team_ids.len()) {
            return Err(Error::invalid_field(
                "ids",
                format!(
                    "Escolha de {MIN_TEAMS} a {MAX_TEAMS} times diferentes para comparar ({} informado(s)).",
                    team_ids.len()
                ),
            ));
        }
        let month = Month::of(today);
        let from = from.unwrap_or_else(|| month.first_day());
        let to = to.unwrap_or_else(|| month.end() - Duration::days(1));
        if to < from {
            return Err(Error::invalid_field(
                "to",
                "O fim do período deve ser igual ou posterior ao início.",
            ));
        }
        if months_spanned(from, to) > MAX_MONTHS {
            return Err(Error::invalid_field(
                "to",
                format!("O período pode ter no máximo {MAX_MONTHS} meses."),
            ));
        }
        Ok(ComparisonInput {
            team_ids,
            from,
            to,
            granularity: Granularity::parse(granularity)?,
        })
    }

    pub fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }

    /// The equal period right before (for the table's change column).
    pub fn previous(&self) -> (NaiveDate, NaiveDate) {
        let to = self.from - Duration::days(1);
        (to - Duration::days(self.days() - 1), to)
    }
}

/// Calendar months touched by `from..=to` (Jan 15 – Feb 14 touches 2).
fn months_spanned(from: NaiveDate, to: NaiveDate) -> i32 {
    (to.year() - from.year()) * 12 + to.month() as i32 - from.month() as i32 + 1
}

/// One membership: `user` in the team from `joined` to `left` (the last day; `None` while a member).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Membership {
    pub user_id: String,
    pub joined: NaiveDate,
    pub left: Option<NaiveDate>,
}

impl Membership {
    pub fn on(&self, day: NaiveDate) -> bool {
        self.joined <= day && self.left.is_none_or(|l| l >= day)
    }

    /// Days of `from..=to` in the team.
    fn days_within(&self, from: NaiveDate, to: NaiveDate) -> i64 {
        let start = self.joined.max(from);
        let end = self.left.map_or(to, |l| l.min(to));
        ((end - start).num_days() + 1).max(0)
    }
}

/// The average number of members over `from..=to`, in thousandths (1.5 members = 1500): what "por integrante"
/// divides by.
pub fn average_members_milli(members: &[Membership], from: NaiveDate, to: NaiveDate) -> i64 {
    let days = (to - from).num_days() + 1;
    if days <= 0 {
        return 0;
    }
    let member_days: i64 = members.iter().map(|m| m.days_within(from, to)).sum();
    member_days * 1000 / days
}

/// One person's events of one business date, as the store groups them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DayEvents {
    /// Done activities by kind (index of [`ACTIVITY_KINDS`]).
    pub activities: [i64; 6],
    /// Opportunities closed that day, won and lost, and the won ones' days from creation, summed.
    pub won: i64,
    pub lost: i64,
    pub won_cycle_days: i64,
    /// Leads (opportunities) created that day, and how many of them were won within 90 days.
    pub leads: i64,
    pub leads_won_in_window: i64,
    /// Cadence enrollments started that day, and how many of them got a reply or booked an evaluation.
    pub enrolled: i64,
    pub replied: i64,
    pub booked: i64,
}

impl DayEvents {
    pub fn add(&mut self, other: &DayEvents) {
        for (a, b) in self.activities.iter_mut().zip(other.activities) {
            *a += b;
        }
        self.won += other.won;
        self.lost += other.lost;
        self.won_cycle_days += other.won_cycle_days;
        self.leads += other.leads;
        self.leads_won_in_window += other.leads_won_in_window;
        self.enrolled += other.enrolled;
        self.replied += other.replied;
        self.booked += other.booked;
    }

    pub fn activities_done(&self) -> i64 {
        self.activities.iter().sum()
    }
}

/// A ratio in basis points (10000 = 100 %), `None` when there is nothing to divide by.
pub fn ratio_bp(part: i64, whole: i64) -> Option<i64> {
    (whole > 0).then(|| part * 10_000 / whole)
}

/// A team's figures over a period: the events' sums and the metrics of §4 derived from them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    pub events: DayEvents,
    /// The activities target summed over the period (months pro rata by day).
    pub activities_target: i64,
}

impl Figures {
    /// Conversão: won ÷ (won + lost) closed in the period.
    pub fn conversion_bp(&self) -> Option<i64> {
        ratio_bp(self.events.won, self.events.won + self.events.lost)
    }

    /// Lead → ganho em 90 dias: of the leads created in the period, the share won within 90 days.
    pub fn lead_conversion_bp(&self) -> Option<i64> {
        ratio_bp(self.events.leads_won_in_window, self.events.leads)
    }

    /// Ciclo médio, in tenths of a day: days from the lead's creation to the win, averaged.
    pub fn cycle_days_tenths(&self) -> Option<i64> {
        (self.events.won > 0).then(|| self.events.won_cycle_days * 10 / self.events.won)
    }

    /// Taxa de resposta das cadências.
    pub fn reply_rate_bp(&self) -> Option<i64> {
        ratio_bp(self.events.replied, self.events.enrolled)
    }

    /// Atividades por ganho, in tenths.
    pub fn activities_per_won_tenths(&self) -> Option<i64> {
        (self.events.won > 0).then(|| self.events.activities_done() * 10 / self.events.won)
    }

    /// Atingimento da meta de atividades.
    pub fn activities_attainment_bp(&self) -> Option<i64> {
        ratio_bp(self.events.activities_done(), self.activities_target)
    }
}

/// The part of a month's target that falls in `from..=to`, pro rata by day (a whole month counts whole).
pub fn target_within(month: Month, monthly: i64, from: NaiveDate, to: NaiveDate) -> i64 {
    let first = month.first_day();
    let last = month.end() - Duration::days(1);
    let start = first.max(from);
    let end = last.min(to);
    if end < start {
        return 0;
    }
    let days_in = (end - start).num_days() + 1;
    let month_days = (last - first).num_days() + 1;
    monthly * days_in / month_days
}

/// The months touched by `from..=to`.
pub fn months_of(from: NaiveDate, to: NaiveDate) -> Vec<Month> {
    let mut months = Vec::new();
    let mut m = Month::of(from);
    while m.first_day() <= to {
        months.push(m);
        m = Month::of(m.end());
    }
    months
}

/// One bucket of a team's time series.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bucket {
    pub start: NaiveDate,
    pub activities_done: i64,
    pub won: i64,
    pub activities_target: i64,
}

/// What one team adds up to from the events of its members on their days in the team.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamTally {
    pub current: Figures,
    pub previous: Figures,
    pub buckets: BTreeMap<NaiveDate, Bucket>,
    /// Per member (current period): their events on their days in the team.
    pub members: BTreeMap<String, DayEvents>,
}

/// Adds each (person, date) group to the teams the person was in on that date: the current period's figures,
/// its buckets and per-member sums, or the previous period's figures.
pub fn tally(
    input: &ComparisonInput,
    memberships: &BTreeMap<String, Vec<Membership>>,
    events: &[(String, NaiveDate, DayEvents)],
) -> BTreeMap<String, TeamTally> {
    let (prev_from, prev_to) = input.previous();
    let mut tallies: BTreeMap<String, TeamTally> = input
        .team_ids
        .iter()
        .map(|id| (id.clone(), TeamTally::default()))
        .collect();
    for (user, day, ev) in events {
        for (team, members) in memberships {
            if !members.iter().any(|m| &m.user_id == user && m.on(*day)) {
                continue;
            }
            let Some(t) = tallies.get_mut(team) else {
                continue;
            };
            if (input.from..=input.to).contains(day) {
                t.current.events.add(ev);
                let start = input.granularity.bucket_of(*day);
                let b = t.buckets.entry(start).or_insert_with(|| Bucket {
                    start,
                    ..Bucket::default()
                });
                b.activities_done += ev.activities_done();
                b.won += ev.won;
                t.members.entry(user.clone()).or_default().add(ev);
            } else if (prev_from..=prev_to).contains(day) {
                t.previous.events.add(ev);
            }
        }
    }
    tallies
}

/// Each person's events within `from..=to`, whatever team they were in: a salesperson's own figures.
pub fn per_person(
    events: &[(String, NaiveDate, DayEvents)],
    from: NaiveDate,
    to: NaiveDate,
) -> BTreeMap<String, DayEvents> {
    let mut people: BTreeMap<String, DayEvents> = BTreeMap::new();
    for (user, day, ev) in events {
        if (from..=to).contains(day) {
            people.entry(user.clone()).or_default().add(ev);
        }
    }
    people
}

/// Every bucket start of the period, so a week with nothing still shows on the chart.
pub fn bucket_starts(input: &ComparisonInput) -> Vec<NaiveDate> {
    let mut starts = Vec::new();
    let mut day = input.granularity.bucket_of(input.from);
    while day <= input.to {
        starts.push(day);
        day = match input.granularity {
            Granularity::Day => day + Duration::days(1),
            Granularity::Week => day + Duration::days(7),
            Granularity::Month => Month::of(day).end(),
        };
    }
    starts
}

/// The bucket's end (inclusive), clipped to the period.
pub fn bucket_end(input: &ComparisonInput, start: NaiveDate) -> NaiveDate {
    let end = match input.granularity {
        Granularity::Day => start,
        Granularity::Week => start + Duration::days(6),
        Granularity::Month => Month::of(start).end() - Duration::days(1),
    };
    end.min(input.to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn today() -> NaiveDate {
        d("2026-11-20")
    }

    #[test]
    fn the_input_needs_two_to_six_distinct_teams() {
        for ids in ["", "a", "a,a", "a,b,c,d,e,f,g"] {
            let e = ComparisonInput::parse(ids, None, None, None, today()).unwrap_err();
            assert!(format!("{e:?}").contains("ids"), "{ids}: {e:?}");
        }
        let ok = ComparisonInput::parse(" a , b ,a", None, None, None, today()).unwrap();
        assert_eq!(ok.team_ids, ["a", "b"]);
        assert_eq!((ok.from, ok.to), (d("2026-11-01"), d("2026-11-30")));
        assert_eq!(ok.previous(), (d("2026-10-02"), d("2026-10-31")));
    }

    #[test]
    fn the_period_is_ordered_and_at_most_24_months() {
        let bad = ComparisonInput::parse(
            "a,b",
            Some(d("2026-11-02")),
            Some(d("2026-11-01")),
            None,
            today(),
        );
        assert!(format!("{:?}", bad.unwrap_err()).contains("\"to\""));
        assert!(ComparisonInput::parse(
            "a,b",
            Some(d("2025-01-01")),
            Some(d("2026-12-31")),
            None,
            today()
        )
        .is_ok());
        assert!(ComparisonInput::parse(
            "a,b",
            Some(d("2025-01-01")),
            Some(d("2027-01-01")),
            None,
            today()
        )
        .is_err());
        assert!(ComparisonInput::parse("a,b", None, None, Some("ano"), today()).is_err());
    }

    #[test]
    fn average_members_weighs_each_membership_by_its_days() {
        let members = vec![
            Membership {
                user_id: "ana".into(),
                joined: d("2026-01-01"),
                left: None,
            },
            // Half of November.
            Membership {
                user_id: "bia".into(),
                joined: d("2026-11-16"),
                left: None,
            },
            // Left before November.
            Membership {
                user_id: "caio".into(),
                joined: d("2026-01-01"),
                left: Some(d("2026-10-31")),
            },
        ];
        assert_eq!(
            average_members_milli(&members, d("2026-11-01"), d("2026-11-30")),
            1500
        );
    }

    #[test]
    fn an_event_counts_for_the_team_of_its_date() {
        let input = ComparisonInput::parse(
            "t1,t2",
            Some(d("2026-11-01")),
            Some(d("2026-11-30")),
            Some("semana"),
            today(),
        )
        .unwrap();
        let memberships = BTreeMap::from([
            (
                "t1".to_string(),
                vec![Membership {
                    user_id: "ana".into(),
                    joined: d("2026-01-01"),
                    left: Some(d("2026-11-10")),
                }],
            ),
            (
                "t2".to_string(),
                vec![Membership {
                    user_id: "ana".into(),
                    joined: d("2026-11-11"),
                    left: None,
                }],
            ),
        ]);
        let day = |calls: i64, won: i64| DayEvents {
            activities: [calls, 0, 0, 0, 0, 0],
            won,
            lost: 1,
            ..DayEvents::default()
        };
        let events = vec![
            ("ana".to_string(), d("2026-11-05"), day(3, 1)),
            ("ana".to_string(), d("2026-11-12"), day(4, 0)),
            // The previous period (October 2–31), in t1.
            ("ana".to_string(), d("2026-10-20"), day(7, 2)),
        ];
        let t = tally(&input, &memberships, &events);
        assert_eq!(t["t1"].current.events.activities_done(), 3);
        assert_eq!(t["t1"].previous.events.activities_done(), 7);
        assert_eq!(t["t2"].current.events.activities_done(), 4);
        assert_eq!(t["t2"].previous.events.won, 0);
        assert_eq!(t["t1"].current.conversion_bp(), Some(5000));
        assert_eq!(t["t2"].current.conversion_bp(), Some(0));
        // The week of Monday 2026-11-02 holds the 5th; the 12th is in the week of the 9th.
        assert_eq!(t["t1"].buckets[&d("2026-11-02")].activities_done, 3);
        assert_eq!(t["t2"].buckets[&d("2026-11-09")].activities_done, 4);
        assert_eq!(t["t1"].members["ana"].activities_done(), 3);
        assert_eq!(t["t1"].members["ana"].won, 1);
        // Whatever the team: Ana's own November.
        let ana = &per_person(&events, d("2026-11-01"), d("2026-11-30"))["ana"];
        assert_eq!((ana.activities_done(), ana.won, ana.lost), (7, 1, 2));
    }

    #[test]
    fn targets_are_pro_rata_by_day_and_buckets_cover_the_period() {
        let nov = Month {
            year: 2026,
            month: 11,
        };
        assert_eq!(
            target_within(nov, 300, d("2026-11-01"), d("2026-11-30")),
            300
        );
        assert_eq!(
            target_within(nov, 300, d("2026-11-01"), d("2026-11-10")),
            100
        );
        assert_eq!(target_within(nov, 300, d("2026-12-01"), d("2026-12-10")), 0);
        assert_eq!(months_of(d("2026-11-20"), d("2027-01-05")).len(), 3);
        let input = ComparisonInput::parse(
            "a,b",
            Some(d("2026-11-01")),
            Some(d("2026-11-30")),
            Some("semana"),
            today(),
        )
        .unwrap();
        let starts = bucket_starts(&input);
        assert_eq!(starts.first(), Some(&d("2026-10-26")));
        assert_eq!(starts.len(), 6);
        assert_eq!(bucket_end(&input, d("2026-11-30")), d("2026-11-30"));
        let month = ComparisonInput::month_of_team("a", nov);
        let days = bucket_starts(&month);
        assert_eq!(days.len(), 30);
        assert_eq!(days[1], d("2026-11-02"));
        assert_eq!(bucket_end(&month, d("2026-11-02")), d("2026-11-02"));
        assert_eq!(Granularity::Day.label(d("2026-11-02")), "02/11");
    }

    #[test]
    fn metrics_are_none_when_nothing_divides() {
        let f = Figures::default();
        assert_eq!(
            (f.conversion_bp(), f.cycle_days_tenths(), f.reply_rate_bp()),
            (None, None, None)
        );
        let f = Figures {
            events: DayEvents {
                activities: [10, 5, 0, 0, 0, 0],
                won: 2,
                won_cycle_days: 25,
                leads: 4,
                leads_won_in_window: 1,
                enrolled: 8,
                replied: 2,
                booked: 1,
                ..DayEvents::default()
            },
            activities_target: 30,
        };
        assert_eq!(f.cycle_days_tenths(), Some(125));
        assert_eq!(f.lead_conversion_bp(), Some(2500));
        assert_eq!(f.reply_rate_bp(), Some(2500));
        assert_eq!(f.activities_per_won_tenths(), Some(75));
        assert_eq!(f.activities_attainment_bp(), Some(5000));
    }
}
