-- Sales: the sale (header, items, salesperson split, payment plan) and its discount approvals. One file for both
-- engines: TEXT, BIGINT, DATE and TIMESTAMPTZ read the same way on SQLite and PostgreSQL. Money in integer
-- centavos, rates in basis points.
CREATE TABLE sales_sales (
    id TEXT PRIMARY KEY,
    -- V-AAAA-NNNNNN (platform numbering), unique.
    number TEXT NOT NULL,
    -- crm's client and opportunity: ids, no foreign key across contexts. The name is a snapshot.
    client_id TEXT NOT NULL,
    client_name TEXT NOT NULL,
    opportunity_id TEXT,
    -- Who created it, and their team on that day (the manager's scope).
    owner_id TEXT NOT NULL,
    team_id TEXT,
    -- rascunho | aguardando_aprovacao | confirmada | descartada
    status TEXT NOT NULL,
    -- The day prices were taken (campaign windows).
    price_date DATE NOT NULL,
    -- boleto | pix | cartao; card_installments 1–12 for cartao.
    payment_method TEXT NOT NULL,
    card_installments BIGINT NOT NULL,
    list_total BIGINT NOT NULL,
    discount_total BIGINT NOT NULL,
    total BIGINT NOT NULL,
    -- The largest line discount, and who must approve it (vendedor | gerente | administrador).
    max_discount_bp BIGINT NOT NULL,
    approval_level TEXT NOT NULL,
    -- finance's título, once confirmed.
    receivable_id TEXT,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    confirmed_at TIMESTAMPTZ,
    confirmed_by TEXT
);
CREATE UNIQUE INDEX sales_sales_number ON sales_sales (number);
CREATE INDEX sales_sales_owner ON sales_sales (owner_id, created_at);
CREATE INDEX sales_sales_team ON sales_sales (team_id, created_at);
CREATE INDEX sales_sales_created ON sales_sales (created_at, id);

CREATE TABLE sales_sale_items (
    sale_id TEXT NOT NULL REFERENCES sales_sales (id),
    seq BIGINT NOT NULL,
    catalog_item_id TEXT NOT NULL,
    -- Snapshots of the catalog item and its price on price_date.
    sku TEXT NOT NULL,
    description TEXT NOT NULL,
    kind TEXT NOT NULL,
    list_price BIGINT NOT NULL,
    unit_price BIGINT NOT NULL,
    campaign_id TEXT,
    quantity BIGINT NOT NULL,
    discount_bp BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    total BIGINT NOT NULL,
    PRIMARY KEY (sale_id, seq)
);

CREATE TABLE sales_sale_splits (
    sale_id TEXT NOT NULL REFERENCES sales_sales (id),
    user_id TEXT NOT NULL,
    share_bp BIGINT NOT NULL,
    PRIMARY KEY (sale_id, user_id)
);
CREATE INDEX sales_sale_splits_user ON sales_sale_splits (user_id, sale_id);

CREATE TABLE sales_sale_installments (
    sale_id TEXT NOT NULL REFERENCES sales_sales (id),
    seq BIGINT NOT NULL,
    due_date DATE NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (sale_id, seq)
);

-- Each decision on a discount above the salesperson's limit: who, their limit (NULL: unlimited), the value.
CREATE TABLE sales_discount_approvals (
    id TEXT PRIMARY KEY,
    sale_id TEXT NOT NULL REFERENCES sales_sales (id),
    -- gerente | administrador
    level TEXT NOT NULL,
    value_bp BIGINT NOT NULL,
    approver_id TEXT NOT NULL,
    approver_role TEXT NOT NULL,
    approver_limit_bp BIGINT,
    -- aprovado | rejeitado
    decision TEXT NOT NULL,
    reason TEXT,
    decided_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sales_discount_approvals_sale ON sales_discount_approvals (sale_id, decided_at);
