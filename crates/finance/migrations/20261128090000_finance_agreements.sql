-- Finance: convênios de cobrança (boletos we issue) and de pagamentos (files of payments we make), each under one
-- of the company's bank accounts (the bank comes from the account). One file for both engines. Nothing is deleted:
-- a convênio is deactivated. The nosso número counter only moves forward (a number is never reused).
CREATE TABLE finance_collection_agreements (
    id TEXT PRIMARY KEY,
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    name TEXT NOT NULL,
    -- The beneficiário as the bank registered it: razão social and CNPJ (or CPF), bare characters.
    beneficiary_name TEXT NOT NULL,
    beneficiary_document TEXT NOT NULL,
    -- Código do beneficiário / convênio / código do cliente, digits, and its DV where the bank has one.
    beneficiary_code TEXT NOT NULL,
    beneficiary_code_digit TEXT,
    carteira TEXT NOT NULL,
    modalidade TEXT,
    variacao TEXT,
    -- Sicredi's posto.
    posto TEXT,
    layout TEXT NOT NULL CHECK (layout IN ('CNAB240', 'CNAB400')),
    -- The range the bank gave, and the next number to issue (first ≤ next ≤ last + 1).
    nosso_numero_first BIGINT NOT NULL,
    nosso_numero_last BIGINT NOT NULL,
    next_nosso_numero BIGINT NOT NULL,
    next_file_sequence BIGINT NOT NULL,
    -- Basis points: 200 = 2,00 % (at most, CDC art. 52 §1º); juros ao mês, applied pro rata die.
    fine_bp BIGINT NOT NULL,
    interest_monthly_bp BIGINT NOT NULL,
    protest_days BIGINT,
    baixa_days BIGINT,
    -- Compensação: credit D+n after payment.
    settlement_days BIGINT NOT NULL,
    -- The beneficiary's PIX key: boletos of the convênio carry a BR Code.
    pix_key TEXT,
    active BOOLEAN NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (bank_account_id, beneficiary_code, carteira)
);

CREATE TABLE finance_payment_agreements (
    id TEXT PRIMARY KEY,
    bank_account_id TEXT NOT NULL REFERENCES finance_bank_accounts (id),
    name TEXT NOT NULL,
    -- Código do convênio (SISPAG at Itaú, FEBRABAN elsewhere).
    code TEXT NOT NULL,
    layout TEXT NOT NULL CHECK (layout IN ('CNAB240')),
    next_file_sequence BIGINT NOT NULL,
    -- Comma-separated, in a fixed order: TED, PIX, BOLETO, CONCESSIONARIA, TRIBUTO.
    methods TEXT NOT NULL,
    active BOOLEAN NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (bank_account_id, code)
);
