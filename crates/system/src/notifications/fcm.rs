//! FCM HTTP v1: the service account's signed JWT is exchanged for an access token (kept until shortly
//! before it expires), then each message goes to `projects/<id>/messages:send`. The endpoint is
//! configurable, so tests run against a local server that speaks the same protocol.

use std::time::{Duration, Instant};

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use platform::error::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::Mutex;

const SCOPE: &str = "https://www.googleapis.com/auth/firebase.messaging";
const TIMEOUT: Duration = Duration::from_secs(10);

/// The fields of a Google service-account key file that FCM needs.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceAccount {
    pub project_id: String,
    pub private_key: String,
    pub client_email: String,
    pub token_uri: String,
}

/// One push message to one device.
#[derive(Debug, Clone, Copy)]
pub struct Message<'a> {
    pub token: &'a str,
    pub title: &'a str,
    pub body: &'a str,
    /// Opened when the notification is clicked (the web app's handler reads `data.url`).
    pub url: &'a str,
}

/// How a send ended (other failures are errors, and the job retries).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    Delivered,
    /// FCM does not know the token any more.
    Unregistered,
}

pub struct Fcm {
    http: reqwest::Client,
    account: ServiceAccount,
    key: EncodingKey,
    endpoint: String,
    token: Mutex<Option<(String, Instant)>>,
}

#[derive(Serialize)]
struct Claims<'a> {
    iss: &'a str,
    scope: &'a str,
    aud: &'a str,
    iat: i64,
    exp: i64,
}

#[derive(Deserialize)]
struct TokenResponse {
    access_token: String,
    expires_in: u64,
}

impl Fcm {
    pub fn new(account: ServiceAccount, endpoint: &str) -> Result<Fcm> {
        let key = EncodingKey::from_rsa_pem(account.private_key.as_bytes())
            .map_err(|e| Error::internal(format!("FCM service account private key: {e}")))?;
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .map_err(Error::internal)?;
        Ok(Fcm {
            http,
            account,
            key,
            endpoint: endpoint.trim_end_matches('/').to_string(),
            token: Mutex::new(None),
        })
    }

    /// Reads the service-account JSON file.
    pub fn from_file(path: &std::path::Path, endpoint: &str) -> Result<Fcm> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Error::internal(format!(
                "BACKOFFICE_FCM_SERVICE_ACCOUNT {}: {e}",
                path.display()
            ))
        })?;
        let account: ServiceAccount = serde_json::from_str(&text).map_err(|e| {
            Error::internal(format!(
                "BACKOFFICE_FCM_SERVICE_ACCOUNT {}: {e}",
                path.display()
            ))
        })?;
        Fcm::new(account, endpoint)
    }

    /// A valid access token: the one held, or a new one from the token endpoint.
    async fn access_token(&self) -> Result<String> {
        let mut held = self.token.lock().await;
        if let Some((token, until)) = held.as_ref() {
            if Instant::now() < *until {
                return Ok(token.clone());
            }
        }
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            iss: &self.account.client_email,
            scope: SCOPE,
            aud: &self.account.token_uri,
            iat: now,
            exp: now + 3600,
        };
        let assertion = jsonwebtoken::encode(&Header::new(Algorithm::RS256), &claims, &self.key)
            .map_err(Error::internal)?;
        let response = self
            .http
            .post(&self.account.token_uri)
            .form(&[
                ("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"),
                ("assertion", assertion.as_str()),
            ])
            .send()
            .await
            .map_err(|e| Error::internal(format!("FCM token endpoint: {e}")))?;
        if !response.status().is_success() {
            let status = response.status();
            let text = response.text().await.unwrap_or_default();
            return Err(Error::internal(format!(
                "FCM token endpoint answered {status}: {text}"
            )));
        }
        let token: TokenResponse = response.json().await.map_err(Error::internal)?;
        // Renewed a minute before it expires.
        let until = Instant::now() + Duration::from_secs(token.expires_in.saturating_sub(60));
        *held = Some((token.access_token.clone(), until));
        Ok(token.access_token)
    }

    pub async fn send(&self, message: &Message<'_>) -> Result<Sent> {
        let url = format!(
            "{}/v1/projects/{}/messages:send",
            self.endpoint, self.account.project_id
        );
        let body = json!({
            "message": {
                "token": message.token,
                "notification": { "title": message.title, "body": message.body },
                "data": { "url": message.url },
                "webpush": {
                    "notification": { "icon": "/favicon.ico" },
                    "fcm_options": { "link": message.url }
                }
            }
        });
        let response = self
            .http
            .post(url)
            .bearer_auth(self.access_token().await?)
            .json(&body)
            .send()
            .await
            .map_err(|e| Error::internal(format!("FCM send: {e}")))?;
        let status = response.status();
        if status.is_success() {
            return Ok(Sent::Delivered);
        }
        let text = response.text().await.unwrap_or_default();
        // 404 with errorCode UNREGISTERED: the app was uninstalled or the token expired. Any other
        // failure (a wrong endpoint answers 404 too) is an error, retried, and no token is forgotten.
        if status.as_u16() == 404 && text.contains("\"UNREGISTERED\"") {
            return Ok(Sent::Unregistered);
        }
        Err(Error::internal(format!(
            "FCM send answered {status}: {text}"
        )))
    }
}
