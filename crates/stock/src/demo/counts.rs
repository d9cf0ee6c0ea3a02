//! Demo data for counts: one blind count of Clínica Centro in progress (started, part of its first sheet counted
//! by the demo stock keeper, one line a little short). Loading it again adds nothing.

use platform::context::Demo;
use platform::error::Result;
use platform::{Principal, Role};

use crate::domain::count::EntryMode;
use crate::service::{CountDraft, Counts, SyncBatch, SyncEntry};
use crate::store::counts::LineFilter;

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

pub async fn seed(counts: &Counts, demo: &Demo) -> Result<Vec<String>> {
    if counts.list(None, None, 1, 1).await?.1 > 0 {
        return Ok(Vec::new());
    }
    let locations = crate::store::registers::locations(counts.db(), None).await?;
    let Some(clinic) = locations.iter().find(|l| l.code == "CLI-CENTRO") else {
        return Ok(Vec::new());
    };
    let uid = |role: Role, fallback: &str| {
        demo.user(role)
            .map(|u| u.uid.clone())
            .unwrap_or_else(|| fallback.into())
    };
    let manager = principal(&uid(Role::StockManager, "demo"), Role::StockManager);
    let keeper = principal(&uid(Role::StockKeeper, "demo-keeper"), Role::StockKeeper);
    let count = counts
        .create(
            CountDraft {
                location_id: clinic.id.clone(),
                blind: true,
                note: Some("Inventário de demonstração (em andamento)".into()),
                ..Default::default()
            },
            &manager,
        )
        .await?;
    let id = count.count.count.id.clone();
    let started = counts.start(&id, &manager).await?;
    let (lines, _, _) = counts
        .lines(
            &id,
            &LineFilter {
                sheet_no: Some(1),
                ..Default::default()
            },
            500,
            &manager,
        )
        .await?;
    let now = counts.now();
    let counted = lines.len() * 2 / 5;
    let entries = lines
        .iter()
        .take(counted)
        .enumerate()
        .map(|(i, l)| SyncEntry {
            entry_id: format!("demo-{i}"),
            line_id: Some(l.line.seq),
            material_id: None,
            lot_code: None,
            qty_milli: if i == 2 {
                (l.line.expected_qty_milli - 1_000).max(0)
            } else {
                l.line.expected_qty_milli
            },
            mode: EntryMode::Set,
            counted_at: now,
        })
        .collect();
    counts
        .sync(
            &id,
            SyncBatch {
                device_id: "demo-tablet".into(),
                device_clock: Some(now),
                entries,
            },
            &keeper,
        )
        .await?;
    let mut lines_out = vec![format!(
        "Estoque: inventário {} de {} em andamento ({} linhas, {counted} contadas).",
        started.count.count.number, clinic.name, started.count.count.line_count
    )];
    if let Some(posted) = posted_count(counts, &locations, &manager, &keeper).await? {
        lines_out.push(posted);
    }
    Ok(lines_out)
}

/// A finished count of Clínica Moema: every line counted (one a thousandth short), closed, approved by the manager
/// (who counted nothing) and its adjustment posted.
async fn posted_count(
    counts: &Counts,
    locations: &[crate::domain::Location],
    manager: &Principal,
    keeper: &Principal,
) -> Result<Option<String>> {
    let Some(clinic) = locations.iter().find(|l| l.code == "CLI-MOEMA") else {
        return Ok(None);
    };
    let count = counts
        .create(
            CountDraft {
                location_id: clinic.id.clone(),
                blind: false,
                note: Some("Inventário de demonstração (lançado)".into()),
                ..Default::default()
            },
            manager,
        )
        .await?;
    let id = count.count.count.id.clone();
    counts.start(&id, manager).await?;
    // Counted a quarter of an hour after the demo's entries at the clinic, so no line is "movimentado durante a
    // contagem" (which sends it to recount).
    let now = counts.now();
    let counted_at = now + chrono::Duration::minutes(15);
    let mut n = 0;
    for sheet in counts.sheets(&id).await? {
        let (lines, _, _) = counts
            .lines(
                &id,
                &LineFilter {
                    sheet_no: Some(sheet.sheet_no),
                    ..Default::default()
                },
                500,
                manager,
            )
            .await?;
        let entries = lines
            .iter()
            .map(|l| {
                n += 1;
                SyncEntry {
                    entry_id: format!("demo-posted-{n}"),
                    line_id: Some(l.line.seq),
                    material_id: None,
                    lot_code: None,
                    // One line a thousandth short (within the tolerance): the adjustment the count posts.
                    qty_milli: if n == 1 && l.line.expected_qty_milli >= 1_000 {
                        l.line.expected_qty_milli - 1
                    } else {
                        l.line.expected_qty_milli
                    },
                    mode: EntryMode::Set,
                    counted_at,
                }
            })
            .collect();
        counts
            .sync(
                &id,
                SyncBatch {
                    device_id: "demo-tablet-2".into(),
                    device_clock: Some(now),
                    entries,
                },
                keeper,
            )
            .await?;
    }
    let closed = counts.close(&id, manager).await?;
    if closed.count.count.status != "AGUARDANDO_APROVACAO" {
        // A recount was asked (the tolerance): leave it there rather than count again.
        return Ok(Some(format!(
            "Estoque: inventário {} de {} encerrado ({}).",
            closed.count.count.number, clinic.name, closed.count.count.status
        )));
    }
    counts.approve(&id, manager).await?;
    let mut detail = counts.post_next(&id, manager).await?;
    for _ in 0..100 {
        if detail.count.count.status == "LANCADO" {
            break;
        }
        detail = counts.post_next(&id, manager).await?;
    }
    Ok(Some(format!(
        "Estoque: inventário {} de {} lançado ({} linhas).",
        detail.count.count.number, clinic.name, detail.count.count.line_count
    )))
}
