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

/// Every permission the CRM declares.
pub static ALL: &[&Permission] = &[&CLIENTS_READ, &CLIENTS_WRITE, &CLIENTS_ARCHIVE];
