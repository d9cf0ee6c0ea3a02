//! Demo data for procedure BOMs: toxina botulínica (version 1 in force, version 2 scheduled, and Clínica
//! Centro's override), limpeza de pele (in force), preenchimento labial (a draft only); one procedure finished at
//! Clínica Centro with its consumption posted, and one finished without a BOM ("Procedimento sem base de
//! cálculo"); and a published BOM for each other procedure of the sales demo catalog ([`CATALOG_PROCEDURES`]), so
//! every procedure sold in the demo consumes stock except the one shown without a BOM. Loading it again adds
//! nothing.

use chrono::Duration;
use platform::context::Demo;
use platform::error::Result;
use platform::{Principal, Role};

use crate::domain::bom::LineDraft;
use crate::domain::LocationKind;
use crate::service::{BomDraft, Boms, ProcedureConsumption};
use crate::store::registers;

fn principal(uid: &str, role: Role) -> Principal {
    Principal {
        uid: uid.to_string(),
        email: String::new(),
        name: "demo".into(),
        role: Some(role),
        flags: Default::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

fn line(id: &str, qty_milli: i64, waste_bp: i64, optional: bool) -> LineDraft {
    LineDraft {
        material_id: id.to_string(),
        qty_milli,
        uom: None,
        waste_bp,
        optional,
    }
}

/// (SKU, quantity in thousandths, waste in basis points, optional).
type Line = (&'static str, i64, i64, bool);

/// The sales demo catalog's other procedures (crates/sales/src/demo.rs names them by these codes), each with a
/// simple published BOM of the demo's consumables. PEELING-QUIMICO is left without one on purpose (the page's
/// "Procedimento sem base de cálculo").
const CATALOG_PROCEDURES: [(&str, &str, &[Line]); 13] = [
    (
        "AVALIACAO",
        "Avaliação estética",
        &[("LUVA-001", 2_000, 0, false), ("MAS-001", 1_000, 0, false)],
    ),
    (
        "BIOESTIMULADOR",
        "Bioestimulador de colágeno",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("SER-001", 2_000, 0, false),
            ("AGU-001", 4_000, 1_000, false),
            ("ANE-001", 2_000, 0, true),
        ],
    ),
    (
        "PREENCH-OLHEIRAS",
        "Preenchimento de olheiras",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("SER-001", 1_000, 0, false),
            ("AGU-001", 2_000, 1_000, false),
            ("ANE-001", 1_000, 0, false),
        ],
    ),
    (
        "SKINBOOSTER",
        "Skinbooster",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("SER-001", 1_000, 0, false),
            ("AGU-001", 3_000, 1_000, false),
            ("ALC-001", 10_000, 500, false),
        ],
    ),
    (
        "FIOS-PDO",
        "Fios de PDO (sustentação)",
        &[
            ("LUVA-001", 4_000, 0, false),
            ("ANE-001", 3_000, 0, false),
            ("GAZ-001", 6_000, 2_500, false),
            ("MAS-001", 1_000, 0, false),
        ],
    ),
    (
        "MICROAGULHAMENTO",
        "Microagulhamento",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("ANE-001", 1_000, 0, true),
            ("GAZ-001", 4_000, 2_500, false),
            ("ALC-001", 15_000, 500, false),
        ],
    ),
    (
        "LASER-CO2",
        "Laser CO2 fracionado",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("ANE-001", 2_000, 0, false),
            ("GAZ-001", 4_000, 2_500, false),
            ("TOU-001", 1_000, 0, false),
        ],
    ),
    (
        "HIDRATACAO-FACIAL",
        "Hidratação facial",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("GAZ-001", 4_000, 2_500, false),
            ("TOU-001", 1_000, 0, false),
        ],
    ),
    (
        "CRIOLIPOLISE",
        "Criolipólise (1 aplicador)",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("GAZ-001", 2_000, 0, false),
            ("ALC-001", 20_000, 500, false),
        ],
    ),
    (
        "RADIOFREQUENCIA",
        "Radiofrequência corporal",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("ALC-001", 10_000, 500, false),
        ],
    ),
    (
        "DRENAGEM",
        "Drenagem linfática",
        &[("LUVA-001", 2_000, 0, false), ("TOU-001", 1_000, 0, false)],
    ),
    (
        "MASSAGEM-RELAX",
        "Massagem relaxante",
        &[("TOU-001", 1_000, 0, false), ("GAZ-001", 2_000, 0, false)],
    ),
    (
        "DEPILACAO-LASER",
        "Depilação a laser",
        &[
            ("LUVA-001", 2_000, 0, false),
            ("GAZ-001", 2_000, 0, false),
            ("ALC-001", 10_000, 500, false),
            ("MAS-001", 1_000, 0, false),
        ],
    ),
];

pub async fn seed(boms: &Boms, demo: &Demo) -> Result<Vec<String>> {
    if !boms.list(None, None).await?.is_empty() {
        return Ok(Vec::new());
    }
    let db = boms.db();
    let mut ids = std::collections::BTreeMap::new();
    for sku in [
        "LUVA-001", "SER-001", "AGU-001", "GAZ-001", "ALC-001", "ANE-001", "MAS-001", "TOU-001",
    ] {
        match registers::material_by_sku(db, sku).await? {
            Some(m) => ids.insert(sku, m.id),
            None => return Ok(Vec::new()),
        };
    }
    let locations = registers::locations(db, None).await?;
    // Clínica Centro (or, without the system's demo units, the first clinic).
    let Some(centro) = locations
        .iter()
        .find(|l| l.code == "CLI-CENTRO")
        .or_else(|| locations.iter().find(|l| l.kind == LocationKind::Clinic))
    else {
        return Ok(Vec::new());
    };
    let uid = demo
        .user(Role::StockManager)
        .map(|u| u.uid.clone())
        .unwrap_or_else(|| "demo".into());
    let who = principal(&uid, Role::StockManager);
    let m = |sku: &str| ids[sku].clone();

    let toxina = boms
        .create(
            BomDraft {
                procedure_code: "TOXINA-BOT".into(),
                procedure_name: Some("Aplicação de toxina botulínica".into()),
                clinic_location_id: None,
                lines: Some(vec![
                    line(&m("LUVA-001"), 2_000, 0, false),
                    line(&m("SER-001"), 1_000, 0, false),
                    line(&m("AGU-001"), 2_000, 1_000, false),
                    line(&m("ALC-001"), 10_000, 500, false),
                    line(&m("ANE-001"), 2_000, 0, true),
                ]),
            },
            &who,
        )
        .await?;
    let v1 = &toxina.versions[0].row;
    boms.publish(&toxina.bom.id, 1, v1.version, None, &who)
        .await?;
    let next = boms.new_version(&toxina.bom.id, &who).await?;
    let v2 = &next.versions[0].row;
    boms.update_draft(
        &toxina.bom.id,
        2,
        v2.version,
        Some("Agulha extra para retoques".into()),
        vec![
            line(&m("LUVA-001"), 2_000, 0, false),
            line(&m("SER-001"), 1_000, 0, false),
            line(&m("AGU-001"), 3_000, 1_000, false),
            line(&m("ALC-001"), 10_000, 500, false),
            line(&m("ANE-001"), 2_000, 0, true),
        ],
        &who,
    )
    .await?;
    boms.publish(
        &toxina.bom.id,
        2,
        v2.version + 1,
        Some(boms.now() + Duration::days(15)),
        &who,
    )
    .await?;
    let centro_bom = boms
        .create(
            BomDraft {
                procedure_code: "TOXINA-BOT".into(),
                clinic_location_id: Some(centro.id.clone()),
                lines: Some(vec![
                    line(&m("LUVA-001"), 2_000, 0, false),
                    line(&m("SER-001"), 1_000, 0, false),
                    line(&m("AGU-001"), 2_000, 1_000, false),
                    line(&m("ALC-001"), 15_000, 500, false),
                    line(&m("MAS-001"), 1_000, 0, false),
                ]),
                ..Default::default()
            },
            &who,
        )
        .await?;
    boms.publish(
        &centro_bom.bom.id,
        1,
        centro_bom.versions[0].row.version,
        None,
        &who,
    )
    .await?;

    let limpeza = boms
        .create(
            BomDraft {
                procedure_code: "LIMPEZA-PELE".into(),
                procedure_name: Some("Limpeza de pele".into()),
                clinic_location_id: None,
                lines: Some(vec![
                    line(&m("LUVA-001"), 2_000, 0, false),
                    line(&m("GAZ-001"), 4_000, 2_500, false),
                    line(&m("ALC-001"), 20_000, 500, false),
                    line(&m("TOU-001"), 1_000, 0, false),
                ]),
            },
            &who,
        )
        .await?;
    boms.publish(
        &limpeza.bom.id,
        1,
        limpeza.versions[0].row.version,
        None,
        &who,
    )
    .await?;

    boms.create(
        BomDraft {
            procedure_code: "PREENCH-LABIAL".into(),
            procedure_name: Some("Preenchimento labial com ácido hialurônico".into()),
            clinic_location_id: None,
            lines: Some(vec![
                line(&m("LUVA-001"), 2_000, 0, false),
                line(&m("AGU-001"), 2_000, 0, false),
                line(&m("ANE-001"), 3_000, 1_000, false),
            ]),
        },
        &who,
    )
    .await?;

    for (code, name, lines) in CATALOG_PROCEDURES {
        let created = boms
            .create(
                BomDraft {
                    procedure_code: code.into(),
                    procedure_name: Some(name.into()),
                    clinic_location_id: None,
                    lines: Some(
                        lines
                            .iter()
                            .map(|(sku, qty, waste, optional)| {
                                line(&m(sku), *qty, *waste, *optional)
                            })
                            .collect(),
                    ),
                },
                &who,
            )
            .await?;
        boms.publish(
            &created.bom.id,
            1,
            created.versions[0].row.version,
            None,
            &who,
        )
        .await?;
    }

    let staff = principal(
        &demo
            .user(Role::ClinicStaff)
            .map(|u| u.uid.clone())
            .unwrap_or_else(|| "demo-clinica".into()),
        Role::StockManager,
    );
    let finished = boms.now();
    boms.consume_for_procedure(
        ProcedureConsumption {
            appointment_id: "DEMO-AGD-0001".into(),
            revision: 1,
            procedure_code: "TOXINA-BOT".into(),
            location_id: centro.id.clone(),
            occurred_at: finished,
            quantity: 1,
            optional_material_ids: Vec::new(),
            changes: Vec::new(),
        },
        &staff,
    )
    .await?;
    boms.consume_for_procedure(
        ProcedureConsumption {
            appointment_id: "DEMO-AGD-0002".into(),
            revision: 1,
            procedure_code: "PEELING-QUIMICO".into(),
            location_id: centro.id.clone(),
            occurred_at: finished,
            quantity: 1,
            optional_material_ids: Vec::new(),
            changes: Vec::new(),
        },
        &staff,
    )
    .await?;
    Ok(vec![
        format!("Estoque: {} bases de cálculo de procedimentos (uma exceção da {}, uma versão agendada, um rascunho; uma publicada para cada procedimento do catálogo de demonstração), um consumo lançado e um procedimento sem base de cálculo.", 4 + CATALOG_PROCEDURES.len(), centro.name),
    ])
}
