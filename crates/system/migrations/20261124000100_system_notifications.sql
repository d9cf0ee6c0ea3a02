-- In-app notifications: one row per user; read when the user opens or dismisses it. (An event is
-- applied once per consumer by the platform, so a redelivered event adds no second row.)
CREATE TABLE system_notifications (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    url TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    read_at TIMESTAMPTZ
);
CREATE INDEX system_notifications_inbox ON system_notifications (uid, created_at, id);
