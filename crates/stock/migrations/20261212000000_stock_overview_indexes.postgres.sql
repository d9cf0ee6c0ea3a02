-- The overview (issue 12's target: ≤ 300 ms over 100,000 balances) reads per material the consumption of the
-- chosen locations over the last 365 days: with the value and the material in the index, that is an index-only
-- range per location (the autovacuum keeps the visibility map), not a walk of the table.
CREATE INDEX stock_consumption_daily_window ON stock_consumption_daily (location_id, day)
    INCLUDE (material_id, value_cents);
DROP INDEX stock_consumption_daily_day;
-- Lots expiring within 90 days or expired: a range of this index instead of every lot ever received.
CREATE INDEX stock_lots_expiry ON stock_lots (expiry_date);
-- The overview groups the balances per (material, location): without this statistic PostgreSQL guesses one group
-- per material (25,000 for 100,000 pairs), chooses a hash that spills to disk, and takes twice as long as the
-- grouping in the primary key's order that it chooses once it knows the pairs' number.
CREATE STATISTICS stock_balances_pairs (ndistinct) ON material_id, location_id FROM stock_balances;
