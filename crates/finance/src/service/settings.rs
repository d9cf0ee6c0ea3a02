//! The finance parameters' operations.

use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::Result;
use platform::history::{Change, Entry};

use crate::domain::settings::valid_approval_limit;
use crate::domain::FinanceSettings;
use crate::store::settings as store;
use crate::store::Stamp;

use super::{stale, with_history, written};

/// The history's name for the parameters.
pub const SETTINGS_ENTITY: &str = "finance.settings";

pub struct Settings {
    db: Db,
    clock: SharedClock,
}

impl Settings {
    pub fn new(db: Db, clock: SharedClock) -> Settings {
        Settings { db, clock }
    }

    /// The parameters in force (the defaults until someone sets them; version 0 then).
    pub async fn get(&self) -> Result<FinanceSettings> {
        Ok(store::get(&self.db).await?.unwrap_or_default())
    }

    /// Sets the approval limit over the version the person saw; recorded in the history with the old value.
    pub async fn set_approval_limit(
        &self,
        cents: i64,
        version: i64,
        by: &Principal,
    ) -> Result<FinanceSettings> {
        let cents = valid_approval_limit(cents)?;
        let current = self.get().await?;
        if current.version != version {
            return Err(stale());
        }
        if current.approval_limit == cents && current.version > 0 {
            return Ok(current);
        }
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: SETTINGS_ENTITY,
            entity_id: "1",
            action: "Alçada alterada",
            from_state: None,
            to_state: None,
            reason: None,
            changes: Change::of("approval_limit_cents", &current.approval_limit, &cents)
                .into_iter()
                .collect(),
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            written(store::put(tx, cents, version, &stamp).await?)
        })
        .await?;
        self.get().await
    }
}
