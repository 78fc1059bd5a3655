//! The nodes of a cluster on Postgres (migration 0008; `docs/cluster.md`).
//!
//! Times here are the database's clock ([`DB_NOW_MS`]), never a node's: two nodes whose
//! clocks disagree still agree on whose lease has lapsed.

use super::{db_err, Pool, Store, StoreError};

/// The database's clock in milliseconds since the epoch, as an SQL expression.
pub(crate) const DB_NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::int8";

impl Store {
    /// The Postgres pool (`None` on SQLite, which is one node).
    pub(crate) fn postgres(&self) -> Option<&sqlx::PgPool> {
        match &self.pool {
            Pool::Postgres(p) => Some(p),
            Pool::Sqlite(_) => None,
        }
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
