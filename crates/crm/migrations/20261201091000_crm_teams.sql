-- The sales organisation: teams with their managers and members over time, monthly targets, and the CRM profile
-- of each salesperson. Memberships are never deleted: leaving a team sets `left_on`, so reports take membership
-- on each event's date.
CREATE TABLE crm_teams (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- The folded name: unique among active teams.
    name_key TEXT NOT NULL,
    -- platform_units.id (the clinic the team sells for), optional.
    unit_id TEXT,
    archived BOOLEAN NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE UNIQUE INDEX crm_teams_name ON crm_teams (name_key) WHERE NOT archived;

-- A team's managers (SALES_MANAGER users); a manager may manage several teams.
CREATE TABLE crm_team_managers (
    team_id TEXT NOT NULL REFERENCES crm_teams (id),
    user_id TEXT NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX crm_team_managers_user ON crm_team_managers (user_id);

CREATE TABLE crm_team_members (
    id TEXT PRIMARY KEY,
    team_id TEXT NOT NULL REFERENCES crm_teams (id),
    user_id TEXT NOT NULL,
    role_in_team TEXT NOT NULL CHECK (role_in_team IN ('vendedor', 'sdr', 'closer')),
    joined_on DATE NOT NULL,
    -- The last day in the team; NULL while a member.
    left_on DATE,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE INDEX crm_team_members_team ON crm_team_members (team_id, joined_on);
CREATE INDEX crm_team_members_user ON crm_team_members (user_id, joined_on);

-- Monthly targets: the team's (user_id '') and each member's, which sum to the team's.
CREATE TABLE crm_team_targets (
    team_id TEXT NOT NULL REFERENCES crm_teams (id),
    -- 'AAAA-MM'.
    month TEXT NOT NULL,
    user_id TEXT NOT NULL,
    sales_value_cents BIGINT NOT NULL,
    sales_count BIGINT NOT NULL,
    activities_done BIGINT NOT NULL,
    new_clients BIGINT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    PRIMARY KEY (team_id, month, user_id)
);

-- The CRM profile of an identity user of a sales role (1:1).
CREATE TABLE crm_users (
    user_id TEXT PRIMARY KEY,
    display_name TEXT NOT NULL,
    -- Digits with DDD, as platform::values::Phone keeps them.
    whatsapp TEXT,
    unit_id TEXT,
    employment TEXT NOT NULL CHECK (employment IN ('clt', 'pj')),
    -- PJ only: the company the salesperson invoices from.
    cnpj TEXT,
    legal_name TEXT,
    municipality TEXT,
    -- The largest discount the salesperson may give without approval, in basis points (500 = 5 %).
    discount_limit_bp BIGINT NOT NULL,
    active BOOLEAN NOT NULL,
    hired_on DATE,
    left_on DATE,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
