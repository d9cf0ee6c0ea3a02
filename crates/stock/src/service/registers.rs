//! Materials, unit conversions, categories, locations, policies, lots and clinic assignments.

use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, Existing, Result};
use platform::Principal;

use crate::domain::location::LocationFields;
use crate::domain::overview::{SituationFilter, StockSituation};
use crate::domain::{
    Category, CategoryDraft, Location, LocationDraft, LocationKind, Material, MaterialDraft,
    Policy, PolicyDraft, Uom, UomDraft,
};
use crate::store::registers as store;
pub use crate::store::registers::LotRow;

/// Where a lot stands on its expiry date today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LotStatus {
    /// No expiry date.
    NoExpiry,
    Valid,
    /// Expires within the material's alert days (`expiry_alert_days`).
    Expiring,
    /// Past its expiry date: it leaves only as LOSS_EXPIRY.
    Expired,
}

impl LotStatus {
    pub fn of(
        expiry: Option<chrono::NaiveDate>,
        today: chrono::NaiveDate,
        alert_days: i64,
    ) -> LotStatus {
        match expiry {
            None => LotStatus::NoExpiry,
            Some(d) if d < today => LotStatus::Expired,
            Some(d) if d <= today + chrono::Duration::days(alert_days) => LotStatus::Expiring,
            Some(_) => LotStatus::Valid,
        }
    }
}

/// A lot with its expiry situation and its balances (location id, thousandths), non-zero ones only.
#[derive(Debug, Clone)]
pub struct LotStock {
    pub lot: LotRow,
    pub status: LotStatus,
    pub balances: Vec<(String, i64)>,
}

pub struct Registers {
    db: Db,
    clock: SharedClock,
}

impl Registers {
    pub fn new(db: Db, clock: SharedClock) -> Registers {
        Registers { db, clock }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub async fn categories(&self) -> Result<Vec<Category>> {
        Ok(store::categories(&self.db).await?)
    }

    /// A category, under a top-level parent at most (two levels).
    pub async fn create_category(&self, draft: CategoryDraft) -> Result<Category> {
        let (name, parent_id) = draft.validate()?;
        if let Some(parent) = &parent_id {
            let all = store::categories(&self.db).await?;
            match all.iter().find(|c| &c.id == parent) {
                None => {
                    return Err(Error::invalid_field(
                        "parent_id",
                        "Categoria mãe não encontrada.",
                    ))
                }
                Some(p) if p.parent_id.is_some() => {
                    return Err(Error::invalid_field(
                        "parent_id",
                        "As categorias têm dois níveis: escolha uma categoria principal.",
                    ))
                }
                Some(_) => {}
            }
        }
        let c = Category {
            id: uuid::Uuid::now_v7().to_string(),
            name,
            parent_id,
            created_at: self.clock.now(),
        };
        store::insert_category(&self.db, &c).await?;
        Ok(c)
    }

    /// Locations the caller reaches (a clinic's staff: their clinics).
    pub async fn locations(&self, principal: &Principal) -> Result<Vec<Location>> {
        let scope = super::scope(&self.db, principal).await?;
        Ok(store::locations(&self.db, scope.as_deref()).await?)
    }

    pub async fn location(&self, id: &str) -> Result<Location> {
        store::location(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Local não encontrado."))
    }

    /// A central warehouse (one per company) or a clinic of an active unit; a code in use is 409 on `code`.
    pub async fn create_location(&self, draft: LocationDraft) -> Result<Location> {
        let f: LocationFields = draft.validate()?;
        if let Some(unit) = &f.unit_id {
            platform::units::active(&self.db, unit, "unit_id").await?;
        }
        if f.kind == LocationKind::Central && store::central_count(&self.db).await? > 0 {
            return Err(Error::invalid_field(
                "kind",
                "Já existe um depósito central.",
            ));
        }
        let id = uuid::Uuid::now_v7().to_string();
        let now = self.clock.now();
        match store::insert_location(&self.db, &id, &f, now).await {
            Ok(()) => self.location(&id).await,
            Err(e) if is_unique_violation(&e) => Err(Error::conflict(
                "codigo_duplicado",
                format!("Já existe um local com o código {}.", f.code),
            )
            .with_field(
                "code",
                format!("Já existe um local com o código {}.", f.code),
            )),
            Err(e) => Err(e.into()),
        }
    }

    pub async fn materials(
        &self,
        q: Option<&str>,
        category_id: Option<&str>,
        active: Option<bool>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Material>, bool)> {
        Ok(store::materials(&self.db, q, category_id, active, None, limit, offset).await?)
    }

    /// Materials, optionally in a stock situation (the overview's cards) at one location or at every central
    /// and clinic location the caller reaches (a location outside a clinic user's reach is 404).
    #[allow(clippy::too_many_arguments)]
    pub async fn materials_in(
        &self,
        q: Option<&str>,
        category_id: Option<&str>,
        active: Option<bool>,
        situation: Option<StockSituation>,
        location_id: Option<&str>,
        principal: &Principal,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Material>, bool)> {
        let filter = match situation {
            None => None,
            Some(situation) => {
                let scope = super::scope(&self.db, principal).await?;
                let locations = match (location_id, scope) {
                    (Some(l), Some(scope)) if !scope.contains(&l.to_string()) => {
                        return Err(Error::not_found("Local não encontrado."));
                    }
                    (Some(l), _) => Some(vec![l.to_string()]),
                    (None, scope) => scope,
                };
                Some(SituationFilter {
                    situation,
                    locations,
                    today: self.clock.today(),
                })
            }
        };
        Ok(store::materials(
            &self.db,
            q,
            category_id,
            active,
            filter.as_ref(),
            limit,
            offset,
        )
        .await?)
    }

    pub async fn material(&self, id: &str) -> Result<Material> {
        store::material(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Material não encontrado."))
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::material_count(&self.db).await?)
    }

    async fn check_category(&self, category_id: Option<&str>) -> Result<()> {
        if let Some(c) = category_id {
            if !store::categories(&self.db).await?.iter().any(|x| x.id == c) {
                return Err(Error::invalid_field(
                    "category_id",
                    "Categoria não encontrada.",
                ));
            }
        }
        Ok(())
    }

    fn duplicate_sku(existing: Material) -> Error {
        let message = format!("Já existe um material com o SKU {}.", existing.fields.sku);
        Error::duplicate(
            "sku_duplicado",
            "sku",
            message,
            Existing {
                id: existing.id,
                name: existing.fields.name,
                archived: !existing.fields.active,
            },
        )
    }

    /// A material; an SKU in use (ignoring case: SKUs are stored uppercase) is 409 on `sku`.
    pub async fn create_material(&self, draft: MaterialDraft, uid: &str) -> Result<Material> {
        let fields = draft.validate()?;
        self.check_category(fields.category_id.as_deref()).await?;
        if let Some(existing) = store::material_by_sku(&self.db, &fields.sku).await? {
            return Err(Self::duplicate_sku(existing));
        }
        let m = Material {
            id: uuid::Uuid::now_v7().to_string(),
            fields,
            avg_cost_micro: 0,
            created_at: self.clock.now(),
            created_by: uid.to_string(),
        };
        match store::insert_material(&self.db, &m).await {
            Ok(()) => Ok(m),
            Err(e) if is_unique_violation(&e) => {
                match store::material_by_sku(&self.db, &m.fields.sku).await? {
                    Some(existing) => Err(Self::duplicate_sku(existing)),
                    None => Err(e.into()),
                }
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Changes a material. Its SKU and base unit never change once it has movements (422 naming the field);
    /// lot tracking is not switched off then either.
    pub async fn update_material(&self, id: &str, draft: MaterialDraft) -> Result<Material> {
        let current = self.material(id).await?;
        let fields = draft.validate()?;
        self.check_category(fields.category_id.as_deref()).await?;
        if store::has_movements(&self.db, id).await? {
            let old = &current.fields;
            if fields.base_uom != old.base_uom {
                return Err(Error::invalid_field(
                    "base_uom",
                    "Unidade base não pode ser alterada após movimentações",
                ));
            }
            if fields.sku != old.sku {
                return Err(Error::invalid_field(
                    "sku",
                    "SKU não pode ser alterado após movimentações",
                ));
            }
            if old.tracks_lot && !fields.tracks_lot {
                return Err(Error::invalid_field(
                    "tracks_lot",
                    "O controle de lotes não pode ser desligado após movimentações",
                ));
            }
        }
        if fields.sku != current.fields.sku {
            if let Some(existing) = store::material_by_sku(&self.db, &fields.sku).await? {
                return Err(Self::duplicate_sku(existing));
            }
        }
        match store::update_material(&self.db, id, &fields).await {
            Ok(()) => self.material(id).await,
            Err(e) if is_unique_violation(&e) => Err(Error::conflict(
                "sku_duplicado",
                format!("Já existe um material com o SKU {}.", fields.sku),
            )
            .with_field("sku", "SKU em uso.")),
            Err(e) => Err(e.into()),
        }
    }

    pub async fn uoms(&self, material_id: &str) -> Result<Vec<Uom>> {
        self.material(material_id).await?;
        Ok(store::uoms(&self.db, material_id).await?)
    }

    /// Adds a conversion; one in use never changes (a unit already there is 409: add another).
    pub async fn add_uom(&self, material_id: &str, draft: UomDraft) -> Result<Uom> {
        let m = self.material(material_id).await?;
        let uom = draft.validate(&m.fields.base_uom)?;
        match store::insert_uom(&self.db, material_id, &uom).await {
            Ok(()) => Ok(uom),
            Err(e) if is_unique_violation(&e) => Err(Error::conflict(
                "unidade_duplicada",
                format!("A unidade {} já tem conversão: cadastre outra.", uom.uom),
            )
            .with_field("uom", "Unidade já cadastrada.")),
            Err(e) => Err(e.into()),
        }
    }

    /// Removes a conversion nothing uses: one typed in a BOM line (any version) stays, since a published
    /// version never changes (422 on `uom` naming the procedures; add another unit instead).
    pub async fn remove_uom(&self, material_id: &str, uom: &str) -> Result<()> {
        self.material(material_id).await?;
        let uom = uom.trim().to_uppercase();
        let mut tx = self.db.begin().await?;
        let uses = store::uom_bom_uses(&mut tx, material_id, &uom).await?;
        if !uses.is_empty() {
            return Err(Error::invalid_field(
                "uom",
                format!(
                    "A unidade {uom} está em uso na base de cálculo de {}: uma conversão em uso não muda.",
                    uses.join(", ")
                ),
            ));
        }
        if !store::delete_uom(&mut tx, material_id, &uom).await? {
            return Err(Error::not_found("Conversão de unidade não encontrada."));
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn policies(
        &self,
        material_id: Option<&str>,
        location_id: Option<&str>,
    ) -> Result<Vec<Policy>> {
        Ok(store::policies(&self.db, material_id, location_id).await?)
    }

    /// Sets the policy of a material at a physical location (`0 ≤ min ≤ reorder point ≤ max`).
    pub async fn set_policy(
        &self,
        material_id: &str,
        location_id: &str,
        draft: PolicyDraft,
    ) -> Result<Policy> {
        let (min, rp, max) = draft.validate()?;
        self.material(material_id).await?;
        let loc = store::location(&self.db, location_id).await?;
        if !loc.is_some_and(|l| matches!(l.kind, LocationKind::Central | LocationKind::Clinic)) {
            return Err(Error::invalid_field(
                "location_id",
                "Escolha o depósito central ou uma clínica.",
            ));
        }
        let p = Policy {
            material_id: material_id.to_string(),
            location_id: location_id.to_string(),
            min_qty_milli: min,
            reorder_point_milli: rp,
            max_qty_milli: max,
        };
        store::upsert_policy(&self.db, &p).await?;
        Ok(p)
    }

    /// A material's lots, first expiry first, each with its expiry situation today and what it holds per
    /// physical location the caller reaches (the "Lotes" tab).
    pub async fn lots(&self, material_id: &str, principal: &Principal) -> Result<Vec<LotStock>> {
        let m = self.material(material_id).await?;
        let scope = super::scope(&self.db, principal).await?;
        let lots = store::lots(&self.db, material_id).await?;
        let held =
            crate::store::ledger::balances(&self.db, Some(material_id), None, scope.as_deref())
                .await?;
        let today = self.clock.today();
        Ok(lots
            .into_iter()
            .map(|lot| LotStock {
                status: LotStatus::of(lot.expiry_date, today, m.fields.expiry_alert_days),
                balances: held
                    .iter()
                    .filter(|b| b.lot_id == lot.id)
                    .map(|b| (b.location_id.clone(), b.qty_milli))
                    .collect(),
                lot,
            })
            .collect())
    }

    pub async fn user_locations(&self, uid: &str) -> Result<Vec<String>> {
        Ok(store::user_locations(&self.db, uid).await?)
    }

    /// Replaces the clinics a user is assigned to (clinics only).
    pub async fn set_user_locations(
        &self,
        uid: &str,
        locations: Vec<String>,
    ) -> Result<Vec<String>> {
        let mut locations = locations;
        locations.sort();
        locations.dedup();
        for (i, l) in locations.iter().enumerate() {
            match store::location(&self.db, l).await? {
                Some(loc) if loc.kind == LocationKind::Clinic => {}
                _ => {
                    return Err(Error::invalid_field(
                        &format!("location_ids[{i}]"),
                        "Clínica não encontrada.",
                    ))
                }
            }
        }
        store::set_user_locations(&self.db, uid, &locations).await?;
        Ok(locations)
    }
}
