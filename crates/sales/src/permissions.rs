//! What the sales operations need, and which roles hold it by default.

use platform::access::{Grant, Permission, Role};

pub static SALES_READ: Permission = Permission {
    code: "sales_ler",
    label: "consultar sales",
    grant: Grant::Roles(&Role::ALL),
};

pub static SALES_WRITE: Permission = Permission {
    code: "sales_editar",
    label: "cadastrar em sales",
    grant: Grant::Roles(&[Role::Admin, Role::SuperAdmin]),
};

/// Every permission the context declares.
pub static ALL: &[&Permission] = &[&SALES_READ, &SALES_WRITE];
