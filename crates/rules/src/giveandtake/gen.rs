//! Capture sequences (spec §4.2-§4.4): a depth-first search over jumps, generic over the
//! [`MoveSink`] that receives each complete sequence (a move list builds a [`crate::Move`],
//! a counter just counts it).

use super::geometry::{nearest, OFF, RAY, STEP};
use crate::{Move, MoveList, MoveSink, Role, Square, MAX_PATH};

/// The square of a bit index (always below 64 here: it comes from a bitboard or a table).
#[inline(always)]
pub(super) fn sq(i: usize) -> Square {
    Square::new_unchecked((i & 63) as u8)
}

/// Rules that shape the search, taken from the options.
#[derive(Copy, Clone)]
pub(super) struct Rules {
    /// Captured pieces leave at once (spec §4.4, G3).
    pub immediate: bool,
    /// Kings may turn 180° (spec §4.3, G4).
    pub reversal: bool,
    /// §1.3 landing rule (G5).
    pub must_continue: bool,
}

/// State of one search: the board as the moving piece sees it, and the sequence so far.
pub(super) struct Search<'s, S: MoveSink> {
    pub rules: Rules,
    /// Enemy pieces that can still be jumped.
    pub enemy: u64,
    /// Squares that block: every piece except the mover (dead pieces too under
    /// end-of-move removal).
    pub occ: u64,
    /// Squares taken so far.
    taken: u64,
    /// A sequence is kept only if it takes this square (0: no requirement).
    pub need: u64,
    /// Squares the first jump may take.
    pub first: u64,
    /// Men's capture directions: forward and both sideways (spec §4.2).
    pub man_dirs: [usize; 3],
    /// The mover's promotion rank.
    pub last_rank: u64,
    origin: usize,
    role: Role,
    path: [Square; MAX_PATH],
    caps: [Square; MAX_PATH],
    n: usize,
    pub sink: &'s mut S,
}

impl<'s, S: MoveSink> Search<'s, S> {
    /// A search over this board; `need`: the square a kept sequence must take (0: any);
    /// `first`: the squares a first jump may take.
    #[allow(clippy::too_many_arguments)] // one plain constructor beats a builder here
    pub(super) fn new(
        rules: Rules,
        enemy: u64,
        occ: u64,
        need: u64,
        first: u64,
        man_dirs: [usize; 3],
        last_rank: u64,
        sink: &'s mut S,
    ) -> Self {
        Search {
            rules,
            enemy,
            occ,
            taken: 0,
            need,
            first,
            man_dirs,
            last_rank,
            origin: 0,
            role: Role::Man,
            path: [Square::ALL[0]; MAX_PATH],
            caps: [Square::ALL[0]; MAX_PATH],
            n: 0,
            sink,
        }
    }

    #[inline(always)]
    fn emit(&mut self, dest: usize) {
        if self.need != 0 && self.taken & self.need == 0 {
            return;
        }
        let promotes = self.role == Role::Man && self.last_rank & (1u64 << dest) != 0;
        self.sink.push_capture(
            sq(self.origin),
            &self.path[..self.n],
            &self.caps[..self.n],
            self.role,
            promotes,
        );
    }

    /// Every complete sequence of the man on `from` (which `occ` must not contain).
    #[inline]
    pub(super) fn man_from(&mut self, from: usize) {
        self.origin = from;
        self.role = Role::Man;
        self.n = 0;
        self.taken = 0;
        self.man(from);
    }

    /// Every complete sequence of the king on `from` (which `occ` must not contain).
    #[inline]
    pub(super) fn king_from(&mut self, from: usize) {
        self.origin = from;
        self.role = Role::King;
        self.n = 0;
        self.taken = 0;
        self.king(from, 4);
    }

    /// Short jumps forward or sideways, never backwards (spec §4.2); a man crossing its last
    /// rank mid-sequence goes on as a man (spec §4.6).
    fn man(&mut self, s: usize) {
        let mut jumped = false;
        for k in 0..3 {
            let d = self.man_dirs[k];
            let m = STEP[d][s];
            if m == OFF {
                continue;
            }
            let mb = 1u64 << m;
            if self.enemy & mb == 0 || (self.n == 0 && self.first & mb == 0) {
                continue;
            }
            let l = STEP[d][m as usize];
            if l == OFF || self.occ & (1u64 << l) != 0 {
                continue;
            }
            jumped = true;
            let (enemy, occ, taken) = (self.enemy, self.occ, self.taken);
            self.enemy ^= mb;
            if self.rules.immediate {
                self.occ ^= mb;
            }
            self.taken |= mb;
            self.path[self.n] = sq(l as usize);
            self.caps[self.n] = sq(m as usize);
            self.n += 1;
            self.man(l as usize);
            self.n -= 1;
            (self.enemy, self.occ, self.taken) = (enemy, occ, taken);
        }
        if !jumped && self.n > 0 {
            self.emit(s);
        }
    }

    /// True if a king on `s`, having last jumped in direction `last` (4: none), can jump.
    #[inline]
    fn king_can_jump(&self, s: usize, last: usize) -> bool {
        for d in 0..4 {
            if !self.rules.reversal && last == (d ^ 1) {
                continue;
            }
            let blockers = RAY[d][s] & self.occ;
            if blockers == 0 {
                continue;
            }
            let t = nearest(d, blockers);
            if self.enemy & (1u64 << t) == 0 {
                continue;
            }
            let l = STEP[d][t];
            if l != OFF && self.occ & (1u64 << l) == 0 {
                return true;
            }
        }
        false
    }

    /// Flying jumps along ranks and files (spec §4.3), landing per §1.3.
    fn king(&mut self, s: usize, last: usize) {
        for (d, rays) in RAY.iter().enumerate() {
            if !self.rules.reversal && last == (d ^ 1) {
                continue;
            }
            let blockers = rays[s] & self.occ;
            if blockers == 0 {
                continue;
            }
            let t = nearest(d, blockers);
            let tb = 1u64 << t;
            if self.enemy & tb == 0 || (self.n == 0 && self.first & tb == 0) {
                continue;
            }
            let occ2 = if self.rules.immediate {
                self.occ ^ tb
            } else {
                self.occ
            };
            let beyond = RAY[d][t];
            let stop = beyond & occ2;
            let land = if stop == 0 {
                beyond
            } else {
                let b = nearest(d, stop);
                beyond & !(RAY[d][b] | (1u64 << b))
            };
            if land == 0 {
                continue;
            }
            let (enemy, occ, taken) = (self.enemy, self.occ, self.taken);
            self.enemy ^= tb;
            self.occ = occ2;
            self.taken |= tb;
            self.caps[self.n] = sq(t);
            self.n += 1;
            if self.rules.must_continue {
                let mut cont = 0u64;
                let mut bits = land;
                while bits != 0 {
                    let l = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.king_can_jump(l, d) {
                        cont |= 1u64 << l;
                    }
                }
                let mut bits = if cont != 0 { cont } else { land };
                while bits != 0 {
                    let l = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.path[self.n - 1] = sq(l);
                    if cont != 0 {
                        self.king(l, d);
                    } else {
                        self.emit(l);
                    }
                }
            } else {
                let mut bits = land;
                while bits != 0 {
                    let l = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.path[self.n - 1] = sq(l);
                    if self.king_can_jump(l, d) {
                        self.king(l, d);
                    } else {
                        self.emit(l);
                    }
                }
            }
            self.n -= 1;
            (self.enemy, self.occ, self.taken) = (enemy, occ, taken);
        }
    }
}

/// Ray squares from `s` in direction `d` up to (excluding) the first square of `occ`.
#[inline(always)]
pub(super) fn free_ray(d: usize, s: usize, occ: u64) -> u64 {
    let ray = RAY[d][s];
    let blockers = ray & occ;
    if blockers == 0 {
        ray
    } else {
        let b = nearest(d, blockers);
        ray & !(RAY[d][b] | (1u64 << b))
    }
}

/// Perft's last two plies: play without the hash, and count dedup leaves with one capture
/// search (the generic way searches twice: once for the captures, once for the count).
impl crate::perft::Ops<super::GiveAndTake> for crate::perft::Fast {
    #[inline(always)]
    fn play_counted(pos: &mut super::GiveAndTake, mv: &Move) {
        crate::zobrist::Hashed::apply(pos, mv);
    }

    fn count_dedup(
        pos: &super::GiveAndTake,
        moves: &mut MoveList,
        seen: &mut crate::perft::KeySet,
    ) -> u64 {
        moves.clear();
        if !pos.status.is_ongoing() {
            return 0;
        }
        match pos.compulsion() {
            Some((need, first)) => {
                pos.captures(pos.side, need, first, moves);
                seen.distinct(moves)
            }
            // Steps never share a key (distinct origin and destination, nothing taken).
            None => {
                pos.captures(pos.side, 0, !0, moves);
                let mut steps = crate::MoveCount(0);
                pos.steps(&mut steps);
                steps.0 + seen.distinct(moves)
            }
        }
    }
}
