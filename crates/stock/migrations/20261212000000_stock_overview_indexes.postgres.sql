-- The overview (issue 12's target: ≤ 300 ms over 100,000 balances) reads per material the consumption of the
-- chosen locations over the last 365 days: with the value and the material in the index, that is an index-only
-- range per location (the autovacuum keeps the visibility map), not a walk of the table.
CREATE INDEX stock_consumption_daily_window ON stock_consumption_daily (location_id, day)
    INCLUDE (material_id, value_cents);
DROP INDEX stock_consumption_daily_day;
-- Lots expiring within 90 days or expired: a range of this index instead of every lot ever received.
CREATE INDEX stock_lots_expiry ON stock_lots (expiry_date);
