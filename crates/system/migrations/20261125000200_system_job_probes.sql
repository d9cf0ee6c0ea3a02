-- Queue probes: an administrator (or scripts/scale-out.sh) enqueues a batch of no-op jobs and reads back
-- how many ran, on which instances, and whether any ran to completion twice.
CREATE TABLE system_job_probe_batches (
    id TEXT PRIMARY KEY,
    jobs BIGINT NOT NULL,
    work_ms BIGINT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- One row per completed probe job, written in the transaction that completes the job. No primary key on
-- job_id on purpose: a job completed twice would show as two rows instead of being hidden by a conflict.
CREATE TABLE system_job_probe_runs (
    batch_id TEXT NOT NULL,
    job_id TEXT NOT NULL,
    worker TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL
);
CREATE INDEX system_job_probe_runs_batch ON system_job_probe_runs (batch_id, worker);
