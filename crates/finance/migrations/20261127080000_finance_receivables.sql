-- Finance: receivables (títulos a receber), their installments (parcelas) and the receipts (baixas) on them. One
-- file for both engines. Nothing is deleted: an installment is cancelled, written off or renegotiated, a receipt
-- reversed (kept, with who, when and why).
CREATE TABLE finance_receivables (
    id TEXT PRIMARY KEY,
    -- CR-2026-000123: gapless per year of issue (platform numbering).
    number TEXT NOT NULL UNIQUE,
    -- crm's client; its name and document as they were at creation.
    client_id TEXT NOT NULL,
    client_name TEXT NOT NULL,
    -- Bare characters, upper case (CPF or CNPJ).
    client_document TEXT NOT NULL,
    -- The folded client name: the list's order by client.
    client_sort TEXT NOT NULL,
    -- Folded number, client name and the document in lower case: what `q` matches.
    search_text TEXT NOT NULL,
    description TEXT NOT NULL,
    chart_account_id TEXT NOT NULL REFERENCES finance_chart_accounts (id),
    origin TEXT NOT NULL CHECK (origin IN ('VENDA', 'ASSINATURA', 'MANUAL', 'RENEGOCIACAO')),
    -- The sale, subscription or renegotiated título it came from.
    origin_id TEXT,
    issue_date DATE NOT NULL,
    total_cents BIGINT NOT NULL,
    payment_method TEXT NOT NULL,
    bank_account_id TEXT REFERENCES finance_bank_accounts (id),
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
-- One título per sale.
CREATE UNIQUE INDEX finance_receivables_sale ON finance_receivables (origin_id) WHERE origin = 'VENDA';
CREATE INDEX finance_receivables_client ON finance_receivables (client_id);

CREATE TABLE finance_receivable_installments (
    id TEXT PRIMARY KEY,
    receivable_id TEXT NOT NULL REFERENCES finance_receivables (id),
    -- n of N.
    seq BIGINT NOT NULL,
    count BIGINT NOT NULL,
    due_date DATE NOT NULL,
    -- The due date at creation: an extension changes due_date only.
    original_due_date DATE NOT NULL,
    value_cents BIGINT NOT NULL,
    -- The sum of the live receipts' principal (recomputed with every receipt and reversal).
    received_cents BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('ABERTO', 'BOLETO_EMITIDO', 'REGISTRADO', 'PAGO', 'BAIXADO', 'CANCELADO',
                                           'RENEGOCIADO')),
    payment_method TEXT NOT NULL,
    bank_account_id TEXT REFERENCES finance_bank_accounts (id),
    -- Baixa sem recebimento: why, when and who (the last one; reverted ones are in the history).
    write_off_reason TEXT,
    write_off_at TIMESTAMPTZ,
    write_off_by TEXT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (receivable_id, seq)
);
CREATE INDEX finance_receivable_installments_due ON finance_receivable_installments (due_date, id);
CREATE INDEX finance_receivable_installments_status_due ON finance_receivable_installments (status, due_date);
CREATE INDEX finance_receivable_installments_receivable ON finance_receivable_installments (receivable_id);

CREATE TABLE finance_receipts (
    id TEXT PRIMARY KEY,
    installment_id TEXT NOT NULL REFERENCES finance_receivable_installments (id),
    date DATE NOT NULL,
    -- What came in = principal + interest + fine − discount.
    amount_cents BIGINT NOT NULL,
    interest_cents BIGINT NOT NULL,
    fine_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    -- What left the installment's saldo.
    principal_cents BIGINT NOT NULL,
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    method TEXT NOT NULL,
    -- MANUAL (later RETORNO, CONCILIACAO, UPLOAD).
    source TEXT NOT NULL CHECK (source IN ('MANUAL', 'RETORNO', 'CONCILIACAO', 'UPLOAD')),
    reversed_at TIMESTAMPTZ,
    reversed_by TEXT,
    reversed_reason TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);
CREATE INDEX finance_receipts_installment ON finance_receipts (installment_id, created_at);
