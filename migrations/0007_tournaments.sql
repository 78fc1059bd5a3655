-- Tournaments (issue 25): events, their entrants and their games; and the fixed seating and
-- no-show rule of the rooms a tournament pairs. Portable between SQLite and Postgres like
-- 0001. Standings are not stored: they are computed from the games each time, so a restart
-- recomputes them.

-- A paired room's seats, given at creation (JSON list of `{"seat", "player": {"id",
-- "name"}}` or `{"seat", "bot": {"kind", "level"}}`; '' for a room whose seats are taken
-- as usual), and its no-show wait (ms; NULL: none). The replay of its log after a restart
-- opens the room with them, so it starts again exactly as it did.
ALTER TABLE rooms ADD COLUMN seated TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN no_show_ms BIGINT;

-- One row per tournament. `options` as a room's (JSON object of non-default pairs),
-- `format` the pairing crate's Format as JSON, `time_control` lobby TimeControl as JSON.
-- `state` is `registering`, `running` or `finished`; `round` the round being played
-- (0 before the start; arena: the games paired so far).
CREATE TABLE tournaments (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    variant       TEXT NOT NULL,
    options       TEXT NOT NULL,
    format        TEXT NOT NULL,
    time_control  TEXT NOT NULL,
    rated         BIGINT NOT NULL DEFAULT 0,
    no_show_ms    BIGINT NOT NULL,
    max_players   BIGINT,
    starts_at     BIGINT NOT NULL,
    state         TEXT NOT NULL,
    round         BIGINT NOT NULL DEFAULT 0,
    created_by    TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    started_at    BIGINT,
    finished_at   BIGINT
);

-- Listing: upcoming and running first, then the recent ones.
CREATE INDEX tournaments_state ON tournaments (state, starts_at);

-- Entrants. `player_id` is the account's id, or for a bot entrant an id of its own (`bot`
-- holds its lobby Bot as JSON). `active` is 0 once withdrawn. `partner` the partner's id in
-- Neva team events. `rating` the seed rating at registration.
CREATE TABLE tournament_entrants (
    tournament_id  TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id      TEXT NOT NULL,
    name           TEXT NOT NULL,
    rating         BIGINT NOT NULL,
    active         BIGINT NOT NULL DEFAULT 1,
    partner        TEXT,
    bot            TEXT,
    joined_at      BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

-- A player's tournaments (the player page).
CREATE INDEX tournament_entrants_player ON tournament_entrants (player_id);

-- Every game of a tournament in the order it was paired (`seq`), with its round. `seats`
-- is a JSON list of [seat key, player id]; one entry and no room is a bye. `places` is the
-- pairing crate's Placing as JSON once the game has ended (NULL while it is played; not
-- `placing`, a reserved word of Postgres).
CREATE TABLE tournament_games (
    tournament_id  TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    seq            BIGINT NOT NULL,
    round          BIGINT NOT NULL,
    room_id        TEXT,
    seats          TEXT NOT NULL,
    places         TEXT,
    PRIMARY KEY (tournament_id, seq)
);

CREATE INDEX tournament_games_room ON tournament_games (room_id);
