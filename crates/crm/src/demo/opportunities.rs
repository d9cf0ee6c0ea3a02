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
            let client = clients.get(i).filter(|_| i % 2 == 0);
            let link = (!links.is_empty() && i % 7 == 0).then(|| links[i % links.len()].as_str());
            let opportunity =
                generate(&mut rng, (owner, team.as_deref()), client, link, &open, now);
            let age = now - opportunity.created_at;
            let created_at = opportunity.created_at;
            let text = search_text(&opportunity.fields, client.map(|c| c.1.as_str()));
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

/// One open opportunity of `owner` in a random working stage, created up to 75 days before `now` and untouched
/// since: of `client` (id, name) when given, else of an inline contact.
fn generate(
    rng: &mut StdRng,
    (owner, team): (&str, Option<&str>),
    client: Option<&(String, String)>,
    link: Option<&str>,
    open: &[&Stage],
    now: DateTime<Utc>,
) -> Opportunity {
    let created_at = now - Duration::hours(rng.gen_range(2..24 * 75));
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
    let fields = OpportunityFields {
        title: TITLES[rng.gen_range(0..TITLES.len())].to_string(),
        client_id: client.map(|c| c.0.clone()),
        contact,
        owner_id: owner.to_string(),
        team_id: team.map(str::to_string),
        expected_value_cents: rng.gen_range(30..1_500) * 10_000,
        expected_close_on: Some((now + Duration::days(rng.gen_range(5..90))).date_naive()),
        source: Source::ALL[rng.gen_range(0..Source::ALL.len())],
        marketing_link_id: link.map(str::to_string),
    };
    Opportunity {
        id: uuid::Uuid::now_v7().to_string(),
        fields,
        stage_id: open[rng.gen_range(0..open.len())].id.clone(),
        status: Status::Open,
        lost_reason: None,
        lost_note: None,
        won_sale_id: None,
        closed_at: None,
        stage_entered_at: created_at,
        last_touch_at: created_at,
        version: 1,
        created_at,
        created_by: owner.to_string(),
        updated_at: created_at,
    }
}

/// The funnel benchmark's data: `n` open opportunities of inline contacts spread over `owners` and the working
/// stages, in transactions of 5,000 rows. Returns how many were added.
pub async fn bulk_load(
    db: &Db,
    owners: &[(String, Option<String>)],
    n: usize,
    now: DateTime<Utc>,
) -> Result<usize> {
    if owners.is_empty() {
        return Ok(0);
    }
    let stages = store::stages(db).await?;
    let open: Vec<&Stage> = stages
        .iter()
        .filter(|s| s.kind == StageKind::Open)
        .collect();
    let mut rng = StdRng::seed_from_u64(50_000);
    let mut done = 0;
    while done < n {
        let end = (done + 5_000).min(n);
        let mut tx = db.begin_bulk().await?;
        for i in done..end {
            let (owner, team) = &owners[i % owners.len()];
            let o = generate(&mut rng, (owner, team.as_deref()), None, None, &open, now);
            store::insert(&mut tx, &o, &search_text(&o.fields, None)).await?;
        }
        tx.commit().await?;
        done = end;
    }
    Ok(done)
}
