//! Demo activities: for each demo salesperson, calls and messages due today (some already past the hour), a few
//! overdue, a few upcoming and two done yesterday, on clients of their portfolio. Running it again adds nothing.

use chrono::{Duration, NaiveTime, TimeZone};
use platform::context::Demo;
use platform::error::Result;
use platform::{on_db, Role};

use crate::domain::activity::ActivityDraft;
use crate::service::{Activities, Completion};

/// (days from today, São Paulo hour, kind, subject, outcome when done)
const PLAN: &[(i64, u32, &str, &str, Option<&str>)] = &[
    (-3, 10, "ligacao", "Retornar pedido de orçamento", None),
    (-1, 15, "whatsapp", "Enviar fotos do antes e depois", None),
    (-1, 11, "ligacao", "Primeiro contato", Some("atendeu")),
    (-1, 16, "email", "Enviar proposta", Some("respondeu")),
    (0, 9, "ligacao", "Confirmar avaliação de amanhã", None),
    (0, 14, "whatsapp", "Lembrar da promoção do mês", None),
    (0, 17, "tarefa", "Atualizar cadastro do cliente", None),
    (1, 10, "reuniao", "Avaliação na clínica", None),
    (3, 11, "ligacao", "Pós-avaliação: tirar dúvidas", None),
];

pub async fn seed(activities: &Activities, demo: &Demo) -> Result<Option<usize>> {
    let db = activities.db();
    let existing: i64 = on_db!(db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM crm_activities").fetch_one(pool).await)?;
    if existing > 0 {
        return Ok(None);
    }
    let today = activities.today();
    let mut created = 0;
    for seller in demo.users.iter().filter(|u| u.role == Role::Salesperson) {
        let by = super::super::demo_principal(seller);
        let clients: Vec<String> = on_db!(db, pool => sqlx::query_scalar(
            "SELECT id FROM crm_clients WHERE owner_id = $1 ORDER BY name LIMIT 9",
        )
        .bind(&seller.uid)
        .fetch_all(pool)
        .await)?;
        for (i, (days, hour, kind, subject, outcome)) in PLAN.iter().enumerate() {
            let local = (today + Duration::days(*days))
                .and_time(NaiveTime::from_hms_opt(*hour, 0, 0).unwrap_or_default());
            let due_at = chrono_tz::America::Sao_Paulo
                .from_local_datetime(&local)
                .earliest()
                .map(|t| t.with_timezone(&chrono::Utc))
                .unwrap_or_else(|| platform::clock::start_of_day(today));
            let draft = ActivityDraft {
                kind: Some(kind.to_string()),
                subject: Some(subject.to_string()),
                client_id: clients.get(i % clients.len().max(1)).cloned(),
                due_at: Some(due_at),
                ..ActivityDraft::default()
            };
            let view = activities.create(&by, draft).await?;
            if let Some(outcome) = outcome {
                let done = Completion {
                    outcome: Some(outcome.to_string()),
                    notes: Some("Registrado nos dados de demonstração.".into()),
                    ..Completion::default()
                };
                activities.complete(&by, &view.activity.id, done).await?;
            }
            created += 1;
        }
    }
    Ok(Some(created))
}
