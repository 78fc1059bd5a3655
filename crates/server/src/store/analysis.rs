//! Stored analyses of finished games (migration 0003).

use uuid::Uuid;

use super::{db_err, Pool, Store, StoreError};

impl Store {
    /// The stored analysis of game `id` (the API's JSON text), if it was computed.
    ///
    /// # Errors
    /// The database failed.
    pub async fn analysis(&self, id: Uuid) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = on_pool!(self, p => {
            sqlx::query_as("SELECT body FROM analyses WHERE game_id = $1")
                .bind(id.to_string())
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        Ok(row.map(|(body,)| body))
    }

    /// Whether game `id` has a stored analysis (without reading it).
    ///
    /// # Errors
    /// The database failed.
    pub async fn has_analysis(&self, id: Uuid) -> Result<bool, StoreError> {
        let row: Option<(i64,)> = on_pool!(self, p => {
            sqlx::query_as("SELECT nodes FROM analyses WHERE game_id = $1")
                .bind(id.to_string())
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        Ok(row.is_some())
    }

    /// Stores the analysis of game `id` computed with `nodes` per search. A second store of
    /// the same game keeps the first (both were computed from the same moves).
    ///
    /// # Errors
    /// The database failed, or the game is not stored.
    pub async fn store_analysis(
        &self,
        id: Uuid,
        nodes: u64,
        body: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        let nodes = i64::try_from(nodes).unwrap_or(i64::MAX);
        on_pool!(self, p => {
            sqlx::query(
                "INSERT INTO analyses (game_id, nodes, body, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(id.to_string())
            .bind(nodes)
            .bind(body)
            .bind(at)
            .execute(p)
            .await
            .map_err(db_err)?;
        });
        Ok(())
    }
}
