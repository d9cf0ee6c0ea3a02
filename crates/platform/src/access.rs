//! Roles, flags, permissions and the authenticated principal.
//!
//! The server enforces every permission: each handler takes a [`BearerAuth`] and calls
//! [`Principal::require`] before it touches anything. The web guards only mirror these rules.

use futures::future::BoxFuture;
use poem::Request;
use poem_openapi::auth::Bearer;
use poem_openapi::{Enum, Object, SecurityScheme};
use std::sync::Arc;

use crate::error::{ApiError, ApiResult};

/// A staff member's role. The first five come from the product's seed; the rest are the business areas'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Role {
    /// Finance clerk: payables, receivables, boletos; no remittance files.
    FinancialAssistant,
    /// Finance manager: everything in finance, including bank remittances.
    FinancialManager,
    /// Legal assistant: works from the clients list (collections, contracts).
    LegalAssistant,
    /// Administrator: every area, and the users below administrator.
    Admin,
    /// Super administrator: everything, including other administrators.
    SuperAdmin,
    /// Salesperson: own sales, clients, own commissions.
    Salesperson,
    /// Sales manager: the sales team's pipeline, clients and commissions.
    SalesManager,
    /// Purchasing: requisitions, purchase orders, suppliers.
    Purchasing,
    /// Stock keeper: materials, inventory and stock movements.
    StockKeeper,
}

impl Role {
    pub const ALL: [Role; 9] = [
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::LegalAssistant,
        Role::Admin,
        Role::SuperAdmin,
        Role::Salesperson,
        Role::SalesManager,
        Role::Purchasing,
        Role::StockKeeper,
    ];

    /// The stored and transmitted name (`FINANCIAL_ASSISTANT`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::FinancialAssistant => "FINANCIAL_ASSISTANT",
            Role::FinancialManager => "FINANCIAL_MANAGER",
            Role::LegalAssistant => "LEGAL_ASSISTANT",
            Role::Admin => "ADMIN",
            Role::SuperAdmin => "SUPER_ADMIN",
            Role::Salesperson => "SALESPERSON",
            Role::SalesManager => "SALES_MANAGER",
            Role::Purchasing => "PURCHASING",
            Role::StockKeeper => "STOCK_KEEPER",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// Portuguese label for screens and messages.
    pub fn label(self) -> &'static str {
        match self {
            Role::FinancialAssistant => "Assistente financeiro",
            Role::FinancialManager => "Gerente financeiro",
            Role::LegalAssistant => "Assistente jurídico",
            Role::Admin => "Administrador",
            Role::SuperAdmin => "Superadministrador",
            Role::Salesperson => "Vendedor",
            Role::SalesManager => "Gerente de vendas",
            Role::Purchasing => "Compras",
            Role::StockKeeper => "Estoquista",
        }
    }

    pub fn is_admin(self) -> bool {
        matches!(self, Role::Admin | Role::SuperAdmin)
    }
}

/// The per-user flags the seed calls `role_id`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize,
)]
pub struct RoleFlags {
    pub can_see_conciliation: bool,
    pub can_see_dispatch: bool,
    pub can_approval_dispatch: bool,
}

/// Something an endpoint needs. Each maps to the roles (or flags) that grant it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Permission {
    /// Any signed-in, active user (one's own profile, push tokens, the access-audit report).
    SignedIn,
    ClientsRead,
    ClientsWrite,
    ClientsArchive,
    /// Read any user, list users.
    UsersRead,
    /// Create, change, deactivate users and reset their passwords (ADMIN and SUPER_ADMIN users need SUPER_ADMIN).
    UsersManage,
    /// Read the access-audit trail.
    AuditRead,
    /// Open `/pagamentos` and `/recebimentos`.
    FinanceArea,
    /// Generate and send cobrança remittances (`/remessa`, `/remessas`).
    RemessaCobranca,
    /// Generate and send payment remittances (`/pagamentos-remessa`).
    RemessaPagamentos,
    /// Reconciliation pages (flag `can_see_conciliation`).
    Conciliation,
    /// Hub (flag `access_hub`).
    Hub,
    /// Dispatch area (flag `can_see_dispatch`).
    DispatchView,
    /// Dispatch approval (flag `can_approval_dispatch`).
    DispatchApprove,
}

use Role::*;

const EVERY_ROLE: &[Role] = &Role::ALL;
const ADMINS: &[Role] = &[Admin, SuperAdmin];
const FINANCE: &[Role] = &[FinancialAssistant, FinancialManager, Admin, SuperAdmin];
const FINANCE_MANAGERS: &[Role] = &[FinancialManager, Admin, SuperAdmin];
const CLIENT_EDITORS: &[Role] = &[
    FinancialAssistant,
    FinancialManager,
    LegalAssistant,
    Admin,
    SuperAdmin,
    Salesperson,
    SalesManager,
];
const CLIENT_ARCHIVERS: &[Role] = &[FinancialManager, Admin, SuperAdmin, SalesManager];

impl Permission {
    pub const ALL: [Permission; 14] = [
        Permission::SignedIn,
        Permission::ClientsRead,
        Permission::ClientsWrite,
        Permission::ClientsArchive,
        Permission::UsersRead,
        Permission::UsersManage,
        Permission::AuditRead,
        Permission::FinanceArea,
        Permission::RemessaCobranca,
        Permission::RemessaPagamentos,
        Permission::Conciliation,
        Permission::Hub,
        Permission::DispatchView,
        Permission::DispatchApprove,
    ];

    /// Stable name used in the API and in docs (`remessa_cobranca`).
    pub fn code(self) -> &'static str {
        match self {
            Permission::SignedIn => "autenticado",
            Permission::ClientsRead => "clientes_ler",
            Permission::ClientsWrite => "clientes_editar",
            Permission::ClientsArchive => "clientes_arquivar",
            Permission::UsersRead => "usuarios_ler",
            Permission::UsersManage => "usuarios_gerenciar",
            Permission::AuditRead => "auditoria_ler",
            Permission::FinanceArea => "financeiro",
            Permission::RemessaCobranca => "remessa_cobranca",
            Permission::RemessaPagamentos => "remessa_pagamentos",
            Permission::Conciliation => "conciliacao",
            Permission::Hub => "hub",
            Permission::DispatchView => "despachos_ver",
            Permission::DispatchApprove => "despachos_aprovar",
        }
    }

    /// Portuguese description, used in 403 messages.
    pub fn label(self) -> &'static str {
        match self {
            Permission::SignedIn => "estar autenticado",
            Permission::ClientsRead => "consultar clientes",
            Permission::ClientsWrite => "cadastrar e editar clientes",
            Permission::ClientsArchive => "arquivar e restaurar clientes",
            Permission::UsersRead => "consultar outros usuários",
            Permission::UsersManage => "administrar usuários",
            Permission::AuditRead => "consultar a auditoria de acessos",
            Permission::FinanceArea => "acessar pagamentos e recebimentos",
            Permission::RemessaCobranca => "gerar remessas de cobrança",
            Permission::RemessaPagamentos => "gerar remessas de pagamento",
            Permission::Conciliation => "acessar a conciliação bancária",
            Permission::Hub => "acessar o hub",
            Permission::DispatchView => "ver despachos",
            Permission::DispatchApprove => "aprovar despachos",
        }
    }

    /// The roles that hold this permission by role alone (flag-based permissions return none).
    pub fn roles(self) -> &'static [Role] {
        match self {
            Permission::SignedIn | Permission::ClientsRead => EVERY_ROLE,
            Permission::ClientsWrite => CLIENT_EDITORS,
            Permission::ClientsArchive => CLIENT_ARCHIVERS,
            Permission::UsersRead | Permission::UsersManage | Permission::AuditRead => ADMINS,
            Permission::FinanceArea => FINANCE,
            Permission::RemessaCobranca | Permission::RemessaPagamentos => FINANCE_MANAGERS,
            Permission::Conciliation
            | Permission::Hub
            | Permission::DispatchView
            | Permission::DispatchApprove => &[],
        }
    }

    /// Whether a user with this role and these flags holds the permission.
    pub fn granted_to(self, role: Option<Role>, flags: &RoleFlags, access_hub: bool) -> bool {
        // A missing role means no permission at all (the seed's rule for dispatch, applied everywhere).
        let Some(role) = role else { return false };
        match self {
            Permission::Conciliation => flags.can_see_conciliation,
            Permission::Hub => access_hub,
            Permission::DispatchView => flags.can_see_dispatch,
            Permission::DispatchApprove => flags.can_approval_dispatch,
            _ => self.roles().contains(&role),
        }
    }
}

/// The signed-in user making a request, as loaded fresh from the identity store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    pub uid: String,
    pub email: String,
    pub name: String,
    pub role: Option<Role>,
    pub flags: RoleFlags,
    pub access_hub: bool,
    /// The sign-in session the token belongs to (absent for Firebase tokens).
    pub session_id: Option<String>,
    /// The Firebase uid, when the user signed in through Firebase Authentication.
    pub firebase_uid: Option<String>,
}

impl Principal {
    /// Whether `uid` names this user: the backoffice uid, or the Firebase uid the web app knows them by.
    pub fn is_self(&self, uid: &str) -> bool {
        self.uid == uid || self.firebase_uid.as_deref() == Some(uid)
    }
}

impl Principal {
    pub fn has(&self, permission: Permission) -> bool {
        permission.granted_to(self.role, &self.flags, self.access_hub)
    }

    /// `Ok` when the permission is held, otherwise the 403 that names it.
    pub fn require(&self, permission: Permission) -> ApiResult<()> {
        if self.has(permission) {
            Ok(())
        } else {
            Err(ApiError::forbidden(format!(
                "Você não tem permissão para {}.",
                permission.label()
            )))
        }
    }

    pub fn is_admin(&self) -> bool {
        self.role.is_some_and(Role::is_admin)
    }
}

/// Turns a bearer token into a [`Principal`]. Implemented by the identity context (embedded tokens or
/// Firebase ID tokens) and put in the request data by the server.
pub trait Authenticator: Send + Sync {
    fn authenticate<'a>(&'a self, token: &'a str) -> BoxFuture<'a, ApiResult<Principal>>;
}

/// The shared handle the server stores in poem's request data.
pub type SharedAuthenticator = Arc<dyn Authenticator>;

/// Bearer token (JWT) of a signed-in user.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "authenticate_bearer")]
pub struct BearerAuth(pub Principal);

async fn authenticate_bearer(req: &Request, bearer: Bearer) -> poem::Result<Principal> {
    let Some(authenticator) = req.data::<SharedAuthenticator>() else {
        return Err(ApiError::internal("no authenticator in request data").into());
    };
    authenticator
        .authenticate(&bearer.token)
        .await
        .map_err(Into::into)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_names_round_trip() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("admin"), None);
    }

    #[test]
    fn flag_permissions_follow_flags_not_roles() {
        let flags = RoleFlags {
            can_see_dispatch: true,
            ..Default::default()
        };
        assert!(Permission::DispatchView.granted_to(Some(Role::Salesperson), &flags, false));
        assert!(!Permission::DispatchApprove.granted_to(Some(Role::SuperAdmin), &flags, true));
        assert!(!Permission::DispatchView.granted_to(None, &flags, true));
        assert!(Permission::Hub.granted_to(Some(Role::StockKeeper), &flags, true));
    }

    #[test]
    fn remittances_are_for_finance_managers_and_admins() {
        let none = RoleFlags::default();
        let allowed: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|r| Permission::RemessaCobranca.granted_to(Some(*r), &none, false))
            .collect();
        assert_eq!(
            allowed,
            vec![Role::FinancialManager, Role::Admin, Role::SuperAdmin]
        );
    }
}

/// One row of the endpoint access table: every context lists its operations, the server collects them,
/// the docs print them and a test calls each one as every role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointRule {
    pub method: &'static str,
    /// The path as in the OpenAPI document (`/api/v1/users/{uid}`).
    pub path: &'static str,
    /// `None`: public (no token needed).
    pub permission: Option<Permission>,
    /// Extra rule checked in the handler beyond the permission, in Portuguese, for the docs.
    pub note: &'static str,
}

/// The permission the web guard must ask the server about for a client route, if any. The guard
/// mirrors this; the endpoints behind each page enforce it again.
pub fn permission_for_route(path: &str) -> Option<Permission> {
    let path = path.split(['?', '#']).next().unwrap_or("");
    if path.contains("/pagamentos-remessa") {
        Some(Permission::RemessaPagamentos)
    } else if path.contains("/remessa") {
        Some(Permission::RemessaCobranca)
    } else if path.contains("/conciliacao") {
        Some(Permission::Conciliation)
    } else if path == "/pagamentos" || path == "/recebimentos" {
        Some(Permission::FinanceArea)
    } else if path.starts_with("/hub/despachos/aprovacoes") {
        Some(Permission::DispatchApprove)
    } else if path.starts_with("/hub/despachos") {
        Some(Permission::DispatchView)
    } else if path == "/hub" || path.starts_with("/hub/") {
        Some(Permission::Hub)
    } else {
        None
    }
}

#[cfg(test)]
mod route_tests {
    use super::*;

    #[test]
    fn routes_map_to_the_seed_rules() {
        assert_eq!(
            permission_for_route("/pagamentos-remessa"),
            Some(Permission::RemessaPagamentos)
        );
        assert_eq!(
            permission_for_route("/x/pagamentos-remessa/y"),
            Some(Permission::RemessaPagamentos)
        );
        assert_eq!(
            permission_for_route("/remessas?x=1"),
            Some(Permission::RemessaCobranca)
        );
        assert_eq!(
            permission_for_route("/conciliacao"),
            Some(Permission::Conciliation)
        );
        assert_eq!(
            permission_for_route("/pagamentos"),
            Some(Permission::FinanceArea)
        );
        assert_eq!(
            permission_for_route("/hub/despachos/aprovacoes"),
            Some(Permission::DispatchApprove)
        );
        assert_eq!(
            permission_for_route("/hub/despachos"),
            Some(Permission::DispatchView)
        );
        assert_eq!(permission_for_route("/hub"), Some(Permission::Hub));
        assert_eq!(permission_for_route("/clientes"), None);
    }
}
