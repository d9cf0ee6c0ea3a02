//! Password hashing (argon2id) and the password rules, explained in Portuguese.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

pub const MIN_LENGTH: usize = 8;
pub const MAX_LENGTH: usize = 128;

/// Checks the rules; returns every rule the password breaks, in Portuguese.
pub fn check_rules(password: &str, email: &str) -> Result<(), String> {
    let mut broken = Vec::new();
    let chars = password.chars().count();
    if chars < MIN_LENGTH {
        broken.push(format!("ter pelo menos {MIN_LENGTH} caracteres"));
    }
    if chars > MAX_LENGTH {
        broken.push(format!("ter no máximo {MAX_LENGTH} caracteres"));
    }
    if !password.chars().any(char::is_alphabetic) {
        broken.push("conter pelo menos uma letra".to_string());
    }
    if !password.chars().any(|c| c.is_ascii_digit()) {
        broken.push("conter pelo menos um número".to_string());
    }
    if !email.is_empty() && password.to_lowercase() == email.to_lowercase() {
        broken.push("ser diferente do e-mail".to_string());
    }
    if broken.is_empty() {
        Ok(())
    } else {
        Err(format!("A senha deve {}.", join_pt(&broken)))
    }
}

/// "a, b e c".
fn join_pt(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} e {}", init.join(", "), last),
    }
}

/// Hashes run on tokio's blocking threads, at most this many at once, so a sign-in flood neither stalls
/// the threads that answer requests (`/healthz` stays fast) nor queues unbounded work.
static HASHING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
});

async fn off_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let _permit = HASHING
        .acquire()
        .await
        .expect("the hashing semaphore is never closed");
    tokio::task::spawn_blocking(work)
        .await
        .expect("password hashing does not panic")
}

/// [`hash`] on the bounded blocking pool.
pub async fn hash_off_thread(password: String) -> String {
    off_thread(move || hash(&password)).await
}

/// [`verify`] on the bounded blocking pool.
pub async fn verify_off_thread(password: String, stored_hash: String) -> bool {
    off_thread(move || verify(&password, &stored_hash)).await
}

pub fn hash(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 hashing with default parameters cannot fail")
        .to_string()
}

pub fn verify(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A valid hash of a random password: verifying against it when the e-mail is unknown keeps the
/// response time the same, so timing does not reveal which e-mails exist.
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash(&uuid::Uuid::new_v4().to_string()))
}

#[cfg(test)]
mod tests {

    /// On a single-threaded runtime a hash done inline would hold the thread: the task spawned first
    /// could run only after it. Off the thread, the runtime serves that task while the hash runs.
    #[tokio::test(flavor = "current_thread")]
    async fn hashing_leaves_the_request_threads_free() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        let order = Arc::new(AtomicUsize::new(0));
        let other = order.clone();
        let waiting = tokio::spawn(async move { other.fetch_add(1, Ordering::SeqCst) });
        let hashed = hash_off_thread("Senha@2026".into()).await;
        let after_hash = order.fetch_add(1, Ordering::SeqCst);
        assert_eq!(
            after_hash, 1,
            "the other task ran while the password was hashed"
        );
        assert_eq!(waiting.await.unwrap(), 0);
        assert!(verify_off_thread("Senha@2026".into(), hashed).await);
    }
    use super::*;

    #[test]
    fn rules_are_explained() {
        assert!(check_rules("Senha123", "a@b.com").is_ok());
        let msg = check_rules("abc", "a@b.com").unwrap_err();
        assert!(
            msg.contains("8 caracteres") && msg.contains("um número"),
            "{msg}"
        );
        assert!(check_rules("a1@b.com1", "A1@B.COM1")
            .unwrap_err()
            .contains("diferente do e-mail"));
        assert!(check_rules("12345678", "")
            .unwrap_err()
            .contains("uma letra"));
    }

    #[test]
    fn hashes_verify_only_the_right_password() {
        let h = hash("Senha123");
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("Senha123", &h));
        assert!(!verify("Senha124", &h));
        assert!(!verify("Senha123", "not a hash"));
    }
}
