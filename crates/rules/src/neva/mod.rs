//! Neva checkers (Невские шашки, spec §2): two to four players on a 36-square lattice.
//!
//! The lattice square `xy` is file `x-1`, rank `y-1` of the crate's 8×8 grid (spec §2.1,
//! ambiguity N1), so the four line directions are ±1 file and ±1 rank, and every piece set
//! is a [`Bitboard`](crate::Bitboard)-style `u64` masked by [`Variant::board`].
//!
//! Rules implemented (spec §2, defaults of §6 and clarifications of §8):
//! * turn order White → Red → Green → Black, skipping absent and eliminated seats (§2.2);
//!   the first seat is the first seated one in that order (§8.5);
//! * men step to one of their two forward neighbours and capture by short jumps in all four
//!   directions over the pieces of **every** other seat, partners and inert pieces included
//!   (§2.3, §2.8, §8.2); they may choose any complete sequence (N8);
//! * kings fly and capture with flying jumps; a king that captures must take the most pieces
//!   **this king** can take (§2.4, N3 (a)), which also settles the landing choice (§1.3);
//! * captured pieces stay, dead, until the move ends: they block and cannot be jumped twice,
//!   which also rules out 180° turns (§1.1);
//! * capture is compulsory (§2.5); a man is crowned only when its move **ends** on its target
//!   corner, and crowning ends the turn (§2.6, N2 (a));
//! * seats without pieces are eliminated after each move, together (§2.7, N11); blocked seats
//!   follow [`Blocked`], departed seats' pieces follow [`Departed`] (§2.7, §8.1-8.3); the game
//!   ends when one seat (or one team) is left, or in a draw by no progress (§2.7 (c)).
//!
//! A turn that is only a blocked seat's elimination or pass is not a ply: [`Neva`] never
//! stops on it, so [`Position::turn`] is always a seat with a legal move (§8.1).
//!
//! ```
//! use rules::{Neva, NevaOptions, Position, Seat};
//! // The first rounds of the seed's training game (spec §7.1).
//! let mut pos = Neva::new(NevaOptions::default()).unwrap();
//! for text in "25-24 55-54 52-42 31-32 36-35 56-55 51-52 13-23 15-25 54-44 63-53 32-33 \
//!              16-15 66-56 61-51 21-31 35-45!!".split_whitespace()
//! {
//!     let mv = pos.parse_move(text).unwrap();
//!     pos = pos.play(&mv).unwrap();
//! }
//! // Red's reply is forced: capture is compulsory.
//! assert_eq!(pos.turn(), Some(Seat::Day));
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(pos.move_to_string(&moves[0]), "55:35");
//! assert!(pos.parse_move("46-36").is_err());
//! ```

mod gen;
mod options;

pub use options::{Blocked, Departed, NevaOptions};

use crate::options::{GameOptions, OptionError};
use crate::position::{DepartError, Departure, EndReason, Position, Status};
use crate::setup::{PositionError, Problems, Setup};
use crate::zobrist::{self, Hashed, Pieces};
use crate::{Bitboard, Move, MoveSink, Piece, Role, Seat, SeatSet, Square, Variant};

/// The 36 lattice squares: files 0-5, ranks 0-5 (spec §2.1).
const BOARD: u64 = Variant::Neva.board().0;

/// One bit of square `xy` (spec §2.1 names), for the constant tables.
const fn bit(xy: u32) -> u64 {
    1u64 << ((xy % 10 - 1) * 8 + (xy / 10 - 1))
}

const fn set6(list: [u32; 6]) -> u64 {
    let mut bb = 0;
    let mut i = 0;
    while i < 6 {
        bb |= bit(list[i]);
        i += 1;
    }
    bb
}

/// The start men of each seat, its home triangle (spec §2.1 table).
const START: [u64; 4] = [
    set6([14, 15, 16, 25, 26, 36]), // Morning, White
    set6([46, 55, 56, 64, 65, 66]), // Day, Red
    set6([41, 51, 52, 61, 62, 63]), // Evening, Green
    set6([11, 12, 13, 21, 22, 31]), // Night, Black
];

/// Each seat's target corner, the home corner of the seat opposite (spec §2.1): 61, 11,
/// 16, 66 as grid indices.
const TARGET: [u8; 4] = [5, 0, 40, 45];

/// Most men per seat, the start count (setup validation; [`MAX_PATH`] relies on it).
const MAX_PIECES: u32 = 6;

/// The two teams of team play (spec §2.8, N7): White + Green, Red + Black.
const TEAMS: [SeatSet; 2] = [SeatSet::from_bits(0b0101), SeatSet::from_bits(0b1010)];

/// Seat layouts and policies for the tests: two, three and four seats, teams, every
/// blocked and departed policy, no-progress limits from off to one round.
#[cfg(test)]
pub(crate) const TEST_LAYOUTS: [&[(&str, &str)]; 9] = [
    &[],
    &[("seats", "2")],
    &[("seats", "3")],
    &[("teams", "true")],
    &[("blocked", "pass"), ("departed", "inert")],
    &[("blocked", "pass_unless_two"), ("no_progress", "1")],
    &[("seats", "3"), ("departed", "inert"), ("no_progress", "2")],
    &[("teams", "true"), ("blocked", "pass"), ("no_progress", "1")],
    &[("seats", "2"), ("no_progress", "0"), ("departed", "inert")],
];

#[inline(always)]
fn sq(index: u32) -> Square {
    Square::new_unchecked(index as u8)
}

/// A Neva checkers position (spec §2), under its [`NevaOptions`].
///
/// Build it with [`Position::new`] (the start) or [`Position::from_setup`] (checked).
///
/// What [`Position::from_setup`] expects of a setup, beyond the flags' own descriptions:
/// * its seat fields are exactly the options' `seats` ([`Problems::SEATS`] otherwise, also
///   for options that fail validation);
/// * every seat still playing has pieces; an eliminated seat has none unless departed
///   pieces stay inert ([`Problems::ELIMINATED`]);
/// * the turn field names a seat still playing while the game is undecided, and `-` once it
///   is decided: one seat (or team) left, the no-progress limit reached (`np` is in plies,
///   see [`NevaOptions::no_progress_plies`]), or every seat blocked under a passing
///   [`Blocked`] policy ([`Problems::TURN`]);
/// * a seat to move that is blocked is handled at once per [`Blocked`] (spec §8.1), so the
///   position comes back with a seat that can act.
///
/// A position string does not say how a finished game ended: read back, a win is
/// [`EndReason::CapturedAll`] when the last seats out hold no pieces and
/// [`EndReason::Departed`] (resign) when they left inert pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Neva {
    options: NevaOptions,
    /// Pieces of each seat, eliminated seats' inert pieces included.
    pieces: [u64; 4],
    /// Kings of all seats.
    kings: u64,
    /// Eliminated seats.
    out: SeatSet,
    /// Elimination groups in order (at most four, as seats are eliminated once).
    groups: [SeatSet; 4],
    groups_len: u8,
    /// The seat to move; `None` once the game is over.
    turn: Option<Seat>,
    /// Plies of king-only moves since the last capture, man move or elimination.
    no_progress: u16,
    status: Status,
    /// Zobrist hash of everything above that changes the legal moves (see [`Hashed`]).
    hash: u64,
}

impl Neva {
    /// The seats still playing: in the game and not eliminated.
    pub fn playing(&self) -> SeatSet {
        self.options.seats.minus(self.out)
    }

    /// Plies of king-only moves since the last capture, man move or elimination (the
    /// no-progress counter of spec §2.7 (c), limit [`NevaOptions::no_progress_plies`]).
    pub fn no_progress(&self) -> u16 {
        self.no_progress
    }

    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1] | self.pieces[2] | self.pieces[3]
    }

    fn push_group(&mut self, group: SeatSet) {
        if let Some(slot) = self.groups.get_mut(usize::from(self.groups_len)) {
            *slot = group;
            self.groups_len += 1;
        }
        self.out = self.out.union(group);
        // An elimination changes the game: the no-progress count starts again (spec §2.7
        // (c) counts rounds among the seats still playing).
        self.no_progress = 0;
    }

    /// The side left when the game is decided: one seat, or one team (spec §2.7, §2.8).
    fn winners(&self) -> Option<SeatSet> {
        let playing = self.playing();
        if self.options.teams {
            TEAMS
                .into_iter()
                .find(|t| !playing.is_empty() && playing.minus(*t).is_empty())
        } else {
            (playing.len() <= 1).then_some(playing)
        }
    }

    /// Ends the game if one side is left; true if it did.
    fn check_end(&mut self, reason: EndReason) -> bool {
        match self.winners() {
            Some(winners) => {
                self.status = Status::Won { winners, reason };
                self.turn = None;
                true
            }
            None => false,
        }
    }

    /// True once the no-progress limit is reached (spec §2.7 (c)).
    fn no_progress_reached(&self) -> bool {
        let limit = self.options.no_progress_plies(self.playing().len());
        limit > 0 && u32::from(self.no_progress) >= limit
    }

    /// Draws the game if the no-progress limit is reached; true if it did.
    fn check_no_progress(&mut self) -> bool {
        if self.no_progress_reached() {
            self.status = Status::Drawn {
                seats: self.playing(),
                reason: EndReason::NoProgress,
            };
            self.turn = None;
            true
        } else {
            false
        }
    }

    /// Eliminates `seat` alone (blocked or departed), handling its pieces per
    /// [`Departed`]; true if that ends the game.
    fn eliminate(&mut self, seat: Seat, reason: EndReason) -> bool {
        if self.options.departed == Departed::Remove {
            self.kings &= !self.pieces[seat.index()];
            self.pieces[seat.index()] = 0;
        }
        self.push_group(SeatSet::only(seat));
        self.check_end(reason)
    }

    /// Gives the turn to the first seat from `candidate` on (inclusive, clockwise) that has
    /// a legal move, handling blocked seats on the way per [`Blocked`] (spec §2.7, §2.10,
    /// §8.1). If every seat still playing is blocked and none is eliminated for it, the game
    /// is drawn among them.
    fn settle(&mut self, candidate: Seat) {
        let mut seat = candidate;
        let mut passes = 0;
        loop {
            let playing = self.playing();
            if !playing.contains(seat) {
                match playing.next_after(seat) {
                    Some(s) => seat = s,
                    None => {
                        self.turn = None;
                        return;
                    }
                }
            }
            if self.can_act(seat) {
                self.turn = Some(seat);
                return;
            }
            let eliminate = match self.options.blocked {
                Blocked::Eliminate => true,
                Blocked::Pass => false,
                Blocked::PassUnlessTwo => playing.len() <= 2,
            };
            if eliminate {
                if self.eliminate(seat, EndReason::Blocked) {
                    return;
                }
                passes = 0;
            } else {
                passes += 1;
                if passes >= playing.len() {
                    self.status = Status::Drawn {
                        seats: playing,
                        reason: EndReason::Blocked,
                    };
                    self.turn = None;
                    return;
                }
            }
            seat = seat.next();
        }
    }

    /// True if every seat still playing is blocked and the [`Blocked`] policy lets them all
    /// pass: the game is then drawn (see [`Neva::settle`]).
    fn all_blocked_draw(&self) -> bool {
        let playing = self.playing();
        let passes = match self.options.blocked {
            Blocked::Eliminate => false,
            Blocked::Pass => true,
            Blocked::PassUnlessTwo => playing.len() > 2,
        };
        passes && !playing.is_empty() && playing.iter().all(|s| !self.can_act(s))
    }

    /// [`Hashed::apply`] of the move of the seat to move from square index `from` to `to`
    /// that takes the pieces of `captured`: the move's squares are all a move changes, so
    /// perft's bulk count plays its children from them without building the [`Move`].
    #[inline(always)]
    pub(super) fn apply_parts(&mut self, from: u32, to: u32, captured: u64) {
        let Some(seat) = self.turn else {
            return;
        };
        let s = seat.index();
        let fb = 1u64 << from;
        let tb = 1u64 << to;
        let was_king = self.kings & fb != 0;
        // Clear then set, so a sequence that ends on its own start square stays right.
        self.pieces[s] = (self.pieces[s] & !fb) | tb;
        if was_king {
            self.kings = (self.kings & !fb) | tb;
        }
        // End-of-move removal (spec §1.1, §2.10 step 4).
        if captured != 0 {
            for p in &mut self.pieces {
                *p &= !captured;
            }
            self.kings &= !captured;
        }
        // Crowning only where the move ends (spec §2.6, N2 (a)).
        if !was_king && to == u32::from(TARGET[s]) {
            self.kings |= tb;
        }
        if captured != 0 || !was_king {
            self.no_progress = 0;
        } else {
            self.no_progress = self.no_progress.saturating_add(1);
        }
        if captured != 0 {
            // Seats left without pieces go out together (spec §2.7, §2.10 step 5, N11).
            let mut gone = SeatSet::EMPTY;
            for (i, &p) in self.pieces.iter().enumerate() {
                if p == 0 {
                    gone = gone.union(SeatSet::from_bits(1 << i));
                }
            }
            let gone = gone.intersect(self.playing());
            if !gone.is_empty() {
                self.push_group(gone);
                if self.check_end(EndReason::CapturedAll) {
                    return;
                }
            }
        }
        if self.no_progress != 0 && self.check_no_progress() {
            return;
        }
        let next = seat.next();
        if self.playing().contains(next) && self.can_act(next) {
            self.turn = Some(next);
        } else {
            self.settle(next);
        }
    }
}

impl Position for Neva {
    type Options = NevaOptions;
    const VARIANT: Variant = Variant::Neva;

    fn new(options: NevaOptions) -> Result<Neva, OptionError> {
        options.validate()?;
        let mut pieces = [0; 4];
        for seat in options.seats.iter() {
            pieces[seat.index()] = START[seat.index()];
        }
        let mut pos = Neva {
            options,
            pieces,
            kings: 0,
            out: SeatSet::EMPTY,
            groups: [SeatSet::EMPTY; 4],
            groups_len: 0,
            // The first seated player in the order White, Red, Green, Black (spec §8.5).
            turn: options.seats.first(),
            no_progress: 0,
            status: Status::Ongoing,
            hash: 0,
        };
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn from_setup(
        setup: &Setup,
        options: NevaOptions,
        waive: Problems,
    ) -> Result<Neva, PositionError> {
        let mut problems = Problems::empty();
        if setup.variant != Variant::Neva
            || options.validate().is_err()
            || setup.seats != options.seats
        {
            problems |= Problems::SEATS;
        }
        let mut pieces = [0u64; 4];
        let mut kings = 0u64;
        for (i, p) in setup.board.iter().enumerate() {
            let Some(p) = p else { continue };
            let b = 1u64 << i;
            if BOARD & b == 0 {
                problems |= Problems::OFF_BOARD;
                continue;
            }
            if !setup.seats.contains(p.seat) {
                problems |= Problems::ABSENT_OWNER;
                continue;
            }
            pieces[p.seat.index()] |= b;
            if p.role == Role::King {
                kings |= b;
            }
        }
        for seat in Seat::ALL {
            let own = pieces[seat.index()];
            if own.count_ones() > MAX_PIECES {
                problems |= Problems::TOO_MANY_PIECES;
            }
            if own & !kings & 1 << TARGET[seat.index()] != 0 {
                problems |= Problems::MAN_ON_PROMOTION;
            }
        }
        problems |= setup.unused_fields(Problems::empty());
        let mut pos = Neva {
            options,
            pieces,
            kings,
            out: SeatSet::EMPTY,
            groups: [SeatSet::EMPTY; 4],
            groups_len: 0,
            turn: setup.turn,
            no_progress: setup.no_progress,
            status: Status::Ongoing,
            hash: 0,
        };
        for &group in &setup.eliminated {
            if group.is_empty()
                || !group.minus(setup.seats).is_empty()
                || !group.intersect(pos.out).is_empty()
                || usize::from(pos.groups_len) >= pos.groups.len()
            {
                problems |= Problems::ELIMINATED;
                continue;
            }
            pos.groups[usize::from(pos.groups_len)] = group;
            pos.groups_len += 1;
            pos.out = pos.out.union(group);
        }
        let playing = setup.seats.minus(pos.out);
        if playing.is_empty() {
            problems |= Problems::ELIMINATED;
        }
        for seat in setup.seats.iter() {
            let has = pieces[seat.index()] != 0;
            let out = pos.out.contains(seat);
            // A seat still playing has pieces; an eliminated one keeps them only as inert
            // pieces (spec §8.2).
            if (!out && !has) || (out && has && options.departed == Departed::Remove) {
                problems |= Problems::ELIMINATED;
            }
        }
        let limit = options.no_progress_plies(playing.len());
        if limit > 0 && u32::from(setup.no_progress) > limit {
            problems |= Problems::COUNTER;
        }
        let decided = pos.winners().is_some();
        let drawn = pos.no_progress_reached();
        match setup.turn {
            Some(seat) => {
                if !playing.contains(seat) || decided || drawn {
                    problems |= Problems::TURN;
                }
            }
            None => {
                if !decided && !drawn && !pos.all_blocked_draw() {
                    problems |= Problems::TURN;
                }
            }
        }
        problems.check(waive, setup)?;
        match setup.turn {
            Some(seat) => pos.settle(seat),
            None => {
                if let Some(winners) = pos.winners() {
                    // A position string does not say how the last seat went out; inert
                    // pieces mean a departure or blockade, no pieces a capture or removal.
                    let last = pos.eliminated().last().copied().unwrap_or_default();
                    let inert = last.iter().any(|s| pos.pieces[s.index()] != 0);
                    let reason = if inert {
                        EndReason::Departed(Departure::Resign)
                    } else {
                        EndReason::CapturedAll
                    };
                    pos.status = Status::Won { winners, reason };
                } else if drawn {
                    pos.check_no_progress();
                } else {
                    pos.status = Status::Drawn {
                        seats: playing,
                        reason: EndReason::Blocked,
                    };
                }
            }
        }
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(Variant::Neva);
        setup.turn = self.turn;
        setup.seats = self.options.seats;
        for sq in Square::ALL {
            setup.board[sq.index()] = self.piece_at(sq);
        }
        setup.eliminated = self.eliminated();
        setup.no_progress = self.no_progress;
        setup
    }

    fn options(&self) -> &NevaOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        self.options.seats
    }

    fn turn(&self) -> Option<Seat> {
        self.turn
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = 1u64 << sq.index();
        let seat = Seat::ALL
            .into_iter()
            .find(|s| self.pieces[s.index()] & b != 0)?;
        let role = if self.kings & b != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { seat, role })
    }

    fn generate<S: MoveSink>(&self, sink: &mut S) {
        if let Some(seat) = self.turn {
            self.generate_for(seat, sink);
        }
    }

    /// The hash update follows the move's squares, as this is perft's and search's hot
    /// path. Pieces other than the move's change only when a seat goes out (its pieces
    /// may leave with it): that rare turn is hashed afresh.
    fn play_unchecked(&mut self, mv: &Move) {
        let (Some(seat), Some(from), Some(to)) = (self.turn, mv.origin(), mv.destination()) else {
            return;
        };
        let (s, out) = (seat.index(), self.out);
        let (from, to) = (from.index(), to.index());
        let captured = mv.captured_set().0;
        let bit = |b: u64, sq: usize| (b >> sq & 1) as usize;
        let mut d = zobrist::piece(2 * s + bit(self.kings, from), from)
            ^ zobrist::state_byte(0, s as u64 + 1);
        for c in Bitboard(captured) {
            let (c, p) = (c.index(), &self.pieces);
            // Exactly one seat owns a captured square.
            let owner = bit(p[1], c) + 2 * bit(p[2], c) + 3 * bit(p[3], c);
            d ^= zobrist::piece(2 * owner + bit(self.kings, c), c);
        }
        self.apply_parts(from as u32, to as u32, captured);
        if self.out != out {
            self.hash = zobrist::full(self);
            return;
        }
        // Only the seat to move changed in the state (byte 0: seat index + 1, 0 at the end).
        let turn = self.turn.map_or(0, |t| t.index() as u64 + 1);
        d ^= zobrist::piece(2 * s + bit(self.kings, to), to) ^ zobrist::state_byte(0, turn);
        self.hash ^= d;
    }

    fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        zobrist::depart(self, seat, how)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn eliminated(&self) -> Vec<SeatSet> {
        self.groups[..usize::from(self.groups_len)].to_vec()
    }

    fn out(&self) -> SeatSet {
        self.out
    }

    fn hash(&self) -> u64 {
        self.hash
    }
}

impl Hashed for Neva {
    fn hash_mut(&mut self) -> &mut u64 {
        &mut self.hash
    }

    #[inline(always)]
    fn apply(&mut self, mv: &Move) {
        let (Some(from), Some(to)) = (mv.origin(), mv.destination()) else {
            return;
        };
        self.apply_parts(from.index() as u32, to.index() as u32, mv.captured_set().0);
    }

    fn leave(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        if !self.status.is_ongoing() {
            return Err(DepartError::GameOver);
        }
        if !self.options.seats.contains(seat) {
            return Err(DepartError::NotPlaying(seat));
        }
        if self.out.contains(seat) {
            return Err(DepartError::AlreadyOut(seat));
        }
        if self.eliminate(seat, EndReason::Departed(how)) {
            return Ok(());
        }
        // The turn passes on if it was the departed seat's; otherwise the seat to move is
        // checked again, since removed pieces can change what it may do.
        let next = match self.turn {
            Some(t) if t == seat => seat.next(),
            Some(t) => t,
            None => seat.next(),
        };
        self.settle(next);
        Ok(())
    }
    /// Each seat's pieces, inert pieces of eliminated seats included, and the kings.
    #[inline(always)]
    fn pieces(&self) -> Pieces {
        (self.pieces, self.kings)
    }

    /// The seat to move (0 once the game is over) and the eliminated seats.
    #[inline(always)]
    fn state(&self) -> u64 {
        let turn = self.turn.map_or(0, |s| s.index() as u64 + 1);
        turn | u64::from(self.out.bits()) << 8
    }
}
