-- The company's units (clinics and the head office): what teams, salespeople, clients, stock locations and
-- holidays name as `unit_id`. A register every context reads through `platform::units`, so none reads another's
-- tables. Units are never deleted: a closed unit is inactive and stays on what named it.
CREATE TABLE platform_units (
    id TEXT PRIMARY KEY,
    -- Short code people type and see on badges (CLI-01); unique, upper case.
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    city TEXT,
    -- Two-letter federative unit.
    state TEXT,
    active BOOLEAN NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
