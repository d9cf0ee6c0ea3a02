//! What the sales operations need, and which roles hold it by default (the product brief's §6 access table:
//! `sales/catalog` is read by the sales, legal and finance roles and written by administrators).

use platform::access::{Grant, Permission, Role, RouteCheck, RouteMatch, RouteRule};
use Role::*;

pub static SALES_CATALOG_READ: Permission = Permission {
    code: "vendas_catalogo_ler",
    label: "consultar o catálogo de vendas",
    grant: Grant::Roles(&[
        Salesperson,
        SalesManager,
        LegalAssistant,
        FinancialAssistant,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

pub static SALES_CATALOG_WRITE: Permission = Permission {
    code: "vendas_catalogo_editar",
    label: "cadastrar e alterar itens do catálogo de vendas",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// Every permission the context declares.
pub static ALL: &[&Permission] = &[&SALES_CATALOG_READ, &SALES_CATALOG_WRITE];

/// The catalog's page opens to whoever reads the catalog (the web guard is generated from this).
pub static ROUTE_RULES: &[RouteRule] = &[RouteRule::new(
    RouteMatch::Exact(&["/backoffice/vendas/catalogo"]),
    &SALES_CATALOG_READ,
    RouteCheck::Client,
    "/inicio",
)];
