//! The access audit of the dispatch area (`pega-xereta`), push tokens, and the administrators' audit list.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, Download, Exported, PageRequest, Text};
use platform::export::{self, Cell, Export};
use platform::Error;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{client_addr, IdentityTag};
use crate::permissions::AUDIT_READ;
use crate::service::{AuditFilter, AuditRow, Identity};

pub struct AuditApi {
    pub identity: Arc<Identity>,
}

#[derive(Object)]
#[oai(example)]
struct SaveFcmTokenRequest {
    #[oai(rename = "fcmToken", validator(max_length = 4096))]
    fcm_token: Text,
}

impl Example for SaveFcmTokenRequest {
    fn example() -> Self {
        SaveFcmTokenRequest {
            fcm_token: Text("token-fcm-do-dispositivo".into()),
        }
    }
}

#[derive(Object)]
#[oai(example)]
struct AccessAttempt {
    /// What was attempted (the route).
    #[oai(validator(max_length = 2000))]
    content: Text,
    has_permission: bool,
}

impl Example for AccessAttempt {
    fn example() -> Self {
        AccessAttempt {
            content: Text("Tentativa de acesso à rota /hub/despachos".into()),
            has_permission: false,
        }
    }
}

#[derive(Object)]
struct AuditCreated {
    id: String,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
struct AuditEntry {
    id: String,
    uid: String,
    email: String,
    content: String,
    has_permission: bool,
    client_addr: Option<String>,
    created_at: DateTime<Utc>,
    /// `cliente` (reported by the web app) or `servidor` (refused by the server itself).
    source: String,
}

impl From<AuditRow> for AuditEntry {
    fn from(r: AuditRow) -> Self {
        AuditEntry {
            id: r.id,
            uid: r.uid,
            email: r.email,
            content: r.content,
            has_permission: r.has_permission,
            client_addr: r.client_addr,
            created_at: r.created_at,
            source: r.source,
        }
    }
}

#[derive(Object)]
struct AuditPage {
    items: Vec<AuditEntry>,
    total: i64,
    page: u32,
    page_size: u32,
}

#[derive(ApiResponse)]
enum Saved {
    #[oai(status = 204)]
    Saved,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<AuditCreated>),
}

#[OpenApi(tag = "IdentityTag::Identity")]
impl AuditApi {
    /// Stores this device's push token for the signed-in user (idempotent; a token moves to the latest user who saved it).
    #[oai(
        path = "/fcm-subscriptions/save-fcm-token",
        method = "post",
        operation_id = "saveFcmToken"
    )]
    async fn save_fcm_token(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        body: Json<SaveFcmTokenRequest>,
    ) -> ApiResult<Saved> {
        let token = body.fcm_token.trim();
        if token.is_empty() {
            return Err(Error::invalid_field("fcmToken", "Informe o token de notificação.").into());
        }
        self.identity.save_push_token(&auth.0.uid, token).await?;
        Ok(Saved::Saved)
    }

    /// Records an access check of the dispatch area, allowed or denied, with the user, time and client address.
    ///
    /// Acesso: registra o próprio acesso.
    #[oai(
        path = "/dispatch/conciliation/pega-xereta",
        method = "post",
        operation_id = "recordDispatchAccess"
    )]
    async fn pega_xereta(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        req: &poem::Request,
        body: Json<AccessAttempt>,
    ) -> ApiResult<Created> {
        let id = self
            .identity
            .record_access_report(
                &auth.0,
                &body.content,
                body.has_permission,
                client_addr(&self.identity, req),
            )
            .await?;
        Ok(Created::Created(Json(AuditCreated { id })))
    }

    /// Lists access-audit entries, newest first (administrators).
    #[oai(
        path = "/api/v1/audit/access",
        method = "get",
        operation_id = "listAccessAudit"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        #[oai(scope = "AUDIT_READ")] _auth: BearerAuth,
        uid: Query<Option<String>>,
        has_permission: Query<Option<bool>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        from: Query<Option<DateTime<Utc>>>,
        to: Query<Option<DateTime<Utc>>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<AuditPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = audit_filter(uid.0, has_permission.0, q.0, from.0, to.0);
        let (rows, total) = self
            .identity
            .access_audit(&filter, paging.limit(), paging.offset())
            .await?;
        Ok(Json(AuditPage {
            items: rows.into_iter().map(Into::into).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// Exports every entry the filters match (the list's filters and order), as CSV or XLSX.
    #[oai(
        path = "/api/v1/audit/access/export",
        method = "get",
        operation_id = "exportAccessAudit"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn export(
        &self,
        #[oai(scope = "AUDIT_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] uid: Query<Option<String>>,
        has_permission: Query<Option<bool>>,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        from: Query<Option<DateTime<Utc>>>,
        to: Query<Option<DateTime<Utc>>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let filter = audit_filter(uid.0, has_permission.0, q.0, from.0, to.0);
        let rows = self.identity.access_audit_stream(filter);
        Ok(Download::new(audit_export().response(
            format,
            self.identity.today(),
            rows,
        )))
    }
}

fn audit_filter(
    uid: Option<String>,
    has_permission: Option<bool>,
    q: Option<String>,
    from: Option<DateTime<Utc>>,
    to: Option<DateTime<Utc>>,
) -> AuditFilter {
    AuditFilter {
        uid,
        has_permission,
        q: q.filter(|s| !s.trim().is_empty()),
        from,
        to,
    }
}

/// The columns of the access-audit export, as the list names them.
fn audit_export() -> Export<AuditRow> {
    Export::new("auditoria-de-acessos")
        .column("Data e hora", |r: &AuditRow| Cell::DateTime(r.created_at))
        .column("E-mail", |r| Cell::from(r.email.as_str()))
        .column("Acesso", |r| Cell::from(r.content.as_str()))
        .column("Permitido", |r| {
            Cell::from(if r.has_permission { "Sim" } else { "Não" })
        })
        .column("Origem", |r| {
            Cell::from(if r.source == "servidor" {
                "Servidor"
            } else {
                "Aplicativo"
            })
        })
        .column("Endereço", |r| Cell::from(r.client_addr.clone()))
}
