-- Room chat and quick games (issue 23): every line said in a room, kept with its game and
-- shown in its replay; the server-wide chat mute an admin puts on a player; rooms that start
-- by themselves. Portable between SQLite and Postgres like 0001.

-- One row per chat line. `id` is the room's own sequence (from 1); `channel` is `players`
-- or `spectators`; `seat` is the sender's seat key, NULL for a spectator; `name` the
-- sender's display name when the line was said. A line an admin deleted keeps its row with
-- `deleted` set (1), and is shown nowhere.
CREATE TABLE chat (
    room_id    TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    id         BIGINT NOT NULL,
    channel    TEXT NOT NULL,
    player_id  TEXT NOT NULL,
    name       TEXT NOT NULL,
    seat       TEXT,
    text       TEXT NOT NULL,
    at         BIGINT NOT NULL,
    deleted    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (room_id, id)
);

-- When an admin muted the player server-wide (NULL: not muted): such a player's chat lines
-- are refused everywhere.
ALTER TABLE players ADD COLUMN muted_at BIGINT;

-- A room that starts by itself once its last free seat is filled (the quick games'
-- default): the replay of its log after a restart must start it the same way.
ALTER TABLE rooms ADD COLUMN auto_start BIGINT NOT NULL DEFAULT 0;
