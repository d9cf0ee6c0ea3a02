-- A list page walks its sort index and tests each entry against the filters. With the filtered columns
-- in the index, that walk never reads the table, which is read only for the rows of the page (see
-- `store::list`).
DROP INDEX crm_clients_search_name;
DROP INDEX crm_clients_created_at;
CREATE INDEX crm_clients_by_name ON crm_clients (search_name, id, status, kind, search_text);
CREATE INDEX crm_clients_by_created ON crm_clients (created_at, id, status, kind, search_text);
