-- Checkerhall schema, portable between SQLite and Postgres: ids are uuid strings (TEXT),
-- times are milliseconds since the epoch (BIGINT), structured values are JSON text.
-- Never edit this file once released: add a numbered migration instead.

CREATE TABLE players (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL
);

CREATE TABLE rooms (
    id            TEXT PRIMARY KEY,
    variant       TEXT NOT NULL,
    options       TEXT NOT NULL,
    host          TEXT NOT NULL,
    host_name     TEXT NOT NULL,
    visibility    TEXT NOT NULL,
    invite_code   TEXT UNIQUE,
    time_control  TEXT NOT NULL,
    grace_ms      BIGINT NOT NULL,
    state         TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);

-- Restoring after a restart reads the waiting and playing rooms.
CREATE INDEX rooms_state ON rooms (state, created_at);

CREATE TABLE room_log (
    room_id  TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,
    at       BIGINT NOT NULL,
    actor    TEXT NOT NULL,
    command  TEXT NOT NULL,
    PRIMARY KEY (room_id, seq)
);

CREATE TABLE games (
    id              TEXT PRIMARY KEY,
    variant         TEXT NOT NULL,
    options         TEXT NOT NULL,
    start_position  TEXT NOT NULL,
    seats           TEXT NOT NULL,
    result          TEXT,
    reason          TEXT,
    winners         TEXT,
    started_at      BIGINT NOT NULL,
    finished_at     BIGINT
);

-- History is listed newest first, optionally by game.
CREATE INDEX games_started ON games (started_at, id);
CREATE INDEX games_variant_started ON games (variant, started_at);

-- One row per seated player (bots have no row), for filtering by player and result.
-- `pos` keeps the seats in the order the game listed them.
CREATE TABLE game_players (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       TEXT NOT NULL,
    pos        BIGINT NOT NULL,
    player_id  TEXT NOT NULL,
    verdict    TEXT,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX game_players_player ON game_players (player_id, game_id);

CREATE TABLE moves (
    game_id   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply       BIGINT NOT NULL,
    seat      TEXT NOT NULL,
    notation  TEXT NOT NULL,
    clock_ms  BIGINT,
    at        BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
