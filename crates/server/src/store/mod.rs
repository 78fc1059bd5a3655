//! Durable storage on SQLite (the embedded default) or Postgres, through sqlx.
//!
//! One schema (`migrations/` at the repository root, embedded) serves both backends: ids are
//! uuid strings, times are milliseconds (BIGINT), structured values are JSON text.
//!
//! Why not `sqlx::AnyPool`: the Any driver is built from a URL, so SQLite's connection
//! settings (create the file, WAL journal, `synchronous=FULL`, busy timeout) cannot be set
//! through typed options, and its type mapping is narrower. Instead [`Store`] holds either a
//! `SqlitePool` or a `PgPool`, and each statement is one SQL text (`$1` placeholders work on
//! both) run through the `on_pool!` macro, which expands the same code once per backend.
//!
//! Writes of the rooms (logs, moves, game starts and ends) go through the [`Writer`] task,
//! which commits the writes of many rooms in one transaction.

mod connect;
mod wal;
mod writer;

use sqlx::postgres::PgPool;
use sqlx::sqlite::{SqliteConnection, SqlitePool};
use sqlx::ConnectOptions;

pub use connect::{redact_url, retry_unreachable, Database, Password};
pub use writer::{
    Paused, Reserved, Writer, WriterConfig, DEFAULT_CHECKPOINT_EVERY,
    DEFAULT_QUEUE as DEFAULT_WRITE_QUEUE, DEFAULT_WAL_PAGES,
    DEFAULT_WRITERS as DEFAULT_STORE_WRITERS, MAX_WRITERS as MAX_STORE_WRITERS,
};

/// Milliseconds since the Unix epoch, for rows and the lobby's timestamps.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Which database a [`Store`] talks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite file (or memory).
    Sqlite,
    /// Postgres server.
    Postgres,
}

/// The database handle; cheap to clone (the pool is shared).
#[derive(Clone, Debug)]
pub struct Store {
    backend: Backend,
    pool: Pool,
    /// A SQLite file (not memory): the writer may open connections of its own.
    sqlite_file: bool,
}

/// The embedded migrations (`migrations/` at the repository root).
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations");

#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$p` bound to the concrete pool: the code is expanded once per backend,
/// so every `query(..).bind(..)` is typed for that driver.
macro_rules! on_pool {
    ($store:expr, $p:ident => $body:expr) => {
        match &$store.pool {
            Pool::Sqlite($p) => $body,
            Pool::Postgres($p) => $body,
        }
    };
}

// After `on_pool!`, which it uses.
mod accounts;
mod analysis;
mod chat;
mod error;
mod games;
mod heartbeat;
mod mail;
mod nodes;
mod notes;
mod ops;
mod pg;
mod players;
mod ratings;
mod relay;
mod rooms;
mod rows;
mod script;
mod shared_lobby;
mod tournaments;

pub use error::{Outage, StoreError};
pub use games::MAX_PAGE;
pub use rows::{
    GameFilter, GameFinish, GameRow, LiveRoom, LogRow, MoveRow, PlayerRow, RoomRow, Write,
};
// What the queries of several files share.
use error::{db_err, parse_uuid, sqlx_unavailable};
use rooms::{with_logs, RawLog, RawRoom, ROOM_COLUMNS};

pub use accounts::{AccountRow, AuditRow, NewAccount, PlayerListing, SessionRow, TokenOwner};
pub use chat::ChatRow;
pub use mail::{DueDigest, MailRow};
pub use nodes::{Claimed, StoredOwner};
pub use ratings::{RatedAccount, RatedGame, RatedSeat, RatingChange, RatingRow};
pub use relay::InboxRow;
pub use shared_lobby::ListingRow;
pub use tournaments::{
    EntrantRow, JoinOutcome, PlayerTournament, RoomOutcome, StoredTournament, TournamentGameRow,
    TournamentRow,
};

impl Store {
    /// The backend.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// On Postgres: a connection the writer keeps from one batch to the next.
    fn held_postgres(&self) -> Option<pg::Held> {
        match &self.pool {
            Pool::Postgres(p) => Some(pg::Held::new(p.clone())),
            Pool::Sqlite(_) => None,
        }
    }

    /// A connection of its own to a SQLite file, outside the pool, with the pool's settings
    /// and `pragmas` on top (for the writer and its checkpoint task). `None` on Postgres and
    /// for a memory database, which lives in its one pooled connection.
    async fn dedicated_sqlite(
        &self,
        pragmas: &[(&'static str, String)],
    ) -> Option<Result<SqliteConnection, StoreError>> {
        let Pool::Sqlite(p) = &self.pool else {
            return None;
        };
        if !self.sqlite_file {
            return None;
        }
        let mut opts = (*p.connect_options()).clone();
        for (key, value) in pragmas {
            opts = opts.pragma(*key, value.clone());
        }
        Some(opts.connect().await.map_err(db_err))
    }

    /// Applies the embedded migrations (those already applied are skipped).
    ///
    /// # Errors
    /// A migration failed.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        on_pool!(self, p => MIGRATOR.run(p).await?);
        Ok(())
    }

    /// Closes every connection (waits for those in use). Later calls fail.
    pub async fn close(&self) {
        on_pool!(self, p => p.close().await);
    }

    /// Checks the database answers (`/readyz`).
    ///
    /// # Errors
    /// The database does not answer.
    pub async fn ping(&self) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query("SELECT 1").execute(p).await.map_err(db_err)?;
        });
        Ok(())
    }

    /// Commits `writes` in one transaction (the [`Writer`] calls this with batches).
    ///
    /// Few statements per batch: rows are grouped by table in the order their keys need
    /// (new rooms, new games, then every log row and every move in multi-row inserts), then
    /// the state changes and game ends in the order given. On Postgres the whole batch is
    /// one statement the connection keeps prepared, each table's rows as arrays (see `pg`);
    /// on SQLite it is one script sent to the connection's thread at once (see `script`).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for a duplicate key, [`StoreError::Missing`] for a state
    /// change of a room or game never stored, other database failures; nothing is committed.
    pub async fn commit(&self, writes: &[Write]) -> Result<(), StoreError> {
        self.commit_counted(writes).await.map(|_| ())
    }

    /// [`Store::commit`], returning how many statements it ran (for `/metrics`, and the
    /// tests that check a move costs the same at any ply).
    ///
    /// # Errors
    /// As [`Store::commit`].
    pub async fn commit_counted(&self, writes: &[Write]) -> Result<usize, StoreError> {
        if writes.is_empty() {
            return Ok(0);
        }
        match &self.pool {
            Pool::Sqlite(p) => {
                let mut conn = p.acquire().await.map_err(db_err)?;
                script::commit(&mut conn, writes).await
            }
            Pool::Postgres(p) => {
                let mut conn = p.acquire().await.map_err(db_err)?;
                pg::commit(&mut conn, writes).await
            }
        }
    }
}

/// Records the server's heartbeat (one row).
const HEARTBEAT_UPSERT: &str = "INSERT INTO server_heartbeat (id, seen_at) VALUES (1, $1) \
     ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at";

/// The table of log rows and its columns, their number.
const LOG_TABLE: &str = "room_log (room_id, seq, at, actor, command)";
const LOG_COLUMNS: usize = 5;
/// The table of moves and its columns, their number.
const MOVE_TABLE: &str = "moves (game_id, ply, seat, notation, clock_ms, at)";
const MOVE_COLUMNS: usize = 6;
