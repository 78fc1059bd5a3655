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

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection};
use uuid::Uuid;

pub use connect::{retry_unreachable, Database, Password};
pub use writer::{
    Paused, Reserved, Writer, WriterConfig, DEFAULT_CHECKPOINT_EVERY,
    DEFAULT_QUEUE as DEFAULT_WRITE_QUEUE, DEFAULT_WAL_PAGES,
    DEFAULT_WRITERS as DEFAULT_STORE_WRITERS, MAX_WRITERS as MAX_STORE_WRITERS,
};

/// The `WHERE` clause of [`Store::list_games`] (empty without conditions), its values
/// pushed onto `args`.
fn game_conditions(filter: &GameFilter, args: &mut Args) -> String {
    let mut conds: Vec<String> = Vec::new();
    if let Some(player) = filter.player {
        let pp = args.push(Arg::Text(player.to_string()));
        let verdict = match filter.result.as_deref() {
            None => String::new(),
            Some("decisive") => " AND gp.verdict IN ('win', 'loss')".to_string(),
            Some(r) => format!(" AND gp.verdict = {}", args.push(Arg::Text(r.to_string()))),
        };
        conds.push(format!(
            "EXISTS (SELECT 1 FROM game_players gp WHERE gp.game_id = g.id \
             AND gp.player_id = {pp}{verdict})"
        ));
    } else {
        match filter.result.as_deref() {
            None => {}
            Some("decisive") => conds.push("g.winners <> ''".to_string()),
            Some("draw") => conds.push("g.winners = ''".to_string()),
            Some(_) => conds.push("1 = 0".to_string()),
        }
    }
    if let Some(v) = &filter.variant {
        conds.push(format!("g.variant = {}", args.push(Arg::Text(v.clone()))));
    }
    if let Some(from) = filter.from {
        conds.push(format!("g.started_at >= {}", args.push(Arg::Int(from))));
    }
    if let Some(to) = filter.to {
        conds.push(format!("g.started_at < {}", args.push(Arg::Int(to))));
    }
    if filter.finished_only {
        conds.push("g.finished_at IS NOT NULL".to_string());
    }
    if conds.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conds.join(" AND "))
    }
}

/// `url` with its password replaced by `***`, for messages and logs: a database URL is
/// printed when the database cannot be opened, and `docker compose logs` must not show the
/// password. The password runs from the first `:` after the scheme's `//` to the last `@`
/// (a password pasted unescaped may itself hold `@`, `/`, `:` or `#`); a URL without one
/// is returned as it is.
pub fn redact_url(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else {
        return url.to_string();
    };
    let rest = &url[start..];
    let (Some(colon), Some(at)) = (rest.find(':'), rest.rfind('@')) else {
        return url.to_string();
    };
    if colon >= at {
        return url.to_string();
    }
    format!("{}{}:***{}", &url[..start], &rest[..colon], &rest[at..])
}

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
    /// The room's writes were refused because another node owns it now (its owner is no
    /// longer the epoch the writes were fenced with, `Write::Fence`): nothing was stored,
    /// and this node must stop serving the room.
    #[error("room {0} is owned by another node")]
    Fenced(Uuid),
}

/// Postgres SQLSTATEs that mean "not answering now" rather than "refused": the server is
/// starting up or shutting down (57P03, 57P01, 57P02), out of disk (53100), or the
/// connection failed (class 08).
fn pg_unavailable(code: &str) -> bool {
    matches!(code, "57P01" | "57P02" | "57P03" | "53100") || code.starts_with("08")
}

/// SQLite primary result codes that mean the store cannot write now, whatever was asked:
/// busy past the busy timeout (5), locked (6), disk I/O error (10), disk full (13), cannot
/// open the file (14).
fn sqlite_unavailable(code: i64) -> bool {
    matches!(code & 0xff, 5 | 6 | 10 | 13 | 14)
}

impl StoreError {
    /// Whether the database is not answering or cannot write right now (unreachable, no
    /// free connection in time, disk full, I/O error), rather than refusing what was asked:
    /// worth a retry later, and the HTTP answer is 503 `unavailable`.
    pub fn is_unavailable(&self) -> bool {
        match self {
            StoreError::Unreachable(_) => true,
            StoreError::Sqlx(e) | StoreError::Migrate(sqlx::migrate::MigrateError::Execute(e)) => {
                sqlx_unavailable(e)
            }
            _ => false,
        }
    }
}

/// [`StoreError::is_unavailable`] of a driver error.
fn sqlx_unavailable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut => true,
        sqlx::Error::Database(d) => match d.try_downcast_ref::<sqlx::sqlite::SqliteError>() {
            Some(_) => d
                .code()
                .and_then(|c| c.parse::<i64>().ok())
                .is_some_and(sqlite_unavailable),
            None => d.code().is_some_and(|c| pg_unavailable(&c)),
        },
        _ => false,
    }
}

/// A player identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Id.
    pub id: Uuid,
    /// Display name.
    pub name: String,
    /// Hex SHA-256 of the secret token.
    pub token_hash: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

/// A room's settings and state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRow {
    /// Id.
    pub id: Uuid,
    /// Game key (`neva`, ...).
    pub variant: String,
    /// Options as JSON: an object of key -> value strings (non-default ones suffice).
    pub options: String,
    /// The host's player id.
    pub host: Uuid,
    /// The host's display name at creation.
    pub host_name: String,
    /// `public` or `private`.
    pub visibility: String,
    /// Invite code of a private room.
    pub invite_code: Option<String>,
    /// Time control as JSON (lobby `TimeControl`).
    pub time_control: String,
    /// Disconnect grace period.
    pub grace_ms: i64,
    /// `waiting`, `playing`, `finished` or `aborted`.
    pub state: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    /// The room starts by itself when its last free seat is filled.
    pub auto_start: bool,
    /// A paired room's seats given at creation as JSON (see `migrations/0007`); empty for
    /// a room whose seats are taken as usual.
    pub seated: String,
    /// A paired room's no-show wait (ms).
    pub no_show_ms: Option<i64>,
    /// The game changes its players' ratings (`rooms.rated`).
    pub rated: bool,
    /// The epoch of the node that owns the room (`rooms.owner`, migration 0008; `None`:
    /// nobody, and always on SQLite, which is one node).
    pub owner: Option<i64>,
}

/// One accepted room command, in order: the durable history a room is rebuilt from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRow {
    /// The room.
    pub room_id: Uuid,
    /// Position in the room's log, from 0 without gaps (unique per room).
    pub seq: i64,
    /// When the room accepted it (lobby timestamp, ms).
    pub at: i64,
    /// The lobby `Actor` as JSON.
    pub actor: String,
    /// The lobby `Command` as JSON.
    pub command: String,
}

/// A game (one per started room).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Id (the room's id: a room plays one game; a rematch is a new room).
    pub id: Uuid,
    /// Game key.
    pub variant: String,
    /// Options as JSON (object of key -> value strings).
    pub options: String,
    /// Start position string.
    pub start_position: String,
    /// Seats as JSON: object seat key -> `{"player": uuid|null, "name": str, "bot": {...}|null}`.
    pub seats: String,
    /// Player ids seated, for filtering (each with its seat key).
    pub players: Vec<(String, Uuid)>,
    /// Outcome as JSON (lobby `Outcome`) once finished.
    pub result: Option<String>,
    /// End reason key once finished (`captured_all`, `resigned`, ...).
    pub reason: Option<String>,
    /// Winning seat keys, comma-separated, once finished (empty for a draw).
    pub winners: Option<String>,
    /// Milliseconds since the epoch.
    pub started_at: i64,
    /// Milliseconds since the epoch, once finished.
    pub finished_at: Option<i64>,
}

/// One move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The game.
    pub game_id: Uuid,
    /// Ply, from 0 (unique per game).
    pub ply: i64,
    /// Seat key of the mover.
    pub seat: String,
    /// Canonical notation.
    pub notation: String,
    /// The mover's clock after the move, if the game is timed.
    pub clock_ms: Option<i64>,
    /// Milliseconds since the epoch.
    pub at: i64,
}

/// How a finished game ended, per seat, for [`Write::FinishGame`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFinish {
    /// The game.
    pub id: Uuid,
    /// Outcome JSON.
    pub result: String,
    /// End reason key.
    pub reason: String,
    /// Winning seat keys, comma-separated (empty for a draw).
    pub winners: String,
    /// Per seated player: seat key and `win`, `loss` or `draw`.
    pub verdicts: Vec<(String, String)>,
    /// Milliseconds since the epoch.
    pub finished_at: i64,
    /// A rated game: its pool and players, whose ratings the writer changes in the same
    /// transaction (see `ratings`); `None` for a casual game.
    pub rating: Option<RatedGame>,
}

/// Filter and page of [`Store::list_games`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Only games this player sat in.
    pub player: Option<Uuid>,
    /// Only this game key.
    pub variant: Option<String>,
    /// With `player`: only games the player won (`win`), lost (`loss`) or drew (`draw`);
    /// without: `decisive` or `draw`.
    pub result: Option<String>,
    /// Only games started at or after this time (ms).
    pub from: Option<i64>,
    /// Only games started before this time (ms).
    pub to: Option<i64>,
    /// Only finished games (default true for history).
    pub finished_only: bool,
    /// Page size (1-100).
    pub limit: u32,
    /// Rows to skip.
    pub offset: u32,
}

/// One durable write, committed by the [`Writer`] together with other rooms' writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// A new room.
    Room(RoomRow),
    /// A room changed state.
    RoomState {
        /// The room.
        id: Uuid,
        /// New state key.
        state: String,
    },
    /// An accepted command.
    Log(LogRow),
    /// A game started.
    StartGame(GameRow),
    /// A move.
    Move(MoveRow),
    /// A game ended.
    FinishGame(GameFinish),
    /// A chat line said in a room.
    Chat(ChatRow),
    /// An admin deleted a chat line.
    DeleteChat {
        /// The room.
        room_id: Uuid,
        /// The line's number in the room.
        id: i64,
    },
    /// The batch stores rows of `room` only while the room is owned by `owner` (an epoch,
    /// see `crate::cluster`): on Postgres the batch locks the room's row and is refused
    /// whole ([`StoreError::Fenced`]) when another node owns it. Ignored on SQLite (one
    /// node). Added by the room task to each of its commands' writes when the cluster is on.
    Fence {
        /// The room.
        room: Uuid,
        /// The epoch the room task holds it with.
        owner: i64,
    },
    /// The server is running at this time (ms; see `Store::heartbeat`). Written by the
    /// writer with the rooms' batches: on SQLite a write from any other connection makes
    /// the writer's connection drop its whole page cache.
    Heartbeat {
        /// Milliseconds since the epoch.
        at: i64,
    },
}

/// A room to rebuild after a restart: its row and its whole log in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRoom {
    /// The room.
    pub room: RoomRow,
    /// Every accepted command, by `seq`.
    pub log: Vec<LogRow>,
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

/// Largest page of [`Store::list_games`].
pub const MAX_PAGE: u32 = 100;

/// Connections of a file SQLite pool (WAL lets readers run beside the one writer).
const SQLITE_CONNECTIONS: u32 = 8;

/// Connections of a Postgres pool.
const PG_CONNECTIONS: u32 = 16;

/// Longest wait for a Postgres connection of the pool: past it the request fails with
/// `sqlx::Error::PoolTimedOut`, which the HTTP API answers 503 `unavailable`. While the
/// database is down every request needing it waits this long (sqlx's default, 30 s, made
/// `/api/me` and a socket upgrade hang that long, issue 24); under load a free connection
/// comes within milliseconds.
const PG_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// How long a SQLite connection waits for another one's write lock.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

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
mod cluster;
mod heartbeat;
mod listing;
mod ops;
mod pg;
mod ratings;
mod relay;
mod script;
mod tournaments;

pub use accounts::{AccountRow, AuditRow, NewAccount, PlayerListing, SessionRow, TokenOwner};
pub use chat::ChatRow;
pub use cluster::{Claimed, StoredOwner};
pub use listing::ListingRow;
pub use ratings::{RatedAccount, RatedGame, RatedSeat, RatingChange, RatingRow};
pub use relay::InboxRow;
pub use tournaments::{
    EntrantRow, PlayerTournament, RoomOutcome, StoredTournament, TournamentGameRow, TournamentRow,
};

/// A database error, with unique-key violations turned into [`StoreError::Conflict`].
fn db_err(e: sqlx::Error) -> StoreError {
    if let sqlx::Error::Database(d) = &e {
        if d.is_unique_violation() {
            return StoreError::Conflict(d.message().to_string());
        }
    }
    StoreError::Sqlx(e)
}

fn parse_uuid(s: &str, what: &str) -> Result<Uuid, StoreError> {
    Uuid::parse_str(s).map_err(|e| StoreError::Corrupt(format!("{what} `{s}`: {e}")))
}

/// The scheme of a URL, for an error message that must not echo a password.
fn scheme_of(url: &str) -> String {
    match url.split_once(':') {
        Some((scheme, _)) => format!("{scheme}:..."),
        None => "(no scheme)".to_string(),
    }
}

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

const ROOM_COLUMNS: &str = "id, variant, options, host, host_name, visibility, invite_code, \
     time_control, grace_ms, state, created_at, auto_start, seated, no_show_ms, rated, owner";

#[derive(sqlx::FromRow)]
struct RawRoom {
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
struct RawLog {
    room_id: String,
    seq: i64,
    at: i64,
    actor: String,
    command: String,
}

impl RawLog {
    fn into_row(self) -> Result<LogRow, StoreError> {
        Ok(LogRow {
            room_id: parse_uuid(&self.room_id, "log room id")?,
            seq: self.seq,
            at: self.at,
            actor: self.actor,
            command: self.command,
        })
    }
}

const GAME_COLUMNS: &str = "g.id, g.variant, g.options, g.start_position, g.seats, g.result, \
     g.reason, g.winners, g.started_at, g.finished_at";

#[derive(sqlx::FromRow)]
struct RawGame {
    id: String,
    variant: String,
    options: String,
    start_position: String,
    seats: String,
    result: Option<String>,
    reason: Option<String>,
    winners: Option<String>,
    started_at: i64,
    finished_at: Option<i64>,
}

impl RawGame {
    fn into_row(self, players: Vec<(String, Uuid)>) -> Result<GameRow, StoreError> {
        Ok(GameRow {
            id: parse_uuid(&self.id, "game id")?,
            variant: self.variant,
            options: self.options,
            start_position: self.start_position,
            seats: self.seats,
            players,
            result: self.result,
            reason: self.reason,
            winners: self.winners,
            started_at: self.started_at,
            finished_at: self.finished_at,
        })
    }
}

#[derive(sqlx::FromRow)]
struct RawSeat {
    game_id: String,
    seat: String,
    player_id: String,
}

#[derive(sqlx::FromRow)]
struct RawMove {
    game_id: String,
    ply: i64,
    seat: String,
    notation: String,
    clock_ms: Option<i64>,
    at: i64,
}

impl RawMove {
    fn into_row(self) -> Result<MoveRow, StoreError> {
        Ok(MoveRow {
            game_id: parse_uuid(&self.game_id, "move game id")?,
            ply: self.ply,
            seat: self.seat,
            notation: self.notation,
            clock_ms: self.clock_ms,
            at: self.at,
        })
    }
}

/// A bind value of a query built at run time.
#[derive(Clone, Debug)]
enum Arg {
    Text(String),
    Int(i64),
}

/// `$n` placeholders and their values, for [`Store::list_games`].
#[derive(Default)]
struct Args(Vec<Arg>);

impl Args {
    /// Adds a value; returns its placeholder.
    fn push(&mut self, a: Arg) -> String {
        self.0.push(a);
        format!("${}", self.0.len())
    }
}

impl Store {
    /// Connects to `url` (`sqlite://path` creates the file; `sqlite::memory:` for tests;
    /// `postgres://...`).
    ///
    /// SQLite runs with a WAL journal and `synchronous=FULL`: a committed transaction
    /// survives a crash of the process and of the machine. A memory database lives in its
    /// connection, so its pool has exactly one connection that is never recycled.
    ///
    /// # Errors
    /// Unsupported URL or connection failure.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::connect(&Database::new(url)).await
    }

    /// [`Store::open`] with a password given apart from the URL ([`Database::password`],
    /// set on the connection options after the URL is parsed: any characters). On
    /// Postgres one connection is made first, within 10 s (`CONNECT_TIMEOUT`), so that
    /// an unreachable server is reported with its cause (the pool would retry it silently
    /// until its acquire timeout, then say only that it timed out).
    ///
    /// # Errors
    /// Unsupported URL or connection failure.
    pub async fn connect(db: &Database) -> Result<Store, StoreError> {
        let url = db.url.as_str();
        if url.starts_with("sqlite:") {
            let opts = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .foreign_keys(true)
                // A multi-row insert inside a transaction keeps a statement journal (to
                // undo just that statement); in memory it is not a temporary file written
                // page by page on every commit.
                .pragma("temp_store", "memory");
            let memory = url.contains(":memory:") || url.contains("mode=memory");
            // The writer's checkpoint task copies the WAL into the file, off the commits'
            // path (see `wal`); no connection checkpoints inside its own commit.
            let opts = if memory {
                opts
            } else {
                opts.pragma("wal_autocheckpoint", "0")
            };
            if !memory {
                // First run: make the folder too (e.g. a fresh volume's `data/`).
                if let Some(dir) = opts.get_filename().parent() {
                    if !dir.as_os_str().is_empty() {
                        std::fs::create_dir_all(dir)
                            .map_err(|e| StoreError::Sqlx(sqlx::Error::Io(e)))?;
                    }
                }
            }
            let pool = if memory {
                SqlitePoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
                    .connect_with(opts)
                    .await?
            } else {
                SqlitePoolOptions::new()
                    .max_connections(SQLITE_CONNECTIONS)
                    // A local file does not drop connections: no ping (a round trip to the
                    // connection's thread) before each use.
                    .test_before_acquire(false)
                    .connect_with(opts)
                    .await?
            };
            Ok(Store {
                backend: Backend::Sqlite,
                pool: Pool::Sqlite(pool),
                sqlite_file: !memory,
            })
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // The writer's batch statement (see `pg`) has one best plan whatever the
            // batch holds; left to choose, Postgres plans it again for every batch (its
            // arrays' lengths change the estimates), which cost more than running it.
            let mut opts = PgConnectOptions::from_str(url)?
                .options([("plan_cache_mode", "force_generic_plan")]);
            if let Some(password) = &db.password {
                opts = opts.password(password.expose());
            }
            let first = tokio::time::timeout(connect::CONNECT_TIMEOUT, opts.connect())
                .await
                .map_err(|_| {
                    StoreError::Unreachable(format!(
                        "no connection within {} s",
                        connect::CONNECT_TIMEOUT.as_secs()
                    ))
                })??;
            // It proved the server answers; the pool makes its own.
            let _ = first.close().await;
            let pool = PgPoolOptions::new()
                .max_connections(PG_CONNECTIONS)
                .acquire_timeout(PG_ACQUIRE_TIMEOUT)
                .connect_with(opts)
                .await?;
            Ok(Store {
                backend: Backend::Postgres,
                pool: Pool::Postgres(pool),
                sqlite_file: false,
            })
        } else {
            Err(StoreError::Url(scheme_of(url)))
        }
    }

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

    /// A game and its moves in ply order.
    ///
    /// # Errors
    /// Database failure.
    pub async fn game(&self, id: Uuid) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let game_sql = format!("SELECT {GAME_COLUMNS} FROM games g WHERE g.id = $1");
        let found: Option<(RawGame, Vec<RawSeat>, Vec<RawMove>)> = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let game: Option<RawGame> = sqlx::query_as(&game_sql)
                .bind(id.to_string())
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_err)?;
            let found = match game {
                None => None,
                Some(game) => {
                    let seats = sqlx::query_as(
                        "SELECT game_id, seat, player_id FROM game_players WHERE game_id = $1 \
                         ORDER BY pos",
                    )
                    .bind(id.to_string())
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(db_err)?;
                    let moves = sqlx::query_as(
                        "SELECT game_id, ply, seat, notation, clock_ms, at FROM moves \
                         WHERE game_id = $1 ORDER BY ply",
                    )
                    .bind(id.to_string())
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(db_err)?;
                    Some((game, seats, moves))
                }
            };
            tx.commit().await.map_err(db_err)?;
            found
        });
        let Some((game, seats, moves)) = found else {
            return Ok(None);
        };
        let players = seats
            .into_iter()
            .map(|s| Ok((s.seat, parse_uuid(&s.player_id, "seat player id")?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let moves = moves
            .into_iter()
            .map(RawMove::into_row)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game.into_row(players)?, moves)))
    }

    /// Games matching `filter`, newest first (by start time, then id, so pages are stable).
    ///
    /// The limit is clamped to 1..=[`MAX_PAGE`]. `result` with a player is that player's
    /// verdict (`win`, `loss`, `draw`; `decisive` = win or loss); without a player it is
    /// `decisive` or `draw`; any other value matches nothing.
    ///
    /// # Errors
    /// Database failure.
    pub async fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameRow>, StoreError> {
        let mut args = Args::default();
        let where_sql = game_conditions(filter, &mut args);
        let limit = args.push(Arg::Int(i64::from(filter.limit.clamp(1, MAX_PAGE))));
        let offset = args.push(Arg::Int(i64::from(filter.offset)));
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games g{where_sql} \
             ORDER BY g.started_at DESC, g.id DESC LIMIT {limit} OFFSET {offset}"
        );
        let (games, seats): (Vec<RawGame>, Vec<RawSeat>) = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let mut q = sqlx::query_as::<_, RawGame>(&sql);
            for a in &args.0 {
                q = match a {
                    Arg::Text(s) => q.bind(s.clone()),
                    Arg::Int(i) => q.bind(*i),
                };
            }
            let games = q.fetch_all(&mut *tx).await.map_err(db_err)?;
            let seats = if games.is_empty() {
                Vec::new()
            } else {
                let marks: Vec<String> = (1..=games.len()).map(|i| format!("${i}")).collect();
                let seat_sql = format!(
                    "SELECT game_id, seat, player_id FROM game_players \
                     WHERE game_id IN ({}) ORDER BY game_id, pos",
                    marks.join(", ")
                );
                let mut q = sqlx::query_as::<_, RawSeat>(&seat_sql);
                for g in &games {
                    q = q.bind(g.id.clone());
                }
                q.fetch_all(&mut *tx).await.map_err(db_err)?
            };
            tx.commit().await.map_err(db_err)?;
            (games, seats)
        });
        let mut by_game: std::collections::HashMap<String, Vec<(String, Uuid)>> =
            std::collections::HashMap::new();
        for s in seats {
            let player = parse_uuid(&s.player_id, "seat player id")?;
            by_game.entry(s.game_id).or_default().push((s.seat, player));
        }
        games
            .into_iter()
            .map(|g| {
                let players = by_game.remove(&g.id).unwrap_or_default();
                g.into_row(players)
            })
            .collect()
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

/// Each of `rooms` with its rows of `logs` (read in seq order), in the rooms' order.
fn with_logs(rooms: Vec<RawRoom>, logs: Vec<RawLog>) -> Result<Vec<LiveRoom>, StoreError> {
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

#[cfg(test)]
mod tests {
    use super::redact_url;

    #[test]
    fn a_database_password_never_reaches_a_message() {
        let cases = [
            (
                "postgres://checkerhall:secret@db:5432/checkerhall",
                "postgres://checkerhall:***@db:5432/checkerhall",
            ),
            // The password of issue 24's crash loop, pasted unescaped.
            (
                "postgres://checkerhall:p@ss/w:rd#1@db:5432/checkerhall",
                "postgres://checkerhall:***@db:5432/checkerhall",
            ),
            ("postgres://db/checkerhall", "postgres://db/checkerhall"),
            ("postgres://user@db/x", "postgres://user@db/x"),
            ("sqlite://checkerhall.db", "sqlite://checkerhall.db"),
            ("sqlite::memory:", "sqlite::memory:"),
        ];
        for (url, shown) in cases {
            assert_eq!(redact_url(url), shown, "{url}");
        }
    }
}
