//! The rows the store reads and writes, as the rest of the server sees them, and the
//! [`Write`]s that the [`Writer`](super::Writer) commits in batches.

use uuid::Uuid;

use super::{ChatRow, RatedGame};

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

/// Filter and page of [`Store::list_games`](super::Store::list_games).
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

/// One durable write, committed by the [`Writer`](super::Writer) together with other rooms' writes.
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
    /// Moves were taken back by agreement: the game's moves from `from_ply` on are gone.
    /// A batch applies it in order: a move the batch inserted before it is not inserted,
    /// one it inserts after it is kept (see the store's `fold_takebacks`).
    TakeBack {
        /// The game (its room's id).
        game_id: Uuid,
        /// The first ply taken back.
        from_ply: i64,
    },
    /// An admin deleted a chat line.
    DeleteChat {
        /// The room.
        room_id: Uuid,
        /// The line's number in the room.
        id: i64,
    },
    /// The batch stores rows of `room` only while the room is owned by `owner` (an epoch,
    /// see `crate::cluster`): on Postgres the batch locks the room's row and is refused
    /// whole ([`StoreError::Fenced`](super::StoreError::Fenced)) when another node owns it. Ignored on SQLite (one
    /// node). Added by the room task to each of its commands' writes when the cluster is on.
    Fence {
        /// The room.
        room: Uuid,
        /// The epoch the room task holds it with.
        owner: i64,
        /// Another node follows the room (it has sockets there): the batch's log rows of
        /// the room are notified (`wire::Note::RoomRow`). Nobody listens for the others, and
        /// each note costs Postgres a signal to every node.
        followed: bool,
    },
    /// The server is running at this time (ms; see `Store::heartbeat`). Written by the
    /// writer with the rooms' batches: on SQLite a write from any other connection makes
    /// the writer's connection drop its whole page cache.
    Heartbeat {
        /// Milliseconds since the epoch.
        at: i64,
    },
}

/// `writes` with their takebacks folded in, for a backend that inserts a batch's moves
/// together: the moves a later takeback of the batch takes back are left out, and each
/// game's takebacks become one deletion of the rows stored before the batch, put first so
/// that it runs before the batch's inserts (which may store the same plies again). `None`
/// when the batch takes nothing back (nearly always): the writes stand as they are.
pub(super) fn fold_takebacks(writes: &[Write]) -> Option<Vec<Write>> {
    if !writes.iter().any(|w| matches!(w, Write::TakeBack { .. })) {
        return None;
    }
    let mut stored: Vec<(Uuid, i64)> = Vec::new();
    let mut rest: Vec<Write> = Vec::with_capacity(writes.len());
    for w in writes {
        let Write::TakeBack { game_id, from_ply } = w else {
            rest.push(w.clone());
            continue;
        };
        rest.retain(
            |r| !matches!(r, Write::Move(m) if m.game_id == *game_id && m.ply >= *from_ply),
        );
        match stored.iter_mut().find(|(g, _)| g == game_id) {
            Some((_, from)) => *from = (*from).min(*from_ply),
            None => stored.push((*game_id, *from_ply)),
        }
    }
    let deletions = stored
        .into_iter()
        .map(|(game_id, from_ply)| Write::TakeBack { game_id, from_ply });
    Some(deletions.chain(rest).collect())
}

/// A room to rebuild after a restart: its row and its whole log in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRoom {
    /// The room.
    pub room: RoomRow,
    /// Every accepted command, by `seq`.
    pub log: Vec<LogRow>,
}
