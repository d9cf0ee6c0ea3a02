-- Identity: users, sign-in sessions, refresh tokens, password-reset codes, mail outbox, throttling,
-- push tokens, the dispatch access audit and the identity settings (signing secret).
CREATE TABLE identity_users (
    uid TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT,
    can_see_conciliation BOOLEAN NOT NULL DEFAULT FALSE,
    can_see_dispatch BOOLEAN NOT NULL DEFAULT FALSE,
    can_approval_dispatch BOOLEAN NOT NULL DEFAULT FALSE,
    access_hub BOOLEAN NOT NULL DEFAULT FALSE,
    is_password_updated BOOLEAN NOT NULL DEFAULT FALSE,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    password_hash TEXT,
    firebase_uid TEXT UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX identity_users_name ON identity_users (name);

CREATE TABLE identity_sessions (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES identity_users (uid),
    client_addr TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX identity_sessions_uid ON identity_sessions (uid);

CREATE TABLE identity_refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES identity_sessions (id),
    created_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX identity_refresh_tokens_session ON identity_refresh_tokens (session_id);

CREATE TABLE identity_reset_codes (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES identity_users (uid),
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX identity_reset_codes_uid ON identity_reset_codes (uid);

CREATE TABLE identity_outbox (
    id TEXT PRIMARY KEY,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    sent_at TIMESTAMPTZ,
    last_error TEXT
);

CREATE TABLE identity_signin_failures (
    throttle_key TEXT NOT NULL,
    failed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX identity_signin_failures_key ON identity_signin_failures (throttle_key, failed_at);

CREATE TABLE identity_push_tokens (
    token TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES identity_users (uid),
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX identity_push_tokens_uid ON identity_push_tokens (uid);

CREATE TABLE identity_access_audit (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL,
    email TEXT NOT NULL,
    content TEXT NOT NULL,
    has_permission BOOLEAN NOT NULL,
    client_addr TEXT,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX identity_access_audit_created ON identity_access_audit (created_at);
CREATE INDEX identity_access_audit_uid ON identity_access_audit (uid, created_at);

CREATE TABLE identity_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
