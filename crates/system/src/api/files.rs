//! Uploading a file (an attachment, a bank file) and downloading it again.

use chrono::{DateTime, Utc};
use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, Download, Stored};
use platform::files::{StoredFile, MAX_FILE_BYTES};
use platform::{Error, Platform};
use poem::http::header;
use poem::{Body, IntoResponse, Response};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::SystemTag;
use crate::permissions::FILES_ALL;

pub struct FilesApi {
    platform: Platform,
}

impl FilesApi {
    pub fn new(platform: Platform) -> FilesApi {
        FilesApi { platform }
    }
}

/// A stored file.
#[derive(Object)]
#[oai(rename = "StoredFile")]
pub struct FileDto {
    pub id: String,
    pub name: String,
    /// Detected from the content.
    pub content_type: String,
    pub size_bytes: i64,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

impl From<StoredFile> for FileDto {
    fn from(f: StoredFile) -> FileDto {
        FileDto {
            id: f.id,
            name: f.name,
            content_type: f.content_type,
            size_bytes: f.size_bytes,
            sha256: f.sha256,
            created_by: f.created_by,
            created_at: f.created_at,
        }
    }
}

/// The file to store (`multipart/form-data`, field `file`).
#[derive(Multipart)]
pub struct UploadForm {
    file: Upload,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<FileDto>),
}

#[OpenApi(prefix_path = "/api/v1/system/files", tag = "SystemTag::System")]
impl FilesApi {
    /// Stores a file: at most 10 MB (413 over it); PDF, images, spreadsheets, XML or text (415 for other
    /// types, told by the content, never by the name).
    #[oai(path = "/", method = "post", operation_id = "uploadFile")]
    async fn upload(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        form: UploadForm,
    ) -> ApiResult<Created> {
        let upload = form.file;
        if upload.size() > MAX_FILE_BYTES {
            return Err(Error::too_large(format!(
                "O arquivo tem {:.1} MB; o limite é 10 MB.",
                upload.size() as f64 / 1_048_576.0
            ))
            .into());
        }
        let name = upload.file_name().unwrap_or("arquivo").to_string();
        let bytes = upload.into_vec().await.map_err(Error::internal)?;
        let stored = self
            .platform
            .files
            .put(&name, bytes.into(), &auth.0.uid)
            .await?;
        Ok(Created::Created(Json(stored.into())))
    }

    /// Downloads a file, exactly as it was stored.
    ///
    /// Acesso: quem enviou o arquivo; os demais só com arquivos_todos (sem ela, 404).
    #[oai(path = "/:id", method = "get", operation_id = "downloadFile")]
    async fn download(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Download<Stored>> {
        let files = &self.platform.files;
        let file = files
            .get(&id.0)
            .await?
            .filter(|f| f.created_by == auth.0.uid || auth.0.has(&FILES_ALL))
            .ok_or_else(|| Error::not_found("Arquivo não encontrado."))?;
        let body = Body::from_bytes_stream(files.read(&file).await?);
        let disposition = format!("attachment; filename=\"{}\"", file.name.replace('"', "'"));
        let response = Response::builder()
            .header(header::CONTENT_TYPE, file.content_type.as_str())
            .header(header::CONTENT_DISPOSITION, disposition)
            .header("X-Content-SHA256", file.sha256.as_str())
            .body(body)
            .into_response();
        Ok(Download::new(response))
    }
}
