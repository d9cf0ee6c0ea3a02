//! Demo data, through the context's own operations; loading it again adds nothing: the clinic network's starter
//! chart of accounts and its cost centres, created by the demo financial manager.

use platform::access::{Principal, RoleFlags};
use platform::context::Demo;
use platform::error::Result;
use platform::Role;

use crate::domain::CostCenterDraft;
use crate::Finance;

const COST_CENTERS: [(&str, &str); 5] = [
    ("ADM", "Administração central"),
    ("COM", "Comercial e marketing"),
    ("CLI-01", "Clínica Centro"),
    ("CLI-02", "Clínica Jardins"),
    ("CLI-03", "Clínica Moema"),
];

pub async fn seed(finance: &Finance, demo: &Demo) -> Result<Vec<String>> {
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
    let mut said = Vec::new();
    if finance.chart().count().await? > 0 {
        said.push("Financeiro: o plano de contas já existia.".into());
    } else {
        let created = finance.chart().create_starter(&by).await?;
        said.push(format!(
            "Financeiro: plano de contas inicial com {} contas.",
            created.len()
        ));
    }
    if finance.cost_centers().count().await? > 0 {
        said.push("Financeiro: os centros de custo já existiam.".into());
    } else {
        for (code, name) in COST_CENTERS {
            let draft = CostCenterDraft {
                code: Some(code.into()),
                name: Some(name.into()),
            };
            finance.cost_centers().create(draft, &by).await?;
        }
        said.push(format!(
            "Financeiro: {} centros de custo.",
            COST_CENTERS.len()
        ));
    }
    Ok(said)
}
