//! Staff roles and the per-user flags of the seed.

use poem_openapi::{Enum, Object};

/// A staff member's role. The first five come from the product's seed; the rest are the business areas'.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Enum,
    serde::Serialize,
    serde::Deserialize,
)]
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
    /// Buyer: requisitions, quotations, draft purchase orders, receipts, suppliers.
    PurchasingAssistant,
    /// Head of purchasing: the buyer's work plus approvals and divergence acceptance.
    PurchasingManager,
    /// Central warehouse staff: movements, counting, picking and shipping dispatches.
    StockKeeper,
    /// Stock controller: materials, policies, BOMs, count approval, manual adjustments.
    StockManager,
    /// Clinic employee (hub user): their own clinics (`user_locations`).
    ClinicStaff,
}

impl Role {
    pub const ALL: [Role; 12] = [
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::LegalAssistant,
        Role::Admin,
        Role::SuperAdmin,
        Role::Salesperson,
        Role::SalesManager,
        Role::PurchasingAssistant,
        Role::PurchasingManager,
        Role::StockKeeper,
        Role::StockManager,
        Role::ClinicStaff,
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
            Role::PurchasingAssistant => "PURCHASING_ASSISTANT",
            Role::PurchasingManager => "PURCHASING_MANAGER",
            Role::StockKeeper => "STOCK_KEEPER",
            Role::StockManager => "STOCK_MANAGER",
            Role::ClinicStaff => "CLINIC_STAFF",
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
            Role::PurchasingAssistant => "Assistente de compras",
            Role::PurchasingManager => "Gerente de compras",
            Role::StockKeeper => "Estoquista",
            Role::StockManager => "Gerente de estoque",
            Role::ClinicStaff => "Equipe da clínica",
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

/// A per-user flag that grants a permission whatever the user's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    AccessHub,
    CanSeeConciliation,
    CanSeeDispatch,
    CanApprovalDispatch,
}

impl Flag {
    /// The field's name as the user object carries it (`role_id.can_see_dispatch`, `access_hub`).
    pub fn as_str(self) -> &'static str {
        match self {
            Flag::AccessHub => "access_hub",
            Flag::CanSeeConciliation => "role_id.can_see_conciliation",
            Flag::CanSeeDispatch => "role_id.can_see_dispatch",
            Flag::CanApprovalDispatch => "role_id.can_approval_dispatch",
        }
    }

    pub fn is_set(self, flags: &RoleFlags, access_hub: bool) -> bool {
        match self {
            Flag::AccessHub => access_hub,
            Flag::CanSeeConciliation => flags.can_see_conciliation,
            Flag::CanSeeDispatch => flags.can_see_dispatch,
            Flag::CanApprovalDispatch => flags.can_approval_dispatch,
        }
    }
}

/// A role sent elsewhere from some pages whatever its permissions (the seed: LEGAL_ASSISTANT goes from
/// `/minhas-vendas` and `/inicio` to `/clientes`).
#[derive(Debug, Clone, Copy)]
pub struct RoleRedirect {
    pub role: Role,
    pub paths: &'static [&'static str],
    pub to: &'static str,
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
}
