-- Procedure consumption (§5(d)): the per-material changes reported when the procedure was finished, and the
-- reversal of a consumption when its appointment is reopened or cancelled.

-- "Não utilizado" (NOT_USED: the BOM line is skipped) or extra quantity (EXTRA: `qty_milli` thousandths of the base
-- unit on top of the BOM), each with its reason (10–500 characters). Stored with the consumption it changed.
CREATE TABLE stock_procedure_consumption_changes (
    appointment_id TEXT NOT NULL,
    revision BIGINT NOT NULL,
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    kind TEXT NOT NULL,
    qty_milli BIGINT NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (appointment_id, revision, material_id)
);

-- A reversed consumption: its rows were reversed through the ledger (REVERSAL, each row at most once); finishing the
-- appointment again posts revision + 1.
ALTER TABLE stock_procedure_consumptions ADD COLUMN reversed_at TIMESTAMPTZ;
ALTER TABLE stock_procedure_consumptions ADD COLUMN reversed_by TEXT;
ALTER TABLE stock_procedure_consumptions ADD COLUMN reversal_reason TEXT;
