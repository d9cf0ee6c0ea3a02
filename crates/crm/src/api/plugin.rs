//! `/api/v1/crm/plugin/*`: the plugin framed inside other consoles.
//!
//! - `config` (public): the origins allowed to frame the plugin, so the page can tell its host is one;
//! - `origins` (`crm_dev`, the administrators' web session): the allowed origins as a setting;
//! - `lookup` (`crm_plugin`, plugin tokens only): one client by phone, e-mail or document, audited and
//!   rate-limited. Creating a lead from the plugin arrives with the funnel.

use std::sync::Arc;

use platform::api::{ApiError, ApiResult, BearerAuth};
use platform::Error;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{Object, OpenApi};

use super::client_dto::ClientStatus;
use super::CrmTag;
use crate::domain::plugin::{mask_document, parse_lookup};
use crate::domain::Client;
use crate::permissions::{DEV, PLUGIN};
use crate::service::{Found, Plugin};

pub struct PluginApi {
    plugin: Arc<Plugin>,
}

impl PluginApi {
    pub fn new(plugin: Arc<Plugin>) -> PluginApi {
        PluginApi { plugin }
    }
}

/// What the plugin page needs before anyone signs in: only the allowed origins.
#[derive(Object)]
pub struct PluginConfig {
    /// Exact origins (`https://chat.exemplo.com.br`) allowed to frame `/crm/plugin`.
    pub allowed_origins: Vec<String>,
}

/// The allowed origins kept in the setting (the server's configuration may add others).
#[derive(Object)]
#[oai(example)]
pub struct PluginOrigins {
    /// Exact `https://host[:port]` origins, no wildcard, no path.
    #[oai(validator(max_items = 50))]
    pub origins: Vec<String>,
}

impl Example for PluginOrigins {
    fn example() -> Self {
        PluginOrigins {
            origins: vec!["https://chat.exemplo.com.br".into()],
        }
    }
}

/// The client card the plugin shows: never the whole document.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PluginClientCard {
    pub id: String,
    pub name: String,
    pub trade_name: Option<String>,
    /// Only the middle digits: `***.456.789-**`.
    pub document_masked: String,
    pub status: ClientStatus,
    /// The portfolio salesperson's name.
    pub owner: Option<String>,
    pub tags: Vec<String>,
}

impl From<Client> for PluginClientCard {
    fn from(c: Client) -> Self {
        PluginClientCard {
            document_masked: mask_document(&c.fields.document),
            id: c.id,
            name: c.fields.name,
            trade_name: c.fields.trade_name,
            status: c.fields.status.into(),
            owner: None,
            tags: c.fields.tags,
        }
    }
}

/// A lookup's answer: the client, or none (the plugin offers to create a lead); a client outside the user's
/// portfolio is only named by who holds it (`notice`).
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PluginLookup {
    pub client: Option<PluginClientCard>,
    /// "Cliente já cadastrado. Responsável: {nome}" for a client outside the user's portfolio.
    pub notice: Option<String>,
}

#[OpenApi(prefix_path = "/api/v1/crm/plugin", tag = "CrmTag::Crm")]
impl PluginApi {
    /// The plugin's public configuration: the origins allowed to frame it (nothing else).
    #[oai(path = "/config", method = "get", operation_id = "crmPluginConfig")]
    async fn config(&self) -> ApiResult<Json<PluginConfig>> {
        Ok(Json(PluginConfig {
            allowed_origins: self.plugin.allowed_origins().await?,
        }))
    }

    /// The allowed origins kept in the setting.
    #[oai(path = "/origins", method = "get", operation_id = "crmPluginOrigins")]
    async fn origins(
        &self,
        #[oai(scope = "DEV")] _auth: BearerAuth,
    ) -> ApiResult<Json<PluginOrigins>> {
        Ok(Json(PluginOrigins {
            origins: self.plugin.stored_origins().await?,
        }))
    }

    /// Replaces the allowed origins (exact https origins); the plugin's framing follows at once.
    #[oai(
        path = "/origins",
        method = "put",
        operation_id = "crmPluginSetOrigins"
    )]
    async fn set_origins(
        &self,
        #[oai(scope = "DEV")] auth: BearerAuth,
        body: Json<PluginOrigins>,
    ) -> ApiResult<Json<PluginOrigins>> {
        Ok(Json(PluginOrigins {
            origins: self.plugin.set_origins(&body.origins, &auth.0).await?,
        }))
    }

    /// Looks one client up by exactly one of `phone` (any Brazilian format), `email` or `document`
    /// (CPF/CNPJ). At most 60 a minute per user (429 with `Retry-After`); every lookup is audited.
    /// Acesso: só com token do plugin (aud=crm-plugin).
    #[oai(path = "/lookup", method = "get", operation_id = "crmPluginLookup")]
    async fn lookup(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 40))] phone: Query<Option<String>>,
        #[oai(validator(max_length = 320))] email: Query<Option<String>>,
        #[oai(validator(max_length = 40))] document: Query<Option<String>>,
    ) -> ApiResult<Json<PluginLookup>> {
        let term = parse_lookup(
            phone.0.as_deref(),
            email.0.as_deref(),
            document.0.as_deref(),
        )
        .map_err(|(field, message)| ApiError::from(Error::invalid_field(field, message)))?;
        Ok(Json(match self.plugin.lookup(&term, &auth.0).await? {
            Found::Reached(client) => {
                let owner = self.plugin.owner_name(&client).await?;
                PluginLookup {
                    client: Some(PluginClientCard {
                        owner,
                        ..(*client).into()
                    }),
                    notice: None,
                }
            }
            Found::Elsewhere(notice) => PluginLookup {
                client: None,
                notice: Some(notice),
            },
            Found::Nothing => PluginLookup {
                client: None,
                notice: None,
            },
        }))
    }
}
