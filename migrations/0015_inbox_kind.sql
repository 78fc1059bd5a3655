-- A forwarded request's column says what is asked (a command on a lane, a presence, a
-- spectators' count: `wire::ipc::Forward`), not which client sent it.
ALTER TABLE room_inbox RENAME COLUMN client TO kind;
