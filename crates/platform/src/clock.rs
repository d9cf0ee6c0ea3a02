//! The time, injectable: services ask a [`Clock`] instead of calling `Utc::now()`, so tests move time
//! forward (a reset code's expiry, a throttling window, a session's end) without sleeping.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, NaiveDate, SubsecRound, Utc};
use chrono_tz::America::Sao_Paulo;

pub trait Clock: Send + Sync + std::fmt::Debug {
    /// The time to the microsecond: what both engines store, so a record read back equals the one written.
    fn now(&self) -> DateTime<Utc>;

    /// Today's business date: the date in São Paulo, never UTC's (after 21:00 local, UTC is already
    /// tomorrow).
    fn today(&self) -> NaiveDate {
        business_date(self.now())
    }
}

/// The business date of an instant: its date in São Paulo.
pub fn business_date(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&Sao_Paulo).date_naive()
}

pub type SharedClock = Arc<dyn Clock>;

/// The instant a business date starts in São Paulo (a filter "from this date" on a timestamp column).
pub fn start_of_day(day: NaiveDate) -> DateTime<Utc> {
    use chrono::TimeZone;
    let midnight = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    Sao_Paulo
        .from_local_datetime(&midnight)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&midnight))
}

/// The real time.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now().trunc_subsecs(6)
    }
}

/// A clock that stands still until told to move (tests).
#[derive(Debug)]
pub struct ManualClock(Mutex<DateTime<Utc>>);

impl ManualClock {
    pub fn new(at: DateTime<Utc>) -> Arc<ManualClock> {
        Arc::new(ManualClock(Mutex::new(at.trunc_subsecs(6))))
    }

    /// Starts at the real time.
    pub fn starting_now() -> Arc<ManualClock> {
        Self::new(Utc::now())
    }

    pub fn advance(&self, by: Duration) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) += by;
    }

    pub fn set(&self, at: DateTime<Utc>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = at.trunc_subsecs(6);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn time_is_kept_to_the_microsecond_as_both_engines_store_it() {
        let now = SystemClock.now();
        assert_eq!(now.timestamp_subsec_nanos() % 1_000, 0);
        let clock = ManualClock::new(
            Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap() + Duration::nanoseconds(1_234_567),
        );
        assert_eq!(clock.now().timestamp_subsec_nanos(), 1_234_000);
    }

    #[test]
    fn today_is_the_date_in_sao_paulo() {
        // 23:30 in São Paulo (UTC-3) is 02:30 UTC the next day.
        let clock = ManualClock::new(Utc.with_ymd_and_hms(2026, 11, 24, 2, 30, 0).unwrap());
        assert_eq!(
            clock.today(),
            NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
        );
        clock.advance(Duration::hours(1));
        assert_eq!(
            clock.today(),
            NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
        );
    }
}
