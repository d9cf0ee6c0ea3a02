//! The score (`finance.md` §4.3): points per piece of evidence, the thresholds, and the business-day distance
//! between the expected and the actual date.

use chrono::{Datelike, NaiveDate};

/// Evidence bits kept per candidate while scoring; reasons are written only for what is proposed.
pub(crate) mod evidence {
    pub const REFERENCE: u16 = 1;
    pub const GROUP: u16 = 1 << 1;
    pub const AMOUNT: u16 = 1 << 2;
    pub const TOLERANCE: u16 = 1 << 3;
    pub const DOCUMENT: u16 = 1 << 4;
    pub const MASKED: u16 = 1 << 5;
}

pub const REFERENCE_POINTS: u16 = 50;
pub const GROUP_POINTS: u16 = 50;
pub const AMOUNT_POINTS: u16 = 30;
pub const TOLERANCE_POINTS: u16 = 15;
pub const DOCUMENT_POINTS: u16 = 30;
pub const MASKED_POINTS: u16 = 10;
pub const DATE_POINTS: u16 = 15;
/// Taken off the date points per business day away from the expected day.
pub const DATE_STEP: u16 = 3;
/// The best candidate, when no other has the same evidence.
pub const UNIQUE_POINTS: u16 = 15;
/// At or above: confirmed automatically (unique best, identity evidence, account allows it).
pub const AUTO_CONFIRM: u8 = 90;
/// At or above: a suggestion; below, manual search only.
pub const SUGGESTION: u8 = 60;
/// Equal best candidates are capped here: the user must choose.
pub const TIE_CAP: u8 = 69;
/// A proposal that would confirm but shares a line or target with another one is capped here.
pub const DISPUTE_CAP: u8 = 89;

/// The points of the evidence bits and the business-day distance, before the unique-best bonus.
pub(crate) fn base(flags: u16, business_days_away: i32) -> u16 {
    use evidence::*;
    let mut points = date_points(business_days_away);
    if flags & REFERENCE != 0 {
        points += REFERENCE_POINTS;
    }
    if flags & GROUP != 0 {
        points += GROUP_POINTS;
    }
    if flags & AMOUNT != 0 {
        points += AMOUNT_POINTS;
    } else if flags & TOLERANCE != 0 {
        points += TOLERANCE_POINTS;
    }
    if flags & DOCUMENT != 0 {
        points += DOCUMENT_POINTS;
    } else if flags & MASKED != 0 {
        points += MASKED_POINTS;
    }
    points
}

pub(crate) fn date_points(business_days_away: i32) -> u16 {
    let away = business_days_away
        .unsigned_abs()
        .min(u32::from(DATE_POINTS));
    DATE_POINTS.saturating_sub(DATE_STEP * away as u16)
}

/// Evidence that says *who* or *what* the money is: without it (amount and date only) nothing confirms, whatever
/// the points.
pub(crate) fn identifies(flags: u16) -> bool {
    flags & (evidence::REFERENCE | evidence::GROUP | evidence::DOCUMENT) != 0
}

/// The final score: capped at 100, at [`TIE_CAP`] when `equal` candidates share the best evidence.
pub(crate) fn finish(base: u16, equal: usize) -> u8 {
    let total = (base + UNIQUE_POINTS).min(100) as u8;
    if equal > 1 {
        total.min(TIE_CAP)
    } else {
        total
    }
}

/// Business days (Monday to Friday, not a holiday) as day numbers (`num_days_from_ce`).
pub(crate) struct Calendar {
    /// Holidays falling on weekdays, sorted.
    holidays: Vec<i32>,
}

impl Calendar {
    pub(crate) fn new(holidays: &[NaiveDate]) -> Self {
        let mut days: Vec<i32> = holidays
            .iter()
            .map(NaiveDate::num_days_from_ce)
            .filter(|&d| is_weekday(d))
            .collect();
        days.sort_unstable();
        days.dedup();
        Calendar { holidays: days }
    }

    pub(crate) fn is_business_day(&self, day: i32) -> bool {
        is_weekday(day) && self.holidays.binary_search(&day).is_err()
    }

    /// The day itself when a business day, else the next one (a boleto due on Saturday is paid on Monday).
    pub(crate) fn roll_forward(&self, mut day: i32) -> i32 {
        // At most a weekend plus a run of holidays; the bound keeps a pathological calendar from looping.
        for _ in 0..31 {
            if self.is_business_day(day) {
                break;
            }
            day = day.saturating_add(1);
        }
        day
    }

    /// Signed business days from the expected day (rolled forward) to `actual`: 0 on the day, 1 the next
    /// business day, −1 the business day before.
    pub(crate) fn distance(&self, expected: i32, actual: i32) -> i32 {
        let expected = self.roll_forward(expected);
        if actual >= expected {
            self.business_days_in(expected.saturating_add(1), actual.saturating_add(1))
        } else {
            -self.business_days_in(actual, expected)
        }
    }

    /// `day` plus `n` business days (the generator's credit dates).
    pub fn add_business_days(&self, day: i32, n: u32) -> i32 {
        let mut day = self.roll_forward(day);
        for _ in 0..n {
            day = self.roll_forward(day + 1);
        }
        day
    }

    /// Business days in `lo..hi`.
    fn business_days_in(&self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            return 0;
        }
        let weekdays = weekdays_before(hi) - weekdays_before(lo);
        let holidays =
            self.holidays.partition_point(|&d| d < hi) - self.holidays.partition_point(|&d| d < lo);
        (weekdays - holidays as i64).clamp(0, i64::from(i32::MAX)) as i32
    }
}

/// Day 1 (0001-01-01) was a Monday, so `day - 1` counts from a Monday.
fn is_weekday(day: i32) -> bool {
    (i64::from(day) - 1).rem_euclid(7) < 5
}

/// Weekdays among the days before `day`, counted from day 1 (negative before it): differences are what count.
fn weekdays_before(day: i32) -> i64 {
    let x = i64::from(day) - 1;
    x.div_euclid(7) * 5 + x.rem_euclid(7).min(5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> i32 {
        NaiveDate::from_ymd_opt(y, m, d).unwrap().num_days_from_ce()
    }

    #[test]
    fn business_day_distance() {
        let cal = Calendar::new(&[NaiveDate::from_ymd_opt(2026, 4, 3).unwrap()]); // Sexta-feira Santa
                                                                                  // Thursday 02/04 → Monday 06/04: Friday is a holiday, so one business day.
        assert_eq!(cal.distance(day(2026, 4, 2), day(2026, 4, 6)), 1);
        assert_eq!(cal.distance(day(2026, 4, 6), day(2026, 4, 2)), -1);
        // Due on Saturday 11/04, credited Monday 13/04: on the expected day.
        assert_eq!(cal.distance(day(2026, 4, 11), day(2026, 4, 13)), 0);
        assert_eq!(cal.distance(day(2026, 4, 13), day(2026, 4, 20)), 5);
        assert_eq!(cal.add_business_days(day(2026, 4, 2), 1), day(2026, 4, 6));
    }

    #[test]
    fn points() {
        use evidence::*;
        assert_eq!(base(AMOUNT, 0), 45);
        assert_eq!(finish(base(AMOUNT, 0), 1), 60);
        assert_eq!(finish(base(REFERENCE | AMOUNT, 0), 1), 100);
        assert_eq!(finish(base(DOCUMENT | AMOUNT, 2), 1), 84);
        assert_eq!(finish(base(REFERENCE | AMOUNT, 0), 2), 69);
        assert_eq!(date_points(-2), 9);
        assert_eq!(date_points(7), 0);
        assert!(!identifies(AMOUNT | TOLERANCE | MASKED));
    }
}
