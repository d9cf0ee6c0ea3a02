-- Finance: remessas (files we send the bank: cobrança now, pagamentos later) with their items, and the retornos
-- (files the bank sends back) with their occurrences and the pendências they leave. One file for both engines.
-- Nothing is deleted: a draft is discarded (CANCELADA), a generated remessa never sent is reopened (RASCUNHO).
CREATE TABLE finance_remittances (
    id TEXT PRIMARY KEY,
    -- RM-2026-000012, as people see it.
    number TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('COBRANCA', 'PAGAMENTO')),
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    agreement_id TEXT NOT NULL,
    layout TEXT NOT NULL,
    -- The file's sequence (NSA), taken from the convênio's counter at the first generation and kept on reopening.
    sequence BIGINT,
    file_name TEXT,
    status TEXT NOT NULL CHECK (status IN ('RASCUNHO', 'GERADA', 'ENVIADA', 'PROCESSADA', 'REJEITADA',
                                           'CANCELADA')),
    item_count BIGINT NOT NULL,
    total_cents BIGINT NOT NULL,
    rejected_count BIGINT NOT NULL,
    -- The preflight validator's findings (JSON array), the last time it ran.
    preflight TEXT,
    content BYTEA,
    sha256 TEXT,
    generated_at TIMESTAMPTZ,
    generated_by TEXT,
    sent_at TIMESTAMPTZ,
    sent_by TEXT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (agreement_id, kind, sequence)
);
CREATE INDEX finance_remittances_status ON finance_remittances (status, created_at);

CREATE TABLE finance_remittance_items (
    id TEXT PRIMARY KEY,
    remittance_id TEXT NOT NULL REFERENCES finance_remittances (id),
    position BIGINT NOT NULL,
    boleto_id TEXT NOT NULL REFERENCES finance_boletos (id),
    -- The pending instruction it carries (NULL for an ENTRADA).
    instruction_id TEXT,
    instruction TEXT NOT NULL CHECK (instruction IN ('ENTRADA', 'PEDIDO_BAIXA', 'ALTERACAO_VENCIMENTO',
                                                     'ABATIMENTO', 'PROTESTO', 'SUSTAR_PROTESTO')),
    nosso_numero BIGINT NOT NULL,
    amount_cents BIGINT NOT NULL,
    -- The boleto's id (ENTRADA) or the instruction's while the remessa is live (RASCUNHO, GERADA, ENVIADA,
    -- PROCESSADA); NULL once discarded or rejected: an item is in at most one live remessa.
    live_key TEXT UNIQUE,
    -- What the retorno said: CONFIRMADO, REJEITADO, LIQUIDADO, BAIXADO… with the bank's code and text.
    result TEXT,
    result_code TEXT,
    result_text TEXT
);
CREATE INDEX finance_remittance_items_remittance ON finance_remittance_items (remittance_id, position);
CREATE INDEX finance_remittance_items_boleto ON finance_remittance_items (boleto_id);

CREATE TABLE finance_bank_returns (
    id TEXT PRIMARY KEY,
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    kind TEXT NOT NULL CHECK (kind IN ('COBRANCA', 'PAGAMENTO')),
    file_name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    content BYTEA NOT NULL,
    layout TEXT NOT NULL,
    bank TEXT NOT NULL,
    sequence BIGINT NOT NULL,
    generated_on DATE,
    status TEXT NOT NULL CHECK (status IN ('IMPORTADO', 'PROCESSADO', 'PROCESSADO_COM_PENDENCIAS', 'FALHOU')),
    failure TEXT,
    failure_line BIGINT,
    total BIGINT NOT NULL,
    done BIGINT NOT NULL,
    applied BIGINT NOT NULL,
    duplicated BIGINT NOT NULL,
    not_found BIGINT NOT NULL,
    divergent BIGINT NOT NULL,
    informative BIGINT NOT NULL,
    job_id TEXT,
    imported_at TIMESTAMPTZ NOT NULL,
    imported_by TEXT NOT NULL,
    imported_by_name TEXT NOT NULL,
    processed_at TIMESTAMPTZ,
    version BIGINT NOT NULL,
    UNIQUE (bank_account_id, sha256)
);
CREATE INDEX finance_bank_returns_imported ON finance_bank_returns (imported_at, id);

CREATE TABLE finance_bank_return_occurrences (
    id TEXT PRIMARY KEY,
    return_id TEXT NOT NULL REFERENCES finance_bank_returns (id),
    line BIGINT NOT NULL,
    nosso_numero TEXT NOT NULL,
    seu_numero TEXT NOT NULL,
    movement_code TEXT NOT NULL,
    movement_text TEXT NOT NULL,
    reasons TEXT NOT NULL,
    occurrence_date DATE,
    credit_date DATE,
    amount_cents BIGINT NOT NULL,
    paid_cents BIGINT NOT NULL,
    interest_cents BIGINT NOT NULL,
    fees_cents BIGINT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('APLICADA', 'DUPLICADA_IGNORADA', 'NAO_LOCALIZADA', 'DIVERGENTE',
                                           'INFORMATIVA')),
    message TEXT NOT NULL,
    agreement_id TEXT,
    boleto_id TEXT,
    installment_id TEXT,
    remittance_id TEXT,
    -- convênio, nosso número, código de movimento, data da ocorrência, valor pago: an occurrence applies once.
    dedupe_key TEXT UNIQUE
);
CREATE INDEX finance_bank_return_occurrences_return ON finance_bank_return_occurrences (return_id, line);

-- What a retorno left for a person to decide.
CREATE TABLE finance_pendencies (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('NAO_LOCALIZADA', 'DIVERGENTE', 'PAGAMENTO_APOS_CANCELAMENTO',
                                       'PAGAMENTO_DUPLICIDADE')),
    status TEXT NOT NULL CHECK (status IN ('ABERTA', 'RESOLVIDA')),
    return_id TEXT NOT NULL REFERENCES finance_bank_returns (id),
    occurrence_id TEXT NOT NULL UNIQUE REFERENCES finance_bank_return_occurrences (id),
    bank_account_id TEXT NOT NULL,
    boleto_id TEXT,
    installment_id TEXT,
    nosso_numero TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    occurrence_date DATE,
    description TEXT NOT NULL,
    action TEXT CHECK (action IN ('VINCULAR_PARCELA', 'REEMBOLSO', 'CREDITO_CLIENTE', 'DESCARTAR', 'REPROCESSADA')),
    reason TEXT,
    resolved_installment_id TEXT,
    resolved_at TIMESTAMPTZ,
    resolved_by TEXT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE INDEX finance_pendencies_status ON finance_pendencies (status, created_at);

-- A receipt's source (a retorno occurrence, a reconciled statement line…) settles once.
ALTER TABLE finance_receipts ADD COLUMN source_id TEXT;
CREATE UNIQUE INDEX finance_receipts_source ON finance_receipts (source, source_id);
