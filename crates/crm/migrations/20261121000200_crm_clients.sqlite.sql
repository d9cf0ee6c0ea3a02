-- CRM: clients (people with a CPF, companies with a CNPJ, numeric or alphanumeric).
-- No foreign keys into identity: created_by/updated_by are plain user uids.
CREATE TABLE crm_clients (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('person', 'company')),
    -- Normalized: 11 digits (CPF) or 14 uppercase alphanumerics (CNPJ).
    document TEXT NOT NULL,
    name TEXT NOT NULL,
    trade_name TEXT,
    -- Lowercased, accents stripped: the sort key for names.
    search_name TEXT NOT NULL,
    -- Folded name, trade name, document, e-mails and phone digits: what `q` matches.
    search_text TEXT NOT NULL,
    -- JSON arrays of strings.
    emails TEXT NOT NULL,
    phones TEXT NOT NULL,
    -- JSON object or NULL.
    address TEXT,
    status TEXT NOT NULL CHECK (status IN ('active', 'inactive', 'archived')),
    notes TEXT,
    -- Bumped on every write, for optimistic concurrency.
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    created_by TEXT NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE UNIQUE INDEX crm_clients_document ON crm_clients (document);
CREATE INDEX crm_clients_search_name ON crm_clients (search_name, id);
CREATE INDEX crm_clients_created_at ON crm_clients (created_at, id);
