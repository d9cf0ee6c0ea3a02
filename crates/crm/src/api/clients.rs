//! `/api/v1/crm/clients*`: the clients list and search, one client, create, change, archive and restore.
//!
//! Each operation declares its permission on `auth` (the server checks it before the handler runs), maps
//! the request to the domain, and the domain's answer or error back to HTTP.

use std::sync::Arc;

use platform::api::{
    ApiError, ApiResult, BearerAuth, Download, Exported, HistoryEntryDto, PageRequest,
};
use platform::export::{self, Cell, Export};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::CrmTag;

use super::client_dto::{
    ClientKind, ClientPatchRequest, ClientStatus, ClientView, NewClientRequest,
};

use crate::domain::{
    search_terms, Channel, Client, ClientFilter, ClientKind as Kind, ClientStatus as Status,
    Consent, Sort,
};
use crate::permissions::{CLIENTS_ARCHIVE, CLIENTS_READ, CLIENTS_WRITE};
use crate::service::{Clients, ListQuery};

pub struct ClientsApi {
    clients: Arc<Clients>,
}

impl ClientsApi {
    pub fn new(clients: Arc<Clients>) -> ClientsApi {
        ClientsApi { clients }
    }
}

/// One page of clients.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ClientPage {
    pub items: Vec<ClientView>,
    /// Matching clients; exact unless `total_capped`.
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    /// True when `total` is a lower bound: counting stops 10 pages past this one, or `with_total=false`.
    pub total_capped: bool,
    /// Whether a next page exists.
    pub has_more: bool,
    /// When a search for an exact document, e-mail or phone finds a client outside the caller's portfolio: only
    /// "Cliente já cadastrado. Responsável: {nome}".
    pub notice: Option<String>,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<ClientView>),
}

#[OpenApi(prefix_path = "/api/v1/crm/clients", tag = "CrmTag::Crm")]
impl ClientsApi {
    /// Lists clients. `q` matches name and trade name (case and accents ignored), document (with or without
    /// punctuation), e-mail and phone digits. Without `status`, archived clients are left out.
    #[allow(clippy::too_many_arguments)]
    #[oai(path = "/", method = "get", operation_id = "listClients")]
    async fn list(
        &self,
        #[oai(scope = "CLIENTS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        status: Query<Option<ClientStatus>>,
        kind: Query<Option<ClientKind>>,
        /// The portfolio salesperson's uid.
        #[oai(validator(max_length = 100))]
        owner_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] unit_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] tag: Query<Option<String>>,
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
        let typed = q.0.clone();
        let (mut filter, sort) = filter_and_sort(q.0, status.0, kind.0, sort.0)?;
        filter.owners = owner_id.0.filter(|o| !o.trim().is_empty()).map(|o| vec![o]);
        filter.unit_id = unit_id.0.filter(|u| !u.trim().is_empty());
        filter.tag = tag
            .0
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty());
        let paging = PageRequest::new(page.0, page_size.0);
        let query = ListQuery {
            filter,
            sort,
            limit: paging.limit(),
            offset: paging.offset(),
            q: typed,
            with_total: with_total.0.unwrap_or(true),
        };
        let (page, notice) = self.clients.list_for(&auth.0, &query).await?;
        let names = self.clients.owner_names(&page.items).await?;
        Ok(Json(ClientPage {
            notice,
            items: page.items.into_iter().map(|c| view(c, &names)).collect(),
            total: page.total,
            page: paging.page,
            page_size: paging.page_size,
            total_capped: page.capped,
            has_more: page.has_more,
        }))
    }

    /// Exports every client the filters match (the same filters and order as the list), as CSV or XLSX.
    #[oai(path = "/export", method = "get", operation_id = "exportClients")]
    async fn export(
        &self,
        #[oai(scope = "CLIENTS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        status: Query<Option<ClientStatus>>,
        kind: Query<Option<ClientKind>>,
        /// `name`, `-name`, `created_at` or `-created_at` (default `name`).
        #[oai(validator(pattern = "^-?(name|created_at)$"))]
        sort: Query<Option<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let (filter, sort) = filter_and_sort(q.0, status.0, kind.0, sort.0)?;
        let rows = self.clients.stream_for(&auth.0, &filter, sort).await?;
        Ok(Download::new(client_export().response(
            format,
            self.clients.today(),
            rows,
        )))
    }

    /// Creates a client. A document another client already has is a 409 naming that client.
    #[oai(path = "/", method = "post", operation_id = "createClient")]
    async fn create(
        &self,
        #[oai(scope = "CLIENTS_WRITE")] auth: BearerAuth,
        body: Json<NewClientRequest>,
    ) -> ApiResult<Created> {
        let client = self.clients.create(body.0.into(), &auth.0).await?;
        let names = self.clients.owner_names([&client]).await?;
        Ok(Created::Created(Json(view(client, &names))))
    }

    /// One client by id.
    #[oai(path = "/:id", method = "get", operation_id = "getClient")]
    async fn get(
        &self,
        #[oai(scope = "CLIENTS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ClientView>> {
        let client = self.clients.get_for(&auth.0, &id.0).await?;
        let names = self.clients.owner_names([&client]).await?;
        Ok(Json(view(client, &names)))
    }

    /// A client's history: created, changed (the fields that changed), archived, restored; oldest first.
    #[oai(
        path = "/:id/history",
        method = "get",
        operation_id = "getClientHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "CLIENTS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.clients.history(&auth.0, &id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// Changes a client; absent fields stay as they are.
    ///
    /// Acesso: cliente arquivado não pode ser editado antes de restaurado (409).
    #[oai(path = "/:id", method = "patch", operation_id = "updateClient")]
    async fn update(
        &self,
        #[oai(scope = "CLIENTS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ClientPatchRequest>,
    ) -> ApiResult<Json<ClientView>> {
        let client = self.clients.update(&id.0, body.0.into(), &auth.0).await?;
        let names = self.clients.owner_names([&client]).await?;
        Ok(Json(view(client, &names)))
    }

    /// A client's LGPD consents per channel: the one in force and every record.
    #[oai(
        path = "/:id/consents",
        method = "get",
        operation_id = "getClientConsents"
    )]
    async fn consents(
        &self,
        #[oai(scope = "CLIENTS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ClientConsents>> {
        Ok(Json(consents_dto(
            self.clients.consents(&auth.0, &id.0).await?,
        )))
    }

    /// Records a grant or revocation of contact on a channel, with its source (kept; the latest holds).
    #[oai(
        path = "/:id/consents",
        method = "post",
        operation_id = "recordClientConsent"
    )]
    async fn record_consent(
        &self,
        #[oai(scope = "CLIENTS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ConsentRequest>,
    ) -> ApiResult<Json<ClientConsents>> {
        let channel = Channel::parse(body.0.channel.trim()).ok_or_else(|| {
            platform::Error::invalid_field(
                "channel",
                "Canal inválido: use whatsapp, email, sms ou phone.",
            )
        })?;
        let consents = self
            .clients
            .record_consent(&auth.0, &id.0, channel, body.0.granted, &body.0.source)
            .await?;
        Ok(Json(consents_dto(consents)))
    }

    /// Archives a client: it leaves the default list and cannot be edited until restored.
    #[oai(path = "/:id/archive", method = "post", operation_id = "archiveClient")]
    async fn archive(
        &self,
        #[oai(scope = "CLIENTS_ARCHIVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ClientView>> {
        let client = self.clients.archive(&id.0, &auth.0).await?;
        let names = self.clients.owner_names([&client]).await?;
        Ok(Json(view(client, &names)))
    }

    /// Restores an archived client as active.
    #[oai(path = "/:id/restore", method = "post", operation_id = "restoreClient")]
    async fn restore(
        &self,
        #[oai(scope = "CLIENTS_ARCHIVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ClientView>> {
        let client = self.clients.restore(&id.0, &auth.0).await?;
        let names = self.clients.owner_names([&client]).await?;
        Ok(Json(view(client, &names)))
    }
}

/// One grant or revocation of contact on a channel.
#[derive(Object)]
#[oai(rename = "ClientConsent")]
pub struct ConsentDto {
    /// `whatsapp`, `email`, `sms` or `phone`.
    pub channel: String,
    pub granted: bool,
    pub source: String,
    pub recorded_at: chrono::DateTime<chrono::Utc>,
    pub recorded_by: String,
}

/// The consent in force per channel, and every record (oldest first).
#[derive(Object)]
pub struct ClientConsents {
    pub current: Vec<ConsentDto>,
    pub records: Vec<ConsentDto>,
}

/// A grant or revocation to record.
#[derive(Object)]
#[oai(example)]
pub struct ConsentRequest {
    /// `whatsapp`, `email`, `sms` or `phone`.
    #[oai(validator(max_length = 20))]
    pub channel: String,
    pub granted: bool,
    /// Where it came from: formulário, WhatsApp, contrato, telefone…
    #[oai(validator(max_length = 1000))]
    pub source: String,
}

impl poem_openapi::types::Example for ConsentRequest {
    fn example() -> Self {
        ConsentRequest {
            channel: "whatsapp".into(),
            granted: true,
            source: "Formulário do site".into(),
        }
    }
}

fn consents_dto((current, records): (Vec<Consent>, Vec<Consent>)) -> ClientConsents {
    let dto = |c: Consent| ConsentDto {
        channel: c.channel.as_str().into(),
        granted: c.granted,
        source: c.source,
        recorded_at: c.recorded_at,
        recorded_by: c.recorded_by,
    };
    ClientConsents {
        current: current.into_iter().map(dto).collect(),
        records: records.into_iter().map(dto).collect(),
    }
}

/// A client as the API shows it, with its portfolio owner's name.
fn view(client: Client, names: &std::collections::HashMap<String, String>) -> ClientView {
    let owner_name = client
        .fields
        .owner_id
        .as_ref()
        .and_then(|o| names.get(o).cloned());
    ClientView {
        owner_name,
        ..ClientView::from(client)
    }
}

/// The list's query parameters as the domain's filter and order.
fn filter_and_sort(
    q: Option<String>,
    status: Option<ClientStatus>,
    kind: Option<ClientKind>,
    sort: Option<String>,
) -> ApiResult<(ClientFilter, Sort)> {
    let sort = match sort.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Sort::default(),
        Some(s) => Sort::parse(s).ok_or_else(|| {
            ApiError::from(platform::Error::invalid_field(
                "sort",
                "Ordenação inválida: use name, -name, created_at ou -created_at.",
            ))
        })?,
    };
    let filter = ClientFilter {
        terms: q.as_deref().map(search_terms).unwrap_or_default(),
        status: status.map(Into::into),
        kind: kind.map(Into::into),
        ..ClientFilter::default()
    };
    Ok((filter, sort))
}

/// The columns of the clients export, as the list names them.
fn client_export() -> Export<Client> {
    Export::new("clientes")
        .column("Nome", |c: &Client| Cell::from(c.fields.name.as_str()))
        .column("Nome fantasia", |c| Cell::from(c.fields.trade_name.clone()))
        .column("Tipo", |c| {
            Cell::from(match c.fields.kind {
                Kind::Person => "Pessoa física",
                Kind::Company => "Pessoa jurídica",
            })
        })
        .column("CPF/CNPJ", |c| Cell::Text(c.fields.document.formatted()))
        .column("E-mails", |c| {
            Cell::Text(
                c.fields
                    .emails
                    .iter()
                    .map(|e| e.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        })
        .column("Telefones", |c| {
            Cell::Text(
                c.fields
                    .phones
                    .iter()
                    .map(|p| format_phone(p.as_str()))
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        })
        .column("Cidade", |c| {
            Cell::from(c.fields.address.as_ref().map(|a| a.city.clone()))
        })
        .column("UF", |c| {
            Cell::from(c.fields.address.as_ref().map(|a| a.state.clone()))
        })
        .column("Situação", |c| {
            Cell::from(match c.fields.status {
                Status::Active => "Ativo",
                Status::Inactive => "Inativo",
                Status::Archived => "Arquivado",
            })
        })
        .column("Cadastrado em", |c| Cell::DateTime(c.created_at))
}

/// `(11) 98765-4321` / `(11) 3333-4444`.
fn format_phone(digits: &str) -> String {
    let (ddd, number) = digits.split_at(2.min(digits.len()));
    let cut = number.len().saturating_sub(4);
    format!("({ddd}) {}-{}", &number[..cut], &number[cut..])
}
