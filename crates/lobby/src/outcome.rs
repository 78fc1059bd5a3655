//! How a game ended, seat by seat.

use serde::Serialize;

use rules::{BySeat, Departure, EndReason, SeatSet};

/// Why a game, or one seat's part in it, ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The seat lost all its pieces.
    CapturedAll,
    /// The seat had no legal move on its turn.
    Blocked,
    /// The seat resigned.
    Resigned,
    /// The seat left during the game ([`crate::Command::Leave`] while playing): it loses
    /// as if it had resigned, and is told apart from a resignation.
    Left,
    /// The seat's clock ran out.
    Time,
    /// The seats agreed to a draw.
    Agreement,
    /// The same position occurred too often.
    Repetition,
    /// Too many moves without progress.
    NoProgress,
    /// The seat stayed disconnected past the grace period and the others claimed.
    Abandonment,
    /// The seat did not make its first move in time in a room with the no-show rule
    /// ([`crate::RoomConfig::no_show_ms`]): it loses by forfeit.
    NoShow,
}

impl Reason {
    /// Stable key, as serialised: `captured_all`, `blocked`, `resigned`, `left`, `time`,
    /// `agreement`, `repetition`, `no_progress`, `abandonment`, `no_show`.
    pub const fn key(self) -> &'static str {
        match self {
            Reason::CapturedAll => "captured_all",
            Reason::Blocked => "blocked",
            Reason::Resigned => "resigned",
            Reason::Left => "left",
            Reason::Time => "time",
            Reason::Agreement => "agreement",
            Reason::Repetition => "repetition",
            Reason::NoProgress => "no_progress",
            Reason::Abandonment => "abandonment",
            Reason::NoShow => "no_show",
        }
    }

    /// The lobby's reason for a rules' end reason: a resignation is [`Reason::Resigned`], a
    /// leave [`Reason::Left`], a timeout [`Reason::Time`].
    pub(crate) fn from_end(reason: EndReason) -> Reason {
        match reason {
            EndReason::CapturedAll => Reason::CapturedAll,
            EndReason::Blocked => Reason::Blocked,
            EndReason::Departed(Departure::Resign) => Reason::Resigned,
            EndReason::Departed(Departure::Leave) => Reason::Left,
            EndReason::Departed(Departure::Timeout) => Reason::Time,
            EndReason::Repetition => Reason::Repetition,
            EndReason::NoProgress => Reason::NoProgress,
        }
    }
}

/// One seat's result.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The seat (or its team) won.
    Win,
    /// The seat lost.
    Loss,
    /// The seat shares a draw.
    Draw,
}

/// One seat's result and why.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct SeatResult {
    /// Win, loss or draw.
    pub verdict: Verdict,
    /// Why: for a seat that went out before the end, why it went out; otherwise why the
    /// game ended.
    pub reason: Reason,
}

/// The end of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Outcome {
    /// The winning seat or team; empty for a draw.
    pub winners: SeatSet,
    /// Why the game ended.
    pub reason: Reason,
    /// Every seat of the layout's result (`None` for seats not in the game).
    pub seats: BySeat<Option<SeatResult>>,
    /// Finishing order, best first: the winners (or the seats sharing the draw), then the
    /// seats that went out, last out first; seats out with one move share a place.
    pub finishing_order: Vec<SeatSet>,
    /// Neva team play: the winning team (both partners, even one who went out).
    pub winning_team: Option<SeatSet>,
}
