-- Finance: boletos issued for installments a receber, their timeline (events) and the instructions waiting for a
-- remessa. One file for both engines. Nothing is deleted; a nosso número is unique per convênio and never reused.
CREATE TABLE finance_boletos (
    id TEXT PRIMARY KEY,
    installment_id TEXT NOT NULL REFERENCES finance_receivable_installments (id),
    receivable_id TEXT NOT NULL REFERENCES finance_receivables (id),
    agreement_id TEXT NOT NULL REFERENCES finance_collection_agreements (id),
    -- The COMPE code of the convênio's bank.
    bank TEXT NOT NULL,
    nosso_numero BIGINT NOT NULL,
    nosso_numero_dv TEXT,
    -- As printed: 109/00001000-5.
    nosso_numero_formatted TEXT NOT NULL,
    -- The installment's label: CR-2026-000123 1/3.
    seu_numero TEXT NOT NULL,
    client_id TEXT NOT NULL,
    -- The payer as it was at issue: name, document (bare characters) and address (JSON, crm's address object).
    payer_name TEXT NOT NULL,
    payer_document TEXT NOT NULL,
    payer_address TEXT NOT NULL,
    issue_date DATE NOT NULL,
    due_date DATE NOT NULL,
    amount_cents BIGINT NOT NULL,
    fine_bp BIGINT NOT NULL,
    interest_monthly_bp BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    abatement_cents BIGINT NOT NULL,
    protest_days BIGINT,
    baixa_days BIGINT,
    -- Lines printed in the boleto's instructions box.
    instructions TEXT NOT NULL,
    barcode TEXT NOT NULL,
    linha_digitavel TEXT NOT NULL,
    pix_copia_e_cola TEXT,
    status TEXT NOT NULL CHECK (status IN ('EMITIDO', 'EM_REMESSA', 'REGISTRADO', 'LIQUIDADO', 'BAIXA_SOLICITADA',
                                           'BAIXADO', 'PROTESTADO', 'REJEITADO', 'CANCELADO')),
    -- The remessa that carried its entry (the remessa work fills it).
    remittance_id TEXT,
    -- The last bank occurrence: code and text.
    last_occurrence_code TEXT,
    last_occurrence_text TEXT,
    paid_date DATE,
    paid_cents BIGINT,
    -- Folded nosso número, client name and document: what `q` matches.
    search_text TEXT NOT NULL,
    client_sort TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (agreement_id, nosso_numero)
);
-- One live boleto per installment.
CREATE UNIQUE INDEX finance_boletos_live ON finance_boletos (installment_id)
    WHERE status IN ('EMITIDO', 'EM_REMESSA', 'REGISTRADO', 'BAIXA_SOLICITADA', 'PROTESTADO');
CREATE INDEX finance_boletos_installment ON finance_boletos (installment_id);
CREATE INDEX finance_boletos_due ON finance_boletos (due_date, id);
CREATE INDEX finance_boletos_issue ON finance_boletos (issue_date, id);
CREATE INDEX finance_boletos_status ON finance_boletos (status, due_date);
CREATE INDEX finance_boletos_client ON finance_boletos (client_id);
CREATE INDEX finance_boletos_remittance ON finance_boletos (remittance_id);

-- The timeline: issued, in remessa, entry confirmed, each bank occurrence, settlement, baixa…
CREATE TABLE finance_boleto_events (
    id TEXT PRIMARY KEY,
    boleto_id TEXT NOT NULL REFERENCES finance_boletos (id),
    at TIMESTAMPTZ NOT NULL,
    kind TEXT NOT NULL,
    description TEXT NOT NULL,
    -- A bank occurrence's code and text (retorno).
    bank_code TEXT,
    bank_text TEXT,
    remittance_id TEXT,
    -- RM-2026-000058, as people see it.
    remittance_number TEXT,
    amount_cents BIGINT,
    -- Values of a settlement and the like (JSON object), or NULL.
    details TEXT,
    by_uid TEXT NOT NULL,
    by_name TEXT NOT NULL
);
CREATE INDEX finance_boleto_events_boleto ON finance_boleto_events (boleto_id, at, id);

-- Instructions to the bank on a registered boleto, pending until a remessa carries them.
CREATE TABLE finance_boleto_instructions (
    id TEXT PRIMARY KEY,
    boleto_id TEXT NOT NULL REFERENCES finance_boletos (id),
    kind TEXT NOT NULL CHECK (kind IN ('BAIXA', 'ALTERACAO_VENCIMENTO', 'ABATIMENTO', 'PROTESTO',
                                       'SUSTAR_PROTESTO')),
    new_due_date DATE,
    amount_cents BIGINT,
    reason TEXT,
    -- NULL while pending; the remessa that sent it.
    remittance_id TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);
CREATE INDEX finance_boleto_instructions_boleto ON finance_boleto_instructions (boleto_id, created_at);
CREATE INDEX finance_boleto_instructions_pending ON finance_boleto_instructions (remittance_id, boleto_id);
