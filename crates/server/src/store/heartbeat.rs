//! When the server was last seen running (migration 0004), so that a restart can give the
//! time it was down back to the running clocks, whether it stopped cleanly or was killed.
//!
//! While the server runs, its heartbeats go through the writer ([`Writer::heartbeat`]); this
//! direct write is for the last one, after the writer has stopped.

use super::{db_err, Pool, Store, StoreError, Write, Writer, HEARTBEAT_UPSERT};

impl Store {
    /// Records that the server is running at `at` (ms).
    ///
    /// # Errors
    /// Database failure.
    pub async fn heartbeat(&self, at: i64) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query(HEARTBEAT_UPSERT)
            .bind(at)
            .execute(p)
            .await
            .map_err(db_err)?;
        });
        Ok(())
    }

    /// When the server was last seen running; `None` before its first heartbeat.
    ///
    /// # Errors
    /// Database failure.
    pub async fn last_heartbeat(&self) -> Result<Option<i64>, StoreError> {
        let seen: Option<(i64,)> = on_pool!(self, p => {
            sqlx::query_as("SELECT seen_at FROM server_heartbeat WHERE id = 1")
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        Ok(seen.map(|(at,)| at))
    }
}

impl Writer {
    /// Records that the server is running at `at` (ms), committed with the rooms' writes.
    ///
    /// # Errors
    /// As [`Writer::write`].
    pub async fn heartbeat(&self, at: i64) -> Result<(), StoreError> {
        self.write(vec![Write::Heartbeat { at }]).await
    }
}
