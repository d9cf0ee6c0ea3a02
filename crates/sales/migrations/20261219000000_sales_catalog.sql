-- Sales: the catalog. One file for both engines: TEXT, BIGINT, BOOLEAN and TIMESTAMPTZ read the same way on
-- SQLite and PostgreSQL.
CREATE TABLE sales_catalog_items (
    id TEXT PRIMARY KEY,
    -- Uppercase (the stock SKU rule), unique.
    sku TEXT NOT NULL,
    name TEXT NOT NULL,
    -- produto | procedimento | plano
    kind TEXT NOT NULL,
    category TEXT,
    -- Integer centavos (money is never a float).
    list_price BIGINT NOT NULL,
    -- mensal | trimestral | anual; NULL for a one-off item (then min_term_cycles is NULL too).
    cycle TEXT,
    min_term_cycles BIGINT,
    commissionable BOOLEAN NOT NULL,
    max_discount_bp BIGINT NOT NULL,
    -- A stock material's id (produto) or a procedure code (procedimento): ids, no foreign key across contexts.
    stock_material_id TEXT,
    procedure_code TEXT,
    -- primeira_parcela | pagamento_total
    release_condition TEXT NOT NULL,
    active BOOLEAN NOT NULL,
    -- The folded SKU, name and category the list's search looks in.
    search_text TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE UNIQUE INDEX sales_catalog_items_sku ON sales_catalog_items (sku);
CREATE INDEX sales_catalog_items_name ON sales_catalog_items (name, id);
CREATE INDEX sales_catalog_items_kind ON sales_catalog_items (kind, name, id);
