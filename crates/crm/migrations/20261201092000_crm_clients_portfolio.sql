-- Clients, completed: the portfolio salesperson, the unit, tags, do-not-contact, the birth date, and the LGPD
-- consents per channel (every grant and revocation kept, with time and source; the latest per channel holds).
ALTER TABLE crm_clients ADD COLUMN owner_id TEXT;
ALTER TABLE crm_clients ADD COLUMN unit_id TEXT;
-- A JSON array of strings.
ALTER TABLE crm_clients ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE crm_clients ADD COLUMN do_not_contact BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE crm_clients ADD COLUMN birth_date DATE;
-- A salesperson's portfolio is a walk of these, in either order of the list.
CREATE INDEX crm_clients_owner_name ON crm_clients (owner_id, search_name, id);
CREATE INDEX crm_clients_owner_created ON crm_clients (owner_id, created_at, id);

CREATE TABLE crm_client_consents (
    id TEXT PRIMARY KEY,
    client_id TEXT NOT NULL REFERENCES crm_clients (id),
    channel TEXT NOT NULL CHECK (channel IN ('whatsapp', 'email', 'sms', 'phone')),
    granted BOOLEAN NOT NULL,
    -- Where the consent came from: formulário, WhatsApp, telefone, contrato, importação…
    source TEXT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL,
    recorded_by TEXT NOT NULL
);
CREATE INDEX crm_client_consents_client ON crm_client_consents (client_id, channel, recorded_at);
