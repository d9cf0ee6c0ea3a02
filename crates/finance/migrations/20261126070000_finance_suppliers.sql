-- Finance: suppliers (fornecedores), their bank accounts and PIX keys. One file for both engines. Nothing is
-- deleted: a supplier is deactivated, a bank account or key is marked REMOVIDA.
CREATE TABLE finance_suppliers (
    id TEXT PRIMARY KEY,
    -- PF (CPF) or PJ (CNPJ): follows from the document.
    kind TEXT NOT NULL CHECK (kind IN ('PF', 'PJ')),
    -- Bare characters, upper case: 11 digits (CPF) or 14 alphanumerics (CNPJ). Never changes.
    document TEXT NOT NULL,
    name TEXT NOT NULL,
    trade_name TEXT,
    -- Lowercased, accents stripped: the list's order.
    sort_name TEXT NOT NULL,
    -- Folded name and trade name, and the document in lower case: what `q` matches.
    search_text TEXT NOT NULL,
    email TEXT,
    -- DDD and number, digits only.
    phone TEXT,
    -- JSON object ({cep, street, number, complement, district, city, state}) or NULL, as crm_clients keeps it.
    address TEXT,
    -- BOLETO, PIX, TED, DEBITO_AUTOMATICO, DINHEIRO or CARTAO.
    default_payment_method TEXT,
    default_chart_account_id TEXT REFERENCES finance_chart_accounts (id),
    default_cost_center_id TEXT REFERENCES finance_cost_centers (id),
    notes TEXT,
    active BOOLEAN NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
-- A document is unique among ACTIVE suppliers (an inactive supplier's document may be used again).
CREATE UNIQUE INDEX finance_suppliers_active_document ON finance_suppliers (document) WHERE active;
CREATE INDEX finance_suppliers_document ON finance_suppliers (document);
CREATE INDEX finance_suppliers_sort_name ON finance_suppliers (sort_name, id);

CREATE TABLE finance_supplier_bank_accounts (
    id TEXT PRIMARY KEY,
    supplier_id TEXT NOT NULL REFERENCES finance_suppliers (id),
    -- The 3-digit COMPE code.
    bank TEXT NOT NULL,
    agency TEXT NOT NULL,
    agency_digit TEXT,
    account TEXT NOT NULL,
    account_digit TEXT NOT NULL,
    account_type TEXT NOT NULL CHECK (account_type IN ('CORRENTE', 'POUPANCA', 'PAGAMENTO')),
    holder_name TEXT NOT NULL,
    -- Bare characters, upper case, like finance_suppliers.document.
    holder_document TEXT NOT NULL,
    -- PENDENTE (added by someone who may not confirm: unusable), CONFIRMADA or REMOVIDA.
    status TEXT NOT NULL CHECK (status IN ('PENDENTE', 'CONFIRMADA', 'REMOVIDA')),
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    confirmed_at TIMESTAMPTZ,
    confirmed_by TEXT,
    removed_at TIMESTAMPTZ,
    removed_by TEXT
);
-- The same bank, agência and conta once among a supplier's accounts that were not removed.
CREATE UNIQUE INDEX finance_supplier_bank_accounts_live
    ON finance_supplier_bank_accounts (supplier_id, bank, agency, account) WHERE status <> 'REMOVIDA';
CREATE INDEX finance_supplier_bank_accounts_supplier ON finance_supplier_bank_accounts (supplier_id, status);

CREATE TABLE finance_supplier_pix_keys (
    id TEXT PRIMARY KEY,
    supplier_id TEXT NOT NULL REFERENCES finance_suppliers (id),
    key_type TEXT NOT NULL CHECK (key_type IN ('CPF', 'CNPJ', 'EMAIL', 'TELEFONE', 'ALEATORIA')),
    -- Normalized: CPF/CNPJ bare, e-mail lower case, +55 and the phone's digits, the random key's UUID lower case.
    key TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('PENDENTE', 'CONFIRMADA', 'REMOVIDA')),
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    confirmed_at TIMESTAMPTZ,
    confirmed_by TEXT,
    removed_at TIMESTAMPTZ,
    removed_by TEXT
);
-- The same key once among a supplier's keys that were not removed.
CREATE UNIQUE INDEX finance_supplier_pix_keys_live
    ON finance_supplier_pix_keys (supplier_id, key) WHERE status <> 'REMOVIDA';
CREATE INDEX finance_supplier_pix_keys_supplier ON finance_supplier_pix_keys (supplier_id, status);
