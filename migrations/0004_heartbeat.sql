-- Fair clocks across restarts: the server writes when it was last seen running, so that
-- after a crash or a stop the time it was down can be given back to the running clocks.
-- One row (id 1).
CREATE TABLE server_heartbeat (
    id       INTEGER PRIMARY KEY,
    seen_at  BIGINT NOT NULL
);

-- Finished rooms are restored for a while after a restart (to offer a rematch): found by
-- when their game finished.
CREATE INDEX games_finished ON games (finished_at);
