//! What the lists show of a live room: its summary, kept by its task beside the room and
//! read by the registry, the lobby list and the players' lists of games.

use std::sync::Arc;

use lobby::{Occupant, PlayerId, Room, RoomState, Timestamp, Visibility};
use rules::{AnyOptions, Seat, Variant};
use serde::Serialize;
use uuid::Uuid;

use super::bot::display_name;

/// A room as the lobby list shows it.
///
/// Every live room keeps one, so it holds the room's settings as they are (a few bytes)
/// and writes them out as text only when serialised (a summary per idle room adds up over thousands of rooms).
#[derive(Clone, Debug, Serialize)]
pub struct RoomSummary {
    /// The room's id.
    pub id: Uuid,
    /// The game.
    pub game: Variant,
    /// Every rule option with its value.
    #[serde(serialize_with = "lobby::serialize_options")]
    pub options: AnyOptions,
    /// The host's id.
    pub host: Uuid,
    /// The host's name.
    pub host_name: Box<str>,
    /// Listed publicly.
    pub public: bool,
    /// The invite code of a private room (never listed).
    #[serde(skip)]
    pub invite_code: Option<Box<str>>,
    /// Waiting, playing, finished or aborted.
    pub state: RoomState,
    /// The time control.
    pub time_control: lobby::TimeControl,
    /// Seats with the name of who sits there (`null`: free).
    pub seats: Vec<SeatSummary>,
    /// When the room was created (ms).
    pub created_at: i64,
    /// The room starts by itself when its last free seat is filled.
    pub auto_start: bool,
    /// The game changes its players' ratings.
    pub rated: bool,
    /// Whose move it is and until when (not listed: players' lists of games read it).
    #[serde(skip)]
    pub progress: Progress,
}

/// Where a game stands for the lists of the players' games: kept in the summary, and
/// brought up to date after every command that changes it (a move, a flag, a restart).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The person whose move it is (`None` for a bot, and when no game is on).
    pub to_move: Option<Uuid>,
    /// When the seat to move runs out of time, or must make its first move (ms).
    pub deadline: Option<i64>,
    /// When the last move was made, or the game started before any (ms).
    pub last_move_at: Option<i64>,
}

impl Progress {
    /// The progress of `room` now: a few reads, no game state copied.
    pub(crate) fn of(room: &Room) -> Progress {
        let ms = |t: Timestamp| i64::try_from(t.0).unwrap_or(i64::MAX);
        let playing = room.state() == RoomState::Playing;
        Progress {
            to_move: room
                .turn()
                .and_then(|s| room.occupant(s))
                .and_then(Occupant::player)
                .map(|p| p.0),
            deadline: playing.then(|| room.next_deadline()).flatten().map(ms),
            last_move_at: room.last_move_at().map(ms),
        }
    }
}

/// One seat in [`RoomSummary`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatSummary {
    /// Seat key.
    pub seat: Seat,
    /// Who sits there, if anyone (a bot by [`display_name`]).
    pub name: Option<Box<str>>,
    /// A bot sits there.
    pub bot: bool,
    /// The player sitting there (not listed: the registry finds a player's rooms by it).
    #[serde(skip)]
    pub player: Option<Uuid>,
}

impl RoomSummary {
    /// The summary of `room` as it stands (its settings, state and seats: no game state).
    pub fn of(room: &Room) -> RoomSummary {
        let c = room.config();
        let invite_code = match &c.visibility {
            Visibility::Public => None,
            Visibility::Private { invite_code } => Some(invite_code.as_str().into()),
        };
        RoomSummary {
            id: room.id(),
            game: c.options.variant(),
            options: c.options.clone(),
            host: c.host.id.0,
            host_name: c.host.name.as_str().into(),
            public: invite_code.is_none(),
            invite_code,
            state: room.state(),
            time_control: c.time_control,
            seats: seat_summaries(room),
            created_at: i64::try_from(room.created_at().0).unwrap_or(i64::MAX),
            auto_start: c.auto_start,
            progress: Progress::of(room),
            rated: c.rated,
        }
    }

    /// Waiting or playing: what the per-host room limit counts.
    pub(crate) fn unfinished(&self) -> bool {
        unfinished(self.state)
    }
}

/// Waiting or playing.
pub(crate) fn unfinished(state: RoomState) -> bool {
    matches!(state, RoomState::Waiting | RoomState::Playing)
}

/// The seats of `room` as the listing shows them (a few seats: no game state involved).
fn seat_summaries(room: &Room) -> Vec<SeatSummary> {
    room.layout()
        .iter()
        .map(|s| {
            let occ = room.occupant(s);
            SeatSummary {
                seat: s,
                name: occ.map(|o| match o {
                    Occupant::Player(p) => p.name.as_str().into(),
                    Occupant::Bot(b) => display_name(b).into(),
                }),
                bot: matches!(occ, Some(Occupant::Bot(_))),
                player: occ.and_then(Occupant::player).map(|p| p.0),
            }
        })
        .collect()
}

/// Who sits where among the people (bots have no socket), for [`Batch::seats`].
pub(crate) fn seat_map(room: &Room) -> Arc<[(PlayerId, Seat)]> {
    room.layout()
        .iter()
        .filter_map(|s| room.occupant(s)?.player().map(|p| (p, s)))
        .collect()
}
