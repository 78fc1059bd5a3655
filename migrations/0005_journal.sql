-- SQLite's store writer appends each batch's room log rows and moves here first, and moves
-- them into `room_log` and `moves` later, many of a room at once (see the server's
-- `store::journal`). An insert into those tables touches the leaf page of its room's or
-- game's key, a different page for nearly every move, and each commit writes every page it
-- touched; rows appended here touch only the last pages of this table, which has no other
-- index and no foreign key. `kind` 0 is a `room_log` row (parent = room_id, pos = seq,
-- who = actor, what = command), 1 a `moves` row (parent = game_id, pos = ply, who = seat,
-- what = notation, clock_ms). `part` is the parent's share of the rooms: each batch moves
-- the rows of one share into the tables (`journal_folded` says up to which id), the rows
-- of every share are then deleted, oldest first. Readers read the tables and the rows not
-- moved yet. `id` is exactly `INTEGER PRIMARY KEY`, SQLite's row id: no index beside it.
-- Postgres writes its batches directly (one statement each): there both tables exist,
-- empty and unused, because migrations are shared by both backends.
CREATE TABLE journal (
    id        INTEGER PRIMARY KEY,
    part      BIGINT NOT NULL,
    kind      BIGINT NOT NULL,
    parent    TEXT NOT NULL,
    pos       BIGINT NOT NULL,
    at        BIGINT NOT NULL,
    who       TEXT NOT NULL,
    what      TEXT NOT NULL,
    clock_ms  BIGINT
);

-- The rows of `journal` of share `part` up to id `upto` are in `room_log` and `moves`.
CREATE TABLE journal_folded (
    part  INTEGER PRIMARY KEY,
    upto  BIGINT NOT NULL
);
