//! Cost centres' operations.

use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::history::{Change, Entry};

use crate::domain::{CostCenter, CostCenterDraft};
use crate::store::cost_centers as store;
use crate::store::Stamp;

use super::{or_duplicate, stale, with_history, written};

/// The history's name for a cost centre.
pub const COST_CENTER_ENTITY: &str = "finance.cost_center";

/// A change to a cost centre: its code, its name, whether it is active.
#[derive(Debug, Clone, Default)]
pub struct CostCenterPatch {
    pub code: Option<String>,
    pub name: Option<String>,
    pub active: Option<bool>,
}

pub struct CostCenters {
    db: Db,
    clock: SharedClock,
}

impl CostCenters {
    pub fn new(db: Db, clock: SharedClock) -> CostCenters {
        CostCenters { db, clock }
    }

    pub async fn list(&self) -> Result<Vec<CostCenter>> {
        Ok(store::all(&self.db).await?)
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    pub async fn get(&self, id: &str) -> Result<CostCenter> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Centro de custo não encontrado."))
    }

    pub async fn create(&self, draft: CostCenterDraft, by: &Principal) -> Result<CostCenter> {
        let center = CostCenter {
            id: uuid::Uuid::now_v7().to_string(),
            fields: draft.validate()?,
            active: true,
            version: 1,
        };
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: COST_CENTER_ENTITY,
            entity_id: &center.id,
            action: "Centro de custo criado",
            from_state: None,
            to_state: Some("ATIVO"),
            reason: None,
            changes: Vec::new(),
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::insert(tx, &center, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate(&center.fields.code)))
        })
        .await?;
        Ok(center)
    }

    /// Changes the code, the name or the state, over the version the person saw (a stale one is 409).
    pub async fn update(
        &self,
        id: &str,
        version: i64,
        patch: CostCenterPatch,
        by: &Principal,
    ) -> Result<CostCenter> {
        let current = self.get(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let fields = CostCenterDraft {
            code: Some(patch.code.unwrap_or_else(|| current.fields.code.clone())),
            name: Some(patch.name.unwrap_or_else(|| current.fields.name.clone())),
        }
        .validate()?;
        let next = CostCenter {
            fields,
            active: patch.active.unwrap_or(current.active),
            ..current.clone()
        };
        let changes: Vec<Change> = [
            Change::of("code", &current.fields.code, &next.fields.code),
            Change::of("name", &current.fields.name, &next.fields.name),
            Change::of("active", &current.active, &next.active),
        ]
        .into_iter()
        .flatten()
        .collect();
        if changes.is_empty() {
            return Ok(current);
        }
        let stamp = Stamp::now(&self.clock, by);
        let state = |active: bool| if active { "ATIVO" } else { "INATIVO" };
        let entry = Entry {
            entity: COST_CENTER_ENTITY,
            entity_id: &next.id,
            action: "Centro de custo alterado",
            from_state: Some(state(current.active)),
            to_state: Some(state(next.active)),
            reason: None,
            changes,
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            let updated = store::update(tx, &next, version, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate(&next.fields.code)))?;
            written(updated)
        })
        .await?;
        self.get(id).await
    }
}

fn duplicate(code: &str) -> Error {
    Error::conflict(
        "centro_de_custo_duplicado",
        format!("Já existe o centro de custo {code}."),
    )
    .with_field("code", format!("O código {code} já está em uso."))
}
