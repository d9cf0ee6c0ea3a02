-- Jobs: long work (imports, files, syncs, notifications, recurring billing) and event deliveries.
-- A job is claimed by one worker for a lease; a worker that dies loses its lease and another takes the job.
CREATE TABLE platform_jobs (
    id TEXT PRIMARY KEY,
    -- The handler's name, `<context>.<what>` (an event delivery is `evento:<consumer>`).
    kind TEXT NOT NULL,
    -- JSON.
    payload TEXT NOT NULL,
    -- queued | running | retrying | done | dead | cancelled
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    max_attempts INTEGER NOT NULL,
    -- When it may run (next).
    run_at TIMESTAMPTZ NOT NULL,
    -- The worker holding it, and until when.
    locked_by TEXT,
    locked_until TIMESTAMPTZ,
    progress_done BIGINT,
    progress_total BIGINT,
    progress_message TEXT,
    -- JSON, when done.
    result TEXT,
    last_error TEXT,
    created_by TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ,
    -- Enqueueing twice with the same key is one job (an event's delivery to a consumer).
    dedupe_key TEXT
);
CREATE INDEX platform_jobs_ready ON platform_jobs (status, run_at);
CREATE INDEX platform_jobs_created ON platform_jobs (created_at, id);
CREATE UNIQUE INDEX platform_jobs_dedupe ON platform_jobs (dedupe_key);

-- Events: what changed, written in the transaction of the change (a transactional outbox).
CREATE TABLE platform_events (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- What each consumer has consumed, written in the transaction of its effects: an event is applied once.
CREATE TABLE platform_consumed (
    consumer TEXT NOT NULL,
    event_id TEXT NOT NULL,
    consumed_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (consumer, event_id)
);
