//! `/api/v1/crm/clients*`: the clients list and search, one client, create, change, archive and restore.

use std::sync::Arc;

use platform::error::{ApiError, ApiResult};
use platform::page::PageRequest;
use platform::{BearerAuth, EndpointRule, Permission};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi, Tags};

use crate::model::{
    Client, ClientDraft, ClientKind, ClientPatchRequest, ClientStatus, NewClientRequest,
};
use crate::normalize::search_terms;
use crate::service::{Clients, ListQuery};
use crate::store::{ClientFilter, Sort};

#[derive(Tags)]
pub enum CrmTag {
    /// Clients: people and companies.
    #[oai(rename = "crm")]
    Crm,
}

pub const ENDPOINTS: &[EndpointRule] = &[
    EndpointRule {
        method: "GET",
        path: "/api/v1/crm/clients",
        permission: Some(Permission::ClientsRead),
        note: "",
    },
    EndpointRule {
        method: "POST",
        path: "/api/v1/crm/clients",
        permission: Some(Permission::ClientsWrite),
        note: "",
    },
    EndpointRule {
        method: "GET",
        path: "/api/v1/crm/clients/{id}",
        permission: Some(Permission::ClientsRead),
        note: "",
    },
    EndpointRule {
        method: "PATCH",
        path: "/api/v1/crm/clients/{id}",
        permission: Some(Permission::ClientsWrite),
        note: "cliente arquivado não pode ser editado antes de restaurado",
    },
    EndpointRule {
        method: "POST",
        path: "/api/v1/crm/clients/{id}/archive",
        permission: Some(Permission::ClientsArchive),
        note: "",
    },
    EndpointRule {
        method: "POST",
        path: "/api/v1/crm/clients/{id}/restore",
        permission: Some(Permission::ClientsArchive),
        note: "",
    },
];

/// Every CRM endpoint with the permission it needs.
pub fn endpoints() -> Vec<EndpointRule> {
    ENDPOINTS.to_vec()
}

pub struct ClientsApi {
    pub service: Arc<Clients>,
}

impl ClientsApi {
    pub fn new(service: Arc<Clients>) -> ClientsApi {
        ClientsApi { service }
    }
}

/// One page of clients.
#[derive(Object)]
pub struct ClientPage {
    pub items: Vec<Client>,
    /// Matching clients; exact unless `total_capped`.
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    /// True when `total` is a lower bound: counting stops 10 pages past this one, or `with_total=false`.
    pub total_capped: bool,
    /// Whether a next page exists.
    pub has_more: bool,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<Client>),
}

#[OpenApi(prefix_path = "/api/v1/crm/clients", tag = "CrmTag::Crm")]
impl ClientsApi {
    /// Lists clients. `q` matches name and trade name (case and accents ignored), document (with or without
    /// punctuation), e-mail and phone digits. Without `status`, archived clients are left out.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/", method = "get", operation_id = "listClients")]
    async fn list(
        &self,
        auth: BearerAuth,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        status: Query<Option<ClientStatus>>,
        kind: Query<Option<ClientKind>>,
        /// `name`, `-name`, `created_at` or `-created_at` (default `name`).
        #[oai(validator(pattern = "^-?(name|created_at)$"))]
        sort: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
        /// Count the matches (default true; counting stops 10 pages past this one).
        with_total: Query<Option<bool>>,
    ) -> ApiResult<Json<ClientPage>> {
        auth.0.require(Permission::ClientsRead)?;
        let sort = match sort.0.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Sort::default(),
            Some(s) => Sort::parse(s).ok_or_else(|| {
                ApiError::invalid_field(
                    "sort",
                    "Ordenação inválida: use name, -name, created_at ou -created_at.",
                )
            })?,
        };
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = ClientFilter {
            terms: q.0.as_deref().map(search_terms).unwrap_or_default(),
            status: status.0,
            kind: kind.0,
        };
        let query = ListQuery {
            filter,
            sort,
            limit: paging.limit(),
            offset: paging.offset(),
            with_total: with_total.0.unwrap_or(true),
        };
        let page = self.service.list(&query).await?;
        Ok(Json(ClientPage {
            items: page.items,
            total: page.total,
            page: paging.page,
            page_size: paging.page_size,
            total_capped: page.capped,
            has_more: page.has_more,
        }))
    }

    /// Creates a client. A document another client already has is a 409 naming that client.
    #[oai(path = "/", method = "post", operation_id = "createClient")]
    async fn create(&self, auth: BearerAuth, body: Json<NewClientRequest>) -> ApiResult<Created> {
        auth.0.require(Permission::ClientsWrite)?;
        let client = self
            .service
            .create(ClientDraft::from(body.0), &auth.0.uid)
            .await?;
        Ok(Created::Created(Json(client)))
    }

    /// One client by id.
    #[oai(path = "/:id", method = "get", operation_id = "getClient")]
    async fn get(
        &self,
        auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Client>> {
        auth.0.require(Permission::ClientsRead)?;
        Ok(Json(self.service.get(&id.0).await?))
    }

    /// Changes a client; absent fields stay as they are. An archived client must be restored first (409).
    #[oai(path = "/:id", method = "patch", operation_id = "updateClient")]
    async fn update(
        &self,
        auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ClientPatchRequest>,
    ) -> ApiResult<Json<Client>> {
        auth.0.require(Permission::ClientsWrite)?;
        Ok(Json(self.service.update(&id.0, body.0, &auth.0.uid).await?))
    }

    /// Archives a client: it leaves the default list and cannot be edited until restored.
    #[oai(path = "/:id/archive", method = "post", operation_id = "archiveClient")]
    async fn archive(
        &self,
        auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Client>> {
        auth.0.require(Permission::ClientsArchive)?;
        Ok(Json(self.service.archive(&id.0, &auth.0.uid).await?))
    }

    /// Restores an archived client as active.
    #[oai(path = "/:id/restore", method = "post", operation_id = "restoreClient")]
    async fn restore(
        &self,
        auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Client>> {
        auth.0.require(Permission::ClientsArchive)?;
        Ok(Json(self.service.restore(&id.0, &auth.0.uid).await?))
    }
}
