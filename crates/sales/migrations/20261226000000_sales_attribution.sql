-- The marketing link a sale came through: copied at confirmation from the opportunity it won (its first touch),
-- so the sale keeps the fact even if the lead's attribution is changed later. Read by the links report.
ALTER TABLE sales_sales ADD COLUMN marketing_link_id TEXT;
CREATE INDEX sales_sales_marketing_link ON sales_sales (marketing_link_id) WHERE marketing_link_id IS NOT NULL;
