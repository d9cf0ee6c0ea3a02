-- Finance: payables (contas a pagar), their cost-centre rateio, their installments (parcelas a pagar) and the
-- payments (baixas a pagar) on them. One file for both engines. Nothing with money is deleted: a payable is
-- cancelled, a payment reversed (kept, with who, when and why); a draft's installments are replaced by its edit.
CREATE TABLE finance_payables (
    id TEXT PRIMARY KEY,
    -- CP-2026-000123: gapless per year of issue (platform numbering).
    number TEXT NOT NULL UNIQUE,
    -- The favorecido: a supplier, or a crm client (refunds).
    supplier_id TEXT REFERENCES finance_suppliers (id),
    client_id TEXT,
    -- The payee's name and document (bare, upper case) as they were when last saved.
    payee_name TEXT NOT NULL,
    payee_document TEXT NOT NULL,
    payee_sort TEXT NOT NULL,
    -- Folded number, payee name, document number and the payee document in lower case: what `q` matches.
    search_text TEXT NOT NULL,
    document_kind TEXT NOT NULL CHECK (document_kind IN ('NFE', 'NFSE', 'RECIBO', 'FATURA', 'OUTRO')),
    document_number TEXT,
    -- Without leading zeros.
    document_series TEXT,
    -- 44 digits, DV checked.
    nfe_key TEXT,
    description TEXT NOT NULL,
    chart_account_id TEXT NOT NULL REFERENCES finance_chart_accounts (id),
    -- YYYY-MM.
    competence TEXT NOT NULL,
    issue_date DATE NOT NULL,
    total_cents BIGINT NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('MANUAL', 'PEDIDO_COMPRA', 'COMISSAO', 'UPLOAD', 'CANCELAMENTO',
                                           'LEGADO')),
    origin_id TEXT,
    -- Bloqueio: no approval (nor lote) meanwhile.
    block_reason TEXT,
    block_source TEXT,
    status TEXT NOT NULL CHECK (status IN ('RASCUNHO', 'APROVADA', 'CANCELADA')),
    approval_requested BOOLEAN NOT NULL,
    returned BOOLEAN NOT NULL,
    returned_comment TEXT,
    approved_at TIMESTAMPTZ,
    approved_by TEXT,
    cancel_reason TEXT,
    -- Why a second payable for the same supplier + número + série was let through.
    duplicate_reason TEXT,
    -- The uids of who edited it, each between '|' ("|uid1|uid2|"): none of them approves it.
    editors TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE INDEX finance_payables_supplier_note ON finance_payables (supplier_id, document_number, document_series);
CREATE INDEX finance_payables_status ON finance_payables (status, issue_date);
CREATE INDEX finance_payables_issue ON finance_payables (issue_date, id);

CREATE TABLE finance_payable_allocations (
    payable_id TEXT NOT NULL REFERENCES finance_payables (id),
    seq BIGINT NOT NULL,
    cost_center_id TEXT NOT NULL REFERENCES finance_cost_centers (id),
    -- The share as typed: basis points (3333 = 33,33 %), or NULL when typed as an amount.
    percent_bp BIGINT,
    amount_cents BIGINT NOT NULL,
    PRIMARY KEY (payable_id, seq)
);
CREATE INDEX finance_payable_allocations_center ON finance_payable_allocations (cost_center_id);

CREATE TABLE finance_payable_installments (
    id TEXT PRIMARY KEY,
    payable_id TEXT NOT NULL REFERENCES finance_payables (id),
    seq BIGINT NOT NULL,
    count BIGINT NOT NULL,
    due_date DATE NOT NULL,
    amount_cents BIGINT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('BOLETO', 'PIX_CHAVE', 'PIX_QR', 'TED', 'CONCESSIONARIA', 'TRIBUTO',
                                           'DEBITO_AUTOMATICO', 'DINHEIRO')),
    -- Payment data per method: the line (digits) and barcode; the PIX key; the PIX copia e cola; the supplier's
    -- confirmed bank account.
    linha_digitavel TEXT,
    barcode TEXT,
    pix_key_type TEXT,
    pix_key TEXT,
    pix_qr TEXT,
    supplier_bank_account_id TEXT REFERENCES finance_supplier_bank_accounts (id),
    scheduled_date DATE,
    status TEXT NOT NULL CHECK (status IN ('RASCUNHO', 'APROVADO', 'AGENDADO', 'EM_REMESSA', 'PAGO', 'REJEITADO',
                                           'CANCELADO')),
    -- The live payment's encargos, amount paid and date (recomputed with every payment and reversal).
    charges_cents BIGINT NOT NULL,
    paid_cents BIGINT NOT NULL,
    paid_at DATE,
    -- The company's account it is paid from.
    bank_account_id TEXT REFERENCES finance_bank_accounts (id),
    -- The comprovante's file id.
    receipt_file_id TEXT,
    -- The payment remessa it went in (later work), and the bank's reason when REJEITADO.
    remittance_id TEXT,
    rejection_reason TEXT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (payable_id, seq)
);
CREATE INDEX finance_payable_installments_due ON finance_payable_installments (due_date, id);
CREATE INDEX finance_payable_installments_status_due ON finance_payable_installments (status, due_date);
CREATE INDEX finance_payable_installments_payable ON finance_payable_installments (payable_id);

CREATE TABLE finance_payments (
    id TEXT PRIMARY KEY,
    installment_id TEXT NOT NULL REFERENCES finance_payable_installments (id),
    date DATE NOT NULL,
    -- What left the account = principal + charges − discount.
    amount_cents BIGINT NOT NULL,
    charges_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    principal_cents BIGINT NOT NULL,
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    receipt_file_id TEXT,
    source TEXT NOT NULL CHECK (source IN ('MANUAL', 'RETORNO', 'CONCILIACAO', 'UPLOAD')),
    -- The retorno occurrence, reconciliation match or upload row; the payment's own id when MANUAL.
    source_id TEXT NOT NULL,
    reversed_at TIMESTAMPTZ,
    reversed_by TEXT,
    reversed_reason TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    UNIQUE (source, source_id)
);
CREATE INDEX finance_payments_installment ON finance_payments (installment_id, created_at);
