//! What the sales operations need, and which roles hold it by default (the product brief's §6 access table:
//! `sales/catalog` is read by the sales, legal and finance roles and written by administrators; `sales/sales`).

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

/// §6 `sales/sales`: salespeople (own and split), managers (their teams'), finance and legal (all, read) and
/// administrators. Which sales each one reaches is the service's scope (404 outside it).
pub static SALES_SALES_READ: Permission = Permission {
    code: "vendas_vendas_ler",
    label: "consultar vendas",
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

/// Create, change and confirm sales (their own, or their teams' for a manager).
pub static SALES_SALES_WRITE: Permission = Permission {
    code: "vendas_vendas_editar",
    label: "criar, alterar e confirmar vendas",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Decide a discount above the salesperson's limit: a manager within their own limit, an administrator above.
pub static SALES_DISCOUNT_APPROVE: Permission = Permission {
    code: "vendas_desconto_aprovar",
    label: "aprovar descontos de vendas acima do limite do vendedor",
    grant: Grant::Roles(&[SalesManager, Admin, SuperAdmin]),
};

/// The sales reports (`/vendas-produtos`): managers (their teams' sales), finance and administrators (all).
pub static SALES_REPORTS_READ: Permission = Permission {
    code: "vendas_relatorios_ler",
    label: "consultar os relatórios de vendas",
    grant: Grant::Roles(&[
        SalesManager,
        FinancialAssistant,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// §6 `sales/reports, dashboard`: the sales dashboard (`/dashboard`) of a salesperson (their own month), a
/// manager (their teams), finance and administrators (the company); the service picks the view by role.
pub static SALES_DASHBOARD_READ: Permission = Permission {
    code: "vendas_painel_ler",
    label: "ver o painel de vendas",
    grant: Grant::Roles(&[
        Salesperson,
        SalesManager,
        FinancialAssistant,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// §6 `sales/summary-links`: the sale's salespeople, their manager and administrators create and revoke a
/// sale's proposal summary links (the sale's reach is the service's scope, 404 outside it).
pub static SALES_SUMMARY_LINKS: Permission = Permission {
    code: "vendas_links_resumo",
    label: "criar e revogar links de resumo da proposta",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// `/blackfriday`, the campaign room: a shared TV screen for the sales rooms, so every holder sees the whole
/// company's campaign (salespeople's first names and items, never a client).
pub static SALES_CAMPAIGN_ROOM: Permission = Permission {
    code: "vendas_sala_campanha",
    label: "ver a sala da campanha (Black Friday)",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// §6 `sales/follow-up` (`/follow-up-pedidos`) read: salespeople (own), managers (their teams'), finance and
/// administrators (all). Legal has none.
pub static SALES_FOLLOWUP_READ: Permission = Permission {
    code: "vendas_followup_ler",
    label: "consultar o follow-up de pedidos",
    grant: Grant::Roles(&[
        Salesperson,
        SalesManager,
        FinancialAssistant,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// §6 `sales/follow-up` write: schedule, ship, deliver, perform (salespeople their own, managers their teams',
/// administrators all; finance reads only).
pub static SALES_FOLLOWUP_WRITE: Permission = Permission {
    code: "vendas_followup_editar",
    label: "registrar as etapas do follow-up de pedidos",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Every permission the context declares.
pub static ALL: &[&Permission] = &[
    &SALES_CATALOG_READ,
    &SALES_CATALOG_WRITE,
    &SALES_SALES_READ,
    &SALES_SALES_WRITE,
    &SALES_DISCOUNT_APPROVE,
    &SALES_REPORTS_READ,
    &SALES_DASHBOARD_READ,
    &SALES_SUMMARY_LINKS,
    &SALES_CAMPAIGN_ROOM,
    &SALES_FOLLOWUP_READ,
    &SALES_FOLLOWUP_WRITE,
];

/// The catalog's page opens to whoever reads the catalog, the sale's to whoever reads sales, the reports to whoever
/// reads them, the dashboard to whoever has one (§6), the campaign room to the sales roles, the follow-up board to
/// whoever reads it; a salesperson refused a report goes to their landing page (the web guard is generated from this).
pub static ROUTE_RULES: &[RouteRule] = &[
    RouteRule::new(
        RouteMatch::Exact(&["/backoffice/vendas/catalogo"]),
        &SALES_CATALOG_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/venda"]),
        &SALES_SALES_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/vendas-produtos"]),
        &SALES_REPORTS_READ,
        RouteCheck::Client,
        "/minhas-vendas",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/dashboard"]),
        &SALES_DASHBOARD_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/follow-up-pedidos"]),
        &SALES_FOLLOWUP_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/blackfriday"]),
        &SALES_CAMPAIGN_ROOM,
        RouteCheck::Client,
        "/inicio",
    ),
];
