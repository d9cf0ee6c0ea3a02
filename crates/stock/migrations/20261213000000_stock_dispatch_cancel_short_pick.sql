-- Dispatch cancellation and short picks (§3, §4): why a dispatch was cancelled and when (also in its history),
-- and why the central keeper picked less than approved for a line (the rest of the line is cancelled; shipping
-- sends what was picked and the clinic sees the shortfall).
ALTER TABLE stock_dispatches ADD COLUMN cancel_reason TEXT;
ALTER TABLE stock_dispatches ADD COLUMN cancelled_at TIMESTAMPTZ;
ALTER TABLE stock_dispatch_lines ADD COLUMN short_pick_reason TEXT;
