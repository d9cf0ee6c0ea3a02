//! Opaque secrets (refresh tokens, reset codes, summary links): random bytes from the operating system's
//! CSPRNG, kept only as their SHA-256, so a database leak does not leak live secrets.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A random URL-safe secret of `bytes` random bytes (base64url without padding).
pub fn random_secret(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    URL_SAFE_NO_PAD.encode(buf)
}

/// The stored form of a secret: its SHA-256 in lowercase hex.
pub fn digest(secret: &str) -> String {
    let hash = Sha256::digest(secret.as_bytes());
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_differ_and_their_digests_are_stable() {
        let a = random_secret(32);
        assert_eq!(a.len(), 43, "32 bytes are 43 base64url characters");
        assert_ne!(a, random_secret(32));
        assert_eq!(digest("abc"), digest("abc"));
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
