-- The stored remessa and retorno files, compressed with lz4 instead of pglz (PostgreSQL's default). A CNAB file
-- is mostly blanks and zeros: both compress it well, but pglz took 1.7 s to store a 72 MB remessa of 100,000
-- items and lz4 a tenth of that (docs/benchmarks.md). Existing rows keep their compression until rewritten.
ALTER TABLE finance_remittances ALTER COLUMN content SET COMPRESSION lz4;
ALTER TABLE finance_bank_returns ALTER COLUMN content SET COMPRESSION lz4;
