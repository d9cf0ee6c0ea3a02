//! The shapes the stock API reads and writes, and their conversion to and from the domain.

use chrono::{DateTime, Utc};
use platform::api::{Date, Omittable, Text};
use poem_openapi::types::Example;
use poem_openapi::{Enum, Object};

use crate::domain::{self, ledger, Category, Location, Material, MaterialDraft, Policy, Uom};
use crate::service::{LotStatus, LotStock};
use crate::store::ledger::{BalanceRow, MovementListRow, MovementRow};

macro_rules! mirror_enum {
    ($(#[$meta:meta])* $api:ident as $name:literal <=> $domain:path { $($v:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
        #[oai(rename = $name, rename_all = "SCREAMING_SNAKE_CASE")]
        pub enum $api { $($v),+ }

        impl From<$api> for $domain {
            fn from(k: $api) -> $domain {
                match k { $($api::$v => <$domain>::$v),+ }
            }
        }

        impl From<$domain> for $api {
            fn from(k: $domain) -> $api {
                match k { $(<$domain>::$v => $api::$v),+ }
            }
        }
    };
}

mirror_enum! {
    /// MATERIAL (consumed in procedures), PRODUCT (sold) or BOTH.
    MaterialKind as "StockMaterialKind" <=> domain::MaterialKind { Material, Product, Both }
}
mirror_enum! {
    /// What a unit conversion is for.
    UomPurpose as "StockUomPurpose" <=> domain::UomPurpose { Purchase, Dispense, Both }
}
mirror_enum! {
    /// CENTRAL, CLINIC and IN_TRANSIT hold stock; the others are the ledger's virtual ends.
    LocationKind as "StockLocationKind" <=> domain::LocationKind { Central, Clinic, InTransit, Supplier, Consumption, Customer, Loss, Adjustment }
}
mirror_enum! {
    /// A ledger row's kind.
    MovementKind as "StockMovementKind" <=> ledger::MovementKind {
        PurchaseIn, MiscIn, ProcedureConsumption, DispatchOut, DispatchIn, DispatchResolution, CountAdjustment,
        ManualAdjustment, LossExpiry, LossDamage, SaleOut, ReturnToSupplier, Reversal
    }
}

/// The manual movements a stock keeper posts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "StockManualMovementKind",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum ManualMovementKind {
    /// Entrada avulsa (bonificação, doação).
    MiscIn,
    /// Perda por vencimento (the only way out for an expired lot).
    LossExpiry,
    /// Perda por avaria.
    LossDamage,
}

impl From<ManualMovementKind> for ledger::MovementKind {
    fn from(k: ManualMovementKind) -> ledger::MovementKind {
        match k {
            ManualMovementKind::MiscIn => ledger::MovementKind::MiscIn,
            ManualMovementKind::LossExpiry => ledger::MovementKind::LossExpiry,
            ManualMovementKind::LossDamage => ledger::MovementKind::LossDamage,
        }
    }
}

/// A material.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockMaterial", skip_serializing_if_is_none)]
pub struct MaterialView {
    pub id: String,
    /// Uppercase, unique ignoring case.
    pub sku: String,
    pub name: String,
    pub kind: MaterialKind,
    pub category_id: Option<String>,
    pub base_uom: String,
    pub tracks_lot: bool,
    pub tracks_expiry: bool,
    pub expiry_alert_days: i64,
    pub gtin: Option<String>,
    pub ncm: Option<String>,
    pub lead_time_days: i64,
    /// Thousandths of the base unit.
    pub min_order_qty_milli: i64,
    pub active: bool,
    /// Weighted average cost, millionths of a real per base unit (read-only).
    pub avg_cost_micro: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

impl From<Material> for MaterialView {
    fn from(m: Material) -> MaterialView {
        let f = m.fields;
        MaterialView {
            id: m.id,
            sku: f.sku,
            name: f.name,
            kind: f.kind.into(),
            category_id: f.category_id,
            base_uom: f.base_uom,
            tracks_lot: f.tracks_lot,
            tracks_expiry: f.tracks_expiry,
            expiry_alert_days: f.expiry_alert_days,
            gtin: f.gtin,
            ncm: f.ncm,
            lead_time_days: f.lead_time_days,
            min_order_qty_milli: f.min_order_qty_milli,
            active: f.active,
            avg_cost_micro: m.avg_cost_micro,
            created_at: m.created_at,
            created_by: m.created_by,
        }
    }
}

/// A material as typed (create, or the whole of it on change). The rules are the domain's: a 422 names the field.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockMaterialRequest", example)]
pub struct MaterialRequest {
    #[oai(validator(max_length = 100))]
    pub sku: Text,
    #[oai(validator(max_length = 1000))]
    pub name: Text,
    pub kind: Omittable<MaterialKind>,
    #[oai(validator(max_length = 100))]
    pub category_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub base_uom: Text,
    pub tracks_lot: Omittable<bool>,
    pub tracks_expiry: Omittable<bool>,
    pub expiry_alert_days: Omittable<i64>,
    #[oai(validator(max_length = 100))]
    pub gtin: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub ncm: Omittable<Text>,
    pub lead_time_days: Omittable<i64>,
    pub min_order_qty_milli: Omittable<i64>,
    pub active: Omittable<bool>,
}

impl Example for MaterialRequest {
    fn example() -> Self {
        MaterialRequest {
            sku: "LUVA-P".into(),
            name: "Luva de procedimento P".into(),
            kind: Omittable(Some(MaterialKind::Material)),
            category_id: Omittable(None),
            base_uom: "UN".into(),
            tracks_lot: Omittable(Some(true)),
            tracks_expiry: Omittable(Some(true)),
            expiry_alert_days: Omittable(Some(60)),
            gtin: Omittable(Some("7891000315507".into())),
            ncm: Omittable(Some("40151900".into())),
            lead_time_days: Omittable(Some(7)),
            min_order_qty_milli: Omittable(Some(100_000)),
            active: Omittable(Some(true)),
        }
    }
}

impl From<MaterialRequest> for MaterialDraft {
    fn from(r: MaterialRequest) -> MaterialDraft {
        MaterialDraft {
            sku: Some(r.sku.0),
            name: Some(r.name.0),
            kind: r.kind.into_option().map(Into::into),
            category_id: r.category_id.into_option().map(String::from),
            base_uom: Some(r.base_uom.0),
            tracks_lot: r.tracks_lot.into_option(),
            tracks_expiry: r.tracks_expiry.into_option(),
            expiry_alert_days: r.expiry_alert_days.into_option(),
            gtin: r.gtin.into_option().map(String::from),
            ncm: r.ncm.into_option().map(String::from),
            lead_time_days: r.lead_time_days.into_option(),
            min_order_qty_milli: r.min_order_qty_milli.into_option(),
            active: r.active.into_option(),
        }
    }
}

/// One page of materials.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockMaterialPage")]
pub struct MaterialPage {
    pub items: Vec<MaterialView>,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

/// A unit conversion: 1 `uom` = `factor_num / factor_den` base units.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockUom")]
pub struct UomView {
    pub uom: String,
    pub factor_num: i64,
    pub factor_den: i64,
    pub purpose: UomPurpose,
}

impl From<Uom> for UomView {
    fn from(u: Uom) -> UomView {
        UomView {
            uom: u.uom,
            factor_num: u.factor_num,
            factor_den: u.factor_den,
            purpose: u.purpose.into(),
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockUomRequest")]
pub struct UomRequest {
    #[oai(validator(max_length = 100))]
    pub uom: Text,
    pub factor_num: i64,
    pub factor_den: Omittable<i64>,
    pub purpose: Omittable<UomPurpose>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCategory", skip_serializing_if_is_none)]
pub struct CategoryView {
    pub id: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Category> for CategoryView {
    fn from(c: Category) -> CategoryView {
        CategoryView {
            id: c.id,
            name: c.name,
            parent_id: c.parent_id,
            created_at: c.created_at,
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCategoryRequest")]
pub struct CategoryRequest {
    #[oai(validator(max_length = 1000))]
    pub name: Text,
    #[oai(validator(max_length = 100))]
    pub parent_id: Omittable<Text>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockLocation", skip_serializing_if_is_none)]
pub struct LocationView {
    pub id: String,
    pub code: String,
    pub name: String,
    pub kind: LocationKind,
    /// Central, clinics and in transit hold stock; the others only close the ledger.
    pub physical: bool,
    /// A clinic's unit (`GET /api/v1/system/units`).
    pub unit_id: Option<String>,
    pub active: bool,
}

impl From<Location> for LocationView {
    fn from(l: Location) -> LocationView {
        LocationView {
            id: l.id,
            code: l.code,
            name: l.name,
            physical: l.kind.is_physical(),
            kind: l.kind.into(),
            unit_id: l.unit_id,
            active: l.active,
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockLocationRequest")]
pub struct LocationRequest {
    #[oai(validator(max_length = 100))]
    pub code: Text,
    #[oai(validator(max_length = 1000))]
    pub name: Text,
    /// CENTRAL or CLINIC (the others exist once).
    pub kind: LocationKind,
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<Text>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockPolicy")]
pub struct PolicyView {
    pub material_id: String,
    pub location_id: String,
    pub min_qty_milli: i64,
    pub reorder_point_milli: i64,
    pub max_qty_milli: i64,
}

impl From<Policy> for PolicyView {
    fn from(p: Policy) -> PolicyView {
        PolicyView {
            material_id: p.material_id,
            location_id: p.location_id,
            min_qty_milli: p.min_qty_milli,
            reorder_point_milli: p.reorder_point_milli,
            max_qty_milli: p.max_qty_milli,
        }
    }
}

/// `0 ≤ min ≤ reorder point ≤ max`, thousandths of the base unit.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockPolicyRequest")]
pub struct PolicyRequest {
    #[oai(validator(max_length = 100))]
    pub material_id: Text,
    #[oai(validator(max_length = 100))]
    pub location_id: Text,
    pub min_qty_milli: i64,
    pub reorder_point_milli: i64,
    pub max_qty_milli: i64,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockLot", skip_serializing_if_is_none)]
pub struct LotView {
    pub id: String,
    pub lot_code: String,
    pub expiry_date: Option<Date>,
    /// Today's situation against the expiry date and the material's alert days.
    pub status: LotStatusView,
    /// Σ of `balances` (thousandths of the base unit).
    pub qty_milli: i64,
    /// Non-zero balances per physical location the caller reaches.
    pub balances: Vec<LotBalanceView>,
}

/// A lot's expiry situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "StockLotStatus", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LotStatusView {
    /// Sem validade.
    NoExpiry,
    /// Válido.
    Valid,
    /// Vencendo (within the material's alert days).
    Expiring,
    /// Vencido.
    Expired,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockLotBalance")]
pub struct LotBalanceView {
    pub location_id: String,
    pub qty_milli: i64,
}

impl From<LotStock> for LotView {
    fn from(l: LotStock) -> LotView {
        LotView {
            id: l.lot.id,
            lot_code: l.lot.lot_code,
            expiry_date: l.lot.expiry_date.map(Date),
            status: match l.status {
                LotStatus::NoExpiry => LotStatusView::NoExpiry,
                LotStatus::Valid => LotStatusView::Valid,
                LotStatus::Expiring => LotStatusView::Expiring,
                LotStatus::Expired => LotStatusView::Expired,
            },
            qty_milli: l.balances.iter().map(|(_, q)| q).sum(),
            balances: l
                .balances
                .into_iter()
                .map(|(location_id, qty_milli)| LotBalanceView {
                    location_id,
                    qty_milli,
                })
                .collect(),
        }
    }
}

/// A ledger row.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockMovement", skip_serializing_if_is_none)]
pub struct MovementView {
    pub id: String,
    pub kind: MovementKind,
    pub material_id: String,
    pub lot_id: Option<String>,
    pub lot_code: Option<String>,
    pub expiry_date: Option<Date>,
    /// Thousandths of the base unit, always positive: the row moves it from one location to the other.
    pub qty_milli: i64,
    pub from_location_id: String,
    pub to_location_id: String,
    /// The cost snapshot: millionths of a real per base unit.
    pub unit_cost_micro: i64,
    pub value_cents: i64,
    pub occurred_at: DateTime<Utc>,
    pub posted_at: DateTime<Utc>,
    pub document_type: Option<String>,
    pub document_id: Option<String>,
    pub reason: Option<String>,
    pub created_by: String,
    pub reverses_id: Option<String>,
    /// The reversal of this row, when reversed.
    pub reversed_by: Option<String>,
    /// With one material and one location chosen: the balance there after this row.
    pub balance_after_milli: Option<i64>,
}

impl MovementView {
    pub fn of(row: MovementRow) -> MovementView {
        MovementView::listed(
            MovementListRow {
                row,
                lot_code: None,
                expiry_date: None,
                reversed_by: None,
            },
            None,
        )
    }

    pub fn listed(r: MovementListRow, balance_after_milli: Option<i64>) -> MovementView {
        let m = r.row;
        MovementView {
            id: m.id,
            kind: ledger::MovementKind::parse(&m.kind)
                .map(Into::into)
                .unwrap_or(MovementKind::Reversal),
            material_id: m.material_id,
            lot_id: m.lot_id,
            lot_code: r.lot_code,
            expiry_date: r.expiry_date.map(Date),
            qty_milli: m.qty_milli,
            from_location_id: m.from_location_id,
            to_location_id: m.to_location_id,
            unit_cost_micro: m.unit_cost_micro,
            value_cents: m.value_cents,
            occurred_at: m.occurred_at,
            posted_at: m.posted_at,
            document_type: m.document_type,
            document_id: m.document_id,
            reason: m.reason,
            created_by: m.created_by,
            reverses_id: m.reverses_id,
            reversed_by: r.reversed_by,
            balance_after_milli,
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockMovementPage", skip_serializing_if_is_none)]
pub struct MovementPage {
    pub items: Vec<MovementView>,
    pub has_more: bool,
    /// The id to pass as `before` for the next page.
    pub next_before: Option<String>,
    /// With one material and one location: the current balance there.
    pub balance_milli: Option<i64>,
}

/// An entrada avulsa or a loss at the central warehouse or a clinic.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockMovementRequest", example)]
pub struct MovementRequest {
    pub kind: ManualMovementKind,
    #[oai(validator(max_length = 100))]
    pub material_id: Text,
    #[oai(validator(max_length = 100))]
    pub location_id: Text,
    /// Thousandths of the base unit, > 0.
    pub qty_milli: i64,
    /// Required for entries of lot-tracked materials; for exits, left out to pick FEFO.
    #[oai(validator(max_length = 100))]
    pub lot_code: Omittable<Text>,
    /// A new lot's expiry (required when the material tracks expiry).
    pub expiry_date: Omittable<Date>,
    /// An entry's unit cost (millionths of a real): updates the weighted average.
    pub unit_cost_micro: Omittable<i64>,
    /// 10–500 characters.
    #[oai(validator(max_length = 2000))]
    pub reason: Text,
    /// Repeating a request with the same key returns the first result.
    #[oai(validator(max_length = 200))]
    pub idempotency_key: Omittable<Text>,
}

impl Example for MovementRequest {
    fn example() -> Self {
        MovementRequest {
            kind: ManualMovementKind::MiscIn,
            material_id: "0193…".into(),
            location_id: "0193…".into(),
            qty_milli: 10_000,
            lot_code: Omittable(Some("L2026-11".into())),
            expiry_date: Omittable(None),
            unit_cost_micro: Omittable(Some(2_000_000)),
            reason: "Bonificação do fornecedor".into(),
            idempotency_key: Omittable(None),
        }
    }
}

/// A manual adjustment: a positive quantity comes in from ADJUSTMENT, a negative one goes out to it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockAdjustmentRequest")]
pub struct AdjustmentRequest {
    #[oai(validator(max_length = 100))]
    pub material_id: Text,
    #[oai(validator(max_length = 100))]
    pub location_id: Text,
    /// Thousandths of the base unit, non-zero, signed.
    pub qty_milli: i64,
    #[oai(validator(max_length = 100))]
    pub lot_code: Omittable<Text>,
    pub expiry_date: Omittable<Date>,
    /// 10–500 characters.
    #[oai(validator(max_length = 2000))]
    pub reason: Text,
    #[oai(validator(max_length = 200))]
    pub idempotency_key: Omittable<Text>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockReversalRequest")]
pub struct ReversalRequest {
    /// 10–500 characters.
    #[oai(validator(max_length = 2000))]
    pub reason: Text,
}

/// What a (material, location, lot) holds; `lot_id` empty = no lot.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBalance")]
pub struct BalanceView {
    pub material_id: String,
    pub location_id: String,
    pub lot_id: String,
    pub qty_milli: i64,
}

impl From<BalanceRow> for BalanceView {
    fn from(b: BalanceRow) -> BalanceView {
        BalanceView {
            material_id: b.material_id,
            location_id: b.location_id,
            lot_id: b.lot_id,
            qty_milli: b.qty_milli,
        }
    }
}

/// The clinics a user works in (`user_locations`).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockUserLocations")]
pub struct UserLocations {
    #[oai(validator(max_items = 100, max_length = 100))]
    pub location_ids: Vec<String>,
}
