//! What the followers and the inbox read and write (`docs/cluster.md`, "Any node serves any
//! player"): a room's log after a seq, and the `room_inbox` rows of forwarded commands.
//! Only a Postgres cluster uses the inbox; the log read is portable.

use uuid::Uuid;

use super::nodes::DB_NOW_MS;
use super::{db_err, LogRow, Pool, RawLog, Store, StoreError};
use crate::wire::{ForwardText, Note};

/// A forwarded request as the asking node stores it in `room_inbox`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboxRow {
    /// Made by the asking node: its epoch in the high 32 bits, a counter in the low.
    pub id: i64,
    /// The room.
    pub room_id: Uuid,
    /// The asking node's epoch.
    pub from_epoch: i64,
    /// The owner's epoch.
    pub to_epoch: i64,
    /// What is asked (`wire::Forward` reads it).
    pub request: ForwardText,
}

fn pg(store: &Store) -> Result<&sqlx::PgPool, StoreError> {
    match &store.pool {
        Pool::Postgres(p) => Ok(p),
        Pool::Sqlite(_) => Err(StoreError::Url(
            "a cluster of nodes needs Postgres".to_string(),
        )),
    }
}

impl Store {
    /// The room's log rows from `seq` on, in order.
    ///
    /// # Errors
    /// Database failure, or a stored value that does not parse.
    pub async fn log_since(&self, room: Uuid, seq: i64) -> Result<Vec<LogRow>, StoreError> {
        let sql = "SELECT room_id, seq, at, actor, command FROM room_log \
             WHERE room_id = $1 AND seq >= $2 ORDER BY seq";
        let raw: Vec<RawLog> = on_pool!(self, p => sqlx::query_as(sql)
            .bind(room.to_string())
            .bind(seq)
            .fetch_all(p)
            .await
            .map_err(db_err)?);
        raw.into_iter().map(RawLog::into_row).collect()
    }

    /// Stores a forwarded request and tells its owner ([`Note::Request`]), in one
    /// statement: the note is sent when the row commits.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn inbox_send(&self, row: &InboxRow) -> Result<(), StoreError> {
        let sql = format!(
            "WITH ins AS (INSERT INTO room_inbox \
                 (id, room_id, from_epoch, to_epoch, actor, command, kind, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, {DB_NOW_MS}) RETURNING id) \
             SELECT pg_notify($8, $9) FROM ins"
        );
        let note = Note::Request {
            to: row.to_epoch,
            id: row.id,
        };
        sqlx::query(&sql)
            .bind(row.id)
            .bind(row.room_id.to_string())
            .bind(row.from_epoch)
            .bind(row.to_epoch)
            .bind(&row.request.actor)
            .bind(&row.request.command)
            .bind(row.request.kind)
            .bind(note.channel())
            .bind(note.payload())
            .execute(pg(self)?)
            .await
            .map_err(db_err)?;
        Ok(())
    }

    /// The answer of the request `id` once there is one, deleting the row then (`None`:
    /// not answered yet, or no such row).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn inbox_collect(&self, id: i64) -> Result<Option<String>, StoreError> {
        sqlx::query_scalar(
            "DELETE FROM room_inbox WHERE id = $1 AND answer IS NOT NULL RETURNING answer",
        )
        .bind(id)
        .fetch_optional(pg(self)?)
        .await
        .map_err(db_err)
    }

    /// Withdraws the request `id` (its owner did not answer in time): the answer if it came
    /// meanwhile (`Some`), else the row is gone and no owner will take it.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn inbox_withdraw(&self, id: i64) -> Result<Option<String>, StoreError> {
        let answer: Option<Option<String>> =
            sqlx::query_scalar("DELETE FROM room_inbox WHERE id = $1 RETURNING answer")
                .bind(id)
                .fetch_optional(pg(self)?)
                .await
                .map_err(db_err)?;
        Ok(answer.flatten())
    }

    /// The unanswered request `id` addressed to `epoch`, if there is one.
    ///
    /// # Errors
    /// Not Postgres, a database failure, or a room id that does not parse.
    pub async fn inbox_request(&self, id: i64, epoch: i64) -> Result<Option<InboxRow>, StoreError> {
        let raw: Option<(i64, String, i64, i64, String, String, i64)> = sqlx::query_as(
            "SELECT id, room_id, from_epoch, to_epoch, actor, command, kind FROM room_inbox \
             WHERE id = $1 AND to_epoch = $2 AND answer IS NULL",
        )
        .bind(id)
        .bind(epoch)
        .fetch_optional(pg(self)?)
        .await
        .map_err(db_err)?;
        raw.map(|(id, room, from_epoch, to_epoch, actor, command, kind)| {
            Ok(InboxRow {
                id,
                room_id: super::parse_uuid(&room, "inbox room id")?,
                from_epoch,
                to_epoch,
                request: ForwardText {
                    kind,
                    actor,
                    command,
                },
            })
        })
        .transpose()
    }

    /// The ids of the unanswered requests addressed to `epoch`.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn inbox_unanswered(&self, epoch: i64) -> Result<Vec<i64>, StoreError> {
        sqlx::query_scalar(
            "SELECT id FROM room_inbox WHERE to_epoch = $1 AND answer IS NULL ORDER BY id",
        )
        .bind(epoch)
        .fetch_all(pg(self)?)
        .await
        .map_err(db_err)
    }

    /// Answers every request still waiting for a node that is not alive (none of `live`)
    /// with `answer`, and tells each node that asked ([`Note::Answered`]): a forward to a
    /// dead owner ends at once instead of waiting it out. Returns how many.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn inbox_answer_orphans(
        &self,
        live: &[i64],
        answer: &str,
    ) -> Result<u64, StoreError> {
        let answered: Vec<(i64, i64)> = sqlx::query_as(
            "UPDATE room_inbox SET answer = $2 \
             WHERE answer IS NULL AND NOT (to_epoch = ANY($1::int8[])) \
             RETURNING id, from_epoch",
        )
        .bind(live)
        .bind(answer)
        .fetch_all(pg(self)?)
        .await
        .map_err(db_err)?;
        // After the commit: a note the asker misses is made up for by its own reread.
        let notes: Vec<Note> = answered
            .iter()
            .map(|&(id, from)| Note::Answered { to: from, id })
            .collect();
        self.notify_all(&notes).await?;
        Ok(answered.len() as u64)
    }

    /// Answers the request `id` from the node whose life is `from`, and tells it
    /// ([`Note::Answered`]), in one statement; nothing when the row is gone (the asker
    /// gave up).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn inbox_answer(&self, id: i64, from: i64, answer: &str) -> Result<(), StoreError> {
        let note = Note::Answered { to: from, id };
        sqlx::query(
            "WITH up AS (UPDATE room_inbox SET answer = $2 WHERE id = $1 AND answer IS NULL \
                 RETURNING id) \
             SELECT pg_notify($3, $4) FROM up",
        )
        .bind(id)
        .bind(answer)
        .bind(note.channel())
        .bind(note.payload())
        .execute(pg(self)?)
        .await
        .map_err(db_err)?;
        Ok(())
    }

    /// The epochs of the nodes alive now: seen within `lease_ms` by the database's clock,
    /// and not stopped.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn live_epochs(&self, lease_ms: i64) -> Result<Vec<i64>, StoreError> {
        let sql = format!(
            "SELECT epoch FROM nodes WHERE stopped_at IS NULL AND seen_at > {DB_NOW_MS} - $1"
        );
        sqlx::query_scalar(&sql)
            .bind(lease_ms)
            .fetch_all(pg(self)?)
            .await
            .map_err(db_err)
    }
}
