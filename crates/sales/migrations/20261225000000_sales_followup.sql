-- Order follow-up (/follow-up-pedidos): one track per sold product or procedure line, created with the sale's
-- confirmation. The release condition is the catalog item's on that day (a snapshot); sla_due_on is fixed when
-- the payment releases the track. One file for both engines.
CREATE TABLE sales_followup_tracks (
    id TEXT PRIMARY KEY,
    sale_id TEXT NOT NULL REFERENCES sales_sales (id),
    -- The sale item's seq, and snapshots of its catalog item.
    item_seq BIGINT NOT NULL,
    catalog_item_id TEXT NOT NULL,
    description TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    -- produto | procedimento
    kind TEXT NOT NULL,
    -- primeira_parcela | pagamento_total
    release_condition TEXT NOT NULL,
    -- aguardando_pagamento | em_separacao | enviado | entregue | a_agendar | agendado | realizado | retorno
    status TEXT NOT NULL,
    released_at TIMESTAMPTZ,
    sla_due_on DATE,
    -- Agendado: the date, the unit (platform_units) and the professional.
    scheduled_on DATE,
    unit_id TEXT,
    professional TEXT,
    -- Enviado: the carrier's tracking code.
    tracking_code TEXT,
    status_at TIMESTAMPTZ NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL
);
CREATE UNIQUE INDEX sales_followup_tracks_item ON sales_followup_tracks (sale_id, item_seq);
CREATE INDEX sales_followup_tracks_status ON sales_followup_tracks (status, created_at);
