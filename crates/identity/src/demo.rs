//! Demo users: one for every role, and the hub users, all signing in with [`DEMO_PASSWORD`]. Loading
//! them again changes nothing.

use platform::context::{Demo, DemoUser as SharedDemoUser};
use platform::error::Result;
use platform::{Role, RoleFlags};

use crate::{Identity, NewUser};

/// Every demo user signs in with this password.
pub const DEMO_PASSWORD: &str = "Demo@2026";
pub const DEMO_DOMAIN: &str = "demo.backoffice.com.br";

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
        (Role::PurchasingAssistant, "Marcos Pereira"),
        (Role::PurchasingManager, "Sandra Martins"),
        (Role::StockKeeper, "João Batista Santos"),
        (Role::StockManager, "Renata Carvalho"),
        (Role::ClinicStaff, "Camila Rocha"),
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
                // Dispatches (stock brief §1): clinic staff request and receive, the central keeper picks and
                // ships, the stock manager approves and resolves; all of them through the hub.
                can_see_dispatch: matches!(
                    role,
                    Role::ClinicStaff | Role::StockKeeper | Role::StockManager
                ),
                can_approval_dispatch: role == Role::StockManager,
            },
            // Clinic staff work through the hub, and so do the stock roles for dispatches.
            access_hub: role.is_admin()
                || matches!(
                    role,
                    Role::ClinicStaff | Role::StockKeeper | Role::StockManager
                ),
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

/// Creates the demo users that do not exist yet, shares them with the other contexts' demo data, and
/// returns a line per user for the person who ran `backoffice demo-data`.
pub async fn seed(identity: &Identity, demo: &mut Demo) -> Result<Vec<String>> {
    let mut lines = vec![format!(
        "Usuários de demonstração (senha de todos: {DEMO_PASSWORD}):"
    )];
    for u in demo_users() {
        let existing = identity.user_by_email(&u.email).await?;
        let (uid, created) = match existing {
            Some(user) => (user.uid, false),
            None => {
                let user = identity
                    .create_user(NewUser {
                        email: u.email.clone(),
                        name: u.name.to_string(),
                        role: Some(u.role),
                        flags: u.flags,
                        access_hub: u.access_hub,
                        is_password_updated: true,
                        password: Some(DEMO_PASSWORD.to_string()),
                    })
                    .await?;
                (user.uid, true)
            }
        };
        lines.push(format!(
            "  {:<48} {:<20} {}",
            u.email,
            u.role.as_str(),
            if created { "criado" } else { "já existia" }
        ));
        demo.users.push(SharedDemoUser {
            uid,
            email: u.email,
            role: u.role,
        });
    }
    Ok(lines)
}
