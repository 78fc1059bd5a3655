//! The [`Position`] trait every game implements, and game status.

use std::fmt;

use crate::notation::{self, IllegalReason, MoveError};
use crate::options::{GameOptions, OptionError};
use crate::setup::{ParsePositionError, PositionError, Problems, Setup};
use crate::{Move, MoveCount, MoveList, MoveSink, Piece, Seat, SeatSet, Square, Variant};

/// Moves reserved for a position's legal moves (most positions of every game have fewer).
const LEGAL_MOVES: usize = 16;

/// Bytes reserved for a position string: enough for every game's start position (the
/// longest, Give and Take's, is 99).
const POSITION_TEXT: usize = 128;

/// How a seat leaves a game before it is decided on the board (spec §2.7).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Departure {
    /// The player resigned.
    Resign,
    /// The player left the room during the game.
    Leave,
    /// The player's clock ran out.
    Timeout,
}

impl Departure {
    /// Stable key: `resign`, `leave`, `timeout`.
    pub const fn key(self) -> &'static str {
        match self {
            Departure::Resign => "resign",
            Departure::Leave => "leave",
            Departure::Timeout => "timeout",
        }
    }
}

/// Why a game (or a seat's part in it) ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The losers have no pieces left.
    CapturedAll,
    /// The loser had no legal move on its turn.
    Blocked,
    /// The losers resigned, left or ran out of time.
    Departed(Departure),
    /// The same position occurred too often (a draw, or Queah's adjudication).
    Repetition,
    /// Too many plies without progress (a draw, or Queah's adjudication).
    NoProgress,
}

impl EndReason {
    /// Stable key: `captured_all`, `blocked`, `resign`, `leave`, `timeout`, `repetition`,
    /// `no_progress`.
    pub const fn key(self) -> &'static str {
        match self {
            EndReason::CapturedAll => "captured_all",
            EndReason::Blocked => "blocked",
            EndReason::Departed(d) => d.key(),
            EndReason::Repetition => "repetition",
            EndReason::NoProgress => "no_progress",
        }
    }
}

/// Where a game stands.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// Play goes on.
    Ongoing,
    /// Decided: `winners` is one seat, or a Neva team of two.
    Won {
        /// The winning seat or team.
        winners: SeatSet,
        /// Why it ended.
        reason: EndReason,
    },
    /// Drawn between `seats` (the seats still in the game).
    Drawn {
        /// The seats that share the draw.
        seats: SeatSet,
        /// Why it ended.
        reason: EndReason,
    },
}

impl Status {
    /// True while play goes on.
    pub fn is_ongoing(self) -> bool {
        matches!(self, Status::Ongoing)
    }
}

/// A move refused by [`Position::play`]; the position comes back untouched.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{kind}")]
pub struct PlayError<P> {
    /// The position, unchanged.
    pub position: P,
    /// Why the move was refused.
    pub kind: IllegalMove,
}

/// Why a move was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The move is not among this position's legal moves.
    #[error("the move is not legal in this position")]
    NotLegal,
}

/// Why [`Position::depart`] was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DepartError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The seat is not in this game.
    #[error("{0} is not playing in this game")]
    NotPlaying(Seat),
    /// The seat is already out of the game.
    #[error("{0} is already out of the game")]
    AlreadyOut(Seat),
}

/// A playable position of one game.
///
/// Positions are built only by [`Position::new`] (the start) and [`Position::from_setup`]
/// (validated), and change only through [`Position::play`] and [`Position::depart`], so a
/// value of this type is always one the rules allow.
///
/// # Search: copy, play, drop
/// There is no undo: positions are small plain values (48 to 80 bytes: a few bitboards,
/// counters and the [`Position::hash`], no history), so copying one and calling
/// [`Position::play_unchecked`] on the copy is the fast path, the one [`crate::perft`]
/// takes at every node. Generate into a reused buffer with
/// [`Position::legal_moves_into`] or [`Position::captures_into`]; neither allocates once the
/// buffer has room. The repetition rule needs the game's history, kept by [`crate::Game`].
///
/// # What a game implements
/// The board and its rules: [`Position::new`], [`Position::from_setup`],
/// [`Position::to_setup`], [`Position::options`], [`Position::turn`],
/// [`Position::piece_at`], [`Position::generate`] (one traversal into any
/// [`crate::MoveSink`]), [`Position::play_unchecked`], [`Position::depart`],
/// [`Position::status`] and [`Position::hash`]. Everything else is provided, and
/// overridden only where a game differs (Neva's seats and eliminations, Queah's reserves
/// and adjudication) or has a faster way (captures-only generation).
pub trait Position: Clone + fmt::Debug + Send + Sync + 'static {
    /// The game's options.
    type Options: GameOptions;
    /// The game.
    const VARIANT: Variant;

    /// The start position under `options`.
    ///
    /// # Errors
    /// The options' validation error.
    fn new(options: Self::Options) -> Result<Self, OptionError>;

    /// A position from a setup, checked against the rules; `waive` lists checks to skip
    /// (only [`Problems::WAIVABLE`] ones can be waived).
    ///
    /// # Errors
    /// A [`PositionError`] holding every problem that was not waived.
    fn from_setup(
        setup: &Setup,
        options: Self::Options,
        waive: Problems,
    ) -> Result<Self, PositionError>;

    /// The position as plain data (for its position string).
    fn to_setup(&self) -> Setup;

    /// The options this position is played under.
    fn options(&self) -> &Self::Options;

    /// The seats in the game (whether or not still playing): by default White and Black,
    /// which is every game but Neva.
    fn seats(&self) -> SeatSet {
        SeatSet::TWO
    }

    /// The seat to move; `None` once the game is over.
    fn turn(&self) -> Option<Seat>;

    /// [`Position::turn`] for a caller that knows the game is not over (a [`crate::Game`]
    /// keeps its status): the games that work out whether it is over on every call (a
    /// search for a legal move) skip that here.
    fn side_to_move(&self) -> Option<Seat> {
        self.turn()
    }

    /// The piece on `sq`.
    fn piece_at(&self, sq: Square) -> Option<Piece>;

    /// Pieces `seat` holds in reserve (Queah; 0 elsewhere).
    fn reserve(&self, seat: Seat) -> u8 {
        let _ = seat;
        0
    }

    /// Puts the legal moves (none once the game is over) into `sink`, which should be
    /// empty: the one traversal behind [`Position::legal_moves_into`],
    /// [`Position::count_legal`] and early-exit questions ([`crate::AnyMove`]).
    fn generate<S: MoveSink>(&self, sink: &mut S);

    /// Clears `moves` and fills it with the legal moves (none once the game is over).
    fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves);
    }

    /// Plays `mv` without checking it.
    ///
    /// # Panics
    /// May panic, or leave a corrupt position, if `mv` is not one of
    /// [`Position::legal_moves`]. Use [`Position::play`] for anything from outside.
    fn play_unchecked(&mut self, mv: &Move);

    /// `seat` resigns, leaves or runs out of time: it is eliminated (two-seat games: it
    /// loses), and in Neva its pieces follow the `departed` option (spec §2.7, §8.2).
    ///
    /// # Errors
    /// [`DepartError`] if the game is over or the seat is not playing.
    fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError>;

    /// Ongoing, won or drawn, judged from the position alone (repetition needs the game's
    /// history: see [`crate::Game`]).
    fn status(&self) -> Status;

    /// Eliminated seats in elimination order; seats of one group went out with one move.
    /// By default, as in every game where one win ends the game: the losers of a won game,
    /// nobody otherwise.
    fn eliminated(&self) -> Vec<SeatSet> {
        match self.status() {
            Status::Won { winners, .. } => vec![self.seats().minus(winners)],
            _ => Vec::new(),
        }
    }

    /// The position's 64-bit Zobrist hash: the pieces, the seat to move, and every other
    /// piece of state that changes the legal moves (reserves and owed drops, the hot piece,
    /// the no-reverse memory, eliminated and departed seats), but no counters. Equal
    /// positions have equal hashes however they were reached; the hash is kept up to date by
    /// [`Position::play_unchecked`] at a cost that follows what the move changed, so search
    /// and the repetition rule read it for free. Keys are fixed, so hashes are the same in
    /// every process.
    fn hash(&self) -> u64;

    /// The key the repetition rule compares: the [`Position::hash`].
    fn repetition_key(&self) -> u64 {
        self.hash()
    }

    /// The result when the game is stopped for `reason` (repetition or no progress) while
    /// undecided on the board: by default a draw among the seats still playing; Queah
    /// adjudicates by piece count (spec §3.7).
    fn adjudicate(&self, reason: EndReason) -> Status {
        Status::Drawn {
            seats: self.seats().minus(self.out()),
            reason,
        }
    }

    /// The seats that are out of the game: every group of [`Position::eliminated`]. The
    /// one definition ranking, adjudication and the lobby use.
    fn out(&self) -> SeatSet {
        self.eliminated()
            .iter()
            .fold(SeatSet::EMPTY, |a, &g| a.union(g))
    }

    /// Number of legal moves (perft's bulk count), counted without building them.
    fn count_legal(&self) -> u64 {
        let mut count = MoveCount(0);
        self.generate(&mut count);
        count.0
    }

    /// Clears `moves` and fills it with the legal moves that capture, for quiescence
    /// search: where capture is compulsory these are all the legal moves or none; where it
    /// is optional (Queah), the capturing ones among them. No allocation once `moves` has
    /// room for them.
    fn captures_into(&self, moves: &mut MoveList) {
        self.legal_moves_into(moves);
        moves.retain(|m| m.is_capture());
    }

    /// The legal moves.
    fn legal_moves(&self) -> MoveList {
        // Room for a usual turn's moves up front, rather than growing the list from
        // nothing at every position the server looks at.
        let mut moves = MoveList::with_capacity(LEGAL_MOVES);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// True if `mv` is legal here.
    fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// A [`PlayError`] holding the untouched position.
    fn play(mut self, mv: &Move) -> Result<Self, PlayError<Self>> {
        if self.turn().is_none() {
            return Err(PlayError {
                position: self,
                kind: IllegalMove::GameOver,
            });
        }
        if !self.is_legal(mv) {
            return Err(PlayError {
                position: self,
                kind: IllegalMove::NotLegal,
            });
        }
        self.play_unchecked(mv);
        Ok(self)
    }

    /// The position string (see [`crate::setup`]).
    fn position_string(&self) -> String {
        // Room for a full 8x8 board up front: the server writes a position for every move,
        // and `to_string` would grow the text from nothing, reallocating four or five
        // times on the way.
        let mut out = String::with_capacity(POSITION_TEXT);
        self.to_setup().write_to(&mut out);
        out
    }

    /// Reads a position string and checks it.
    ///
    /// # Errors
    /// Syntax errors, or every rule the position breaks.
    fn from_position_string(
        text: &str,
        options: Self::Options,
    ) -> Result<Self, ParsePositionError> {
        let setup = Setup::parse(Self::VARIANT, text)?;
        Ok(Self::from_setup(&setup, options, Problems::empty())?)
    }

    /// Finishing order, best first: the winners (or the seats sharing a draw), then the
    /// eliminated seats from last out to first out.
    fn ranking(&self) -> Vec<SeatSet> {
        let out: Vec<SeatSet> = self.eliminated();
        let gone = self.out();
        let mut ranking = Vec::new();
        let top = match self.status() {
            Status::Won { winners, .. } => winners,
            Status::Drawn { seats, .. } => seats,
            Status::Ongoing => self.seats().minus(gone),
        };
        if !top.is_empty() {
            ranking.push(top);
        }
        for g in out.into_iter().rev() {
            let g = g.minus(top);
            if !g.is_empty() {
                ranking.push(g);
            }
        }
        ranking
    }

    /// This position under each rule a refused move may have broken, with that rule
    /// relaxed, paired with the reason to give when the move is legal there (in the order
    /// to try them). Only a refused move asks ([`crate::MoveText::to_move`]); by default,
    /// none.
    fn relaxations(&self) -> Vec<(IllegalReason, Self)> {
        Vec::new()
    }

    /// Parses a move in this game's notation and resolves it against this position.
    ///
    /// # Errors
    /// A [`MoveError`]: bad syntax, illegal, or ambiguous with the candidates listed.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    /// Canonical notation of `mv` (the full path form, spec §2.9, §3.8, §4.9, §5.8).
    fn move_to_string(&self, mv: &Move) -> String {
        notation::write_move(Self::VARIANT, mv)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::POSITION_TEXT;
    use crate::{AnyOptions, AnyPosition, Variant};

    /// Every game's default start is written without growing the text.
    #[test]
    fn start_positions_fit_the_room_reserved() {
        for v in Variant::ALL {
            let p = AnyPosition::new(v, &AnyOptions::default_for(v)).unwrap();
            let text = p.position_string();
            assert!(text.len() <= POSITION_TEXT, "{v:?}: {} bytes", text.len());
        }
    }
}
