//! What the finance operations need, and which roles hold it by default (`../shared/product/finance.md` §7).

use platform::access::{Grant, Permission, Role, RouteCheck, RouteMatch, RouteRule};

pub static FINANCE_CHART_READ: Permission = Permission {
    code: "financeiro_cadastros_ler",
    label: "consultar plano de contas, centros de custo, contas bancárias e convênios",
    // Purchasing reads them too (a purchase order names the account it will be paid from).
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
        Role::Purchasing,
    ]),
};

pub static FINANCE_CHART_WRITE: Permission = Permission {
    code: "financeiro_cadastros_editar",
    label: "editar plano de contas, centros de custo, contas bancárias e convênios",
    grant: Grant::Roles(&[Role::FinancialManager, Role::Admin, Role::SuperAdmin]),
};

/// The alçada (approval authority) is set by the super administrator alone (finance.md §0).
pub static FINANCE_APPROVAL_LIMIT_SET: Permission = Permission {
    code: "financeiro_alcada_definir",
    label: "definir a alçada de aprovação",
    grant: Grant::Roles(&[Role::SuperAdmin]),
};

/// Suppliers are read by the finance roles and purchasing (a purchase order names its supplier).
pub static SUPPLIERS_READ: Permission = Permission {
    code: "fornecedores_ler",
    label: "consultar fornecedores",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
        Role::Purchasing,
    ]),
};

/// Purchasing creates and edits suppliers too, without their bank data.
pub static SUPPLIERS_WRITE: Permission = Permission {
    code: "fornecedores_editar",
    label: "cadastrar e editar fornecedores",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
        Role::Purchasing,
    ]),
};

/// Adding or removing where a supplier's payments go. What a holder without [`SUPPLIER_BANK_DATA_CONFIRM`] adds
/// stays pending until someone else confirms it (finance.md §1: payee-redirection fraud).
pub static SUPPLIER_BANK_DATA_WRITE: Permission = Permission {
    code: "fornecedores_dados_bancarios_editar",
    label: "incluir e remover dados bancários e chaves PIX de fornecedores",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Confirming a supplier's pending bank data (never one's own additions); what a holder adds applies at once.
pub static SUPPLIER_BANK_DATA_CONFIRM: Permission = Permission {
    code: "fornecedores_dados_bancarios_confirmar",
    label: "confirmar dados bancários de fornecedores",
    grant: Grant::Roles(&[Role::FinancialManager, Role::SuperAdmin]),
};

/// Every permission the context declares.
pub static ALL: &[&Permission] = &[
    &FINANCE_CHART_READ,
    &FINANCE_CHART_WRITE,
    &FINANCE_APPROVAL_LIMIT_SET,
    &SUPPLIERS_READ,
    &SUPPLIERS_WRITE,
    &SUPPLIER_BANK_DATA_WRITE,
    &SUPPLIER_BANK_DATA_CONFIRM,
];

/// The finance pages built so far: the guard decides from the user's permissions (their own grants included);
/// a denial goes to `/inicio`.
pub static ROUTE_RULES: &[RouteRule] = &[
    RouteRule::new(
        RouteMatch::Exact(&["/backoffice/financeiro/planos-de-conta"]),
        &FINANCE_CHART_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/fornecedores"]),
        &SUPPLIERS_READ,
        RouteCheck::Client,
        "/inicio",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The finance roles: they work the money side.
    const FINANCE_ROLES: [Role; 4] = [
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ];

    #[test]
    fn the_finance_roles_read_the_chart_and_only_managers_write_it() {
        for role in FINANCE_ROLES {
            assert!(
                matches!(FINANCE_CHART_READ.grant, Grant::Roles(roles) if roles.contains(&role))
            );
        }
        assert!(
            matches!(FINANCE_CHART_WRITE.grant, Grant::Roles(roles) if !roles.contains(&Role::FinancialAssistant))
        );
    }

    #[test]
    fn purchasing_keeps_suppliers_without_bank_data_and_only_managers_confirm() {
        use platform::access::roles_holding;
        for permission in [&SUPPLIERS_READ, &SUPPLIERS_WRITE] {
            assert!(roles_holding(permission).contains(&Role::Purchasing));
        }
        assert_eq!(roles_holding(&SUPPLIER_BANK_DATA_WRITE), FINANCE_ROLES);
        assert_eq!(
            roles_holding(&SUPPLIER_BANK_DATA_CONFIRM),
            [Role::FinancialManager, Role::SuperAdmin]
        );
    }
}
