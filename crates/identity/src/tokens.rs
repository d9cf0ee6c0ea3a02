//! Access tokens (short-lived JWT, HS256) and opaque secrets (refresh tokens, reset codes).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use sha2::Sha256;

/// Access tokens live 15 minutes; the refresh token renews them.
pub const ACCESS_TOKEN_TTL_SECS: i64 = 15 * 60;
/// A sign-in session lasts at most 30 days without a new sign-in.
pub const SESSION_TTL_DAYS: i64 = 30;
const ISSUER: &str = "backoffice";

#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct AccessClaims {
    /// The user's uid.
    pub sub: String,
    /// The session id.
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
    pub iss: String,
}

/// The signing keys, from a shared secret.
pub struct TokenKeys {
    secret: Vec<u8>,
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> TokenKeys {
        // Pin the algorithm: a token claiming any other `alg` is refused.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.leeway = 5;
        TokenKeys {
            secret: secret.to_vec(),
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }

    pub fn issue(&self, uid: &str, session_id: &str, now: i64) -> String {
        let claims = AccessClaims {
            sub: uid.to_string(),
            sid: session_id.to_string(),
            iat: now,
            exp: now + ACCESS_TOKEN_TTL_SECS,
            iss: ISSUER.to_string(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 encoding of plain claims cannot fail")
    }

    /// The refresh token that replaces `refresh_token`: derived from it under the secret, so a second
    /// tab presenting the same token within the grace window is given the same successor without the
    /// server keeping any refresh token in the clear.
    pub fn successor(&self, refresh_token: &str) -> String {
        use hmac::{Hmac, Mac};
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.secret).expect("HMAC takes any key length");
        mac.update(b"refresh-successor\0");
        mac.update(refresh_token.as_bytes());
        URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
    }

    /// The shared secret, for the plugin's tokens (`crate::plugin`), signed with the same key.
    pub(crate) fn secret(&self) -> &[u8] {
        &self.secret
    }

    pub fn verify(&self, token: &str) -> Option<AccessClaims> {
        jsonwebtoken::decode::<AccessClaims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|data| data.claims)
    }
}

pub use platform::secret::{digest, random_secret};

/// A 6-digit numeric code for password reset.
pub fn random_code() -> String {
    format!("{:06}", rand::thread_rng().next_u32() % 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_verify_with_the_same_key_only() {
        let keys = TokenKeys::from_secret(b"one secret");
        let now = chrono::Utc::now().timestamp();
        let token = keys.issue("u1", "s1", now);
        let claims = keys.verify(&token).expect("valid");
        assert_eq!((claims.sub.as_str(), claims.sid.as_str()), ("u1", "s1"));
        assert!(TokenKeys::from_secret(b"another").verify(&token).is_none());
        assert!(keys.verify(&token.replace('.', "")).is_none());
    }

    #[test]
    fn expired_tokens_are_refused() {
        let keys = TokenKeys::from_secret(b"k");
        let token = keys.issue("u1", "s1", chrono::Utc::now().timestamp() - 3600);
        assert!(keys.verify(&token).is_none());
    }

    #[test]
    fn unsigned_tokens_are_refused() {
        let keys = TokenKeys::from_secret(b"k");
        let claims = URL_SAFE_NO_PAD.encode(format!(
            r#"{{"sub":"u1","sid":"s1","iat":0,"exp":{},"iss":"backoffice"}}"#,
            i64::MAX / 2
        ));
        let header = URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#);
        assert!(keys.verify(&format!("{header}.{claims}.")).is_none());
    }

    #[test]
    fn secrets_are_random_and_digests_stable() {
        assert_ne!(random_secret(32), random_secret(32));
        assert_eq!(digest("abc"), digest("abc"));
        assert_eq!(random_code().len(), 6);
    }
}
