-- Stock: categories, locations (physical and the virtual ends), materials with their unit conversions,
-- policies per location, lots, the insert-only ledger, the balance projection and clinic assignments.
-- Quantities are integer thousandths of the material's base unit (`_milli`), unit costs integer millionths
-- of a real (`_micro`), values integer centavos (`_cents`).
CREATE TABLE stock_categories (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- Two levels: a category with a parent has no children.
    parent_id TEXT REFERENCES stock_categories (id),
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE stock_locations (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- CENTRAL, CLINIC, IN_TRANSIT (physical); SUPPLIER, CONSUMPTION, CUSTOMER, LOSS, ADJUSTMENT (virtual).
    kind TEXT NOT NULL,
    -- A clinic's unit (platform units: `system_units`).
    unit_id TEXT,
    active BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE stock_materials (
    id TEXT PRIMARY KEY,
    -- Stored uppercase, so uniqueness ignores case.
    sku TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    category_id TEXT REFERENCES stock_categories (id),
    base_uom TEXT NOT NULL,
    tracks_lot BOOLEAN NOT NULL,
    tracks_expiry BOOLEAN NOT NULL,
    expiry_alert_days BIGINT NOT NULL,
    gtin TEXT,
    ncm TEXT,
    lead_time_days BIGINT NOT NULL,
    min_order_qty_milli BIGINT NOT NULL,
    active BOOLEAN NOT NULL,
    avg_cost_micro BIGINT NOT NULL,
    search_text TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);
CREATE INDEX stock_materials_name ON stock_materials (name, id);

CREATE TABLE stock_material_uoms (
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    uom TEXT NOT NULL,
    factor_num BIGINT NOT NULL,
    factor_den BIGINT NOT NULL,
    purpose TEXT NOT NULL,
    PRIMARY KEY (material_id, uom)
);

CREATE TABLE stock_policies (
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    location_id TEXT NOT NULL REFERENCES stock_locations (id),
    min_qty_milli BIGINT NOT NULL,
    reorder_point_milli BIGINT NOT NULL,
    max_qty_milli BIGINT NOT NULL,
    PRIMARY KEY (material_id, location_id)
);

CREATE TABLE stock_lots (
    id TEXT PRIMARY KEY,
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    lot_code TEXT NOT NULL,
    expiry_date DATE,
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (material_id, lot_code)
);

-- The ledger: rows are only inserted (triggers below refuse UPDATE and DELETE); corrections are reversals.
CREATE TABLE stock_movements (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    lot_id TEXT REFERENCES stock_lots (id),
    qty_milli BIGINT NOT NULL CHECK (qty_milli > 0),
    from_location_id TEXT NOT NULL REFERENCES stock_locations (id),
    to_location_id TEXT NOT NULL REFERENCES stock_locations (id),
    unit_cost_micro BIGINT NOT NULL,
    value_cents BIGINT NOT NULL,
    occurred_at TIMESTAMPTZ NOT NULL,
    posted_at TIMESTAMPTZ NOT NULL,
    document_type TEXT,
    document_id TEXT,
    reason TEXT,
    created_by TEXT NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    -- A row is reversed at most once.
    reverses_id TEXT UNIQUE REFERENCES stock_movements (id)
);
CREATE INDEX stock_movements_posted ON stock_movements (posted_at, id);
CREATE INDEX stock_movements_material ON stock_movements (material_id, posted_at, id);

-- The projection: what each (material, location, lot) holds; '' is "no lot". Kept in the inserting transaction.
CREATE TABLE stock_balances (
    material_id TEXT NOT NULL,
    location_id TEXT NOT NULL,
    lot_id TEXT NOT NULL,
    qty_milli BIGINT NOT NULL,
    PRIMARY KEY (material_id, location_id, lot_id)
);

-- Clinic assignments (`user_locations`): a CLINIC_STAFF user reaches these locations only.
CREATE TABLE stock_user_locations (
    uid TEXT NOT NULL,
    location_id TEXT NOT NULL REFERENCES stock_locations (id),
    PRIMARY KEY (uid, location_id)
);

-- In transit and the virtual ends exist once (`LocationKind::singleton_id`).
INSERT INTO stock_locations (id, code, name, kind, unit_id, active, created_at) VALUES
    ('loc-in-transit', 'TRANSITO', 'Em trânsito', 'IN_TRANSIT', NULL, TRUE, '2026-12-04T00:00:00Z'),
    ('loc-supplier', 'FORNECEDOR', 'Fornecedores', 'SUPPLIER', NULL, TRUE, '2026-12-04T00:00:00Z'),
    ('loc-consumption', 'CONSUMO', 'Consumo em procedimentos', 'CONSUMPTION', NULL, TRUE, '2026-12-04T00:00:00Z'),
    ('loc-customer', 'CLIENTE', 'Clientes (vendas)', 'CUSTOMER', NULL, TRUE, '2026-12-04T00:00:00Z'),
    ('loc-loss', 'PERDA', 'Perdas', 'LOSS', NULL, TRUE, '2026-12-04T00:00:00Z'),
    ('loc-adjustment', 'AJUSTE', 'Ajustes de estoque', 'ADJUSTMENT', NULL, TRUE, '2026-12-04T00:00:00Z');
