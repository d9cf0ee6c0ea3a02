//! The signed-in user making a request.

use super::{Permission, Role, RoleFlags};
use crate::error::Error;

/// The signed-in user making a request, as loaded fresh from the identity store on every request (so
/// deactivating a user or ending a session takes effect at once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    pub uid: String,
    pub email: String,
    pub name: String,
    pub role: Option<Role>,
    pub flags: RoleFlags,
    pub access_hub: bool,
    /// The sign-in session the token belongs to (absent for Firebase tokens).
    pub session_id: Option<String>,
    /// The Firebase uid, when the user signed in through Firebase Authentication.
    pub firebase_uid: Option<String>,
}

impl Principal {
    /// Whether `uid` names this user: the backoffice uid, or the Firebase uid the web app knows them by.
    pub fn is_self(&self, uid: &str) -> bool {
        self.uid == uid || self.firebase_uid.as_deref() == Some(uid)
    }

    pub fn has(&self, permission: &Permission) -> bool {
        permission.granted_to(self.role, &self.flags, self.access_hub)
    }

    /// `Ok` when the permission is held, otherwise the refusal that names it.
    pub fn require(&self, permission: &Permission) -> Result<(), Error> {
        if self.has(permission) {
            Ok(())
        } else {
            Err(Error::forbidden(format!(
                "Você não tem permissão para {}.",
                permission.label
            )))
        }
    }

    pub fn is_admin(&self) -> bool {
        self.role.is_some_and(Role::is_admin)
    }
}
