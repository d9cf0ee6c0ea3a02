-- Finance: the /recebimentos search (`q`: the título's number, the client's name or document, anywhere in the text)
-- is `LIKE '%term%'`, which no b-tree can answer: over a quarter of a million títulos each search read them all.
-- A trigram index answers it from the rows holding the term's trigrams (PostgreSQL only; SQLite scans, as its
-- lists are the small installations').
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX finance_receivables_search_trgm ON finance_receivables USING gin (search_text gin_trgm_ops);
CREATE INDEX finance_receivables_document_trgm ON finance_receivables USING gin (client_document gin_trgm_ops);
