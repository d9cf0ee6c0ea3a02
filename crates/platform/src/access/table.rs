//! Permissions as data: which roles hold each permission now, and each user's exceptions.
//!
//! The code declares every permission with its default holders ([`Grant`]). At start the server seeds
//! each role permission's defaults into `platform_role_permissions` **once** (recorded in
//! `platform_permissions_seeded`), so a default an administrator removed stays removed, and a permission
//! added later is seeded when first seen. From then on the table decides; an administrator may also grant
//! or revoke a single permission for one user (`platform_user_permissions`). Flag permissions (the seed's
//! `role_id` flags and `access_hub`) stay with the user's flags. What a user holds is read with the
//! principal on every request ([`held`]), so a change applies on the next request on every instance.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};

use super::{Grant, Permission, Role};
use crate::db::{Db, Tx};
use crate::error::Result;
use crate::{on_db, on_tx};

/// What the permission table says for one user: the role permissions their role holds now, and their own
/// grants and revokes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Held {
    pub by_role: BTreeSet<String>,
    pub granted: BTreeSet<String>,
    pub revoked: BTreeSet<String>,
}

impl Held {
    /// The table's answer for `permission`: a user's revoke or grant first, then (for a role permission)
    /// whether the role holds it. `None` for a flag permission nobody granted or revoked: the flags decide.
    pub fn decides(&self, permission: &Permission) -> Option<bool> {
        if self.revoked.contains(permission.code) {
            return Some(false);
        }
        if self.granted.contains(permission.code) {
            return Some(true);
        }
        match permission.grant {
            Grant::Roles(_) => Some(self.by_role.contains(permission.code)),
            Grant::Flag(_) => None,
        }
    }
}

/// A user's exception to their role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exception {
    pub permission: String,
    pub granted: bool,
    pub reason: String,
    pub by_uid: String,
    pub at: DateTime<Utc>,
}

/// Seeds the declared defaults of every role permission not seeded before; returns how many were.
pub async fn seed_defaults(
    db: &Db,
    permissions: &[&'static Permission],
    now: DateTime<Utc>,
) -> Result<usize> {
    let seeded: BTreeSet<String> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT permission FROM platform_permissions_seeded",
    )
    .fetch_all(pool)
    .await)?
    .into_iter()
    .collect();
    let mut tx = db.begin().await?;
    let mut count = 0;
    for permission in permissions {
        let Grant::Roles(roles) = permission.grant else {
            continue;
        };
        if seeded.contains(permission.code) {
            continue;
        }
        // Another instance starting at the same time may seed it too: both write the same rows.
        on_tx!(&mut tx, conn => sqlx::query(
            "INSERT INTO platform_permissions_seeded (permission, seeded_at) VALUES ($1, $2) \
             ON CONFLICT (permission) DO NOTHING",
        )
        .bind(permission.code)
        .bind(now)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
        for role in roles {
            add_role(&mut tx, role.as_str(), permission.code).await?;
        }
        count += 1;
    }
    tx.commit().await?;
    Ok(count)
}

async fn add_role(tx: &mut Tx, role: &str, code: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO platform_role_permissions (role, permission) VALUES ($1, $2) \
         ON CONFLICT (role, permission) DO NOTHING",
    )
    .bind(role)
    .bind(code)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    Ok(())
}

/// What `uid`, whose role is `role`, holds according to the table. Read with every authenticated
/// request, so in one statement: the role's permissions (`granted` NULL) and the user's exceptions.
pub async fn held(db: &Db, role: Option<Role>, uid: &str) -> Result<Held> {
    let rows: Vec<(String, Option<bool>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT permission, NULL FROM platform_role_permissions WHERE role = $1 \
         UNION ALL SELECT permission, granted FROM platform_user_permissions WHERE uid = $2",
    )
    .bind(role.map(Role::as_str))
    .bind(uid)
    .fetch_all(pool)
    .await)?;
    let mut held = Held::default();
    for (code, granted) in rows {
        match granted {
            None => held.by_role.insert(code),
            Some(true) => held.granted.insert(code),
            Some(false) => held.revoked.insert(code),
        };
    }
    Ok(held)
}

/// The roles that hold each role permission now, by permission code.
pub async fn role_holders(db: &Db) -> Result<BTreeMap<String, BTreeSet<Role>>> {
    let rows: Vec<(String, String)> = on_db!(db, pool => sqlx::query_as(
        "SELECT permission, role FROM platform_role_permissions",
    )
    .fetch_all(pool)
    .await)?;
    let mut holders: BTreeMap<String, BTreeSet<Role>> = BTreeMap::new();
    for (code, role) in rows {
        // A role the code no longer knows holds nothing.
        if let Some(role) = Role::parse(&role) {
            holders.entry(code).or_default().insert(role);
        }
    }
    Ok(holders)
}

/// Makes `roles` exactly the holders of the role permission `code`, in the caller's transaction.
pub async fn set_roles(tx: &mut Tx, code: &str, roles: &BTreeSet<Role>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM platform_role_permissions WHERE permission = $1")
        .bind(code)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
    for role in roles {
        add_role(tx, role.as_str(), code).await?;
    }
    Ok(())
}

/// One user's exceptions, by permission code.
pub async fn exceptions(db: &Db, uid: &str) -> Result<Vec<Exception>> {
    let rows: Vec<(String, bool, String, String, DateTime<Utc>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT permission, granted, reason, by_uid, at FROM platform_user_permissions \
         WHERE uid = $1 ORDER BY permission",
    )
    .bind(uid)
    .fetch_all(pool)
    .await)?;
    Ok(rows
        .into_iter()
        .map(|(permission, granted, reason, by_uid, at)| Exception {
            permission,
            granted,
            reason,
            by_uid,
            at,
        })
        .collect())
}

/// What an administrator decided for one user and one permission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Grant,
    Revoke,
    /// Back to what the role says.
    RoleDefault,
}

/// Records `decision` for `uid` and `code`, in the caller's transaction.
pub async fn set_exception(
    tx: &mut Tx,
    uid: &str,
    code: &str,
    decision: Decision,
    reason: &str,
    by_uid: &str,
    at: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM platform_user_permissions WHERE uid = $1 AND permission = $2",
    )
    .bind(uid)
    .bind(code)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    let granted = match decision {
        Decision::Grant => true,
        Decision::Revoke => false,
        Decision::RoleDefault => return Ok(()),
    };
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO platform_user_permissions (uid, permission, granted, reason, by_uid, at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(uid)
    .bind(code)
    .bind(granted)
    .bind(reason)
    .bind(by_uid)
    .bind(at)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::{HUB, REMESSA_COBRANCA};

    #[test]
    fn a_users_exception_wins_over_the_role_and_flags_decide_the_rest() {
        let mut held = Held::default();
        assert_eq!(held.decides(&REMESSA_COBRANCA), Some(false));
        assert_eq!(held.decides(&HUB), None);
        held.by_role.insert(REMESSA_COBRANCA.code.into());
        assert_eq!(held.decides(&REMESSA_COBRANCA), Some(true));
        held.revoked.insert(REMESSA_COBRANCA.code.into());
        assert_eq!(held.decides(&REMESSA_COBRANCA), Some(false));
        held.granted.insert(HUB.code.into());
        assert_eq!(held.decides(&HUB), Some(true));
    }
}
