//! Durable storage on SQLite (the embedded default) or Postgres, through sqlx.
//!
//! INTERFACE SKELETON — the store helper replaces every `unimplemented!` body (and may add
//! private helpers and submodules). Signatures and row types are the contract the HTTP and
//! rooms modules are written against: change them only by agreement.

use std::sync::Arc;

use uuid::Uuid;

use crate::metrics::Metrics;

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
}

/// A room to rebuild after a restart: its row and its whole log in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRoom {
    /// The room.
    pub room: RoomRow,
    /// Every accepted command, by `seq`.
    pub log: Vec<LogRow>,
}

/// The database handle; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    backend: Backend,
}

impl Store {
    /// Connects to `url` (`sqlite://path` creates the file; `sqlite::memory:` for tests;
    /// `postgres://...`).
    ///
    /// # Errors
    /// Unsupported URL or connection failure.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        unimplemented!("store::open {url}")
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Applies the embedded migrations.
    ///
    /// # Errors
    /// A migration failed.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        unimplemented!()
    }

    /// Checks the database answers (`/readyz`).
    ///
    /// # Errors
    /// The database does not answer.
    pub async fn ping(&self) -> Result<(), StoreError> {
        unimplemented!()
    }

    /// Stores a new player.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for a duplicate id or token.
    pub async fn insert_player(&self, p: &PlayerRow) -> Result<(), StoreError> {
        unimplemented!("{p:?}")
    }

    /// The player with this token hash.
    ///
    /// # Errors
    /// Database failure.
    pub async fn player_by_token_hash(&self, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        unimplemented!("{hash}")
    }

    /// Renames a player; false if there is no such player.
    ///
    /// # Errors
    /// Database failure.
    pub async fn rename_player(&self, id: Uuid, name: &str) -> Result<bool, StoreError> {
        unimplemented!("{id} {name}")
    }

    /// A room by id.
    ///
    /// # Errors
    /// Database failure.
    pub async fn room(&self, id: Uuid) -> Result<Option<RoomRow>, StoreError> {
        unimplemented!("{id}")
    }

    /// Rooms still `waiting` or `playing`, each with its log in order.
    ///
    /// # Errors
    /// Database failure.
    pub async fn live_rooms(&self) -> Result<Vec<LiveRoom>, StoreError> {
        unimplemented!()
    }

    /// A game and its moves in ply order.
    ///
    /// # Errors
    /// Database failure.
    pub async fn game(&self, id: Uuid) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        unimplemented!("{id}")
    }

    /// Games matching `filter`, newest first.
    ///
    /// # Errors
    /// Database failure.
    pub async fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameRow>, StoreError> {
        unimplemented!("{filter:?}")
    }

    /// Commits `writes` in one transaction (the [`Writer`] calls this with batches).
    ///
    /// # Errors
    /// Database failure (nothing is committed).
    pub async fn commit(&self, writes: &[Write]) -> Result<(), StoreError> {
        unimplemented!("{writes:?}")
    }
}

/// The writer task: rooms send their writes here; writes arriving while a transaction is
/// being committed are gathered into the next one, so many rooms share one disk flush.
#[derive(Clone, Debug)]
pub struct Writer {
    _metrics: Arc<Metrics>,
}

impl Writer {
    /// Starts the writer task on `store`.
    pub fn spawn(store: Store, metrics: Arc<Metrics>) -> Writer {
        unimplemented!("{store:?} {metrics:?}")
    }

    /// Queues `writes` (committed together, in order) and waits until they are on disk.
    ///
    /// # Errors
    /// The commit failed, or the writer has stopped.
    pub async fn write(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        unimplemented!("{writes:?}")
    }

    /// Stops taking writes, commits what is queued, and waits for the task to end.
    pub async fn close(&self) {
        unimplemented!()
    }
}
