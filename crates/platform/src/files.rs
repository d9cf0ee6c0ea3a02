//! Files: attachments (at most 10 MB, type checked by content, never by name), bank files and generated
//! exports, kept byte for byte through the `object_store` crate — a local directory by default, an
//! S3-compatible bucket by configuration — with their SHA-256, who stored them and when.

use std::sync::Arc;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use futures::stream::BoxStream;
use futures::{StreamExt, TryStreamExt};
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use sha2::{Digest, Sha256};

use crate::clock::SharedClock;
use crate::config::FileStorage;
use crate::db::Db;
use crate::error::{Error, Result};
use crate::on_db;

/// Every type a stored file may have (told from its content).
pub const ACCEPTED_TYPES: &[&str] = &[
    "application/pdf",
    "image/png",
    "image/jpeg",
    "image/webp",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/xml",
    "text/plain",
];

/// The largest file accepted.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;

/// A stored file.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredFile {
    pub id: String,
    /// The name it came with (for the download).
    pub name: String,
    /// Detected from the content.
    pub content_type: String,
    pub size_bytes: i64,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

/// The files of this installation.
#[derive(Clone)]
pub struct Files {
    db: Db,
    clock: SharedClock,
    store: Arc<dyn ObjectStore>,
}

impl Files {
    pub fn new(db: Db, clock: SharedClock, store: Arc<dyn ObjectStore>) -> Files {
        Files { db, clock, store }
    }

    /// The store `storage` names (the local directory is created when missing).
    pub fn open_store(storage: &FileStorage) -> Result<Arc<dyn ObjectStore>> {
        match storage {
            FileStorage::Local(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| {
                    Error::internal(format!("files directory {}: {e}", dir.display()))
                })?;
                let store = object_store::local::LocalFileSystem::new_with_prefix(dir)
                    .map_err(Error::internal)?;
                Ok(Arc::new(store))
            }
            FileStorage::S3 {
                bucket,
                endpoint,
                region,
                access_key_id,
                secret_access_key,
            } => {
                let mut builder = object_store::aws::AmazonS3Builder::new()
                    .with_bucket_name(bucket)
                    .with_region(region);
                if let Some(endpoint) = endpoint {
                    builder = builder
                        .with_endpoint(endpoint)
                        .with_allow_http(endpoint.starts_with("http://"))
                        .with_virtual_hosted_style_request(false);
                }
                if let (Some(key), Some(secret)) = (access_key_id, secret_access_key) {
                    builder = builder
                        .with_access_key_id(key)
                        .with_secret_access_key(secret);
                }
                Ok(Arc::new(builder.build().map_err(Error::internal)?))
            }
        }
    }

    /// Stores `bytes` as they are, after checking their size and what they are. `name` is kept for the
    /// download only (never trusted for the type).
    pub async fn put(&self, name: &str, bytes: Bytes, uid: &str) -> Result<StoredFile> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(Error::too_large(format!(
                "O arquivo tem {:.1} MB; o limite é 10 MB.",
                bytes.len() as f64 / 1_048_576.0
            )));
        }
        let content_type = detect(&bytes).ok_or_else(|| {
            Error::unsupported_type(
                "Tipo de arquivo não aceito. Envie PDF, imagem (PNG, JPEG, WEBP), planilha (XLSX, CSV), \
                 XML ou arquivo de texto (OFX, remessa, retorno).",
            )
        })?;
        let id = uuid::Uuid::now_v7().to_string();
        let file = StoredFile {
            sha256: hex(&Sha256::digest(&bytes)),
            size_bytes: bytes.len() as i64,
            name: clean_name(name),
            content_type: content_type.to_string(),
            created_by: uid.to_string(),
            created_at: self.clock.now(),
            id,
        };
        let key = storage_key(&file);
        // The bytes first: a row never points at bytes that are not there.
        self.store
            .put(
                &StorePath::from(key.as_str()),
                PutPayload::from_bytes(bytes),
            )
            .await
            .map_err(Error::internal)?;
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO platform_files (id, name, content_type, size_bytes, sha256, storage_key, created_by, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&file.id)
        .bind(&file.name)
        .bind(&file.content_type)
        .bind(file.size_bytes)
        .bind(&file.sha256)
        .bind(&key)
        .bind(&file.created_by)
        .bind(file.created_at)
        .execute(pool)
        .await
        .map(|_| ()))?;
        Ok(file)
    }

    pub async fn get(&self, id: &str) -> Result<Option<StoredFile>> {
        Ok(on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, name, content_type, size_bytes, sha256, created_by, created_at FROM platform_files WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await)?)
    }

    /// The file's bytes, streamed from the store.
    pub async fn read(
        &self,
        file: &StoredFile,
    ) -> Result<BoxStream<'static, std::io::Result<Bytes>>> {
        let got = self
            .store
            .get(&StorePath::from(storage_key(file).as_str()))
            .await
            .map_err(Error::internal)?;
        Ok(got.into_stream().map_err(std::io::Error::other).boxed())
    }

    /// All the bytes (small files: a bank file to parse).
    pub async fn bytes(&self, file: &StoredFile) -> Result<Bytes> {
        let mut out = Vec::with_capacity(file.size_bytes as usize);
        let mut stream = self.read(file).await?;
        while let Some(chunk) = stream.next().await {
            out.extend_from_slice(&chunk.map_err(Error::internal)?);
        }
        Ok(Bytes::from(out))
    }
}

/// `2026/11/<id>`: spread by month, named by id (a name from outside never becomes a path).
fn storage_key(file: &StoredFile) -> String {
    format!("{}/{}", file.created_at.format("%Y/%m"), file.id)
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The name without any path and without control characters, at most 200 characters.
fn clean_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("");
    let clean: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    if clean.trim().is_empty() {
        "arquivo".into()
    } else {
        clean.trim().to_string()
    }
}

/// What the bytes are, or `None` when the type is not accepted. Binary formats by their signature;
/// text (CSV, OFX, CNAB remessa/retorno, XML) when it has no NUL byte and decodes as UTF-8 or is
/// printable single-byte text (banks send CP1252).
pub fn detect(bytes: &[u8]) -> Option<&'static str> {
    if let Some(kind) = infer::get(bytes) {
        return match kind.mime_type() {
            "application/pdf" => Some("application/pdf"),
            "image/png" => Some("image/png"),
            "image/jpeg" => Some("image/jpeg"),
            "image/webp" => Some("image/webp"),
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" => {
                Some("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            }
            "text/xml" | "application/xml" => Some("application/xml"),
            _ => None,
        };
    }
    if bytes.is_empty() || bytes.contains(&0) {
        return None;
    }
    let printable = |b: &u8| *b >= 0x20 || matches!(b, b'\r' | b'\n' | b'\t' | 0x0c);
    if std::str::from_utf8(bytes).is_ok() || bytes.iter().all(printable) {
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64)]);
        if head
            .trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with("<?xml")
        {
            return Some("application/xml");
        }
        return Some("text/plain");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_come_from_the_content() {
        assert_eq!(detect(b"%PDF-1.7\n..."), Some("application/pdf"));
        assert_eq!(detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some("image/png"));
        assert_eq!(
            detect("nome;valor\nJosé;1,00\n".as_bytes()),
            Some("text/plain")
        );
        assert_eq!(
            detect(b"<?xml version=\"1.0\"?><nfeProc/>"),
            Some("application/xml")
        );
        // CP1252 text from a bank (Ç as 0xC7) is text.
        assert_eq!(detect(b"01REMESSA01COBRAN\xc7A"), Some("text/plain"));
        assert_eq!(detect(b"MZ\x90\0\x03\0\0\0"), None, "an executable");
        assert_eq!(detect(b"\x1f\x8b\x08\0"), None, "an archive");
        assert_eq!(detect(b""), None);
    }

    #[test]
    fn names_never_carry_a_path() {
        assert_eq!(clean_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_name("C:\\pasta\\retorno.ret"), "retorno.ret");
        assert_eq!(clean_name("  "), "arquivo");
    }
}
