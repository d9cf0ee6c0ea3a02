//! Throttling: each attempt is counted *before* the password or code is checked, in one statement, so
//! attempts sent at once cannot all slip in under the limit. A window that fills up locks the key until
//! it ends, and each window that fills in a row lasts twice as long as the one before (15 min, 30 min,
//! 1 h … up to 16 h); a success forgets it.

use chrono::{DateTime, Duration, Utc};
use platform::db::Db;
use platform::error::{Error, Result};

use crate::store;

/// So many attempts per window.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub attempts: i64,
    pub window_secs: i64,
}

/// Sign-in attempts for one account from one address: a stranger elsewhere cannot lock the owner out.
pub const SIGN_IN_PER_ACCOUNT_AND_ADDRESS: Limit = Limit {
    attempts: 5,
    window_secs: 15 * 60,
};
/// Failed sign-ins from one address, whatever the account (a password spray).
pub const SIGN_IN_PER_ADDRESS: Limit = Limit {
    attempts: 20,
    window_secs: 15 * 60,
};
/// Reset codes sent to one user.
pub const RESET_CODES_PER_USER: Limit = Limit {
    attempts: 5,
    window_secs: 15 * 60,
};

/// The longest lock is the window doubled this many times.
const MAX_DOUBLINGS: i64 = 6;

/// Counts an attempt for `key`; refuses it (429, with when to retry) when the window is full.
pub async fn admit(db: &Db, key: &str, limit: Limit, now: DateTime<Utc>) -> Result<()> {
    let window = Duration::seconds(limit.window_secs);
    let counted = store::count_attempt(db, key, now, now + window).await?;
    if counted.attempts <= limit.attempts {
        return Ok(());
    }
    let mut locked_until = counted.window_ends;
    // The first refused attempt of a window sets how long this lock lasts.
    if counted.attempts == limit.attempts + 1 {
        locked_until = now + window * 2i32.pow(counted.strikes.min(MAX_DOUBLINGS) as u32);
        store::add_strike(db, key, locked_until).await?;
    }
    Err(Error::too_many_attempts(
        (locked_until - now).num_seconds().max(1) as u64,
    ))
}

/// A success: `key`'s attempts and strikes are forgotten.
pub async fn forget(db: &Db, key: &str) -> Result<()> {
    Ok(store::clear_attempts(db, key).await?)
}

/// A success that should not count against a shared key (many people sign in from one office).
pub async fn give_back(db: &Db, key: &str) -> Result<()> {
    Ok(store::release_attempt(db, key).await?)
}
