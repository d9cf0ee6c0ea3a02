-- The CRM plugin (`/crm/plugin`, framed inside other consoles): the exact origins allowed to frame it
-- (besides BACKOFFICE_PLUGIN_FRAME_ANCESTORS), and the audit of its lookups, which reveal personal data:
-- who searched what, and when (also what the 60-per-minute limit counts).
CREATE TABLE crm_plugin_origins (
    origin TEXT PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);

CREATE TABLE crm_plugin_lookups (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL,
    user_email TEXT NOT NULL,
    term_kind TEXT NOT NULL,
    term TEXT NOT NULL,
    client_id TEXT,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX crm_plugin_lookups_uid ON crm_plugin_lookups (uid, created_at);
