-- The board names one status per query (see `store::opportunities::column`), so this one index serves it all: the
-- working columns' counts and values index-only (the value is the last column), each column's newest cards in
-- order, and the terminal columns' window as a range of stage_entered_at (= closed_at for a closed one).
DROP INDEX crm_opportunities_board;
CREATE INDEX crm_opportunities_board
    ON crm_opportunities (status, stage_id, stage_entered_at, id, expected_value_cents);
