-- The stored remessa and retorno files, each in a table of its own instead of a column of the remessa's or the
-- retorno's row (issue 10): a state change of a remessa or retorno writes a small row, not a new version of one
-- whose file is 50–70 MB (on PostgreSQL the TOASTed value is shared, but SQLite's variant is where it mattered:
-- docs/benchmarks.md). Compressed with lz4, as the columns were. Existing files are moved.
CREATE TABLE finance_remittance_files (
    remittance_id TEXT PRIMARY KEY REFERENCES finance_remittances (id),
    content BYTEA NOT NULL
);
ALTER TABLE finance_remittance_files ALTER COLUMN content SET COMPRESSION lz4;
CREATE TABLE finance_bank_return_files (
    return_id TEXT PRIMARY KEY REFERENCES finance_bank_returns (id),
    content BYTEA NOT NULL
);
ALTER TABLE finance_bank_return_files ALTER COLUMN content SET COMPRESSION lz4;
INSERT INTO finance_remittance_files (remittance_id, content)
    SELECT id, content FROM finance_remittances WHERE content IS NOT NULL;
INSERT INTO finance_bank_return_files (return_id, content)
    SELECT id, content FROM finance_bank_returns;
ALTER TABLE finance_remittances DROP COLUMN content;
ALTER TABLE finance_bank_returns DROP COLUMN content;
