-- Finance: indexes for the receivables reports (finance.md §6: aging and receipts by period over a million
-- installments in under a second on PostgreSQL). One file for both engines. Each covers the columns its report
-- sums and groups by, so PostgreSQL answers from the index (an index-only scan) instead of the table.

-- Receipts by period (basis VENCIMENTO): the installments due in a range, with what the sums and filters read.
CREATE INDEX finance_receivable_installments_report ON finance_receivable_installments
    (due_date, status, value_cents, received_cents, receivable_id, payment_method, bank_account_id);

-- Aging and the cash flow: the open installments only.
CREATE INDEX finance_receivable_installments_open ON finance_receivable_installments
    (due_date, receivable_id, value_cents, received_cents, payment_method, bank_account_id)
    WHERE status IN ('ABERTO', 'BOLETO_EMITIDO', 'REGISTRADO');

-- The título's side of every report's join (client, origin, chart account).
CREATE INDEX finance_receivables_report ON finance_receivables
    (id, client_id, origin, chart_account_id, client_name);

-- Receipts by period (basis PAGAMENTO and CREDITO): the live receipts of a range.
CREATE INDEX finance_receipts_live_date ON finance_receipts (date, installment_id, principal_cents)
    WHERE reversed_at IS NULL;
