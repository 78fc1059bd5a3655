//! Rooms and their command logs: a room by id, and the live rooms (each with its whole log)
//! that a restarted server rebuilds.

use uuid::Uuid;

use super::{db_err, parse_uuid, LiveRoom, LogRow, Pool, RoomRow, Store, StoreError};

/// The columns of a [`RoomRow`], in the order of [`RawRoom`].
pub(super) const ROOM_COLUMNS: &str =
    "id, variant, options, host, host_name, visibility, invite_code, \
     time_control, grace_ms, state, created_at, auto_start, seated, no_show_ms, rated, owner";

#[derive(sqlx::FromRow)]
pub(super) struct RawRoom {
    id: String,
    variant: String,
    options: String,
    host: String,
    host_name: String,
    visibility: String,
    invite_code: Option<String>,
    time_control: String,
    grace_ms: i64,
    state: String,
    created_at: i64,
    auto_start: i64,
    seated: String,
    no_show_ms: Option<i64>,
    rated: i64,
    owner: Option<i64>,
}

impl RawRoom {
    fn into_row(self) -> Result<RoomRow, StoreError> {
        Ok(RoomRow {
            id: parse_uuid(&self.id, "room id")?,
            variant: self.variant,
            options: self.options,
            host: parse_uuid(&self.host, "room host")?,
            host_name: self.host_name,
            visibility: self.visibility,
            invite_code: self.invite_code,
            time_control: self.time_control,
            grace_ms: self.grace_ms,
            state: self.state,
            created_at: self.created_at,
            auto_start: self.auto_start != 0,
            seated: self.seated,
            no_show_ms: self.no_show_ms,
            rated: self.rated != 0,
            owner: self.owner,
        })
    }
}

#[derive(sqlx::FromRow)]
pub(super) struct RawLog {
    room_id: String,
    seq: i64,
    at: i64,
    actor: String,
    command: String,
}

impl RawLog {
    pub(super) fn into_row(self) -> Result<LogRow, StoreError> {
        Ok(LogRow {
            room_id: parse_uuid(&self.room_id, "log room id")?,
            seq: self.seq,
            at: self.at,
            actor: self.actor,
            command: self.command,
        })
    }
}

impl Store {
    /// A room by id.
    ///
    /// # Errors
    /// Database failure.
    pub async fn room(&self, id: Uuid) -> Result<Option<RoomRow>, StoreError> {
        let sql = format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = $1");
        let raw: Option<RawRoom> = on_pool!(self, p => {
            sqlx::query_as(&sql)
                .bind(id.to_string())
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        raw.map(RawRoom::into_row).transpose()
    }

    /// One room with its log in order, as stored (what a room task rebuilds itself from
    /// when the store refused its last command).
    ///
    /// # Errors
    /// Database failure.
    pub async fn live_room(&self, id: Uuid) -> Result<Option<LiveRoom>, StoreError> {
        let rooms_sql = format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = $1");
        let log_sql = "SELECT room_id, seq, at, actor, command FROM room_log \
             WHERE room_id = $1 ORDER BY seq";
        let (room, logs): (Option<RawRoom>, Vec<RawLog>) = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let room = sqlx::query_as(&rooms_sql)
                .bind(id.to_string())
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_err)?;
            let logs = sqlx::query_as(log_sql)
                .bind(id.to_string())
                .fetch_all(&mut *tx)
                .await
                .map_err(db_err)?;
            tx.commit().await.map_err(db_err)?;
            (room, logs)
        });
        let Some(room) = room else {
            return Ok(None);
        };
        let log = logs
            .into_iter()
            .map(RawLog::into_row)
            .collect::<Result<_, _>>()?;
        Ok(Some(LiveRoom {
            room: room.into_row()?,
            log,
        }))
    }

    /// Rooms still `waiting` or `playing` (oldest first), each with its log in order.
    ///
    /// # Errors
    /// Database failure.
    pub async fn live_rooms(&self) -> Result<Vec<LiveRoom>, StoreError> {
        self.rooms_to_restore(None).await
    }

    /// [`Store::live_rooms`], and with `finished_since` also the finished rooms whose game
    /// ended at or after it (a restarted server keeps offering their rematch).
    ///
    /// # Errors
    /// Database failure.
    pub async fn rooms_to_restore(
        &self,
        finished_since: Option<i64>,
    ) -> Result<Vec<LiveRoom>, StoreError> {
        const WHERE: &str = "r.state IN ('waiting', 'playing') OR (r.state = 'finished' \
             AND r.id IN (SELECT g.id FROM games g WHERE g.finished_at >= $1))";
        let rooms_sql =
            format!("SELECT {ROOM_COLUMNS} FROM rooms r WHERE {WHERE} ORDER BY created_at, id");
        let log_sql = format!(
            "SELECT l.room_id, l.seq, l.at, l.actor, l.command FROM room_log l \
             JOIN rooms r ON r.id = l.room_id WHERE {WHERE} ORDER BY l.room_id, l.seq"
        );
        let since = finished_since.unwrap_or(i64::MAX);
        // One transaction so that the rooms and the logs are the same snapshot.
        let (rooms, logs): (Vec<RawRoom>, Vec<RawLog>) = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let rooms = sqlx::query_as(&rooms_sql)
                .bind(since)
                .fetch_all(&mut *tx)
                .await
                .map_err(db_err)?;
            let logs = sqlx::query_as(&log_sql)
                .bind(since)
                .fetch_all(&mut *tx)
                .await
                .map_err(db_err)?;
            tx.commit().await.map_err(db_err)?;
            (rooms, logs)
        });
        with_logs(rooms, logs)
    }
}

/// Each of `rooms` with its rows of `logs` (read in seq order), in the rooms' order.
pub(super) fn with_logs(
    rooms: Vec<RawRoom>,
    logs: Vec<RawLog>,
) -> Result<Vec<LiveRoom>, StoreError> {
    let mut by_room: std::collections::HashMap<Uuid, Vec<LogRow>> =
        std::collections::HashMap::new();
    for l in logs {
        let l = l.into_row()?;
        by_room.entry(l.room_id).or_default().push(l);
    }
    rooms
        .into_iter()
        .map(|r| {
            let room = r.into_row()?;
            let log = by_room.remove(&room.id).unwrap_or_default();
            Ok(LiveRoom { room, log })
        })
        .collect()
}
