//! `/api/v1/users*`: one's own user (the seed's contract) and the administrators' user management.

use std::sync::Arc;

use platform::error::{ApiError, ApiResult};
use platform::page::PageRequest;
use platform::{BearerAuth, EndpointRule, Permission, Role, RoleFlags, Text};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::IdentityTag;
use crate::service::{may_manage, Identity};
use crate::store::UserFilter;
use crate::{NewUser, User};

pub const ENDPOINTS: &[EndpointRule] = &[
    EndpointRule {
        method: "GET",
        path: "/api/v1/users/{uid}",
        permission: Some(Permission::SignedIn),
        note: "o próprio usuário; outros só com usuarios_ler",
    },
    EndpointRule {
        method: "GET",
        path: "/api/v1/users",
        permission: Some(Permission::UsersRead),
        note: "",
    },
    EndpointRule {
        method: "POST",
        path: "/api/v1/users",
        permission: Some(Permission::UsersManage),
        note: "ADMIN e SUPER_ADMIN só por SUPER_ADMIN",
    },
    EndpointRule {
        method: "PATCH",
        path: "/api/v1/users/{uid}",
        permission: Some(Permission::UsersManage),
        note: "ADMIN e SUPER_ADMIN só por SUPER_ADMIN",
    },
    EndpointRule {
        method: "POST",
        path: "/api/v1/users/{uid}/deactivate",
        permission: Some(Permission::UsersManage),
        note: "ADMIN e SUPER_ADMIN só por SUPER_ADMIN",
    },
    EndpointRule {
        method: "POST",
        path: "/api/v1/users/{uid}/reset-password",
        permission: Some(Permission::UsersManage),
        note: "ADMIN e SUPER_ADMIN só por SUPER_ADMIN",
    },
];

pub struct UsersApi {
    pub identity: Arc<Identity>,
}

#[derive(Object)]
struct UserPage {
    items: Vec<User>,
    total: i64,
    page: u32,
    page_size: u32,
}

#[derive(Object)]
struct CreateUserRequest {
    #[oai(validator(max_length = 320))]
    email: Text,
    #[oai(validator(max_length = 200))]
    name: Text,
    role: Option<Role>,
    #[oai(default)]
    role_id: RoleFlags,
    #[oai(default)]
    access_hub: bool,
    /// Initial password; the user is asked to change it (is_password_updated stays false).
    #[oai(validator(max_length = 1024))]
    password: Text,
}

/// Changes to a user; absent fields stay as they are.
#[derive(Object)]
struct UpdateUserRequest {
    #[oai(validator(max_length = 200))]
    name: Option<Text>,
    role: Option<Role>,
    role_id: Option<RoleFlags>,
    access_hub: Option<bool>,
    active: Option<bool>,
}

#[derive(Object)]
struct ResetPasswordRequest {
    #[oai(validator(max_length = 1024))]
    new_password: Text,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<User>),
}

#[derive(ApiResponse)]
enum NoContent {
    #[oai(status = 204)]
    Done,
}

#[OpenApi(prefix_path = "/api/v1/users", tag = "IdentityTag::Identity")]
impl UsersApi {
    /// A user by uid, as a list whose first item is the user. One may read oneself; administrators anyone.
    #[oai(path = "/:uid", method = "get", operation_id = "getUser")]
    async fn get(&self, auth: BearerAuth, uid: Path<String>) -> ApiResult<Json<Vec<User>>> {
        // A Firebase user may ask by their Firebase uid: that is the uid the web app knows.
        let target = if auth.0.is_self(&uid.0) {
            auth.0.uid.clone()
        } else {
            uid.0.clone()
        };
        if target != auth.0.uid {
            auth.0.require(Permission::UsersRead)?;
        }
        let user = self.identity.user(&target).await?;
        user.map(|u| Json(vec![u]))
            .ok_or_else(|| ApiError::not_found(format!("Usuário {} não encontrado.", uid.0)))
    }

    /// Lists users (administrators): search by name or e-mail, filter by role and status.
    #[oai(path = "/", method = "get", operation_id = "listUsers")]
    async fn list(
        &self,
        auth: BearerAuth,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        role: Query<Option<Role>>,
        active: Query<Option<bool>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<UserPage>> {
        auth.0.require(Permission::UsersRead)?;
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = UserFilter {
            q: q.0.filter(|s| !s.trim().is_empty()),
            role: role.0.map(|r| r.as_str().to_string()),
            active: active.0,
        };
        let (items, total) = self
            .identity
            .list_users(&filter, paging.limit(), paging.offset())
            .await?;
        Ok(Json(UserPage {
            items,
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// Creates a user (administrators; only SUPER_ADMIN creates ADMIN or SUPER_ADMIN).
    #[oai(path = "/", method = "post", operation_id = "createUser")]
    async fn create(&self, auth: BearerAuth, body: Json<CreateUserRequest>) -> ApiResult<Created> {
        auth.0.require(Permission::UsersManage)?;
        require_manage(&auth, body.role)?;
        let body = body.0;
        let user = self
            .identity
            .create_user(NewUser {
                email: body.email.0,
                name: body.name.0,
                role: body.role,
                flags: body.role_id,
                access_hub: body.access_hub,
                is_password_updated: false,
                password: Some(body.password.0),
            })
            .await?;
        Ok(Created::Created(Json(user)))
    }

    /// Changes a user's name, role, flags or status.
    #[oai(path = "/:uid", method = "patch", operation_id = "updateUser")]
    async fn update(
        &self,
        auth: BearerAuth,
        uid: Path<String>,
        body: Json<UpdateUserRequest>,
    ) -> ApiResult<Json<User>> {
        auth.0.require(Permission::UsersManage)?;
        let mut row = self.identity.user_row(&uid.0).await?;
        require_manage(&auth, row.role())?;
        if let Some(role) = body.role {
            require_manage(&auth, Some(role))?;
            // Demoting oneself would lock the last administrator out; another administrator must do it.
            if row.uid == auth.0.uid && row.role() != Some(role) {
                return Err(ApiError::invalid_field(
                    "role",
                    "Você não pode alterar o próprio papel.",
                ));
            }
            row.role = Some(role.as_str().to_string());
        }
        if let Some(name) = &body.name {
            if name.trim().is_empty() {
                return Err(ApiError::invalid_field("name", "Informe o nome."));
            }
            row.name = name.trim().to_string();
        }
        if let Some(flags) = body.role_id {
            row.can_see_conciliation = flags.can_see_conciliation;
            row.can_see_dispatch = flags.can_see_dispatch;
            row.can_approval_dispatch = flags.can_approval_dispatch;
        }
        if let Some(hub) = body.access_hub {
            row.access_hub = hub;
        }
        if let Some(active) = body.active {
            if !active && row.uid == auth.0.uid {
                return Err(ApiError::invalid_field(
                    "active",
                    "Você não pode desativar o próprio usuário.",
                ));
            }
            row.active = active;
        }
        Ok(Json(self.identity.update_user(&row).await?))
    }

    /// Deactivates a user: they can no longer sign in and their sessions end.
    #[oai(
        path = "/:uid/deactivate",
        method = "post",
        operation_id = "deactivateUser"
    )]
    async fn deactivate(&self, auth: BearerAuth, uid: Path<String>) -> ApiResult<Json<User>> {
        auth.0.require(Permission::UsersManage)?;
        let mut row = self.identity.user_row(&uid.0).await?;
        require_manage(&auth, row.role())?;
        if row.uid == auth.0.uid {
            return Err(ApiError::invalid_field(
                "uid",
                "Você não pode desativar o próprio usuário.",
            ));
        }
        row.active = false;
        Ok(Json(self.identity.update_user(&row).await?))
    }

    /// Sets a new password for a user, who must change it at the next opportunity; their sessions end.
    #[oai(
        path = "/:uid/reset-password",
        method = "post",
        operation_id = "resetUserPassword"
    )]
    async fn reset_password(
        &self,
        auth: BearerAuth,
        uid: Path<String>,
        body: Json<ResetPasswordRequest>,
    ) -> ApiResult<NoContent> {
        auth.0.require(Permission::UsersManage)?;
        let row = self.identity.user_row(&uid.0).await?;
        require_manage(&auth, row.role())?;
        self.identity
            .admin_reset_password(&uid.0, &body.new_password)
            .await?;
        Ok(NoContent::Done)
    }
}

fn require_manage(auth: &BearerAuth, target: Option<Role>) -> ApiResult<()> {
    if may_manage(&auth.0, target) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "Só um superadministrador gerencia administradores.",
        ))
    }
}
