//! What the stock operations need, and which roles hold it by default
//! (`../shared/product/purchasing-stock-hub-integrations.md` §3 and §7).

use platform::access::{Grant, Permission, Role, RouteCheck, RouteMatch, RouteRule};
use Role::*;

/// Materials, categories and locations (§7): a clinic's staff read them too (their own clinics' locations).
pub static STOCK_REGISTERS_READ: Permission = Permission {
    code: "estoque_cadastros_ler",
    label: "consultar materiais, categorias e locais de estoque",
    grant: Grant::Roles(&[
        PurchasingAssistant,
        PurchasingManager,
        StockKeeper,
        StockManager,
        ClinicStaff,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Materials, their units, categories, locations and stock policies.
pub static STOCK_REGISTERS_WRITE: Permission = Permission {
    code: "estoque_cadastros_editar",
    label: "cadastrar materiais, unidades, categorias, locais e políticas de estoque",
    grant: Grant::Roles(&[StockManager, Admin, SuperAdmin]),
};

/// The ledger and the balances (a clinic's staff: their own clinics' only).
pub static STOCK_LEDGER_READ: Permission = Permission {
    code: "estoque_movimentos_ler",
    label: "consultar movimentações e saldos de estoque",
    grant: Grant::Roles(&[
        PurchasingAssistant,
        PurchasingManager,
        StockKeeper,
        StockManager,
        ClinicStaff,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Entrada avulsa and losses (perda por vencimento, avaria).
pub static STOCK_MOVEMENTS_POST: Permission = Permission {
    code: "estoque_movimentos_lancar",
    label: "lançar entradas avulsas e perdas de estoque",
    grant: Grant::Roles(&[StockKeeper, StockManager, Admin, SuperAdmin]),
};

/// Manual adjustments and reversals.
pub static STOCK_ADJUST: Permission = Permission {
    code: "estoque_ajustar",
    label: "lançar ajustes avulsos e estornar movimentações de estoque",
    grant: Grant::Roles(&[StockManager, Admin, SuperAdmin]),
};

/// Assign clinic staff to their clinics (`user_locations`).
pub static STOCK_USER_LOCATIONS: Permission = Permission {
    code: "estoque_clinicas_usuarios",
    label: "atribuir clínicas aos usuários",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// `/estoque/cadastro-materiais` (§3): the stock roles, purchasing (read) and administrators; clinic staff work
/// through the hub.
pub static STOCK_REGISTERS_PAGE: Permission = Permission {
    code: "estoque_cadastro_materiais",
    label: "acessar o cadastro de materiais",
    grant: Grant::Roles(&[
        PurchasingAssistant,
        PurchasingManager,
        StockKeeper,
        StockManager,
        Admin,
        SuperAdmin,
    ]),
};

/// `/estoque/movimentacao-estoque` (§3): the stock roles, purchasing and the finance manager (read), administrators.
pub static STOCK_LEDGER_PAGE: Permission = Permission {
    code: "estoque_movimentacao",
    label: "acessar a movimentação de estoque",
    grant: Grant::Roles(&[
        PurchasingAssistant,
        PurchasingManager,
        StockKeeper,
        StockManager,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Picking and shipping dispatches at the central warehouse (§7: the keeper, who also needs `access_hub` and
/// `can_see_dispatch`; the handler checks those).
pub static DISPATCH_PICK: Permission = Permission {
    code: "despachos_separar",
    label: "separar e enviar despachos",
    grant: Grant::Roles(&[StockKeeper, StockManager, Admin, SuperAdmin]),
};

/// Resolving a dispatch's shortfall (to loss, back to central, delivered later).
pub static DISPATCH_RESOLVE: Permission = Permission {
    code: "despachos_resolver",
    label: "resolver divergências de despachos",
    grant: Grant::Roles(&[StockManager, Admin, SuperAdmin]),
};

/// Count (inventário): read counts, sheets and lines, and send entries (§7: `stock/counts/{id}/sheets`, `…/entries`).
pub static STOCK_COUNT: Permission = Permission {
    code: "estoque_inventario_contar",
    label: "contar inventários (folhas e lançamentos de contagem)",
    grant: Grant::Roles(&[StockKeeper, StockManager, Admin, SuperAdmin]),
};

/// Create, start, close, approve, reject, post and cancel counts (§7), and see expected quantities in blind ones.
pub static STOCK_COUNT_MANAGE: Permission = Permission {
    code: "estoque_inventario_gerir",
    label: "criar, iniciar, encerrar, aprovar, lançar e cancelar inventários",
    grant: Grant::Roles(&[StockManager, Admin, SuperAdmin]),
};

/// `/estoque/inventario` (§3): STOCK_MANAGER (create, approve, post), STOCK_KEEPER (count), ADMIN.
pub static STOCK_COUNTS_PAGE: Permission = Permission {
    code: "estoque_inventario",
    label: "acessar o inventário de estoque",
    grant: Grant::Roles(&[StockKeeper, StockManager, Admin, SuperAdmin]),
};

/// `/estoque/visao-geral` (§3): STOCK_*, PURCHASING_*, FINANCIAL_MANAGER, ADMIN (the API, `GET stock/overview`,
/// is `STOCK_LEDGER_READ`: a clinic's staff read their clinics' figures through it).
pub static STOCK_OVERVIEW_PAGE: Permission = Permission {
    code: "estoque_visao_geral",
    label: "acessar a visão geral do estoque",
    grant: Grant::Roles(&[
        PurchasingAssistant,
        PurchasingManager,
        StockKeeper,
        StockManager,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Procedure BOMs (base de cálculo): read (§7 `stock/boms` read).
pub static STOCK_BOMS_READ: Permission = Permission {
    code: "estoque_base_calculo_ler",
    label: "consultar as bases de cálculo de procedimentos",
    grant: Grant::Roles(&[
        PurchasingAssistant,
        PurchasingManager,
        StockKeeper,
        StockManager,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Procedure BOMs: create, edit drafts, import, publish (§7 `stock/boms` write, publish).
pub static STOCK_BOMS_WRITE: Permission = Permission {
    code: "estoque_base_calculo_editar",
    label: "editar, importar e publicar bases de cálculo de procedimentos",
    grant: Grant::Roles(&[StockManager, Admin, SuperAdmin]),
};

/// Procedure consumption (§7 `POST stock/procedure-consumptions`): clinic staff for their own clinics.
pub static STOCK_PROCEDURE_CONSUME: Permission = Permission {
    code: "estoque_consumo_procedimento",
    label: "lançar o consumo de materiais de procedimentos realizados",
    grant: Grant::Roles(&[StockManager, ClinicStaff, Admin, SuperAdmin]),
};

/// `/estoque/backoffice/base-calculo-procedimentos` (§3): STOCK_MANAGER, ADMIN write; STOCK_KEEPER,
/// PURCHASING_*, FINANCIAL_MANAGER read.
pub static STOCK_BOMS_PAGE: Permission = Permission {
    code: "estoque_base_calculo",
    label: "acessar a base de cálculo de procedimentos",
    grant: Grant::Roles(&[
        PurchasingAssistant,
        PurchasingManager,
        StockKeeper,
        StockManager,
        FinancialManager,
        Admin,
        SuperAdmin,
    ]),
};

/// Every permission the context declares.
pub static ALL: &[&Permission] = &[
    &STOCK_REGISTERS_READ,
    &STOCK_REGISTERS_WRITE,
    &STOCK_LEDGER_READ,
    &STOCK_MOVEMENTS_POST,
    &STOCK_ADJUST,
    &STOCK_USER_LOCATIONS,
    &STOCK_REGISTERS_PAGE,
    &STOCK_LEDGER_PAGE,
    &DISPATCH_PICK,
    &DISPATCH_RESOLVE,
    &STOCK_COUNT,
    &STOCK_COUNT_MANAGE,
    &STOCK_COUNTS_PAGE,
    &STOCK_OVERVIEW_PAGE,
    &STOCK_BOMS_READ,
    &STOCK_BOMS_WRITE,
    &STOCK_PROCEDURE_CONSUME,
    &STOCK_BOMS_PAGE,
];

pub static ROUTE_RULES: &[RouteRule] = &[
    RouteRule::new(
        RouteMatch::Exact(&["/estoque/cadastro-materiais"]),
        &STOCK_REGISTERS_PAGE,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/estoque/movimentacao-estoque"]),
        &STOCK_LEDGER_PAGE,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/estoque/visao-geral"]),
        &STOCK_OVERVIEW_PAGE,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/estoque/inventario"]),
        &STOCK_COUNTS_PAGE,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/estoque/backoffice/base-calculo-procedimentos"]),
        &STOCK_BOMS_PAGE,
        RouteCheck::Client,
        "/inicio",
    ),
];
