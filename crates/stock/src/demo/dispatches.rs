//! Demo dispatches between the central warehouse and the clinics, one or more in every state the flow reaches
//! (SOLICITADO, APROVADO, REJEITADO, EM_SEPARACAO, ENVIADO, RECEBIDO, RECEBIDO_COM_DIVERGENCIA, ENCERRADO),
//! made through the service as people would.

use platform::context::Demo;
use platform::error::Result;
use platform::{Principal, Role, RoleFlags};

use crate::domain::LocationKind;
use crate::service::{DispatchDraft, Dispatches, Registers, Resolution};

fn person(demo: &Demo, role: Role, name: &str) -> Principal {
    Principal {
        uid: demo
            .user(role)
            .map(|u| u.uid.clone())
            .unwrap_or_else(|| format!("demo-{}", role.as_str().to_lowercase())),
        email: String::new(),
        name: name.into(),
        role: Some(role),
        flags: RoleFlags {
            can_see_conciliation: false,
            can_see_dispatch: true,
            can_approval_dispatch: role == Role::StockManager,
        },
        access_hub: true,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

/// The states to reach, in order of how far each demo dispatch goes.
const STAGES: [&str; 8] = [
    "SOLICITADO",
    "APROVADO",
    "REJEITADO",
    "EM_SEPARACAO",
    "ENVIADO",
    "RECEBIDO",
    "RECEBIDO_COM_DIVERGENCIA",
    "ENCERRADO",
];

pub async fn seed(
    registers: &Registers,
    dispatches: &Dispatches,
    demo: &Demo,
) -> Result<Vec<String>> {
    let db = registers.db();
    let existing: i64 = platform::on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM stock_dispatches")
        .fetch_one(pool).await)?;
    if existing > 0 {
        return Ok(vec!["Despachos: dados de demonstração já existiam.".into()]);
    }
    let staff = person(demo, Role::ClinicStaff, "Camila Rocha");
    let keeper = person(demo, Role::StockKeeper, "João Batista Santos");
    let manager = person(demo, Role::StockManager, "Renata Carvalho");
    let assigned = registers.user_locations(&staff.uid).await?;
    let clinics: Vec<String> = registers
        .locations(&manager)
        .await?
        .into_iter()
        .filter(|l| l.kind == LocationKind::Clinic && l.active)
        .map(|l| l.id)
        .collect();
    let (materials, _) = registers.materials(None, None, Some(true), 12, 0).await?;
    if clinics.is_empty() || materials.len() < 3 {
        return Ok(vec![
            "Despachos: sem clínicas ou materiais para a demonstração.".into(),
        ]);
    }
    let mut made = 0;
    for (i, stage) in STAGES.iter().chain(STAGES.iter()).enumerate() {
        let clinic = clinics[i % clinics.len()].clone();
        // Clinic staff ask for their own clinic; the keeper asks on behalf of the others.
        let requester = if assigned.contains(&clinic) {
            &staff
        } else {
            &keeper
        };
        let lines = (0..3)
            .map(|k| {
                let m = &materials[(i * 3 + k) % materials.len()];
                (m.id.clone(), 1_000 * (2 + ((i + k) as i64 % 5)))
            })
            .collect();
        let d = dispatches
            .create(
                DispatchDraft {
                    clinic_location_id: clinic,
                    notes: Some("Reposição semanal (demonstração)".into()),
                    lines,
                    draft: false,
                },
                requester,
            )
            .await?;
        made += 1;
        let id = d.row.id.clone();
        if *stage == "SOLICITADO" {
            continue;
        }
        if *stage == "REJEITADO" {
            dispatches
                .reject(
                    &id,
                    Some("Estoque da clínica cobre o mês (demonstração)"),
                    &manager,
                )
                .await?;
            continue;
        }
        // The first line approved with less than asked, now and then.
        let approve = if i % 2 == 0 {
            vec![(
                d.lines[0].line.id.clone(),
                d.lines[0].line.requested_qty_milli / 2,
            )]
        } else {
            Vec::new()
        };
        dispatches.approve(&id, approve, &manager).await?;
        if *stage == "APROVADO" {
            continue;
        }
        dispatches.start_picking(&id, &keeper).await?;
        if *stage == "EM_SEPARACAO" {
            continue;
        }
        dispatches
            .ship(&id, Some("Motorista da frota própria".into()), &keeper)
            .await?;
        if *stage == "ENVIADO" {
            continue;
        }
        let detail = dispatches.detail(&id, &manager).await?;
        let receipt = if *stage == "RECEBIDO" {
            Vec::new()
        } else {
            let first = &detail.lines[0].line;
            vec![(
                first.id.clone(),
                first.shipped_qty_milli.unwrap_or(0) - 1_000,
                Some("Uma caixa chegou avariada".to_string()),
            )]
        };
        dispatches.receive(&id, receipt, requester).await?;
        if *stage == "ENCERRADO" {
            dispatches
                .resolve(
                    &id,
                    Resolution::Loss,
                    Some("Caixa avariada no transporte (demonstração)"),
                    &manager,
                )
                .await?;
        }
    }
    Ok(vec![format!(
        "Despachos: {made} despachos de demonstração em todas as situações."
    )])
}
