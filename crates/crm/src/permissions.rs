//! What the CRM's operations need, and which roles hold it by default.

use platform::access::{Grant, Permission, Role};
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

/// Every permission the CRM declares.
pub static ALL: &[&Permission] = &[
    &CLIENTS_READ,
    &CLIENTS_WRITE,
    &CLIENTS_ARCHIVE,
    &PLUGIN,
    &DEV,
];
