//! Demo data, through the context's own operations; loading it again adds nothing: a central warehouse and
//! four clinics (on the system's demo units, plus one), categories, materials with lots, and entries, losses
//! and adjustments; five months of consumption at the clinics and policies there (for the overview).

pub(crate) mod boms;
pub(crate) mod bulk;
pub(crate) mod counts;
pub mod dispatches;

use platform::context::Demo;
use platform::error::Result;
use platform::{Principal, Role};

use crate::domain::{
    CategoryDraft, LocationDraft, LocationKind, MaterialDraft, MaterialKind, MovementKind,
    NewMovement, PolicyDraft,
};
use crate::service::{Ledger, Registers};

/// How many materials the demo creates.
pub const DEMO_MATERIALS: usize = 300;

const CLINICS: [(&str, &str, &str); 4] = [
    ("CLI-CENTRO", "CLI-CENTRO", "Clínica Centro"),
    ("CLI-MOEMA", "CLI-MOEMA", "Clínica Moema"),
    ("CLI-CAMPINAS", "CLI-CAMPINAS", "Clínica Campinas"),
    ("CLI-SUL", "CLI-SUL", "Clínica Sul"),
];

const FAMILIES: [(&str, &str, &str, bool); 10] = [
    ("LUVA", "Luva de procedimento", "UN", true),
    ("SER", "Seringa descartável", "UN", true),
    ("AGU", "Agulha hipodérmica", "UN", true),
    ("GAZ", "Gaze estéril", "PCT", true),
    ("ALC", "Álcool 70%", "ML", true),
    ("ANE", "Anestésico tópico", "G", true),
    ("MAS", "Máscara cirúrgica", "UN", false),
    ("TOU", "Touca descartável", "UN", false),
    ("LEN", "Lençol de papel", "RL", false),
    ("CRE", "Creme hidratante (venda)", "UN", false),
];

fn principal(uid: &str) -> Principal {
    Principal {
        uid: uid.to_string(),
        email: String::new(),
        name: "demo".into(),
        role: Some(Role::StockManager),
        flags: Default::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

pub async fn seed(registers: &Registers, ledger: &Ledger, demo: &Demo) -> Result<Vec<String>> {
    if registers.count().await? > 0 {
        return Ok(vec!["Estoque: dados de demonstração já existiam.".into()]);
    }
    let started = std::time::Instant::now();
    let db = registers.db();
    let now = ledger.now();
    let mut units = platform::units::list(db).await?;
    if !units.iter().any(|u| u.code == "CLI-SUL") {
        let draft = platform::units::UnitDraft {
            code: "CLI-SUL".into(),
            name: "Clínica Sul".into(),
            city: Some("Santo André".into()),
            state: Some("SP".into()),
            active: true,
        };
        platform::units::create(db, draft, "demo", now).await?;
        units = platform::units::list(db).await?;
    }
    let unit_of = |code: &str| units.iter().find(|u| u.code == code).map(|u| u.id.clone());
    let central = registers
        .create_location(LocationDraft {
            code: Some("CENTRAL".into()),
            name: Some("Depósito central".into()),
            kind: Some(LocationKind::Central),
            unit_id: unit_of("SEDE"),
        })
        .await?;
    let mut clinics = Vec::new();
    for (code, unit, name) in CLINICS {
        let Some(unit_id) = unit_of(unit) else {
            continue;
        };
        let loc = registers
            .create_location(LocationDraft {
                code: Some(code.into()),
                name: Some(name.into()),
                kind: Some(LocationKind::Clinic),
                unit_id: Some(unit_id),
            })
            .await?;
        clinics.push(loc);
    }
    if let (Some(staff), Some(first)) = (demo.user(Role::ClinicStaff), clinics.first()) {
        registers
            .set_user_locations(&staff.uid, vec![first.id.clone()])
            .await?;
    }
    let by = demo
        .user(Role::StockManager)
        .map(|u| u.uid.clone())
        .unwrap_or_else(|| "demo".into());
    let who = principal(&by);
    let consumables = registers
        .create_category(CategoryDraft {
            name: Some("Consumíveis clínicos".into()),
            parent_id: None,
        })
        .await?;
    let sale = registers
        .create_category(CategoryDraft {
            name: Some("Produtos para venda".into()),
            parent_id: None,
        })
        .await?;
    let today = ledger.now().date_naive();
    let mut movements = 0;
    for i in 0..DEMO_MATERIALS {
        let (prefix, name, uom, expiry) = FAMILIES[i % FAMILIES.len()];
        let variant = i / FAMILIES.len() + 1;
        let for_sale = prefix == "CRE";
        let material = registers
            .create_material(
                MaterialDraft {
                    sku: Some(format!("{prefix}-{variant:03}")),
                    name: Some(format!("{name} {variant:03}")),
                    kind: Some(if for_sale {
                        MaterialKind::Product
                    } else {
                        MaterialKind::Material
                    }),
                    category_id: Some(if for_sale {
                        sale.id.clone()
                    } else {
                        consumables.id.clone()
                    }),
                    base_uom: Some(uom.into()),
                    tracks_expiry: Some(expiry),
                    lead_time_days: Some(7),
                    ..Default::default()
                },
                &by,
            )
            .await?;
        // What each of the five demo consumptions at the clinic uses; the clinic receives 50 UN more than that,
        // so 50 UN are left there (as before the consumption history).
        let per_use = if i % 9 == 0 {
            6_000
        } else {
            1_000 + (i as i64 % 3) * 500
        };
        let cost = 500_000 + (i as i64 % 37) * 130_000;
        let entry = |location_id: &str, lot: &str, days: i64, qty: i64| NewMovement {
            kind: MovementKind::MiscIn,
            material_id: material.id.clone(),
            location_id: location_id.to_string(),
            qty_milli: qty,
            lot_code: expiry.then(|| lot.to_string()),
            expiry_date: expiry.then(|| today + chrono::Duration::days(days)),
            unit_cost_micro: Some(cost),
            reason: Some("Saldo inicial de demonstração".into()),
            idempotency_key: Some(format!("demo:{}:{location_id}:{lot}", material.id)),
        };
        ledger
            .post(
                entry(&central.id, "L1", 400, 500_000 + (i as i64 % 7) * 100_000),
                &who,
            )
            .await?;
        // L2 expires from 20 days to about 5 months ahead: the overview's 30/60/90-day windows have lots.
        ledger
            .post(entry(&central.id, "L2", 20 + i as i64 % 150, 200_000), &who)
            .await?;
        movements += 2;
        if let Some(clinic) = clinics.get(i % 5) {
            ledger
                .post(entry(&clinic.id, "L1", 400, 50_000 + 5 * per_use), &who)
                .await?;
            movements += 1;
        }
        // Consumption history at the clinic (procedures, or sales for the products, over the last 5 months; a few
        // materials far more than the rest, so the ABC curve has a head).
        if let Some(clinic) = clinics.get(i % 5) {
            for (n, days_ago) in [150_i64, 100, 60, 35, 12].into_iter().enumerate() {
                let used = NewMovement {
                    kind: if for_sale {
                        MovementKind::SaleOut
                    } else {
                        MovementKind::ProcedureConsumption
                    },
                    material_id: material.id.clone(),
                    location_id: clinic.id.clone(),
                    qty_milli: per_use,
                    lot_code: None,
                    expiry_date: None,
                    unit_cost_micro: None,
                    reason: Some("Consumo em procedimentos (demonstração)".into()),
                    idempotency_key: Some(format!("demo:{}:use:{n}", material.id)),
                };
                let at = now - chrono::Duration::days(days_ago + i as i64 % 5);
                ledger.consume(used, at, &who).await?;
                movements += 1;
            }
            // Policies at the clinic: some below the minimum, some at the reorder point.
            let left = 50_000;
            let (min, rp) = match i % 4 {
                0 => (left + 5_000, left + 10_000),
                1 => (left - 5_000, left),
                _ => (5_000, 10_000),
            };
            registers
                .set_policy(
                    &material.id,
                    &clinic.id,
                    PolicyDraft {
                        min_qty_milli: Some(min.max(0)),
                        reorder_point_milli: Some(rp.max(0)),
                        max_qty_milli: Some(100_000),
                    },
                )
                .await?;
        }
        if i % 10 == 3 {
            let loss = NewMovement {
                kind: MovementKind::LossDamage,
                material_id: material.id.clone(),
                location_id: central.id.clone(),
                qty_milli: 3_000,
                lot_code: None,
                expiry_date: None,
                unit_cost_micro: None,
                reason: Some("Avaria no recebimento (demonstração)".into()),
                idempotency_key: Some(format!("demo:{}:loss", material.id)),
            };
            ledger.post(loss, &who).await?;
            movements += 1;
        }
    }
    Ok(vec![format!(
        "Estoque: depósito central, {} clínicas, {DEMO_MATERIALS} materiais e {movements} movimentações de demonstração criados em {:.1} s.",
        clinics.len(),
        started.elapsed().as_secs_f64()
    )])
}
