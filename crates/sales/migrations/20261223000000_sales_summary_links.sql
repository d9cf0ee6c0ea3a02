-- Summary links (/resumo-temporario): a sale's summary the salesperson sends the client. Only the SHA-256 of the
-- 256-bit token is kept; the answers that verify the client are kept only as SHA-256 of token + answer, so the
-- table alone reveals neither. The summary is a snapshot (JSON) taken at creation.
CREATE TABLE sales_summary_links (
    id TEXT PRIMARY KEY,
    sale_id TEXT NOT NULL REFERENCES sales_sales (id),
    -- hex SHA-256 of the token's 32 bytes.
    token_hash TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    require_verification BOOLEAN NOT NULL,
    birth_answer_hash TEXT,
    document_answer_hash TEXT,
    wrong_answers BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    -- editada | cancelada | revogada (by hand), with when.
    revoked_reason TEXT,
    revoked_at TIMESTAMPTZ,
    first_viewed_at TIMESTAMPTZ,
    last_viewed_at TIMESTAMPTZ,
    view_count BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);
CREATE UNIQUE INDEX sales_summary_links_token ON sales_summary_links (token_hash);
CREATE INDEX sales_summary_links_sale ON sales_summary_links (sale_id, created_at);
