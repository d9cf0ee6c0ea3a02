-- A list page walks its sort index and tests each entry against the filters. With the filtered columns
-- in the index, that walk is an index-only scan and the table is read only for the rows of the page
-- (see `store::list`): a million rows in random physical order otherwise cost one heap page per entry.
DROP INDEX crm_clients_search_name;
DROP INDEX crm_clients_created_at;
CREATE INDEX crm_clients_by_name ON crm_clients (search_name, id) INCLUDE (status, kind, search_text);
CREATE INDEX crm_clients_by_created ON crm_clients (created_at, id) INCLUDE (status, kind, search_text);
