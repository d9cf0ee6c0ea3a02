-- Gapless human numbers per prefix and year (`CR-2026-000123`): the row is locked by the transaction that
-- takes a number, so a rolled-back creation gives its number back.
CREATE TABLE platform_counters (
    prefix TEXT NOT NULL,
    year INTEGER NOT NULL,
    last_value BIGINT NOT NULL,
    PRIMARY KEY (prefix, year)
);

-- Append-only history of every record that holds money or a state.
CREATE TABLE platform_history (
    id TEXT PRIMARY KEY,
    -- `<context>.<entity>` (`finance.receivable`) and the record's id.
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL,
    by_uid TEXT NOT NULL,
    by_name TEXT NOT NULL,
    -- What happened, in Portuguese ("Aprovado", "Valor alterado").
    action TEXT NOT NULL,
    from_state TEXT,
    to_state TEXT,
    reason TEXT,
    -- JSON array of {field, from, to}.
    changes TEXT NOT NULL
);
CREATE INDEX platform_history_entity ON platform_history (entity, entity_id, at, id);

-- Holidays beyond the national ones the code computes (state and municipal holidays, bank closures),
-- kept by administrators.
CREATE TABLE platform_holidays (
    day DATE NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
