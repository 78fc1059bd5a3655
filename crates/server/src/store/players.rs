//! Player identities (guests and accounts alike): made on first visit, found by token.

use uuid::Uuid;

use super::{db_err, parse_uuid, PlayerRow, Pool, Store, StoreError};

#[derive(sqlx::FromRow)]
struct RawPlayer {
    id: String,
    name: String,
    token_hash: String,
    created_at: i64,
}

impl RawPlayer {
    fn into_row(self) -> Result<PlayerRow, StoreError> {
        Ok(PlayerRow {
            id: parse_uuid(&self.id, "player id")?,
            name: self.name,
            token_hash: self.token_hash,
            created_at: self.created_at,
        })
    }
}

impl Store {
    /// Stores a new player.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for a duplicate id or token.
    pub async fn insert_player(&self, p: &PlayerRow) -> Result<(), StoreError> {
        on_pool!(self, pool => {
            sqlx::query(
                "INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(p.id.to_string())
            .bind(&p.name)
            .bind(&p.token_hash)
            .bind(p.created_at)
            .execute(pool)
            .await
            .map_err(db_err)?;
        });
        Ok(())
    }

    /// The player with this token hash.
    ///
    /// # Errors
    /// Database failure.
    pub async fn player_by_token_hash(&self, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        let raw: Option<RawPlayer> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT id, name, token_hash, created_at FROM players WHERE token_hash = $1",
            )
            .bind(hash)
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        raw.map(RawPlayer::into_row).transpose()
    }

    /// The player with this id.
    ///
    /// # Errors
    /// Database failure.
    pub async fn player(&self, id: Uuid) -> Result<Option<PlayerRow>, StoreError> {
        let raw: Option<RawPlayer> = on_pool!(self, p => {
            sqlx::query_as("SELECT id, name, token_hash, created_at FROM players WHERE id = $1")
                .bind(id.to_string())
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        raw.map(RawPlayer::into_row).transpose()
    }

    /// Renames a player; false if there is no such player.
    ///
    /// # Errors
    /// Database failure.
    pub async fn rename_player(&self, id: Uuid, name: &str) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("UPDATE players SET name = $1 WHERE id = $2")
                .bind(name)
                .bind(id.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }
}
