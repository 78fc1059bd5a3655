//! Operations on the database itself: consistent backups of a running SQLite database.

use super::{db_err, Pool, Store, StoreError};

impl Store {
    /// Writes a consistent copy of a SQLite database to `path` (`VACUUM INTO`): it reads
    /// one snapshot while the server keeps writing, and the copy is a plain database file
    /// without a journal to replay.
    ///
    /// # Errors
    /// [`StoreError::Url`] on Postgres (use `pg_dump`); a database error, e.g. when `path`
    /// already exists or cannot be written.
    pub async fn backup_into(&self, path: &str) -> Result<(), StoreError> {
        match &self.pool {
            Pool::Sqlite(p) => {
                sqlx::query("VACUUM INTO $1")
                    .bind(path)
                    .execute(p)
                    .await
                    .map_err(db_err)?;
                Ok(())
            }
            Pool::Postgres(_) => Err(StoreError::Url(
                "postgres:... (back up Postgres with pg_dump, see docs/hosting.md)".into(),
            )),
        }
    }
}
