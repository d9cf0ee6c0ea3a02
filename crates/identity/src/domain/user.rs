//! The user as the API shows it, and as it is stored.

use chrono::{DateTime, Utc};
use platform::{Principal, Role, RoleFlags};
use poem_openapi::Object;

/// A staff member. `GET /api/v1/users/{uid}` returns a list whose first item is this.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(skip_serializing_if_is_none)]
pub struct User {
    pub uid: String,
    pub email: String,
    pub name: String,
    /// Absent for a user without a role (such a user holds no permission).
    pub role: Option<Role>,
    pub role_id: RoleFlags,
    pub access_hub: bool,
    pub is_password_updated: bool,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// One row of `identity_users`, without the password hash.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub uid: String,
    pub email: String,
    pub name: String,
    pub role: Option<String>,
    pub can_see_conciliation: bool,
    pub can_see_dispatch: bool,
    pub can_approval_dispatch: bool,
    pub access_hub: bool,
    pub is_password_updated: bool,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The columns of [`UserRow`], for `SELECT`s.
pub const USER_COLUMNS: &str = "uid, email, name, role, can_see_conciliation, can_see_dispatch, \
     can_approval_dispatch, access_hub, is_password_updated, active, created_at, updated_at";

impl UserRow {
    pub fn role(&self) -> Option<Role> {
        self.role.as_deref().and_then(Role::parse)
    }

    pub fn flags(&self) -> RoleFlags {
        RoleFlags {
            can_see_conciliation: self.can_see_conciliation,
            can_see_dispatch: self.can_see_dispatch,
            can_approval_dispatch: self.can_approval_dispatch,
        }
    }

    pub fn principal(&self, session_id: Option<String>) -> Principal {
        Principal {
            uid: self.uid.clone(),
            email: self.email.clone(),
            name: self.name.clone(),
            role: self.role(),
            flags: self.flags(),
            access_hub: self.access_hub,
            session_id,
            firebase_uid: None,
            held: None,
        }
    }
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> User {
        User {
            role: row.role(),
            role_id: row.flags(),
            uid: row.uid,
            email: row.email,
            name: row.name,
            access_hub: row.access_hub,
            is_password_updated: row.is_password_updated,
            active: row.active,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// What is needed to create a user.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub email: String,
    pub name: String,
    pub role: Option<Role>,
    pub flags: RoleFlags,
    pub access_hub: bool,
    pub is_password_updated: bool,
    pub password: Option<String>,
}
