-- The ledger is insert-only: corrections are reversals (see the crate's documentation).
CREATE TRIGGER stock_movements_no_update BEFORE UPDATE ON stock_movements
BEGIN
    SELECT RAISE(ABORT, 'stock_movements: somente inserção (correções são estornos)');
END;
CREATE TRIGGER stock_movements_no_delete BEFORE DELETE ON stock_movements
BEGIN
    SELECT RAISE(ABORT, 'stock_movements: somente inserção (correções são estornos)');
END;
