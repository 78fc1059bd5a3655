//! Queah (spec §3): two players on 13 cells, single short captures, and reserve pieces that
//! re-enter the board after a loss.
//!
//! The 13 cells are the dark squares of the 5×5 corner of the grid, `a1 c1 e1 b2 d2 a3 c3 e3
//! b4 d4 a5 c5 e5` (spec §3.1). Standard moves follow the diagonal "D-links"; the movement
//! schemes of the seed add "O-links" between same-colour cells two apart on a rank or file
//! (spec §3.5), switched on by three booleans. A turn is one step or one capture, combined
//! with a reserve drop when the drop timing asks for it (spec §3.4); such a compound turn is
//! one [`Move`], written `@c3,b2-a3` (drop first) or `b2-a3,@c3` (drop last), a drop alone
//! `@c3` (spec §3.8).
//!
//! ```
//! use rules::{GameOptions, Position, Queah, QueahOptions, Seat, Status};
//! let pos = Queah::new(QueahOptions::default())?;
//! assert_eq!(pos.legal_moves().len(), 5); // b2-a1 b2-a3 b2-c3 d2-c3 d2-e3
//! let mv = pos.parse_move("d2-c3")?;
//! let pos = pos.play(&mv)?;
//! assert_eq!(pos.turn(), Some(Seat::BLACK));
//! let mv = pos.parse_move("b4xd2")?; // Black takes c3
//! let pos = pos.play(&mv)?;
//! // White lost a piece: under the default `drop_then_move` it must drop first, then move.
//! assert!(pos.legal_moves().iter().all(|m| m.drop().is_some()));
//! let mv = pos.parse_move("@c3,b2-a3")?;
//! let pos = pos.play(&mv)?;
//! assert_eq!(pos.reserve(Seat::WHITE), 5);
//! assert_eq!(pos.status(), Status::Ongoing);
//!
//! let all = QueahOptions::from_pairs([("o_edge_ring", "true"), ("drop_timing", "DeferredDrop")])?;
//! assert_eq!(all.get("drop_timing").as_deref(), Some("deferred_drop"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod gen;
mod geometry;
mod options;

use std::fmt;

use geometry::{Tables, TABLES};
pub use options::{DropTiming, QueahOptions};

use crate::options::{GameOptions, OptionError};
use crate::notation::IllegalReason;
use crate::position::{DepartError, Departure, EndReason, Position, Status};
use crate::setup::{PositionError, Problems, Setup};
use crate::zobrist::{self, Hashed, Pieces};
use crate::{AnyMove, Bitboard, BySeat, Move, MoveSink, Piece, Role, Seat, SeatSet, Square, Variant};

/// The 13 cells (spec §3.1).
const BOARD: u64 = Variant::Queah.board().0;

const fn bit(file: u32, rank: u32) -> u64 {
    1 << (rank * 8 + file)
}

/// Start cells: White b2 c1 d2 e1, Black a5 b4 c5 d4 (spec §3.2).
const START: [u64; 2] = [
    bit(1, 1) | bit(2, 0) | bit(3, 1) | bit(4, 0),
    bit(0, 4) | bit(1, 3) | bit(2, 4) | bit(3, 3),
];
/// Pieces each player holds in reserve at the start (spec §3.2).
const START_RESERVE: u8 = 6;
/// Pieces each player owns in all (spec §3.2).
const TOTAL_PIECES: u32 = 10;
/// Pieces on the board that drops restore (spec §3.4).
const ON_BOARD: u32 = 4;

/// The two sides in index order: 0 = White (Morning), 1 = Black (Night).
const SEATS: [Seat; 2] = [Seat::Morning, Seat::Night];

#[inline]
fn side_of(seat: Seat) -> Option<usize> {
    match seat {
        Seat::Morning => Some(0),
        Seat::Night => Some(1),
        _ => None,
    }
}

#[inline]
fn sq(index: u32) -> Square {
    Square::new_unchecked(index as u8)
}

/// A Queah position (spec §3): pieces, reserves, owed drops, the no-reverse memory, the
/// no-progress counter and the side to move.
///
/// The 13 cells are the dark squares of the 5×5 corner, `a1 c1 e1 b2 d2 a3 c3 e3 b4 d4 a5 c5
/// e5`; White (Morning) starts on b2 c1 d2 e1, Black (Night) on a5 b4 c5 d4, six pieces each in
/// reserve, White to move (spec §3.1-3.2). A turn is one step along an enabled link or one
/// short capture, plus a reserve drop as [`DropTiming`] says; a compound turn is one [`Move`]
/// written `@c3,b2-a3` or `b2-a3,@c3`, a drop alone `@c3` (spec §3.8).
///
/// The position string carries reserves (`reserve=W5,B6`), an owed drop (`owe=W`), the
/// no-reverse memory as the step each side made on its previous turn (`rev=Wb2-c3`: White may
/// not play `c3-b2` with that piece now) and the no-progress counter (`np=`). A decided game
/// is written with `-` to move and the loser in `out=`.
///
/// ```
/// use rules::{Position, Queah, QueahOptions, Seat};
/// let pos = Queah::from_position_string("W:Wb2:Be5:rev=Wa1-b2", QueahOptions::default())?;
/// let moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_to_string(m)).collect();
/// assert_eq!(moves, ["b2-c1", "b2-a3", "b2-c3"]); // b2-a1 would undo White's last step
/// assert_eq!(pos.reserve(Seat::WHITE), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Queah {
    options: QueahOptions,
    tables: &'static Tables,
    /// Cells of each side's pieces (0 White, 1 Black).
    pieces: [u64; 2],
    reserve: [u8; 2],
    /// The side lost a piece and owes a drop on its next turn (timings other than deferred).
    owed: [bool; 2],
    /// The step `(from, to)` of the side's previous turn, which may not be undone (§3.6).
    rev: [Option<(Square, Square)>; 2],
    /// The side to move (once the game is over: the side that would move, or the loser).
    side: usize,
    /// Turns since the last capture or drop (spec §3.7).
    np: u16,
    /// A side that resigned, left or timed out.
    departed: Option<(usize, Departure)>,
    /// Zobrist hash of the pieces, reserves, owed drops, bans, side to move and departure
    /// (see [`Hashed`]).
    hash: u64,
}

impl PartialEq for Queah {
    fn eq(&self, other: &Self) -> bool {
        // The tables follow from the options.
        self.options == other.options
            && self.pieces == other.pieces
            && self.reserve == other.reserve
            && self.owed == other.owed
            && self.rev == other.rev
            && self.side == other.side
            && self.np == other.np
            && self.departed == other.departed
    }
}

impl Eq for Queah {}

impl fmt::Debug for Queah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Queah")
            .field("position", &self.position_string())
            .field("options", &self.options)
            .finish()
    }
}

impl Queah {
    fn empty(options: QueahOptions) -> Queah {
        Queah {
            options,
            tables: &TABLES[options.scheme()],
            pieces: [0; 2],
            reserve: [0; 2],
            owed: [false; 2],
            rev: [None; 2],
            side: 0,
            np: 0,
            departed: None,
            hash: 0,
        }
    }

    /// Pieces of side `s` on the board and in reserve.
    #[inline]
    fn total(&self, s: usize) -> u32 {
        self.pieces[s].count_ones() + u32::from(self.reserve[s])
    }

    /// True when the no-progress limit is reached (spec §3.7).
    #[inline]
    fn no_progress_reached(&self) -> bool {
        self.options.draw.no_progress > 0 && self.np >= self.options.draw.no_progress
    }

    /// True when the game was ended by something other than the side to move's moves:
    /// a departure or the no-progress limit. A side without pieces has no moves anyway.
    #[inline]
    fn stopped(&self) -> bool {
        self.departed.is_some() || self.no_progress_reached()
    }

    /// The status of the board, the no-progress limit and the departure (spec §3.7).
    fn compute_status(&self) -> Status {
        let other = |s: usize| SeatSet::only(SEATS[1 - s]);
        if let Some((s, how)) = self.departed {
            return Status::Won {
                winners: other(s),
                reason: EndReason::Departed(how),
            };
        }
        for s in [self.side, 1 - self.side] {
            if self.total(s) == 0 {
                return Status::Won {
                    winners: other(s),
                    reason: EndReason::CapturedAll,
                };
            }
        }
        // The limit is reached as the last turn ends, before the next player's turn begins,
        // so it is judged before that player's lack of moves.
        if self.no_progress_reached() {
            return self.adjudicate(EndReason::NoProgress);
        }
        let mut any = AnyMove::default();
        self.raw_generate(&mut any);
        if !any.0 {
            return Status::Won {
                winners: other(self.side),
                reason: EndReason::Blocked,
            };
        }
        Status::Ongoing
    }
}

impl Position for Queah {
    type Options = QueahOptions;
    const VARIANT: Variant = Variant::Queah;

    fn new(options: QueahOptions) -> Result<Queah, OptionError> {
        options.validate()?;
        let mut pos = Queah::empty(options);
        pos.pieces = START;
        pos.reserve = [START_RESERVE; 2];
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn from_setup(
        setup: &Setup,
        options: QueahOptions,
        waive: Problems,
    ) -> Result<Queah, PositionError> {
        let mut problems = Problems::empty();
        let mut pos = Queah::empty(options);
        let two = SeatSet::TWO;
        if setup.variant != Variant::Queah || setup.seats != two {
            problems |= Problems::SEATS;
        }
        for s in Square::ALL {
            let Some(p) = setup.piece_at(s) else { continue };
            if BOARD >> s.index() & 1 == 0 {
                problems |= Problems::OFF_BOARD;
            }
            if !setup.seats.contains(p.seat) {
                problems |= Problems::ABSENT_OWNER;
            }
            if p.role == Role::King {
                problems |= Problems::KINGS;
            }
            if let Some(side) = side_of(p.seat) {
                pos.pieces[side] |= (1 << s.index()) & BOARD;
            }
        }
        for seat in Seat::ALL {
            let r = setup.reserves[seat];
            match side_of(seat) {
                Some(side) => pos.reserve[side] = r,
                None if r > 0 => problems |= Problems::RESERVE,
                None => {}
            }
        }
        let timing = options.drop_timing;
        for side in 0..2 {
            let on_board = pos.pieces[side].count_ones();
            if on_board + u32::from(pos.reserve[side]) > TOTAL_PIECES {
                problems |= Problems::TOO_MANY_PIECES;
            }
            if on_board > ON_BOARD {
                problems |= Problems::RESERVE;
            }
        }
        if pos.total(0) == 0 && pos.total(1) == 0 {
            problems |= Problems::RESERVE;
        }

        // Who is (or would be) to move: the turn, else the seat that lost.
        let out = &setup.eliminated;
        let loser = match out.as_slice() {
            [] => None,
            [g] if g.len() == 1 => g.first().and_then(side_of),
            _ => None,
        };
        if !out.is_empty() && loser.is_none() {
            problems |= Problems::ELIMINATED;
        }
        pos.side = match setup.turn {
            Some(seat) => match side_of(seat) {
                Some(s) => s,
                None => {
                    problems |= Problems::TURN;
                    0
                }
            },
            None => loser.unwrap_or(0),
        };

        // Owed drops: only the side to move can owe one, under the timings that owe, with a
        // reserve to drop from (spec §3.4).
        for seat in setup.owed_drop.iter() {
            match side_of(seat) {
                Some(s) => {
                    pos.owed[s] = true;
                    if !timing.owes() || pos.reserve[s] == 0 || s != pos.side {
                        problems |= Problems::OWED_DROP;
                    }
                }
                None => problems |= Problems::OWED_DROP,
            }
        }
        // Between turns a side's reserve is kept at four on the board (spec §3.4).
        if timing.owes() {
            for side in 0..2 {
                let expected = ON_BOARD - u32::from(pos.owed[side]);
                if pos.reserve[side] > 0 && pos.pieces[side].count_ones() != expected {
                    problems |= Problems::RESERVE;
                }
            }
        }

        // The no-reverse memory: a step along an enabled link whose piece is still there.
        for seat in Seat::ALL {
            let Some((from, to)) = setup.last_step[seat] else {
                continue;
            };
            match side_of(seat) {
                Some(s) => {
                    let ok = options.no_reverse_move
                        && BOARD >> from.index() & 1 == 1
                        && pos.tables.links[to.index()] >> from.index() & 1 == 1
                        && pos.pieces[s] >> to.index() & 1 == 1;
                    if ok {
                        pos.rev[s] = Some((from, to));
                    } else {
                        problems |= Problems::REVERSE;
                    }
                }
                None => problems |= Problems::REVERSE,
            }
        }
        problems |=
            setup.unused_fields(Problems::RESERVE | Problems::OWED_DROP | Problems::REVERSE);
        pos.np = setup.no_progress;
        let limit = options.draw.no_progress;
        if limit > 0 && (pos.np > limit || (pos.np == limit && setup.turn.is_some())) {
            problems |= Problems::COUNTER;
        }

        // The seat to move must be able to act, and a finished game must look finished.
        let board_status = pos.compute_status();
        match (setup.turn, loser) {
            (Some(_), None) => {
                if !board_status.is_ongoing() && !(problems & Problems::COUNTER).is_empty() {
                    // Already reported as the counter.
                } else if !board_status.is_ongoing() {
                    problems |= Problems::TURN;
                }
            }
            (Some(_), Some(_)) => problems |= Problems::ELIMINATED,
            // A malformed `out` is already reported.
            (None, None) if !out.is_empty() => {}
            (None, None) => {
                if board_status.is_ongoing() {
                    problems |= Problems::TURN;
                } else if let Status::Won { .. } = board_status {
                    // A decided game names its loser (see `eliminated`).
                    problems |= Problems::ELIMINATED;
                }
            }
            (None, Some(l)) => match board_status {
                Status::Ongoing => pos.departed = Some((l, Departure::Resign)),
                Status::Won { winners, .. } if winners == SeatSet::only(SEATS[1 - l]) => {}
                _ => problems |= Problems::ELIMINATED,
            },
        }

        problems.check(waive, setup)?;
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(Variant::Queah);
        setup.turn = self.turn();
        setup.seats = SeatSet::TWO;
        for (side, &seat) in SEATS.iter().enumerate() {
            for sq in Bitboard(self.pieces[side]) {
                setup.board[sq.index()] = Some(Piece {
                    seat,
                    role: Role::Man,
                });
            }
            setup.reserves[seat] = self.reserve[side];
            if self.owed[side] {
                setup.owed_drop.insert(seat);
            }
            setup.last_step[seat] = self.rev[side];
        }
        setup.eliminated = self.eliminated();
        setup.no_progress = self.np;
        setup
    }

    fn options(&self) -> &QueahOptions {
        &self.options
    }

    fn turn(&self) -> Option<Seat> {
        self.compute_status()
            .is_ongoing()
            .then_some(SEATS[self.side])
    }

    fn side_to_move(&self) -> Option<Seat> {
        Some(SEATS[self.side])
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = 1u64 << sq.index();
        let seat = if self.pieces[0] & b != 0 {
            Seat::Morning
        } else if self.pieces[1] & b != 0 {
            Seat::Night
        } else {
            return None;
        };
        Some(Piece {
            seat,
            role: Role::Man,
        })
    }

    fn reserve(&self, seat: Seat) -> u8 {
        side_of(seat).map_or(0, |s| self.reserve[s])
    }

    fn generate<S: MoveSink>(&self, sink: &mut S) {
        if !self.stopped() {
            self.raw_generate(sink);
        }
    }

    /// The hash update is written out from the move's cells (perft's and search's hot
    /// path); the small state is diffed byte by byte.
    fn play_unchecked(&mut self, mv: &Move) {
        let (s, before) = (self.side, self.state());
        let mut d = 0;
        if let (Some(from), Some(to)) = (mv.origin(), mv.destination()) {
            d ^= zobrist::piece(2 * s, from.index()) ^ zobrist::piece(2 * s, to.index());
            if let Some(&over) = mv.captured().first() {
                d ^= zobrist::piece(2 * (1 - s), over.index());
            }
        }
        if let Some(drop) = mv.drop() {
            d ^= zobrist::piece(2 * s, drop.index());
        }
        self.apply(mv);
        self.hash ^= d ^ zobrist::state_delta(before, self.state());
    }

    fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        zobrist::depart(self, seat, how)
    }

    /// Without the memory of the last steps, stepping straight back is allowed.
    fn relaxations(&self) -> Vec<(IllegalReason, Self)> {
        let mut setup = self.to_setup();
        if !self.options.no_reverse_move || setup.last_step.iter().all(|(_, s)| s.is_none()) {
            return Vec::new();
        }
        setup.last_step = BySeat::default();
        Self::from_setup(&setup, self.options, Problems::WAIVABLE)
            .map(|p| vec![(IllegalReason::NoReverse, p)])
            .unwrap_or_default()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn status(&self) -> Status {
        self.compute_status()
    }

    /// Queah adjudicates by piece count, board and reserve (spec §3.7): more pieces wins,
    /// equal counts draw.
    fn adjudicate(&self, reason: EndReason) -> Status {
        let (w, b) = (self.total(0), self.total(1));
        if w == b {
            Status::Drawn {
                seats: SeatSet::TWO,
                reason,
            }
        } else {
            Status::Won {
                winners: SeatSet::only(if w > b { SEATS[0] } else { SEATS[1] }),
                reason,
            }
        }
    }
}

impl Hashed for Queah {
    fn hash_mut(&mut self) -> &mut u64 {
        &mut self.hash
    }

    #[inline(always)]
    fn apply(&mut self, mv: &Move) {
        let s = self.side;
        let o = 1 - s;
        let mut progress = false;
        let drop = mv.drop();
        // A drop-first turn drops before the move; a move-then-drop turn may drop on the
        // cell the piece left or on the captured cell, so it drops after.
        if let (Some(d), true) = (drop, mv.drop_first()) {
            self.pieces[s] |= 1 << d.index();
        }
        // A turn with a step remembers it; any other turn lifts the ban (spec §3.6, §8.6).
        self.rev[s] = None;
        if let (Some(from), Some(to)) = (mv.origin(), mv.destination()) {
            self.pieces[s] &= !(1u64 << from.index());
            self.pieces[s] |= 1 << to.index();
            if let Some(&over) = mv.captured().first() {
                self.pieces[o] &= !(1u64 << over.index());
                // The piece that may not step back is gone (spec §8.6).
                if self.rev[o].is_some_and(|(_, b)| b == over) {
                    self.rev[o] = None;
                }
                if self.reserve[o] > 0 && self.options.drop_timing.owes() {
                    self.owed[o] = true;
                }
                progress = true;
            } else if self.options.no_reverse_move {
                self.rev[s] = Some((from, to));
            }
        }
        if let Some(d) = drop {
            if !mv.drop_first() {
                self.pieces[s] |= 1 << d.index();
            }
            self.reserve[s] = self.reserve[s].saturating_sub(1);
            progress = true;
        }
        self.owed[s] = false;
        self.np = if progress {
            0
        } else {
            self.np.saturating_add(1)
        };
        self.side = o;
    }

    fn leave(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        let Some(s) = side_of(seat) else {
            return Err(DepartError::NotPlaying(seat));
        };
        if !self.compute_status().is_ongoing() {
            return Err(DepartError::GameOver);
        }
        self.departed = Some((s, how));
        Ok(())
    }
    /// White's and Black's pieces (Queah has no kings).
    #[inline(always)]
    fn pieces(&self) -> Pieces {
        ([self.pieces[0], self.pieces[1], 0, 0], 0)
    }

    /// Reserves, owed drops, each side's banned step back, the side to move and the side
    /// that departed, in disjoint bit fields.
    #[inline(always)]
    fn state(&self) -> u64 {
        let ban = |r: Option<(Square, Square)>| {
            r.map_or(0, |(f, t)| 1 + (f.index() as u64) * 64 + t.index() as u64)
        };
        u64::from(self.reserve[0])
            | u64::from(self.reserve[1]) << 8
            | u64::from(self.owed[0]) << 16
            | u64::from(self.owed[1]) << 17
            | ban(self.rev[0]) << 18
            | ban(self.rev[1]) << 31
            | (self.side as u64) << 44
            | self.departed.map_or(0, |(s, _)| s as u64 + 1) << 45
    }
}
