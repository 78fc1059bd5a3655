-- Computer analysis of finished games (`GET /api/history/{id}/analysis`): computed once on
-- first request, then served from here. `body` is the API's JSON answer as text; `nodes` is
-- the search budget it was computed with, so a later, stronger budget can tell stale rows.
-- Portable between SQLite and Postgres like 0001.

CREATE TABLE analyses (
    game_id     TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    nodes       BIGINT NOT NULL,
    body        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
