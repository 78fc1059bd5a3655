-- Accounts on top of guest identities, server-side sessions, invites, bans and the audit
-- trail of admin actions. Portable between SQLite and Postgres like 0001.

-- A banned player's tokens and sessions no longer identify anyone.
ALTER TABLE players ADD COLUMN banned_at BIGINT;

-- A claimed identity. `username_key` is the lowercased username: names differ by more
-- than case. `role` is `member` or `admin`.
CREATE TABLE accounts (
    player_id      TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    username       TEXT NOT NULL,
    username_key   TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL,
    role           TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);

-- One row per logged-in device of an account, keyed by the SHA-256 of its token.
CREATE TABLE sessions (
    id          TEXT PRIMARY KEY,
    player_id   TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL,
    user_agent  TEXT NOT NULL,
    address     TEXT NOT NULL
);

CREATE INDEX sessions_player ON sessions (player_id, created_at);

-- Invites made by admins; each admits one account.
CREATE TABLE invites (
    code        TEXT PRIMARY KEY,
    created_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    used_by     TEXT,
    used_at     BIGINT
);

-- Every admin action, newest last.
CREATE TABLE audit (
    id         TEXT PRIMARY KEY,
    at         BIGINT NOT NULL,
    admin_id   TEXT NOT NULL,
    action     TEXT NOT NULL,
    target     TEXT NOT NULL,
    detail     TEXT NOT NULL
);

CREATE INDEX audit_at ON audit (at, id);
