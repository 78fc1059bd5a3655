//! Move generation for Queah: steps and single captures along the scheme's links, and
//! the reserve drops the drop timing allows (spec §3.3-§3.6).

use super::{sq, DropTiming, Queah, BOARD, ON_BOARD};
use crate::{Move, MoveList, Role};

/// Moves of the side to move, as `(steps, captures)` counts.
type Counts = (u32, u32);

impl Queah {
    /// The banned step of the side to move as `(cell of the piece, bit of the cell it may
    /// not go back to)`; `(64, 0)` when nothing is banned (spec §3.6, §8.6).
    #[inline]
    pub(super) fn ban(&self) -> (u32, u64) {
        match self.rev[self.side] {
            Some((from, to)) => (to.index() as u32, 1 << from.index()),
            None => (64, 0),
        }
    }

    /// True if a piece of `movable` can capture a piece of `opp` (landing on `empty`).
    #[inline]
    fn any_capture(&self, movable: u64, opp: u64, empty: u64) -> bool {
        let t = self.tables;
        let mut bb = movable;
        while bb != 0 {
            let p = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            for &(over, to) in &t.jumps[p][..usize::from(t.njumps[p])] {
                if (opp >> over) & (empty >> to) & 1 != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Counts the steps and captures of the pieces `movable` (a subset of `own`), with
    /// compulsory capture and the no-reverse ban applied (spec §3.3, §3.6).
    #[inline]
    fn count_basic(&self, movable: u64, own: u64, opp: u64) -> Counts {
        let t = self.tables;
        let empty = BOARD & !(own | opp);
        let (mut steps, mut caps) = (0, 0);
        let mut bb = movable;
        while bb != 0 {
            let p = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            for &(over, to) in &t.jumps[p][..usize::from(t.njumps[p])] {
                caps += ((opp >> over) & (empty >> to) & 1) as u32;
            }
            steps += (t.links[p] & empty).count_ones();
        }
        let (b, a) = self.ban();
        if b < 64 && movable >> b & 1 == 1 && t.links[b as usize] & empty & a != 0 {
            steps -= 1;
        }
        if self.options.capture_mandatory && caps > 0 {
            steps = 0;
        }
        (steps, caps)
    }

    /// Calls `emit` with every step and capture of the pieces `movable` (see
    /// [`Queah::count_basic`]).
    #[inline]
    fn gen_basic(&self, movable: u64, own: u64, opp: u64, mut emit: impl FnMut(Move)) {
        let t = self.tables;
        let empty = BOARD & !(own | opp);
        let caps_only = self.options.capture_mandatory && self.any_capture(movable, opp, empty);
        let (b, a) = self.ban();
        let mut bb = movable;
        while bb != 0 {
            let p = bb.trailing_zeros();
            bb &= bb - 1;
            let from = sq(p);
            for &(over, to) in &t.jumps[p as usize][..usize::from(t.njumps[p as usize])] {
                if (opp >> over) & (empty >> to) & 1 != 0 {
                    emit(Move::capture(
                        from,
                        &[sq(u32::from(to))],
                        &[sq(u32::from(over))],
                        Role::Man,
                        false,
                    ));
                }
            }
            if !caps_only {
                let mut targets = t.links[p as usize] & empty;
                if p == b {
                    targets &= !a;
                }
                while targets != 0 {
                    let q = targets.trailing_zeros();
                    targets &= targets - 1;
                    emit(Move::step(from, sq(q), Role::Man, false));
                }
            }
        }
    }

    /// True if the side to move owes a drop it can make (spec §3.4).
    #[inline]
    pub(super) fn owes(&self) -> bool {
        self.owed[self.side] && self.reserve[self.side] > 0 && self.options.drop_timing.owes()
    }

    /// True if the side to move may make a deferred drop (spec §3.4, `DeferredDrop`).
    #[inline]
    fn may_defer_drop(&self) -> bool {
        self.options.drop_timing == DropTiming::DeferredDrop
            && self.reserve[self.side] > 0
            && self.pieces[self.side].count_ones() < ON_BOARD
    }

    /// Number of legal turns, ignoring departures and the no-progress limit.
    pub(super) fn raw_count(&self) -> u64 {
        let s = self.side;
        let (own, opp) = (self.pieces[s], self.pieces[1 - s]);
        let mut empty = BOARD & !(own | opp);
        let e = u64::from(empty.count_ones());
        if self.owes() {
            match self.options.drop_timing {
                DropTiming::DropThenMove => {
                    let mut n = 0;
                    while empty != 0 {
                        let d = empty & empty.wrapping_neg();
                        empty ^= d;
                        let movable = if self.options.dropped_piece_may_move {
                            own | d
                        } else {
                            own
                        };
                        let (st, ca) = self.count_basic(movable, own | d, opp);
                        // No move after the drop: the drop alone is the turn (spec §3.4).
                        n += u64::from(st + ca).max(1);
                    }
                    return n;
                }
                DropTiming::MoveThenDrop => {
                    let (st, ca) = self.count_basic(own, own, opp);
                    if st + ca == 0 {
                        return e; // spec §8.8
                    }
                    // A step leaves as many empty cells as before; a capture one more.
                    return u64::from(st) * e + u64::from(ca) * (e + 1);
                }
                DropTiming::DropInsteadOfMove | DropTiming::DeferredDrop => return e,
            }
        }
        let (st, ca) = self.count_basic(own, own, opp);
        let drops = if self.may_defer_drop() { e } else { 0 };
        u64::from(st + ca) + drops
    }

    /// Fills `moves` with the legal turns, ignoring departures and the no-progress limit.
    pub(super) fn raw_generate(&self, moves: &mut MoveList) {
        let s = self.side;
        let (own, opp) = (self.pieces[s], self.pieces[1 - s]);
        let empty = BOARD & !(own | opp);
        let drops = |moves: &mut MoveList| {
            let mut bb = empty;
            while bb != 0 {
                let d = bb.trailing_zeros();
                bb &= bb - 1;
                moves.push(Move::drop_only(sq(d)));
            }
        };
        if self.owes() {
            match self.options.drop_timing {
                DropTiming::DropThenMove => {
                    // Compulsory capture and the ban are judged after the drop (spec §8.7).
                    let mut bb = empty;
                    while bb != 0 {
                        let d = bb.trailing_zeros();
                        bb &= bb - 1;
                        let dsq = sq(d);
                        let own2 = own | 1 << d;
                        let movable = if self.options.dropped_piece_may_move {
                            own2
                        } else {
                            own
                        };
                        let before = moves.len();
                        self.gen_basic(movable, own2, opp, |m| moves.push(m.with_drop(dsq, true)));
                        if moves.len() == before {
                            moves.push(Move::drop_only(dsq));
                        }
                    }
                }
                DropTiming::MoveThenDrop => {
                    self.gen_basic(own, own, opp, |m| {
                        let mut after = empty;
                        if let (Some(o), Some(t)) = (m.origin(), m.destination()) {
                            after |= 1 << o.index();
                            after &= !(1 << t.index());
                        }
                        for c in m.captured() {
                            after |= 1 << c.index();
                        }
                        while after != 0 {
                            let d = after.trailing_zeros();
                            after &= after - 1;
                            moves.push(m.with_drop(sq(d), false));
                        }
                    });
                    if moves.is_empty() {
                        drops(moves); // spec §8.8
                    }
                }
                DropTiming::DropInsteadOfMove | DropTiming::DeferredDrop => drops(moves),
            }
            return;
        }
        self.gen_basic(own, own, opp, |m| moves.push(m));
        if self.may_defer_drop() {
            // Drops stay allowed beside compulsory captures (spec §8.9).
            drops(moves);
        }
    }
}
