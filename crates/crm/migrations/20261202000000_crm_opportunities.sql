-- The funnel: its stages (the working ones configurable, the two terminals fixed) and the opportunities, one
-- record from the first contact to won or lost.
CREATE TABLE crm_stages (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- Left to right on the board; the terminals come last whatever their position.
    position INTEGER NOT NULL,
    -- 'aberta' for a working stage; 'ganho' and 'perdido' are the fixed terminals (one row each).
    kind TEXT NOT NULL CHECK (kind IN ('aberta', 'ganho', 'perdido')),
    -- An archived working stage takes no new opportunities and leaves the board once empty.
    archived BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE UNIQUE INDEX crm_stages_terminal ON crm_stages (kind) WHERE kind <> 'aberta';

INSERT INTO crm_stages (id, name, position, kind) VALUES
    ('novo-lead', 'Novo lead', 10, 'aberta'),
    ('em-contato', 'Em contato', 20, 'aberta'),
    ('qualificado', 'Qualificado', 30, 'aberta'),
    ('avaliacao-agendada', 'Avaliação agendada', 40, 'aberta'),
    ('proposta-enviada', 'Proposta enviada', 50, 'aberta'),
    ('negociacao', 'Negociação', 60, 'aberta'),
    ('ganho', 'Ganho', 1000, 'ganho'),
    ('perdido', 'Perdido', 1001, 'perdido');

CREATE TABLE crm_opportunities (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    -- The client, once the person is identified; until then the inline contact.
    client_id TEXT REFERENCES crm_clients (id),
    contact_name TEXT,
    contact_phone TEXT,
    contact_email TEXT,
    -- The folded title, client or contact name, and the contact's digits and e-mail (the board's search).
    search_text TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    team_id TEXT REFERENCES crm_teams (id),
    stage_id TEXT NOT NULL REFERENCES crm_stages (id),
    -- 'aberta', 'ganha', 'perdida': kept beside the stage so the board's indexes can lead with it.
    status TEXT NOT NULL CHECK (status IN ('aberta', 'ganha', 'perdida')),
    expected_value_cents BIGINT NOT NULL,
    expected_close_on DATE,
    source TEXT NOT NULL CHECK (source IN ('indicacao', 'instagram', 'google', 'site', 'whatsapp', 'evento',
                                           'ativo', 'outro')),
    -- First touch; changing it afterwards needs a reason (kept in the history).
    marketing_link_id TEXT REFERENCES crm_links (id),
    lost_reason TEXT,
    lost_note TEXT,
    -- Set by the sales context when the linked sale is confirmed (the only way to 'ganha').
    won_sale_id TEXT,
    closed_at TIMESTAMPTZ,
    stage_entered_at TIMESTAMPTZ NOT NULL,
    -- The latest of creation, a stage move and a logged activity: "parado há mais de N dias" reads it.
    last_touch_at TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
-- The board: per column, counts and values (index-only on PostgreSQL) and the newest cards first.
CREATE INDEX crm_opportunities_board ON crm_opportunities (status, stage_id, stage_entered_at, id);
CREATE INDEX crm_opportunities_owner ON crm_opportunities (owner_id, status, stage_id, stage_entered_at);
CREATE INDEX crm_opportunities_team ON crm_opportunities (team_id, status, stage_id);
CREATE INDEX crm_opportunities_client ON crm_opportunities (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX crm_opportunities_link ON crm_opportunities (marketing_link_id) WHERE marketing_link_id IS NOT NULL;
CREATE INDEX crm_opportunities_created ON crm_opportunities (created_at, id);
