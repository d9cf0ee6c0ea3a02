//! Demo data, through the context's own operations; loading it again adds nothing: the clinic network's starter
//! chart of accounts, its cost centres and three bank accounts, created by the demo financial manager.

use platform::access::{Principal, RoleFlags};
use platform::context::Demo;
use platform::error::Result;
use platform::Role;

use chrono::NaiveDate;

use crate::domain::{BankAccountDraft, CostCenterDraft};
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
    if finance.bank_accounts().count().await? > 0 {
        said.push("Financeiro: as contas bancárias já existiam.".into());
    } else {
        for (nickname, bank, agency, account, digit, balance) in BANK_ACCOUNTS {
            let draft = BankAccountDraft {
                nickname: Some(nickname.into()),
                bank: Some(bank.into()),
                agency: Some(agency.into()),
                agency_digit: None,
                account: Some(account.into()),
                account_digit: Some(digit.into()),
                opening_balance: Some(balance),
                opening_date: NaiveDate::from_ymd_opt(2026, 1, 1),
            };
            finance.bank_accounts().create(draft, &by).await?;
        }
        said.push(format!(
            "Financeiro: {} contas bancárias.",
            BANK_ACCOUNTS.len()
        ));
    }
    Ok(said)
}

/// Nickname, bank, agência, conta, dígito, saldo inicial em 01/01/2026 (centavos).
const BANK_ACCOUNTS: [(&str, &str, &str, &str, &str, i64); 3] = [
    ("Itaú Operacional", "341", "0912", "45678", "9", 18_450_000),
    (
        "Bradesco Recebimentos",
        "237",
        "1234",
        "0098765",
        "4",
        7_230_055,
    ),
    ("Sicoob Folha", "756", "3001", "123456", "0", 1_500_000),
];
