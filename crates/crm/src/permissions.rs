//! What the CRM's operations need, and which roles hold it by default.

use platform::access::{Grant, Permission, Role, RouteCheck, RouteMatch, RouteRule};
use Role::*;

pub static CLIENTS_READ: Permission = Permission {
    code: "clientes_ler",
    label: "consultar clientes",
    grant: Grant::Roles(&Role::ALL),
};

pub static CLIENTS_WRITE: Permission = Permission {
    code: "clientes_editar",
    label: "cadastrar e editar clientes",
    grant: Grant::Roles(&[
        FinancialAssistant,
        FinancialManager,
        LegalAssistant,
        Admin,
        SuperAdmin,
        Salesperson,
        SalesManager,
    ]),
};

pub static CLIENTS_ARCHIVE: Permission = Permission {
    code: "clientes_arquivar",
    label: "arquivar e restaurar clientes",
    grant: Grant::Roles(&[FinancialManager, Admin, SuperAdmin, SalesManager]),
};

/// Marketing links and campaigns: a salesperson reads the shared active links and their own personal ones.
pub static LINKS_READ: Permission = Permission {
    code: "links_ler",
    label: "consultar links de marketing e campanhas",
    grant: Grant::Roles(&[
        Salesperson,
        SalesManager,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Every link, archived and personal ones included (without it: shared active links and one's own).
pub static LINKS_READ_ALL: Permission = Permission {
    code: "links_ler_todos",
    label: "consultar todos os links de marketing",
    grant: Grant::Roles(&[SalesManager, FinancialManager, Admin, SuperAdmin]),
};

/// Create, change, duplicate and archive links: one's own personal links only, unless `LINKS_MANAGE`.
pub static LINKS_WRITE: Permission = Permission {
    code: "links_editar",
    label: "criar e editar links de marketing pessoais",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Every link and the campaigns.
pub static LINKS_MANAGE: Permission = Permission {
    code: "links_gerenciar",
    label: "gerenciar links de marketing e campanhas",
    grant: Grant::Roles(&[SalesManager, Admin, SuperAdmin]),
};

/// The hosts links may send visitors to.
pub static LINKS_SETTINGS: Permission = Permission {
    code: "links_configurar",
    label: "configurar os destinos permitidos dos links de marketing",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// Every permission the CRM declares.
pub static ALL: &[&Permission] = &[
    &CLIENTS_READ,
    &CLIENTS_WRITE,
    &CLIENTS_ARCHIVE,
    &LINKS_READ,
    &LINKS_READ_ALL,
    &LINKS_WRITE,
    &LINKS_MANAGE,
    &LINKS_SETTINGS,
];

/// The CRM pages' access rules (the web guard's generated rules include them).
pub static ROUTE_RULES: &[RouteRule] = &[RouteRule::new(
    RouteMatch::Exact(&["/crm/marketing/links"]),
    &LINKS_READ,
    RouteCheck::Client,
    "/inicio",
)];
