//! Password reset by e-mailed code, change by the user, and a new password set by an administrator.

use chrono::{DateTime, Duration, Utc};
use platform::db::Tx;
use platform::error::{Error, Result, Violations};
use platform::history::{self, Entry};
use platform::Principal;

use super::throttle::{self, RESET_CODES_PER_USER};
use super::Identity;
use crate::domain::password;
use crate::store;
use crate::tokens;

/// Reset codes expire after 15 minutes and allow 5 wrong tries.
pub const RESET_CODE_TTL_SECS: i64 = 15 * 60;
pub const RESET_CODE_MAX_ATTEMPTS: i32 = 5;

impl Identity {
    /// What the outbox shows of the messages sent to an address, newest first (never their bodies).
    pub async fn mail_sent_to(&self, to: &str) -> Result<Vec<store::OutboxEntry>> {
        Ok(store::mail_to(&self.db, to).await?)
    }

    /// Always succeeds from the caller's point of view (202), whether or not the e-mail exists or the
    /// user asked too often. The code goes out by e-mail only: neither the outbox nor the log keeps it.
    pub async fn send_reset_code(&self, email: &str) -> Result<()> {
        let now = self.clock.now();
        let Some((user, _)) = store::user_by_email(&self.db, email).await? else {
            tracing::info!("password reset asked for an unknown e-mail");
            return Ok(());
        };
        if !user.active {
            return Ok(());
        }
        let key = format!("reset-send:{}", user.uid);
        if throttle::admit(&self.db, &key, RESET_CODES_PER_USER, now)
            .await
            .is_err()
        {
            tracing::warn!(uid = %user.uid, "password reset codes throttled");
            return Ok(());
        }
        let code = tokens::random_code();
        store::insert_reset_code(
            &self.db,
            &user.uid,
            &tokens::digest(&code),
            now,
            now + Duration::seconds(RESET_CODE_TTL_SECS),
        )
        .await?;
        let body = format!(
            "Olá, {}.\r\n\r\nSeu código para redefinir a senha é {code}.\r\nEle vale por 15 minutos e só pode ser usado uma vez.\r\n\r\nSe você não pediu a redefinição, ignore esta mensagem.",
            user.name
        );
        self.mailer
            .send(
                &self.db,
                &self.clock,
                &user.email,
                "Código para redefinir sua senha",
                body,
            )
            .await
    }

    pub async fn confirm_reset(&self, email: &str, code: &str, new_password: &str) -> Result<()> {
        let now = self.clock.now();
        let invalid_code =
            || Error::invalid_field("code", "Código inválido ou expirado. Peça um novo código.");
        let Some((user, _)) = store::user_by_email(&self.db, email)
            .await?
            .filter(|(u, _)| u.active)
        else {
            return Err(invalid_code());
        };
        let mut violations = Violations::new();
        if let Err(msg) = password::check_rules(new_password, &user.email) {
            violations.add("new_password", msg);
        }
        violations.finish()?;
        let Some((code_id, code_hash, _)) =
            store::live_reset_code(&self.db, &user.uid, now).await?
        else {
            return Err(invalid_code());
        };
        // The try is counted before the code is compared, so parallel guesses share the five tries.
        if !store::count_reset_attempt(&self.db, &code_id, RESET_CODE_MAX_ATTEMPTS).await? {
            return Err(invalid_code());
        }
        if tokens::digest(code.trim()) != code_hash {
            return Err(invalid_code());
        }
        let hash = password::hash_off_thread(new_password.to_string()).await;
        if !store::redeem_reset_code(&self.db, &code_id, &user.uid, &hash, now).await? {
            return Err(invalid_code());
        }
        Ok(())
    }

    /// Changes one's own password; every other session of the user ends (this one stays).
    pub async fn change_password(
        &self,
        principal: &Principal,
        current: &str,
        new_password: &str,
    ) -> Result<()> {
        let now = self.clock.now();
        // With Firebase the password lives there and the web app changes it there; only the flag is ours.
        if principal.firebase_uid.is_some() {
            store::mark_password_updated(&self.db, &principal.uid, now).await?;
            return Ok(());
        }
        let hash = store::password_hash(&self.db, &principal.uid).await?;
        let current_ok = match hash {
            Some(h) => password::verify_off_thread(current.to_string(), h).await,
            None => false,
        };
        if !current_ok {
            return Err(Error::invalid_field(
                "current_password",
                "A senha atual não confere.",
            ));
        }
        if current == new_password {
            return Err(Error::invalid_field(
                "new_password",
                "A nova senha deve ser diferente da atual.",
            ));
        }
        password::check_rules(new_password, &principal.email)
            .map_err(|m| Error::invalid_field("new_password", m))?;
        let hash = password::hash_off_thread(new_password.to_string()).await;
        // The password and the other sessions' end commit together, with the history entry.
        let mut tx = self.db.begin().await?;
        store::set_password(&mut tx, &principal.uid, &hash, true, now).await?;
        let keep = principal.session_id.as_deref();
        store::revoke_sessions(&mut tx, &principal.uid, keep, now).await?;
        password_history(
            &mut tx,
            principal,
            &principal.uid,
            "Senha alterada pelo usuário",
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// An administrator sets a new password: the user must change it again, and every session ends.
    pub async fn admin_reset_password(
        &self,
        by: &Principal,
        uid: &str,
        new_password: &str,
    ) -> Result<()> {
        let user = self.user_row(uid).await?;
        password::check_rules(new_password, &user.email)
            .map_err(|m| Error::invalid_field("new_password", m))?;
        let now = self.clock.now();
        let hash = password::hash_off_thread(new_password.to_string()).await;
        let mut tx = self.db.begin().await?;
        store::set_password(&mut tx, uid, &hash, false, now).await?;
        store::revoke_sessions(&mut tx, uid, None, now).await?;
        password_history(
            &mut tx,
            by,
            uid,
            "Senha redefinida por um administrador",
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// A password set, in the user's history (never the password).
async fn password_history(
    tx: &mut Tx,
    by: &Principal,
    uid: &str,
    action: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    let entry = Entry {
        entity: super::users::USER_ENTITY,
        entity_id: uid,
        action,
        from_state: None,
        to_state: None,
        reason: None,
        changes: Vec::new(),
    };
    history::record(tx, &entry, by, now).await
}
