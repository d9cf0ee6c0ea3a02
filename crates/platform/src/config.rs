//! Settings, read once from the environment at start-up.

use std::net::IpAddr;
use std::path::PathBuf;

/// The embedded default database: created on first run, no set-up.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://./data/backoffice.db";
pub const DEFAULT_PORT: u16 = 3001;

#[derive(Debug, Clone)]
pub struct Config {
    /// `sqlite://…` or `postgres://…` (`BACKOFFICE_DATABASE_URL`).
    pub database_url: String,
    /// `BACKOFFICE_BIND`, default 127.0.0.1.
    pub bind: IpAddr,
    /// `BACKOFFICE_PORT`, default 3001.
    pub port: u16,
    /// Where the built web apps live: `shell/dist` and `mfe-*/dist` below it (`BACKOFFICE_WEB_ROOT`, default `.`).
    pub web_root: PathBuf,
    /// Shared token-signing secret for several instances (`BACKOFFICE_JWT_SECRET`); when absent, a secret is
    /// generated on first run and kept in the database.
    pub jwt_secret: Option<String>,
    /// SMTP relay for e-mail (`BACKOFFICE_SMTP_URL`: `smtp://host:587?tls=required` for STARTTLS,
    /// `smtps://user:password@host:465`, `smtp://127.0.0.1:2525` for a local relay); when absent nothing is
    /// delivered (the outbox still records each message, never its body).
    pub smtp_url: Option<String>,
    /// Sender address for e-mail (`BACKOFFICE_MAIL_FROM`).
    pub mail_from: String,
    /// Identity provider: embedded (default) or Firebase.
    pub auth: AuthProvider,
    /// What the web apps are told at run time (`/runtime-config.json`).
    pub web: WebSettings,
    /// Where attachments and generated files are kept.
    pub files: FileStorage,
    /// Push messages through FCM HTTP v1, when `BACKOFFICE_FCM_SERVICE_ACCOUNT` names a service-account
    /// JSON file (`BACKOFFICE_FCM_ENDPOINT` overrides `https://fcm.googleapis.com`, for a local server).
    pub push: Option<PushSettings>,
    /// Connections and the headers every response carries.
    pub http: HttpSettings,
    /// How long a claimed job is held without renewal before another instance may take it
    /// (`BACKOFFICE_JOB_LEASE_SECS`, 2 to 3600, default 60): what a killed instance's jobs wait.
    pub job_lease: std::time::Duration,
    /// The company's name as public pages show it (`BACKOFFICE_COMPANY_NAME`, default "Backoffice").
    pub company_name: String,
}

/// How the server treats connections and where it may be framed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpSettings {
    /// Proxies whose `X-Forwarded-For` is believed (`BACKOFFICE_TRUSTED_PROXIES`, comma-separated IPs).
    /// Without them the client address is the connection's.
    pub trusted_proxies: Vec<IpAddr>,
    /// Connections served at once (`BACKOFFICE_MAX_CONNECTIONS`, default 4096); more wait to be accepted.
    pub max_connections: usize,
    /// Origins allowed to frame `/crm/plugin` (`BACKOFFICE_PLUGIN_FRAME_ANCESTORS`, space- or
    /// comma-separated, e.g. `https://console.example.com`); every other page refuses framing.
    pub plugin_frame_ancestors: Vec<String>,
    /// Reads of a public page's API (the proposal summary) one client address may make per minute
    /// (`BACKOFFICE_PUBLIC_READS_PER_MINUTE`, 1 to 1,000,000, default 30); more get 429 with `Retry-After`.
    pub public_reads_per_minute: u32,
}

pub const DEFAULT_PUBLIC_READS_PER_MINUTE: u32 = 30;

pub const DEFAULT_MAX_CONNECTIONS: usize = 4096;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushSettings {
    pub service_account: PathBuf,
    pub endpoint: String,
}

/// Where files are stored: a local directory (`BACKOFFICE_FILES_DIR`, default `./data/files`), or an
/// S3-compatible bucket when `BACKOFFICE_S3_BUCKET` is set (with `BACKOFFICE_S3_ENDPOINT`,
/// `BACKOFFICE_S3_REGION`, `BACKOFFICE_S3_ACCESS_KEY_ID`, `BACKOFFICE_S3_SECRET_ACCESS_KEY`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileStorage {
    Local(PathBuf),
    S3 {
        bucket: String,
        endpoint: Option<String>,
        region: String,
        access_key_id: Option<String>,
        secret_access_key: Option<String>,
    },
}

/// The web areas, each a separately deployed remote.
pub const WEB_AREAS: [&str; 4] = ["finance", "crm", "stock", "purchasing"];

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebSettings {
    /// API base for the web apps when it is not their own origin (`BACKOFFICE_PUBLIC_API_BASE`).
    pub public_api_base: Option<String>,
    /// Where each area's `remoteEntry.js` lives, by area (`BACKOFFICE_REMOTE_<AREA>_URL`; default
    /// `/remotes/<area>/remoteEntry.js`), so a remote moves without rebuilding the shell.
    pub remote_urls: Vec<(String, String)>,
    /// Push notifications (FCM), when `BACKOFFICE_FCM_VAPID_KEY` is set.
    pub fcm: Option<FcmSettings>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FcmSettings {
    pub vapid_key: String,
    pub sender_id: Option<String>,
    pub app_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthProvider {
    Embedded,
    /// Firebase Authentication: ID tokens are verified for this project; `emulator` is the Auth emulator's
    /// host:port, whose tokens are unsigned (accepted only in that mode).
    Firebase {
        project_id: String,
        api_key: Option<String>,
        emulator: Option<String>,
        /// Where the signing keys are published (Google's JWK URL unless overridden).
        jwks_url: Option<String>,
    },
}

/// A setting that could not be read; the message names the variable.
#[derive(Debug, thiserror::Error)]
#[error("configuração inválida: {0}")]
pub struct ConfigError(pub String);

/// The allowed framing origins: each `https://host[:port]` or `http://…`, nothing that could break out of
/// the CSP header.
fn frame_ancestors(value: Option<String>) -> Result<Vec<String>, ConfigError> {
    value
        .unwrap_or_default()
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|o| !o.is_empty())
        .map(|origin| {
            let ok = (origin.starts_with("https://") || origin.starts_with("http://"))
                && !origin.contains([';', '\'', '"']);
            ok.then(|| origin.to_string()).ok_or_else(|| {
                ConfigError(format!(
                    "BACKOFFICE_PLUGIN_FRAME_ANCESTORS: {origin} não é uma origem (https://host)"
                ))
            })
        })
        .collect()
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads settings through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |k: &str| lookup(k).filter(|v| !v.trim().is_empty());
        let port = match get("BACKOFFICE_PORT") {
            Some(p) => p
                .parse()
                .map_err(|_| ConfigError(format!("BACKOFFICE_PORT não é uma porta: {p}")))?,
            None => DEFAULT_PORT,
        };
        let bind = match get("BACKOFFICE_BIND") {
            Some(b) => b
                .parse()
                .map_err(|_| ConfigError(format!("BACKOFFICE_BIND não é um endereço IP: {b}")))?,
            None => IpAddr::from([127, 0, 0, 1]),
        };
        let auth = match get("BACKOFFICE_AUTH_PROVIDER").as_deref() {
            None | Some("embedded") => AuthProvider::Embedded,
            Some("firebase") => AuthProvider::Firebase {
                project_id: get("BACKOFFICE_FIREBASE_PROJECT_ID").ok_or_else(|| {
                    ConfigError(
                        "BACKOFFICE_FIREBASE_PROJECT_ID é obrigatório com o Firebase".into(),
                    )
                })?,
                api_key: get("BACKOFFICE_FIREBASE_API_KEY"),
                emulator: get("BACKOFFICE_FIREBASE_EMULATOR"),
                jwks_url: get("BACKOFFICE_FIREBASE_JWKS_URL"),
            },
            Some(other) => {
                return Err(ConfigError(format!(
                    "BACKOFFICE_AUTH_PROVIDER deve ser embedded ou firebase, não {other}"
                )))
            }
        };
        let files = match get("BACKOFFICE_S3_BUCKET") {
            Some(bucket) => FileStorage::S3 {
                bucket,
                endpoint: get("BACKOFFICE_S3_ENDPOINT"),
                region: get("BACKOFFICE_S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                access_key_id: get("BACKOFFICE_S3_ACCESS_KEY_ID"),
                secret_access_key: get("BACKOFFICE_S3_SECRET_ACCESS_KEY"),
            },
            None => FileStorage::Local(
                get("BACKOFFICE_FILES_DIR")
                    .map(PathBuf::from)
                    .unwrap_or_else(|| "./data/files".into()),
            ),
        };
        let push = get("BACKOFFICE_FCM_SERVICE_ACCOUNT").map(|path| PushSettings {
            service_account: PathBuf::from(path),
            endpoint: get("BACKOFFICE_FCM_ENDPOINT")
                .unwrap_or_else(|| "https://fcm.googleapis.com".into()),
        });
        let trusted_proxies = get("BACKOFFICE_TRUSTED_PROXIES")
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                p.parse().map_err(|_| {
                    ConfigError(format!(
                        "BACKOFFICE_TRUSTED_PROXIES: {p} não é um endereço IP"
                    ))
                })
            })
            .collect::<Result<Vec<IpAddr>, _>>()?;
        let max_connections = match get("BACKOFFICE_MAX_CONNECTIONS") {
            Some(n) => n.parse().ok().filter(|n: &usize| *n > 0).ok_or_else(|| {
                ConfigError(format!(
                    "BACKOFFICE_MAX_CONNECTIONS deve ser um número positivo, não {n}"
                ))
            })?,
            None => DEFAULT_MAX_CONNECTIONS,
        };
        let plugin_frame_ancestors = frame_ancestors(get("BACKOFFICE_PLUGIN_FRAME_ANCESTORS"))?;
        let public_reads_per_minute = match get("BACKOFFICE_PUBLIC_READS_PER_MINUTE") {
            Some(n) => n
                .parse()
                .ok()
                .filter(|n: &u32| (1..=1_000_000).contains(n))
                .ok_or_else(|| {
                    ConfigError(format!(
                        "BACKOFFICE_PUBLIC_READS_PER_MINUTE deve ser um número de 1 a 1000000, não {n}"
                    ))
                })?,
            None => DEFAULT_PUBLIC_READS_PER_MINUTE,
        };
        let job_lease = match get("BACKOFFICE_JOB_LEASE_SECS") {
            Some(n) => n
                .parse()
                .ok()
                .filter(|n: &u64| (2..=3600).contains(n))
                .map(std::time::Duration::from_secs)
                .ok_or_else(|| {
                    ConfigError(format!(
                        "BACKOFFICE_JOB_LEASE_SECS deve ser um número de 2 a 3600, não {n}"
                    ))
                })?,
            None => crate::jobs::DEFAULT_LEASE,
        };
        Ok(Config {
            job_lease,
            company_name: get("BACKOFFICE_COMPANY_NAME")
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| "Backoffice".into()),
            files,
            push,
            http: HttpSettings {
                trusted_proxies,
                max_connections,
                plugin_frame_ancestors,
                public_reads_per_minute,
            },
            database_url: get("BACKOFFICE_DATABASE_URL")
                .unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            bind,
            port,
            web_root: get("BACKOFFICE_WEB_ROOT")
                .map(PathBuf::from)
                .unwrap_or_else(|| ".".into()),
            jwt_secret: get("BACKOFFICE_JWT_SECRET"),
            smtp_url: get("BACKOFFICE_SMTP_URL"),
            mail_from: get("BACKOFFICE_MAIL_FROM")
                .unwrap_or_else(|| "nao-responda@backoffice.local".into()),
            auth,
            web: WebSettings {
                public_api_base: get("BACKOFFICE_PUBLIC_API_BASE"),
                remote_urls: WEB_AREAS
                    .iter()
                    .map(|area| {
                        let url = get(&format!("BACKOFFICE_REMOTE_{}_URL", area.to_uppercase()))
                            .unwrap_or_else(|| format!("/remotes/{area}/remoteEntry.js"));
                        (area.to_string(), url)
                    })
                    .collect(),
                fcm: get("BACKOFFICE_FCM_VAPID_KEY").map(|vapid_key| FcmSettings {
                    vapid_key,
                    sender_id: get("BACKOFFICE_FCM_SENDER_ID"),
                    app_id: get("BACKOFFICE_FCM_APP_ID"),
                }),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn defaults_are_the_embedded_setup() {
        let c = config(&[]).unwrap();
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(c.port, 3001);
        assert_eq!(c.bind.to_string(), "127.0.0.1");
        assert_eq!(c.auth, AuthProvider::Embedded);
        assert_eq!(
            c.web.remote_urls[1],
            ("crm".to_string(), "/remotes/crm/remoteEntry.js".to_string())
        );
        assert_eq!((c.web.public_api_base, c.web.fcm), (None, None));
    }

    #[test]
    fn a_remote_can_move_without_a_rebuild() {
        let c = config(&[(
            "BACKOFFICE_REMOTE_CRM_URL",
            "https://cdn.example/crm/v2/remoteEntry.js",
        )])
        .unwrap();
        assert_eq!(
            c.web.remote_urls[1].1,
            "https://cdn.example/crm/v2/remoteEntry.js"
        );
        assert_eq!(c.web.remote_urls[0].1, "/remotes/finance/remoteEntry.js");
    }

    #[test]
    fn bad_values_name_the_variable() {
        let err = config(&[("BACKOFFICE_PORT", "abc")]).unwrap_err();
        assert!(err.to_string().contains("BACKOFFICE_PORT"));
        let err = config(&[("BACKOFFICE_AUTH_PROVIDER", "firebase")]).unwrap_err();
        assert!(err.to_string().contains("BACKOFFICE_FIREBASE_PROJECT_ID"));
        for lease in ["1", "3601", "dez"] {
            let err = config(&[("BACKOFFICE_JOB_LEASE_SECS", lease)]).unwrap_err();
            assert!(
                err.to_string().contains("BACKOFFICE_JOB_LEASE_SECS"),
                "{lease}"
            );
        }
    }

    #[test]
    fn the_public_read_limit_is_configurable_within_bounds() {
        assert_eq!(
            config(&[]).unwrap().http.public_reads_per_minute,
            DEFAULT_PUBLIC_READS_PER_MINUTE
        );
        let c = config(&[("BACKOFFICE_PUBLIC_READS_PER_MINUTE", "600000")]).unwrap();
        assert_eq!(c.http.public_reads_per_minute, 600_000);
        for bad in ["0", "1000001", "muitos"] {
            let err = config(&[("BACKOFFICE_PUBLIC_READS_PER_MINUTE", bad)]).unwrap_err();
            assert!(
                err.to_string()
                    .contains("BACKOFFICE_PUBLIC_READS_PER_MINUTE"),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_job_lease_is_configurable() {
        assert_eq!(config(&[]).unwrap().job_lease, crate::jobs::DEFAULT_LEASE);
        let c = config(&[("BACKOFFICE_JOB_LEASE_SECS", "3")]).unwrap();
        assert_eq!(c.job_lease, std::time::Duration::from_secs(3));
    }
}
