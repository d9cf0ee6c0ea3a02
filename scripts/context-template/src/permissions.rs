//! What the __name__ operations need, and which roles hold it by default.

use platform::access::{Grant, Permission, Role};

pub static __NAME___READ: Permission = Permission {
    code: "__name___ler",
    label: "consultar __name__",
    grant: Grant::Roles(&Role::ALL),
};

pub static __NAME___WRITE: Permission = Permission {
    code: "__name___editar",
    label: "cadastrar em __name__",
    grant: Grant::Roles(&[Role::Admin, Role::SuperAdmin]),
};

/// Every permission the context declares.
pub static ALL: &[&Permission] = &[&__NAME___READ, &__NAME___WRITE];
