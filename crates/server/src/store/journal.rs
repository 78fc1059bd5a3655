//! SQLite: a batch's log rows and moves appended to one table, folded into their own tables
//! many at a time (migration 0005).
//!
//! `room_log` and `moves` are keyed by room or game first: a move's two rows go to the leaf
//! pages of its room's keys, a different pair of pages for nearly every move of a batch, and
//! a commit writes every page it changed to the WAL (about 2.2 pages a move, half of the
//! writer thread's time). The writer's own connection appends them to `journal` instead,
//! a table with nothing but its row id: a batch's rows fill its last pages. Every so often
//! (see [`FoldPolicy`]) the writer moves them to `room_log` and `moves` in one transaction,
//! sorted by key: by then each room has many rows, which share a leaf page.
//!
//! What the constraints of `room_log` and `moves` checked at insert time is still checked
//! before a batch commits, so a batch that would fail does, and the fold never meets a row
//! it cannot move: a key already folded or a missing room or game by one statement per
//! table that would insert only such rows, and fails on the constraint it breaks, in the
//! batch's transaction (reads of pages the writer has cached; no page is written); a key
//! still in the journal by the set of those the writer keeps ([`Journal::admit`]).
//!
//! Readers read both places in one snapshot ([`LOG_ROWS`], [`MOVE_ROWS`]): a row is in
//! exactly one of them at any commit. Nothing updates or deletes rows of `room_log` or
//! `moves` (rooms and games are never deleted either); a write that did would have to fold
//! first, so that it meets the rows it changes where it looks for them. The pool's
//! connections (`Store::commit`) write those tables directly, after folding in the same
//! transaction. Opening a database folds what a crash left ([`Store::migrate`]), as does
//! the writer when it stops.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use sqlx::{Connection, Executor, SqliteConnection};
use uuid::Uuid;

use super::{db_err, Pool, Store, StoreError, Write};

/// `kind` of a `room_log` row in the journal.
pub(super) const KIND_LOG: i64 = 0;
/// `kind` of a `moves` row in the journal.
pub(super) const KIND_MOVE: i64 = 1;

/// The journal and its columns, their number.
pub(super) const JOURNAL_TABLE: &str = "journal (id, kind, parent, pos, at, who, what, clock_ms)";
pub(super) const JOURNAL_COLUMNS: usize = 8;

/// A batch's journal rows that a direct insert into `room_log` would have refused: a key
/// already folded (UNIQUE) or a room never stored (FOREIGN KEY). It inserts only those, so
/// it fails on the constraint they break, or inserts nothing. `$1` is the first journal id
/// of the batch's part.
pub(super) const CHECK_LOGS: &str = "INSERT INTO room_log (room_id, seq, at, actor, command) \
     SELECT parent, pos, at, who, what FROM journal j WHERE j.id >= $1 AND j.kind = 0 \
     AND (EXISTS (SELECT 1 FROM room_log l WHERE l.room_id = j.parent AND l.seq = j.pos) \
     OR NOT EXISTS (SELECT 1 FROM rooms r WHERE r.id = j.parent))";

/// [`CHECK_LOGS`] for moves.
pub(super) const CHECK_MOVES: &str =
    "INSERT INTO moves (game_id, ply, seat, notation, clock_ms, at) \
     SELECT parent, pos, who, what, clock_ms, at FROM journal j WHERE j.id >= $1 AND j.kind = 1 \
     AND (EXISTS (SELECT 1 FROM moves m WHERE m.game_id = j.parent AND m.ply = j.pos) \
     OR NOT EXISTS (SELECT 1 FROM games g WHERE g.id = j.parent))";

/// Moves every journal row to its table, and empties the journal (all its pages at once:
/// no condition). Each leaf page is written once per fold whatever the order of the rows
/// (the writer's cache holds them all), so they are not sorted first.
const FOLD: &str = "INSERT INTO room_log (room_id, seq, at, actor, command) \
     SELECT parent, pos, at, who, what FROM journal WHERE kind = 0;\n\
     INSERT INTO moves (game_id, ply, seat, notation, clock_ms, at) \
     SELECT parent, pos, who, what, clock_ms, at FROM journal WHERE kind = 1;\n\
     DELETE FROM journal;";

/// A room's log rows wherever they are (SQLite), as a table `room_log` would be.
pub(super) const LOG_ROWS: &str = "(SELECT room_id, seq, at, actor, command FROM room_log \
     UNION ALL SELECT parent, pos, at, who, what FROM journal WHERE kind = 0)";

/// A game's moves wherever they are (SQLite): `$1` is the game.
pub(super) const MOVE_ROWS: &str = "SELECT game_id, ply, seat, notation, clock_ms, at FROM moves \
     WHERE game_id = $1 UNION ALL SELECT parent, pos, who, what, clock_ms, at FROM journal \
     WHERE kind = 1 AND parent = $1 ORDER BY 2";

/// When the writer folds the journal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FoldPolicy {
    /// Once the journal holds this many rows (a move is two).
    pub rows: usize,
    /// Once its oldest row is this old (rows of a quiet server are folded too; each
    /// reader of a game's moves reads all of the journal).
    pub after: Duration,
}

/// Journal rows past which the writer folds, by default. See [`FoldPolicy`].
///
/// A fold makes the moves queued behind it wait, and takes longer the more rows it moves
/// (at 100 rooms closed loop on the loaded 2-core machine: 13 ms for 2,048 rows, 19 ms
/// for 4,096, 36 ms for 8,192, from 10 ms for 1,024), while bigger folds write fewer pages
/// a row. Back to back, 8 s each: 2,048 gave p99 23.8 and 26.1 ms (10,875 and 9,414
/// moves/s), 4,096 30.9 and 33.5 ms (10,808 and 8,732), 8,192 43.9 and 36.4 ms.
pub const DEFAULT_FOLD_ROWS: usize = 2048;

/// Age of the oldest journal row past which the writer folds, by default.
pub const DEFAULT_FOLD_AFTER: Duration = Duration::from_millis(500);

impl Default for FoldPolicy {
    fn default() -> FoldPolicy {
        FoldPolicy {
            rows: DEFAULT_FOLD_ROWS,
            after: DEFAULT_FOLD_AFTER,
        }
    }
}

/// A journal row's unique key: its table (log or move), room or game, seq or ply.
type Key = (bool, Uuid, i64);

/// What the writer knows of the journal it appends to.
#[derive(Debug)]
pub(super) struct Journal {
    /// The id of the next row appended (the writer is the only one appending).
    next_id: i64,
    /// The keys of the rows in the journal: a second row with one of them would make the
    /// fold fail, so the batch carrying it fails instead.
    keys: HashSet<Key>,
    /// When the oldest row still in the journal was committed.
    since: Option<Instant>,
    /// After a failed fold: not again before this.
    retry_at: Option<Instant>,
    policy: FoldPolicy,
}

/// Pause after a failed fold before the next try (the rows stay readable meanwhile).
const FOLD_RETRY: Duration = Duration::from_secs(5);

impl Journal {
    /// Reads what `conn`'s database journal holds (nothing, unless a fold failed since the
    /// database was opened).
    pub(super) async fn load(
        conn: &mut SqliteConnection,
        policy: FoldPolicy,
    ) -> Result<Journal, StoreError> {
        let rows: Vec<(i64, i64, String, i64)> =
            sqlx::query_as("SELECT id, kind, parent, pos FROM journal")
                .fetch_all(&mut *conn)
                .await
                .map_err(db_err)?;
        let mut journal = Journal {
            next_id: 1,
            // Room for the keys of one fold's rows (within reason: the policy may be
            // "never").
            keys: HashSet::with_capacity(policy.rows.min(1 << 16)),
            since: None,
            retry_at: None,
            policy,
        };
        for (id, kind, parent, pos) in rows {
            let parent = super::parse_uuid(&parent, "journal parent")?;
            journal.keys.insert((kind == KIND_MOVE, parent, pos));
            journal.next_id = journal.next_id.max(id + 1);
            journal.since.get_or_insert_with(Instant::now);
        }
        Ok(journal)
    }

    /// No row waits in the journal.
    pub(super) fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The id the batch's first row gets.
    pub(super) fn next_id(&self) -> i64 {
        self.next_id
    }

    /// The keys of the log rows and moves of `writes`, unless one of them is already in
    /// the journal or twice in `writes`: a [`StoreError::Conflict`], as a direct insert
    /// would have met.
    pub(super) fn admit(&self, writes: &[Write]) -> Result<Vec<Key>, StoreError> {
        let mut keys = Vec::with_capacity(writes.len());
        let mut seen = HashSet::new();
        for w in writes {
            let (key, what) = match w {
                Write::Log(l) => ((false, l.room_id, l.seq), "room_log.room_id, room_log.seq"),
                Write::Move(m) => ((true, m.game_id, m.ply), "moves.game_id, moves.ply"),
                _ => continue,
            };
            if self.keys.contains(&key) || !seen.insert(key) {
                return Err(StoreError::Conflict(format!(
                    "UNIQUE constraint failed: {what} ({} {})",
                    key.1, key.2
                )));
            }
            keys.push(key);
        }
        Ok(keys)
    }

    /// The batch whose rows have `keys` is committed, its last row's id below `next_id`.
    pub(super) fn committed(&mut self, keys: Vec<Key>, next_id: i64) {
        if !keys.is_empty() {
            self.since.get_or_insert_with(Instant::now);
        }
        self.keys.extend(keys);
        self.next_id = next_id;
    }

    /// The journal should be folded now (see [`FoldPolicy`]).
    pub(super) fn due(&self) -> bool {
        let Some(since) = self.since else {
            return false;
        };
        if self.retry_at.is_some_and(|t| Instant::now() < t) {
            return false;
        }
        self.keys.len() >= self.policy.rows || since.elapsed() >= self.policy.after
    }

    /// Folds the journal on the writer's connection `conn` in a transaction of its own
    /// (one hop to its thread). On failure the rows stay where readers find them, and the
    /// next try waits a while.
    pub(super) async fn fold(&mut self, conn: &mut SqliteConnection) -> Result<(), StoreError> {
        let started = Instant::now();
        let rows = self.keys.len();
        let script = format!("BEGIN IMMEDIATE;\n{FOLD}\nCOMMIT;");
        let done = conn.execute(sqlx::query(&script)).await.map_err(db_err);
        match done {
            Ok(_) => {
                self.keys.clear();
                self.since = None;
                self.retry_at = None;
                tracing::debug!(
                    rows,
                    ms = started.elapsed().as_secs_f64() * 1000.0,
                    "journal folded"
                );
                Ok(())
            }
            Err(e) => {
                if let Err(r) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
                    tracing::debug!(error = %r, "no transaction to roll back");
                }
                self.retry_at = Some(Instant::now() + FOLD_RETRY);
                Err(e)
            }
        }
    }
}

/// Folds the journal inside the caller's transaction on `conn`.
pub(super) async fn fold_in(conn: &mut SqliteConnection) -> Result<(), StoreError> {
    conn.execute(FOLD).await.map_err(db_err)?;
    Ok(())
}

impl Store {
    /// SQLite: moves every row of the journal to `room_log` and `moves` (see `journal`),
    /// in one transaction. Run when the database is opened, so that what a crash or a
    /// backup left there is where every tool looks. Nothing to do on Postgres.
    ///
    /// # Errors
    /// Database failure (nothing moved).
    pub async fn fold_journal(&self) -> Result<(), StoreError> {
        if let Pool::Sqlite(p) = &self.pool {
            let mut conn = p.acquire().await.map_err(db_err)?;
            let mut tx = conn.begin_with("BEGIN IMMEDIATE").await.map_err(db_err)?;
            fold_in(&mut tx).await?;
            tx.commit().await.map_err(db_err)?;
        }
        Ok(())
    }
}
