//! The item operations. Each returns a domain [`Error`]; the API layer alone decides the HTTP status.

use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};

use crate::domain::{Item, ItemDraft};
use crate::store;

pub struct Items {
    db: Db,
    clock: SharedClock,
}

impl Items {
    pub fn new(db: Db, clock: SharedClock) -> Items {
        Items { db, clock }
    }

    pub async fn create(&self, draft: ItemDraft, uid: &str) -> Result<Item> {
        let fields = draft.validate()?;
        let item = Item {
            id: uuid::Uuid::now_v7().to_string(),
            fields,
            active: true,
            created_at: self.clock.now(),
            created_by: uid.to_string(),
        };
        store::insert(&self.db, &item).await?;
        Ok(item)
    }

    pub async fn get(&self, id: &str) -> Result<Item> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Item não encontrado."))
    }

    /// A page of items by name, and whether more follow.
    pub async fn list(&self, limit: i64, offset: i64) -> Result<(Vec<Item>, bool)> {
        Ok(store::list(&self.db, limit, offset).await?)
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }
}
