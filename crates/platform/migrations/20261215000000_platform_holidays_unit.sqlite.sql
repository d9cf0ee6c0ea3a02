-- Holidays per unit (a municipal holiday in one clinic's city is not a holiday elsewhere): `unit_id` names a
-- platform_units.id; NULL applies everywhere (company-wide). One holiday per day and unit, and a company-wide
-- holiday and a unit's holiday never share a day (the service refuses that naming `day`; the index keeps one per day
-- and unit).
-- SQLite cannot drop a primary key: the table is rebuilt, its rows kept.
CREATE TABLE platform_holidays_new (
    day DATE NOT NULL,
    name TEXT NOT NULL,
    unit_id TEXT,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
INSERT INTO platform_holidays_new (day, name, unit_id, created_by, created_at)
    SELECT day, name, NULL, created_by, created_at FROM platform_holidays;
DROP TABLE platform_holidays;
ALTER TABLE platform_holidays_new RENAME TO platform_holidays;
CREATE UNIQUE INDEX platform_holidays_day_unit ON platform_holidays (day, COALESCE(unit_id, ''));
CREATE INDEX platform_holidays_unit ON platform_holidays (unit_id, day);
