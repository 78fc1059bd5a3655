//! Give and Take (Christopher Elis, 1999), spec §4: orthogonal draughts on all 64 squares
//! in the Turkish family, where capturing is compulsory only against the piece that just
//! moved (spec §4.5) and a lone man becomes a king at once (spec §4.7).
//!
//! * Men step one square forward or sideways and capture by short jumps forward or
//!   sideways; kings move and capture like rooks, flying, with 180° turns (spec §4.2-§4.3).
//! * Jumped pieces leave the board at once, so a square may be crossed again (spec §4.4).
//! * The **hot piece** is the opponent's piece that made the last move. If one of my pieces
//!   can take it with the first jump of a sequence, I must play a sequence that takes it;
//!   otherwise every step and every complete capture sequence is legal (spec §4.5, G1).
//! * The position string carries the hot square as `hot=` and the plies without progress
//!   as `np=` (see [`crate::setup`]).
//!
//! ```
//! use rules::{GiveAndTake, GiveAndTakeOptions, Position, Status};
//! let pos = GiveAndTake::new(GiveAndTakeOptions::default()).unwrap();
//! assert_eq!(pos.legal_moves().len(), 8); // the eight men of rank 3 step forward
//! let mut pos = pos;
//! for text in ["c3c4", "c6c5"] {
//!     let mv = pos.parse_move(text).unwrap();
//!     pos = pos.play(&mv).unwrap();
//! }
//! // c5 just moved and c4 can take it: the capture is compulsory and must go on to c8.
//! let only: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_to_string(m)).collect();
//! assert_eq!(only, ["c4xc6xc8"]);
//! assert!(pos.position_string().ends_with(":hot=c5"));
//! assert_eq!(pos.status(), Status::Ongoing);
//! ```

mod gen;
mod geometry;
mod options;

pub use options::{GiveAndTakeOptions, HotJump, KingLanding, LoneMan, Removal};

use gen::{free_ray, sq, Rules, Search};
use geometry::{shift, slides, EAST, NORTH, OFF, RANK_1, RANK_8, RAY, SOUTH, STEP, WEST};

use crate::options::{GameOptions, OptionError};
use crate::notation::IllegalReason;
use crate::position::{DepartError, Departure, EndReason, Status};
use crate::setup::{PositionError, Problems, Setup};
use crate::zobrist::{self, Hashed, Pieces};
use crate::{
    AnyMove, Bitboard, Move, MoveList, MoveSink, Piece, Position, Role, Seat, SeatSet, Square,
    Variant,
};

/// Men per seat at the start, the most a seat may have (spec §4.1).
const START_MEN: u32 = 16;
const WHITE_START: u64 = 0x0000_0000_00ff_ff00;
const BLACK_START: u64 = 0x00ff_ff00_0000_0000;

/// A Give and Take position: pieces, side to move, hot piece, no-progress counter and
/// the result once the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GiveAndTake {
    /// Pieces by colour: 0 White, 1 Black.
    by_colour: [u64; 2],
    kings: u64,
    /// Colour to move (0 White, 1 Black); once the game is over, the loser (White for a
    /// draw), so equal positions compare equal.
    side: usize,
    /// Where the piece that made the last move stands (spec §4.5).
    hot: Option<Square>,
    /// Plies since the last capture or man move (spec §4.8).
    np: u16,
    status: Status,
    options: GiveAndTakeOptions,
    /// Zobrist hash of the pieces, seat to move, hot piece and loser (see [`Hashed`]).
    hash: u64,
}

const fn seat_of(colour: usize) -> Seat {
    if colour == 0 {
        Seat::Morning
    } else {
        Seat::Night
    }
}

const fn colour_of(seat: Seat) -> Option<usize> {
    match seat {
        Seat::Morning => Some(0),
        Seat::Night => Some(1),
        _ => None,
    }
}

/// Forward direction of a colour's men.
const fn forward(colour: usize) -> usize {
    if colour == 0 {
        NORTH
    } else {
        SOUTH
    }
}

/// Promotion rank of a colour's men (spec §4.6).
const fn last_rank(colour: usize) -> u64 {
    if colour == 0 {
        RANK_8
    } else {
        RANK_1
    }
}

impl GiveAndTake {
    fn rules(&self) -> Rules {
        Rules {
            immediate: self.options.removal == Removal::Immediate,
            reversal: self.options.king_reversal,
            must_continue: self.options.king_landing == KingLanding::MustContinue,
        }
    }

    #[inline]
    fn occupied(&self) -> u64 {
        self.by_colour[0] | self.by_colour[1]
    }

    /// Runs a capture search for every piece of `colour`; `need` and `first` as in
    /// [`Search`].
    fn captures<S: MoveSink>(&self, colour: usize, need: u64, first: u64, sink: &mut S) {
        let own = self.by_colour[colour];
        let enemy = self.by_colour[colour ^ 1];
        let occ = own | enemy;
        let fwd = forward(colour);
        let mut search = Search::new(
            self.rules(),
            enemy,
            occ,
            need,
            first,
            [fwd, EAST, WEST],
            last_rank(colour),
            sink,
        );
        // Men with a first jump, found with shifts so most men are never searched.
        let men = own & !self.kings;
        let empty = !occ;
        let targets = enemy & first;
        let mut jumpers = 0u64;
        for d in [fwd, EAST, WEST] {
            let back = d ^ 1;
            jumpers |= shift(back, shift(back, empty) & targets);
        }
        for s in Bitboard(men & jumpers) {
            if search.sink.is_full() {
                return;
            }
            search.occ = occ ^ (1u64 << s.index());
            search.man_from(s.index());
        }
        for s in Bitboard(own & self.kings) {
            if search.sink.is_full() {
                return;
            }
            search.occ = occ ^ (1u64 << s.index());
            search.king_from(s.index());
        }
    }

    /// True if a piece of the side to move can take the hot piece with a first jump
    /// (spec §4.5's trigger, G1 default).
    fn hot_takeable_first(&self, h: usize) -> bool {
        let us = self.side;
        let own = self.by_colour[us];
        let occ = self.occupied();
        let men = own & !self.kings;
        let kings = own & self.kings;
        for d in 0..4 {
            // Jumping in direction d over h: the capturer comes from the opposite side.
            let to = STEP[d][h];
            if to == OFF || occ & (1u64 << to) != 0 {
                continue;
            }
            let from = STEP[d ^ 1][h];
            if from == OFF {
                continue;
            }
            let fb = 1u64 << from;
            // A man jumps forward or sideways, never backwards.
            if men & fb != 0 && d != (forward(us) ^ 1) {
                return true;
            }
            let behind = RAY[d ^ 1][h] & occ;
            if behind != 0 && kings & (1u64 << geometry::nearest(d ^ 1, behind)) != 0 {
                return true;
            }
        }
        false
    }

    /// The compulsory-capture filter for the side to move: `Some((need, first))` when a
    /// capture of the hot piece is compulsory (spec §4.5).
    fn compulsion(&self) -> Option<(u64, u64)> {
        let h = self.hot?;
        let hb = 1u64 << h.index();
        if self.by_colour[self.side ^ 1] & hb == 0 {
            return None;
        }
        let first = match self.options.hot_capture {
            HotJump::FirstJump => hb,
            HotJump::Anywhere => !0,
        };
        let trigger = match (self.options.hot_trigger, self.options.hot_capture) {
            // A duty only a first jump can meet is triggered by a first jump (the
            // combination `anywhere`/`first_jump` is refused by validation anyway).
            (HotJump::FirstJump, _) | (_, HotJump::FirstJump) => self.hot_takeable_first(h.index()),
            (HotJump::Anywhere, HotJump::Anywhere) => {
                let mut any = AnyMove::default();
                self.captures(self.side, hb, !0, &mut any);
                any.0
            }
        };
        trigger.then_some((hb, first))
    }

    /// Destinations of men steps, one bitboard per direction (forward, east, west).
    #[inline]
    fn man_steps(&self, colour: usize) -> [u64; 3] {
        let men = self.by_colour[colour] & !self.kings;
        let empty = !self.occupied();
        [
            shift(forward(colour), men) & empty,
            shift(EAST, men) & empty,
            shift(WEST, men) & empty,
        ]
    }

    /// Puts the steps of the side to move into `sink`; a counting sink gets them by
    /// popcount, the kings' slides for all kings at once.
    fn steps<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        let fwd = forward(us);
        let promo = last_rank(us);
        let kings = self.by_colour[us] & self.kings;
        let occ = self.occupied();
        if let Some(count) = sink.counter() {
            let [f, e, w] = self.man_steps(us);
            *count += u64::from(f.count_ones() + e.count_ones() + w.count_ones());
            if kings != 0 {
                for d in 0..4 {
                    *count += u64::from(slides(d, kings, !occ).count_ones());
                }
            }
            return;
        }
        for (d, tos) in [fwd, EAST, WEST].into_iter().zip(self.man_steps(us)) {
            for to in Bitboard(tos) {
                let from = sq(STEP[d ^ 1][to.index()] as usize);
                let promotes = promo & (1u64 << to.index()) != 0;
                sink.push(|| Move::step(from, to, Role::Man, promotes));
                if sink.is_full() {
                    return;
                }
            }
        }
        for from in Bitboard(kings) {
            for d in 0..4 {
                if sink.push_steps(from, Bitboard(free_ray(d, from.index(), occ)), Role::King) {
                    return;
                }
            }
        }
    }

    /// True if `colour`, to move, has any legal move: a step, or any capture (a compulsory
    /// capture exists whenever captures are compulsory, so the hot piece does not matter).
    fn has_move(&self, colour: usize) -> bool {
        let [f, e, w] = self.man_steps(colour);
        if f | e | w != 0 {
            return true;
        }
        let own = self.by_colour[colour];
        let kings = own & self.kings;
        let occ = self.occupied();
        let empty = !occ;
        if kings != 0 {
            for d in 0..4 {
                if shift(d, kings) & empty != 0 {
                    return true;
                }
            }
        }
        let enemy = self.by_colour[colour ^ 1];
        let men = own & !self.kings;
        for d in [forward(colour), EAST, WEST] {
            if shift(d, shift(d, men) & enemy) & empty != 0 {
                return true;
            }
        }
        if kings != 0 {
            for d in 0..4 {
                let reach = geometry::fill(d, kings, empty);
                if shift(d, shift(d, reach) & enemy) & empty != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Spec §4.7: a seat reduced to a lone man (G2: its only piece, or its only man) has
    /// it crowned at once, on its square.
    fn crown_lone_men(&mut self) {
        for c in 0..2 {
            let own = self.by_colour[c];
            let men = own & !self.kings;
            let lone = match self.options.lone_man {
                LoneMan::OnlyPiece => own.count_ones() == 1 && men != 0,
                LoneMan::OnlyMan => men.count_ones() == 1,
            };
            if lone {
                self.kings |= men;
            }
        }
    }

    /// Plies without progress that draw (0: off).
    fn np_limit(&self) -> u32 {
        2 * u32::from(self.options.draw.no_progress)
    }

    /// Sets the status for the side to move, from the board alone.
    fn settle(&mut self) {
        let us = self.side;
        // A setup may name the winner to move after the loser's last piece is gone.
        self.status = if self.by_colour[us ^ 1] == 0 && self.by_colour[us] != 0 {
            // As after a real capture of the last piece: the loser is "to move".
            self.side = us ^ 1;
            Status::Won {
                winners: SeatSet::only(seat_of(us)),
                reason: EndReason::CapturedAll,
            }
        } else if self.by_colour[us] == 0 {
            Status::Won {
                winners: SeatSet::only(seat_of(us ^ 1)),
                reason: EndReason::CapturedAll,
            }
        } else if !self.has_move(us) {
            Status::Won {
                winners: SeatSet::only(seat_of(us ^ 1)),
                reason: EndReason::Blocked,
            }
        } else if self.np_limit() > 0 && u32::from(self.np) >= self.np_limit() {
            self.side = 0;
            Status::Drawn {
                seats: SeatSet::TWO,
                reason: EndReason::NoProgress,
            }
        } else {
            Status::Ongoing
        };
    }

    fn loser(&self) -> Option<Seat> {
        match self.status {
            Status::Won { winners, .. } => SeatSet::TWO.minus(winners).first(),
            _ => None,
        }
    }
}

impl Position for GiveAndTake {
    type Options = GiveAndTakeOptions;
    const VARIANT: Variant = Variant::GiveAndTake;

    fn new(options: GiveAndTakeOptions) -> Result<Self, OptionError> {
        options.validate()?;
        let mut pos = GiveAndTake {
            by_colour: [WHITE_START, BLACK_START],
            kings: 0,
            side: 0,
            hot: None,
            np: 0,
            status: Status::Ongoing,
            options,
            hash: 0,
        };
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn from_setup(
        setup: &Setup,
        options: GiveAndTakeOptions,
        waive: Problems,
    ) -> Result<Self, PositionError> {
        let mut p = Problems::empty();
        if setup.variant != Variant::GiveAndTake || setup.seats != SeatSet::TWO {
            p |= Problems::SEATS;
        }
        let mut by_colour = [0u64; 2];
        let mut kings = 0u64;
        for sq in Square::ALL {
            let Some(piece) = setup.board[sq.index()] else {
                continue;
            };
            let bit = 1u64 << sq.index();
            match colour_of(piece.seat) {
                Some(c) if setup.seats.contains(piece.seat) => {
                    by_colour[c] |= bit;
                    match piece.role {
                        Role::King => kings |= bit,
                        Role::Man if last_rank(c) & bit != 0 => p |= Problems::MAN_ON_PROMOTION,
                        Role::Man => {}
                    }
                }
                _ => p |= Problems::ABSENT_OWNER,
            }
        }
        if by_colour.iter().any(|b| b.count_ones() > START_MEN) {
            p |= Problems::TOO_MANY_PIECES;
        }
        for own in by_colour {
            let men = own & !kings;
            let lone = match options.lone_man {
                LoneMan::OnlyPiece => own.count_ones() == 1 && men != 0,
                LoneMan::OnlyMan => men.count_ones() == 1,
            };
            if lone {
                p |= Problems::MAN_ON_PROMOTION;
            }
        }
        p |= setup.unused_fields(Problems::HOT);
        let out = setup.eliminated_set();
        if setup.eliminated.len() > 1
            || setup.eliminated.iter().any(|g| g.len() != 1)
            || !out.minus(SeatSet::TWO).is_empty()
        {
            p |= Problems::ELIMINATED;
        }
        let limit = 2 * u32::from(options.draw.no_progress);
        if limit > 0 && u32::from(setup.no_progress) > limit {
            p |= Problems::COUNTER;
        }
        let hot_piece = setup.hot.and_then(|h| setup.board[h.index()]);
        let mut side = 0usize;
        let mut loser = None;
        match setup.turn {
            Some(s) => match colour_of(s) {
                Some(c) if setup.seats.contains(s) && out.is_empty() => {
                    side = c;
                    if let Some(h) = setup.hot {
                        if setup.board[h.index()].map(|x| x.seat) != Some(seat_of(c ^ 1)) {
                            p |= Problems::HOT;
                        }
                    }
                    if by_colour[0] == 0 && by_colour[1] == 0 {
                        p |= Problems::TURN;
                    }
                }
                _ => p |= Problems::TURN,
            },
            None => {
                if setup.hot.is_some() && hot_piece.is_none() {
                    p |= Problems::HOT;
                }
                match setup.eliminated.as_slice() {
                    [g] => match g.first().and_then(colour_of) {
                        Some(c) => {
                            // The winner must still have pieces.
                            if by_colour[c ^ 1] == 0 {
                                p |= Problems::ELIMINATED;
                            }
                            side = c;
                            loser = Some(c);
                        }
                        None => p |= Problems::ELIMINATED,
                    },
                    [] => {
                        let drawn = limit > 0 && u32::from(setup.no_progress) >= limit;
                        if !drawn {
                            p |= Problems::TURN;
                        } else if by_colour.contains(&0) {
                            // A seat without pieces has lost, it is not in a draw.
                            p |= Problems::ELIMINATED;
                        }
                    }
                    _ => {}
                }
            }
        }
        p.check(waive, setup)?;
        let mut pos = GiveAndTake {
            by_colour,
            kings,
            side,
            hot: setup.hot,
            np: setup.no_progress,
            status: Status::Ongoing,
            options,
            hash: 0,
        };
        match (setup.turn, loser) {
            (Some(_), _) => pos.settle(),
            (None, Some(c)) => {
                let reason = if by_colour[c] == 0 {
                    EndReason::CapturedAll
                } else if !pos.has_move(c) {
                    EndReason::Blocked
                } else {
                    // The position string does not say how a seat departed.
                    EndReason::Departed(Departure::Resign)
                };
                pos.status = Status::Won {
                    winners: SeatSet::only(seat_of(c ^ 1)),
                    reason,
                };
            }
            (None, None) => {
                pos.side = 0;
                pos.status = Status::Drawn {
                    seats: SeatSet::TWO,
                    reason: EndReason::NoProgress,
                };
            }
        }
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn to_setup(&self) -> Setup {
        let mut s = Setup::empty(Variant::GiveAndTake);
        s.seats = SeatSet::TWO;
        s.turn = self.turn();
        for sq in Square::ALL {
            s.board[sq.index()] = self.piece_at(sq);
        }
        if let Some(l) = self.loser() {
            s.eliminated.push(SeatSet::only(l));
        }
        s.hot = self.hot;
        s.no_progress = self.np;
        s
    }

    fn options(&self) -> &GiveAndTakeOptions {
        &self.options
    }

    fn turn(&self) -> Option<Seat> {
        self.status.is_ongoing().then_some(seat_of(self.side))
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = 1u64 << sq.index();
        let seat = if self.by_colour[0] & bit != 0 {
            Seat::Morning
        } else if self.by_colour[1] & bit != 0 {
            Seat::Night
        } else {
            return None;
        };
        let role = if self.kings & bit != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { seat, role })
    }

    fn generate<S: MoveSink>(&self, sink: &mut S) {
        if !self.status.is_ongoing() {
            return;
        }
        match self.compulsion() {
            Some((need, first)) => self.captures(self.side, need, first, sink),
            None => {
                self.steps(sink);
                if !sink.is_full() {
                    self.captures(self.side, 0, !0, sink);
                }
            }
        }
    }

    fn captures_into(&self, moves: &mut MoveList) {
        moves.clear();
        if !self.status.is_ongoing() {
            return;
        }
        match self.compulsion() {
            Some((need, first)) => self.captures(self.side, need, first, moves),
            None => self.captures(self.side, 0, !0, moves),
        }
    }

    /// The hash update is written out from the move (the hot path of perft and search);
    /// only a move that ends the game looks at the whole state.
    fn play_unchecked(&mut self, mv: &Move) {
        let (Some(from), Some(to)) = (mv.origin(), mv.destination()) else {
            return;
        };
        let (us, them) = (self.side, self.side ^ 1);
        let kings = self.kings;
        let king_at = |kings: u64, sq: usize| usize::from(kings >> sq & 1 != 0);
        // While play goes on the state is the seat to move and the hot piece (no loser).
        let ongoing = |side: usize, hot: Option<Square>| {
            (seat_of(side).index() as u64 + 1) | (hot.map_or(0, |h| h.index() as u64 + 1) << 8)
        };
        let before = if self.status.is_ongoing() {
            ongoing(us, self.hot)
        } else {
            self.state()
        };
        let mut d = zobrist::piece(2 * us + king_at(kings, from.index()), from.index());
        for c in mv.captured() {
            d ^= zobrist::piece(2 * them + king_at(kings, c.index()), c.index());
        }
        self.apply(mv);
        d ^= zobrist::piece(2 * us + king_at(self.kings, to.index()), to.index());
        // Lone men crowned by the move (rare).
        let mut crowned = self.kings & !kings & !(1u64 << to.index());
        while crowned != 0 {
            let sq = crowned.trailing_zeros() as usize;
            let c = usize::from(self.by_colour[0] >> sq & 1 == 0);
            d ^= zobrist::piece(2 * c, sq) ^ zobrist::piece(2 * c + 1, sq);
            crowned &= crowned - 1;
        }
        d ^= if self.status.is_ongoing() && before >> 16 == 0 {
            let after = ongoing(them, Some(to));
            zobrist::state_byte(0, before)
                ^ zobrist::state_byte(0, after)
                ^ zobrist::state_byte(1, before >> 8)
                ^ zobrist::state_byte(1, after >> 8)
        } else {
            zobrist::state_delta(before, self.state())
        };
        self.hash ^= d;
    }

    fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        zobrist::depart(self, seat, how)
    }

    fn status(&self) -> Status {
        self.status
    }

    /// Without the hot piece, every capture is allowed: one that does not take the piece
    /// that just moved is refused for that.
    fn relaxations(&self) -> Vec<(IllegalReason, Self)> {
        if self.hot.is_none() {
            return Vec::new();
        }
        let mut setup = self.to_setup();
        setup.hot = None;
        Self::from_setup(&setup, self.options, Problems::WAIVABLE)
            .map(|p| vec![(IllegalReason::OnlyJustMoved, p)])
            .unwrap_or_default()
    }

    fn hash(&self) -> u64 {
        self.hash
    }
}

impl Hashed for GiveAndTake {
    fn hash_mut(&mut self) -> &mut u64 {
        &mut self.hash
    }

    fn apply(&mut self, mv: &Move) {
        let us = self.side;
        let them = us ^ 1;
        let (Some(from), Some(to)) = (mv.origin(), mv.destination()) else {
            return;
        };
        let fb = 1u64 << from.index();
        let tb = 1u64 << to.index();
        let was_king = self.kings & fb != 0;
        // Captured pieces go first: with immediate removal a king may end its move on a
        // square it emptied, or back on its own start square (spec §4.4).
        let mut taken = 0u64;
        for c in mv.captured() {
            taken |= 1u64 << c.index();
        }
        self.by_colour[them] &= !taken;
        self.kings &= !taken;
        self.by_colour[us] = (self.by_colour[us] & !fb) | tb;
        if was_king {
            self.kings = (self.kings & !fb) | tb;
        }
        let promotes = !was_king && last_rank(us) & tb != 0;
        if promotes {
            self.kings |= tb;
        }
        // A capture can leave the victim a lone man; under G2's `only_man` reading a
        // promotion can leave the mover a single man too (spec §4.7).
        if taken != 0 || (promotes && self.options.lone_man == LoneMan::OnlyMan) {
            self.crown_lone_men();
        }
        // Progress is a capture or a man move (spec §4.8).
        if taken != 0 || !was_king {
            self.np = 0;
        } else {
            self.np = self.np.saturating_add(1);
        }
        self.hot = Some(to);
        self.side = them;
        self.settle();
    }

    fn leave(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        if !self.status.is_ongoing() {
            return Err(DepartError::GameOver);
        }
        let Some(c) = colour_of(seat) else {
            return Err(DepartError::NotPlaying(seat));
        };
        self.side = c;
        self.status = Status::Won {
            winners: SeatSet::only(seat_of(c ^ 1)),
            reason: EndReason::Departed(how),
        };
        Ok(())
    }
    /// White's and Black's pieces, and the kings.
    #[inline(always)]
    fn pieces(&self) -> Pieces {
        ([self.by_colour[0], self.by_colour[1], 0, 0], self.kings)
    }

    /// The seat to move (0 once the game is over), the hot piece and the loser.
    #[inline(always)]
    fn state(&self) -> u64 {
        let turn = self.turn().map_or(0, |s| s.index() as u64 + 1);
        let hot = self.hot.map_or(0, |sq| sq.index() as u64 + 1);
        let loser = self.loser().map_or(0, |s| s.index() as u64 + 1);
        turn | hot << 8 | loser << 16
    }
}
