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

/// Move a client to another portfolio (a manager within their teams; everyone who reaches every client). A
/// salesperson's client is theirs: they do not hold it.
pub static CLIENTS_TRANSFER: Permission = Permission {
    code: "clientes_transferir",
    label: "transferir clientes de carteira",
    grant: Grant::Roles(&[
        FinancialAssistant,
        FinancialManager,
        LegalAssistant,
        Admin,
        SuperAdmin,
        SalesManager,
    ]),
};

/// See teams (a salesperson: their own; a manager: those they manage; finance managers read all).
pub static TEAMS_READ: Permission = Permission {
    code: "times_ler",
    label: "consultar times de vendas",
    grant: Grant::Roles(&[
        Salesperson,
        SalesManager,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Compare teams side by side (sales-crm-commissions.md §4): a manager their own teams; finance managers read all.
pub static TEAMS_COMPARE: Permission = Permission {
    code: "times_comparar",
    label: "comparar times de vendas",
    grant: Grant::Roles(&[SalesManager, FinancialManager, Admin, SuperAdmin]),
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

/// Create, change and archive teams and set the team targets.
pub static TEAMS_MANAGE: Permission = Permission {
    code: "times_gerenciar",
    label: "criar times e definir as metas do time",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// Add and remove members and distribute the member targets (a manager: of the teams they manage).
pub static TEAM_MEMBERS_WRITE: Permission = Permission {
    code: "times_integrantes",
    label: "incluir integrantes e distribuir metas",
    grant: Grant::Roles(&[SalesManager, Admin, SuperAdmin]),
};

/// Read CRM profiles (a salesperson: their own; a manager: their teams').
pub static CRM_USERS_READ: Permission = Permission {
    code: "usuarios_crm_ler",
    label: "consultar os perfis de vendedores",
    grant: Grant::Roles(&[
        Salesperson,
        SalesManager,
        FinancialAssistant,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Create and change CRM profiles.
pub static CRM_USERS_WRITE: Permission = Permission {
    code: "usuarios_crm_editar",
    label: "cadastrar perfis de vendedores",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// Read a salesperson's payout data (PIX key or bank account); the person always reads their own.
pub static PAYOUT_READ: Permission = Permission {
    code: "usuarios_crm_pagamento_ler",
    label: "ver os dados de pagamento dos vendedores",
    grant: Grant::Roles(&[FinancialAssistant, FinancialManager, Admin, SuperAdmin]),
};

/// The plugin endpoint group (`/api/v1/crm/plugin/*` but its settings). Held only through a plugin token
/// (`aud=crm-plugin`; identity confines plugin tokens to this code and takes it from every other token).
pub static PLUGIN: Permission = Permission {
    code: "crm_plugin",
    label: "usar o plugin do CRM em outros consoles",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// The CRM's laboratory: dry runs, feature previews and the plugin's allowed origins.
pub static DEV: Permission = Permission {
    code: "crm_dev",
    label: "usar o laboratório do CRM (prévias, simulações, origens do plugin)",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
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

/// See the funnel (a salesperson: their own opportunities; a manager: their teams').
pub static OPPORTUNITIES_READ: Permission = Permission {
    code: "oportunidades_ler",
    label: "consultar o funil de oportunidades",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Create leads, move them through the funnel, change and lose them (within the same scope).
pub static OPPORTUNITIES_WRITE: Permission = Permission {
    code: "oportunidades_editar",
    label: "criar leads e movimentar o funil",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// See activities (a salesperson: their own; a manager: their teams').
pub static ACTIVITIES_READ: Permission = Permission {
    code: "atividades_ler",
    label: "consultar atividades",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Create, change and complete activities (within the caller's scope).
pub static ACTIVITIES_WRITE: Permission = Permission {
    code: "atividades_editar",
    label: "registrar, reagendar e concluir atividades",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Reschedule or reassign many activities at once.
pub static ACTIVITIES_MANAGE: Permission = Permission {
    code: "atividades_gerenciar",
    label: "reagendar e reatribuir atividades em lote",
    grant: Grant::Roles(&[SalesManager, Admin, SuperAdmin]),
};

/// See cadences and their metrics (the global ones and those of one's teams).
pub static CADENCES_READ: Permission = Permission {
    code: "cadencias_ler",
    label: "consultar cadências e suas métricas",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Build cadences: a manager for the teams they manage; who reaches everything, also global ones.
pub static CADENCES_WRITE: Permission = Permission {
    code: "cadencias_editar",
    label: "criar e editar cadências",
    grant: Grant::Roles(&[SalesManager, Admin, SuperAdmin]),
};

/// Enroll clients in cadences (a salesperson: their own clients), pause, resume and end enrollments.
pub static ENROLLMENTS_WRITE: Permission = Permission {
    code: "cadencias_inscrever",
    label: "inscrever clientes em cadências, pausar, retomar e encerrar",
    grant: Grant::Roles(&[Salesperson, SalesManager, Admin, SuperAdmin]),
};

/// Every permission the CRM declares.
pub static ALL: &[&Permission] = &[
    &CLIENTS_READ,
    &CLIENTS_WRITE,
    &CLIENTS_ARCHIVE,
    &CLIENTS_TRANSFER,
    &TEAMS_READ,
    &TEAMS_COMPARE,
    &TEAMS_MANAGE,
    &TEAM_MEMBERS_WRITE,
    &CRM_USERS_READ,
    &CRM_USERS_WRITE,
    &PAYOUT_READ,
    &PLUGIN,
    &DEV,
    &LINKS_READ,
    &LINKS_READ_ALL,
    &LINKS_WRITE,
    &LINKS_MANAGE,
    &LINKS_SETTINGS,
    &OPPORTUNITIES_READ,
    &OPPORTUNITIES_WRITE,
    &ACTIVITIES_READ,
    &ACTIVITIES_WRITE,
    &ACTIVITIES_MANAGE,
    &CADENCES_READ,
    &CADENCES_WRITE,
    &ENROLLMENTS_WRITE,
];

/// The CRM's pages: a role without the permission goes to `/inicio` (sales roles that reach `/inicio` are sent on
/// by the shell; LEGAL_ASSISTANT by the role redirect to `/clientes`).
pub static ROUTE_RULES: &[RouteRule] = &[
    RouteRule::new(
        RouteMatch::Exact(&["/crm"]),
        &OPPORTUNITIES_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/crm/times", "/crm/times/detalhes"]),
        &TEAMS_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/crm/times/comparar"]),
        &TEAMS_COMPARE,
        RouteCheck::Client,
        "/crm/times",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/crm/usuarios", "/crm/usuarios/detalhes"]),
        &CRM_USERS_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/crm/marketing/links"]),
        &LINKS_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/crm/atividades"]),
        &ACTIVITIES_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/crm/atividades/cadencias"]),
        &CADENCES_READ,
        RouteCheck::Client,
        "/inicio",
    ),
    // The timer completes activities: whoever may complete them (within their scope) may time them.
    RouteRule::new(
        RouteMatch::Exact(&["/timer"]),
        &ACTIVITIES_WRITE,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/crmDev"]),
        &DEV,
        RouteCheck::Client,
        "/inicio",
    ),
];
