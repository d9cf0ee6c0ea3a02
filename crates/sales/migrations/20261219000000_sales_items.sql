-- Sales: items. One file for both engines: TEXT, BIGINT, BOOLEAN and TIMESTAMPTZ read the same way
-- on SQLite and PostgreSQL. Where the SQL must differ, write `<version>_<name>.sqlite.sql` and
-- `<version>_<name>.postgres.sql` instead (a test compares the tables both leave).
CREATE TABLE sales_items (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- Integer centavos (money is never a float).
    amount BIGINT NOT NULL,
    active BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL
);
CREATE INDEX sales_items_name ON sales_items (name, id);
