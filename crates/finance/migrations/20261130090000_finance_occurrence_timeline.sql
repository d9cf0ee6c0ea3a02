-- A retorno's occurrence is also its boleto's timeline line: what it did to the boleto (entry confirmed,
-- liquidated, rejected, baixado, or only informed) is kept on the occurrence and read back with the boleto's
-- events, instead of a copy in finance_boleto_events (100,000 more rows and two index entries each per retorno of
-- 100,000: docs/benchmarks.md). The line's time and author are the retorno's (processed_at, imported_by). Lines
-- written to finance_boleto_events by retornos before this stay there. One file for both engines.
ALTER TABLE finance_bank_return_occurrences ADD COLUMN event_kind TEXT;
ALTER TABLE finance_bank_return_occurrences ADD COLUMN event_description TEXT;
ALTER TABLE finance_bank_return_occurrences ADD COLUMN event_bank_text TEXT;
ALTER TABLE finance_bank_return_occurrences ADD COLUMN event_amount_cents BIGINT;
ALTER TABLE finance_bank_return_occurrences ADD COLUMN event_details TEXT;
-- A boleto's occurrences, newest last: its timeline reads them, and its remessa item's result is the latest one
-- with a result (the partial index on (remittance_id, boleto_id, id) it replaces served only that).
DROP INDEX finance_bank_return_occurrences_item;
CREATE INDEX finance_bank_return_occurrences_boleto ON finance_bank_return_occurrences (boleto_id, id);
