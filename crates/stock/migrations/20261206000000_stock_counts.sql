-- Inventory counts (inventário): a snapshot of expected quantities per material/lot at one location, counted in
-- sheets of up to 500 lines, by rounds, from entries that devices send (idempotent per device and entry id).
-- Adjustments are posted to the ledger (COUNT_ADJUSTMENT) in chunks of 1,000 lines behind a stored cursor.
CREATE TABLE stock_counts (
    id TEXT PRIMARY KEY,
    -- INV-AAAA-NNNNNN
    number TEXT NOT NULL UNIQUE,
    location_id TEXT NOT NULL REFERENCES stock_locations (id),
    blind BOOLEAN NOT NULL,
    -- RASCUNHO, EM_CONTAGEM, EM_RECONTAGEM, AGUARDANDO_APROVACAO, APROVADO, LANCANDO, LANCADO, CANCELADO
    status TEXT NOT NULL,
    -- The counting round in progress: 1 the first count, 2 and on the recounts.
    round BIGINT NOT NULL,
    -- The snapshot instant (set by "Iniciar").
    started_at TIMESTAMPTZ,
    line_count BIGINT NOT NULL,
    -- The last line (seq) whose adjustment was posted; posting resumes after it.
    post_cursor BIGINT NOT NULL,
    posted_lines BIGINT NOT NULL,
    note TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    approved_by TEXT,
    approved_at TIMESTAMPTZ,
    finished_at TIMESTAMPTZ,
    version BIGINT NOT NULL
);
CREATE INDEX stock_counts_location ON stock_counts (location_id, status);

-- What a count covers: categories (and their subcategories) and/or materials; none = the whole location.
CREATE TABLE stock_count_scope (
    count_id TEXT NOT NULL REFERENCES stock_counts (id),
    -- CATEGORY or MATERIAL
    kind TEXT NOT NULL,
    ref_id TEXT NOT NULL,
    PRIMARY KEY (count_id, kind, ref_id)
);

-- One line per (material, lot) expected at the location when the count started, plus items found but not
-- expected ("não previsto"). Lines are numbered 1..n (category, name, lot); sheet = (seq - 1) / 500 + 1.
CREATE TABLE stock_count_lines (
    count_id TEXT NOT NULL REFERENCES stock_counts (id),
    seq BIGINT NOT NULL,
    sheet_no BIGINT NOT NULL,
    material_id TEXT NOT NULL REFERENCES stock_materials (id),
    -- '' is "no lot" (as in stock_balances).
    lot_id TEXT NOT NULL,
    expected_qty_milli BIGINT NOT NULL,
    unexpected BOOLEAN NOT NULL,
    -- PENDENTE, CONTADO, CONFLITO, RECONTAR, OK
    status TEXT NOT NULL,
    -- The round this line is counted in (raised when it goes to recount).
    round BIGINT NOT NULL,
    counted_qty_milli BIGINT,
    counted_at TIMESTAMPTZ,
    -- Snapshot + posted movements there with occurred_at <= counted_at (§5(b) 4).
    theoretical_qty_milli BIGINT,
    -- counted - theoretical: what is posted.
    difference_milli BIGINT,
    -- MOVIMENTADO (moved within 10 minutes of the count) or TOLERANCIA (difference beyond the tolerance).
    flag TEXT,
    -- The COUNT_ADJUSTMENT row posted for this line (none when the difference is zero).
    movement_id TEXT,
    PRIMARY KEY (count_id, seq),
    UNIQUE (count_id, material_id, lot_id)
);
CREATE INDEX stock_count_lines_sheet ON stock_count_lines (count_id, sheet_no, seq);
CREATE INDEX stock_count_lines_material ON stock_count_lines (material_id);

-- Every entry a device sent, once: a repeated (device_id, entry_id) is acknowledged and ignored.
CREATE TABLE stock_count_entries (
    device_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    count_id TEXT NOT NULL REFERENCES stock_counts (id),
    seq BIGINT NOT NULL,
    round BIGINT NOT NULL,
    counter_uid TEXT NOT NULL,
    -- SET or ADD
    mode TEXT NOT NULL,
    qty_milli BIGINT NOT NULL,
    -- The device's clock shifted by its offset when that exceeds 2 minutes.
    counted_at TIMESTAMPTZ NOT NULL,
    received_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (device_id, entry_id)
);
-- A counter's entries on the lines of a batch; who counted (approval, blind recount).
CREATE INDEX stock_count_entries_counter ON stock_count_entries (count_id, counter_uid, seq, round);

-- Each counter's value on a line in a round (their entries applied in counted_at order).
CREATE TABLE stock_count_tallies (
    count_id TEXT NOT NULL REFERENCES stock_counts (id),
    seq BIGINT NOT NULL,
    round BIGINT NOT NULL,
    counter_uid TEXT NOT NULL,
    qty_milli BIGINT NOT NULL,
    counted_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (count_id, seq, round, counter_uid)
);
