-- A count's progress (counted, in conflict, to recount) is three counts of its lines by status, read with every
-- detail and list row: on a 50,000-line count each was a walk of the count's lines in the table (~200 ms on
-- PostgreSQL for one detail). With (count_id, status) each is a range of this index, read without the table.
CREATE INDEX stock_count_lines_status ON stock_count_lines (count_id, status);
