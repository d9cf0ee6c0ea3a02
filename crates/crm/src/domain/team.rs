//! Sales teams: a name, a unit, managers, members over time (history kept: reports take membership on each
//! event's date) and monthly targets for the team and each member, which must sum to the team's.

use chrono::{Datelike, NaiveDate};
use platform::error::{Error, Result, Violations};
use platform::text::{collapse_spaces, fold};

pub const MAX_TEAM_NAME: usize = 80;
pub const MAX_MANAGERS: usize = 5;

/// A member's part in the team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberRole {
    Vendedor,
    Sdr,
    Closer,
}

impl MemberRole {
    pub const ALL: [MemberRole; 3] = [MemberRole::Vendedor, MemberRole::Sdr, MemberRole::Closer];

    pub fn as_str(self) -> &'static str {
        match self {
            MemberRole::Vendedor => "vendedor",
            MemberRole::Sdr => "sdr",
            MemberRole::Closer => "closer",
        }
    }

    pub fn parse(s: &str) -> Option<MemberRole> {
        MemberRole::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// A team's name, unit and managers, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamFields {
    pub name: String,
    pub unit_id: Option<String>,
    pub manager_ids: Vec<String>,
}

impl TeamFields {
    /// Trims and checks; the managers' roles are checked by the service (they live in identity).
    pub fn parse(
        name: &str,
        unit_id: Option<String>,
        manager_ids: Vec<String>,
    ) -> Result<TeamFields> {
        let mut v = Violations::new();
        let name = collapse_spaces(name);
        if name.is_empty() || name.chars().count() > MAX_TEAM_NAME {
            v.add(
                "name",
                format!("Informe o nome do time (até {MAX_TEAM_NAME} caracteres)."),
            );
        }
        let mut managers: Vec<String> = Vec::new();
        for id in manager_ids {
            let id = id.trim().to_string();
            if !id.is_empty() && !managers.contains(&id) {
                managers.push(id);
            }
        }
        if managers.len() > MAX_MANAGERS {
            v.add(
                "manager_ids",
                format!("Um time tem no máximo {MAX_MANAGERS} gestores."),
            );
        }
        v.finish()?;
        Ok(TeamFields {
            name,
            unit_id: unit_id
                .map(|u| u.trim().to_string())
                .filter(|u| !u.is_empty()),
            manager_ids: managers,
        })
    }

    /// The key that keeps active team names unique (case and accents ignored).
    pub fn name_key(&self) -> String {
        fold(&self.name)
    }
}

/// A month, `AAAA-MM`: targets are monthly and a past month is closed (read-only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    pub year: i32,
    pub month: u32,
}

impl Month {
    pub fn of(day: NaiveDate) -> Month {
        Month {
            year: day.year(),
            month: day.month(),
        }
    }

    /// `2026-11`, or 422 naming `field`.
    pub fn parse(field: &str, text: &str) -> Result<Month> {
        let bad = || Error::invalid_field(field, "Mês inválido: use AAAA-MM (ex.: 2026-11).");
        let (y, m) = text.trim().split_once('-').ok_or_else(bad)?;
        let (year, month) = (
            y.parse::<i32>().map_err(|_| bad())?,
            m.parse::<u32>().map_err(|_| bad())?,
        );
        if y.len() != 4
            || m.len() != 2
            || !(2000..=2200).contains(&year)
            || !(1..=12).contains(&month)
        {
            return Err(bad());
        }
        Ok(Month { year, month })
    }

    /// The month a query names (`AAAA-MM`), or `today`'s month when it names none.
    pub fn parse_or(field: &str, text: Option<&str>, today: NaiveDate) -> Result<Month> {
        match text.map(str::trim).filter(|m| !m.is_empty()) {
            None => Ok(Month::of(today)),
            Some(m) => Month::parse(field, m),
        }
    }

    pub fn first_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.year, self.month, 1).expect("a valid month")
    }

    /// The first day of the next month.
    pub fn end(self) -> NaiveDate {
        let (y, m) = if self.month == 12 {
            (self.year + 1, 1)
        } else {
            (self.year, self.month + 1)
        };
        NaiveDate::from_ymd_opt(y, m, 1).expect("a valid month")
    }

    /// `11/2026`, as the screens show it.
    pub fn label(self) -> String {
        format!("{:02}/{}", self.month, self.year)
    }
}

impl std::fmt::Display for Month {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{:02}", self.year, self.month)
    }
}

/// A month's targets: sold value (centavos), sales, done activities and new clients.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Targets {
    pub sales_value_cents: i64,
    pub sales_count: i64,
    pub activities_done: i64,
    pub new_clients: i64,
}

impl Targets {
    const NAMES: [&'static str; 4] = [
        "sales_value_cents",
        "sales_count",
        "activities_done",
        "new_clients",
    ];

    fn values(&self) -> [i64; 4] {
        [
            self.sales_value_cents,
            self.sales_count,
            self.activities_done,
            self.new_clients,
        ]
    }

    fn from_values(v: [i64; 4]) -> Targets {
        Targets {
            sales_value_cents: v[0],
            sales_count: v[1],
            activities_done: v[2],
            new_clients: v[3],
        }
    }

    /// Adds `other`, metric by metric (a person's targets over their teams, several teams' together).
    pub fn add(&mut self, other: &Targets) {
        let mut sum = self.values();
        for (s, o) in sum.iter_mut().zip(other.values()) {
            *s += o;
        }
        *self = Targets::from_values(sum);
    }

    /// No target is negative; each is named under `prefix` (`targets.sales_count`).
    pub fn check(&self, prefix: &str) -> Result<()> {
        let mut v = Violations::new();
        for (name, value) in Targets::NAMES.iter().zip(self.values()) {
            if value < 0 {
                v.add(format!("{prefix}{name}"), "A meta não pode ser negativa.");
            }
        }
        v.finish()
    }

    /// The team's targets split evenly over `n` members, the remainders going to the first ones (so the parts
    /// always sum to the whole).
    pub fn split_evenly(&self, n: usize) -> Vec<Targets> {
        if n == 0 {
            return Vec::new();
        }
        let parts: Vec<[i64; 4]> = (0..n)
            .map(|i| {
                let mut part = [0; 4];
                for (k, total) in self.values().into_iter().enumerate() {
                    let base = total / n as i64;
                    let extra = i64::from((i as i64) < total % n as i64);
                    part[k] = base + extra;
                }
                part
            })
            .collect();
        parts.into_iter().map(Targets::from_values).collect()
    }

    /// The member targets must sum to the team's, metric by metric; the error names the first that does not.
    pub fn check_distribution(&self, members: &[Targets]) -> Result<()> {
        let mut v = Violations::new();
        for (k, name) in Targets::NAMES.iter().enumerate() {
            let sum: i64 = members.iter().map(|m| m.values()[k]).sum();
            let total = self.values()[k];
            if sum != total {
                v.add(
                    format!("members.{name}"),
                    format!(
                        "As metas dos integrantes ({}) devem somar a meta do time ({}).",
                        show(name, sum),
                        show(name, total)
                    ),
                );
            }
        }
        v.finish()
    }
}

fn show(name: &str, value: i64) -> String {
    if name == "sales_value_cents" {
        banking::pdf::format_brl(value)
    } else {
        value.to_string()
    }
}

/// A membership's period check: `left_on` not before `joined_on`.
pub fn check_period(joined_on: NaiveDate, left_on: Option<NaiveDate>) -> Result<()> {
    match left_on {
        Some(left) if left < joined_on => Err(Error::invalid_field(
            "left_on",
            "A saída não pode ser antes da entrada no time.",
        )),
        _ => Ok(()),
    }
}

/// Whether two membership periods (`left_on` inclusive, open when `None`) share a day.
pub fn overlaps(a: (NaiveDate, Option<NaiveDate>), b: (NaiveDate, Option<NaiveDate>)) -> bool {
    let a_end = a.1.unwrap_or(NaiveDate::MAX);
    let b_end = b.1.unwrap_or(NaiveDate::MAX);
    a.0 <= b_end && b.0 <= a_end
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn a_month_is_parsed_strictly_and_ends_on_the_next_first_day() {
        let m = Month::parse("month", "2026-12").unwrap();
        assert_eq!(
            (m.first_day(), m.end(), m.label()),
            (d(2026, 12, 1), d(2027, 1, 1), "12/2026".into())
        );
        assert_eq!(m.to_string(), "2026-12");
        for bad in ["2026-13", "26-01", "2026-1", "abc", "2026-00"] {
            assert_eq!(
                Month::parse("month", bad).unwrap_err().fields[0].field,
                "month",
                "{bad}"
            );
        }
    }

    #[test]
    fn member_targets_that_do_not_sum_name_the_metric() {
        let team = Targets {
            sales_value_cents: 10_000_000,
            sales_count: 10,
            activities_done: 300,
            new_clients: 7,
        };
        let mut parts = team.split_evenly(3);
        assert!(team.check_distribution(&parts).is_ok());
        assert_eq!(parts[0].new_clients, 3);
        parts[1].sales_value_cents -= 1;
        let err = team.check_distribution(&parts).unwrap_err();
        assert_eq!(err.fields.len(), 1);
        assert_eq!(err.fields[0].field, "members.sales_value_cents");
        assert!(
            err.fields[0].message.contains("R$ 99.999,99"),
            "{}",
            err.fields[0].message
        );
    }

    #[test]
    fn periods_overlap_when_they_share_a_day() {
        assert!(overlaps(
            (d(2026, 1, 1), Some(d(2026, 1, 31))),
            (d(2026, 1, 31), None)
        ));
        assert!(!overlaps(
            (d(2026, 1, 1), Some(d(2026, 1, 30))),
            (d(2026, 1, 31), None)
        ));
        assert!(overlaps((d(2026, 1, 1), None), (d(2025, 1, 1), None)));
    }

    proptest! {
        #[test]
        fn an_even_split_always_sums_to_the_whole(
            value in 0i64..10_000_000_000, count in 0i64..10_000, n in 1usize..40
        ) {
            let team = Targets { sales_value_cents: value, sales_count: count, activities_done: count * 3, new_clients: count / 2 };
            let parts = team.split_evenly(n);
            prop_assert_eq!(parts.len(), n);
            prop_assert!(team.check_distribution(&parts).is_ok());
            let spread = parts.iter().map(|p| p.sales_value_cents).max().unwrap() - parts.iter().map(|p| p.sales_value_cents).min().unwrap();
            prop_assert!(spread <= 1);
        }
    }
}
