//! The demo funnel: a few hundred opportunities of the demo salespeople spread over the stages, some of the
//! portfolio's clients and some inline contacts, of every source, a few through the demo links, some idle for
//! weeks, some lost with a reason (none won: only a confirmed sale wins one, and sales do not exist yet). Written straight to the table (with their past dates, so the idle
//! filter and the closed columns have something to show); nothing is added when the funnel has opportunities.

use chrono::{DateTime, Duration, Utc};
use platform::db::Db;
use platform::error::Result;
use platform::on_db;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::clients::{FIRST_NAMES, SURNAMES};
use crate::domain::opportunity::{
    search_text, Contact, LostReason, Opportunity, OpportunityFields, Source, Stage, StageKind,
    Status,
};
use crate::store::opportunities::{self as store, Placement};
use crate::store::Stamp;

/// How many opportunities each demo salesperson gets.
pub const PER_OWNER: usize = 150;

const TITLES: [&str; 10] = [
    "Implante superior",
    "Clareamento dental",
    "Aparelho ortodôntico",
    "Lentes de contato dental",
    "Protocolo completo",
    "Avaliação estética",
    "Plano anual de manutenção",
    "Harmonização facial",
    "Prótese fixa",
    "Tratamento de canal",
];

/// `owners`: (uid, team id) of each demo salesperson.
pub async fn seed(
    db: &Db,
    owners: &[(String, Option<String>)],
    now: DateTime<Utc>,
) -> Result<usize> {
    let existing: i64 = on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM crm_opportunities")
        .fetch_one(pool)
        .await)?;
    if existing > 0 || owners.is_empty() {
        return Ok(0);
    }
    let links: Vec<String> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT id FROM crm_links WHERE NOT archived ORDER BY id",
    )
    .fetch_all(pool)
    .await)?;
    let stages = store::stages(db).await?;
    let open: Vec<&Stage> = stages
        .iter()
        .filter(|s| s.kind == StageKind::Open)
        .collect();
    let Some(lost) = stages.iter().find(|s| s.kind == StageKind::Lost) else {
        return Ok(0);
    };
    let mut rng = StdRng::seed_from_u64(25);
    let mut created = 0;
    let mut tx = db.begin().await?;
    for (owner, team) in owners {
        let clients: Vec<(String, String)> = on_db!(db, pool => sqlx::query_as(
            "SELECT id, name FROM crm_clients WHERE owner_id = $1 ORDER BY id LIMIT 60",
        )
        .bind(owner)
        .fetch_all(pool)
        .await)?;
        for i in 0..PER_OWNER {
            let age = Duration::hours(rng.gen_range(2..24 * 75));
            let created_at = now - age;
            let client = clients.get(i).filter(|_| i % 2 == 0).cloned();
            let contact = client.is_none().then(|| {
                let name = format!(
                    "{} {}",
                    FIRST_NAMES[rng.gen_range(0..FIRST_NAMES.len())],
                    SURNAMES[rng.gen_range(0..SURNAMES.len())]
                );
                let phone = format!("119{:08}", rng.gen_range(10_000_000..99_999_999));
                Contact {
                    name,
                    phone: Some(platform::values::Phone::from_stored(phone)),
                    email: None,
                }
            });
            let source = Source::ALL[rng.gen_range(0..Source::ALL.len())];
            let fields = OpportunityFields {
                title: TITLES[rng.gen_range(0..TITLES.len())].to_string(),
                client_id: client.as_ref().map(|c| c.0.clone()),
                contact,
                owner_id: owner.clone(),
                team_id: team.clone(),
                expected_value_cents: rng.gen_range(30..1_500) * 10_000,
                expected_close_on: Some((now + Duration::days(rng.gen_range(5..90))).date_naive()),
                source,
                marketing_link_id: (!links.is_empty() && i % 7 == 0)
                    .then(|| links[i % links.len()].clone()),
            };
            let stage = open[rng.gen_range(0..open.len())];
            let opportunity = Opportunity {
                id: uuid::Uuid::now_v7().to_string(),
                fields,
                stage_id: stage.id.clone(),
                status: Status::Open,
                lost_reason: None,
                lost_note: None,
                won_sale_id: None,
                closed_at: None,
                stage_entered_at: created_at,
                last_touch_at: created_at,
                version: 1,
                created_at,
                created_by: owner.clone(),
                updated_at: created_at,
            };
            let text = search_text(&opportunity.fields, client.as_ref().map(|c| c.1.as_str()));
            store::insert(&mut tx, &opportunity, &text).await?;
            // One in ten was lost, some days after it came in.
            if i % 10 == 3 {
                let reason = LostReason::ALL[(i / 10) % LostReason::ALL.len()];
                let placement = Placement {
                    stage_id: &lost.id,
                    status: Status::Lost,
                    lost_reason: Some(reason),
                    lost_note: (reason == LostReason::Outro).then_some("Mudou de cidade"),
                    won_sale_id: None,
                };
                let closed_at = created_at + (age / 2).min(Duration::days(20));
                let stamp = Stamp {
                    uid: owner,
                    at: closed_at,
                };
                store::place(&mut tx, &opportunity.id, 1, &placement, &stamp).await?;
            }
            created += 1;
        }
    }
    tx.commit().await?;
    Ok(created)
}
