//! Move generation for Queah: steps and single captures along the scheme's links, and
//! the reserve drops the drop timing allows (spec §3.3-§3.6), in one traversal generic over
//! the [`MoveSink`].

use super::{sq, DropTiming, Queah, BOARD, ON_BOARD};
use crate::{Bitboard, Move, MoveSink, Role, Square};

/// The reserve drop that goes with every move of a traversal (spec §3.4).
#[derive(Copy, Clone)]
enum Drop {
    /// No drop.
    None,
    /// A drop on this cell before the move (`DropThenMove`).
    First(Square),
    /// A drop after the move on any cell empty then (`MoveThenDrop`).
    After,
}

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

    /// Puts into `sink` every capture, then every step, of the pieces `movable` (a subset
    /// of `own`), with compulsory capture and the no-reverse ban applied (spec §3.3, §3.6),
    /// each combined with `drop`. Returns true if there was at least one. Inlined so that
    /// each call site's `drop` is a constant.
    #[inline(always)]
    fn basic<S: MoveSink>(
        &self,
        movable: u64,
        own: u64,
        opp: u64,
        drop: Drop,
        sink: &mut S,
    ) -> bool {
        let t = self.tables;
        let empty = BOARD & !(own | opp);
        let counting = sink.counter().is_some();
        let mut found = false;
        // Captures counted (every one has at least one drop after it: its start is empty).
        let mut counted = 0;
        // Steps counted in the same pass, for a counting sink.
        let mut steps = 0;
        for from in Bitboard(movable) {
            let p = from.index();
            if counting {
                steps += u64::from((t.links[p] & empty).count_ones());
            }
            for &(over, to) in &t.jumps[p][..usize::from(t.njumps[p])] {
                let hit = (opp >> over) & (empty >> to) & 1;
                // A capture leaves the jumped cell and the start empty, the landing full.
                let after = || (empty | 1 << over | 1 << p) & !(1 << to);
                if counting {
                    // Without a branch: whether a jump exists is unpredictable.
                    let drops = match drop {
                        Drop::After => u64::from(after().count_ones()),
                        Drop::None | Drop::First(_) => 1,
                    };
                    counted += hit * drops;
                } else if hit != 0 {
                    found = true;
                    let mv = || {
                        let (over, to) = (sq(u32::from(over)), sq(u32::from(to)));
                        Move::capture(from, &[to], &[over], Role::Man, false)
                    };
                    Self::emit(sink, drop, after, mv);
                    if sink.is_full() {
                        return true;
                    }
                }
            }
        }
        if let Some(count) = sink.counter() {
            *count += counted;
            found = counted != 0;
        }
        if found && self.options.capture_mandatory {
            return true;
        }
        // The step back the no-reverse rule bans: from cell `b` to the cells of `a`.
        let (b, a) = self.ban();
        let banned = if b < 64 && movable >> b & 1 == 1 {
            t.links[b as usize] & empty & a
        } else {
            0
        };
        if let Some(count) = sink.counter() {
            steps -= u64::from(banned.count_ones());
            // A step leaves as many empty cells as before, so as many drops after it.
            let drops = match drop {
                Drop::After => u64::from(empty.count_ones()),
                Drop::None | Drop::First(_) => 1,
            };
            *count += steps * drops;
            return found || steps != 0;
        }
        for from in Bitboard(movable) {
            let p = from.index();
            let mut targets = t.links[p] & empty;
            if p as u32 == b {
                targets &= !banned;
            }
            found |= targets != 0;
            for to in Bitboard(targets) {
                let after = || (empty | 1 << p) & !(1 << to.index());
                Self::emit(sink, drop, after, || Move::step(from, to, Role::Man, false));
                if sink.is_full() {
                    return true;
                }
            }
        }
        found
    }

    /// Puts the move `mv` makes, combined with `drop`, into `sink`; `after`: the empty
    /// cells once the move is played.
    #[inline(always)]
    fn emit<S: MoveSink>(
        sink: &mut S,
        drop: Drop,
        after: impl FnOnce() -> u64,
        mv: impl Fn() -> Move,
    ) {
        match drop {
            Drop::None => sink.push(mv),
            Drop::First(d) => sink.push(|| mv().with_drop(d, true)),
            Drop::After => match sink.counter() {
                Some(count) => *count += u64::from(after().count_ones()),
                None => {
                    for d in Bitboard(after()) {
                        sink.push(|| mv().with_drop(d, false));
                    }
                }
            },
        }
    }

    /// Puts a drop-only turn on every cell of `cells` into `sink`.
    #[inline]
    fn drops<S: MoveSink>(cells: u64, sink: &mut S) {
        match sink.counter() {
            Some(count) => *count += u64::from(cells.count_ones()),
            None => {
                for d in Bitboard(cells) {
                    sink.push(|| Move::drop_only(d));
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

    /// Puts the legal turns into `sink`, ignoring departures and the no-progress limit.
    pub(super) fn raw_generate<S: MoveSink>(&self, sink: &mut S) {
        let s = self.side;
        let (own, opp) = (self.pieces[s], self.pieces[1 - s]);
        let empty = BOARD & !(own | opp);
        if self.owes() {
            match self.options.drop_timing {
                DropTiming::DropThenMove => {
                    // Compulsory capture and the ban are judged after the drop (spec §8.7).
                    for d in Bitboard(empty) {
                        if sink.is_full() {
                            return;
                        }
                        let own2 = own | 1 << d.index();
                        let movable = if self.options.dropped_piece_may_move {
                            own2
                        } else {
                            own
                        };
                        if !self.basic(movable, own2, opp, Drop::First(d), sink) {
                            // No move after the drop: the drop alone is the turn (spec §3.4).
                            sink.push(|| Move::drop_only(d));
                        }
                    }
                }
                DropTiming::MoveThenDrop => {
                    if !self.basic(own, own, opp, Drop::After, sink) {
                        Self::drops(empty, sink); // spec §8.8
                    }
                }
                DropTiming::DropInsteadOfMove | DropTiming::DeferredDrop => {
                    Self::drops(empty, sink);
                }
            }
            return;
        }
        self.basic(own, own, opp, Drop::None, sink);
        if self.may_defer_drop() && !sink.is_full() {
            // Drops stay allowed beside compulsory captures (spec §8.9).
            Self::drops(empty, sink);
        }
    }
}
