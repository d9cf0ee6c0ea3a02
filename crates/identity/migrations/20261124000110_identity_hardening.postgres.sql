-- Throttling counted atomically before a password or code is checked: one counter row per key
-- (account and address, address, reset codes of a user), its window, and how many times the window
-- filled in a row (each doubles the wait). Replaces the failure log, which was read before it was written.
DROP TABLE identity_signin_failures;
CREATE TABLE identity_throttle (
    throttle_key TEXT PRIMARY KEY,
    attempts INTEGER NOT NULL,
    window_ends TIMESTAMPTZ NOT NULL,
    strikes INTEGER NOT NULL DEFAULT 0
);

-- The outbox proves a message was sent; it never keeps a body (a reset code would be usable there).
ALTER TABLE identity_outbox DROP COLUMN body;

-- Refresh rotation: which token replaced a spent one, so a second tab presenting the same token within
-- the grace window gets the pair already issued instead of ending the session.
ALTER TABLE identity_refresh_tokens ADD COLUMN replaced_by TEXT;

-- Who recorded an access-audit entry: the web app reporting a check (`cliente`) or the server refusing
-- a request itself (`servidor`).
ALTER TABLE identity_access_audit ADD COLUMN source TEXT NOT NULL DEFAULT 'cliente';
