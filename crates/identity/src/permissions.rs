//! What identity's operations need beyond being signed in, and which roles hold it by default.

use platform::access::{Grant, Permission, Role, RouteCheck, RouteMatch, RouteRule};

/// Read any user, list users.
pub static USERS_READ: Permission = Permission {
    code: "usuarios_ler",
    label: "consultar outros usuários",
    grant: Grant::Roles(&[Role::Admin, Role::SuperAdmin]),
};

/// Create, change, deactivate users and reset their passwords (administrators need SUPER_ADMIN).
pub static USERS_MANAGE: Permission = Permission {
    code: "usuarios_gerenciar",
    label: "administrar usuários",
    grant: Grant::Roles(&[Role::Admin, Role::SuperAdmin]),
};

/// Read the access-audit trail.
pub static AUDIT_READ: Permission = Permission {
    code: "auditoria_ler",
    label: "consultar a auditoria de acessos",
    grant: Grant::Roles(&[Role::Admin, Role::SuperAdmin]),
};

/// Change which roles hold a permission, and grant or revoke one permission for one user.
pub static PERMISSIONS_MANAGE: Permission = Permission {
    code: "permissoes_gerenciar",
    label: "alterar as permissões dos papéis e dos usuários",
    grant: Grant::Roles(&[Role::Admin, Role::SuperAdmin]),
};

/// Every permission identity declares.
pub static ALL: &[&Permission] = &[&USERS_READ, &USERS_MANAGE, &AUDIT_READ, &PERMISSIONS_MANAGE];

/// The administration pages of identity: the server decides (permissions are data, so a user's own
/// grants count), and a denial goes to `/inicio`.
pub static ROUTE_RULES: &[RouteRule] = &[
    RouteRule::new(
        RouteMatch::Exact(&["/admin/usuarios"]),
        &USERS_MANAGE,
        RouteCheck::Server,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/admin/auditoria"]),
        &AUDIT_READ,
        RouteCheck::Server,
        "/inicio",
    ),
];
