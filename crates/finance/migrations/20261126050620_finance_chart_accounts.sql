-- Finance: the chart of accounts (plano de contas). One file for both engines. `code` is the tree: a child's code
-- is its parent's, a dot and a segment, so the parent is found by code; accounts are never deleted.
CREATE TABLE finance_chart_accounts (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    parent_code TEXT,
    name TEXT NOT NULL,
    -- RECEITA, DESPESA or TRANSFERENCIA (a child keeps its parent's).
    nature TEXT NOT NULL,
    -- SINTETICA (groups) or ANALITICA (used by documents).
    kind TEXT NOT NULL,
    active BOOLEAN NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE INDEX finance_chart_accounts_parent ON finance_chart_accounts (parent_code);
