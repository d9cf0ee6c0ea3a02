//! Demo cadences: a global one (WhatsApp, call, e-mail) and one for the demo salesperson's team, each with
//! enrollments of the salesperson's clients (who gave consent for the channels, recorded here with source
//! "dados de demonstração"). One enrollment of the second is paused by hand. Running it again adds nothing.

use platform::context::Demo;
use platform::error::Result;
use platform::{on_db, Role};

use crate::domain::cadence::StepDraft;
use crate::domain::Channel;
use crate::service::cadences::CadenceDraft;
use crate::service::{Cadences, Clients};

fn step(day_offset: i32, start: &str, end: &str, channel: &str, template: &str) -> StepDraft {
    StepDraft {
        day_offset,
        window_start: start.into(),
        window_end: end.into(),
        channel: channel.into(),
        template: template.into(),
    }
}

pub async fn seed(cadences: &Cadences, clients: &Clients, demo: &Demo) -> Result<Option<usize>> {
    let db = clients.db();
    let existing: i64 = on_db!(db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM crm_cadences").fetch_one(pool).await)?;
    if existing > 0 {
        return Ok(None);
    }
    let (Some(admin), Some(seller)) = (demo.user(Role::Admin), demo.user(Role::Salesperson)) else {
        return Ok(Some(0));
    };
    let admin = super::super::demo_principal(admin);
    let team: Option<String> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT team_id FROM crm_team_members WHERE user_id = $1 AND left_on IS NULL ORDER BY joined_on LIMIT 1",
    )
    .bind(&seller.uid)
    .fetch_optional(pool)
    .await)?;
    let first = cadences
        .create(
            &admin,
            CadenceDraft {
                name: "Boas-vindas a novos leads".into(),
                team_id: None,
                active: true,
                link_url: Some("https://www.exemplo.com.br/avaliacao".into()),
                steps: vec![
                    step(0, "09:00", "12:00", "whatsapp", "Oi, {primeiro_nome}! Aqui é {consultor}. Posso te ajudar a agendar sua avaliação? {link}"),
                    step(2, "10:00", "17:00", "ligacao", "Ligar para {primeiro_nome}: apresentar a clínica e oferecer horário de avaliação."),
                    step(5, "09:00", "18:00", "email", "Olá, {primeiro_nome}! Separei os horários desta semana para sua avaliação: {link}"),
                ],
            },
        )
        .await?;
    let second = cadences
        .create(
            &admin,
            CadenceDraft {
                name: "Reativação de clientes inativos".into(),
                team_id: team,
                active: true,
                link_url: None,
                steps: vec![
                    step(0, "10:00", "16:00", "whatsapp", "{primeiro_nome}, sentimos sua falta! {consultor} tem uma condição especial para você."),
                    step(3, "14:00", "18:00", "ligacao", "Ligar para {primeiro_nome} e oferecer o retorno."),
                ],
            },
        )
        .await?;
    let ids: Vec<String> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT id FROM crm_clients WHERE owner_id = $1 AND NOT do_not_contact ORDER BY name LIMIT 8",
    )
    .bind(&seller.uid)
    .fetch_all(pool)
    .await)?;
    for id in &ids {
        for channel in [Channel::Whatsapp, Channel::Phone, Channel::Email] {
            clients
                .record_consent(&admin, id, channel, true, "dados de demonstração")
                .await?;
        }
    }
    let (a, b) = ids.split_at(ids.len().min(5));
    let mut enrolled = 0;
    if !a.is_empty() {
        enrolled += cadences.enroll(&admin, &first.cadence.id, a).await?.len();
    }
    if !b.is_empty() {
        let rows = cadences.enroll(&admin, &second.cadence.id, b).await?;
        enrolled += rows.len();
        if let Some(row) = rows.first() {
            cadences
                .pause(&admin, &row.enrollment.id, Some("manual"), None)
                .await?;
        }
    }
    Ok(Some(enrolled))
}
