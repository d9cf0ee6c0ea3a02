-- Finance: its parameters, one row (id = 1); absent until first set (the defaults apply).
CREATE TABLE finance_settings (
    id BIGINT PRIMARY KEY,
    -- Centavos: up to here FA and AD approve; above, FM and SA only.
    approval_limit_cents BIGINT NOT NULL,
    version BIGINT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
