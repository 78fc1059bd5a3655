//! Room chat lines (migration 0005): written by the room tasks through the [`super::Writer`]
//! in the same transaction as the command that said them (`Write::Chat`), read back for a
//! stored game's replay, and deleted by admins.

use uuid::Uuid;

use super::{db_err, parse_uuid, Pool, Store, StoreError};

/// One chat line as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// The room (a stored game has its room's id).
    pub room_id: Uuid,
    /// The line's number in its room, from 1.
    pub id: i64,
    /// `players` or `spectators`.
    pub channel: String,
    /// Who said it.
    pub player_id: Uuid,
    /// Their display name when they said it.
    pub name: String,
    /// Their seat key, `None` for a spectator.
    pub seat: Option<String>,
    /// What they said.
    pub text: String,
    /// Milliseconds since the epoch.
    pub at: i64,
    /// An admin deleted it.
    pub deleted: bool,
}

#[derive(sqlx::FromRow)]
struct RawChat {
    room_id: String,
    id: i64,
    channel: String,
    player_id: String,
    name: String,
    seat: Option<String>,
    text: String,
    at: i64,
    deleted: i64,
}

impl RawChat {
    fn into_row(self) -> Result<ChatRow, StoreError> {
        Ok(ChatRow {
            room_id: parse_uuid(&self.room_id, "chat room id")?,
            id: self.id,
            channel: self.channel,
            player_id: parse_uuid(&self.player_id, "chat player id")?,
            name: self.name,
            seat: self.seat,
            text: self.text,
            at: self.at,
            deleted: self.deleted != 0,
        })
    }
}

/// The columns of a chat insert, in the order the batch writers bind them.
pub(super) const CHAT_INSERT: &str = "INSERT INTO chat (room_id, id, channel, player_id, name, \
     seat, text, at, deleted) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// The statement deleting one line.
pub(super) const CHAT_DELETE: &str = "UPDATE chat SET deleted = 1 WHERE room_id = $1 AND id = $2";

impl Store {
    /// The lines of room `room` that were not deleted, in order (both channels).
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn chat(&self, room: Uuid) -> Result<Vec<ChatRow>, StoreError> {
        let raw: Vec<RawChat> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT room_id, id, channel, player_id, name, seat, text, at, deleted \
                 FROM chat WHERE room_id = $1 AND deleted = 0 ORDER BY id",
            )
            .bind(room.to_string())
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        raw.into_iter().map(RawChat::into_row).collect()
    }

    /// Marks line `id` of room `room` deleted (a room no longer in memory: a live room's
    /// lines are deleted through the room, which stores it with its event); false if there
    /// is no such line.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_chat(&self, room: Uuid, id: i64) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query(CHAT_DELETE)
                .bind(room.to_string())
                .bind(id)
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }
}
