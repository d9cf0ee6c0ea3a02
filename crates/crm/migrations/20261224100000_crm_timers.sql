-- The attendance timer (/timer): one per user, so a reload or a second device shows the running one. It times an
-- open activity, or a client and a kind (standalone: the activity is created, with origin `timer`, when stopped).
-- Elapsed = accumulated_s (earlier runs) + now - resumed_at while running; a pause adds the run to accumulated_s.
CREATE TABLE crm_timers (
    user_id TEXT PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('running', 'paused')),
    started_at TIMESTAMPTZ NOT NULL,
    resumed_at TIMESTAMPTZ NOT NULL,
    accumulated_s BIGINT NOT NULL CHECK (accumulated_s >= 0),
    paused_at TIMESTAMPTZ,
    activity_id TEXT REFERENCES crm_activities (id),
    client_id TEXT REFERENCES crm_clients (id),
    kind TEXT CHECK (kind IN ('ligacao', 'whatsapp', 'email', 'visita', 'reuniao', 'tarefa')),
    version BIGINT NOT NULL,
    CHECK ((state = 'paused') = (paused_at IS NOT NULL)),
    CHECK ((activity_id IS NOT NULL AND client_id IS NULL AND kind IS NULL)
        OR (activity_id IS NULL AND client_id IS NOT NULL AND kind IS NOT NULL))
);
