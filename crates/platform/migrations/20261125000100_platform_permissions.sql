-- Permissions as data. Which roles hold each permission now: seeded once from the code's declared
-- defaults (see platform_permissions_seeded), then kept by administrators.
CREATE TABLE platform_role_permissions (
    role TEXT NOT NULL,
    permission TEXT NOT NULL,
    PRIMARY KEY (role, permission)
);

-- The permissions whose defaults were seeded: a default an administrator removed is not put back at the
-- next start, and a permission declared later is seeded when first seen.
CREATE TABLE platform_permissions_seeded (
    permission TEXT PRIMARY KEY,
    seeded_at TIMESTAMPTZ NOT NULL
);

-- One user's exceptions to their role: a permission granted or revoked, by whom, when and why.
CREATE TABLE platform_user_permissions (
    uid TEXT NOT NULL,
    permission TEXT NOT NULL,
    granted BOOLEAN NOT NULL,
    reason TEXT NOT NULL,
    by_uid TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (uid, permission)
);
