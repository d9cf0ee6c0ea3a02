//! Fator de vencimento: days since 1997-10-07, restarting at 1000 every 9000 days.
//!
//! 1000 = 2000-07-03, 9999 = 2025-02-21, then 1000 again on 2025-02-22 and 9999 on 2049-10-13.
//! A printed fator is ambiguous on its own, so decoding needs a reference `today` and picks the
//! date inside the FEBRABAN window [today − 3000 days, today + 5500 days].

use super::BoletoError;
use chrono::NaiveDate;

/// Day 0 of the fator count.
pub const FATOR_BASE: NaiveDate = match NaiveDate::from_ymd_opt(1997, 10, 7) {
    Some(d) => d,
    None => panic!("valid constant date"),
};

/// First day with a fator (2000-07-03 = 1000); earlier dates cannot be encoded.
const FIRST_DAY: i64 = 1000;
const CYCLE: i64 = 9000;
const WINDOW_PAST: i64 = 3000;
const WINDOW_FUTURE: i64 = 5500;

/// Encodes a due date as its 4-digit fator (1000–9999).
pub fn fator_vencimento(date: NaiveDate) -> Result<u16, BoletoError> {
    let days = days_since_base(date);
    if days < FIRST_DAY {
        return Err(BoletoError::new(
            "vencimento",
            "vencimento anterior a 03/07/2000 não tem fator de vencimento",
        ));
    }
    Ok((((days - FIRST_DAY) % CYCLE) + FIRST_DAY) as u16)
}

/// Days from [`FATOR_BASE`] to `date`: the same as `(date - FATOR_BASE).num_days()`, by day
/// numbers, which is cheaper than chrono's subtraction (a tenth of encoding a boleto).
#[inline]
fn days_since_base(date: NaiveDate) -> i64 {
    use chrono::Datelike;
    date.num_days_from_ce() as i64 - FATOR_BASE.num_days_from_ce() as i64
}

/// Decodes a fator relative to `today` (FEBRABAN window). `0` means "no due date" and values
/// below 1000 are never issued: both give `None`.
pub fn fator_to_date(fator: u16, today: NaiveDate) -> Option<NaiveDate> {
    if !(1000..=9999).contains(&fator) {
        return None;
    }
    let fator = fator as i64;
    let today_days = (today - FATOR_BASE).num_days();
    let window_start = today_days - WINDOW_PAST;
    // Smallest cycle k ≥ 0 whose date fator + 9000·k reaches the window's start.
    let k = ((window_start - fator).max(0) + CYCLE - 1) / CYCLE;
    let mut days = fator + k * CYCLE;
    // The window is 8501 days wide, shorter than a cycle: in the 499-day gap no candidate fits,
    // so keep the nearer of the two neighbours.
    if days > today_days + WINDOW_FUTURE && k > 0 {
        let previous = days - CYCLE;
        if window_start - previous < days - (today_days + WINDOW_FUTURE) {
            days = previous;
        }
    }
    FATOR_BASE.checked_add_signed(chrono::TimeDelta::days(days))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn febraban_anchor_dates() {
        assert_eq!(fator_vencimento(d(2000, 7, 3)).unwrap(), 1000);
        assert_eq!(fator_vencimento(d(2025, 2, 21)).unwrap(), 9999);
        assert_eq!(fator_vencimento(d(2025, 2, 22)).unwrap(), 1000);
        assert_eq!(fator_vencimento(d(2049, 10, 13)).unwrap(), 9999);
        assert_eq!(fator_vencimento(d(2049, 10, 14)).unwrap(), 1000);
        assert!(fator_vencimento(d(2000, 7, 2)).is_err());
    }

    #[test]
    fn day_numbers_agree_with_chrono_subtraction() {
        let mut date = d(1900, 1, 1);
        while date < d(2100, 1, 1) {
            assert_eq!(
                days_since_base(date),
                (date - FATOR_BASE).num_days(),
                "{date}"
            );
            date += chrono::TimeDelta::days(1);
        }
    }

    #[test]
    fn decoding_uses_the_window() {
        let today = d(2026, 11, 21);
        assert_eq!(fator_to_date(1000, today), Some(d(2025, 2, 22)));
        assert_eq!(fator_to_date(9999, today), Some(d(2025, 2, 21)));
        // 2029-05-20 (fator 2548, brcobranca Itaú spec).
        assert_eq!(fator_to_date(2548, today), Some(d(2029, 5, 20)));
        // In 2010 the same fator 2548 meant 2004-09-28.
        assert_eq!(fator_to_date(2548, d(2010, 1, 1)), Some(d(2004, 9, 28)));
        assert_eq!(fator_to_date(0, today), None);
        assert_eq!(fator_to_date(999, today), None);
    }
}
