//! Bitboard move generation for Stockholm checkers and Brazilian draughts (spec §5).
//!
//! The board is the crate's 8×8 grid (`rank * 8 + file`), of which only the 32 dark squares
//! (a1 dark) are used, so a diagonal step is a shift by ±7 or ±9 (written as a masked
//! rotation, see [`shift`]). Men's steps and first jumps are found for all men at once with shifts; capture
//! sequences are then followed square by square, but only for the pieces that can capture,
//! and only when some piece can (capture is compulsory, spec §5.4).
//!
//! Perft has its own walk here ([`Walk`]): it plays on bare boards, builds no [`Move`],
//! and counts the last ply's moves without enumerating them.

use crate::perft::Counting;
use crate::{Bitboard, Move, MoveList, MoveSink, Role, Square};

/// The 32 dark squares (spec §5.1).
pub(super) const BOARD: u64 = 0xaa55_aa55_aa55_aa55;
/// Rank 1, Black's promotion rank.
pub(super) const RANK_1: u64 = 0xff;
/// Rank 8, White's promotion rank.
pub(super) const RANK_8: u64 = 0xff << 56;
const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// Towards h8 (+9).
const NE: usize = 0;
/// Towards a8 (+7).
const NW: usize = 1;
/// Towards h1 (-7).
const SE: usize = 2;
/// Towards a1 (-9).
const SW: usize = 3;

/// Index offset of one step in each direction.
const DELTA: [i32; 4] = [9, 7, -7, -9];

/// Direction masks (bit `d` = direction `d`) of the men's forward directions: White moves
/// up the board, Black down (spec §5.2).
pub(super) const FORWARD: [u8; 2] = [1 << NE | 1 << NW, 1 << SE | 1 << SW];
/// The men's forward directions by colour (spec §5.2).
const FORWARD_DIRS: [[usize; 2]; 2] = [[NE, NW], [SE, SW]];
/// All four diagonal directions.
const ALL_DIRS: u8 = 0b1111;

/// Squares that have a neighbour in each direction (not on the edge it would cross).
const HAS_STEP: [u64; 4] = [
    NOT_H & !RANK_8,
    NOT_A & !RANK_8,
    NOT_H & !RANK_1,
    NOT_A & !RANK_1,
];
/// One step in each direction as a left rotation (a right shift by 7 is a left rotation by
/// 57 once the squares that would wrap are masked off).
const ROTATION: [u32; 4] = [9, 7, 64 - 7, 64 - 9];

/// Every square one diagonal step from a square of `bb` in direction `dir`.
///
/// A masked rotation rather than a `match` on the direction, so that a direction chosen at
/// run time costs no (mispredicted) jump.
#[inline(always)]
const fn shift(bb: u64, dir: usize) -> u64 {
    (bb & HAS_STEP[dir]).rotate_left(ROTATION[dir])
}

/// The reverse of direction `dir` (NE/SW and NW/SE pair up as 0/3 and 1/2).
#[inline(always)]
const fn reverse(dir: usize) -> usize {
    3 - dir
}

const fn build_rays() -> [[u64; 64]; 4] {
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            let mut b = shift(1u64 << sq, d);
            let mut acc = 0;
            while b != 0 {
                acc |= b;
                b = shift(b, d);
            }
            rays[d][sq] = acc;
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// `RAYS[dir][sq]`: the squares from `sq` (excluded) to the edge in direction `dir`.
static RAYS: [[u64; 64]; 4] = build_rays();

const fn build_neighbours() -> [u64; 64] {
    let mut n = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let b = 1u64 << sq;
        n[sq] = shift(b, NE) | shift(b, NW) | shift(b, SE) | shift(b, SW);
        sq += 1;
    }
    n
}

/// `NEIGHBOURS[sq]`: the diagonal neighbours of `sq`. A man with no enemy piece among them
/// cannot jump, the common case that ends most sequences.
static NEIGHBOURS: [u64; 64] = build_neighbours();

/// The square of `bb` nearest to the ray's origin: NE and NW rays run towards higher
/// indices, SE and SW towards lower ones.
#[inline(always)]
fn nearest(bb: u64, dir: usize) -> u32 {
    if dir < 2 {
        bb.trailing_zeros()
    } else {
        63 - bb.leading_zeros()
    }
}

/// The empty squares a king on `sq` can reach in direction `dir`, and the first occupied
/// square beyond them (64 if the ray reaches the edge).
#[inline(always)]
fn ray_until(sq: u32, dir: usize, occ: u64) -> (u64, u32) {
    let ray = RAYS[dir][sq as usize];
    let blockers = ray & occ;
    if blockers == 0 {
        (ray, 64)
    } else {
        let b = nearest(blockers, dir);
        (ray & !RAYS[dir][b as usize] & !(1u64 << b), b)
    }
}

#[inline(always)]
fn square(index: u32) -> Square {
    Square::new_unchecked(index as u8)
}

/// The rule switches the generator needs (spec §5.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Rules {
    /// Stockholm: a man's first jump goes forward (spec §5.2).
    pub deferred: bool,
    /// The player must take the most pieces (spec §5.4).
    pub max_capture: bool,
    /// A king's last jump lands just beyond the last captured piece (spec §5.6, §8.11).
    pub king_halt: bool,
}

/// The pieces as the side to move sees them.
#[derive(Copy, Clone, Debug)]
pub(super) struct Board {
    /// Pieces of the side to move.
    pub own: u64,
    /// Pieces of the opponent.
    pub enemy: u64,
    /// Kings of both sides.
    pub kings: u64,
    /// 0 White, 1 Black.
    pub side: usize,
}

impl Board {
    #[inline(always)]
    fn occ(&self) -> u64 {
        self.own | self.enemy
    }

    #[inline(always)]
    fn promotion_rank(&self) -> u64 {
        if self.side == 0 {
            RANK_8
        } else {
            RANK_1
        }
    }

    /// The men that can make a first jump, found for all men at once.
    #[inline(always)]
    fn man_capturers(&self, rules: Rules) -> u64 {
        let men = self.own & !self.kings;
        let empty = !self.occ() & BOARD;
        let dirs = if rules.deferred {
            FORWARD[self.side]
        } else {
            ALL_DIRS
        };
        let mut capturers = 0;
        for d in 0..4 {
            if dirs & (1 << d) != 0 {
                let r = reverse(d);
                capturers |= shift(shift(empty, r) & self.enemy, r);
            }
        }
        capturers & men
    }

    /// True if the king on `sq` can jump an enemy piece.
    #[inline(always)]
    fn king_can_capture(&self, sq: u32, occ: u64) -> bool {
        let empty = !occ & BOARD;
        for d in 0..4 {
            let (_, b) = ray_until(sq, d, occ);
            if b < 64 && self.enemy & (1u64 << b) != 0 && shift(1u64 << b, d) & empty != 0 {
                return true;
            }
        }
        false
    }

    /// The kings of the side to move that can capture.
    #[inline(always)]
    fn king_capturers(&self) -> u64 {
        let occ = self.occ();
        let mut capturers = 0;
        for sq in Bitboard(self.own & self.kings) {
            let sq = sq.index() as u32;
            if self.king_can_capture(sq, occ & !(1u64 << sq)) {
                capturers |= 1u64 << sq;
            }
        }
        capturers
    }

    /// True if the side to move has at least one legal move.
    pub(super) fn has_move(&self, rules: Rules) -> bool {
        let empty = !self.occ() & BOARD;
        let men = self.own & !self.kings;
        let fwd = FORWARD[self.side];
        for d in 0..4 {
            if fwd & (1 << d) != 0 && shift(men, d) & empty != 0 {
                return true;
            }
        }
        for sq in Bitboard(self.own & self.kings) {
            if (0..4).any(|d| shift(1u64 << sq.index(), d) & empty != 0) {
                return true;
            }
        }
        self.man_capturers(rules) != 0 || self.king_capturers() != 0
    }

    /// Puts the legal moves into `sink`: the captures if there are any (capture is
    /// compulsory, spec §5.4), else the steps. A counting sink gets the steps by popcount
    /// and the captures from [`Board::count_captures`], which counts them without
    /// following each.
    #[inline]
    pub(super) fn generate<S: MoveSink>(&self, rules: Rules, sink: &mut S) {
        if let Some((sources, king_cap)) = self.capture_sources(rules) {
            match sink.counter() {
                Some(count) => *count += self.count_captures(rules, sources, king_cap),
                None => self.captures(rules, king_cap, sink),
            }
            return;
        }
        let occ = self.occ();
        let empty = !occ & BOARD;
        let men = self.own & !self.kings;
        let promo = self.promotion_rank();
        for d in FORWARD_DIRS[self.side] {
            let targets = shift(men, d) & empty;
            if let Some(count) = sink.counter() {
                *count += u64::from(targets.count_ones());
                continue;
            }
            for to in Bitboard(targets) {
                // The step's origin: `to` minus the direction's index offset.
                let from = square((to.index() as i32 - DELTA[d]) as u32);
                let promotes = promo & (1u64 << to.index()) != 0;
                sink.push(|| Move::step(from, to, Role::Man, promotes));
                if sink.is_full() {
                    return;
                }
            }
        }
        for from in Bitboard(self.own & self.kings) {
            for d in 0..4 {
                let targets = ray_until(from.index() as u32, d, occ).0;
                if sink.push_steps(from, Bitboard(targets), Role::King) {
                    return;
                }
            }
        }
    }

    /// The board after a quiet move of the side to move that leaves its pieces on `own`
    /// and the kings on `kings`.
    #[inline(always)]
    fn child(&self, own: u64, kings: u64) -> Board {
        Board {
            own: self.enemy,
            enemy: own,
            kings,
            side: self.side ^ 1,
        }
    }

    /// If the side to move can capture: the men's first-jump sources by direction (see
    /// [`Board::jump_sources`]) and the kings that can capture.
    #[inline(always)]
    fn capture_sources(&self, rules: Rules) -> Option<([u64; 4], u64)> {
        let empty = !self.occ() & BOARD;
        let men = self.own & !self.kings;
        let first = if rules.deferred {
            FORWARD[self.side]
        } else {
            ALL_DIRS
        };
        let mut sources = [0u64; 4];
        let mut capturers = 0;
        for (d, src) in sources.iter_mut().enumerate() {
            if first & (1 << d) != 0 {
                *src = self.jump_sources(empty, d);
                capturers |= *src;
            }
        }
        let king_cap = if self.own & self.kings != 0 {
            self.king_capturers()
        } else {
            0
        };
        (capturers & men | king_cap != 0).then_some((sources, king_cap))
    }

    /// Number of steps, when no capture exists: men's steps by popcount, kings' by ray.
    #[inline(always)]
    fn count_steps(&self) -> u64 {
        let occ = self.occ();
        let empty = !occ & BOARD;
        let men = self.own & !self.kings;
        let mut n = 0;
        for d in 0..4 {
            if FORWARD[self.side] & (1 << d) != 0 {
                n += (shift(men, d) & empty).count_ones() as u64;
            }
        }
        let mut kings = self.own & self.kings;
        while kings != 0 {
            let sq = kings.trailing_zeros();
            kings &= kings - 1;
            for d in 0..4 {
                n += ray_until(sq, d, occ).0.count_ones() as u64;
            }
        }
        n
    }

    /// Fills `moves` (cleared first) with the legal captures: all the legal moves when a
    /// capture exists (it is compulsory, spec §5.4), none otherwise.
    pub(super) fn captures_only(&self, rules: Rules, moves: &mut MoveList) {
        moves.clear();
        let men_cap = self.man_capturers(rules);
        let king_cap = if self.own & self.kings != 0 {
            self.king_capturers()
        } else {
            0
        };
        if men_cap | king_cap != 0 {
            self.captures(rules, king_cap, moves);
        }
    }

    /// Squares from which a man's jump in direction `d` exists: an enemy piece next to it
    /// in that direction and an empty square beyond.
    #[inline(always)]
    fn jump_sources(&self, empty: u64, d: usize) -> u64 {
        let r = reverse(d);
        shift(shift(empty, r) & self.enemy, r)
    }

    /// The men's first jumps by direction, and the men that may jump more than once (see
    /// [`Board::captures`]). `sources` holds the jump sources already computed for the
    /// first-jump directions (see [`Board::jump_sources`]).
    #[inline(always)]
    fn man_jumps(&self, rules: Rules, mut sources: [u64; 4]) -> ManJumps {
        let empty = !self.occ() & BOARD;
        let men = self.own & !self.kings;
        let first = if rules.deferred {
            FORWARD[self.side]
        } else {
            ALL_DIRS
        };
        let mut jumpers = [0u64; 4];
        let mut all_sources = 0u64;
        for (d, src) in sources.iter_mut().enumerate() {
            if first & (1 << d) != 0 {
                jumpers[d] = *src & men;
            } else {
                *src = self.jump_sources(empty, d);
            }
            all_sources |= *src;
        }
        let mut long_lands = [0u64; 4];
        for (d, l) in long_lands.iter_mut().enumerate() {
            *l = shift(shift(jumpers[d], d), d) & all_sources;
        }
        // Unconditional: cheaper than a mispredicted test.
        let mut long_men = 0u64;
        for (d, &l) in long_lands.iter().enumerate() {
            let r = reverse(d);
            long_men |= shift(shift(l, r), r);
        }
        ManJumps {
            jumpers,
            long_men,
            first,
            empty,
        }
    }

    /// Number of legal capture sequences (the maximum ones under the maximum rule), counted
    /// without building them: perft's bulk count in capture positions.
    #[inline(always)]
    fn count_captures(&self, rules: Rules, sources: [u64; 4], mut kings: u64) -> u64 {
        let ManJumps {
            jumpers,
            long_men,
            first,
            empty,
        } = self.man_jumps(rules, sources);
        let mut tally = Tally {
            max_rule: rules.max_capture,
            best: 0,
            count: 0,
        };
        if !(rules.max_capture && long_men != 0) {
            let singles: u32 = jumpers.iter().map(|&j| (j & !long_men).count_ones()).sum();
            tally.add(1, u64::from(singles));
        }
        let mut men = long_men;
        while men != 0 {
            let bit = men & men.wrapping_neg();
            men &= men - 1;
            let (b, c) = count_man(bit, first, self.enemy, empty | bit, rules.max_capture);
            tally.add(b, c);
        }
        let occ = self.occ();
        while kings != 0 {
            let sq = kings.trailing_zeros();
            kings &= kings - 1;
            let (b, c) = count_king(sq, self.enemy, occ & !(1u64 << sq), rules);
            tally.add(b, c);
        }
        tally.count
    }

    /// Follows every capture sequence of the side's men and of the given kings into `sink`.
    ///
    /// Most man captures are single jumps, so they are found for all men at once: a man
    /// can continue after its first jump only if it lands on a square from which a man's
    /// jump exists on the board as it stands (`sources`). That static test is exact for
    /// the second jump: the only piece that changed is the one just jumped, which is
    /// dead, and the only jump over it from the landing square would land on the start
    /// square, which the static board still shows occupied. Only men with such a landing
    /// are followed jump by jump.
    fn captures<S: MoveSink>(&self, rules: Rules, mut kings: u64, sink: &mut S) {
        let empty = !self.occ() & BOARD;
        let sources = [0, 1, 2, 3].map(|d| self.jump_sources(empty, d));
        let ManJumps {
            jumpers,
            long_men,
            first,
            empty,
        } = self.man_jumps(rules, sources);
        let occ = self.occ();
        let promo = self.promotion_rank();
        let mut best = 0;
        if !(rules.max_capture && long_men != 0) {
            // Single jumps of the men that cannot go on.
            for (d, &j) in jumpers.iter().enumerate() {
                let mut j = j & !long_men;
                while j != 0 {
                    let from = j & j.wrapping_neg();
                    j &= j - 1;
                    let mid = shift(from, d);
                    let land = shift(mid, d);
                    sink.push_capture(
                        square(from.trailing_zeros()),
                        &[square(land.trailing_zeros())],
                        &[square(mid.trailing_zeros())],
                        Role::Man,
                        promo & land != 0,
                    );
                    best = 1;
                }
            }
        }
        if long_men == 0 && kings == 0 {
            return;
        }
        let mut search = Search {
            all: occ,
            occ,
            empty,
            enemy: self.enemy,
            promo,
            from: 0,
            role: Role::Man,
            rules,
            best,
            path: [square(0); MAX_JUMPS],
            caps: [square(0); MAX_JUMPS],
            sink,
        };
        let mut men = long_men;
        while men != 0 {
            let sq = men.trailing_zeros();
            men &= men - 1;
            search.start(sq, Role::Man);
            search.man(sq, 0, 0, first);
        }
        while kings != 0 {
            let sq = kings.trailing_zeros();
            kings &= kings - 1;
            search.start(sq, Role::King);
            search.king(sq, 0, 0);
        }
    }
}

/// The men's first jumps (see [`Board::man_jumps`]).
struct ManJumps {
    /// Men that can make a first jump in each direction.
    jumpers: [u64; 4],
    /// Men with a first jump after which another jump is possible.
    long_men: u64,
    /// Directions allowed for a first jump.
    first: u8,
    /// Empty squares.
    empty: u64,
}

/// Sequences counted so far: the longest length and how many reach it (maximum rule), or
/// all complete sequences.
struct Tally {
    max_rule: bool,
    best: u32,
    count: u64,
}

impl Tally {
    /// Adds `count` sequences of `len` jumps (`count` 0 adds nothing).
    #[inline(always)]
    fn add(&mut self, len: u32, count: u64) {
        if count == 0 {
            return;
        }
        if !self.max_rule {
            self.count += count;
        } else {
            // Written to compile to conditional moves: the lengths are unpredictable.
            let kept = if len == self.best { self.count } else { 0 };
            self.count = if len >= self.best {
                kept + count
            } else {
                self.count
            };
        }
        self.best = self.best.max(len);
    }
}

/// Counts the capture sequences of a man on `bit` whose next jump goes in one of `dirs`,
/// with `alive` the enemy pieces not yet jumped. Returns the most jumps (0: none) and how
/// many complete sequences reach it (all complete sequences without the maximum rule).
///
/// Each direction is its own instantiation of [`man_jump`], so that its shifts are
/// constants; `dirs` is a constant too where the caller's first-jump rule is.
#[inline(always)]
fn count_man(bit: u64, dirs: u8, alive: u64, empty: u64, max_rule: bool) -> (u32, u64) {
    let mut tally = Tally {
        max_rule,
        best: 0,
        count: 0,
    };
    if dirs & 1 << NE != 0 {
        man_jump::<NE>(bit, alive, empty, &mut tally);
    }
    if dirs & 1 << NW != 0 {
        man_jump::<NW>(bit, alive, empty, &mut tally);
    }
    if dirs & 1 << SE != 0 {
        man_jump::<SE>(bit, alive, empty, &mut tally);
    }
    if dirs & 1 << SW != 0 {
        man_jump::<SW>(bit, alive, empty, &mut tally);
    }
    (tally.best, tally.count)
}

/// [`count_man`] after a jump, when any direction may follow (later jumps may go
/// backwards, also in Stockholm, spec §5.2).
fn count_man_on(bit: u64, alive: u64, empty: u64, max_rule: bool) -> (u32, u64) {
    count_man(bit, ALL_DIRS, alive, empty, max_rule)
}

/// Adds to `tally` the sequences of the man on `bit` that start with a jump in direction
/// `D`, if there is one.
#[inline(always)]
fn man_jump<const D: usize>(bit: u64, alive: u64, empty: u64, tally: &mut Tally) {
    let mid = shift(bit, D) & alive;
    let land = shift(mid, D) & empty;
    if land == 0 {
        return;
    }
    let alive = alive & !mid;
    // No enemy piece next to the landing square: the sequence ends there, the common case.
    if NEIGHBOURS[land.trailing_zeros() as usize] & alive == 0 {
        tally.add(1, 1);
        return;
    }
    match count_man_on(land, alive, empty, tally.max_rule) {
        (0, _) => tally.add(1, 1),
        (b, c) => tally.add(b + 1, c),
    }
}

/// As [`count_man`] for a flying king on `sq`; `occ` holds every piece but the king,
/// dead ones included. Landing choice as in [`Search::king`].
fn count_king(sq: u32, alive: u64, occ: u64, rules: Rules) -> (u32, u64) {
    let mut tally = Tally {
        max_rule: rules.max_capture,
        best: 0,
        count: 0,
    };
    for d in 0..4 {
        let (_, b) = ray_until(sq, d, occ);
        if b >= 64 || alive & (1u64 << b) == 0 {
            continue;
        }
        let (lands, _) = ray_until(b, d, occ);
        if lands == 0 {
            continue;
        }
        let alive = alive & !(1u64 << b);
        let mut onward = Tally {
            max_rule: rules.max_capture,
            best: 0,
            count: 0,
        };
        let mut stops = 0u64;
        let mut ls = lands;
        while ls != 0 {
            let l = ls.trailing_zeros();
            ls &= ls - 1;
            let (cb, cc) = count_king(l, alive, occ, rules);
            if cb == 0 {
                stops += 1;
            } else {
                onward.add(cb, cc);
            }
        }
        if onward.count == 0 {
            tally.add(1, if rules.king_halt { 1 } else { stops });
        } else {
            tally.add(onward.best + 1, onward.count);
        }
    }
    (tally.best, tally.count)
}

/// Jumps in one sequence at most: every jump takes a distinct enemy piece, and setups hold
/// at most 12 pieces a side (the start count, spec §5.1), so 12 suffice; 16 leaves room.
const MAX_JUMPS: usize = 16;

/// The state of a depth-first walk through one piece's capture sequences.
///
/// Removal is at the end of the move (spec §5.4): jumped pieces stay in `occ` as dead
/// pieces, so they block and cannot be jumped again (which also rules out 180° turns);
/// only the capturing piece's start square is emptied.
struct Search<'a, S: MoveSink> {
    /// Occupied squares at the start of the move.
    all: u64,
    /// Occupied squares, without the capturing piece, with the dead pieces.
    occ: u64,
    /// Empty dark squares (`!occ`).
    empty: u64,
    /// Enemy pieces, dead or alive.
    enemy: u64,
    /// The mover's promotion rank.
    promo: u64,
    /// Start square of the capturing piece.
    from: u32,
    /// Role of the capturing piece (a man stays a man through the sequence, spec §5.5).
    role: Role,
    rules: Rules,
    /// Longest sequence so far (maximum rule).
    best: usize,
    path: [Square; MAX_JUMPS],
    caps: [Square; MAX_JUMPS],
    sink: &'a mut S,
}

impl<S: MoveSink> Search<'_, S> {
    #[inline(always)]
    fn start(&mut self, sq: u32, role: Role) {
        self.from = sq;
        self.role = role;
        self.occ = self.all & !(1u64 << sq);
        self.empty = !self.occ & BOARD;
    }

    /// A complete sequence of `n` jumps ending on `to`.
    #[inline(always)]
    fn complete(&mut self, n: usize, to: u32) {
        if self.rules.max_capture {
            if n > self.best {
                self.best = n;
                self.sink.clear();
            } else if n < self.best {
                return;
            }
        }
        let promotes = self.role == Role::Man && self.promo & (1u64 << to) != 0;
        self.sink.push_capture(
            square(self.from),
            &self.path[..n],
            &self.caps[..n],
            self.role,
            promotes,
        );
    }

    /// Jumps of a man on `sq` in the directions of `dirs`, after `n` jumps taking `dead`;
    /// returns true if there was at least one.
    fn man(&mut self, sq: u32, dead: u64, n: usize, dirs: u8) -> bool {
        let alive = self.enemy & !dead;
        let bit = 1u64 << sq;
        let mut extended = false;
        for d in 0..4 {
            if dirs & (1 << d) == 0 {
                continue;
            }
            let mid = shift(bit, d) & alive;
            if mid == 0 {
                continue;
            }
            let land = shift(mid, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let l = land.trailing_zeros();
            self.path[n] = square(l);
            self.caps[n] = square(mid.trailing_zeros());
            // Later jumps may go backwards, also in Stockholm (spec §5.2).
            if NEIGHBOURS[l as usize] & alive & !mid == 0
                || !self.man(l, dead | mid, n + 1, ALL_DIRS)
            {
                self.complete(n + 1, l);
            }
        }
        extended
    }

    /// Jumps of a flying king on `sq`; returns true if there was at least one.
    ///
    /// Landing choice (spec §1.3, §8.11): if some landing square beyond the jumped piece
    /// allows a further jump, the king must land on one of those; otherwise it may stop on
    /// any of them, or, with the halt rule, only on the one just beyond the piece.
    fn king(&mut self, sq: u32, dead: u64, n: usize) -> bool {
        let alive = self.enemy & !dead;
        let mut extended = false;
        for d in 0..4 {
            let (_, b) = ray_until(sq, d, self.occ);
            if b >= 64 || alive & (1u64 << b) == 0 {
                continue;
            }
            let (lands, _) = ray_until(b, d, self.occ);
            if lands == 0 {
                continue;
            }
            extended = true;
            self.caps[n] = square(b);
            let dead = dead | 1u64 << b;
            let mut stops = 0u64;
            let mut continued = false;
            let mut ls = lands;
            while ls != 0 {
                let l = ls.trailing_zeros();
                ls &= ls - 1;
                self.path[n] = square(l);
                if self.king(l, dead, n + 1) {
                    continued = true;
                } else {
                    stops |= 1u64 << l;
                }
            }
            if !continued {
                if self.rules.king_halt {
                    stops = 1u64 << nearest(lands, d);
                }
                while stops != 0 {
                    let l = stops.trailing_zeros();
                    stops &= stops - 1;
                    self.path[n] = square(l);
                    self.complete(n + 1, l);
                }
            }
        }
        extended
    }
}

/// A legal move as perft plays it: the squares it changes, as bitboards.
#[derive(Copy, Clone, Debug)]
struct Child {
    /// The moving piece's start square.
    from: u64,
    /// Its last square (`from` itself after a loop).
    to: u64,
    /// The pieces it takes.
    captured: u64,
}

impl Child {
    /// The dedup key (spec Appendix A): origin, destination and captured set.
    #[inline(always)]
    fn key(&self) -> (u64, u32) {
        (
            self.captured,
            self.from.trailing_zeros() | self.to.trailing_zeros() << 7,
        )
    }
}

/// Capture sequences as [`Child`]ren, filled by [`Board::children`] (reused per ply).
#[derive(Default)]
struct Children(Vec<Child>);

impl MoveSink for Children {
    /// Not reached from [`Board::captures`], which hands over captures whole; kept correct
    /// for any other caller.
    fn push(&mut self, build: impl FnOnce() -> Move) {
        let mv = build();
        if let (Some(from), Some(to)) = (mv.origin(), mv.destination()) {
            self.push_capture(from, &[to], mv.captured(), mv.role(), mv.promotes());
        }
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.0.clear();
    }

    #[inline(always)]
    fn push_capture(
        &mut self,
        from: Square,
        path: &[Square],
        captured: &[Square],
        _role: Role,
        _promotes: bool,
    ) {
        let to = path.last().map_or(from, |&s| s);
        self.0.push(Child {
            from: 1u64 << from.index(),
            to: 1u64 << to.index(),
            captured: captured.iter().fold(0, |acc, s| acc | 1u64 << s.index()),
        });
    }
}

/// One perft run on bare boards: no [`Move`] is built for a quiet move, no position
/// copied and no hash kept, and the side to move and the first-jump rule are constants in
/// each instantiation, so that the direction tables fold away. `DEDUP`: the dedup
/// convention, else paths.
struct Walk<const DEDUP: bool> {
    rules: Rules,
    /// The no-progress limit in plies (0: off, spec §5.7).
    limit: u32,
    /// Captures of each ply.
    stack: Vec<Children>,
    /// Captures of a dedup leaf.
    leaves: Children,
    seen: crate::perft::KeySet,
}

impl<const DEDUP: bool> Walk<DEDUP> {
    /// Leaves below `b` (`depth` plies, `np` plies without progress), `S` to move.
    fn node<const S: usize, const DEF: bool>(
        &mut self,
        b: Board,
        np: u16,
        depth: u32,
        level: usize,
    ) -> u64 {
        let rules = Rules {
            deferred: DEF,
            ..self.rules
        };
        let b = Board { side: S, ..b };
        if depth == 1 {
            return self.leaf::<S, DEF>(b);
        }
        let mut n = 0;
        if let Some((sources, king_cap)) = b.capture_sources(rules) {
            let jumps = b.man_jumps(rules, sources);
            if king_cap == 0 && jumps.long_men == 0 {
                // Single jumps only, the common case: no sequence to follow, and every
                // capture has its own key.
                let promo = b.promotion_rank();
                for (d, &j) in jumps.jumpers.iter().enumerate() {
                    let mut j = j;
                    while j != 0 {
                        let from = j & j.wrapping_neg();
                        j &= j - 1;
                        let mid = shift(from, d);
                        let to = shift(mid, d);
                        let child = Board {
                            own: b.enemy & !mid,
                            enemy: b.own ^ from ^ to,
                            kings: (b.kings | to & promo) & !mid,
                            side: S ^ 1,
                        };
                        n += self.next::<S, DEF>(child, 0, depth, level);
                    }
                }
                return n;
            }
            let Some(list) = self.stack.get_mut(level) else {
                return 0;
            };
            list.clear();
            b.children(rules, king_cap, list);
            if DEDUP && list.0.len() > 1 {
                let seen = &mut self.seen;
                seen.reset(list.0.len());
                list.0.retain(|c| seen.insert(c.key()));
            }
            for i in 0..self.stack[level].0.len() {
                let c = self.stack[level].0[i];
                let moved = if b.kings & c.from != 0 {
                    b.kings ^ c.from ^ c.to
                } else {
                    b.kings | c.to & b.promotion_rank()
                };
                let child = Board {
                    own: b.enemy & !c.captured,
                    enemy: b.own ^ c.from ^ c.to,
                    kings: moved & !c.captured,
                    side: S ^ 1,
                };
                n += self.next::<S, DEF>(child, 0, depth, level);
            }
            return n;
        }
        let empty = !b.occ() & BOARD;
        let men = b.own & !b.kings;
        let promo = b.promotion_rank();
        for d in FORWARD_DIRS[S] {
            let mut targets = shift(men, d) & empty;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets &= targets - 1;
                let from = shift(to, reverse(d));
                n += self.next::<S, DEF>(
                    b.child(b.own ^ from ^ to, b.kings | to & promo),
                    0,
                    depth,
                    level,
                );
            }
        }
        // A king's step without capture brings the no-progress draw one ply nearer: the
        // child may be stopped by it, and then has no moves (spec §5.7).
        if self.limit > 0 && u32::from(np) + 1 >= self.limit {
            return n;
        }
        let occ = b.occ();
        let mut kings = b.own & b.kings;
        while kings != 0 {
            let from = kings & kings.wrapping_neg();
            kings &= kings - 1;
            for d in 0..4 {
                let mut targets = ray_until(from.trailing_zeros(), d, occ).0;
                while targets != 0 {
                    let to = targets & targets.wrapping_neg();
                    targets &= targets - 1;
                    // The counter is read only under a limit, which keeps it far from
                    // wrapping; without one, a setup's 65535 may wrap harmlessly.
                    n += self.next::<S, DEF>(
                        b.child(b.own ^ from ^ to, b.kings ^ from ^ to),
                        np.wrapping_add(1),
                        depth,
                        level,
                    );
                }
            }
        }
        n
    }

    /// Leaves below the child `b` of a node at `depth` and `level` (the other side to move).
    #[inline(always)]
    fn next<const S: usize, const DEF: bool>(
        &mut self,
        b: Board,
        np: u16,
        depth: u32,
        level: usize,
    ) -> u64 {
        match (S, depth) {
            (0, 2) => self.leaf::<1, DEF>(Board { side: 1, ..b }),
            (_, 2) => self.leaf::<0, DEF>(Board { side: 0, ..b }),
            (0, _) => self.node::<1, DEF>(b, np, depth - 1, level + 1),
            _ => self.node::<0, DEF>(b, np, depth - 1, level + 1),
        }
    }

    /// The number of legal moves of `b` under the walk's convention.
    #[inline(always)]
    fn leaf<const S: usize, const DEF: bool>(&mut self, b: Board) -> u64 {
        let rules = Rules {
            deferred: DEF,
            ..self.rules
        };
        if !DEDUP {
            return match b.capture_sources(rules) {
                Some((sources, king_cap)) => b.count_captures(rules, sources, king_cap),
                None => b.count_steps(),
            };
        }
        match b.capture_sources(rules) {
            None => b.count_steps(),
            Some((sources, 0)) if b.man_jumps(rules, sources).long_men == 0 => {
                // Single jumps only: every capture has its own key.
                let jumpers = b.man_jumps(rules, sources).jumpers;
                jumpers.iter().map(|j| u64::from(j.count_ones())).sum()
            }
            Some((_, king_cap)) => {
                let list = &mut self.leaves;
                list.clear();
                b.children(rules, king_cap, list);
                if list.0.len() < 2 {
                    return list.0.len() as u64;
                }
                self.seen.reset(list.0.len());
                let seen = &mut self.seen;
                list.0.iter().filter(|c| seen.insert(c.key())).count() as u64
            }
        }
    }
}

impl Board {
    /// The legal captures as [`Child`]ren, into `list` (cleared first). Men's sequences are
    /// followed on bitboards ([`man_children`]); kings' through [`Board::captures`].
    #[inline(always)]
    fn children(&self, rules: Rules, king_cap: u64, list: &mut Children) {
        list.clear();
        if king_cap != 0 {
            self.captures(rules, king_cap, list);
            return;
        }
        let empty = !self.occ() & BOARD;
        let sources = [0, 1, 2, 3].map(|d| self.jump_sources(empty, d));
        let jumps = self.man_jumps(rules, sources);
        let mut best = 0;
        if !(rules.max_capture && jumps.long_men != 0) {
            for (d, &j) in jumps.jumpers.iter().enumerate() {
                let mut j = j & !jumps.long_men;
                while j != 0 {
                    let from = j & j.wrapping_neg();
                    j &= j - 1;
                    let mid = shift(from, d);
                    list.0.push(Child {
                        from,
                        to: shift(mid, d),
                        captured: mid,
                    });
                    best = 1;
                }
            }
        }
        let mut men = jumps.long_men;
        while men != 0 {
            let bit = men & men.wrapping_neg();
            men &= men - 1;
            let mut seq = Sequence {
                list: &mut *list,
                best: &mut best,
                from: bit,
                empty: jumps.empty | bit,
                max_rule: rules.max_capture,
            };
            seq.man(bit, jumps.first, self.enemy, 0, 0);
        }
    }
}

/// One man's capture sequences, followed into a [`Children`] list (see
/// [`Board::children`]); as [`Search::man`], on bitboards.
struct Sequence<'a> {
    list: &'a mut Children,
    /// Longest sequence so far (maximum rule).
    best: &'a mut u32,
    /// The man's start square.
    from: u64,
    /// Empty squares, the man's start square included.
    empty: u64,
    max_rule: bool,
}

impl Sequence<'_> {
    /// The sequences of the man on `bit` after `n` jumps taking `captured`, whose next jump
    /// goes in one of `dirs`; false if it cannot jump.
    fn man(&mut self, bit: u64, dirs: u8, alive: u64, captured: u64, n: u32) -> bool {
        let mut extended = false;
        if dirs & 1 << NE != 0 {
            extended |= self.jump::<NE>(bit, alive, captured, n);
        }
        if dirs & 1 << NW != 0 {
            extended |= self.jump::<NW>(bit, alive, captured, n);
        }
        if dirs & 1 << SE != 0 {
            extended |= self.jump::<SE>(bit, alive, captured, n);
        }
        if dirs & 1 << SW != 0 {
            extended |= self.jump::<SW>(bit, alive, captured, n);
        }
        extended
    }

    /// The sequences that go on with a jump in direction `D`; false if there is none.
    #[inline(always)]
    fn jump<const D: usize>(&mut self, bit: u64, alive: u64, captured: u64, n: u32) -> bool {
        let mid = shift(bit, D) & alive;
        let land = shift(mid, D) & self.empty;
        if land == 0 {
            return false;
        }
        let alive = alive & !mid;
        let captured = captured | mid;
        if NEIGHBOURS[land.trailing_zeros() as usize] & alive == 0
            || !self.man(land, ALL_DIRS, alive, captured, n + 1)
        {
            self.complete(land, captured, n + 1);
        }
        true
    }

    /// A complete sequence of `n` jumps ending on `to`.
    #[inline(always)]
    fn complete(&mut self, to: u64, captured: u64, n: u32) {
        if self.max_rule {
            if n > *self.best {
                *self.best = n;
                self.list.0.clear();
            } else if n < *self.best {
                return;
            }
        }
        self.list.0.push(Child {
            from: self.from,
            to,
            captured,
        });
    }
}

/// Perft plays without the hash, and walks its own way (see [`Walk`]).
impl crate::perft::Ops<super::Stockholm> for crate::perft::Fast {
    #[inline(always)]
    fn play_counted(pos: &mut super::Stockholm, mv: &Move) {
        crate::zobrist::Hashed::apply(pos, mv);
    }

    fn perft(pos: &super::Stockholm, depth: u32, counting: Counting) -> u64 {
        if pos.stopped() || depth == 0 {
            return u64::from(depth == 0);
        }
        match counting {
            Counting::Paths => Walk::<false>::new(pos, depth).run(pos, depth),
            Counting::Dedup => Walk::<true>::new(pos, depth).run(pos, depth),
        }
    }
}

impl<const DEDUP: bool> Walk<DEDUP> {
    fn new(pos: &super::Stockholm, depth: u32) -> Self {
        Walk {
            rules: pos.options.rules(),
            limit: pos.options.no_progress_plies(),
            stack: (0..depth).map(|_| Children::default()).collect(),
            leaves: Children::default(),
            seen: crate::perft::KeySet::default(),
        }
    }

    /// Perft of `depth` from `pos`, which is not stopped.
    fn run(&mut self, pos: &super::Stockholm, depth: u32) -> u64 {
        let b = pos.board();
        let np = pos.no_progress;
        match (b.side, self.rules.deferred) {
            (0, true) => self.node::<0, true>(b, np, depth, 0),
            (0, false) => self.node::<0, false>(b, np, depth, 0),
            (_, true) => self.node::<1, true>(b, np, depth, 0),
            (_, false) => self.node::<1, false>(b, np, depth, 0),
        }
    }
}
