//! SQL for the identity tables. Every function runs on SQLite and PostgreSQL alike (see `platform::db`).

use chrono::{DateTime, Utc};
use platform::access::{Flag, Grant, Permission};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use crate::domain::{NewUser, UserRow, USER_COLUMNS};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

pub async fn user_by_uid(db: &Db, uid: &str) -> Result<Option<UserRow>> {
    let sql = format!("SELECT {USER_COLUMNS} FROM identity_users WHERE uid = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(uid).fetch_optional(pool).await)
}

pub async fn user_by_email(db: &Db, email: &str) -> Result<Option<(UserRow, Option<String>)>> {
    let sql =
        format!("SELECT {USER_COLUMNS}, password_hash FROM identity_users WHERE email_lower = $1");
    let email = email.trim().to_lowercase();
    on_db!(db, pool => {
        let row: Option<UserWithHash> = sqlx::query_as(&sql).bind(&email).fetch_optional(pool).await?;
        Ok(row.map(|r| (r.user, r.password_hash)))
    })
}

/// The user linked to a Firebase uid.
pub async fn user_by_firebase_uid(db: &Db, firebase_uid: &str) -> Result<Option<UserRow>> {
    let sql = format!("SELECT {USER_COLUMNS} FROM identity_users WHERE firebase_uid = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(firebase_uid).fetch_optional(pool).await)
}

/// The users with these uids (those that exist), in no particular order.
pub async fn users_by_uids(db: &Db, uids: &[&str]) -> Result<Vec<UserRow>> {
    if uids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=uids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {USER_COLUMNS} FROM identity_users WHERE uid IN ({})",
        marks.join(", ")
    );
    on_db!(db, pool => {
        let mut query = sqlx::query_as(&sql);
        for uid in uids {
            query = query.bind(*uid);
        }
        query.fetch_all(pool).await
    })
}

/// Links a Firebase uid to a user that has none yet (the first Firebase sign-in by that e-mail).
pub async fn link_firebase_uid(db: &Db, uid: &str, firebase_uid: &str) -> Result<()> {
    on_db!(db, pool => sqlx::query("UPDATE identity_users SET firebase_uid = $2 WHERE uid = $1 AND firebase_uid IS NULL")
        .bind(uid).bind(firebase_uid).execute(pool).await.map(|_| ()))
}

/// Records that the user changed their password somewhere else (Firebase).
pub async fn mark_password_updated(db: &Db, uid: &str, now: DateTime<Utc>) -> Result<()> {
    on_db!(db, pool => sqlx::query("UPDATE identity_users SET is_password_updated = $2, updated_at = $3 WHERE uid = $1")
        .bind(uid).bind(true).bind(now).execute(pool).await.map(|_| ()))
}

pub async fn password_hash(db: &Db, uid: &str) -> Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT password_hash FROM identity_users WHERE uid = $1")
        .bind(uid).fetch_optional(pool).await)
    .map(Option::flatten)
}

#[derive(sqlx::FromRow)]
struct UserWithHash {
    #[sqlx(flatten)]
    user: UserRow,
    password_hash: Option<String>,
}

/// The active user behind a live session, for authenticating a request.
pub async fn user_in_live_session(
    db: &Db,
    uid: &str,
    session_id: &str,
    now: DateTime<Utc>,
) -> Result<Option<UserRow>> {
    let sql = format!(
        "SELECT {} FROM identity_users u JOIN identity_sessions s ON s.uid = u.uid \
         WHERE u.uid = $1 AND s.id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3 AND u.active = $4",
        prefixed_user_columns("u")
    );
    on_db!(db, pool => sqlx::query_as(&sql).bind(uid).bind(session_id).bind(now).bind(true).fetch_optional(pool).await)
}

fn prefixed_user_columns(alias: &str) -> String {
    USER_COLUMNS
        .split(", ")
        .map(|c| format!("{alias}.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Inserts a user; a duplicate e-mail is a unique violation (see `platform::db::is_unique_violation`).
pub async fn insert_user(
    db: &Db,
    uid: &str,
    user: &NewUser,
    hash: Option<&str>,
    now: DateTime<Utc>,
) -> Result<()> {
    let sql = "INSERT INTO identity_users (uid, email, email_lower, name, role, can_see_conciliation, \
               can_see_dispatch, can_approval_dispatch, access_hub, is_password_updated, active, password_hash, \
               created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";
    on_db!(db, pool => sqlx::query(sql)
        .bind(uid)
        .bind(user.email.trim())
        .bind(user.email.trim().to_lowercase())
        .bind(user.name.trim())
        .bind(user.role.map(|r| r.as_str()))
        .bind(user.flags.can_see_conciliation)
        .bind(user.flags.can_see_dispatch)
        .bind(user.flags.can_approval_dispatch)
        .bind(user.access_hub)
        .bind(user.is_password_updated)
        .bind(true)
        .bind(hash)
        .bind(now)
        .bind(now)
        .execute(pool).await.map(|_| ()))
}

/// Writes every changeable attribute of a user back, in the caller's transaction.
pub async fn update_user(tx: &mut Tx, row: &UserRow, now: DateTime<Utc>) -> Result<()> {
    let sql = "UPDATE identity_users SET name = $2, role = $3, can_see_conciliation = $4, can_see_dispatch = $5, \
               can_approval_dispatch = $6, access_hub = $7, active = $8, updated_at = $9 WHERE uid = $1";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(&row.uid)
        .bind(&row.name)
        .bind(&row.role)
        .bind(row.can_see_conciliation)
        .bind(row.can_see_dispatch)
        .bind(row.can_approval_dispatch)
        .bind(row.access_hub)
        .bind(row.active)
        .bind(now)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn set_password(
    tx: &mut Tx,
    uid: &str,
    hash: &str,
    updated_by_owner: bool,
    now: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE identity_users SET password_hash = $2, is_password_updated = $3, updated_at = $4 WHERE uid = $1")
        .bind(uid).bind(hash).bind(updated_by_owner).bind(now)
        .execute(&mut *conn).await.map(|_| ()))
}

/// Filters for the administrators' user list.
#[derive(Debug, Default)]
pub struct UserFilter {
    pub q: Option<String>,
    pub role: Option<String>,
    pub active: Option<bool>,
}

pub async fn list_users(
    db: &Db,
    f: &UserFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<UserRow>, i64)> {
    let pattern =
        f.q.as_ref()
            .map(|q| format!("%{}%", q.trim().to_lowercase()));
    let filter = "($1 IS NULL OR email_lower LIKE $1 OR LOWER(name) LIKE $1) \
                  AND ($2 IS NULL OR role = $2) AND ($3 IS NULL OR active = $3)";
    let list = format!("SELECT {USER_COLUMNS} FROM identity_users WHERE {filter} ORDER BY name, uid LIMIT $4 OFFSET $5");
    let count = format!("SELECT COUNT(*) FROM identity_users WHERE {filter}");
    on_db!(db, pool => {
        let rows: Vec<UserRow> = sqlx::query_as(&list)
            .bind(&pattern).bind(&f.role).bind(f.active).bind(limit).bind(offset)
            .fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(&count)
            .bind(&pattern).bind(&f.role).bind(f.active)
            .fetch_one(pool).await?;
        Ok((rows, total))
    })
}

// ---- sessions and refresh tokens ----

pub async fn create_session(
    db: &Db,
    session_id: &str,
    uid: &str,
    client_addr: Option<&str>,
    refresh_hash: &str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<()> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query("INSERT INTO identity_sessions (id, uid, client_addr, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(session_id).bind(uid).bind(client_addr).bind(now).bind(expires_at)
            .execute(&mut *tx).await?;
        sqlx::query("INSERT INTO identity_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)")
            .bind(refresh_hash).bind(session_id).bind(now)
            .execute(&mut *tx).await?;
        tx.commit().await
    })
}

/// What a presented refresh token turned out to be.
pub enum RefreshOutcome {
    /// Unknown token, or its session is over.
    Invalid,
    /// The token was already used outside the grace window (or its successor was used too): someone
    /// replayed it, so its whole session was revoked.
    Reused,
    /// Rotated now: the old token is spent and `new_hash` is the session's live token.
    Rotated { uid: String, session_id: String },
    /// Spent moments ago by the same client (another tab) and replaced by `new_hash`, still unused: the
    /// same successor is handed out again.
    AlreadyRotated { uid: String, session_id: String },
}

#[derive(sqlx::FromRow)]
struct RefreshTokenRow {
    session_id: String,
    uid: String,
    used_at: Option<DateTime<Utc>>,
    replaced_by: Option<String>,
    successor_used_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
    expires_at: DateTime<Utc>,
}

/// Spends `old_hash` for `new_hash` in one transaction. A token spent before `grace_since`, or whose
/// successor is spent too, is a replay and revokes the session.
pub async fn rotate_refresh_token(
    db: &Db,
    old_hash: &str,
    new_hash: &str,
    now: DateTime<Utc>,
    grace_since: DateTime<Utc>,
) -> Result<RefreshOutcome> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        // Write first: on SQLite a transaction that reads and then writes fails at once ("database is
        // locked") when another wrote in between; one that starts by writing waits for its turn.
        let spent_now = sqlx::query(
            "UPDATE identity_refresh_tokens SET used_at = $2, replaced_by = $3 WHERE token_hash = $1 AND used_at IS NULL")
            .bind(old_hash).bind(now).bind(new_hash).execute(&mut *tx).await?.rows_affected() == 1;
        let found: Option<RefreshTokenRow> = sqlx::query_as(
            "SELECT s.id AS session_id, s.uid, t.used_at, t.replaced_by, \
                    (SELECT r.used_at FROM identity_refresh_tokens r WHERE r.token_hash = t.replaced_by) AS successor_used_at, \
                    s.revoked_at, s.expires_at \
             FROM identity_refresh_tokens t JOIN identity_sessions s ON s.id = t.session_id WHERE t.token_hash = $1")
            .bind(old_hash).fetch_optional(&mut *tx).await?;
        let Some(row) = found else {
            return Ok(RefreshOutcome::Invalid);
        };
        if row.revoked_at.is_some() || row.expires_at <= now {
            return Ok(RefreshOutcome::Invalid); // dropped: rolls back the spending above
        }
        let (uid, session_id) = (row.uid, row.session_id);
        if spent_now {
            sqlx::query("INSERT INTO identity_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)")
                .bind(new_hash).bind(&session_id).bind(now).execute(&mut *tx).await?;
            tx.commit().await?;
            return Ok(RefreshOutcome::Rotated { uid, session_id });
        }
        let within_grace = row.used_at.is_some_and(|t| t >= grace_since)
            && row.replaced_by.as_deref() == Some(new_hash)
            && row.successor_used_at.is_none();
        if within_grace {
            return Ok(RefreshOutcome::AlreadyRotated { uid, session_id });
        }
        sqlx::query("UPDATE identity_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL")
            .bind(&session_id).bind(now).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(RefreshOutcome::Reused)
    })
}

/// Ends every session of a user but `keep` (the one that changed the password).
/// Ends `uid`'s sessions but `keep` (every one when `None`), in the caller's transaction.
pub async fn revoke_sessions(
    tx: &mut Tx,
    uid: &str,
    keep: Option<&str>,
    now: DateTime<Utc>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE identity_sessions SET revoked_at = $2 WHERE uid = $1 AND revoked_at IS NULL AND ($3 IS NULL OR id <> $3)")
        .bind(uid).bind(now).bind(keep).execute(&mut *conn).await.map(|_| ()))
}

pub async fn revoke_session(db: &Db, session_id: &str, now: DateTime<Utc>) -> Result<()> {
    on_db!(db, pool => sqlx::query("UPDATE identity_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL")
        .bind(session_id).bind(now).execute(pool).await.map(|_| ()))
}

// ---- throttling ----

/// A throttle counter after one more attempt was counted.
#[derive(Debug, sqlx::FromRow)]
pub struct Attempts {
    /// Attempts in the current window, this one included.
    pub attempts: i64,
    pub window_ends: DateTime<Utc>,
    /// How many windows in a row filled up.
    pub strikes: i64,
}

/// Counts one attempt for `key` in one statement (an upsert), so concurrent attempts each see their
/// own count and none is checked unless it fits the limit. A window that is over starts again at 1.
pub async fn count_attempt(
    db: &Db,
    key: &str,
    now: DateTime<Utc>,
    fresh_window_ends: DateTime<Utc>,
) -> Result<Attempts> {
    on_db!(db, pool => sqlx::query_as(
        "INSERT INTO identity_throttle (throttle_key, attempts, window_ends, strikes) VALUES ($1, 1, $3, 0) \
         ON CONFLICT (throttle_key) DO UPDATE SET \
           attempts = CASE WHEN identity_throttle.window_ends <= $2 THEN 1 ELSE identity_throttle.attempts + 1 END, \
           window_ends = CASE WHEN identity_throttle.window_ends <= $2 THEN $3 ELSE identity_throttle.window_ends END \
         RETURNING CAST(attempts AS BIGINT) AS attempts, window_ends, CAST(strikes AS BIGINT) AS strikes")
        .bind(key).bind(now).bind(fresh_window_ends).fetch_one(pool).await)
}

/// The window of `key` filled up: it now lasts until `window_ends`, and the next one will be longer.
pub async fn add_strike(db: &Db, key: &str, window_ends: DateTime<Utc>) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE identity_throttle SET strikes = strikes + 1, window_ends = $2 WHERE throttle_key = $1")
        .bind(key).bind(window_ends).execute(pool).await.map(|_| ()))
}

/// Takes back one counted attempt of `key` (a success on a key many people share).
pub async fn release_attempt(db: &Db, key: &str) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE identity_throttle SET attempts = attempts - 1 WHERE throttle_key = $1 AND attempts > 0")
        .bind(key).execute(pool).await.map(|_| ()))
}

/// Forgets the attempts of `key` (after a successful sign-in).
pub async fn clear_attempts(db: &Db, key: &str) -> Result<()> {
    on_db!(db, pool => sqlx::query("DELETE FROM identity_throttle WHERE throttle_key = $1")
        .bind(key).execute(pool).await.map(|_| ()))
}

// ---- password reset codes and the mail outbox ----

pub async fn insert_reset_code(
    db: &Db,
    uid: &str,
    code_hash: &str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<()> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        // Only the newest code works: older unused ones are retired.
        sqlx::query("UPDATE identity_reset_codes SET used_at = $2 WHERE uid = $1 AND used_at IS NULL")
            .bind(uid).bind(now).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO identity_reset_codes (id, uid, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(uuid::Uuid::now_v7().to_string()).bind(uid).bind(code_hash).bind(now).bind(expires_at)
            .execute(&mut *tx).await?;
        tx.commit().await
    })
}

/// The live (unused, unexpired) code of a user: (id, code hash, attempts).
pub async fn live_reset_code(
    db: &Db,
    uid: &str,
    now: DateTime<Utc>,
) -> Result<Option<(String, String, i32)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, code_hash, attempts FROM identity_reset_codes WHERE uid = $1 AND used_at IS NULL AND expires_at > $2 \
         ORDER BY created_at DESC LIMIT 1")
        .bind(uid).bind(now).fetch_optional(pool).await)
}

/// Counts one try of a code before it is compared, in one statement: false when the tries are used up,
/// so concurrent wrong codes cannot try more than `max` times.
pub async fn count_reset_attempt(db: &Db, code_id: &str, max: i32) -> Result<bool> {
    on_db!(db, pool => sqlx::query("UPDATE identity_reset_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2")
        .bind(code_id).bind(max).execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Spends the code and sets the new password in one transaction; false when the code was spent meanwhile.
pub async fn redeem_reset_code(
    db: &Db,
    code_id: &str,
    uid: &str,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<bool> {
    on_db!(db, pool => {
        let mut tx = pool.begin().await?;
        let spent = sqlx::query("UPDATE identity_reset_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL")
            .bind(code_id).bind(now).execute(&mut *tx).await?.rows_affected() == 1;
        if !spent {
            return Ok(false);
        }
        sqlx::query("UPDATE identity_users SET password_hash = $2, is_password_updated = $3, updated_at = $4 WHERE uid = $1")
            .bind(uid).bind(hash).bind(true).bind(now).execute(&mut *tx).await?;
        sqlx::query("UPDATE identity_sessions SET revoked_at = $2 WHERE uid = $1 AND revoked_at IS NULL")
            .bind(uid).bind(now).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Records that a message is on its way (never its body).
pub async fn enqueue_mail(db: &Db, to: &str, subject: &str, now: DateTime<Utc>) -> Result<String> {
    let id = uuid::Uuid::now_v7().to_string();
    on_db!(db, pool => sqlx::query("INSERT INTO identity_outbox (id, to_addr, subject, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&id).bind(to).bind(subject).bind(now).execute(pool).await.map(|_| ()))?;
    Ok(id)
}

pub async fn mark_mail(
    db: &Db,
    id: &str,
    sent_at: Option<DateTime<Utc>>,
    error: Option<&str>,
) -> Result<()> {
    on_db!(db, pool => sqlx::query("UPDATE identity_outbox SET sent_at = $2, last_error = $3 WHERE id = $1")
        .bind(id).bind(sent_at).bind(error).execute(pool).await.map(|_| ()))
}

/// What the outbox shows of a message.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OutboxEntry {
    pub subject: String,
    pub sent_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
}

/// The messages to an address, newest first.
pub async fn mail_to(db: &Db, to: &str) -> Result<Vec<OutboxEntry>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT subject, sent_at, last_error FROM identity_outbox WHERE to_addr = $1 ORDER BY created_at DESC, id DESC")
        .bind(to).fetch_all(pool).await)
}

// ---- permission holders ----

/// The active users who hold `permission` now, by uid: the table's answer as `Principal::has` gives it (a
/// user's revoke first, then their grant, then their role — or, for a flag permission, their flag), in one
/// statement. A user without a role holds nothing.
pub async fn holders(db: &Db, permission: &Permission) -> Result<Vec<String>> {
    let by_default = match permission.grant {
        Grant::Roles(_) => {
            "u.role IN (SELECT r.role FROM platform_role_permissions r WHERE r.permission = $1)"
                .to_string()
        }
        Grant::Flag(flag) => format!("u.{} = $2", flag_column(flag)),
    };
    let sql = format!(
        "SELECT u.uid FROM identity_users u WHERE u.active = $2 AND u.role IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM platform_user_permissions x \
                         WHERE x.uid = u.uid AND x.permission = $1 AND x.granted = $3) \
         AND ({by_default} OR EXISTS (SELECT 1 FROM platform_user_permissions g \
                         WHERE g.uid = u.uid AND g.permission = $1 AND g.granted = $2)) \
         ORDER BY u.uid"
    );
    on_db!(db, pool => sqlx::query_scalar(&sql)
        .bind(permission.code)
        .bind(true)
        .bind(false)
        .fetch_all(pool)
        .await)
}

/// The `identity_users` column behind a per-user flag.
fn flag_column(flag: Flag) -> &'static str {
    match flag {
        Flag::AccessHub => "access_hub",
        Flag::CanSeeConciliation => "can_see_conciliation",
        Flag::CanSeeDispatch => "can_see_dispatch",
        Flag::CanApprovalDispatch => "can_approval_dispatch",
    }
}

// ---- push tokens ----

/// Stores a device's push token for `uid`; a token saved again by another user moves to that user.
pub async fn save_push_token(db: &Db, token: &str, uid: &str, now: DateTime<Utc>) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO identity_push_tokens (token, uid, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (token) DO UPDATE SET uid = excluded.uid, updated_at = excluded.updated_at")
        .bind(token).bind(uid).bind(now).execute(pool).await.map(|_| ()))
}

pub async fn push_tokens_of(db: &Db, uid: &str) -> Result<Vec<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT token FROM identity_push_tokens WHERE uid = $1 ORDER BY token")
        .bind(uid).fetch_all(pool).await)
}

pub async fn delete_push_token(db: &Db, token: &str) -> Result<()> {
    on_db!(db, pool => sqlx::query("DELETE FROM identity_push_tokens WHERE token = $1")
        .bind(token).execute(pool).await.map(|_| ()))
}

// ---- access audit ----

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditRow {
    pub id: String,
    pub uid: String,
    pub email: String,
    pub content: String,
    pub has_permission: bool,
    pub client_addr: Option<String>,
    pub created_at: DateTime<Utc>,
    /// `cliente` or `servidor`.
    pub source: String,
}

pub async fn insert_audit(db: &Db, row: &AuditRow) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO identity_access_audit (id, uid, email, content, has_permission, client_addr, created_at, source) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(&row.id).bind(&row.uid).bind(&row.email).bind(&row.content).bind(row.has_permission)
        .bind(&row.client_addr).bind(row.created_at).bind(&row.source).execute(pool).await.map(|_| ()))
}

#[derive(Debug, Default)]
pub struct AuditFilter {
    pub uid: Option<String>,
    pub has_permission: Option<bool>,
    pub q: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// The audit filter's condition over `$1`…`$5` (uid, has_permission, pattern, from, to).
const AUDIT_FILTER: &str = "($1 IS NULL OR uid = $1) AND ($2 IS NULL OR has_permission = $2) \
                  AND ($3 IS NULL OR LOWER(content) LIKE $3 OR LOWER(email) LIKE $3) \
                  AND ($4 IS NULL OR created_at >= $4) AND ($5 IS NULL OR created_at < $5)";
const AUDIT_COLUMNS: &str =
    "id, uid, email, content, has_permission, client_addr, created_at, source";

impl AuditFilter {
    fn pattern(&self) -> Option<String> {
        self.q
            .as_ref()
            .map(|q| format!("%{}%", q.trim().to_lowercase()))
    }
}

/// Every entry the filter matches, newest first, as a stream read while the export is written.
pub fn stream_audit(
    db: &Db,
    f: AuditFilter,
) -> impl futures::Stream<Item = platform::error::Result<AuditRow>> + Send + 'static {
    let sql = format!(
        "SELECT {AUDIT_COLUMNS} FROM identity_access_audit WHERE {AUDIT_FILTER} \
         ORDER BY created_at DESC, id DESC"
    );
    let (tx, rx) = tokio::sync::mpsc::channel(256);
    let db = db.clone();
    tokio::spawn(async move {
        use futures::StreamExt;
        let pattern = f.pattern();
        on_db!(&db, pool => {
            let mut rows = sqlx::query_as::<_, AuditRow>(&sql)
                .bind(&f.uid).bind(f.has_permission).bind(&pattern).bind(f.from).bind(f.to)
                .fetch(pool);
            while let Some(row) = rows.next().await {
                if tx.send(row.map_err(Into::into)).await.is_err() {
                    break; // the download was abandoned
                }
            }
        })
    });
    tokio_stream::wrappers::ReceiverStream::new(rx)
}

pub async fn list_audit(
    db: &Db,
    f: &AuditFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<AuditRow>, i64)> {
    let pattern = f.pattern();
    let filter = AUDIT_FILTER;
    let list = format!(
        "SELECT {AUDIT_COLUMNS} FROM identity_access_audit \
         WHERE {filter} ORDER BY created_at DESC, id DESC LIMIT $6 OFFSET $7"
    );
    let count = format!("SELECT COUNT(*) FROM identity_access_audit WHERE {filter}");
    on_db!(db, pool => {
        let rows: Vec<AuditRow> = sqlx::query_as(&list)
            .bind(&f.uid).bind(f.has_permission).bind(&pattern).bind(f.from).bind(f.to).bind(limit).bind(offset)
            .fetch_all(pool).await?;
        let total: i64 = sqlx::query_scalar(&count)
            .bind(&f.uid).bind(f.has_permission).bind(&pattern).bind(f.from).bind(f.to)
            .fetch_one(pool).await?;
        Ok((rows, total))
    })
}

// ---- settings ----

pub async fn setting(db: &Db, key: &str) -> Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT value FROM identity_settings WHERE key = $1")
        .bind(key).fetch_optional(pool).await)
}

/// Stores `value` unless the key exists; returns the value that is stored now (first writer wins).
pub async fn setting_or_insert(db: &Db, key: &str, value: &str) -> Result<String> {
    on_db!(db, pool => sqlx::query("INSERT INTO identity_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(key).bind(value).execute(pool).await.map(|_| ()))?;
    Ok(setting(db, key).await?.unwrap_or_else(|| value.to_string()))
}
