//! What the system operations need beyond being signed in.

use platform::access::{Grant, Permission, Role, RouteCheck, RouteMatch, RouteRule};
use Role::*;

/// See every job, retry and cancel them (`/admin/tarefas`).
pub static JOBS_ADMIN: Permission = Permission {
    code: "tarefas_administrar",
    label: "administrar as tarefas em segundo plano",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// Add and remove holidays (`/admin/feriados`, an administration page: administrators by default; an
/// administrator may grant it to one finance manager).
pub static HOLIDAYS_MANAGE: Permission = Permission {
    code: "feriados_gerenciar",
    label: "cadastrar feriados",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// Download any stored file, not only one's own.
pub static FILES_ALL: Permission = Permission {
    code: "arquivos_todos",
    label: "baixar arquivos enviados por outras pessoas",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

/// Create and change the company's units (clinics and the head office).
pub static UNITS_MANAGE: Permission = Permission {
    code: "unidades_gerenciar",
    label: "cadastrar as unidades da empresa",
    grant: Grant::Roles(&[Admin, SuperAdmin]),
};

pub static ALL: &[&Permission] = &[&JOBS_ADMIN, &HOLIDAYS_MANAGE, &FILES_ALL, &UNITS_MANAGE];

/// The administration pages of the system context: the server decides, a denial goes to `/inicio`.
pub static ROUTE_RULES: &[RouteRule] = &[
    RouteRule::new(
        RouteMatch::Exact(&["/admin/tarefas"]),
        &JOBS_ADMIN,
        RouteCheck::Server,
        "/inicio",
    ),
    RouteRule::new(
        RouteMatch::Exact(&["/admin/feriados"]),
        &HOLIDAYS_MANAGE,
        RouteCheck::Server,
        "/inicio",
    ),
];
