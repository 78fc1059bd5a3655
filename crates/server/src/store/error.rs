//! Why a store call failed, and which failures mean "not now" (worth a retry, answered 503)
//! rather than "refused".

use uuid::Uuid;

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    /// Applying migrations failed.
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The URL names no supported database.
    #[error("unsupported database URL `{0}` (expected sqlite://... or postgres://...)")]
    Url(String),
    /// A row already exists (unique key).
    #[error("already stored: {0}")]
    Conflict(String),
    /// A stored value cannot be read back.
    #[error("corrupt stored value: {0}")]
    Corrupt(String),
    /// The writer task has stopped (shutdown).
    #[error("the store writer has stopped")]
    WriterGone,
    /// The writer's queue is full: the server takes more than it can store (nothing was
    /// stored; try again shortly).
    #[error("the store is overloaded; try again shortly")]
    Busy,
    /// A write refers to a row that does not exist (a room or game never stored).
    #[error("not stored: {0}")]
    Missing(String),
    /// The database did not answer (at start, after the wait; or a batch of the writer
    /// whose connection failed: nothing of it was stored).
    #[error("the database is not reachable: {0}")]
    Unreachable(String),
    /// The database answers but cannot write (out of disk space, an I/O error): nothing
    /// of the batch was stored. Said apart from [`StoreError::Unreachable`] so an answer
    /// blames the disk, not the connection.
    #[error("the database cannot write: {0}")]
    CannotWrite(String),
    /// The room's writes were refused because another node owns it now (its owner is no
    /// longer the epoch the writes were fenced with, `Write::Fence`): nothing was stored,
    /// and this node must stop serving the room.
    #[error("room {0} is owned by another node")]
    Fenced(Uuid),
}

/// Why the database cannot serve a request now, as opposed to refusing what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outage {
    /// No answer: unreachable, starting or stopping, no free connection in time, busy.
    NotAnswering,
    /// It answers but cannot write: out of disk space, an I/O error.
    CannotWrite,
}

/// Postgres SQLSTATEs that mean "not serving now" rather than "refused": out of disk
/// (53100) cannot write; starting up or shutting down (57P03, 57P01, 57P02) or a failed
/// connection (class 08) does not answer.
fn pg_outage(code: &str) -> Option<Outage> {
    match code {
        "53100" => Some(Outage::CannotWrite),
        "57P01" | "57P02" | "57P03" => Some(Outage::NotAnswering),
        c if c.starts_with("08") => Some(Outage::NotAnswering),
        _ => None,
    }
}

/// SQLite primary result codes that mean the store cannot serve now, whatever was asked:
/// disk I/O error (10) and disk full (13) cannot write; busy past the busy timeout (5),
/// locked (6) and cannot open the file (14) do not answer.
fn sqlite_outage(code: i64) -> Option<Outage> {
    match code & 0xff {
        10 | 13 => Some(Outage::CannotWrite),
        5 | 6 | 14 => Some(Outage::NotAnswering),
        _ => None,
    }
}

impl StoreError {
    /// Whether the database is not answering or cannot write right now (unreachable, no
    /// free connection in time, disk full, I/O error), rather than refusing what was asked:
    /// worth a retry later, and the HTTP answer is 503 `unavailable`.
    pub fn is_unavailable(&self) -> bool {
        self.outage().is_some()
    }

    /// Which outage this error is, if it is one ([`StoreError::is_unavailable`]).
    pub fn outage(&self) -> Option<Outage> {
        match self {
            StoreError::Unreachable(_) => Some(Outage::NotAnswering),
            StoreError::CannotWrite(_) => Some(Outage::CannotWrite),
            StoreError::Sqlx(e) | StoreError::Migrate(sqlx::migrate::MigrateError::Execute(e)) => {
                sqlx_outage(e)
            }
            _ => None,
        }
    }
}

/// [`StoreError::is_unavailable`] of a driver error.
pub(super) fn sqlx_unavailable(e: &sqlx::Error) -> bool {
    sqlx_outage(e).is_some()
}

/// [`StoreError::outage`] of a driver error.
fn sqlx_outage(e: &sqlx::Error) -> Option<Outage> {
    match e {
        sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut => Some(Outage::NotAnswering),
        sqlx::Error::Database(d) => match d.try_downcast_ref::<sqlx::sqlite::SqliteError>() {
            Some(_) => d
                .code()
                .and_then(|c| c.parse::<i64>().ok())
                .and_then(sqlite_outage),
            None => d.code().and_then(|c| pg_outage(&c)),
        },
        _ => None,
    }
}

/// A database error, with unique-key violations turned into [`StoreError::Conflict`].
pub(super) fn db_err(e: sqlx::Error) -> StoreError {
    if let sqlx::Error::Database(d) = &e {
        if d.is_unique_violation() {
            return StoreError::Conflict(d.message().to_string());
        }
    }
    StoreError::Sqlx(e)
}

/// `s` as a uuid; a stored value that is not one is [`StoreError::Corrupt`], naming `what`.
pub(super) fn parse_uuid(s: &str, what: &str) -> Result<Uuid, StoreError> {
    Uuid::parse_str(s).map_err(|e| StoreError::Corrupt(format!("{what} `{s}`: {e}")))
}
