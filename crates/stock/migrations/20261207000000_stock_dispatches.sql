-- Dispatches (despachos): the central warehouse sends materials to one clinic (§2, §4). A clinic asks
-- (SOLICITADO), an approver approves (possibly lower quantities) or rejects with a reason, the central keeper
-- picks lots FEFO (EM_SEPARACAO) and ships (DISPATCH_OUT central → in transit), the clinic confirms what arrived
-- (DISPATCH_IN in transit → clinic); a shortfall stays in transit until a stock manager resolves it (ENCERRADO).
CREATE TABLE stock_dispatches (
    id TEXT PRIMARY KEY,
    -- DSP-2026-000001, gapless per year (platform numbering).
    number TEXT NOT NULL UNIQUE,
    from_location_id TEXT NOT NULL REFERENCES stock_locations (id),
    clinic_location_id TEXT NOT NULL REFERENCES stock_locations (id),
    -- RASCUNHO, SOLICITADO, APROVADO, REJEITADO, EM_SEPARACAO, ENVIADO, RECEBIDO, RECEBIDO_COM_DIVERGENCIA,
    -- ENCERRADO, CANCELADO.
    status TEXT NOT NULL,
    notes TEXT,
    requester_uid TEXT NOT NULL,
    requester_name TEXT NOT NULL,
    approver_uid TEXT,
    approver_name TEXT,
    rejection_reason TEXT,
    carrier TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    decided_at TIMESTAMPTZ,
    shipped_at TIMESTAMPTZ,
    received_at TIMESTAMPTZ,
    closed_at TIMESTAMPTZ,
    version BIGINT NOT NULL
);
CREATE INDEX stock_dispatches_clinic ON stock_dispatches (clinic_location_id, created_at);
CREATE INDEX stock_dispatches_status ON stock_dispatches (status, created_at);

CREATE TABLE stock_dispatch_lines (
    id TEXT PRIMARY KEY,
    dispatch_id TEXT NOT NULL REFERENCES stock_dispatches (id),
    line_no BIGINT NOT NULL,
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    requested_qty_milli BIGINT NOT NULL,
    approved_qty_milli BIGINT,
    shipped_qty_milli BIGINT,
    received_qty_milli BIGINT,
    -- Why what arrived differs from what was shipped (the clinic's words).
    discrepancy_reason TEXT,
    -- Of the shortfall, what a stock manager has resolved (to loss, back to central, or delivered later).
    resolved_qty_milli BIGINT NOT NULL,
    UNIQUE (dispatch_id, line_no)
);

-- The lots picked for each line (FEFO suggested; an expired lot is refused).
CREATE TABLE stock_dispatch_picks (
    line_id TEXT NOT NULL REFERENCES stock_dispatch_lines (id),
    -- '' when the material has no lots.
    lot_id TEXT NOT NULL,
    qty_milli BIGINT NOT NULL,
    PRIMARY KEY (line_id, lot_id)
);
