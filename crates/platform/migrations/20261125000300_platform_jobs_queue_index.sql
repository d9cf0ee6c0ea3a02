-- The ready queue in claim order: a claim reads the first jobs of this index and stops, however long the
-- backlog (the (status, run_at) index made every claim sort every queued job: quadratic in the backlog).
CREATE INDEX platform_jobs_queue ON platform_jobs (run_at, id) WHERE status IN ('queued', 'retrying');
