//! Demo data for the sales organisation: the demo salesperson's and sales manager's CRM profiles, and a team the
//! manager runs with the salesperson in it and this month's targets. Running it again changes nothing.

use platform::context::Demo;
use platform::error::Result;
use platform::{Principal, Role, RoleFlags};

use crate::domain::{Month, ProfileDraft, Targets, TeamFields};
use crate::service::{Profiles, Teams};

pub async fn seed(teams: &Teams, profiles: &Profiles, demo: &Demo) -> Result<Vec<String>> {
    let (Some(admin), Some(manager)) = (demo.user(Role::Admin), demo.user(Role::SalesManager))
    else {
        return Ok(Vec::new());
    };
    let by = Principal {
        uid: admin.uid.clone(),
        email: admin.email.clone(),
        name: "Dados de demonstração".into(),
        role: Some(Role::Admin),
        flags: RoleFlags::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    };
    let month = Month::of(teams.today());
    if !teams.list(&by, month, true).await?.is_empty() {
        return Ok(vec!["Times de demonstração: já existiam.".into()]);
    }
    let now = chrono::Utc::now();
    let names = teams.sales_users().await?;
    let sales: Vec<_> = demo
        .users
        .iter()
        .filter(|u| matches!(u.role, Role::Salesperson | Role::SalesManager))
        .collect();
    for user in &sales {
        let manager_role = user.role == Role::SalesManager;
        let draft = ProfileDraft {
            display_name: names
                .get(&user.uid)
                .map(|u| u.name.clone())
                .unwrap_or_else(|| user.email.clone()),
            whatsapp: Some("(11) 98888-7777".into()),
            employment: "clt".into(),
            discount_limit_bp: if manager_role { 1_500 } else { 500 },
            active: true,
            hired_on: Some(month.first_day()),
            ..ProfileDraft::default()
        };
        profiles.create(&user.uid, draft, &by, now).await?;
    }
    let team = teams
        .create(
            TeamFields::parse("Time Centro", None, vec![manager.uid.clone()])?,
            &by,
        )
        .await?;
    for user in sales.iter().filter(|u| u.role == Role::Salesperson) {
        teams
            .add_member(
                &by,
                &team.team.id,
                &user.uid,
                crate::domain::MemberRole::Vendedor,
                month.first_day(),
            )
            .await?;
    }
    let targets = Targets {
        sales_value_cents: 12_000_000,
        sales_count: 40,
        activities_done: 600,
        new_clients: 25,
    };
    teams
        .set_targets(&by, &team.team.id, month, targets)
        .await?;
    let sellers: Vec<String> = sales
        .iter()
        .filter(|u| u.role == Role::Salesperson)
        .map(|u| u.uid.clone())
        .collect();
    let given = crate::demo::assign_portfolio(teams.db(), &sellers, &admin.uid).await?;
    Ok(vec![format!(
        "Time de demonstração criado, com metas do mês e perfis de vendas; {given} clientes nas carteiras dos vendedores."
    )])
}
