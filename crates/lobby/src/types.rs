//! Who acts, when, and how a room is set up.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use rules::{AnyOptions, Seat};

/// The default disconnect grace period: 60 seconds.
pub const DEFAULT_GRACE_MS: u64 = 60_000;

/// A player's opaque id (the server's account or guest id).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub Uuid);

/// A person in the room: a seated player or a spectator.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Participant {
    /// Who it is.
    pub id: PlayerId,
    /// The name shown to the others.
    pub name: String,
}

impl Participant {
    /// A participant with this id and display name.
    pub fn new(id: PlayerId, name: impl Into<String>) -> Participant {
        Participant {
            id,
            name: name.into(),
        }
    }
}

/// A computer player put in a seat by the host; the server computes its moves.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Bot {
    /// The engine's name: one of [`Bot::KINDS`].
    pub kind: String,
    /// Its strength, within the kind's [`Bot::levels`].
    pub level: u8,
}

impl Bot {
    /// The bot kinds that exist: `engine` (the searching bot, levels 1 to 5) and `random`
    /// (a uniformly random legal move, level 1 only).
    pub const KINDS: [&'static str; 2] = ["engine", "random"];

    /// The levels of `kind`, `None` for a kind that does not exist.
    pub fn levels(kind: &str) -> Option<std::ops::RangeInclusive<u8>> {
        match kind {
            "engine" => Some(1..=5),
            "random" => Some(1..=1),
            _ => None,
        }
    }

    /// True if this kind exists and has this level.
    pub fn exists(&self) -> bool {
        Bot::levels(&self.kind).is_some_and(|l| l.contains(&self.level))
    }
}

/// Who sends a command.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", content = "who", rename_all = "snake_case")]
pub enum Actor {
    /// A participant: seated, or a spectator (who cannot act in the game).
    Player(Participant),
    /// The server acting for the bot in this seat (its moves, draw answers, resignation).
    Bot(Seat),
    /// The server itself: clock ticks, and aborting a room.
    Server,
}

/// A moment, in milliseconds on the caller's clock. The room never reads a clock: every
/// command carries the current time.
#[derive(
    Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub u64);

impl Timestamp {
    /// This moment plus `ms`, saturating.
    pub const fn plus(self, ms: u64) -> Timestamp {
        Timestamp(self.0.saturating_add(ms))
    }

    /// Milliseconds from `earlier` to this moment; 0 if `earlier` is later.
    pub const fn since(self, earlier: Timestamp) -> u64 {
        self.0.saturating_sub(earlier.0)
    }
}

/// Whether a room is listed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Visibility {
    /// Listed in the lobby.
    Public,
    /// Not listed; joined through the invite code (checked by the server, not here).
    Private {
        /// The code that admits a participant.
        invite_code: String,
    },
}

/// The clock of every seat.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// No clocks.
    None,
    /// Each seat has a bank of `base_ms`; its own moves spend it and add `increment_ms`.
    Fischer {
        /// Starting bank.
        base_ms: u64,
        /// Added after each of the seat's moves.
        increment_ms: u64,
    },
    /// Each move must be made within `limit_ms`.
    PerMove {
        /// Time allowed for one move.
        limit_ms: u64,
    },
}

/// Everything fixed when a room is created.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoomConfig {
    /// The room's id.
    pub id: Uuid,
    /// The game and its rule options; the seat layout follows from them (Neva's `seats`
    /// option, White and Black for the two-seat games).
    pub options: AnyOptions,
    /// Who created the room: seats bots, starts, aborts before the start.
    pub host: Participant,
    /// Listed or by invitation.
    pub visibility: Visibility,
    /// The clocks.
    pub time_control: TimeControl,
    /// How long every opponent must have been disconnected before a seat may claim.
    pub grace_ms: u64,
}

impl RoomConfig {
    /// A public room without clocks and with the default grace period.
    pub fn new(id: Uuid, options: AnyOptions, host: Participant) -> RoomConfig {
        RoomConfig {
            id,
            options,
            host,
            visibility: Visibility::Public,
            time_control: TimeControl::None,
            grace_ms: DEFAULT_GRACE_MS,
        }
    }
}
