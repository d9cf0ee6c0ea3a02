-- The overview (issue 12's target: ≤ 300 ms over 100,000 balances) reads per material the consumption of the
-- chosen locations over the last 365 days: SQLite walks this index in material order (grouping as it goes)
-- without reading the table, the value being in the index. (PostgreSQL's variant has an INCLUDE index instead.)
CREATE INDEX stock_consumption_daily_window ON stock_consumption_daily (material_id, location_id, day, value_cents);
DROP INDEX stock_consumption_daily_day;
-- Lots expiring within 90 days or expired: a range of this index instead of every lot ever received.
CREATE INDEX stock_lots_expiry ON stock_lots (expiry_date);
