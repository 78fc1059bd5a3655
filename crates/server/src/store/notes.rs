//! The SQL behind the cluster's bus (`crate::cluster::bus`): sending a note, the listener's
//! own connection, and the directors' advisory lock. What a note says is `wire::ipc`'s.

use sqlx::postgres::{PgConnection, PgListener, PgPoolOptions};
use sqlx::Connection;

use super::{db_err, Store, StoreError};
use crate::wire::Note;

impl Store {
    /// Sends `note` now (not at the commit of a transaction).
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn notify(&self, note: &Note) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(note.channel())
            .bind(note.payload())
            .execute(self.cluster_pool()?)
            .await
            .map_err(db_err)?;
        Ok(())
    }

    /// Sends every note of `notes` in one statement.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn notify_all(&self, notes: &[Note]) -> Result<(), StoreError> {
        if notes.is_empty() {
            return Ok(());
        }
        let channels: Vec<String> = notes.iter().map(Note::channel).collect();
        let payloads: Vec<String> = notes.iter().map(Note::payload).collect();
        sqlx::query("SELECT pg_notify(u.c, u.p) FROM UNNEST($1::text[], $2::text[]) AS u (c, p)")
            .bind(channels)
            .bind(payloads)
            .execute(self.cluster_pool()?)
            .await
            .map_err(db_err)?;
        Ok(())
    }

    /// A listener on a connection of its own (not one of the pool's: it is held for good),
    /// listening on `channels`, and its backend pid (tests cut it with
    /// `pg_terminate_backend`). It does not reconnect by itself: its owner does, and then
    /// knows that notes may have been missed.
    ///
    /// # Errors
    /// Not Postgres, or a database failure.
    pub async fn listener(&self, channels: &[String]) -> Result<(PgListener, i32), StoreError> {
        let options = (*self.cluster_pool()?.connect_options()).clone();
        let own = PgPoolOptions::new()
            .max_connections(1)
            .min_connections(0)
            .max_lifetime(None)
            .idle_timeout(None)
            .connect_lazy_with(options);
        let mut listener = PgListener::connect_with(&own).await.map_err(db_err)?;
        listener.eager_reconnect(false);
        let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
            .fetch_one(&mut listener)
            .await
            .map_err(db_err)?;
        listener
            .listen_all(channels.iter().map(String::as_str))
            .await
            .map_err(db_err)?;
        Ok((listener, pid))
    }

    /// The advisory lock `key` on a connection of its own, which holds it until closed (or
    /// lost); `None` while another connection holds it, or when none can be made.
    pub async fn try_advisory_lock(&self, key: i64) -> Option<PgConnection> {
        let pool = self.postgres()?;
        let mut conn = match PgConnection::connect_with(&pool.connect_options()).await {
            Ok(c) => c,
            Err(e) => {
                tracing::debug!(error = %e, "no connection for an advisory lock");
                return None;
            }
        };
        let won: Result<bool, sqlx::Error> = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(key)
            .fetch_one(&mut conn)
            .await;
        match won {
            Ok(true) => Some(conn),
            Ok(false) => {
                let _ = conn.close().await;
                None
            }
            Err(e) => {
                tracing::debug!(error = %e, "an advisory lock not tried");
                None
            }
        }
    }
}
