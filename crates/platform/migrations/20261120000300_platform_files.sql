-- Stored files (attachments, bank files, generated exports): the bytes live in the object store under
-- `storage_key`, exactly as received; this row says what they are.
CREATE TABLE platform_files (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    storage_key TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX platform_files_sha256 ON platform_files (sha256);
