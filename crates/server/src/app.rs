//! Composition: the database, the contexts' services and APIs, and the HTTP routes.

use std::sync::Arc;

use crm::api::ClientsApi;
use crm::Clients;
use identity::api::{AuditApi, AuthApi, UsersApi};
use identity::firebase::FirebaseVerifier;
use identity::mail::Mailer;
use identity::Identity;
use platform::access::SharedAuthenticator;
use platform::config::{AuthProvider, Config};
use platform::db::{Db, MigrationSet};
use platform::EndpointRule;
use poem::endpoint::BoxEndpoint;
use poem::{Endpoint, EndpointExt, Request, Response, Route};
use poem_openapi::OpenApiService;

use crate::errors::json_errors;
use crate::web;

pub const API_TITLE: &str = "Backoffice API";

/// Every context's migrations, in the order their tables depend on each other.
pub fn migrations() -> Vec<MigrationSet> {
    vec![identity::migrations(), crm::migrations()]
}

/// Every endpoint with the permission it needs (the docs' access table and the role-walk test use it).
pub fn endpoints() -> Vec<EndpointRule> {
    [identity::api::endpoints(), crm::api::endpoints()].concat()
}

/// The running application's shared parts.
#[derive(Clone)]
pub struct App {
    pub config: Config,
    pub db: Db,
    pub identity: Arc<Identity>,
    pub clients: Arc<Clients>,
}

impl App {
    /// Connects, migrates and builds the services.
    pub async fn start(config: Config) -> failure::Result<App> {
        let db = Db::connect(&config.database_url).await?;
        db.migrate(&migrations()).await?;
        Self::with_db(config, db).await
    }

    /// Builds the services over an already migrated database.
    pub async fn with_db(config: Config, db: Db) -> failure::Result<App> {
        let firebase = firebase_verifier(&config.auth).await;
        let mailer = Mailer::new(config.smtp_url.as_deref(), &config.mail_from);
        let identity = Identity::new(db.clone(), config.jwt_secret.clone(), firebase, mailer)
            .await
            .map_err(|e| failure::Error(e.body().message.clone()))?;
        let clients = Arc::new(Clients::new(db.clone()));
        Ok(App {
            config,
            db,
            identity: Arc::new(identity),
            clients,
        })
    }

    pub fn api_service(&self) -> OpenApiService<Apis, ()> {
        api_service(self.identity.clone(), self.clients.clone())
    }

    /// The whole HTTP application: the API (JSON errors everywhere) and the web apps.
    pub fn routes(&self) -> impl Endpoint<Output = Response> {
        let service = self.api_service();
        let allowed = crate::errors::AllowedMethods::from_spec(&service.spec());
        let api = Route::new()
            .nest("/api/docs", service.swagger_ui())
            .at("/api/openapi.json", service.spec_endpoint())
            .nest("/", service);
        let authenticator: SharedAuthenticator = self.identity.clone();
        let api = json_errors(api.data(authenticator), allowed).boxed();
        let web = web::routes(&self.config, self.db.clone())
            .map_to_response()
            .boxed();
        Split { api, web }.with(poem::middleware::Tracing)
    }
}

/// Every context's API, in the order the reference lists them.
pub type Apis = (AuthApi, UsersApi, AuditApi, ClientsApi);

/// Firebase ID-token verification, when Firebase is the identity provider. In production the keys are
/// fetched at start and refreshed every hour (Google rotates them); until a fetch succeeds, Firebase
/// tokens are refused and the failure is logged.
async fn firebase_verifier(auth: &AuthProvider) -> Option<Arc<FirebaseVerifier>> {
    let AuthProvider::Firebase {
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
    let verifier = Arc::new(FirebaseVerifier::production(
        project_id,
        identity::firebase::empty_key_set(),
    ));
    let url = jwks_url
        .clone()
        .unwrap_or_else(|| identity::firebase::GOOGLE_JWKS_URL.to_string());
    refresh_firebase_keys(&verifier, &url).await;
    let (refresher, every) = (verifier.clone(), std::time::Duration::from_secs(3600));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            refresh_firebase_keys(&refresher, &url).await;
        }
    });
    Some(verifier)
}

async fn refresh_firebase_keys(verifier: &Arc<FirebaseVerifier>, url: &str) {
    let fetch_url = url.to_string();
    match tokio::task::spawn_blocking(move || identity::firebase::fetch_keys(&fetch_url)).await {
        Ok(Ok(keys)) => verifier.set_keys(keys),
        Ok(Err(e)) => tracing::error!(error = %e, "Firebase keys not refreshed"),
        Err(e) => tracing::error!(error = %e, "Firebase key refresh task failed"),
    }
}

/// The OpenAPI service of every context (also used to print the spec).
pub fn api_service(identity: Arc<Identity>, clients: Arc<Clients>) -> OpenApiService<Apis, ()> {
    OpenApiService::new(
        (
            AuthApi { identity: identity.clone() },
            UsersApi { identity: identity.clone() },
            AuditApi { identity },
            ClientsApi::new(clients),
        ),
        API_TITLE,
        env!("CARGO_PKG_VERSION"),
    )
    .description("API do backoffice: identidade e acesso, clientes. Erros seguem um formato único: {code, message, fields}.")
}

/// Paths served by the API; everything else is the web apps.
pub fn is_api_path(path: &str) -> bool {
    ["/api/", "/fcm-subscriptions/", "/dispatch/"]
        .iter()
        .any(|p| path.starts_with(p))
        || path == "/api"
}

/// Sends API paths to the API and the rest to the web apps.
struct Split {
    api: BoxEndpoint<'static, Response>,
    web: BoxEndpoint<'static, Response>,
}

impl Endpoint for Split {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if is_api_path(req.uri().path()) {
            self.api.call(req).await
        } else {
            self.web.call(req).await
        }
    }
}

/// Why start-up or a CLI command failed: a message for a person, printed as `erro: …`.
pub mod failure {
    #[derive(Debug)]
    pub struct Error(pub String);

    impl std::fmt::Display for Error {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl std::error::Error for Error {}

    impl From<sqlx::Error> for Error {
        fn from(e: sqlx::Error) -> Self {
            Error(format!("banco de dados: {e}"))
        }
    }

    impl From<sqlx::migrate::MigrateError> for Error {
        fn from(e: sqlx::migrate::MigrateError) -> Self {
            Error(format!("migrações: {e}"))
        }
    }

    impl From<platform::config::ConfigError> for Error {
        fn from(e: platform::config::ConfigError) -> Self {
            Error(e.to_string())
        }
    }

    impl From<std::io::Error> for Error {
        fn from(e: std::io::Error) -> Self {
            Error(e.to_string())
        }
    }

    pub type Result<T> = std::result::Result<T, Error>;
}
