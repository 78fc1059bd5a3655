//! Who acts, when, and how a room is set up.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use rules::{AnyOptions, Seat};

/// The default disconnect grace period: 60 seconds.
pub const DEFAULT_GRACE_MS: u64 = 60_000;

/// The default of [`RoomConfig::first_move_ms`]: in a Fischer room, the time a seat has for
/// its first move (its clock does not run until then), 30 seconds.
pub const FIRST_MOVE_MS: u64 = 30_000;

/// The default of [`RoomConfig::rematch_ms`]: how long a rematch request waits for the
/// other seats, 60 seconds from the first ask.
pub const REMATCH_MS: u64 = 60_000;

/// How long a room may stay unattended before the server closes it
/// ([`crate::Command::Expire`], [`crate::Room::expires_at`]). The server's settings; the
/// command carries them so that a replayed log decides as the live room did.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Unattended {
    /// A waiting room with nobody in it (no seated player connected, nobody watching)
    /// closes after this long.
    pub waiting_ms: u64,
    /// An untimed game, or a game with a bot, ends after this long with no seated person
    /// connected (see [`crate::Room::expires_at`] for how).
    pub game_ms: u64,
}

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
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
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
    /// A long game: each move within `days` days. It times moves as [`TimeControl::PerMove`]
    /// does (the first move included), but nobody may claim a game against an absent
    /// opponent: being away for days between moves is the point.
    Correspondence {
        /// Days allowed for one move.
        days: u32,
    },
}

impl TimeControl {
    /// Shortest Fischer base time: 10 seconds.
    pub const MIN_BASE_MS: u64 = 10_000;
    /// Longest Fischer base time: 24 hours.
    pub const MAX_BASE_MS: u64 = 24 * 3_600_000;
    /// Largest Fischer increment: one hour.
    pub const MAX_INCREMENT_MS: u64 = 3_600_000;
    /// Shortest per-move limit: 5 seconds.
    pub const MIN_PER_MOVE_MS: u64 = 5_000;
    /// Longest per-move limit: 7 days.
    pub const MAX_PER_MOVE_MS: u64 = 7 * 24 * 3_600_000;
    /// Fewest days per move of a correspondence game.
    pub const MIN_DAYS: u32 = 1;
    /// Most days per move of a correspondence game: two weeks.
    pub const MAX_DAYS: u32 = 14;
    /// One day in milliseconds.
    pub const DAY_MS: u64 = 24 * 3_600_000;

    /// The time allowed for each move (the first one included), for the controls that
    /// limit every move: per move and correspondence.
    pub fn move_limit_ms(&self) -> Option<u64> {
        match *self {
            TimeControl::PerMove { limit_ms } => Some(limit_ms),
            TimeControl::Correspondence { days } => Some(u64::from(days) * Self::DAY_MS),
            TimeControl::None | TimeControl::Fischer { .. } => None,
        }
    }

    /// A correspondence game: seats may be away for days, so no claim is ever open.
    pub fn is_correspondence(&self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }

    /// Checks the bounds a new room's clock must keep. They keep every clock value a client
    /// reads (a bank grown by increments over a long game included) far below 2^53, the
    /// largest whole number a JavaScript client holds exactly.
    ///
    /// # Errors
    /// A message naming the value out of bounds.
    pub fn check_bounds(&self) -> Result<(), String> {
        let within = |v: u64, lo: u64, hi: u64| (lo..=hi).contains(&v);
        match *self {
            TimeControl::None => Ok(()),
            TimeControl::Fischer {
                base_ms,
                increment_ms,
            } => {
                if !within(base_ms, Self::MIN_BASE_MS, Self::MAX_BASE_MS) {
                    Err(format!(
                        "`base_ms` must be from {} (10 seconds) to {} (24 hours)",
                        Self::MIN_BASE_MS,
                        Self::MAX_BASE_MS
                    ))
                } else if increment_ms > Self::MAX_INCREMENT_MS {
                    Err(format!(
                        "`increment_ms` must be at most {} (one hour)",
                        Self::MAX_INCREMENT_MS
                    ))
                } else {
                    Ok(())
                }
            }
            TimeControl::PerMove { limit_ms } => {
                if within(limit_ms, Self::MIN_PER_MOVE_MS, Self::MAX_PER_MOVE_MS) {
                    Ok(())
                } else {
                    Err(format!(
                        "`limit_ms` must be from {} (5 seconds) to {} (7 days)",
                        Self::MIN_PER_MOVE_MS,
                        Self::MAX_PER_MOVE_MS
                    ))
                }
            }
            TimeControl::Correspondence { days } => {
                if (Self::MIN_DAYS..=Self::MAX_DAYS).contains(&days) {
                    Ok(())
                } else {
                    Err(format!(
                        "`days` must be from {} to {}",
                        Self::MIN_DAYS,
                        Self::MAX_DAYS
                    ))
                }
            }
        }
    }
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
    /// Start by itself, by lot, as soon as the last free seat is filled (quick games);
    /// otherwise the host starts.
    pub auto_start: bool,
    /// Fixed seating (tournament games): with it, together with [`RoomConfig::seated_bots`],
    /// every seat of the layout is given at creation and the game starts at once, the
    /// rules' first seat (White) first, without a lot: a pairing decides the seats, and
    /// seats rotate between rounds instead. The room is never waiting, so seats cannot be
    /// taken or changed, and a player cannot abort the game. Empty: seats are taken as usual.
    pub seated: Vec<(Seat, Participant)>,
    /// The game changes its players' ratings (the server admits only accounts to its seats
    /// and stores the change with the result); casual rooms change nothing.
    pub rated: bool,
    /// The bots of a fixed seating (see [`RoomConfig::seated`]).
    pub seated_bots: Vec<(Seat, Bot)>,
    /// The no-show rule: a seat that has not made its first move within this many ms of its
    /// first turn loses by forfeit ([`crate::Reason::NoShow`]; in Neva the game goes on for
    /// the others) instead of the game being aborted. The same wait replaces the usual
    /// first-move time. Needs a clock.
    pub no_show_ms: Option<u64>,
    /// In a Fischer room, the time a seat has for its first move (its clock does not run
    /// until then). A per-move (or correspondence) room gives its limit per move instead. A
    /// seat that lets it pass aborts the game ([`crate::AbortReason::NoFirstMove`]); nobody
    /// loses. [`FIRST_MOVE_MS`] unless the server says otherwise.
    pub first_move_ms: u64,
    /// How long a rematch request waits for the other seats, from the first ask.
    /// [`REMATCH_MS`] unless the server says otherwise.
    pub rematch_ms: u64,
}

impl RoomConfig {
    /// True when the seats are given at creation ([`RoomConfig::seated`]).
    pub fn fixed_seating(&self) -> bool {
        !self.seated.is_empty() || !self.seated_bots.is_empty()
    }

    /// A public, casual room without clocks, with the default grace period, started by the
    /// host.
    pub fn new(id: Uuid, options: AnyOptions, host: Participant) -> RoomConfig {
        RoomConfig {
            id,
            options,
            host,
            visibility: Visibility::Public,
            time_control: TimeControl::None,
            grace_ms: DEFAULT_GRACE_MS,
            auto_start: false,
            rated: false,
            seated: Vec::new(),
            seated_bots: Vec::new(),
            no_show_ms: None,
            first_move_ms: FIRST_MOVE_MS,
            rematch_ms: REMATCH_MS,
        }
    }
}
