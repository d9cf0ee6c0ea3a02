-- Finance: the open installments' index also carries the state, so the /recebimentos totals of an open or overdue
-- filter (a count and sums per state over every installment it matches) are read from the index alone: over a
-- million installments the overdue ones' totals read some 70,000 rows from the table (~90 ms) before. One file for
-- both engines; the index replaces the one of the report indexes' migration (same rows, one more column).
DROP INDEX finance_receivable_installments_open;
CREATE INDEX finance_receivable_installments_open ON finance_receivable_installments
    (due_date, status, receivable_id, value_cents, received_cents, payment_method, bank_account_id)
    WHERE status IN ('ABERTO', 'BOLETO_EMITIDO', 'REGISTRADO');
