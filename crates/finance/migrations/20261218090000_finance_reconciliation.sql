-- Finance: bank reconciliation (finance.md §4). One file for both engines. The statement lines imported per
-- company bank account (de-duplicated by (account, fitid_key), §4.1), and the matches the engine or a person made
-- between lines and targets (receivable installments, receipts). Nothing is deleted but the engine's own
-- suggestions, which every run recomputes.
ALTER TABLE finance_bank_accounts ADD COLUMN auto_reconcile BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE finance_statement_lines (
    id TEXT PRIMARY KEY,
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    -- The de-duplication key: the FITID, the FITID with a hash of date, amount and memo when the file repeats it,
    -- or a hash of (account, date, amount, memo) and the ordinal among identical lines when there is none.
    fitid_key TEXT NOT NULL,
    -- The bank's own FITID as the file has it ('' when none).
    fitid TEXT NOT NULL,
    posted DATE NOT NULL,
    -- Signed centavos: credit > 0, debit < 0.
    amount_cents BIGINT NOT NULL,
    memo TEXT NOT NULL,
    -- PENDENTE, CONCILIADO or IGNORADO.
    status TEXT NOT NULL CHECK (status IN ('PENDENTE', 'CONCILIADO', 'IGNORADO')),
    match_id TEXT,
    ignore_reason TEXT,
    file_name TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (bank_account_id, fitid_key)
);
CREATE INDEX finance_statement_lines_account ON finance_statement_lines (bank_account_id, status, posted);

CREATE TABLE finance_reconciliation_matches (
    id TEXT PRIMARY KEY,
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    -- SUGERIDA (the engine proposes), CONFIRMADA (automatic or accepted), DESFEITA (undone, kept).
    status TEXT NOT NULL CHECK (status IN ('SUGERIDA', 'CONFIRMADA', 'DESFEITA')),
    -- UM_PARA_UM, GRUPO, UM_PARA_N, N_PARA_UM.
    shape TEXT NOT NULL,
    score BIGINT NOT NULL,
    -- The engine's Portuguese reasons, one per line.
    reasons TEXT NOT NULL,
    automatic BOOLEAN NOT NULL,
    lines_cents BIGINT NOT NULL,
    targets_cents BIGINT NOT NULL,
    confirmed_at TIMESTAMPTZ,
    confirmed_by TEXT,
    confirmed_by_name TEXT,
    undone_at TIMESTAMPTZ,
    undone_by TEXT,
    undone_reason TEXT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);
CREATE INDEX finance_reconciliation_matches_account ON finance_reconciliation_matches (bank_account_id, status);

-- What a match links: its statement lines (LINHA) and targets (PARCELA: an open receivable installment, settled
-- by the receipt the match created; RECEBIMENTO: a receipt recorded before).
CREATE TABLE finance_reconciliation_items (
    match_id TEXT NOT NULL REFERENCES finance_reconciliation_matches (id),
    kind TEXT NOT NULL CHECK (kind IN ('LINHA', 'PARCELA', 'RECEBIMENTO')),
    ref_id TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    -- For PARCELA: what the match is about (the título's number, the client) as shown on the page.
    label TEXT NOT NULL,
    -- For PARCELA, once confirmed: the receipt the match created.
    created_receipt_id TEXT,
    PRIMARY KEY (match_id, kind, ref_id)
);
CREATE INDEX finance_reconciliation_items_ref ON finance_reconciliation_items (ref_id);
