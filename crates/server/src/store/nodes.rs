//! The nodes of a cluster on Postgres and the rooms they own (migration 0008;
//! `docs/cluster.md`): a node's lives and leases, and the claims of orphaned rooms.
//!
//! Times here are the database's clock ([`DB_NOW_MS`]), never a node's: two nodes whose
//! clocks disagree still agree on whose lease has lapsed.

use super::{db_err, Pool, Store, StoreError};
use crate::wire::Note;

/// The database's clock in milliseconds since the epoch, as an SQL expression.
pub(crate) const DB_NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::int8";

/// How long the sweep leaves a new room owned by nobody to the node its first socket
/// reaches (ms; see `Rooms::open_for_sockets`).
const FIRST_SOCKET_MS: i64 = 3_000;

impl Store {
    /// The Postgres pool (`None` on SQLite, which is one node).
    pub(crate) fn postgres(&self) -> Option<&sqlx::PgPool> {
        match &self.pool {
            Pool::Postgres(p) => Some(p),
            Pool::Sqlite(_) => None,
        }
    }

    /// Makes `room_inbox` an unlogged table, once (the migrations are shared with SQLite,
    /// which has no such thing). It holds only requests in flight between nodes: without
    /// the WAL a forwarded command and its answer cost no disk flush each (a two-node run
    /// of the load generator made 1,162 moves a second instead of 745 on the development
    /// machine), and a crash of Postgres, which fails every request in flight anyway,
    /// empties it.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn unlog_inbox(&self) -> Result<(), StoreError> {
        let Some(pool) = self.postgres() else {
            return Err(StoreError::Url(
                "a cluster of nodes needs Postgres".to_string(),
            ));
        };
        sqlx::query(
            "DO $$ BEGIN \
               IF EXISTS (SELECT 1 FROM pg_class \
                          WHERE oid = 'room_inbox'::regclass AND relpersistence = 'p') THEN \
                 ALTER TABLE room_inbox SET UNLOGGED; \
               END IF; \
             END $$",
        )
        .execute(pool)
        .await
        .map_err(db_err)?;
        Ok(())
    }

    /// Registers a new life of the node `name` and returns its epoch, one more than any
    /// epoch ever registered (two nodes registering at once: one retries).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn register_node(&self, name: &str) -> Result<i64, StoreError> {
        let Some(pool) = self.postgres() else {
            return Err(StoreError::Url(
                "a cluster of nodes needs Postgres".to_string(),
            ));
        };
        let sql = format!(
            "WITH t AS (SELECT {DB_NOW_MS} AS ms)
             INSERT INTO nodes (epoch, name, started_at, seen_at)
             SELECT (SELECT COALESCE(MAX(epoch), 0) + 1 FROM nodes), $1, t.ms, t.ms FROM t
             RETURNING epoch"
        );
        let mut tries = 0;
        loop {
            match sqlx::query_scalar::<_, i64>(&sql)
                .bind(name)
                .fetch_one(pool)
                .await
            {
                Ok(epoch) => return Ok(epoch),
                // Another node took the same number at the same time.
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() && tries < 10 => {
                    tries += 1;
                }
                Err(e) => return Err(db_err(e)),
            }
        }
    }
}

/// Who owns a room, as the database says (see [`Store::room_owner`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StoredOwner {
    /// No such room.
    Missing,
    /// The room's owner is NULL, or an epoch whose lease lapsed or that stopped.
    Nobody,
    /// A live epoch (possibly the asker's own).
    Live(i64),
}

/// A room claimed by this node: its row and log as stored after the claim, and when its
/// previous owner was last seen serving it (ms, the database's clock), for the clocks.
#[derive(Clone, Debug)]
pub struct Claimed {
    /// The room and its log.
    pub room: super::LiveRoom,
    /// The last moment the room was served, if known.
    pub down_at: Option<i64>,
}

/// The condition, on `rooms r LEFT JOIN nodes n ON n.epoch = r.owner`, that the room's
/// owner is not alive by the database's clock; `$1` is the lease (ms).
fn orphaned() -> String {
    format!(
        "(r.owner IS NULL OR n.epoch IS NULL OR n.stopped_at IS NOT NULL \
          OR n.seen_at <= {DB_NOW_MS} - $1)"
    )
}

/// When an orphan's owner was last seen serving it: its `stopped_at` or `seen_at`; for a
/// room owned by nobody (released by a node that drained, or stored before the cluster),
/// the last node to stop, else the one-node heartbeat.
const DOWN_AT: &str = "CASE WHEN n.epoch IS NOT NULL THEN COALESCE(n.stopped_at, n.seen_at) \
     ELSE COALESCE((SELECT MAX(stopped_at) FROM nodes), \
                   (SELECT seen_at FROM server_heartbeat WHERE id = 1)) END";

impl Store {
    /// Renews the lease of `epoch`: true while it was still valid (seen less than
    /// `lease_ms` ago by the database's clock, and not stopped); false when it has lapsed,
    /// and then nothing changes (the node must give up its rooms and register again).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn renew_lease(&self, epoch: i64, lease_ms: i64) -> Result<bool, StoreError> {
        let pool = self.cluster_pool()?;
        let sql = format!(
            "UPDATE nodes SET seen_at = {DB_NOW_MS} \
             WHERE epoch = $1 AND stopped_at IS NULL AND seen_at > {DB_NOW_MS} - $2"
        );
        let done = sqlx::query(&sql)
            .bind(epoch)
            .bind(lease_ms)
            .execute(pool)
            .await
            .map_err(db_err)?;
        Ok(done.rows_affected() > 0)
    }

    /// The pool, or the error of a cluster on SQLite.
    pub(super) fn cluster_pool(&self) -> Result<&sqlx::PgPool, StoreError> {
        self.postgres()
            .ok_or_else(|| StoreError::Url("a cluster of nodes needs Postgres".to_string()))
    }

    /// Who owns room `id` now, by the database's clock (`lease_ms`: the lease).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn room_owner(
        &self,
        id: uuid::Uuid,
        lease_ms: i64,
    ) -> Result<StoredOwner, StoreError> {
        let pool = self.cluster_pool()?;
        let sql = format!(
            "SELECT r.owner, {} AS orphan FROM rooms r LEFT JOIN nodes n ON n.epoch = r.owner \
             WHERE r.id = $2",
            orphaned()
        );
        let row: Option<(Option<i64>, bool)> = sqlx::query_as(&sql)
            .bind(lease_ms)
            .bind(id.to_string())
            .fetch_optional(pool)
            .await
            .map_err(db_err)?;
        Ok(match row {
            None => StoredOwner::Missing,
            Some((Some(owner), false)) => StoredOwner::Live(owner),
            Some(_) => StoredOwner::Nobody,
        })
    }

    /// Claims for `epoch` the orphaned rooms it takes now, in one transaction, and returns
    /// them as stored after the claim.
    ///
    /// The orphans are the unfinished rooms whose owner is not alive (see
    /// `docs/cluster.md`): the node takes its share of them, their number divided by the
    /// live nodes', rounded up, skipping the rows another transaction holds (another
    /// node's sweep, or a batch of writes of the room's owner: its fence). With
    /// `name`, the rooms of this node's previous lives (same name, an older epoch) are
    /// orphans at once, whether their lease has lapsed or not (a node restarted after a
    /// kill takes its rooms back without waiting), and every one of them is taken,
    /// finished ones too when they finished at or after `finished_since`. `skip`: rooms
    /// live on this node still (a task ending), left for a later sweep. A node that drains
    /// or lost its lease claims nothing, and a room another node claimed while this sweep
    /// waited is left to it.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn claim_orphans(
        &self,
        epoch: i64,
        lease_ms: i64,
        name: Option<&str>,
        finished_since: i64,
        skip: &[uuid::Uuid],
    ) -> Result<Vec<Claimed>, StoreError> {
        let pool = self.cluster_pool()?;
        let skip: Vec<String> = skip.iter().map(ToString::to_string).collect();
        let mut tx = pool.begin().await.map_err(db_err)?;
        let mut claims = match name {
            Some(name) => previous_lives(&mut tx, name, epoch, finished_since, &skip).await?,
            None => Vec::new(),
        };
        let taken: Vec<String> = claims.iter().map(|(id, _, _)| id.clone()).collect();
        claims.extend(share_of_orphans(&mut tx, epoch, lease_ms, &skip, &taken).await?);
        let locked: Vec<String> = claims.iter().map(|(id, _, _)| id.clone()).collect();
        let claims = if locked.is_empty() {
            claims
        } else {
            still_orphans(&mut tx, &locked, epoch, lease_ms, name).await?
        };
        if claims.is_empty() {
            tx.rollback().await.map_err(db_err)?;
            return Ok(Vec::new());
        }
        let rooms = take(&mut tx, epoch, &claims).await?;
        tx.commit().await.map_err(db_err)?;
        let down: std::collections::HashMap<String, Option<i64>> = claims
            .into_iter()
            .map(|(id, _, down_at)| (id, down_at))
            .collect();
        Ok(rooms
            .into_iter()
            .map(|room| {
                let down_at = down.get(&room.room.id.to_string()).copied().flatten();
                Claimed { room, down_at }
            })
            .collect())
    }

    /// Claims room `id` for `epoch` if its owner is not alive (any state: a finished room
    /// comes back for its rematch); `None` when it has a live owner (this epoch included),
    /// does not exist, or `epoch` itself drains or lost its lease. A claim another node
    /// commits while this one waits for the room's row wins: this one then finds a live
    /// owner.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn claim_room(
        &self,
        id: uuid::Uuid,
        epoch: i64,
        lease_ms: i64,
    ) -> Result<Option<Claimed>, StoreError> {
        let pool = self.cluster_pool()?;
        let mut tx = pool.begin().await.map_err(db_err)?;
        let room = id.to_string();
        let locked: Option<(String,)> =
            sqlx::query_as("SELECT id FROM rooms WHERE id = $1 FOR UPDATE")
                .bind(&room)
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_err)?;
        let found = match locked {
            Some(_) => still_orphans(&mut tx, std::slice::from_ref(&room), epoch, lease_ms, None)
                .await?
                .pop(),
            None => None,
        };
        let Some((_, _, down_at)) = found else {
            tx.rollback().await.map_err(db_err)?;
            return Ok(None);
        };
        sqlx::query("UPDATE rooms SET owner = $1 WHERE id = $2")
            .bind(epoch)
            .bind(id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
        let mut rooms = rooms_with_logs(&mut tx, &[id.to_string()]).await?;
        tx.commit().await.map_err(db_err)?;
        Ok(rooms.pop().map(|room| Claimed { room, down_at }))
    }

    /// The room `id` with its log, if `epoch` owns it (a room of this node whose task
    /// ended: a finished room that left memory).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn owned_room(
        &self,
        id: uuid::Uuid,
        epoch: i64,
    ) -> Result<Option<super::LiveRoom>, StoreError> {
        let pool = self.cluster_pool()?;
        let mut tx = pool.begin().await.map_err(db_err)?;
        let mine: Option<(i64,)> =
            sqlx::query_as("SELECT owner FROM rooms WHERE id = $1 AND owner = $2 FOR SHARE")
                .bind(id.to_string())
                .bind(epoch)
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_err)?;
        let rooms = if mine.is_some() {
            rooms_with_logs(&mut tx, &[id.to_string()]).await?
        } else {
            Vec::new()
        };
        tx.commit().await.map_err(db_err)?;
        Ok(rooms.into_iter().next())
    }

    /// A node that drains: in one transaction, its unfinished and finished rooms are
    /// released (owner NULL), its life is marked stopped (`stopped_at`, the database's
    /// clock), and every node is told ([`Note::Released`], sent at the commit).
    /// Returns the rooms released.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn release_node(&self, epoch: i64) -> Result<u64, StoreError> {
        let pool = self.cluster_pool()?;
        let mut tx = pool.begin().await.map_err(db_err)?;
        let released = sqlx::query("UPDATE rooms SET owner = NULL WHERE owner = $1")
            .bind(epoch)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?
            .rows_affected();
        sqlx::query(&format!(
            "UPDATE nodes SET stopped_at = {DB_NOW_MS} WHERE epoch = $1"
        ))
        .bind(epoch)
        .execute(&mut *tx)
        .await
        .map_err(db_err)?;
        let note = Note::Released { epoch };
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(note.channel())
            .bind(note.payload())
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
        tx.commit().await.map_err(db_err)?;
        Ok(released)
    }
}

impl Store {
    /// The lives before `epoch` of the node named `name` that were not marked stopped
    /// (killed, not drained) are marked stopped now, and their epochs returned: a node
    /// back from a restart took their rooms, and the others need not wait for their leases
    /// to lapse to know they are gone.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn retire_lives(&self, name: &str, epoch: i64) -> Result<Vec<i64>, StoreError> {
        let sql = format!(
            "UPDATE nodes SET stopped_at = {DB_NOW_MS} \
             WHERE name = $1 AND epoch < $2 AND stopped_at IS NULL RETURNING epoch"
        );
        sqlx::query_scalar(&sql)
            .bind(name)
            .bind(epoch)
            .fetch_all(self.cluster_pool()?)
            .await
            .map_err(db_err)
    }
}

impl Store {
    /// Hands room `id` from its owner `from` to the node `to`, if `from` still owns it and
    /// `to` is alive (seen within `lease_ms`, not stopped), and tells `to` (`note`, sent at
    /// the commit), in one statement. False: nothing changed.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn hand_over(
        &self,
        id: uuid::Uuid,
        from: i64,
        to: i64,
        lease_ms: i64,
        note: &Note,
    ) -> Result<bool, StoreError> {
        let sql = format!(
            "WITH up AS (UPDATE rooms SET owner = $3 WHERE id = $1 AND owner = $2 \
                 AND EXISTS (SELECT 1 FROM nodes WHERE epoch = $3 AND stopped_at IS NULL \
                     AND seen_at > {DB_NOW_MS} - $4) \
                 RETURNING id) \
             SELECT pg_notify($5, $6)::text FROM up"
        );
        let done: Option<(String,)> = sqlx::query_as(&sql)
            .bind(id.to_string())
            .bind(from)
            .bind(to)
            .bind(lease_ms)
            .bind(note.channel())
            .bind(note.payload())
            .fetch_optional(self.cluster_pool()?)
            .await
            .map_err(db_err)?;
        Ok(done.is_some())
    }
}

/// A room a sweep may take: its id, its owner when read, and when that owner was last seen
/// serving it ([`DOWN_AT`]).
type Orphan = (String, Option<i64>, Option<i64>);

/// The rooms of the node `name`'s previous lives (epochs before `epoch`), all of them,
/// locked in `tx`: unfinished ones, and finished ones whose game ended at or after
/// `finished_since`, but none of `skip`.
async fn previous_lives(
    tx: &mut sqlx::PgConnection,
    name: &str,
    epoch: i64,
    finished_since: i64,
    skip: &[String],
) -> Result<Vec<Orphan>, StoreError> {
    let sql = format!(
        "SELECT r.id, r.owner, {DOWN_AT} FROM rooms r JOIN nodes n ON n.epoch = r.owner \
         WHERE n.name = $1 AND n.epoch < $2 \
           AND (r.state IN ('waiting', 'playing') OR (r.state = 'finished' \
                AND r.id IN (SELECT g.id FROM games g WHERE g.finished_at >= $3))) \
           AND NOT (r.id = ANY($4::text[])) \
         ORDER BY r.created_at, r.id FOR UPDATE OF r SKIP LOCKED"
    );
    sqlx::query_as(&sql)
        .bind(name)
        .bind(epoch)
        .bind(finished_since)
        .bind(skip)
        .fetch_all(&mut *tx)
        .await
        .map_err(db_err)
}

/// The share of `epoch` among the unfinished orphans, locked in `tx`: their number (less
/// the `taken` already) divided by the live nodes', rounded up, skipping the rows another
/// transaction holds, and none of `skip` or `taken`.
async fn share_of_orphans(
    tx: &mut sqlx::PgConnection,
    epoch: i64,
    lease_ms: i64,
    skip: &[String],
    taken: &[String],
) -> Result<Vec<Orphan>, StoreError> {
    let live: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM nodes WHERE stopped_at IS NULL AND seen_at > {DB_NOW_MS} - $1"
    ))
    .bind(lease_ms)
    .fetch_one(&mut *tx)
    .await
    .map_err(db_err)?;
    // A room stored for the node of its first socket (`Rooms::open_for_sockets`) is left
    // to that socket for a while: swept at once, it would start on any node and be
    // followed, then handed, to its players'.
    let from = format!(
        "FROM rooms r LEFT JOIN nodes n ON n.epoch = r.owner \
         WHERE r.state IN ('waiting', 'playing') AND r.owner IS DISTINCT FROM $2 \
           AND NOT (r.id = ANY($3::text[])) \
           AND NOT (r.owner IS NULL AND r.created_at > {DB_NOW_MS} - {FIRST_SOCKET_MS})"
    );
    let orphans: i64 = sqlx::query_scalar(&format!("SELECT count(*) {from} AND {}", orphaned()))
        .bind(lease_ms)
        .bind(epoch)
        .bind(skip)
        .fetch_one(&mut *tx)
        .await
        .map_err(db_err)?;
    let orphans = orphans - i64::try_from(taken.len()).unwrap_or(0);
    if orphans <= 0 {
        return Ok(Vec::new());
    }
    let live = live.max(1);
    let share = (orphans + live - 1) / live;
    let sql = format!(
        "SELECT r.id, r.owner, {DOWN_AT} {from} AND {} AND NOT (r.id = ANY($5::text[])) \
         ORDER BY r.created_at, r.id LIMIT $4 FOR UPDATE OF r SKIP LOCKED",
        orphaned()
    );
    sqlx::query_as(&sql)
        .bind(lease_ms)
        .bind(epoch)
        .bind(skip)
        .bind(share)
        .bind(taken)
        .fetch_all(&mut *tx)
        .await
        .map_err(db_err)
}

/// Of the rooms `ids`, locked by `tx` already, those that are orphans for `epoch` now:
/// owned by nobody alive, or by a previous life of the node `name`, while `epoch` itself
/// is alive and not draining; with their owner and when it was last seen.
///
/// Read in a statement of its own, after the lock, and not by the statement that locked:
/// a locking read that waited for another node's claim re-checks only the room's new row
/// against the `nodes` row it had joined for the old owner (Postgres's recheck of an
/// updated row), so the new owner, alive, would read as no node at all and the room as an
/// orphan, taken twice. A new statement reads the committed owner and its node afresh,
/// and the lock keeps them so until the claim commits.
async fn still_orphans(
    tx: &mut sqlx::PgConnection,
    ids: &[String],
    epoch: i64,
    lease_ms: i64,
    name: Option<&str>,
) -> Result<Vec<Orphan>, StoreError> {
    let sql = format!(
        "SELECT r.id, r.owner, {DOWN_AT} FROM rooms r LEFT JOIN nodes n ON n.epoch = r.owner \
         WHERE r.id = ANY($2::text[]) AND r.owner IS DISTINCT FROM $3 \
           AND ({} OR (n.name = $4 AND n.epoch < $3)) \
           AND EXISTS (SELECT 1 FROM nodes me WHERE me.epoch = $3 AND me.stopped_at IS NULL \
                       AND me.seen_at > {DB_NOW_MS} - $1) \
         ORDER BY r.created_at, r.id",
        orphaned()
    );
    sqlx::query_as(&sql)
        .bind(lease_ms)
        .bind(ids)
        .bind(epoch)
        .bind(name)
        .fetch_all(&mut *tx)
        .await
        .map_err(db_err)
}

/// Makes `epoch` the owner of the `claims` whose owner is still the one read, in `tx`,
/// and returns those rooms with their logs.
async fn take(
    tx: &mut sqlx::PgConnection,
    epoch: i64,
    claims: &[Orphan],
) -> Result<Vec<super::LiveRoom>, StoreError> {
    let ids: Vec<String> = claims.iter().map(|(id, _, _)| id.clone()).collect();
    let olds: Vec<Option<i64>> = claims.iter().map(|(_, old, _)| *old).collect();
    // The rows are locked by this transaction: the owner is the one just read.
    let won: Vec<String> = sqlx::query_scalar(
        "UPDATE rooms SET owner = $1 FROM UNNEST($2::text[], $3::int8[]) AS u (id, old) \
         WHERE rooms.id = u.id AND rooms.owner IS NOT DISTINCT FROM u.old \
           AND rooms.id = ANY($2::text[]) \
         RETURNING rooms.id",
    )
    .bind(epoch)
    .bind(&ids)
    .bind(&olds)
    .fetch_all(&mut *tx)
    .await
    .map_err(db_err)?;
    rooms_with_logs(tx, &won).await
}

/// The rooms `ids` with their logs in order, read in `tx`.
async fn rooms_with_logs(
    tx: &mut sqlx::PgConnection,
    ids: &[String],
) -> Result<Vec<super::LiveRoom>, StoreError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rooms_sql = format!(
        "SELECT {} FROM rooms WHERE id = ANY($1::text[]) ORDER BY created_at, id",
        super::ROOM_COLUMNS
    );
    let rooms: Vec<super::RawRoom> = sqlx::query_as(&rooms_sql)
        .bind(ids)
        .fetch_all(&mut *tx)
        .await
        .map_err(db_err)?;
    // Planned for each call (an unnamed statement): a connection's cached plan, made while
    // the log was a few rows long, scanned the whole table at every claim until the next
    // ANALYZE, which took half of Postgres's time with two nodes handing rooms over.
    let logs: Vec<super::RawLog> = sqlx::query_as(
        "SELECT room_id, seq, at, actor, command FROM room_log \
         WHERE room_id = ANY($1::text[]) ORDER BY room_id, seq",
    )
    .persistent(false)
    .bind(ids)
    .fetch_all(&mut *tx)
    .await
    .map_err(db_err)?;
    super::with_logs(rooms, logs)
}
