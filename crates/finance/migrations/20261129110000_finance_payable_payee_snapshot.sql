-- The payee as approved (finance.md §1: "payee snapshot taken at approval"): name, document and where the money
-- goes, in JSON, set when the payable is approved and cleared when a change voids the approval. The payment
-- batches' approval hash covers it, and a later change of the supplier's data shows against it.
ALTER TABLE finance_payable_installments ADD COLUMN payee_snapshot TEXT;
