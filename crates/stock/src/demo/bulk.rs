//! The demo at full size: 1,700 more materials (2,000 with the detailed ones), each bought with lots about a year
//! ago (some lots expired, some expiring in 30/60/90 days) at the central warehouse and at one clinic, and consumed
//! there in procedures every quarter since, through the ledger's one consumption posting (FEFO, "sem lote" when
//! short). Loaded after the rest of the demo (so the count in progress and the dispatches keep their lines), in
//! transactions of [`CHUNK`] materials through the store's insert functions: the balance and consumption
//! projections are kept by the same inserts as any posting, and `backoffice stock check` passes. Loading it again
//! adds nothing.

use chrono::{DateTime, Duration, Utc};
use platform::db::Db;
use platform::error::Result;

use crate::domain::ledger::{self as rules, MovementKind};
use crate::domain::{LocationKind, Material, MaterialDraft, MaterialKind};
use crate::service::ledger::{post_consumption, Consumption};
use crate::store::ledger::{self as ledger_store, MovementRow};
use crate::store::registers::{self as store, LotRow};

/// Materials this part adds.
pub const BULK_MATERIALS: usize = 1_700;
/// Materials per transaction.
const CHUNK: usize = 250;
/// Consumption every quarter over the last year: monthly made the PostgreSQL demo 30 s longer (debug build, busy
/// machine) and the e2e servers load it on start; quarterly keeps the year with a third of the rows.
const USES: i64 = 4;
const EVERY_DAYS: i64 = 90;

const FAMILIES: [(&str, &str, &str); 8] = [
    ("CAT", "Cateter intravenoso", "UN"),
    ("EQP", "Equipo de soro", "UN"),
    ("CUR", "Curativo adesivo", "UN"),
    ("FIO", "Fio de sutura", "UN"),
    ("SOR", "Soro fisiológico", "ML"),
    ("ESP", "Espátula descartável", "UN"),
    ("BIS", "Bisturi descartável", "UN"),
    ("CLO", "Clorexidina", "ML"),
];

fn sku(i: usize) -> String {
    let (prefix, _, _) = FAMILIES[i % FAMILIES.len()];
    format!("{prefix}-{:04}", i / FAMILIES.len() + 1)
}

/// Adds the bulk materials and their year of movements; `now` is the demo's clock.
pub async fn seed(db: &Db, by: &str, now: DateTime<Utc>) -> Result<Vec<String>> {
    if store::material_by_sku(db, &sku(0)).await?.is_some() {
        return Ok(Vec::new());
    }
    let started = std::time::Instant::now();
    let locations = store::locations(db, None).await?;
    let Some(central) = locations.iter().find(|l| l.kind == LocationKind::Central) else {
        return Ok(Vec::new());
    };
    let clinics: Vec<_> = locations
        .iter()
        .filter(|l| l.kind == LocationKind::Clinic)
        .collect();
    if clinics.is_empty() {
        return Ok(Vec::new());
    }
    let category = store::categories(db)
        .await?
        .into_iter()
        .find(|c| c.parent_id.is_none() && c.name == "Consumíveis clínicos")
        .map(|c| c.id);
    let supplier = LocationKind::Supplier
        .singleton_id()
        .unwrap_or_default()
        .to_string();
    let today = platform::clock::business_date(now);
    let mut movements = 0_usize;
    for chunk in (0..BULK_MATERIALS).collect::<Vec<_>>().chunks(CHUNK) {
        let mut tx = db.begin_bulk().await?;
        for &i in chunk {
            let (_, name, uom) = FAMILIES[i % FAMILIES.len()];
            let tracks_expiry = i % 3 != 2;
            let fields = MaterialDraft {
                sku: Some(sku(i)),
                name: Some(format!("{name} {:04}", i / FAMILIES.len() + 1)),
                kind: Some(MaterialKind::Material),
                category_id: category.clone(),
                base_uom: Some(uom.into()),
                tracks_lot: Some(tracks_expiry),
                tracks_expiry: Some(tracks_expiry),
                lead_time_days: Some(5 + (i as i64 % 10)),
                ..Default::default()
            }
            .validate()?;
            // One purchase price per material: the average stays that price.
            let cost = 200_000 + (i as i64 % 53) * 90_000;
            let material = Material {
                id: uuid::Uuid::now_v7().to_string(),
                fields,
                avg_cost_micro: cost,
                created_at: now - Duration::days(370),
                created_by: by.to_string(),
            };
            store::insert_material_in(&mut tx, &material).await?;
            let clinic = clinics[i % clinics.len()];
            // Lot A at the central warehouse: mostly a year+ ahead, some expiring in 30/60/90 days, a few expired.
            let central_expiry = match i % 20 {
                0 => -15,
                1 => 25,
                2 => 55,
                3 => 85,
                _ => 400 + (i as i64 % 200),
            };
            let per_use = 1_000 + (i as i64 % 5) * 3_000;
            let bought = now - Duration::days(365);
            for (location, code, expiry_days, qty) in [
                (
                    &central.id,
                    "A",
                    central_expiry,
                    100_000 + (i as i64 % 9) * 10_000,
                ),
                (
                    &clinic.id,
                    "B",
                    300 + (i as i64 % 90),
                    per_use * USES + 10_000,
                ),
            ] {
                let lot_id = if tracks_expiry {
                    let lot = LotRow {
                        id: uuid::Uuid::now_v7().to_string(),
                        material_id: material.id.clone(),
                        lot_code: format!("{code}{:04}", i % 10_000),
                        expiry_date: Some(today + Duration::days(expiry_days)),
                    };
                    store::insert_lot(&mut tx, &lot, bought).await?;
                    Some(lot.id)
                } else {
                    None
                };
                let row = MovementRow {
                    id: uuid::Uuid::now_v7().to_string(),
                    kind: MovementKind::PurchaseIn.as_str().to_string(),
                    material_id: material.id.clone(),
                    lot_id,
                    qty_milli: qty,
                    from_location_id: supplier.clone(),
                    to_location_id: location.clone(),
                    unit_cost_micro: cost,
                    value_cents: rules::value_cents(qty, cost),
                    occurred_at: bought,
                    posted_at: bought,
                    document_type: None,
                    document_id: None,
                    reason: Some("Compra inicial (demonstração)".into()),
                    created_by: by.to_string(),
                    idempotency_key: format!("demo-bulk:{}:{code}", material.id),
                    reverses_id: None,
                };
                ledger_store::insert(&mut tx, &row).await?;
                movements += 1;
            }
            // Procedures every quarter at the clinic, through the one consumption posting.
            for quarter in 0..USES {
                let at = now - Duration::days(350 - quarter * EVERY_DAYS + (i as i64 % 7));
                let line = Consumption {
                    kind: MovementKind::ProcedureConsumption,
                    material: &material,
                    location_id: &clinic.id,
                    qty_milli: per_use,
                    occurred_at: at,
                    document: None,
                    reason: "Consumo em procedimentos (demonstração)".into(),
                    uid: by,
                };
                let key = format!("demo-bulk:{}:use:{quarter}", material.id);
                let mut n = 0;
                let rows = post_consumption(
                    &mut tx,
                    &line,
                    &key,
                    &mut n,
                    at,
                    platform::clock::business_date(at),
                )
                .await?;
                movements += rows.len();
            }
        }
        tx.commit().await?;
    }
    Ok(vec![format!(
        "Estoque: mais {BULK_MATERIALS} materiais com lotes e {movements} movimentações de um ano criados em lote em {:.1} s.",
        started.elapsed().as_secs_f64()
    )])
}
