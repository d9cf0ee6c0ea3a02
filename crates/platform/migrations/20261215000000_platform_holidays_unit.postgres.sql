-- Holidays per unit (a municipal holiday in one clinic's city is not a holiday elsewhere): `unit_id` names a
-- platform_units.id; NULL applies everywhere (company-wide). One holiday per day and unit, and a company-wide
-- holiday and a unit's holiday never share a day (the service refuses that naming `day`; the index keeps one per day
-- and unit).
ALTER TABLE platform_holidays ADD COLUMN unit_id TEXT;
ALTER TABLE platform_holidays DROP CONSTRAINT platform_holidays_pkey;
CREATE UNIQUE INDEX platform_holidays_day_unit ON platform_holidays (day, (COALESCE(unit_id, '')));
CREATE INDEX platform_holidays_unit ON platform_holidays (unit_id, day);
