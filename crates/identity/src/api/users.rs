//! `/api/v1/users*`: one's own user (the seed's contract) and the administrators' user management.

use std::sync::Arc;

use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, HistoryEntryDto, Omittable, PageRequest, Text};
use platform::{Error, Role, RoleFlags};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::IdentityTag;
use crate::permissions::{USERS_MANAGE, USERS_READ};
use crate::service::{may_manage, Identity};
use crate::store::UserFilter;
use crate::{NewUser, User};

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
#[oai(example)]
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

impl Example for CreateUserRequest {
    fn example() -> Self {
        CreateUserRequest {
            email: Text("novo.usuario@empresa.com.br".into()),
            name: Text("Novo Usuário".into()),
            role: Some(Role::FinancialAssistant),
            role_id: RoleFlags::default(),
            access_hub: false,
            password: Text("Inicial@2026".into()),
        }
    }
}

/// Changes to a user; absent fields stay as they are.
#[derive(Object)]
#[oai(example)]
struct UpdateUserRequest {
    #[oai(validator(max_length = 200))]
    name: Omittable<Text>,
    role: Omittable<Role>,
    role_id: Omittable<RoleFlags>,
    access_hub: Omittable<bool>,
    active: Omittable<bool>,
}

impl Example for UpdateUserRequest {
    fn example() -> Self {
        UpdateUserRequest {
            name: Omittable(Some(Text("Nome Corrigido".into()))),
            role: Omittable(None),
            role_id: Omittable(None),
            access_hub: Omittable(None),
            active: Omittable(None),
        }
    }
}

#[derive(Object)]
#[oai(example)]
struct ResetPasswordRequest {
    #[oai(validator(max_length = 1024))]
    new_password: Text,
}

impl Example for ResetPasswordRequest {
    fn example() -> Self {
        ResetPasswordRequest {
            new_password: Text("Provisoria@2026".into()),
        }
    }
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
    ///
    /// Acesso: o próprio usuário; outros só com usuarios_ler (sem ela, 404).
    #[oai(path = "/:uid", method = "get", operation_id = "getUser")]
    async fn get(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        uid: Path<String>,
    ) -> ApiResult<Json<Vec<User>>> {
        // A Firebase user may ask by their Firebase uid: that is the uid the web app knows.
        let target = if auth.0.is_self(&uid.0) {
            auth.0.uid.clone()
        } else {
            uid.0.clone()
        };
        let not_found = || Error::not_found(format!("Usuário {} não encontrado.", uid.0));
        // Someone else's user is out of reach without usuarios_ler: answered as if it did not exist, so
        // uids cannot be probed.
        if target != auth.0.uid && !auth.0.has(&USERS_READ) {
            return Err(not_found().into());
        }
        let user = self.identity.user(&target).await?;
        user.map(|u| Json(vec![u]))
            .ok_or_else(|| not_found().into())
    }

    /// Lists users (administrators): search by name or e-mail, filter by role and status.
    #[oai(path = "/", method = "get", operation_id = "listUsers")]
    async fn list(
        &self,
        #[oai(scope = "USERS_READ")] _auth: BearerAuth,
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
    ///
    /// Acesso: ADMIN e SUPER_ADMIN só por SUPER_ADMIN.
    #[oai(path = "/", method = "post", operation_id = "createUser")]
    async fn create(
        &self,
        #[oai(scope = "USERS_MANAGE")] auth: BearerAuth,
        body: Json<CreateUserRequest>,
    ) -> ApiResult<Created> {
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
    ///
    /// Acesso: ADMIN e SUPER_ADMIN só por SUPER_ADMIN.
    #[oai(path = "/:uid", method = "patch", operation_id = "updateUser")]
    async fn update(
        &self,
        #[oai(scope = "USERS_MANAGE")] auth: BearerAuth,
        uid: Path<String>,
        body: Json<UpdateUserRequest>,
    ) -> ApiResult<Json<User>> {
        let mut row = self.identity.user_row(&uid.0).await?;
        require_manage(&auth, row.role())?;
        if let Some(role) = body.role.0 {
            require_manage(&auth, Some(role))?;
            // Demoting oneself would lock the last administrator out; another administrator must do it.
            if row.uid == auth.0.uid && row.role() != Some(role) {
                return Err(
                    Error::invalid_field("role", "Você não pode alterar o próprio papel.").into(),
                );
            }
            row.role = Some(role.as_str().to_string());
        }
        if let Some(name) = body.name.as_ref() {
            // Checked by the service, by the same rule as on create.
            row.name = name.to_string();
        }
        if let Some(flags) = body.role_id.0 {
            row.can_see_conciliation = flags.can_see_conciliation;
            row.can_see_dispatch = flags.can_see_dispatch;
            row.can_approval_dispatch = flags.can_approval_dispatch;
        }
        if let Some(hub) = body.access_hub.0 {
            row.access_hub = hub;
        }
        if let Some(active) = body.active.0 {
            if !active && row.uid == auth.0.uid {
                return Err(Error::invalid_field(
                    "active",
                    "Você não pode desativar o próprio usuário.",
                )
                .into());
            }
            row.active = active;
        }
        Ok(Json(self.identity.update_user(&auth.0, &row).await?))
    }

    /// Deactivates a user: they can no longer sign in and their sessions end.
    ///
    /// Acesso: ADMIN e SUPER_ADMIN só por SUPER_ADMIN.
    #[oai(
        path = "/:uid/deactivate",
        method = "post",
        operation_id = "deactivateUser"
    )]
    async fn deactivate(
        &self,
        #[oai(scope = "USERS_MANAGE")] auth: BearerAuth,
        uid: Path<String>,
    ) -> ApiResult<Json<User>> {
        let mut row = self.identity.user_row(&uid.0).await?;
        require_manage(&auth, row.role())?;
        if row.uid == auth.0.uid {
            return Err(
                Error::invalid_field("uid", "Você não pode desativar o próprio usuário.").into(),
            );
        }
        row.active = false;
        Ok(Json(self.identity.update_user(&auth.0, &row).await?))
    }

    /// Sets a new password for a user, who must change it at the next opportunity; their sessions end.
    ///
    /// Acesso: ADMIN e SUPER_ADMIN só por SUPER_ADMIN.
    #[oai(
        path = "/:uid/reset-password",
        method = "post",
        operation_id = "resetUserPassword"
    )]
    async fn reset_password(
        &self,
        #[oai(scope = "USERS_MANAGE")] auth: BearerAuth,
        uid: Path<String>,
        body: Json<ResetPasswordRequest>,
    ) -> ApiResult<NoContent> {
        let row = self.identity.user_row(&uid.0).await?;
        require_manage(&auth, row.role())?;
        self.identity
            .admin_reset_password(&auth.0, &uid.0, &body.new_password)
            .await?;
        Ok(NoContent::Done)
    }

    /// A user's history: changes, deactivation, passwords set (never the password), permissions granted
    /// or revoked; oldest first.
    #[oai(
        path = "/:uid/history",
        method = "get",
        operation_id = "getUserHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "USERS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] uid: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.identity.user_history(&uid.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }
}

fn require_manage(auth: &BearerAuth, target: Option<Role>) -> ApiResult<()> {
    if may_manage(&auth.0, target) {
        Ok(())
    } else {
        Err(Error::forbidden("Só um superadministrador gerencia administradores.").into())
    }
}
