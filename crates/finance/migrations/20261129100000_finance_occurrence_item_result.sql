-- The result a retorno's occurrence gives the remessa item of its boleto (CONFIRMADO, REJEITADO, LIQUIDADO,
-- BAIXADO), kept on the occurrence: an item's result is read as the latest such occurrence of its boleto on its
-- remessa instead of being written to the item (that update cost 1.7 s on SQLite and 2.9 s on PostgreSQL per
-- 100,000 liquidações: docs/benchmarks.md). Results written to items before this stay, and are read when no
-- occurrence gives one.
ALTER TABLE finance_bank_return_occurrences ADD COLUMN item_result TEXT
    CHECK (item_result IN ('CONFIRMADO', 'REJEITADO', 'LIQUIDADO', 'BAIXADO'));
CREATE INDEX finance_bank_return_occurrences_item ON finance_bank_return_occurrences (remittance_id, boleto_id, id)
    WHERE item_result IS NOT NULL;
