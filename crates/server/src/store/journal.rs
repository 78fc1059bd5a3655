//! SQLite: a batch's log rows and moves appended to one table, moved into their own tables
//! a share of the rooms at a time (migration 0005).
//!
//! `room_log` and `moves` are keyed by room or game first: a move's two rows go to the leaf
//! pages of its room's keys, a different pair of pages for nearly every move of a batch, and
//! a commit writes every page it changed to the WAL (about 2.2 pages a move, half of the
//! writer thread's time). The writer's own connection appends them to `journal` instead,
//! a table with nothing but its row id: a batch's rows fill its last pages.
//!
//! The rooms are cut into [`PARTS`] shares by id (a room's game has the room's id). Each
//! batch also moves the journal rows of one share, all those committed before it, into
//! `room_log` and `moves` ([`Slice`]), in its own transaction: by then each room of the
//! share has rows from the last [`PARTS`] batches, which share a leaf page, and the work
//! is spread evenly over the batches (moving all rows at once every few thousand made the
//! moves queued behind it wait 10 to 40 ms). `journal_folded` records up to which id each
//! share was moved; the rows below every share's mark are then deleted, oldest first, which
//! frees whole pages at the start of the table.
//!
//! What the constraints of `room_log` and `moves` checked at insert time is still checked
//! before a batch commits, so a batch that would fail does, and moving rows never meets one
//! it cannot move: a key already moved or a missing room or game by one statement per
//! table that would insert only such rows, and fails on the constraint it breaks, in the
//! batch's transaction (reads of pages the writer has cached; no page is written); a key
//! still in the journal by the set of those the writer keeps ([`Journal::admit`]).
//!
//! Readers read the tables and the journal rows above their share's mark in one snapshot
//! ([`LOG_ROWS`], [`MOVE_ROWS`]): a row is in exactly one of them at any commit. Nothing
//! updates or deletes rows of `room_log` or `moves` (rooms and games are never deleted
//! either); a write that did would have to fold first ([`FOLD`]), so that it meets the rows
//! it changes where it looks for them. The pool's connections (`Store::commit`) write those
//! tables directly, after folding in the same transaction. Opening a database folds what a
//! crash left ([`Store::migrate`]), as does the writer when it stops.

use std::collections::HashSet;

use sqlx::{Connection, Executor, SqliteConnection};
use uuid::Uuid;

use super::{db_err, Pool, Store, StoreError, Write};

/// `kind` of a `room_log` row in the journal.
pub(super) const KIND_LOG: i64 = 0;
/// `kind` of a `moves` row in the journal.
pub(super) const KIND_MOVE: i64 = 1;

/// Shares of the rooms: a batch moves the journal rows of one. More shares give each
/// room more rows per move (fewer pages written a row) and make each batch's share
/// smaller, but keep the rows longer in the journal, which every reader of a game scans.
pub const PARTS: u32 = 32;

/// The journal and its columns, their number.
pub(super) const JOURNAL_TABLE: &str =
    "journal (id, part, kind, parent, pos, at, who, what, clock_ms)";
pub(super) const JOURNAL_COLUMNS: usize = 9;

/// A batch's journal rows that a direct insert into `room_log` would have refused: a key
/// already moved (UNIQUE) or a room never stored (FOREIGN KEY). It inserts only those, so
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

/// Moves a share's journal rows with ids in `($1, $2]` (`$3` the share) to `room_log`.
pub(super) const SLICE_LOGS: &str = "INSERT INTO room_log (room_id, seq, at, actor, command) \
     SELECT parent, pos, at, who, what FROM journal \
     WHERE id > $1 AND id <= $2 AND part = $3 AND kind = 0";

/// [`SLICE_LOGS`] for moves.
pub(super) const SLICE_MOVES: &str =
    "INSERT INTO moves (game_id, ply, seat, notation, clock_ms, at) \
     SELECT parent, pos, who, what, clock_ms, at FROM journal \
     WHERE id > $1 AND id <= $2 AND part = $3 AND kind = 1";

/// Records that share `$1` is moved up to id `$2`.
pub(super) const SLICE_MARK: &str = "INSERT INTO journal_folded (part, upto) VALUES ($1, $2) \
     ON CONFLICT (part) DO UPDATE SET upto = excluded.upto";

/// Deletes the journal rows moved whatever their share (ids up to `$1`).
pub(super) const SLICE_PRUNE: &str = "DELETE FROM journal WHERE id <= $1";

/// The journal rows not moved yet (alias `j`), as the texts below spell it.
#[cfg(test)]
const UNMOVED: &str =
    "j.id > coalesce((SELECT f.upto FROM journal_folded f WHERE f.part = j.part), 0)";

/// Moves every journal row not moved yet to its table, and empties the journal (all its
/// pages at once: no condition) and the marks.
const FOLD: &str = concat!(
    "INSERT INTO room_log (room_id, seq, at, actor, command) \
     SELECT parent, pos, at, who, what FROM journal j WHERE j.kind = 0 AND ",
    "j.id > coalesce((SELECT f.upto FROM journal_folded f WHERE f.part = j.part), 0);\n",
    "INSERT INTO moves (game_id, ply, seat, notation, clock_ms, at) \
     SELECT parent, pos, who, what, clock_ms, at FROM journal j WHERE j.kind = 1 AND ",
    "j.id > coalesce((SELECT f.upto FROM journal_folded f WHERE f.part = j.part), 0);\n",
    "DELETE FROM journal;\nDELETE FROM journal_folded;"
);

/// A room's log rows wherever they are (SQLite), as a table `room_log` would be.
pub(super) const LOG_ROWS: &str = concat!(
    "(SELECT room_id, seq, at, actor, command FROM room_log UNION ALL \
     SELECT j.parent, j.pos, j.at, j.who, j.what FROM journal j WHERE j.kind = 0 AND ",
    "j.id > coalesce((SELECT f.upto FROM journal_folded f WHERE f.part = j.part), 0))"
);

/// A game's moves wherever they are (SQLite): `$1` is the game.
pub(super) const MOVE_ROWS: &str = concat!(
    "SELECT game_id, ply, seat, notation, clock_ms, at FROM moves WHERE game_id = $1 \
     UNION ALL SELECT j.parent, j.pos, j.who, j.what, j.clock_ms, j.at FROM journal j \
     WHERE j.kind = 1 AND j.parent = $1 AND ",
    "j.id > coalesce((SELECT f.upto FROM journal_folded f WHERE f.part = j.part), 0) \
     ORDER BY 2"
);

/// When the writer moves journal rows to their tables.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum FoldPolicy {
    /// A share of the rooms with each batch (see `journal`), everything when it stops.
    #[default]
    Sliced,
    /// Only when it stops (and when the database is opened): for tests of the readers and
    /// of a crash with rows in the journal.
    AtStop,
    /// No journal: each batch inserts its rows into `room_log` and `moves` (the writer's
    /// way before the journal, kept to compare the two on one build).
    Direct,
}

/// A journal row's unique key: its table (log or move), room or game, seq or ply.
type Key = (bool, Uuid, i64);

/// The share of the rooms a room or game (by id) is in.
pub(super) fn part_of(parent: &Uuid) -> i64 {
    i64::try_from(parent.as_u128() % u128::from(PARTS)).unwrap_or(0)
}

/// What a batch moves besides its own writes: the journal rows of share `part` with ids
/// in `(from, upto]`; then it deletes every row up to `prune`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Slice {
    pub part: i64,
    pub from: i64,
    pub upto: i64,
    pub prune: i64,
}

/// What the writer knows of the journal it appends to.
#[derive(Debug)]
pub(super) struct Journal {
    /// The id of the next row appended (the writer is the only one appending).
    next_id: i64,
    /// Per share, the keys of its rows still in the journal: a second row with one of them
    /// would make moving it fail, so the batch carrying it fails instead.
    keys: Vec<HashSet<Key>>,
    /// Per share, the id up to which its rows are moved.
    marks: Vec<i64>,
    /// The share the next batch moves.
    turn: usize,
    policy: FoldPolicy,
}

impl Journal {
    /// Reads what `conn`'s database journal holds (nothing, unless the fold failed when the
    /// database was opened).
    pub(super) async fn load(
        conn: &mut SqliteConnection,
        policy: FoldPolicy,
    ) -> Result<Journal, StoreError> {
        let marks: Vec<(i64, i64)> = sqlx::query_as("SELECT part, upto FROM journal_folded")
            .fetch_all(&mut *conn)
            .await
            .map_err(db_err)?;
        let rows: Vec<(i64, i64, i64, String, i64)> =
            sqlx::query_as("SELECT id, part, kind, parent, pos FROM journal")
                .fetch_all(&mut *conn)
                .await
                .map_err(db_err)?;
        let parts = PARTS as usize;
        let mut journal = Journal {
            next_id: 1,
            keys: vec![HashSet::new(); parts],
            marks: vec![0; parts],
            turn: 0,
            policy,
        };
        for (part, upto) in marks {
            if let Some(m) = usize::try_from(part)
                .ok()
                .and_then(|p| journal.marks.get_mut(p))
            {
                *m = upto;
            }
        }
        for (id, part, kind, parent, pos) in rows {
            journal.next_id = journal.next_id.max(id + 1);
            let share = usize::try_from(part).unwrap_or(0) % parts;
            if id > journal.marks[share] {
                let parent = super::parse_uuid(&parent, "journal parent")?;
                journal.keys[share].insert((kind == KIND_MOVE, parent, pos));
            }
        }
        Ok(journal)
    }

    /// The id the batch's first row gets; `None` when rows go straight to their tables.
    pub(super) fn next_id(&self) -> Option<i64> {
        (self.policy != FoldPolicy::Direct).then_some(self.next_id)
    }

    /// No row waits in the journal to be moved.
    pub(super) fn is_empty(&self) -> bool {
        self.keys.iter().all(HashSet::is_empty)
    }

    /// The keys of the log rows and moves of `writes`, unless one of them is already in
    /// the journal or twice in `writes`: a [`StoreError::Conflict`], as a direct insert
    /// would have met.
    pub(super) fn admit(&self, writes: &[Write]) -> Result<Vec<Key>, StoreError> {
        if self.policy == FoldPolicy::Direct {
            return Ok(Vec::new());
        }
        let mut keys = Vec::with_capacity(writes.len());
        let mut seen = HashSet::new();
        for w in writes {
            let (key, what) = match w {
                Write::Log(l) => ((false, l.room_id, l.seq), "room_log.room_id, room_log.seq"),
                Write::Move(m) => ((true, m.game_id, m.ply), "moves.game_id, moves.ply"),
                _ => continue,
            };
            if self.share(&key.1).contains(&key) || !seen.insert(key) {
                return Err(StoreError::Conflict(format!(
                    "UNIQUE constraint failed: {what} ({} {})",
                    key.1, key.2
                )));
            }
            keys.push(key);
        }
        Ok(keys)
    }

    fn share(&self, parent: &Uuid) -> &HashSet<Key> {
        let i = usize::try_from(part_of(parent)).unwrap_or(0);
        &self.keys[i % self.keys.len()]
    }

    /// What the next batch moves, if the policy has batches move rows.
    pub(super) fn slice(&self) -> Option<Slice> {
        if self.policy != FoldPolicy::Sliced {
            return None;
        }
        Some(Slice {
            part: i64::try_from(self.turn).unwrap_or(0),
            from: self.marks[self.turn],
            upto: self.next_id - 1,
            // The share moved longest ago bounds what every share has moved.
            prune: self.marks.iter().copied().min().unwrap_or(0),
        })
    }

    /// The batch whose rows have `keys`, which moved `slice`, is committed; its last row's
    /// id is below `next_id`.
    pub(super) fn committed(&mut self, keys: Vec<Key>, next_id: Option<i64>, slice: Option<Slice>) {
        let Some(next_id) = next_id else {
            return;
        };
        if let Some(s) = slice {
            self.keys[self.turn].clear();
            self.marks[self.turn] = s.upto;
            self.turn = (self.turn + 1) % self.keys.len();
        }
        for key in keys {
            let i = usize::try_from(part_of(&key.1)).unwrap_or(0) % self.keys.len();
            self.keys[i].insert(key);
        }
        self.next_id = next_id;
    }

    /// Moves every row of the journal on the writer's connection `conn` in a transaction of
    /// its own (one hop to its thread). On failure the rows stay where readers find them.
    pub(super) async fn fold(&mut self, conn: &mut SqliteConnection) -> Result<(), StoreError> {
        let script = format!("BEGIN IMMEDIATE;\n{FOLD}\nCOMMIT;");
        match conn.execute(sqlx::query(&script)).await.map_err(db_err) {
            Ok(_) => {
                self.keys.iter_mut().for_each(HashSet::clear);
                self.marks.iter_mut().for_each(|m| *m = 0);
                Ok(())
            }
            Err(e) => {
                if let Err(r) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
                    tracing::debug!(error = %r, "no transaction to roll back");
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The readers' and the fold's texts spell the same condition.
    #[test]
    fn unmoved_rows_are_one_condition() {
        assert!(FOLD.contains(UNMOVED));
        assert!(LOG_ROWS.contains(UNMOVED));
        assert!(MOVE_ROWS.contains(UNMOVED));
    }
}
