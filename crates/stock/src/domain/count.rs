//! Inventory counts (inventário), the rules in plain Rust: states, counting rounds, how one counter's entries
//! make their value on a line (SET replaces, ADD adds, in `counted_at` order), how the counters' values make the
//! line's (equal: counted; different: conflict, never last-write-wins between people), the device clock offset,
//! the theoretical balance at the count's instant, and the tolerance that sends a line to recount
//! (`../shared/product/purchasing-stock-hub-integrations.md` §2, §4 and §5(b)).

use chrono::{DateTime, Duration, Utc};

/// A sheet holds at most this many lines.
pub const SHEET_SIZE: i64 = 500;
/// A sync request carries at most this many entries (413 above).
pub const MAX_ENTRIES: usize = 500;
/// "Lançar ajustes" posts this many lines per transaction (and per request).
pub const POST_CHUNK: i64 = 1000;
/// The device clock is corrected when it is off by more than this.
pub const CLOCK_TOLERANCE: Duration = Duration::minutes(2);
/// A movement this close to a line's count flags it "Movimentado durante a contagem".
pub const MOVED_WINDOW: Duration = Duration::minutes(10);
/// Tolerance: a non-zero difference worth at least R$ 20,00 …
pub const TOLERANCE_CENTS: i64 = 2000;
/// … or at least 5 % of the expected quantity goes to recount.
pub const TOLERANCE_PERCENT: i64 = 5;

macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($v:ident = $s:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($v),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$v),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$v => $s),+ }
            }

            pub fn parse(s: &str) -> Option<$name> {
                match s { $($s => Some($name::$v),)+ _ => None }
            }
        }
    };
}

string_enum! {
    /// A count's state (§4).
    CountStatus {
        Draft = "RASCUNHO",
        Counting = "EM_CONTAGEM",
        Recounting = "EM_RECONTAGEM",
        AwaitingApproval = "AGUARDANDO_APROVACAO",
        Approved = "APROVADO",
        Posting = "LANCANDO",
        Posted = "LANCADO",
        Cancelled = "CANCELADO",
    }
}

impl CountStatus {
    /// Entries are taken while counting or recounting.
    pub fn takes_entries(self) -> bool {
        matches!(self, CountStatus::Counting | CountStatus::Recounting)
    }

    /// Still open: it holds its materials at its location (one open count per location and material).
    pub fn is_open(self) -> bool {
        !matches!(self, CountStatus::Posted | CountStatus::Cancelled)
    }

    /// Cancelling is allowed before approval (nothing is posted by then).
    pub fn cancellable(self) -> bool {
        matches!(
            self,
            CountStatus::Draft
                | CountStatus::Counting
                | CountStatus::Recounting
                | CountStatus::AwaitingApproval
        )
    }
}

string_enum! {
    /// A line's state (§2).
    LineStatus {
        Pending = "PENDENTE",
        Counted = "CONTADO",
        Conflict = "CONFLITO",
        Recount = "RECONTAR",
        Ok = "OK",
    }
}

string_enum! {
    /// SET replaces the counter's value on the line; ADD adds to it (the same item on a second shelf).
    EntryMode { Set = "SET", Add = "ADD" }
}

string_enum! {
    /// Why a counted line goes to recount when the round closes.
    LineFlag { Moved = "MOVIMENTADO", Tolerance = "TOLERANCIA" }
}

/// One counter's entries on one line in one round, applied in `counted_at` order (ties: the order received).
pub fn tally(entries: &[(EntryMode, i64, DateTime<Utc>)]) -> Option<(i64, DateTime<Utc>)> {
    let mut sorted: Vec<_> = entries.iter().enumerate().collect();
    sorted.sort_by_key(|(i, (_, _, at))| (*at, *i));
    let mut value: Option<(i64, DateTime<Utc>)> = None;
    for (_, (mode, qty, at)) in sorted {
        let v = match mode {
            EntryMode::Set => *qty,
            EntryMode::Add => value.map_or(0, |(v, _)| v).saturating_add(*qty),
        };
        value = Some((v, *at));
    }
    value
}

/// What the counters' values in a round make of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Nobody counted it yet.
    Pending,
    /// Every counter found the same quantity (the latest of their instants is the count's).
    Counted(i64, DateTime<Utc>),
    /// Two counters disagree: a blind recount by a third person decides.
    Conflict,
}

pub fn resolve(tallies: &[(i64, DateTime<Utc>)]) -> Resolution {
    let Some(&(first, _)) = tallies.first() else {
        return Resolution::Pending;
    };
    if tallies.iter().any(|(v, _)| *v != first) {
        return Resolution::Conflict;
    }
    let at = tallies.iter().map(|(_, at)| *at).max().unwrap_or_default();
    Resolution::Counted(first, at)
}

/// The device's `counted_at` on the server's clock: shifted by (server − device) when that exceeds 2 minutes.
pub fn on_server_clock(
    counted_at: DateTime<Utc>,
    device_clock: Option<DateTime<Utc>>,
    server_now: DateTime<Utc>,
) -> DateTime<Utc> {
    match device_clock {
        Some(device) => {
            let offset = server_now - device;
            if offset.abs() > CLOCK_TOLERANCE {
                counted_at + offset
            } else {
                counted_at
            }
        }
        None => counted_at,
    }
}

/// A posted movement of the line's material and lot at the count's location after the snapshot: its effect
/// there (+ in, − out) and when it occurred.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    pub delta_milli: i64,
    pub occurred_at: DateTime<Utc>,
}

/// `theoretical_at_count` = snapshot + the movements with `occurred_at ≤ counted_at`; and whether one of them
/// (either side) lies within 10 minutes of the count ("Movimentado durante a contagem").
pub fn theoretical(expected: i64, moves: &[Moved], counted_at: DateTime<Utc>) -> (i64, bool) {
    let mut q = expected;
    let mut moved = false;
    for m in moves {
        if m.occurred_at <= counted_at {
            q = q.saturating_add(m.delta_milli);
        }
        if (m.occurred_at - counted_at).abs() <= MOVED_WINDOW {
            moved = true;
        }
    }
    (q, moved)
}

/// The default tolerance (§2): a non-zero difference worth ≥ R$ 20,00 or ≥ 5 % of expected goes to recount.
pub fn beyond_tolerance(difference: i64, expected: i64, avg_cost_micro: i64) -> bool {
    if difference == 0 {
        return false;
    }
    let value = super::ledger::value_cents(difference.abs(), avg_cost_micro);
    value >= TOLERANCE_CENTS
        || i128::from(difference.abs()) * 100
            >= i128::from(expected.abs()) * i128::from(TOLERANCE_PERCENT)
}

/// The sheet a line (numbered from 1) belongs to.
pub fn sheet_of(seq: i64) -> i64 {
    (seq - 1) / SHEET_SIZE + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 6, h, m, 0).unwrap()
    }

    #[test]
    fn set_replaces_and_add_adds_in_counted_at_order() {
        // Received out of order: the SET at 10:05 comes after the ADD at 10:10 was sent.
        let entries = [
            (EntryMode::Set, 10_000, at(10, 0)),
            (EntryMode::Add, 2_000, at(10, 10)),
            (EntryMode::Set, 5_000, at(10, 5)),
        ];
        assert_eq!(tally(&entries), Some((7_000, at(10, 10))));
        assert_eq!(tally(&[]), None);
        assert_eq!(tally(&[(EntryMode::Add, 3, at(9, 0))]), Some((3, at(9, 0))));
    }

    #[test]
    fn different_counters_conflict_equal_ones_agree() {
        assert_eq!(resolve(&[]), Resolution::Pending);
        assert_eq!(
            resolve(&[(12, at(10, 0)), (15, at(10, 1))]),
            Resolution::Conflict
        );
        assert_eq!(
            resolve(&[(12, at(10, 0)), (12, at(10, 1))]),
            Resolution::Counted(12, at(10, 1))
        );
    }

    #[test]
    fn the_device_clock_is_corrected_beyond_two_minutes() {
        let now = at(12, 0);
        assert_eq!(on_server_clock(at(10, 0), Some(at(11, 59)), now), at(10, 0));
        assert_eq!(on_server_clock(at(10, 0), Some(at(11, 0)), now), at(11, 0));
        assert_eq!(on_server_clock(at(10, 0), None, now), at(10, 0));
    }

    #[test]
    fn scenario_23_consumption_during_the_count_is_not_counted_twice() {
        let moves = [Moved {
            delta_milli: -5_000,
            occurred_at: at(9, 30),
        }];
        let (theo, moved) = theoretical(50_000, &moves, at(10, 0));
        assert_eq!((theo, moved), (45_000, false));
        assert_eq!(45_000 - theo, 0, "no adjustment");
        // Within 10 minutes: flagged; after the count: not in the theoretical.
        let later = [Moved {
            delta_milli: -5_000,
            occurred_at: at(10, 5),
        }];
        assert_eq!(theoretical(50_000, &later, at(10, 0)), (50_000, true));
    }

    #[test]
    fn tolerance_by_value_or_percent() {
        assert!(!beyond_tolerance(0, 100_000, 1_000_000_000));
        // 1 of 100 units (1 %) at R$ 1,00: within.
        assert!(!beyond_tolerance(1_000, 100_000, 1_000_000));
        // 5 of 100: 5 %.
        assert!(beyond_tolerance(-5_000, 100_000, 1_000_000));
        // 1 of 100 at R$ 25,00: worth R$ 25,00.
        assert!(beyond_tolerance(1_000, 100_000, 25_000_000));
        // Nothing expected: any difference.
        assert!(beyond_tolerance(1, 0, 0));
    }

    #[test]
    fn sheets_hold_500_lines() {
        assert_eq!(
            (sheet_of(1), sheet_of(500), sheet_of(501), sheet_of(50_000)),
            (1, 1, 2, 100)
        );
    }
}
