//! What the finance operations need, and which roles hold it by default (`../shared/product/finance.md` §7).

use platform::access::{Flag, Grant, Permission, Role, RouteCheck, RouteMatch, RouteRule};

pub static FINANCE_CHART_READ: Permission = Permission {
    code: "financeiro_cadastros_ler",
    label: "consultar plano de contas, centros de custo, contas bancárias e convênios",
    // Purchasing reads them too (a purchase order names the account it will be paid from).
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
        Role::PurchasingAssistant,
        Role::PurchasingManager,
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
        Role::PurchasingAssistant,
        Role::PurchasingManager,
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
        Role::PurchasingAssistant,
        Role::PurchasingManager,
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

/// Receivables (contas a receber) are read by the finance roles (finance.md §7).
pub static RECEIVABLES_READ: Permission = Permission {
    code: "recebimentos_ler",
    label: "consultar contas a receber",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Creating títulos and working their installments: receipt, extension, cancellation (renegotiation).
pub static RECEIVABLES_WRITE: Permission = Permission {
    code: "recebimentos_editar",
    label: "lançar, receber, prorrogar e cancelar contas a receber",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Reversing a receipt, and reverting a write-off (finance.md §3.1: FM, SA).
pub static RECEIPTS_REVERSE: Permission = Permission {
    code: "recebimentos_estornar",
    label: "estornar recebimentos",
    grant: Grant::Roles(&[Role::FinancialManager, Role::SuperAdmin]),
};

/// Writing an installment off without receipt: up to the alçada, unless the holder also has
/// [`FINANCE_UNLIMITED_APPROVAL`].
pub static RECEIVABLES_WRITE_OFF: Permission = Permission {
    code: "recebimentos_baixar",
    label: "baixar parcelas sem recebimento",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Approving or writing off above the alçada (finance.md §0: FM and SA without limit); checked by the services,
/// never declared by an operation.
pub static FINANCE_UNLIMITED_APPROVAL: Permission = Permission {
    code: "financeiro_alcada_ilimitada",
    label: "aprovar e baixar sem limite de alçada",
    grant: Grant::Roles(&[Role::FinancialManager, Role::SuperAdmin]),
};

/// Boletos are read by the finance roles (finance.md §7).
pub static BOLETOS_READ: Permission = Permission {
    code: "boletos_ler",
    label: "consultar boletos",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Issuing boletos and sending instructions (baixa, vencimento, abatimento, protesto) on registered ones.
pub static BOLETOS_ISSUE: Permission = Permission {
    code: "boletos_emitir",
    label: "emitir boletos e solicitar instruções ao banco",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Payables (contas a pagar) and the payments agenda are read by the finance roles (finance.md §7).
pub static PAYABLES_READ: Permission = Permission {
    code: "pagar_ler",
    label: "consultar contas a pagar e pagamentos",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Creating and editing payables, asking for approval, scheduling and registering payments.
pub static PAYABLES_WRITE: Permission = Permission {
    code: "pagar_editar",
    label: "lançar, editar, programar e pagar contas a pagar",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Approving (and sending back) payables: up to the alçada, unless the holder also has
/// [`FINANCE_UNLIMITED_APPROVAL`]; never one's own (created or edited).
pub static PAYABLES_APPROVE: Permission = Permission {
    code: "pagar_aprovar",
    label: "aprovar contas a pagar",
    grant: Grant::Roles(&[
        Role::FinancialAssistant,
        Role::FinancialManager,
        Role::Admin,
        Role::SuperAdmin,
    ]),
};

/// Reversing a payment, and cancelling an approved payable (finance.md §3.2: FM, SA).
pub static PAYMENTS_REVERSE: Permission = Permission {
    code: "pagar_estornar",
    label: "estornar pagamentos e cancelar contas aprovadas",
    grant: Grant::Roles(&[Role::FinancialManager, Role::SuperAdmin]),
};

/// Reading statements and reconciliations (finance.md §7 "conc."): whoever's role has `can_see_conciliation`,
/// the same flag the `/conciliacao` page needs.
pub static RECONCILIATION_READ: Permission = Permission {
    code: "conciliacao_ler",
    label: "consultar extratos e conciliações",
    grant: Grant::Flag(Flag::CanSeeConciliation),
};

/// Importing statements, running the matching, accepting, undoing and ignoring (finance.md §7 "conc.").
pub static RECONCILIATION_WRITE: Permission = Permission {
    code: "conciliacao_operar",
    label: "importar extratos, conciliar, desfazer e ignorar lançamentos",
    grant: Grant::Flag(Flag::CanSeeConciliation),
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
    &RECEIVABLES_READ,
    &RECEIVABLES_WRITE,
    &RECEIPTS_REVERSE,
    &RECEIVABLES_WRITE_OFF,
    &FINANCE_UNLIMITED_APPROVAL,
    &BOLETOS_READ,
    &BOLETOS_ISSUE,
    &PAYABLES_READ,
    &PAYABLES_WRITE,
    &PAYABLES_APPROVE,
    &PAYMENTS_REVERSE,
    &RECONCILIATION_READ,
    &RECONCILIATION_WRITE,
];

/// The finance pages built so far: the guard decides from the user's permissions (their own grants included);
/// a denial goes to `/inicio`, but `/recebimentos` sends the other roles to `/minhas-vendas` (finance.md §2;
/// `/pagamentos` keeps the platform's rule, `financeiro`, which sends them there too).
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
    RouteRule::new(
        RouteMatch::Exact(&["/recebimentos"]),
        &RECEIVABLES_READ,
        RouteCheck::Client,
        "/minhas-vendas",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/boletos", "/boletos/detalhes"]),
        &BOLETOS_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/recebimentos-por-periodo"]),
        &RECEIVABLES_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/contas-a-pagar"]),
        &PAYABLES_READ,
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
            assert!(roles_holding(permission).contains(&Role::PurchasingAssistant));
        }
        assert_eq!(roles_holding(&SUPPLIER_BANK_DATA_WRITE), FINANCE_ROLES);
        assert_eq!(
            roles_holding(&SUPPLIER_BANK_DATA_CONFIRM),
            [Role::FinancialManager, Role::SuperAdmin]
        );
    }

    #[test]
    fn the_finance_roles_work_receivables_and_only_managers_reverse_or_pass_the_limit() {
        use platform::access::roles_holding;
        for permission in [
            &RECEIVABLES_READ,
            &RECEIVABLES_WRITE,
            &RECEIVABLES_WRITE_OFF,
        ] {
            assert_eq!(roles_holding(permission), FINANCE_ROLES);
        }
        for permission in [&RECEIPTS_REVERSE, &FINANCE_UNLIMITED_APPROVAL] {
            assert_eq!(
                roles_holding(permission),
                [Role::FinancialManager, Role::SuperAdmin]
            );
        }
    }
}
