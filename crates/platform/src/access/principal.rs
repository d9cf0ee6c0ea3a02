//! The signed-in user making a request.

use super::table::Held;
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
    /// What the permission table says for this user (loaded with the principal on every request).
    /// `None` only where no table exists (a context's tests without identity): the declared defaults apply.
    pub held: Option<Held>,
}

impl Principal {
    /// Whether `uid` names this user: the backoffice uid, or the Firebase uid the web app knows them by.
    pub fn is_self(&self, uid: &str) -> bool {
        self.uid == uid || self.firebase_uid.as_deref() == Some(uid)
    }

    /// A user without a role holds nothing (the seed's rule for dispatch, applied everywhere); otherwise the
    /// permission table decides, and the flags decide flag permissions it leaves open.
    pub fn has(&self, permission: &Permission) -> bool {
        if self.role.is_none() {
            return false;
        }
        if let Some(decided) = self.held.as_ref().and_then(|h| h.decides(permission)) {
            return decided;
        }
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
