-- The stored remessa and retorno files, each in a table of its own instead of a column of the remessa's or the
-- retorno's row (issue 10). SQLite rewrites a whole row on every UPDATE, its overflow pages included: with the file
-- in the row, every change of a remessa's or retorno's state (sending, closing, the retorno's job and result)
-- copied its 50–70 MB again (docs/benchmarks.md). Written once, read when downloaded or applied. Existing files
-- are moved. (PostgreSQL's variant also compresses them with lz4, as the columns were.)
CREATE TABLE finance_remittance_files (
    remittance_id TEXT PRIMARY KEY REFERENCES finance_remittances (id),
    content BYTEA NOT NULL
);
CREATE TABLE finance_bank_return_files (
    return_id TEXT PRIMARY KEY REFERENCES finance_bank_returns (id),
    content BYTEA NOT NULL
);
INSERT INTO finance_remittance_files (remittance_id, content)
    SELECT id, content FROM finance_remittances WHERE content IS NOT NULL;
INSERT INTO finance_bank_return_files (return_id, content)
    SELECT id, content FROM finance_bank_returns;
ALTER TABLE finance_remittances DROP COLUMN content;
ALTER TABLE finance_bank_returns DROP COLUMN content;
