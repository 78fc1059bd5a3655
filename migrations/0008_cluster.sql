-- Several nodes on one Postgres (issue 26; docs/cluster.md is the design). Portable between
-- SQLite and Postgres like 0001, but only a Postgres server with the cluster on writes these
-- tables and the owner column: SQLite is one node.

-- One row per life of a node: `epoch` is never used twice and is the node's fencing token;
-- `seen_at` (the database's clock, ms) is its lease, renewed while it lives; `stopped_at`
-- is set when it drained on SIGTERM.
CREATE TABLE nodes (
    epoch       BIGINT PRIMARY KEY,
    name        TEXT NOT NULL,
    started_at  BIGINT NOT NULL,
    seen_at     BIGINT NOT NULL,
    stopped_at  BIGINT
);

-- The epoch of the node that owns the room (NULL: nobody; a lapsed or stopped epoch: an
-- orphan the other nodes take over). Every write of a room's rows checks it.
ALTER TABLE rooms ADD COLUMN owner BIGINT;
CREATE INDEX rooms_owner ON rooms (owner, state);

-- Commands of sockets on one node for a room owned by another: the owner applies them and
-- writes the answer (JSON: the version, or the error code); the asking node deletes the row
-- once it has the answer. `id` is made by the asking node (its epoch and a counter). A
-- node starting on Postgres makes the table UNLOGGED (Store::unlog_inbox): rows in flight
-- need no disk flush.
CREATE TABLE room_inbox (
    id          BIGINT PRIMARY KEY,
    room_id     TEXT NOT NULL,
    from_epoch  BIGINT NOT NULL,
    to_epoch    BIGINT NOT NULL,
    actor       TEXT NOT NULL,
    command     TEXT NOT NULL,
    client      BIGINT NOT NULL,
    at          BIGINT NOT NULL,
    answer      TEXT
);
CREATE INDEX room_inbox_to ON room_inbox (to_epoch, answer);
CREATE INDEX room_inbox_from ON room_inbox (from_epoch);

-- The listed rooms' summaries as their owners last published them (JSON), for the lobby
-- list of every node; `players` holds the host's and the seated players' ids, space
-- separated, for the lists of a player's games. Written when a listing changes (seats,
-- state), never per move.
CREATE TABLE room_listing (
    room_id  TEXT PRIMARY KEY,
    owner    BIGINT NOT NULL,
    summary  TEXT NOT NULL,
    players  TEXT NOT NULL,
    at       BIGINT NOT NULL
);
