//! Roles, flags, permissions and the signed-in principal: who may do what.
//!
//! A [`Permission`] is declared once, by the context that owns it, as a `static` holding its code, its
//! Portuguese label and who holds it by default ([`Grant`]). An endpoint names the one permission it needs
//! on its bearer parameter (`#[oai(scope = "CLIENTS_READ")] auth: BearerAuth`); the server enforces that
//! declaration before the handler runs (see [`crate::api::auth`]), and the access table in `docs/access.md`,
//! the access test and the web guard's generated rules all read it from there.

mod navigation;
mod principal;
mod role;
pub mod table;

pub use navigation::{
    RouteCheck, RouteMatch, RouteRule, CONCILIATION, DISPATCH_APPROVE, DISPATCH_VIEW, FINANCE_AREA,
    HUB, PLATFORM_PERMISSIONS, REMESSA_COBRANCA, REMESSA_PAGAMENTOS, ROLE_REDIRECTS, ROUTE_RULES,
    SIGNED_IN,
};
pub use principal::Principal;
pub use role::{Flag, Role, RoleFlags, RoleRedirect};

/// Something an operation needs, and who holds it by default.
#[derive(Debug)]
pub struct Permission {
    /// Stable name used in the API, the docs and the web (`clientes_ler`).
    pub code: &'static str,
    /// What it lets one do, in Portuguese, completing "Você não tem permissão para …".
    pub label: &'static str,
    pub grant: Grant,
}

/// Who holds a permission: the listed roles, or whoever has a per-user flag (the seed's `role_id` flags and
/// `access_hub`), whatever their role.
#[derive(Debug, Clone, Copy)]
pub enum Grant {
    Roles(&'static [Role]),
    Flag(Flag),
}

impl PartialEq for Permission {
    fn eq(&self, other: &Permission) -> bool {
        self.code == other.code
    }
}

impl Eq for Permission {}

impl Permission {
    /// The roles that hold this permission by role alone (a flag permission lists none).
    pub fn roles(&self) -> &'static [Role] {
        match self.grant {
            Grant::Roles(roles) => roles,
            Grant::Flag(_) => &[],
        }
    }

    /// Whether a user with this role and these flags holds the permission. A missing role means no
    /// permission at all (the seed's rule for dispatch, applied everywhere).
    pub fn granted_to(&self, role: Option<Role>, flags: &RoleFlags, access_hub: bool) -> bool {
        let Some(role) = role else { return false };
        match self.grant {
            Grant::Roles(roles) => roles.contains(&role),
            Grant::Flag(flag) => flag.is_set(flags, access_hub),
        }
    }

    /// Who holds it, for the docs: role names, or the flag.
    pub fn holders(&self) -> String {
        match self.grant {
            Grant::Roles(roles) => roles
                .iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            Grant::Flag(flag) => format!("flag {}", flag.as_str()),
        }
    }
}

/// poem-openapi writes a scope's name into the operation's `security` requirement; the permission's code
/// is that name (`"security": [{"BearerAuth": ["clientes_ler"]}]`).
impl poem_openapi::OAuthScopes for Permission {
    fn meta() -> Vec<poem_openapi::registry::MetaOAuthScope> {
        Vec::new()
    }

    fn name(&self) -> &'static str {
        self.code
    }
}

/// The roles that hold `permission` by role alone, in [`Role::ALL`] order (for tests and docs).
pub fn roles_holding(permission: &Permission) -> Vec<Role> {
    Role::ALL
        .into_iter()
        .filter(|r| permission.granted_to(Some(*r), &RoleFlags::default(), false))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_permissions_follow_flags_not_roles() {
        let flags = RoleFlags {
            can_see_dispatch: true,
            ..Default::default()
        };
        assert!(DISPATCH_VIEW.granted_to(Some(Role::Salesperson), &flags, false));
        assert!(!DISPATCH_APPROVE.granted_to(Some(Role::SuperAdmin), &flags, true));
        assert!(!DISPATCH_VIEW.granted_to(None, &flags, true));
        assert!(HUB.granted_to(Some(Role::StockKeeper), &flags, true));
    }

    #[test]
    fn cobranca_remittances_are_for_the_finance_roles_and_payment_ones_for_managers_and_admins() {
        assert_eq!(
            roles_holding(&REMESSA_COBRANCA),
            vec![
                Role::FinancialAssistant,
                Role::FinancialManager,
                Role::Admin,
                Role::SuperAdmin
            ]
        );
        assert_eq!(
            roles_holding(&REMESSA_PAGAMENTOS),
            vec![Role::FinancialManager, Role::Admin, Role::SuperAdmin]
        );
    }

    #[test]
    fn a_user_without_a_role_holds_nothing() {
        assert!(!SIGNED_IN.granted_to(None, &RoleFlags::default(), true));
    }
}
