//! Permissions as data: the catalog with the roles that hold each permission, and one user's grants and
//! revokes (administrators), plus what a user holds (themself, or anyone for `usuarios_ler`).

use std::collections::BTreeSet;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::access::table::{Decision, Exception};
use platform::access::{Grant, Role, SIGNED_IN};
use platform::api::{ApiResult, BearerAuth, Text};
use platform::Error;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{Enum, Object, OpenApi};

use super::IdentityTag;
use crate::permissions::{PERMISSIONS_MANAGE, USERS_READ};
use crate::service::{CatalogEntry, Identity, UserPermissions};

pub struct PermissionsApi {
    pub identity: Arc<Identity>,
}

/// A permission, who holds it by default and who holds it now.
#[derive(Object)]
#[oai(rename = "PermissionEntry", skip_serializing_if_is_none)]
struct PermissionDto {
    /// `remessa_cobranca`.
    code: String,
    /// What it allows, in Portuguese.
    label: String,
    /// The roles the code declares as holders (empty when a flag decides).
    default_roles: Vec<Role>,
    /// The roles that hold it now (the table).
    roles: Vec<Role>,
    /// The per-user flag that grants it instead of a role (`can_see_dispatch`, `access_hub`).
    flag: Option<String>,
    /// Whether administrators may change who holds it.
    editable: bool,
}

impl From<CatalogEntry> for PermissionDto {
    fn from(e: CatalogEntry) -> PermissionDto {
        let (default_roles, flag) = match e.permission.grant {
            Grant::Roles(roles) => (roles.to_vec(), None),
            Grant::Flag(flag) => (Vec::new(), Some(flag.as_str().to_string())),
        };
        PermissionDto {
            code: e.permission.code.into(),
            label: e.permission.label.into(),
            default_roles,
            roles: e.roles.into_iter().collect(),
            flag,
            editable: e.editable,
        }
    }
}

/// Who holds a permission from now on.
#[derive(Object)]
#[oai(example)]
struct SetPermissionRolesRequest {
    roles: Vec<Role>,
    /// Why (required: 10 to 500 characters; kept in the history).
    #[oai(validator(min_length = 10, max_length = 500))]
    reason: Option<Text>,
}

impl Example for SetPermissionRolesRequest {
    fn example() -> Self {
        SetPermissionRolesRequest {
            roles: vec![Role::FinancialManager, Role::Admin, Role::SuperAdmin],
            reason: Some(Text("Gerente financeiro gera as remessas".into())),
        }
    }
}

/// An administrator's decision for one user and one permission.
#[derive(Enum, Clone, Copy)]
#[oai(rename = "PermissionDecision", rename_all = "SCREAMING_SNAKE_CASE")]
enum DecisionDto {
    /// Grant it whatever the role says.
    Conceder,
    /// Revoke it whatever the role says.
    Revogar,
    /// Back to what the role says.
    Padrao,
}

impl From<DecisionDto> for Decision {
    fn from(d: DecisionDto) -> Decision {
        match d {
            DecisionDto::Conceder => Decision::Grant,
            DecisionDto::Revogar => Decision::Revoke,
            DecisionDto::Padrao => Decision::RoleDefault,
        }
    }
}

#[derive(Object)]
#[oai(example)]
struct SetUserPermissionRequest {
    decision: DecisionDto,
    /// Why (required: 10 to 500 characters; kept in the history).
    #[oai(validator(min_length = 10, max_length = 500))]
    reason: Option<Text>,
}

impl Example for SetUserPermissionRequest {
    fn example() -> Self {
        SetUserPermissionRequest {
            decision: DecisionDto::Conceder,
            reason: Some(Text(
                "Cobre as remessas durante as férias da gerente".into(),
            )),
        }
    }
}

/// A user's exception to their role.
#[derive(Object)]
#[oai(rename = "PermissionException")]
struct ExceptionDto {
    permission: String,
    granted: bool,
    reason: String,
    by_uid: String,
    at: DateTime<Utc>,
}

impl From<Exception> for ExceptionDto {
    fn from(e: Exception) -> ExceptionDto {
        ExceptionDto {
            permission: e.permission,
            granted: e.granted,
            reason: e.reason,
            by_uid: e.by_uid,
            at: e.at,
        }
    }
}

/// What a user holds now, and their exceptions to their role.
#[derive(Object)]
#[oai(rename = "UserPermissions")]
struct UserPermissionsDto {
    uid: String,
    role: Option<Role>,
    /// Every permission code the user holds now.
    permissions: Vec<String>,
    exceptions: Vec<ExceptionDto>,
}

impl From<UserPermissions> for UserPermissionsDto {
    fn from(u: UserPermissions) -> UserPermissionsDto {
        UserPermissionsDto {
            uid: u.uid,
            role: u.role,
            permissions: u.effective.into_iter().map(String::from).collect(),
            exceptions: u.exceptions.into_iter().map(ExceptionDto::from).collect(),
        }
    }
}

#[OpenApi(tag = "IdentityTag::Identity")]
impl PermissionsApi {
    /// Every permission, who holds it by default and who holds it now.
    #[oai(
        path = "/api/v1/permissions",
        method = "get",
        operation_id = "listPermissions"
    )]
    async fn list(
        &self,
        #[oai(scope = "PERMISSIONS_MANAGE")] _auth: BearerAuth,
    ) -> ApiResult<Json<Vec<PermissionDto>>> {
        let catalog = self.identity.permission_catalog().await?;
        Ok(Json(catalog.into_iter().map(PermissionDto::from).collect()))
    }

    /// Sets which roles hold a permission (applies on the next request of every user).
    ///
    /// Acesso: incluir ou retirar ADMIN e SUPER_ADMIN só por SUPER_ADMIN.
    #[oai(
        path = "/api/v1/permissions/:code",
        method = "put",
        operation_id = "setPermissionRoles"
    )]
    async fn set_roles(
        &self,
        #[oai(scope = "PERMISSIONS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] code: Path<String>,
        body: Json<SetPermissionRolesRequest>,
    ) -> ApiResult<Json<PermissionDto>> {
        let roles: BTreeSet<Role> = body.roles.iter().copied().collect();
        let reason = body.reason.as_ref().map(|t| t.0.as_str());
        let entry = self
            .identity
            .set_permission_roles(&auth.0, &code.0, roles, reason)
            .await?;
        Ok(Json(entry.into()))
    }

    /// What a user holds now, and their exceptions to their role.
    ///
    /// Acesso: o próprio usuário; outros só com usuarios_ler (sem ela, 404).
    #[oai(
        path = "/api/v1/users/:uid/permissions",
        method = "get",
        operation_id = "getUserPermissions"
    )]
    async fn of_user(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] uid: Path<String>,
    ) -> ApiResult<Json<UserPermissionsDto>> {
        let target = if auth.0.is_self(&uid.0) {
            auth.0.uid.clone()
        } else if auth.0.has(&USERS_READ) {
            uid.0.clone()
        } else {
            return Err(Error::not_found(format!("Usuário {} não encontrado.", uid.0)).into());
        };
        Ok(Json(self.identity.user_permissions(&target).await?.into()))
    }

    /// Grants or revokes one permission for one user, or returns it to the role's default.
    ///
    /// Acesso: usuários ADMIN e SUPER_ADMIN só por SUPER_ADMIN.
    #[oai(
        path = "/api/v1/users/:uid/permissions/:code",
        method = "put",
        operation_id = "setUserPermission"
    )]
    async fn set_user(
        &self,
        #[oai(scope = "PERMISSIONS_MANAGE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] uid: Path<String>,
        #[oai(validator(max_length = 100))] code: Path<String>,
        body: Json<SetUserPermissionRequest>,
    ) -> ApiResult<Json<UserPermissionsDto>> {
        let reason = body.reason.as_ref().map(|t| t.0.as_str());
        let held = self
            .identity
            .set_user_permission(&auth.0, &uid.0, &code.0, body.decision.into(), reason)
            .await?;
        Ok(Json(held.into()))
    }
}
