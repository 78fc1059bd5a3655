-- Ratings (issue 25): rated rooms, each player's rating per pool (game and mode), and the
-- change every rated game made. Portable between SQLite and Postgres like 0001.

-- A rated room's game changes its players' ratings when it finishes (1), a casual one (0)
-- changes nothing.
ALTER TABLE rooms ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;

-- One row per player and pool. `player_key` is the player's id (an account) or
-- `bot:<kind>:<level>`. Glicko-2 pools keep rating, deviation and volatility; Weng-Lin
-- pools keep mu in `rating` and sigma in `deviation` (volatility 0). `rated_at` is when
-- the last rated game ended (ms): the Glicko-2 deviation grows from there when read.
CREATE TABLE ratings (
    player_key  TEXT NOT NULL,
    game        TEXT NOT NULL,
    mode        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    rated_at    BIGINT NOT NULL,
    PRIMARY KEY (player_key, game, mode)
);

CREATE INDEX ratings_pool ON ratings (game, mode);

-- One row per player of a rated game: the shown rating before and after it. The key makes
-- a game's change apply exactly once (the writer skips a game that already has rows).
CREATE TABLE rating_history (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_key  TEXT NOT NULL,
    seat        TEXT NOT NULL,
    game        TEXT NOT NULL,
    mode        TEXT NOT NULL,
    at          BIGINT NOT NULL,
    rating_before  BIGINT NOT NULL,
    rating_after   BIGINT NOT NULL,
    PRIMARY KEY (game_id, player_key)
);

CREATE INDEX rating_history_player ON rating_history (player_key, game, mode, at);
CREATE INDEX rating_history_pool ON rating_history (game, mode, at);
