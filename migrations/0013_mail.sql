-- Mail to accounts: one address per account, verified by a single-use link, and the daily
-- digest of the correspondence games awaiting the account's move. Portable between SQLite
-- and Postgres like 0001 (flags are 0 or 1 in a BIGINT).

-- `verify_hash` is the SHA-256 of the token in the last verification mail (NULL once used);
-- `unsubscribe_token` is kept as it is, since every digest repeats it in its links and the
-- only thing it can do is stop the digest. `last_digest_at` (0: never) is also the claim
-- that keeps two nodes from sending the same digest: a node sends only after moving it
-- forward from the value it read.
CREATE TABLE mail_addresses (
    player_id          TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    address            TEXT NOT NULL,
    verified_at        BIGINT,
    verify_hash        TEXT UNIQUE,
    verify_sent_at     BIGINT NOT NULL,
    unsubscribe_token  TEXT NOT NULL UNIQUE,
    subscribed         BIGINT NOT NULL,
    last_digest_at     BIGINT NOT NULL,
    created_at         BIGINT NOT NULL
);

-- The digest reads only the verified, subscribed addresses whose last digest is a day old,
-- oldest first.
CREATE INDEX mail_addresses_due ON mail_addresses (last_digest_at, player_id)
    WHERE verified_at IS NOT NULL AND subscribed = 1;
