//! Stockholm checkers (M. Winther, 2017) and, with its deferred rule off, Brazilian
//! draughts (spec §5).
//!
//! 8×8 board, the 32 dark squares with a1 dark; White (`Seat::Morning`) starts on ranks
//! 1-3 and moves first, Black (`Seat::Night`) on ranks 6-8 (spec §5.1). Men step one
//! square diagonally forward and capture by the short jump; kings fly. Capturing is
//! compulsory, captured pieces are removed at the end of the move, and by default the
//! player must take the most pieces (spec §5.4). In Stockholm a man's first jump must go
//! forward, later jumps of the same sequence may go backward (spec §5.2). A man is crowned
//! only if its move ends on the far rank (spec §5.5).
//!
//! ```
//! use rules::{perft, GameOptions, Position, Stockholm, StockholmOptions};
//! // White man e5 could take d4, b4 and b6 starting with a backward jump: Brazilian only.
//! let text = "W:We5,h2:Bb4,b6,d4,h8";
//! let stockholm = Stockholm::from_position_string(text, StockholmOptions::default()).unwrap();
//! let mut moves: Vec<String> =
//!     stockholm.legal_moves().iter().map(|m| stockholm.move_to_string(m)).collect();
//! moves.sort();
//! assert_eq!(moves, ["e5-d6", "e5-f6", "h2-g3"]); // no forward first jump: no capture
//! let brazilian = StockholmOptions::from_pairs([("deferred_backward_capture", "false")]).unwrap();
//! let pos = Stockholm::from_position_string(text, brazilian).unwrap();
//! let mv = pos.parse_move("e5xc3xa5xc7").unwrap();
//! assert_eq!(mv.captured().len(), 3);
//! // Brazilian draughts perft from the start (R. Halbersma, damforum.nl thread 2822).
//! let start = Stockholm::new(brazilian).unwrap();
//! assert_eq!(perft::perft(&start, 5), 7473);
//! ```

mod gen;
mod options;

use std::fmt;

use gen::{Board, BOARD, RANK_1, RANK_8};

pub use options::StockholmOptions;

use crate::options::{GameOptions, OptionError};
use crate::notation::IllegalReason;
use crate::position::{DepartError, Departure, EndReason, Position, Status};
use crate::setup::{PositionError, Problems, Setup};
use crate::zobrist::{self, Hashed, Pieces};
use crate::{Bitboard, Move, MoveList, MoveSink, Piece, Role, Seat, SeatSet, Square, Variant};

/// Pieces a side starts with, the most a setup may hold (spec §5.1).
const START_PIECES: u32 = 12;
/// White's start: a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3 (spec §5.1).
const WHITE_START: u64 = 0x55_aa55;
/// Black's start: b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8 (spec §5.1).
const BLACK_START: u64 = 0xaa55_aa00_0000_0000;

/// A position of Stockholm checkers or Brazilian draughts (spec §5).
///
/// Small and `Copy`-cheap on purpose (three bitboards and a few bytes): perft clones it at
/// every node.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Stockholm {
    /// Pieces by colour: White, Black.
    pieces: [u64; 2],
    /// Kings of both colours.
    kings: u64,
    /// Colour to move: 0 White, 1 Black.
    side: u8,
    /// Plies since the last capture or man move (spec §5.7).
    no_progress: u16,
    /// A seat that resigned, left or ran out of time (it lost, spec §2.7 applied to two seats).
    departed: Option<(Seat, Departure)>,
    options: StockholmOptions,
    /// Zobrist hash of the pieces, side to move and departure (see [`Hashed`]).
    hash: u64,
}

const fn seat_of(colour: usize) -> Seat {
    if colour == 0 {
        Seat::WHITE
    } else {
        Seat::BLACK
    }
}

impl Stockholm {
    /// Brazilian draughts' start position (the Stockholm start with the deferred rule
    /// off, spec §5.6).
    pub fn brazilian() -> Stockholm {
        Stockholm::start(StockholmOptions::brazilian())
    }

    fn start(options: StockholmOptions) -> Stockholm {
        let mut pos = Stockholm {
            pieces: [WHITE_START, BLACK_START],
            kings: 0,
            side: 0,
            no_progress: 0,
            departed: None,
            options,
            hash: 0,
        };
        pos.hash = zobrist::full(&pos);
        pos
    }

    #[inline(always)]
    fn board(&self) -> Board {
        let side = self.side as usize;
        Board {
            own: self.pieces[side],
            enemy: self.pieces[side ^ 1],
            kings: self.kings,
            side,
        }
    }

    /// The no-progress counter has reached its limit (spec §5.7).
    #[inline(always)]
    fn no_progress_reached(&self) -> bool {
        let limit = self.options.no_progress_plies();
        limit > 0 && u32::from(self.no_progress) >= limit
    }

    /// Play is over by a rule outside the board (departure, no progress).
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.departed.is_some()
            || self.no_progress_reached()
            || self.pieces[self.side as usize ^ 1] == 0
    }

    /// Plies since the last capture or man move.
    pub fn no_progress_plies(&self) -> u16 {
        self.no_progress
    }
}

impl fmt::Debug for Stockholm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stockholm")
            .field("position", &self.position_string())
            .field("departed", &self.departed)
            .field("options", &self.options)
            .finish()
    }
}

impl Position for Stockholm {
    type Options = StockholmOptions;
    const VARIANT: Variant = Variant::Stockholm;

    fn new(options: StockholmOptions) -> Result<Stockholm, OptionError> {
        options.validate()?;
        Ok(Stockholm::start(options))
    }

    fn from_setup(
        setup: &Setup,
        options: StockholmOptions,
        waive: Problems,
    ) -> Result<Stockholm, PositionError> {
        let mut problems = Problems::empty();
        if setup.variant != Variant::Stockholm || setup.seats != SeatSet::TWO {
            problems |= Problems::SEATS;
        }
        let mut pieces = [0u64; 2];
        let mut kings = 0u64;
        for sq in Square::ALL {
            let Some(piece) = setup.piece_at(sq) else {
                continue;
            };
            let bit = 1u64 << sq.index();
            if BOARD & bit == 0 {
                problems |= Problems::OFF_BOARD;
            }
            let colour = match piece.seat {
                Seat::Morning => 0,
                Seat::Night => 1,
                Seat::Day | Seat::Evening => {
                    problems |= Problems::ABSENT_OWNER;
                    continue;
                }
            };
            if !setup.seats.contains(piece.seat) {
                problems |= Problems::ABSENT_OWNER;
            }
            pieces[colour] |= bit;
            match piece.role {
                Role::King => kings |= bit,
                Role::Man => {
                    // spec §5.5: a man ending its move on the far rank is crowned.
                    let far = if colour == 0 { RANK_8 } else { RANK_1 };
                    if far & bit != 0 {
                        problems |= Problems::MAN_ON_PROMOTION;
                    }
                }
            }
        }
        // Only dark squares take part in play; off-board pieces are reported above.
        pieces[0] &= BOARD;
        pieces[1] &= BOARD;
        kings &= BOARD;
        if pieces.iter().any(|p| p.count_ones() > START_PIECES) {
            problems |= Problems::TOO_MANY_PIECES;
        }
        problems |= setup.unused_fields(Problems::empty());
        let out = setup.eliminated_set();
        let loser = match (setup.eliminated.as_slice(), out.first()) {
            ([], _) => None,
            ([group], Some(seat)) if group.len() == 1 && SeatSet::TWO.contains(seat) => Some(seat),
            _ => {
                problems |= Problems::ELIMINATED;
                None
            }
        };
        let limit = options.no_progress_plies();
        if limit > 0 && u32::from(setup.no_progress) > limit {
            problems |= Problems::COUNTER;
        }
        let mut pos = Stockholm {
            pieces,
            kings,
            side: 0,
            no_progress: setup.no_progress,
            departed: None,
            options,
            hash: 0,
        };
        match setup.turn {
            Some(seat) if SeatSet::TWO.contains(seat) && setup.seats.contains(seat) => {
                pos.side = u8::from(seat == Seat::BLACK);
                if loser.is_some() {
                    // An eliminated seat means the game is over, so nobody is to move.
                    problems |= Problems::TURN;
                }
            }
            Some(_) => problems |= Problems::TURN,
            None => match loser {
                // Over with a loser: it was blocked or lost all its pieces on its turn,
                // or (if it could still move) it departed.
                Some(seat) => {
                    pos.side = u8::from(seat == Seat::BLACK);
                    if pos.board().has_move(options.rules()) {
                        pos.departed = Some((seat, Departure::Resign));
                    }
                }
                None if pos.no_progress_reached() => {
                    // The string does not say whose turn it was when the count ran out.
                    // Read it as a side that can move, so that the position is the draw it
                    // was written for rather than a loss of a blocked side.
                    if !pos.board().has_move(options.rules()) {
                        pos.side ^= 1;
                    }
                }
                None => problems |= Problems::TURN,
            },
        }
        problems.check(waive, setup)?;
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(Variant::Stockholm);
        setup.turn = self.turn();
        setup.seats = SeatSet::TWO;
        for colour in 0..2 {
            for sq in Bitboard(self.pieces[colour]) {
                let i = sq.index();
                let role = if self.kings & (1u64 << i) != 0 {
                    Role::King
                } else {
                    Role::Man
                };
                setup.board[i] = Some(Piece {
                    seat: seat_of(colour),
                    role,
                });
            }
        }
        setup.eliminated = self.eliminated();
        setup.no_progress = self.no_progress;
        setup
    }

    fn options(&self) -> &StockholmOptions {
        &self.options
    }

    fn turn(&self) -> Option<Seat> {
        self.status()
            .is_ongoing()
            .then_some(seat_of(self.side as usize))
    }

    fn side_to_move(&self) -> Option<Seat> {
        Some(seat_of(self.side as usize))
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = 1u64 << sq.index();
        let colour = (0..2).find(|&c| self.pieces[c] & bit != 0)?;
        let role = if self.kings & bit != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece {
            seat: seat_of(colour),
            role,
        })
    }

    #[inline]
    fn generate<S: MoveSink>(&self, sink: &mut S) {
        if !self.stopped() {
            self.board().generate(self.options.rules(), sink);
        }
    }

    fn captures_into(&self, moves: &mut MoveList) {
        if self.stopped() {
            moves.clear();
            return;
        }
        self.board().captures_only(self.options.rules(), moves);
    }

    /// The hash update is written out from the move here rather than diffed as in the
    /// other games: this is perft's and search's hottest path, and the move names every
    /// square it changes.
    #[inline]
    fn play_unchecked(&mut self, mv: &Move) {
        let (Some(from), Some(to)) = (mv.origin(), mv.destination()) else {
            return;
        };
        let side = self.side as usize;
        let king = usize::from(mv.role() == Role::King);
        let crowned = king | usize::from(mv.promotes());
        let mut d = zobrist::piece(2 * side + king, from.index())
            ^ zobrist::piece(2 * side + crowned, to.index())
            ^ zobrist::side_flip();
        for c in mv.captured() {
            let was_king = usize::from(self.kings >> c.index() & 1 != 0);
            d ^= zobrist::piece(2 * (side ^ 1) + was_king, c.index());
        }
        self.apply(mv);
        self.hash ^= d;
    }

    fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        zobrist::depart(self, seat, how)
    }

    /// Without the maximum rule, a shorter capture is legal (the longest must be taken);
    /// then as Brazilian draughts, a man's backward first jump is (Stockholm forbids it).
    fn relaxations(&self) -> Vec<(IllegalReason, Self)> {
        let mut out = Vec::new();
        let setup = self.to_setup();
        let mut options = self.options;
        let mut relax = |options: StockholmOptions, reason| {
            if let Ok(p) = Self::from_setup(&setup, options, Problems::WAIVABLE) {
                out.push((reason, p));
            }
        };
        if options.max_capture {
            options.max_capture = false;
            relax(options, IllegalReason::LongestCapture);
        }
        if options.deferred_backward_capture {
            options.deferred_backward_capture = false;
            options.max_capture = false;
            relax(options, IllegalReason::NoBackwardFirstJump);
        }
        out
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn status(&self) -> Status {
        let other = seat_of(self.side as usize ^ 1);
        if let Some((seat, how)) = self.departed {
            let winner = if seat == Seat::WHITE {
                Seat::BLACK
            } else {
                Seat::WHITE
            };
            return Status::Won {
                winners: SeatSet::only(winner),
                reason: EndReason::Departed(how),
            };
        }
        // spec §5.7: a side without pieces, or without a legal move on its turn, loses.
        // (A setup may name the winner to move after the loser's last piece is gone.)
        if self.pieces[self.side as usize ^ 1] == 0 && self.pieces[self.side as usize] != 0 {
            return Status::Won {
                winners: SeatSet::only(seat_of(self.side as usize)),
                reason: EndReason::CapturedAll,
            };
        }
        if self.pieces[self.side as usize] == 0 {
            return Status::Won {
                winners: SeatSet::only(other),
                reason: EndReason::CapturedAll,
            };
        }
        if !self.board().has_move(self.options.rules()) {
            return Status::Won {
                winners: SeatSet::only(other),
                reason: EndReason::Blocked,
            };
        }
        if self.no_progress_reached() {
            return Status::Drawn {
                seats: SeatSet::TWO,
                reason: EndReason::NoProgress,
            };
        }
        Status::Ongoing
    }
}

impl Hashed for Stockholm {
    fn leave(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        if !self.status().is_ongoing() {
            return Err(DepartError::GameOver);
        }
        if !SeatSet::TWO.contains(seat) {
            return Err(DepartError::NotPlaying(seat));
        }
        self.departed = Some((seat, how));
        Ok(())
    }

    fn hash_mut(&mut self) -> &mut u64 {
        &mut self.hash
    }

    #[inline(always)]
    fn apply(&mut self, mv: &Move) {
        let (Some(from), Some(to)) = (mv.origin(), mv.destination()) else {
            return;
        };
        let side = self.side as usize;
        let from = 1u64 << from.index();
        let to = 1u64 << to.index();
        // A sequence may end on its start square (a loop), so clear before setting.
        self.pieces[side] = (self.pieces[side] & !from) | to;
        if mv.role() == Role::King {
            self.kings = (self.kings & !from) | to;
        } else if mv.promotes() {
            self.kings |= to;
        }
        if mv.is_capture() {
            let captured = mv
                .captured()
                .iter()
                .fold(0u64, |acc, sq| acc | 1u64 << sq.index());
            self.pieces[side ^ 1] &= !captured;
            // The mover never lands on a captured piece's square (dead pieces block).
            self.kings &= !captured;
            self.no_progress = 0;
        } else if mv.role() == Role::Man {
            self.no_progress = 0;
        } else {
            // spec §5.7: only king moves without capture count towards the draw.
            self.no_progress = self.no_progress.saturating_add(1);
        }
        self.side ^= 1;
    }
    /// White's and Black's pieces, and the kings.
    #[inline(always)]
    fn pieces(&self) -> Pieces {
        ([self.pieces[0], self.pieces[1], 0, 0], self.kings)
    }

    /// The side to move and the seat that departed, if any.
    #[inline(always)]
    fn state(&self) -> u64 {
        u64::from(self.side)
            | self
                .departed
                .map_or(0, |(s, _)| (s.index() as u64 + 1) << 8)
    }
}
