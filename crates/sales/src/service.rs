//! The catalog's operations. Each returns a domain [`Error`]; the API layer alone decides the HTTP status.
//!
//! Other contexts are reached through their public Rust interfaces, never their tables: a product's
//! material is looked up in `stock` ([`stock::Registers::material`]); promotional prices come from the
//! CRM's campaigns ([`crm::Links::campaigns`]).

use std::sync::Arc;

use chrono::NaiveDate;
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, ErrorKind, Existing, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::Principal;

use crate::domain::{
    effective_price, CatalogDraft, CatalogFields, CatalogItem, EffectivePrice, PromoOffer,
};
use crate::store::{self, CatalogFilter};

/// The history's name for a catalog item.
pub const CATALOG_ENTITY: &str = "sales.catalog_item";
const NOT_FOUND: &str = "Item do catálogo não encontrado.";

pub struct Catalog {
    db: Db,
    clock: SharedClock,
    stock: Arc<stock::Stock>,
    crm: Arc<crm::Crm>,
}

fn stale() -> Error {
    Error::conflict(
        "versao_desatualizada",
        "Este item foi alterado por outra pessoa. Recarregue a página.",
    )
}

fn duplicate_sku(existing: &CatalogItem) -> Error {
    Error::duplicate(
        "sku_duplicado",
        "sku",
        format!(
            "Já existe um item do catálogo com o SKU {}.",
            existing.fields.sku
        ),
        Existing {
            id: existing.id.clone(),
            name: existing.fields.name.clone(),
            archived: !existing.active,
        },
    )
}

fn state(active: bool) -> &'static str {
    if active {
        "ATIVO"
    } else {
        "INATIVO"
    }
}

/// The fields that differ between two versions of an item, for the history.
fn changes(a: &CatalogItem, b: &CatalogItem) -> Vec<Change> {
    let (x, y) = (&a.fields, &b.fields);
    let opt = |o: &Option<String>| o.clone().unwrap_or_default();
    [
        Change::of("sku", &x.sku, &y.sku),
        Change::of("name", &x.name, &y.name),
        Change::of("kind", &x.kind.as_str(), &y.kind.as_str()),
        Change::of("category", &opt(&x.category), &opt(&y.category)),
        Change::of("list_price", &x.list_price, &y.list_price),
        Change::of(
            "cycle",
            &x.recurrence.map(|r| r.cycle.as_str()).unwrap_or(""),
            &y.recurrence.map(|r| r.cycle.as_str()).unwrap_or(""),
        ),
        Change::of(
            "min_term_cycles",
            &x.recurrence.map(|r| r.min_term_cycles).unwrap_or(0),
            &y.recurrence.map(|r| r.min_term_cycles).unwrap_or(0),
        ),
        Change::of("commissionable", &x.commissionable, &y.commissionable),
        Change::of("max_discount_bp", &x.max_discount_bp, &y.max_discount_bp),
        Change::of(
            "stock_material_id",
            &opt(&x.stock_material_id),
            &opt(&y.stock_material_id),
        ),
        Change::of(
            "procedure_code",
            &opt(&x.procedure_code),
            &opt(&y.procedure_code),
        ),
        Change::of(
            "release_condition",
            &x.release_condition.as_str(),
            &y.release_condition.as_str(),
        ),
        Change::of("active", &a.active, &b.active),
    ]
    .into_iter()
    .flatten()
    .collect()
}

impl Catalog {
    pub fn new(
        db: Db,
        clock: SharedClock,
        stock: Arc<stock::Stock>,
        crm: Arc<crm::Crm>,
    ) -> Catalog {
        Catalog {
            db,
            clock,
            stock,
            crm,
        }
    }

    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    /// The stock demo's materials for sale (`CRE-…`), at most `n`, as (id, name): the demo's products.
    pub(crate) async fn demo_materials_for_sale(&self, n: usize) -> Result<Vec<(String, String)>> {
        let (materials, _) = self
            .stock
            .registers()
            .materials(Some("CRE-"), None, Some(true), n as i64, 0)
            .await?;
        Ok(materials
            .into_iter()
            .filter(|m| m.fields.sku.starts_with("CRE-"))
            .map(|m| (m.id, m.fields.name))
            .collect())
    }

    /// A product's material must exist in stock (422 on `stock_material_id` otherwise). Procedure codes are
    /// kept as typed: stock has no register of procedures (a procedure without a BOM is legitimate).
    async fn check_links(&self, fields: &CatalogFields) -> Result<()> {
        if let Some(id) = &fields.stock_material_id {
            match self.stock.registers().material(id).await {
                Ok(_) => {}
                Err(e) if e.kind == ErrorKind::NotFound => {
                    return Err(Error::invalid_field(
                        "stock_material_id",
                        "Material não encontrado no estoque.",
                    ))
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    pub async fn create(&self, draft: CatalogDraft, by: &Principal) -> Result<CatalogItem> {
        let fields = draft.validate()?;
        self.check_links(&fields).await?;
        if let Some(existing) = store::by_sku(&self.db, &fields.sku).await? {
            return Err(duplicate_sku(&existing));
        }
        let now = self.clock.now();
        let item = CatalogItem {
            id: uuid::Uuid::now_v7().to_string(),
            fields,
            active: true,
            version: 1,
            created_at: now,
            created_by: by.uid.clone(),
            updated_at: now,
            updated_by: by.uid.clone(),
        };
        let mut tx = self.db.begin().await?;
        if let Err(e) = store::insert(&mut tx, &item).await {
            return Err(self.or_duplicate(e, &item.fields.sku).await);
        }
        let entry = Entry {
            entity: CATALOG_ENTITY,
            entity_id: &item.id,
            action: "Item do catálogo criado",
            from_state: None,
            to_state: Some(state(true)),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, by, now).await?;
        tx.commit().await?;
        Ok(item)
    }

    /// A write refused by the unique SKU (two creations racing) is the same 409 as the early check.
    async fn or_duplicate(&self, e: sqlx::Error, sku: &str) -> Error {
        if is_unique_violation(&e) {
            match store::by_sku(&self.db, sku).await {
                Ok(Some(existing)) => duplicate_sku(&existing),
                _ => Error::conflict("sku_duplicado", format!("O SKU {sku} já está em uso."))
                    .with_field("sku", format!("O SKU {sku} já está em uso.")),
            }
        } else {
            e.into()
        }
    }

    pub async fn get(&self, id: &str) -> Result<CatalogItem> {
        store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found(NOT_FOUND))
    }

    /// Replaces every field (and, when given, the state) over the version the person saw (a stale one is
    /// 409). Nothing changed: nothing written, no history.
    pub async fn update(
        &self,
        id: &str,
        version: i64,
        draft: CatalogDraft,
        active: Option<bool>,
        by: &Principal,
    ) -> Result<CatalogItem> {
        let current = self.get(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let fields = draft.validate()?;
        if fields.stock_material_id != current.fields.stock_material_id {
            self.check_links(&fields).await?;
        }
        if fields.sku != current.fields.sku {
            if let Some(existing) = store::by_sku(&self.db, &fields.sku).await? {
                return Err(duplicate_sku(&existing));
            }
        }
        let next = CatalogItem {
            fields,
            active: active.unwrap_or(current.active),
            ..current.clone()
        };
        self.write(&current, next, "Item do catálogo alterado", by)
            .await
    }

    /// Takes the item out of new sales (it stays in the sales that have it).
    pub async fn deactivate(&self, id: &str, version: i64, by: &Principal) -> Result<CatalogItem> {
        let current = self.get(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let next = CatalogItem {
            active: false,
            ..current.clone()
        };
        self.write(&current, next, "Item do catálogo desativado", by)
            .await
    }

    async fn write(
        &self,
        current: &CatalogItem,
        mut next: CatalogItem,
        action: &str,
        by: &Principal,
    ) -> Result<CatalogItem> {
        let changes = changes(current, &next);
        if changes.is_empty() {
            return Ok(current.clone());
        }
        let now = self.clock.now();
        next.updated_at = now;
        next.updated_by = by.uid.clone();
        let mut tx = self.db.begin().await?;
        match store::update(&mut tx, &next, current.version).await {
            Ok(true) => {}
            Ok(false) => return Err(stale()),
            Err(e) => return Err(self.or_duplicate(e, &next.fields.sku).await),
        }
        let entry = Entry {
            entity: CATALOG_ENTITY,
            entity_id: &next.id,
            action,
            from_state: Some(state(current.active)),
            to_state: Some(state(next.active)),
            reason: None,
            changes,
        };
        history::record(&mut tx, &entry, by, now).await?;
        tx.commit().await?;
        next.version = current.version + 1;
        Ok(next)
    }

    /// A page of items by name, and whether more follow.
    pub async fn list(
        &self,
        filter: &CatalogFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<CatalogItem>, bool)> {
        Ok(store::list(&self.db, filter, limit, offset).await?)
    }

    pub async fn categories(&self) -> Result<Vec<String>> {
        Ok(store::categories(&self.db).await?)
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    pub async fn history(&self, id: &str) -> Result<Vec<Recorded>> {
        self.get(id).await?;
        history::of(&self.db, CATALOG_ENTITY, id).await
    }

    /// The price on `date` (today in São Paulo when absent): the list price, or the promotional price of a
    /// CRM campaign running that day. Campaigns name an item by its id or by its SKU (the CRM's demo
    /// campaigns name SKUs: `PLANO-ANUAL`).
    pub async fn price(
        &self,
        id: &str,
        date: Option<NaiveDate>,
    ) -> Result<(CatalogItem, EffectivePrice)> {
        let item = self.get(id).await?;
        let date = date.unwrap_or_else(|| self.clock.today());
        let offers: Vec<PromoOffer> = self
            .crm
            .links()
            .campaigns()
            .await?
            .into_iter()
            .flat_map(|c| {
                let names_item = |p: &&crm::domain::campaign::PromoPrice| {
                    p.catalog_item_id == item.id
                        || p.catalog_item_id.eq_ignore_ascii_case(&item.fields.sku)
                };
                c.fields
                    .promo_prices
                    .iter()
                    .filter(names_item)
                    .map(|p| PromoOffer {
                        campaign_id: c.id.clone(),
                        campaign_name: c.fields.name.clone(),
                        starts_on: c.fields.starts_on,
                        ends_on: c.fields.ends_on,
                        price: p.price,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        let price = effective_price(item.fields.list_price, date, &offers);
        Ok((item, price))
    }
}

pub mod campaign_room;
pub mod dashboard;
pub mod followup;
pub mod sales;

pub use sales::{
    ListedSale, MonthProgress, ProductReport, ProductReportQuery, SaleDetail, SaleReceivableLine,
    SalesBook, Whose,
};
pub mod summary_links;

pub use campaign_room::CampaignRoom;
pub use dashboard::{DashboardQuery, SalesDashboard};
pub use followup::{BoardItem, BoardQuery, FollowUp};

pub use summary_links::{CreatedLink, LinkView, NextPayment, PublicRead, SummaryLinks};
