//! What the nodes of a cluster share beyond rooms (migration 0008; `docs/cluster.md`,
//! "What is shared beyond rooms"): the live rooms' summaries in `room_listing`, and the
//! checks of open sockets against bans and sessions after a missed notification. Postgres
//! only: a SQLite server is one node and never calls these.

use uuid::Uuid;

use super::nodes::DB_NOW_MS;
use super::{db_err, Store, StoreError};

/// One row of `room_listing`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingRow {
    /// The room.
    pub room_id: Uuid,
    /// The epoch of the node that wrote it.
    pub owner: i64,
    /// The summary as the owner published it (JSON, `rooms::shared_list`).
    pub summary: String,
}

fn cluster_only() -> StoreError {
    StoreError::Url("a cluster of nodes needs Postgres".to_string())
}

impl Store {
    /// Stores the summary of a room `owner` owns, unless another node owns the room now
    /// (`rooms.owner` names another epoch): a node that lost a room cannot overwrite its
    /// new owner's row. True when stored.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn put_listing(
        &self,
        room: Uuid,
        owner: i64,
        summary: &str,
        players: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        let pool = self.postgres().ok_or_else(cluster_only)?;
        let done = sqlx::query(
            "INSERT INTO room_listing (room_id, owner, summary, players, at)
             SELECT $1, $2, $3, $4, $5
             WHERE EXISTS (SELECT 1 FROM rooms WHERE id = $1 AND (owner = $2 OR owner IS NULL))
             ON CONFLICT (room_id) DO UPDATE SET owner = excluded.owner,
                 summary = excluded.summary, players = excluded.players, at = excluded.at",
        )
        .bind(room.to_string())
        .bind(owner)
        .bind(summary)
        .bind(players)
        .bind(at)
        .execute(pool)
        .await
        .map_err(db_err)?;
        Ok(done.rows_affected() > 0)
    }

    /// Deletes the row of `room` if `owner` wrote it; true when deleted.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn drop_listing(&self, room: Uuid, owner: i64) -> Result<bool, StoreError> {
        let pool = self.postgres().ok_or_else(cluster_only)?;
        let done = sqlx::query("DELETE FROM room_listing WHERE room_id = $1 AND owner = $2")
            .bind(room.to_string())
            .bind(owner)
            .execute(pool)
            .await
            .map_err(db_err)?;
        Ok(done.rows_affected() > 0)
    }

    /// The row of `room`, if there is one.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn listing_row(&self, room: Uuid) -> Result<Option<ListingRow>, StoreError> {
        let pool = self.postgres().ok_or_else(cluster_only)?;
        let row: Option<(i64, String)> =
            sqlx::query_as("SELECT owner, summary FROM room_listing WHERE room_id = $1")
                .bind(room.to_string())
                .fetch_optional(pool)
                .await
                .map_err(db_err)?;
        Ok(row.map(|(owner, summary)| ListingRow {
            room_id: room,
            owner,
            summary,
        }))
    }

    /// Every row not written by `owner` (after a missed notification, or at start).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn listing_rows_except(&self, owner: i64) -> Result<Vec<ListingRow>, StoreError> {
        let pool = self.postgres().ok_or_else(cluster_only)?;
        let rows: Vec<(String, i64, String)> =
            sqlx::query_as("SELECT room_id, owner, summary FROM room_listing WHERE owner <> $1")
                .bind(owner)
                .fetch_all(pool)
                .await
                .map_err(db_err)?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, owner, summary)| {
                Some(ListingRow {
                    room_id: Uuid::parse_str(&id).ok()?,
                    owner,
                    summary,
                })
            })
            .collect())
    }

    /// Deletes the rows whose writer has been gone (lease lapsed, or stopped) for longer
    /// than `grace_ms` and returns their rooms: a room a live node took over has been
    /// written again by then, so what is left is a room no node serves (it had ended, or
    /// cannot be restored).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    /// Only a node whose own lease (`me`) is current sweeps: a node whose leases are not
    /// renewed cannot tell the others' age.
    pub async fn sweep_listing(
        &self,
        me: i64,
        lease_ms: i64,
        grace_ms: i64,
    ) -> Result<Vec<Uuid>, StoreError> {
        let pool = self.postgres().ok_or_else(cluster_only)?;
        let sql = format!(
            "DELETE FROM room_listing l WHERE NOT EXISTS (
                 SELECT 1 FROM nodes n WHERE n.epoch = l.owner AND n.stopped_at IS NULL
                     AND n.seen_at > {DB_NOW_MS} - $1 - $2)
               AND EXISTS (SELECT 1 FROM nodes m WHERE m.epoch = $3 AND m.stopped_at IS NULL
                     AND m.seen_at > {DB_NOW_MS} - $1)
             RETURNING room_id"
        );
        let gone: Vec<(String,)> = sqlx::query_as(&sql)
            .bind(lease_ms)
            .bind(grace_ms)
            .bind(me)
            .fetch_all(pool)
            .await
            .map_err(db_err)?;
        Ok(gone
            .into_iter()
            .filter_map(|(id,)| Uuid::parse_str(&id).ok())
            .collect())
    }

    /// Of `players`, those banned; of `sessions`, those that no longer exist (logged out,
    /// revoked, ended by a password change or a ban).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn ended_among(
        &self,
        players: &[Uuid],
        sessions: &[Uuid],
    ) -> Result<(Vec<Uuid>, Vec<Uuid>), StoreError> {
        let pool = self.postgres().ok_or_else(cluster_only)?;
        let text = |ids: &[Uuid]| ids.iter().map(Uuid::to_string).collect::<Vec<_>>();
        let banned: Vec<(String,)> =
            sqlx::query_as("SELECT id FROM players WHERE id = ANY($1) AND banned_at IS NOT NULL")
                .bind(text(players))
                .fetch_all(pool)
                .await
                .map_err(db_err)?;
        let alive: Vec<(String,)> = sqlx::query_as("SELECT id FROM sessions WHERE id = ANY($1)")
            .bind(text(sessions))
            .fetch_all(pool)
            .await
            .map_err(db_err)?;
        let alive: std::collections::HashSet<String> = alive.into_iter().map(|(s,)| s).collect();
        let banned = banned
            .into_iter()
            .filter_map(|(id,)| Uuid::parse_str(&id).ok())
            .collect();
        let ended = sessions
            .iter()
            .filter(|s| !alive.contains(&s.to_string()))
            .copied()
            .collect();
        Ok((banned, ended))
    }
}
