-- Finance: the company's own bank accounts. One file for both engines. Bank, agência and conta identify an
-- account (unique together) and never change; nothing is deleted.
CREATE TABLE finance_bank_accounts (
    id TEXT PRIMARY KEY,
    nickname TEXT NOT NULL,
    -- The COMPE code: 001, 341…
    bank TEXT NOT NULL,
    agency TEXT NOT NULL,
    agency_digit TEXT,
    account TEXT NOT NULL,
    account_digit TEXT NOT NULL,
    -- Integer centavos (negative when overdrawn) on opening_date.
    opening_balance BIGINT NOT NULL,
    opening_date DATE NOT NULL,
    active BOOLEAN NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    UNIQUE (bank, agency, account)
);
