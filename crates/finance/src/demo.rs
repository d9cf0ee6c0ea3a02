//! Demo data, through the context's own operations; loading it again adds nothing: the clinic network's starter
//! chart of accounts, created by the demo financial manager.

use platform::access::{Principal, RoleFlags};
use platform::context::Demo;
use platform::error::Result;
use platform::Role;

use crate::service::Chart;

pub async fn seed(chart: &Chart, demo: &Demo) -> Result<Vec<String>> {
    if chart.count().await? > 0 {
        return Ok(vec!["Financeiro: o plano de contas já existia.".into()]);
    }
    let owner = demo
        .user(Role::FinancialManager)
        .or_else(|| demo.user(Role::Admin));
    let by = Principal {
        uid: owner.map(|u| u.uid.clone()).unwrap_or_default(),
        email: owner.map(|u| u.email.clone()).unwrap_or_default(),
        name: "Dados de demonstração".into(),
        role: owner.map(|u| u.role),
        flags: RoleFlags::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    };
    let created = chart.create_starter(&by).await?;
    Ok(vec![format!(
        "Financeiro: plano de contas inicial com {} contas.",
        created.len()
    )])
}
