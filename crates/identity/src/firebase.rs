//! Verification of Firebase Authentication ID tokens.
//!
//! Production tokens are RS256, signed by Google's keys (a JWK set), with `aud` = the project id and
//! `iss` = `https://securetoken.google.com/<project>`. The Auth emulator issues unsigned tokens
//! (`alg: none`); those are accepted only when the verifier is built for the emulator.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use std::sync::{Arc, RwLock};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirebaseIdentity {
    pub uid: String,
    pub email: String,
}

#[derive(Debug, serde::Deserialize)]
struct FirebaseClaims {
    sub: String,
    email: Option<String>,
    aud: String,
    iss: String,
    exp: i64,
    #[serde(default)]
    iat: i64,
}

/// Where Google publishes the keys that sign Firebase ID tokens (rotated every few hours).
pub const GOOGLE_JWKS_URL: &str =
    "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

/// Fetches a JWK set (blocking; call it from `spawn_blocking`). `url` may be `http://` for tests.
pub fn fetch_keys(url: &str) -> Result<JwkSet, String> {
    let response = ureq::get(url)
        .timeout(std::time::Duration::from_secs(10))
        .call()
        .map_err(|e| format!("chaves do Firebase indisponíveis em {url}: {e}"))?;
    let body = response
        .into_string()
        .map_err(|e| format!("resposta ilegível de {url}: {e}"))?;
    serde_json::from_str(&body).map_err(|e| format!("conjunto de chaves inválido em {url}: {e}"))
}

/// No keys yet: every signed token is refused until keys are set.
pub fn empty_key_set() -> JwkSet {
    JwkSet { keys: vec![] }
}

pub struct FirebaseVerifier {
    project_id: String,
    emulator: bool,
    /// Google's public keys; refreshed by whoever fetches them (see `set_keys`).
    keys: RwLock<JwkSet>,
}

impl FirebaseVerifier {
    /// A verifier for signed production tokens, with the keys known so far.
    pub fn production(project_id: &str, keys: JwkSet) -> FirebaseVerifier {
        FirebaseVerifier {
            project_id: project_id.into(),
            emulator: false,
            keys: RwLock::new(keys),
        }
    }

    /// A verifier for the Auth emulator's unsigned tokens. Never use it in production.
    pub fn emulator(project_id: &str) -> FirebaseVerifier {
        FirebaseVerifier {
            project_id: project_id.into(),
            emulator: true,
            keys: RwLock::new(empty_key_set()),
        }
    }

    pub fn set_keys(&self, keys: JwkSet) {
        if let Ok(mut guard) = self.keys.write() {
            *guard = keys;
        }
    }

    pub fn verify(&self, token: &str) -> Option<FirebaseIdentity> {
        let header = jsonwebtoken::decode_header(token).ok();
        let claims = match header {
            // Pinned: RS256 with a known key id, and nothing else.
            Some(h) if h.alg == Algorithm::RS256 => self.verify_signed(token, h.kid.as_deref()?)?,
            Some(_) => return None,
            // `decode_header` refuses `alg: none`; only the emulator sends such tokens.
            None if self.emulator => self.decode_unsigned(token)?,
            None => return None,
        };
        self.check_claims(claims)
    }

    fn verify_signed(&self, token: &str, kid: &str) -> Option<FirebaseClaims> {
        let keys = self.keys.read().ok()?;
        let jwk = keys.find(kid)?;
        let key = DecodingKey::from_jwk(jwk).ok()?;
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_audience(&[&self.project_id]);
        validation.set_issuer(&[self.issuer()]);
        jsonwebtoken::decode::<FirebaseClaims>(token, &key, &validation)
            .ok()
            .map(|d| d.claims)
    }

    fn decode_unsigned(&self, token: &str) -> Option<FirebaseClaims> {
        let mut parts = token.split('.');
        let (header, payload) = (parts.next()?, parts.next()?);
        let header: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(header).ok()?).ok()?;
        if header.get("alg")?.as_str()? != "none" {
            return None;
        }
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?).ok()
    }

    fn issuer(&self) -> String {
        format!("https://securetoken.google.com/{}", self.project_id)
    }

    fn check_claims(&self, c: FirebaseClaims) -> Option<FirebaseIdentity> {
        let now = chrono::Utc::now().timestamp();
        let valid = c.aud == self.project_id
            && c.iss == self.issuer()
            && c.exp > now
            && c.iat <= now + 60
            && !c.sub.is_empty();
        let email = c.email.filter(|e| !e.is_empty())?;
        valid.then_some(FirebaseIdentity { uid: c.sub, email })
    }
}

/// Firebase ID-token verification, when Firebase is the identity provider. In production the keys are
/// fetched at start and refreshed every hour (Google rotates them); until a fetch succeeds, Firebase
/// tokens are refused and the failure is logged.
pub async fn verifier_for(auth: &platform::config::AuthProvider) -> Option<Arc<FirebaseVerifier>> {
    let platform::config::AuthProvider::Firebase {
        project_id,
        emulator,
        jwks_url,
        ..
    } = auth
    else {
        return None;
    };
    if emulator.is_some() {
        return Some(Arc::new(FirebaseVerifier::emulator(project_id)));
    }
    let verifier = Arc::new(FirebaseVerifier::production(project_id, empty_key_set()));
    let url = jwks_url
        .clone()
        .unwrap_or_else(|| GOOGLE_JWKS_URL.to_string());
    refresh_keys(&verifier, &url).await;
    let (refresher, every) = (verifier.clone(), std::time::Duration::from_secs(3600));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            refresh_keys(&refresher, &url).await;
        }
    });
    Some(verifier)
}

async fn refresh_keys(verifier: &Arc<FirebaseVerifier>, url: &str) {
    let fetch_url = url.to_string();
    match tokio::task::spawn_blocking(move || fetch_keys(&fetch_url)).await {
        Ok(Ok(keys)) => verifier.set_keys(keys),
        Ok(Err(e)) => tracing::error!(error = %e, "Firebase keys not refreshed"),
        Err(e) => tracing::error!(error = %e, "Firebase key refresh task failed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unsigned(claims: serde_json::Value) -> String {
        let h = URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#);
        format!("{h}.{}.", URL_SAFE_NO_PAD.encode(claims.to_string()))
    }

    fn claims(project: &str, exp_offset: i64) -> serde_json::Value {
        let now = chrono::Utc::now().timestamp();
        serde_json::json!({"sub": "fb1", "email": "ana@x.com", "aud": project,
            "iss": format!("https://securetoken.google.com/{project}"), "exp": now + exp_offset, "iat": now})
    }

    #[test]
    fn emulator_accepts_its_unsigned_tokens_for_its_project_only() {
        let v = FirebaseVerifier::emulator("demo-p");
        assert_eq!(
            v.verify(&unsigned(claims("demo-p", 3600))).unwrap().email,
            "ana@x.com"
        );
        assert!(v.verify(&unsigned(claims("other", 3600))).is_none());
        assert!(v.verify(&unsigned(claims("demo-p", -10))).is_none());
    }

    #[test]
    fn production_refuses_unsigned_tokens() {
        let v = FirebaseVerifier::production("demo-p", JwkSet { keys: vec![] });
        assert!(v.verify(&unsigned(claims("demo-p", 3600))).is_none());
        assert!(v.verify("garbage").is_none());
    }
}
