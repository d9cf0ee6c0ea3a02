//! `backoffice demo-data`: a realistic demo set — a user for every role (and the hub users) with their
//! passwords, and Brazilian clients with valid documents. Running it again changes nothing.

use identity::{Identity, NewUser};
use platform::{Role, RoleFlags};

/// Every demo user signs in with this password.
pub const DEMO_PASSWORD: &str = "Demo@2026";
pub const DEMO_DOMAIN: &str = "demo.backoffice.com.br";
/// How many demo clients `demo-data` creates.
pub const DEMO_CLIENTS: usize = 120;

pub struct DemoUser {
    pub email: String,
    pub name: &'static str,
    pub role: Role,
    pub flags: RoleFlags,
    pub access_hub: bool,
}

/// `FINANCIAL_ASSISTANT` → `financial-assistant@demo.backoffice.com.br`.
pub fn demo_email(local: &str) -> String {
    format!("{}@{DEMO_DOMAIN}", local.to_lowercase().replace('_', "-"))
}

pub fn demo_users() -> Vec<DemoUser> {
    let names = [
        (Role::FinancialAssistant, "Ana Paula Ribeiro"),
        (Role::FinancialManager, "Carlos Eduardo Moreira"),
        (Role::LegalAssistant, "Juliana Fernandes"),
        (Role::Admin, "Roberto Almeida"),
        (Role::SuperAdmin, "Fernanda Costa"),
        (Role::Salesperson, "Lucas Oliveira"),
        (Role::SalesManager, "Patrícia Souza"),
        (Role::Purchasing, "Marcos Pereira"),
        (Role::StockKeeper, "João Batista Santos"),
    ];
    let mut users: Vec<DemoUser> = names
        .into_iter()
        .map(|(role, name)| DemoUser {
            email: demo_email(role.as_str()),
            name,
            role,
            // Managers and administrators reconcile; everyone else does not.
            flags: RoleFlags {
                can_see_conciliation: matches!(
                    role,
                    Role::FinancialManager | Role::Admin | Role::SuperAdmin
                ),
                ..Default::default()
            },
            access_hub: role.is_admin(),
        })
        .collect();
    users.push(DemoUser {
        email: demo_email("hub-dispatch"),
        name: "Beatriz Lima",
        role: Role::Salesperson,
        flags: RoleFlags {
            can_see_dispatch: true,
            ..Default::default()
        },
        access_hub: true,
    });
    users.push(DemoUser {
        email: demo_email("hub-approver"),
        name: "Ricardo Gomes",
        role: Role::SalesManager,
        flags: RoleFlags {
            can_see_dispatch: true,
            can_approval_dispatch: true,
            ..Default::default()
        },
        access_hub: true,
    });
    users
}

/// Creates the demo users that do not exist yet; returns (email, role, created?) for each.
pub async fn seed_users(identity: &Identity) -> Result<Vec<(String, Role, bool)>, String> {
    let mut report = Vec::new();
    for u in demo_users() {
        let exists = identity::store::user_by_email(identity.db(), &u.email)
            .await
            .map_err(|e| e.to_string())?
            .is_some();
        if !exists {
            identity
                .create_user(NewUser {
                    email: u.email.clone(),
                    name: u.name.to_string(),
                    role: Some(u.role),
                    flags: u.flags,
                    access_hub: u.access_hub,
                    is_password_updated: true,
                    password: Some(DEMO_PASSWORD.to_string()),
                })
                .await
                .map_err(|e| e.body().message.clone())?;
        }
        report.push((u.email, u.role, !exists));
    }
    Ok(report)
}
