-- SQLite has no trigram index of its own, so a rare search term (a document, an e-mail, a full name) made
-- a list page walk the whole sort index: ~5 searches/s at a million clients. FTS5's trigram tokenizer is such
-- an index: `search_text LIKE '%term%'` on this table reads only the rows holding the term's trigrams
-- (see `store::by_trigram` for when a search uses it).
-- External content: the text stays in crm_clients (read by rowid), only the index is stored here.
-- detail='none': a substring test needs to know which rows hold a trigram, not where (a smaller index).
-- crm_clients has no INTEGER PRIMARY KEY, so a VACUUM may renumber its rowids; after one, run
-- `INSERT INTO crm_clients_fts (crm_clients_fts) VALUES ('rebuild')`. Until then a stale index can only
-- miss rows, never return a wrong one: every search also tests `search_text LIKE` on the table itself.
CREATE VIRTUAL TABLE crm_clients_fts USING fts5(
    search_text,
    content = 'crm_clients',
    tokenize = 'trigram',
    detail = 'none'
);

CREATE TRIGGER crm_clients_fts_insert AFTER INSERT ON crm_clients BEGIN
    INSERT INTO crm_clients_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
END;

CREATE TRIGGER crm_clients_fts_delete AFTER DELETE ON crm_clients BEGIN
    INSERT INTO crm_clients_fts (crm_clients_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
END;

CREATE TRIGGER crm_clients_fts_update AFTER UPDATE OF search_text ON crm_clients BEGIN
    INSERT INTO crm_clients_fts (crm_clients_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO crm_clients_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
END;

-- Index the clients already there.
INSERT INTO crm_clients_fts (crm_clients_fts) VALUES ('rebuild');
