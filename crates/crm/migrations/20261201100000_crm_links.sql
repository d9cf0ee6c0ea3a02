-- CRM: marketing links (`/l/{code}`), their campaigns, the hosts links may send visitors to, and the
-- clicks and previews each link had. No foreign keys into identity: owner_id/created_by are plain uids.
CREATE TABLE crm_campaigns (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('black_friday', 'sazonal', 'outra')),
    starts_on DATE NOT NULL,
    ends_on DATE NOT NULL,
    -- Centavos.
    goal_value BIGINT,
    goal_count BIGINT,
    -- JSON array of {catalog_item_id, price} (price in centavos).
    promo_prices TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE INDEX crm_campaigns_starts_on ON crm_campaigns (starts_on, id);

CREATE TABLE crm_links (
    id TEXT PRIMARY KEY,
    -- 7 base62 characters; kept by archived links, so a code is never reused.
    code TEXT NOT NULL,
    label TEXT NOT NULL,
    -- https, on a host of crm_link_allowed_hosts when it was saved (checked again on every redirect).
    destination_url TEXT NOT NULL,
    utm_source TEXT NOT NULL,
    utm_medium TEXT NOT NULL,
    utm_campaign TEXT,
    utm_term TEXT,
    utm_content TEXT,
    campaign_id TEXT REFERENCES crm_campaigns (id),
    -- A personal link's salesperson.
    owner_id TEXT,
    expires_on DATE,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    version INTEGER NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE UNIQUE INDEX crm_links_code ON crm_links (code);
CREATE INDEX crm_links_created_at ON crm_links (created_at, id);
CREATE INDEX crm_links_campaign ON crm_links (campaign_id);
CREATE INDEX crm_links_owner ON crm_links (owner_id);

-- The allow-list: a setting an administrator edits through the API.
CREATE TABLE crm_link_allowed_hosts (
    host TEXT PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);
INSERT INTO crm_link_allowed_hosts (host, created_at, created_by) VALUES
    ('www.exemplo.com.br', '2026-12-01T10:00:00Z', 'system'),
    ('wa.me', '2026-12-01T10:00:00Z', 'system'),
    ('instagram.com', '2026-12-01T10:00:00Z', 'system'),
    ('www.instagram.com', '2026-12-01T10:00:00Z', 'system');

-- One row per request to /l/{code}, written in batches. Never the address: visitor_hash is
-- SHA-256(daily salt, address, user agent).
CREATE TABLE crm_link_clicks (
    link_id TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('click', 'preview')),
    referrer_domain TEXT,
    device TEXT NOT NULL,
    visitor_hash TEXT NOT NULL
);
CREATE INDEX crm_link_clicks_link ON crm_link_clicks (link_id, kind, visitor_hash);

-- The daily salts of the visitor hash (shared by every instance; a day's salt is created once).
CREATE TABLE crm_link_salts (
    day DATE PRIMARY KEY,
    salt TEXT NOT NULL
);
