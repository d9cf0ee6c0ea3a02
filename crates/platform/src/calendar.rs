//! Business days: Brazilian national holidays (fixed dates, and those that move with Easter), the extra
//! holidays administrators add, and "today" in São Paulo.

use chrono::{Datelike, Duration, NaiveDate, Weekday};

use crate::db::Db;
use crate::error::{Error, Result};
use crate::on_db;

/// A holiday and its name, in Portuguese.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holiday {
    pub day: NaiveDate,
    pub name: String,
    /// National (computed) or added by an administrator.
    pub national: bool,
}

/// Easter Sunday of `year` (Gregorian, the anonymous algorithm).
pub fn easter(year: i32) -> NaiveDate {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(year, month as u32, day as u32).expect("Easter is a real date")
}

/// The national holidays of `year` (Lei 662/1949, 6.802/1980, 14.759/2023 — 20 de novembro from 2024),
/// plus Carnaval, Sexta-feira Santa and Corpus Christi, on which banks do not open.
pub fn national_holidays(year: i32) -> Vec<Holiday> {
    let fixed = [
        (1, 1, "Confraternização Universal"),
        (4, 21, "Tiradentes"),
        (5, 1, "Dia do Trabalho"),
        (9, 7, "Independência do Brasil"),
        (10, 12, "Nossa Senhora Aparecida"),
        (11, 2, "Finados"),
        (11, 15, "Proclamação da República"),
        (12, 25, "Natal"),
    ];
    let mut days: Vec<(NaiveDate, &str)> = fixed
        .iter()
        .filter_map(|&(m, d, name)| Some((NaiveDate::from_ymd_opt(year, m, d)?, name)))
        .collect();
    if year >= 2024 {
        days.extend(
            NaiveDate::from_ymd_opt(year, 11, 20)
                .map(|d| (d, "Dia Nacional de Zumbi e da Consciência Negra")),
        );
    }
    let easter = easter(year);
    days.push((easter - Duration::days(48), "Carnaval (segunda-feira)"));
    days.push((easter - Duration::days(47), "Carnaval (terça-feira)"));
    days.push((easter - Duration::days(2), "Sexta-feira Santa"));
    days.push((easter + Duration::days(60), "Corpus Christi"));
    days.sort();
    days.into_iter()
        .map(|(day, name)| Holiday {
            day,
            name: name.to_string(),
            national: true,
        })
        .collect()
}

/// The calendar business rules read: national holidays and the extra ones stored.
#[derive(Debug, Clone)]
pub struct Calendar {
    extra: Vec<Holiday>,
}

impl Calendar {
    /// The calendar with the extra holidays stored in `db`.
    pub async fn load(db: &Db) -> Result<Calendar> {
        let rows: Vec<(NaiveDate, String)> = on_db!(db, pool => sqlx::query_as(
            "SELECT day, name FROM platform_holidays ORDER BY day",
        )
        .fetch_all(pool)
        .await)?;
        Ok(Calendar::with_extra(rows))
    }

    pub fn with_extra(extra: Vec<(NaiveDate, String)>) -> Calendar {
        Calendar {
            extra: extra
                .into_iter()
                .map(|(day, name)| Holiday {
                    day,
                    name,
                    national: false,
                })
                .collect(),
        }
    }

    pub fn holiday(&self, day: NaiveDate) -> Option<Holiday> {
        national_holidays(day.year())
            .into_iter()
            .chain(self.extra.iter().cloned())
            .find(|h| h.day == day)
    }

    pub fn is_business_day(&self, day: NaiveDate) -> bool {
        !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) && self.holiday(day).is_none()
    }

    /// `day` itself when it is a business day, else the next one (a boleto due on a holiday is paid
    /// without charges on the next business day).
    pub fn next_business_day(&self, day: NaiveDate) -> NaiveDate {
        let mut d = day;
        while !self.is_business_day(d) {
            d += Duration::days(1);
        }
        d
    }

    /// `days` business days after `day` (negative: before).
    pub fn add_business_days(&self, day: NaiveDate, days: i32) -> NaiveDate {
        let step = Duration::days(if days >= 0 { 1 } else { -1 });
        let mut d = day;
        for _ in 0..days.unsigned_abs() {
            d += step;
            while !self.is_business_day(d) {
                d += step;
            }
        }
        d
    }

    /// Every holiday of `year`, national and extra, by date.
    pub fn holidays(&self, year: i32) -> Vec<Holiday> {
        let mut all = national_holidays(year);
        all.extend(self.extra.iter().filter(|h| h.day.year() == year).cloned());
        all.sort_by_key(|h| h.day);
        all
    }
}

/// Adds an extra holiday; a date already a holiday (national or extra) is refused naming the field.
pub async fn add_holiday(
    db: &Db,
    day: NaiveDate,
    name: &str,
    uid: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Holiday> {
    let name = crate::text::collapse_spaces(name);
    let mut v = crate::error::Violations::new();
    if name.is_empty() || name.chars().count() > 120 {
        v.add("name", "Informe o nome do feriado (até 120 caracteres).");
    }
    if let Some(existing) = Calendar::load(db).await?.holiday(day) {
        v.add(
            "day",
            format!(
                "{} já é feriado: {}.",
                day.format("%d/%m/%Y"),
                existing.name
            ),
        );
    }
    v.finish()?;
    on_db!(db, pool => sqlx::query(
        "INSERT INTO platform_holidays (day, name, created_by, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(day)
    .bind(&name)
    .bind(uid)
    .bind(now)
    .execute(pool)
    .await
    .map(|_| ()))
    .map_err(|e| {
        if crate::db::is_unique_violation(&e) {
            Error::invalid_field("day", "Esta data já é feriado.")
        } else {
            e.into()
        }
    })?;
    Ok(Holiday {
        day,
        name,
        national: false,
    })
}

/// Removes an extra holiday (national ones cannot be removed).
pub async fn remove_holiday(db: &Db, day: NaiveDate) -> Result<()> {
    let removed = on_db!(db, pool => sqlx::query("DELETE FROM platform_holidays WHERE day = $1")
        .bind(day)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
    if removed == 0 {
        return Err(Error::not_found(format!(
            "Não há feriado cadastrado em {}.",
            day.format("%d/%m/%Y")
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn easter_matches_known_years() {
        assert_eq!(easter(2024), d(2024, 3, 31));
        assert_eq!(easter(2025), d(2025, 4, 20));
        assert_eq!(easter(2026), d(2026, 4, 5));
        assert_eq!(easter(2027), d(2027, 3, 28));
        assert_eq!(easter(2038), d(2038, 4, 25));
    }

    #[test]
    fn movable_holidays_of_2026() {
        let names: Vec<(NaiveDate, String)> = national_holidays(2026)
            .into_iter()
            .map(|h| (h.day, h.name))
            .collect();
        for (day, name) in [
            (d(2026, 2, 16), "Carnaval (segunda-feira)"),
            (d(2026, 2, 17), "Carnaval (terça-feira)"),
            (d(2026, 4, 3), "Sexta-feira Santa"),
            (d(2026, 6, 4), "Corpus Christi"),
            (
                d(2026, 11, 20),
                "Dia Nacional de Zumbi e da Consciência Negra",
            ),
        ] {
            assert!(names.contains(&(day, name.to_string())), "{day} {name}");
        }
        assert_eq!(names.len(), 13);
    }

    #[test]
    fn consciencia_negra_is_national_from_2024() {
        let cal = Calendar::with_extra(vec![]);
        assert!(cal.holiday(d(2023, 11, 20)).is_none());
        assert!(cal.holiday(d(2024, 11, 20)).is_some());
    }

    #[test]
    fn business_days_skip_weekends_and_holidays() {
        let cal =
            Calendar::with_extra(vec![(d(2026, 7, 9), "Revolução Constitucionalista".into())]);
        // Friday 2026-04-03 is Sexta-feira Santa: Thursday + 1 business day is Monday.
        assert_eq!(cal.add_business_days(d(2026, 4, 2), 1), d(2026, 4, 6));
        assert_eq!(cal.next_business_day(d(2026, 11, 20)), d(2026, 11, 23));
        assert!(!cal.is_business_day(d(2026, 7, 9)));
        assert!(cal.is_business_day(d(2026, 7, 10)));
        assert_eq!(cal.add_business_days(d(2026, 4, 6), -1), d(2026, 4, 2));
        assert_eq!(cal.holidays(2026).len(), 14);
    }
}
