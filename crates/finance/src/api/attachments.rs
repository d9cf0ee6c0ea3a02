//! Attachments (anexos): list, upload, download, remove — of an installment a receber
//! (`/receivables/installments/{id}/attachments`, the receivables' permissions) and of a conta a pagar
//! (`/payables/{id}/attachments`, the payables'). Both paths run the same handlers below on their own owner.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::api::{ApiResult, BearerAuth, Download, Stored};
use platform::files::MAX_FILE_BYTES;
use platform::{Error, Principal};
use poem::http::header;
use poem::{Body, IntoResponse, Response};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::receivables::ReasonRequest;
use super::{text, FinanceTag};
use crate::domain::attachment::{Attachment, OwnerKind};
use crate::permissions::{PAYABLES_READ, PAYABLES_WRITE, RECEIVABLES_READ, RECEIVABLES_WRITE};
use crate::service::{
    Attachments, Owner, Payables, Receivables, INSTALLMENT_ENTITY, PAYABLE_ENTITY,
};

pub struct InstallmentAttachmentsApi {
    attachments: Arc<Attachments>,
    receivables: Arc<Receivables>,
}

impl InstallmentAttachmentsApi {
    pub fn new(attachments: Arc<Attachments>, receivables: Arc<Receivables>) -> Self {
        InstallmentAttachmentsApi {
            attachments,
            receivables,
        }
    }

    /// The installment as owner, once it is known to exist (404 otherwise).
    async fn owner<'a>(&self, id: &'a str) -> platform::error::Result<Owner<'a>> {
        self.receivables.installment(id).await?;
        Ok(Owner {
            kind: OwnerKind::ReceivableInstallment,
            id,
            entity: INSTALLMENT_ENTITY,
        })
    }
}

pub struct PayableAttachmentsApi {
    attachments: Arc<Attachments>,
    payables: Arc<Payables>,
}

impl PayableAttachmentsApi {
    pub fn new(attachments: Arc<Attachments>, payables: Arc<Payables>) -> Self {
        PayableAttachmentsApi {
            attachments,
            payables,
        }
    }

    /// The conta a pagar as owner, once it is known to exist (404 otherwise).
    async fn owner<'a>(&self, id: &'a str) -> platform::error::Result<Owner<'a>> {
        self.payables.get(id).await?;
        Ok(Owner {
            kind: OwnerKind::Payable,
            id,
            entity: PAYABLE_ENTITY,
        })
    }
}

/// An attachment: a stored file tied to its owner; a removed one is kept, marked.
#[derive(Object)]
#[oai(rename = "FinanceAttachment", skip_serializing_if_is_none)]
pub struct AttachmentView {
    pub id: String,
    pub name: String,
    /// Told from the content.
    pub content_type: String,
    pub size_bytes: i64,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
    pub created_at: DateTime<Utc>,
    /// uid of who attached it.
    pub created_by: String,
    pub removed_at: Option<DateTime<Utc>>,
    pub removed_by: Option<String>,
    pub removed_reason: Option<String>,
}

impl From<Attachment> for AttachmentView {
    fn from(a: Attachment) -> AttachmentView {
        let (removed_at, removed_by, removed_reason) = match a.removed {
            Some(r) => (Some(r.at), Some(r.by), Some(r.reason)),
            None => (None, None, None),
        };
        AttachmentView {
            id: a.id,
            name: a.name,
            content_type: a.content_type,
            size_bytes: a.size_bytes,
            sha256: a.sha256,
            created_at: a.created_at,
            created_by: a.created_by,
            removed_at,
            removed_by,
            removed_reason,
        }
    }
}

/// The file to attach (`multipart/form-data`, field `file`).
#[derive(Multipart)]
pub struct AttachmentForm {
    file: Upload,
}

#[derive(ApiResponse)]
enum Attached {
    #[oai(status = 201)]
    Created(Json<AttachmentView>),
}

// ---- the handlers both paths run ----

async fn list(attachments: &Attachments, owner: Owner<'_>) -> ApiResult<Json<Vec<AttachmentView>>> {
    let list = attachments.list(owner).await?;
    Ok(Json(list.into_iter().map(AttachmentView::from).collect()))
}

async fn add(
    attachments: &Attachments,
    owner: Owner<'_>,
    form: AttachmentForm,
    by: &Principal,
) -> ApiResult<Attached> {
    let upload = form.file;
    if upload.size() > MAX_FILE_BYTES {
        return Err(Error::too_large(format!(
            "O arquivo tem {:.1} MB; o limite é 10 MB.",
            upload.size() as f64 / 1_048_576.0
        ))
        .into());
    }
    let name = upload.file_name().unwrap_or("anexo").to_string();
    let bytes = upload.into_vec().await.map_err(Error::internal)?;
    let attachment = attachments.add(owner, &name, bytes.into(), by).await?;
    Ok(Attached::Created(Json(attachment.into())))
}

async fn download(
    attachments: &Attachments,
    owner: Owner<'_>,
    attachment_id: &str,
) -> ApiResult<Download<Stored>> {
    let (attachment, bytes) = attachments.file(owner, attachment_id).await?;
    let disposition = format!(
        "attachment; filename=\"{}\"",
        attachment.name.replace('"', "'")
    );
    let response = Response::builder()
        .header(header::CONTENT_TYPE, attachment.content_type.as_str())
        .header(header::CONTENT_DISPOSITION, disposition)
        .header("X-Content-SHA256", attachment.sha256.as_str())
        .body(Body::from_bytes(bytes))
        .into_response();
    Ok(Download::new(response))
}

async fn remove(
    attachments: &Attachments,
    owner: Owner<'_>,
    attachment_id: &str,
    body: ReasonRequest,
    by: &Principal,
) -> ApiResult<Json<AttachmentView>> {
    let reason = text(body.reason);
    let removed = attachments
        .remove(owner, attachment_id, reason.as_deref(), by)
        .await?;
    Ok(Json(removed.into()))
}

#[OpenApi(
    prefix_path = "/api/v1/finance/receivables/installments",
    tag = "FinanceTag::Finance"
)]
impl InstallmentAttachmentsApi {
    /// The installment's attachments, removed ones included (marked); oldest first.
    #[oai(
        path = "/:id/attachments",
        method = "get",
        operation_id = "listInstallmentAttachments"
    )]
    async fn list(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<AttachmentView>>> {
        list(&self.attachments, self.owner(&id.0).await?).await
    }

    /// Attaches a file (a comprovante, a nota): at most 10 MB (413 over it); PDF, images, spreadsheets, XML or
    /// text (415 for other types, told by the content, never by the name).
    #[oai(
        path = "/:id/attachments",
        method = "post",
        operation_id = "addInstallmentAttachment"
    )]
    async fn add(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        form: AttachmentForm,
    ) -> ApiResult<Attached> {
        add(&self.attachments, self.owner(&id.0).await?, form, &auth.0).await
    }

    /// Downloads an attachment, exactly as it was stored.
    #[oai(
        path = "/:id/attachments/:attachment_id",
        method = "get",
        operation_id = "downloadInstallmentAttachment"
    )]
    async fn download(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] attachment_id: Path<String>,
    ) -> ApiResult<Download<Stored>> {
        download(
            &self.attachments,
            self.owner(&id.0).await?,
            &attachment_id.0,
        )
        .await
    }

    /// Removes an attachment (kept, marked, with the reason: 10 to 500 characters); 409 when already removed.
    #[oai(
        path = "/:id/attachments/:attachment_id/remove",
        method = "post",
        operation_id = "removeInstallmentAttachment"
    )]
    async fn remove(
        &self,
        #[oai(scope = "RECEIVABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] attachment_id: Path<String>,
        body: Json<ReasonRequest>,
    ) -> ApiResult<Json<AttachmentView>> {
        let owner = self.owner(&id.0).await?;
        remove(&self.attachments, owner, &attachment_id.0, body.0, &auth.0).await
    }
}

#[OpenApi(prefix_path = "/api/v1/finance/payables", tag = "FinanceTag::Finance")]
impl PayableAttachmentsApi {
    /// The conta a pagar's attachments, removed ones included (marked); oldest first.
    #[oai(
        path = "/:id/attachments",
        method = "get",
        operation_id = "listPayableAttachments"
    )]
    async fn list(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<AttachmentView>>> {
        list(&self.attachments, self.owner(&id.0).await?).await
    }

    /// Attaches a file (the nota, the boleto, a contract): at most 10 MB (413 over it); PDF, images, spreadsheets, XML or
    /// text (415 for other types, told by the content, never by the name).
    #[oai(
        path = "/:id/attachments",
        method = "post",
        operation_id = "addPayableAttachment"
    )]
    async fn add(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        form: AttachmentForm,
    ) -> ApiResult<Attached> {
        add(&self.attachments, self.owner(&id.0).await?, form, &auth.0).await
    }

    /// Downloads an attachment, exactly as it was stored.
    #[oai(
        path = "/:id/attachments/:attachment_id",
        method = "get",
        operation_id = "downloadPayableAttachment"
    )]
    async fn download(
        &self,
        #[oai(scope = "PAYABLES_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] attachment_id: Path<String>,
    ) -> ApiResult<Download<Stored>> {
        download(
            &self.attachments,
            self.owner(&id.0).await?,
            &attachment_id.0,
        )
        .await
    }

    /// Removes an attachment (kept, marked, with the reason: 10 to 500 characters); 409 when already removed.
    #[oai(
        path = "/:id/attachments/:attachment_id/remove",
        method = "post",
        operation_id = "removePayableAttachment"
    )]
    async fn remove(
        &self,
        #[oai(scope = "PAYABLES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] attachment_id: Path<String>,
        body: Json<ReasonRequest>,
    ) -> ApiResult<Json<AttachmentView>> {
        let owner = self.owner(&id.0).await?;
        remove(&self.attachments, owner, &attachment_id.0, body.0, &auth.0).await
    }
}
