//! Business days: Brazilian national holidays (fixed dates, and those that move with Easter), the extra
//! holidays administrators add (company-wide, or of one unit: a municipal holiday in one clinic's city), and
//! "today" in São Paulo.
//!
//! [`Calendar::load`] is the company-wide calendar (national and company-wide extra holidays: what finance
//! reads); [`Calendar::load_for`] adds one unit's holidays. A day holds at most one extra holiday per unit, and a
//! company-wide one excludes any unit's on that day (and the reverse): both are refused naming `day` (422).

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
    /// The unit (platform_units.id) it applies to; `None`: everywhere.
    pub unit_id: Option<String>,
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
            unit_id: None,
        })
        .collect()
}

/// The calendar business rules read: national holidays and the extra ones stored.
#[derive(Debug, Clone)]
pub struct Calendar {
    extra: Vec<Holiday>,
}

impl Calendar {
    /// The company-wide calendar: national holidays and the extra ones stored for every unit.
    pub async fn load(db: &Db) -> Result<Calendar> {
        Calendar::load_for(db, None).await
    }

    /// The calendar of `unit`: national holidays, the company-wide extra ones and that unit's (`None`: the
    /// company-wide calendar, as [`Calendar::load`]).
    pub async fn load_for(db: &Db, unit: Option<&str>) -> Result<Calendar> {
        let rows: Vec<(NaiveDate, String, Option<String>)> = on_db!(db, pool => sqlx::query_as(
            "SELECT day, name, unit_id FROM platform_holidays \
             WHERE unit_id IS NULL OR unit_id = $1 ORDER BY day, unit_id",
        )
        .bind(unit)
        .fetch_all(pool)
        .await)?;
        Ok(Calendar::with_holidays(
            rows.into_iter()
                .map(|(day, name, unit_id)| Holiday {
                    day,
                    name,
                    national: false,
                    unit_id,
                })
                .collect(),
        ))
    }

    /// National holidays and `extra` company-wide ones.
    pub fn with_extra(extra: Vec<(NaiveDate, String)>) -> Calendar {
        Calendar::with_holidays(
            extra
                .into_iter()
                .map(|(day, name)| Holiday {
                    day,
                    name,
                    national: false,
                    unit_id: None,
                })
                .collect(),
        )
    }

    /// National holidays and `extra` (company-wide or of a unit: all of them count as holidays here).
    pub fn with_holidays(extra: Vec<Holiday>) -> Calendar {
        Calendar { extra }
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

/// The extra holidays stored for `year`: every unit's (`unit: None`), or the company-wide ones and `unit`'s.
pub async fn stored_holidays(db: &Db, year: i32, unit: Option<&str>) -> Result<Vec<Holiday>> {
    let (from, to) = match (
        NaiveDate::from_ymd_opt(year, 1, 1),
        NaiveDate::from_ymd_opt(year, 12, 31),
    ) {
        (Some(from), Some(to)) => (from, to),
        _ => return Ok(Vec::new()),
    };
    let rows: Vec<(NaiveDate, String, Option<String>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT day, name, unit_id FROM platform_holidays \
         WHERE day >= $1 AND day <= $2 AND ($3 IS NULL OR unit_id IS NULL OR unit_id = $3) \
         ORDER BY day, unit_id",
    )
    .bind(from)
    .bind(to)
    .bind(unit)
    .fetch_all(pool)
    .await)?;
    Ok(rows
        .into_iter()
        .map(|(day, name, unit_id)| Holiday {
            day,
            name,
            national: false,
            unit_id,
        })
        .collect())
}

/// What an administrator types for an extra holiday.
#[derive(Debug, Clone)]
pub struct HolidayDraft {
    pub day: NaiveDate,
    pub name: String,
    /// `None` (or blank): every unit.
    pub unit_id: Option<String>,
}

/// The stored holiday of `day` and `unit` (`None`: the company-wide one).
async fn stored(db: &Db, day: NaiveDate, unit: Option<&str>) -> Result<Option<Holiday>> {
    let row: Option<(String,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT name FROM platform_holidays WHERE day = $1 AND COALESCE(unit_id, '') = COALESCE($2, '')",
    )
    .bind(day)
    .bind(unit)
    .fetch_optional(pool)
    .await)?;
    Ok(row.map(|(name,)| Holiday {
        day,
        name,
        national: false,
        unit_id: unit.map(str::to_string),
    }))
}

/// The draft normalised, or every wrong field named (422): the name, an unknown or inactive unit, and a day that
/// is already a holiday where this one would apply (a national one; a company-wide one; the same unit's; or, for a
/// company-wide holiday, any unit's). `replacing` is the stored holiday being edited, not a clash with itself.
async fn validate(
    db: &Db,
    draft: HolidayDraft,
    replacing: Option<(NaiveDate, Option<&str>)>,
) -> Result<HolidayDraft> {
    let name = crate::text::collapse_spaces(&draft.name);
    let unit_id = draft
        .unit_id
        .map(|u| u.trim().to_string())
        .filter(|u| !u.is_empty());
    let mut v = crate::error::Violations::new();
    if name.is_empty() || name.chars().count() > 120 {
        v.add("name", "Informe o nome do feriado (até 120 caracteres).");
    }
    let mut unit_name = None;
    if let Some(id) = &unit_id {
        let keeps = replacing.is_some_and(|(_, u)| u == Some(id.as_str()));
        match crate::units::get(db, id).await? {
            Some(u) if u.active || keeps => unit_name = Some(u.name),
            Some(u) => v.add("unit_id", format!("A unidade {} está inativa.", u.name)),
            None => v.add("unit_id", "Unidade não encontrada."),
        }
    }
    let day = draft.day;
    let is_self = |h: &Holiday| replacing == Some((h.day, h.unit_id.as_deref()));
    let date = day.format("%d/%m/%Y");
    if let Some(h) = national_holidays(day.year())
        .into_iter()
        .find(|h| h.day == day)
    {
        v.add("day", format!("{date} já é feriado: {}.", h.name));
    } else {
        let rows: Vec<(String, Option<String>)> = on_db!(db, pool => sqlx::query_as(
            "SELECT name, unit_id FROM platform_holidays WHERE day = $1 ORDER BY unit_id",
        )
        .bind(day)
        .fetch_all(pool)
        .await)?;
        let clash = rows
            .into_iter()
            .map(|(name, unit)| Holiday {
                day,
                name,
                national: false,
                unit_id: unit,
            })
            .filter(|h| !is_self(h))
            .find(|h| unit_id.is_none() || h.unit_id.is_none() || h.unit_id == unit_id);
        match clash {
            Some(h) if h.unit_id.is_none() => {
                v.add("day", format!("{date} já é feriado: {}.", h.name));
            }
            Some(h) if h.unit_id == unit_id => v.add(
                "day",
                format!(
                    "{date} já é feriado da unidade {}: {}.",
                    unit_name.as_deref().unwrap_or_default(),
                    h.name
                ),
            ),
            Some(h) => {
                let other = match &h.unit_id {
                    Some(id) => crate::units::get(db, id).await?.map(|u| u.name),
                    None => None,
                };
                v.add(
                    "day",
                    format!(
                        "{date} já é feriado da unidade {}: {}. Um feriado de todas as unidades não pode \
                         coincidir com o de uma unidade.",
                        other.unwrap_or_default(),
                        h.name
                    ),
                );
            }
            None => {}
        }
    }
    v.finish()?;
    Ok(HolidayDraft { day, name, unit_id })
}

fn taken(e: sqlx::Error) -> Error {
    if crate::db::is_unique_violation(&e) {
        Error::invalid_field("day", "Esta data já é feriado.")
    } else {
        e.into()
    }
}

/// Adds an extra holiday (company-wide, or of one unit); see [`validate`] for what is refused.
pub async fn add_holiday(
    db: &Db,
    draft: HolidayDraft,
    uid: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Holiday> {
    let h = validate(db, draft, None).await?;
    on_db!(db, pool => sqlx::query(
        "INSERT INTO platform_holidays (day, name, unit_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(h.day)
    .bind(&h.name)
    .bind(&h.unit_id)
    .bind(uid)
    .bind(now)
    .execute(pool)
    .await
    .map(|_| ()))
    .map_err(taken)?;
    Ok(Holiday {
        day: h.day,
        name: h.name,
        national: false,
        unit_id: h.unit_id,
    })
}

/// Changes the extra holiday of `day` and `unit` (its date, name or unit); 404 when there is none.
pub async fn update_holiday(
    db: &Db,
    day: NaiveDate,
    unit: Option<&str>,
    draft: HolidayDraft,
) -> Result<Holiday> {
    if stored(db, day, unit).await?.is_none() {
        return Err(not_stored(day));
    }
    let h = validate(db, draft, Some((day, unit))).await?;
    let changed = on_db!(db, pool => sqlx::query(
        "UPDATE platform_holidays SET day = $3, name = $4, unit_id = $5 \
         WHERE day = $1 AND COALESCE(unit_id, '') = COALESCE($2, '')",
    )
    .bind(day)
    .bind(unit)
    .bind(h.day)
    .bind(&h.name)
    .bind(&h.unit_id)
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))
    .map_err(taken)?;
    if changed == 0 {
        return Err(not_stored(day));
    }
    Ok(Holiday {
        day: h.day,
        name: h.name,
        national: false,
        unit_id: h.unit_id,
    })
}

fn not_stored(day: NaiveDate) -> Error {
    Error::not_found(format!(
        "Não há feriado cadastrado em {}.",
        day.format("%d/%m/%Y")
    ))
}

/// Removes the extra holiday of `day` and `unit` (`None`: the company-wide one; national ones cannot be removed).
pub async fn remove_holiday(db: &Db, day: NaiveDate, unit: Option<&str>) -> Result<()> {
    let removed = on_db!(db, pool => sqlx::query(
        "DELETE FROM platform_holidays WHERE day = $1 AND COALESCE(unit_id, '') = COALESCE($2, '')",
    )
    .bind(day)
    .bind(unit)
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))?;
    if removed == 0 {
        return Err(not_stored(day));
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

    #[test]
    fn a_units_holiday_counts_only_in_its_calendar() {
        let municipal = Holiday {
            day: d(2026, 1, 25),
            name: "Aniversário de São Paulo".into(),
            national: false,
            unit_id: Some("unit-sp".into()),
        };
        // Thursday 19/03/2026 is São José in Fortaleza's unit only; 25/01 (São Paulo's) is a Sunday in 2026.
        let sao_jose = Holiday {
            day: d(2026, 3, 19),
            name: "São José".into(),
            national: false,
            unit_id: Some("unit-fortaleza".into()),
        };
        let sp = Calendar::with_holidays(vec![municipal.clone()]);
        let fortaleza = Calendar::with_holidays(vec![sao_jose.clone()]);
        let company = Calendar::with_extra(vec![]);
        assert!(!fortaleza.is_business_day(d(2026, 3, 19)));
        assert!(sp.is_business_day(d(2026, 3, 19)));
        assert!(company.is_business_day(d(2026, 3, 19)));
        assert_eq!(fortaleza.next_business_day(d(2026, 3, 19)), d(2026, 3, 20));
        assert_eq!(
            fortaleza.add_business_days(d(2026, 3, 18), 1),
            d(2026, 3, 20)
        );
        assert_eq!(sp.add_business_days(d(2026, 3, 18), 1), d(2026, 3, 19));
        assert_eq!(fortaleza.holiday(d(2026, 3, 19)), Some(sao_jose));
        assert_eq!(sp.holidays(2026).len(), 14);
    }
}
