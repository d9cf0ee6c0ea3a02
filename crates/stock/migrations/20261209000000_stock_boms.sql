-- Procedure bills of materials (base de cálculo, §2) and procedure consumption (§5(d)).
-- A BOM names its procedure by code and name (the procedure catalog is the sales side's and will link by
-- `procedure_code`); `clinic_location_id` '' is the global BOM, a clinic's id its override there.
CREATE TABLE stock_boms (
    id TEXT PRIMARY KEY,
    -- Uppercase, [A-Z0-9._-]{1,40}.
    procedure_code TEXT NOT NULL,
    procedure_name TEXT NOT NULL,
    -- '' = global; otherwise a CLINIC location (the override for that clinic).
    clinic_location_id TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    UNIQUE (procedure_code, clinic_location_id)
);

-- Versions 1, 2, … of a BOM. A draft (RASCUNHO) is edited in place (optimistic `version`); publishing sets
-- `effective_from` (now or later, never before an earlier published version) and freezes it. SUBSTITUÍDA is
-- derived on read (a later published version took effect).
CREATE TABLE stock_bom_versions (
    id TEXT PRIMARY KEY,
    bom_id TEXT NOT NULL REFERENCES stock_boms (id),
    number BIGINT NOT NULL,
    -- RASCUNHO or PUBLICADA
    status TEXT NOT NULL,
    effective_from TIMESTAMPTZ,
    note TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    published_at TIMESTAMPTZ,
    published_by TEXT,
    version BIGINT NOT NULL,
    UNIQUE (bom_id, number)
);

-- A version's materials: the quantity as typed (thousandths of `uom`, the base unit or a dispensing
-- conversion), the same in thousandths of the base unit, waste in hundredths of a percent (1000 = 10 %), and
-- whether it is consumed only when ticked.
CREATE TABLE stock_bom_lines (
    version_id TEXT NOT NULL REFERENCES stock_bom_versions (id),
    seq BIGINT NOT NULL,
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    qty_milli BIGINT NOT NULL,
    uom TEXT NOT NULL,
    qty_base_milli BIGINT NOT NULL,
    waste_bp BIGINT NOT NULL,
    optional BOOLEAN NOT NULL,
    PRIMARY KEY (version_id, seq),
    UNIQUE (version_id, material_id)
);

-- Each finished procedure consumed once per (appointment, revision): the first call's result, returned again
-- to a repeat. `bom_version_id` NULL = no published version applied ("Procedimento sem base de cálculo").
CREATE TABLE stock_procedure_consumptions (
    appointment_id TEXT NOT NULL,
    revision BIGINT NOT NULL,
    procedure_code TEXT NOT NULL,
    location_id TEXT NOT NULL REFERENCES stock_locations (id),
    quantity BIGINT NOT NULL,
    bom_version_id TEXT REFERENCES stock_bom_versions (id),
    cost_cents BIGINT NOT NULL,
    occurred_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    PRIMARY KEY (appointment_id, revision)
);
CREATE INDEX stock_procedure_consumptions_without_bom ON stock_procedure_consumptions (procedure_code, location_id)
    WHERE bom_version_id IS NULL;
