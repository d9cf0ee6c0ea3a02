-- The consumption projection (for the overview: coverage, turnover, ABC): per material, physical location and
-- business day (São Paulo), what left the location to be used (CONSUMPTION: procedures) or sold (CUSTOMER), net
-- of reversals (a reversal of such a row subtracts on the day it is posted). Kept in the transaction that
-- inserts the ledger row, like stock_balances; `backoffice stock rebuild-balances` recomputes both and
-- `backoffice stock check` compares both with the ledger.
CREATE TABLE stock_consumption_daily (
    material_id TEXT NOT NULL,
    location_id TEXT NOT NULL,
    day DATE NOT NULL,
    qty_milli BIGINT NOT NULL,
    value_cents BIGINT NOT NULL,
    PRIMARY KEY (material_id, location_id, day)
);
CREATE INDEX stock_consumption_daily_day ON stock_consumption_daily (day, location_id);
