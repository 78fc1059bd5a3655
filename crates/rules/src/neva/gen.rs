//! Move generation for Neva: men's steps and short jumps, kings' flying steps and jumps
//! on the lattice (spec §2.2-§2.4), found with shifts of the seat's bitboards; the bulk
//! count of legal moves ([`count_moves`], with men's capture sequences counted from the
//! [`TRAILS`] table), and perft's walk on bare bitboards ([`Tree`]).

use super::{sq, Neva, BOARD, TARGET};
use crate::perft::{walk, Counting, Fast, Ops};
use crate::zobrist::Hashed;
use crate::{Bitboard, Move, MoveCount, MoveSink, Role, Seat, Square, MAX_PATH};

/// Line directions, as indices for [`shift`]: +x, −x, +y, −y.
const PX: usize = 0;
const MX: usize = 1;
const PY: usize = 2;
const MY: usize = 3;

/// Every square of `bb` moved one step in direction `d`, dropping those that leave the
/// lattice (the mask also removes file wrap-around, since files 6 and 7 are off the board).
#[inline(always)]
const fn shift(bb: u64, d: usize) -> u64 {
    (match d {
        PX => bb << 1,
        MX => bb >> 1,
        PY => bb << 8,
        _ => bb >> 8,
    }) & BOARD
}

/// The men of `men` that have a first short jump over `capt` onto `empty`. `capt` and
/// `empty` lie on the lattice, so masking with them also drops the shifts that leave it.
#[inline(always)]
fn men_that_capture(men: u64, capt: u64, empty: u64) -> u64 {
    let px = ((((men << 1) & capt) << 1) & empty) >> 2;
    let mx = ((((men >> 1) & capt) >> 1) & empty) << 2;
    let py = ((((men << 8) & capt) << 8) & empty) >> 16;
    let my = ((((men >> 8) & capt) >> 8) & empty) << 16;
    px | mx | py | my
}

/// The squares a man on `at` can land on with one short jump over `capt` onto `empty`
/// (spec §2.3). The jumped square is midway: index `(at + land) / 2`.
#[inline(always)]
fn man_landings(at: u32, capt: u64, empty: u64) -> u64 {
    let b = 1u64 << at;
    ((((b << 1) & capt) << 1)
        | (((b >> 1) & capt) >> 1)
        | (((b << 8) & capt) << 8)
        | (((b >> 8) & capt) >> 8))
        & empty
}

/// The squares the men of `men` of seat index `s` reach by one step in each of their two
/// forward directions (spec §2.1).
#[inline(always)]
fn forward_pair(men: u64, s: usize) -> (u64, u64) {
    let [a, b] = FORWARD_ROTATION[s & 3];
    (men.rotate_left(a) & BOARD, men.rotate_left(b) & BOARD)
}

/// [`forward_pair`]'s two directions as left rotations (+x 1, −x 63, +y 8, −y 56), which
/// a table serves without a branch on the seat: the lattice keeps two empty files and two
/// empty ranks, so a bit that wraps round lands off the board and is masked away.
const FORWARD_ROTATION: [[u32; 2]; 4] = [[1, 56], [63, 56], [63, 8], [1, 8]];

/// The index offsets of [`forward_pair`]'s two directions.
const FORWARD_DELTA: [[u32; 2]; 4] = [
    [1, 8u32.wrapping_neg()],
    [1u32.wrapping_neg(), 8u32.wrapping_neg()],
    [1u32.wrapping_neg(), 8],
    [1, 8],
];

/// The squares the men of `men` of seat index `s` could step to, if empty.
#[inline(always)]
fn forward_steps(men: u64, s: usize) -> u64 {
    let (a, b) = forward_pair(men, s);
    a | b
}

/// The state of one capture search: the squares a capturing piece may land on or fly
/// over (empty squares plus its own start square, spec §1.1), the path so far and the sink
/// that receives complete sequences. The path never exceeds [`MAX_PATH`]: every jump takes
/// a distinct piece of another seat and a seat has at most six pieces.
struct Search<'s, S: MoveSink> {
    empty: u64,
    path: [Square; MAX_PATH],
    caps: [Square; MAX_PATH],
    sink: &'s mut S,
}

impl<'s, S: MoveSink> Search<'s, S> {
    fn new(empty: u64, sink: &'s mut S) -> Self {
        Search {
            empty,
            path: [Square::ALL[0]; MAX_PATH],
            caps: [Square::ALL[0]; MAX_PATH],
            sink,
        }
    }

    /// Every complete sequence of the man that started on `origin` and now stands on `at`
    /// after `depth` jumps, with `lands` its next landings (not none); `capt` holds the
    /// pieces it may still jump (not yet dead). Men are free to choose any complete
    /// sequence (spec §2.3, N8). A landing with no way on ends a sequence without a call.
    fn man(&mut self, origin: u32, at: u32, capt: u64, depth: usize, lands: u64, target: u32) {
        for l in Bitboard(lands) {
            let l = l.index() as u32;
            let mid = (at + l) / 2;
            self.path[depth] = sq(l);
            self.caps[depth] = sq(mid);
            let capt = capt ^ 1 << mid;
            let onward = man_landings(l, capt, self.empty);
            if onward != 0 {
                self.man(origin, l, capt, depth + 1, onward, target);
                continue;
            }
            self.sink.push_capture(
                sq(origin),
                &self.path[..=depth],
                &self.caps[..=depth],
                Role::Man,
                l == target,
            );
        }
    }

    /// The complete sequences of the king from `origin`, now on `at` after `depth` jumps
    /// (flying jumps, spec §2.4; dead pieces block the line, so a 180° turn is impossible).
    /// Returns the most jumps a sequence from here reaches and how many sequences reach
    /// it, and pushes into the sink those of exactly `keep` jumps (none when `keep` is 0):
    /// the per-king maximum rule (spec §2.4, N3 (a)) needs the best length before the
    /// sequences that reach it are known, so a sink that keeps moves runs this twice.
    fn king(&mut self, origin: u32, at: u32, capt: u64, depth: usize, keep: usize) -> (usize, u64) {
        let b = 1u64 << at;
        let mut best = (depth, 1);
        let mut found = false;
        for d in 0..4 {
            let mut t = shift(b, d);
            while t & self.empty != 0 {
                t = shift(t, d);
            }
            if t & capt == 0 {
                continue;
            }
            let mut land = shift(t, d) & self.empty;
            while land != 0 {
                let l = land.trailing_zeros();
                self.path[depth] = sq(l);
                self.caps[depth] = sq(t.trailing_zeros());
                let (m, c) = self.king(origin, l, capt ^ t, depth + 1, keep);
                if !found || m > best.0 {
                    best = (m, c);
                    found = true;
                } else if m == best.0 {
                    best.1 += c;
                }
                land = shift(land, d) & self.empty;
            }
        }
        if !found && depth > 0 && depth == keep {
            self.sink.push_capture(
                sq(origin),
                &self.path[..depth],
                &self.caps[..depth],
                Role::King,
                false,
            );
        }
        best
    }
}

/// True if any of `men` (short jumps) or `kings` (flying jumps) can capture one of `capt`
/// (spec §2.3, §2.4).
#[inline]
fn any_capture(men: u64, kings: u64, capt: u64, empty: u64) -> bool {
    for d in 0..4 {
        let mut from = men | kings;
        let mut fly = shift(kings, d) & empty;
        while fly != 0 {
            from |= fly;
            fly = shift(fly, d) & empty;
        }
        if shift(shift(from, d) & capt, d) & empty != 0 {
            return true;
        }
    }
    false
}

/// The kings of `kings` that have a first flying jump over `capt` (spec §2.4).
#[inline(always)]
fn kings_that_capture(kings: u64, capt: u64, empty: u64) -> u64 {
    let mut from = 0;
    for k in Bitboard(kings) {
        let kb = 1u64 << k.index();
        for d in 0..4 {
            let line = slide(kb, d, empty) | kb;
            if shift(shift(line, d) & capt, d) & empty != 0 {
                from |= kb;
                break;
            }
        }
    }
    from
}

/// Squares a king on `k` can slide to in direction `d` over `empty`.
#[inline(always)]
fn slide(k: u64, d: usize, empty: u64) -> u64 {
    let mut reach = 0;
    let mut t = shift(k, d) & empty;
    while t != 0 {
        reach |= t;
        t = shift(t, d) & empty;
    }
    reach
}

/// The edges of one parity class of the lattice, as vertex pairs: a man's jumps keep the
/// parity of its file and of its rank, so the squares it can land on form a 3×3 grid
/// (vertex `i + 3j` is the class's square `2i`, `2j` files and ranks from the class's
/// first square), and each jump uses one of the 12 edges between neighbours of that grid,
/// the one whose middle square holds the piece it takes. The order is [`trail_index`]'s.
const EDGES: [(usize, usize); 12] = [
    (0, 1),
    (1, 2),
    (0, 3),
    (1, 4),
    (2, 5),
    (3, 4),
    (4, 5),
    (3, 6),
    (4, 7),
    (5, 8),
    (6, 7),
    (7, 8),
];

/// `TRAILS[e][v]`: the number of complete capture sequences of a man on vertex `v` of a
/// class grid whose usable edges are the set `e` (bit `k` for `EDGES[k]`): trails, as a
/// man may land on a square twice but takes each piece once (spec §1.1, §2.3), and a
/// man with no jump left has one sequence, the one that brought it there. At most 96.
static TRAILS: [[u8; 9]; 1 << 12] = trails();

/// Builds [`TRAILS`], by increasing edge set: using an edge leaves a smaller set.
const fn trails() -> [[u8; 9]; 1 << 12] {
    let mut t = [[0u8; 9]; 1 << 12];
    let mut e = 0;
    while e < 1 << 12 {
        let mut k = 0;
        let mut ways = [0u8; 9];
        let mut moved = [false; 9];
        while k < 12 {
            if e >> k & 1 != 0 {
                let (a, b) = EDGES[k];
                let rest = t[e & !(1 << k)];
                ways[a] += rest[b];
                ways[b] += rest[a];
                moved[a] = true;
                moved[b] = true;
            }
            k += 1;
        }
        let mut v = 0;
        while v < 9 {
            t[e][v] = if moved[v] { ways[v] } else { 1 };
            v += 1;
        }
        e += 1;
    }
    t
}

/// The edge set of [`TRAILS`] for the class of square `at`: the edges whose middle square
/// holds a piece of `capt` and whose ends are both in `land`.
#[inline(always)]
fn trail_index(at: u32, capt: u64, land: u64) -> usize {
    // Seen from the class's first square, the middles of the class's edges are the
    // squares of odd file + rank in the 5×5 corner: files 1 and 3 on ranks 0, 2 and 4
    // (along files), files 0, 2 and 4 on ranks 1 and 3 (along ranks).
    let base = (at & 1) | (at & 8);
    let (c, d) = (capt >> base, land >> base);
    let along = c & (d << 1) & (d >> 1) & 0x0a_000a_000a;
    let across = c & (d << 8) & (d >> 8) & 0x1500_1500;
    // Every byte's edges on bits 0, 2 and 4, then on bits 0, 1 and 2.
    let m = along >> 1 | across;
    let z = (m & 0x01_0101_0101) | (m >> 1 & 0x02_0202_0202) | (m >> 2 & 0x04_0404_0404);
    (z & 3 | (z >> 8 & 7) << 2 | (z >> 16 & 3) << 5 | (z >> 24 & 7) << 7 | (z >> 32 & 3) << 10)
        as usize
}

/// The number of complete capture sequences of a man on `at` that may still take the
/// pieces of `capt` and land on `empty`: the count of [`Search::man`]'s sequences from
/// there, by [`TRAILS`].
#[inline(always)]
fn count_man(at: u32, capt: u64, empty: u64) -> u64 {
    let vertex = (at & 7) / 2 + 3 * (at / 16);
    u64::from(TRAILS[trail_index(at, capt, empty | 1 << at)][vertex as usize])
}

/// The number of capture sequences of all of `men` over `capt` onto `empty` (spec §2.3),
/// found for all men at once: a first jump's landing from which no second jump leads is a
/// whole sequence, counted by popcount; only landings with a way on are searched.
#[inline(always)]
fn count_men_captures(men: u64, capt: u64, empty: u64) -> u64 {
    // The first landings in each direction. Files 6 and 7 are never in `capt` or
    // `empty`, so nothing wraps round.
    let px = (men << 2) & (capt << 1) & empty;
    let mx = (men >> 2) & (capt >> 1) & empty;
    let py = (men << 16) & (capt << 8) & empty;
    let my = (men >> 16) & (capt >> 8) & empty;
    if px | mx | py | my == 0 {
        return 0;
    }
    // The squares a next jump can start from: the next square in its direction holds a
    // piece to take and the one after is empty. Back over the piece just taken is not
    // among them, as the man's start square is still occupied here (it is empty for the
    // rest of the sequence, see `count_onward`). Bits off the board never meet a landing.
    let onward = (capt >> 1) & (empty >> 2)
        | (capt << 1) & (empty << 2)
        | (capt >> 8) & (empty >> 16)
        | (capt << 8) & (empty << 16);
    let ends = (px & !onward).count_ones()
        + (mx & !onward).count_ones()
        + (py & !onward).count_ones()
        + (my & !onward).count_ones();
    if (px | mx | py | my) & onward == 0 {
        return u64::from(ends);
    }
    u64::from(ends) + count_onward([px, mx, py, my].map(|l| l & onward), capt, empty)
}

/// The number of complete sequences through the first landings `onward` (by direction,
/// as [`count_men_captures`]), kept out of line as most first jumps end a sequence.
#[inline(never)]
fn count_onward(onward: [u64; 4], capt: u64, empty: u64) -> u64 {
    let mut n = 0;
    for (lands, back) in
        onward
            .into_iter()
            .zip([2u32, 2u32.wrapping_neg(), 16, 16u32.wrapping_neg()])
    {
        for l in Bitboard(lands) {
            let l = l.index() as u32;
            let origin = l.wrapping_sub(back);
            n += count_man(l, capt ^ 1 << ((origin + l) / 2), empty | 1 << origin);
        }
    }
    n
}

/// The number of legal moves of seat index `s`, whose pieces are `own`, with `all` the
/// occupied squares and `kings` every seat's kings: the capture sequences if there are
/// any, else the steps, counted on the bitboards (perft's bulk count).
#[inline]
fn count_moves(own: u64, all: u64, kings: u64, s: usize) -> u64 {
    let empty = BOARD & !all;
    let capt = all & !own;
    let men = own & !kings;
    let kings = own & kings;
    let captures = count_men_captures(men, capt, empty);
    if kings != 0 {
        return count_with_kings(captures, men, kings, capt, empty, s);
    }
    if captures > 0 {
        return captures;
    }
    // Two men may step onto one square, one from each forward direction.
    let (a, b) = forward_pair(men, s);
    u64::from((a & empty).count_ones() + (b & empty).count_ones())
}

/// [`count_moves`] for a seat with kings, given the men's `captures`.
#[inline(never)]
fn count_with_kings(captures: u64, men: u64, kings: u64, capt: u64, empty: u64, s: usize) -> u64 {
    // Two kings on one line never share a square of their slides in one direction (the
    // nearer one blocks the other), so sliding all at once counts every step.
    let mut steps = 0;
    let mut any = false;
    for d in 0..4 {
        let reach = slide(kings, d, empty);
        steps += u64::from(reach.count_ones());
        any |= shift(shift(reach | kings, d) & capt, d) & empty != 0;
    }
    let mut captures = captures;
    if any {
        let mut none = MoveCount::default();
        for from in Bitboard(kings_that_capture(kings, capt, empty)) {
            let from = from.index() as u32;
            let mut search = Search::new(empty | 1 << from, &mut none);
            captures += search.king(from, from, capt, 0, 0).1;
        }
    }
    if captures > 0 {
        return captures;
    }
    let (a, b) = forward_pair(men, s);
    steps + u64::from((a & empty).count_ones() + (b & empty).count_ones())
}

impl Neva {
    /// True if `seat` has a legal move (a step, or else a capture).
    #[inline(always)]
    pub(super) fn can_act(&self, seat: Seat) -> bool {
        let s = seat.index();
        let own = self.pieces[s];
        let all = self.occupied();
        let empty = BOARD & !all;
        let men = own & !self.kings;
        if forward_steps(men, s) & empty != 0 {
            return true;
        }
        let kings = own & self.kings;
        let king_steps = shift(kings, PX) | shift(kings, MX) | shift(kings, PY) | shift(kings, MY);
        if king_steps & empty != 0 {
            return true;
        }
        any_capture(men, kings, all & !own, empty)
    }

    /// Puts `seat`'s legal moves into `sink`: the captures if there are any (capture is
    /// compulsory, spec §2.3), else the steps. A counting sink gets them by
    /// [`count_moves`].
    pub(super) fn generate_for<S: MoveSink>(&self, seat: Seat, sink: &mut S) {
        let s = seat.index();
        if let Some(count) = sink.counter() {
            *count += count_moves(self.pieces[s], self.occupied(), self.kings, s);
            return;
        }
        let c = self.capturers(s);
        if c.any() {
            return c.moves(sink, u32::from(TARGET[s]));
        }
        let target = usize::from(TARGET[s]);
        self.for_each_step(s, c.empty, |from, to, role| {
            let promotes = role == Role::Man && to.index() == target;
            sink.push(|| Move::step(from, to, role, promotes));
            sink.is_full()
        });
    }

    /// Calls `f(from, to, role)` for every step of seat index `s` onto `empty` (the empty
    /// squares), in the generators' order, until it returns true.
    #[inline(always)]
    fn for_each_step(&self, s: usize, empty: u64, mut f: impl FnMut(Square, Square, Role) -> bool) {
        let own = self.pieces[s];
        let (a, b) = forward_pair(own & !self.kings, s);
        for (steps, delta) in [(a, FORWARD_DELTA[s][0]), (b, FORWARD_DELTA[s][1])] {
            for to in Bitboard(steps & empty) {
                let from = sq((to.index() as u32).wrapping_sub(delta));
                if f(from, to, Role::Man) {
                    return;
                }
            }
        }
        for from in Bitboard(own & self.kings) {
            for d in 0..4 {
                for to in Bitboard(slide(1 << from.index(), d, empty)) {
                    if f(from, to, Role::King) {
                        return;
                    }
                }
            }
        }
    }

    /// The capture sources of seat index `s` (capture is compulsory if it has any).
    #[inline(always)]
    fn capturers(&self, s: usize) -> Capturers {
        let own = self.pieces[s];
        let all = self.occupied();
        let empty = BOARD & !all;
        let capt = all & !own;
        let men = men_that_capture(own & !self.kings, capt, empty);
        let kings = kings_that_capture(own & self.kings, capt, empty);
        Capturers {
            men,
            kings,
            capt,
            empty,
        }
    }
}

/// The pieces of the seat to move that can capture, and what they may take and land on.
struct Capturers {
    /// Men with a first short jump.
    men: u64,
    /// Kings with a first flying jump.
    kings: u64,
    /// The pieces of every other seat.
    capt: u64,
    empty: u64,
}

impl Capturers {
    /// True if some piece can capture.
    #[inline(always)]
    fn any(&self) -> bool {
        self.men | self.kings != 0
    }

    /// Puts every capture sequence into `sink`; `target` is where the men are crowned.
    fn moves<S: MoveSink>(&self, sink: &mut S, target: u32) {
        let mut search = Search::new(self.empty, sink);
        for from in Bitboard(self.men) {
            if search.sink.is_full() {
                return;
            }
            let from = from.index() as u32;
            search.empty = self.empty | 1 << from;
            let lands = man_landings(from, self.capt, search.empty);
            search.man(from, from, self.capt, 0, lands, target);
        }
        self.kings(search.sink);
    }

    /// Puts the kings' capture sequences into `sink`: for each king, those that take the
    /// most pieces it can take (spec §2.4, N3 (a)).
    fn kings<S: MoveSink>(&self, sink: &mut S) {
        if self.kings == 0 {
            return;
        }
        let mut search = Search::new(self.empty, sink);
        for from in Bitboard(self.kings) {
            if search.sink.is_full() {
                return;
            }
            let from = from.index() as u32;
            search.empty = self.empty | 1 << from;
            let (best, _) = search.king(from, from, self.capt, 0, 0);
            search.king(from, from, self.capt, 0, best);
        }
    }
}

/// A position as perft's walk ([`Tree`]) plays it: all that a move changes while no seat
/// goes out.
#[derive(Copy, Clone)]
struct Board {
    /// Pieces of each seat, eliminated seats' inert pieces included.
    pieces: [u64; 4],
    /// Kings of all seats.
    kings: u64,
    /// The occupied squares.
    all: u64,
    /// The index of the seat to move.
    s: usize,
    /// Plies of king-only moves since the last capture, man move or elimination.
    no_progress: u16,
}

/// One perft run (paths) on bare [`Board`]s: no [`Move`] built, no position copied and no
/// hash kept, at every ply. The seats still playing are fixed for the run: a move that
/// puts a seat out, or a seat to move that is blocked, is handed to the full position
/// ([`Neva::apply_parts`], [`Neva::settle`]) and the tree below it walked by a new run.
struct Tree<'p> {
    /// The position the run started from, for the state a [`Board`] leaves out.
    base: &'p Neva,
    /// The seat index that moves after each seat index: the next seat still playing.
    next: [usize; 4],
    /// The seats still playing, as bits by index.
    playing: u8,
    /// The no-progress limit in plies (0: off).
    limit: u32,
}

impl Tree<'_> {
    /// Perft (paths) of `depth` from `pos`.
    fn perft(pos: &Neva, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some(seat) = pos.turn else {
            return 0;
        };
        let playing = pos.playing();
        let tree = Tree {
            base: pos,
            next: Seat::ALL.map(|s| playing.next_after(s).map_or(s.index(), Seat::index)),
            playing: playing.bits(),
            limit: pos.options.no_progress_plies(playing.len()),
        };
        let board = Board {
            pieces: pos.pieces,
            kings: pos.kings,
            all: pos.occupied(),
            s: seat.index(),
            no_progress: pos.no_progress,
        };
        tree.node(&board, depth)
    }

    /// The leaves `depth` (at least 1) plies below `b`, whose seat to move is still
    /// playing and whose no-progress counter is below the limit.
    fn node(&self, b: &Board, depth: u32) -> u64 {
        let s = b.s;
        let own = b.pieces[s];
        let all = b.all;
        if depth == 1 {
            return match count_moves(own, all, b.kings, s) {
                0 => self.blocked(b, 1),
                n => n,
            };
        }
        let empty = BOARD & !all;
        let capt = all & !own;
        let men = own & !b.kings;
        let kings = own & b.kings;
        let mut n = 0;
        let man_caps = men_that_capture(men, capt, empty);
        let king_caps = kings_that_capture(kings, capt, empty);
        if man_caps | king_caps != 0 {
            for from in Bitboard(man_caps) {
                let from = from.index() as u32;
                let jumps = Jumps {
                    tree: self,
                    b,
                    depth,
                    from,
                    empty: empty | 1 << from,
                };
                n += jumps.man(from, capt, 0, man_landings(from, capt, jumps.empty));
            }
            if king_caps != 0 {
                let mut sink = KingJumps {
                    tree: self,
                    b,
                    depth,
                    leaves: 0,
                };
                let c = Capturers {
                    men: 0,
                    kings: king_caps,
                    capt,
                    empty,
                };
                c.kings(&mut sink);
                n += sink.leaves;
            }
            return n;
        }
        let (a, c) = forward_pair(men, s);
        let mut moved = false;
        for (steps, delta) in [
            (a & empty, FORWARD_DELTA[s][0]),
            (c & empty, FORWARD_DELTA[s][1]),
        ] {
            moved |= steps != 0;
            for to in Bitboard(steps) {
                let to = to.index() as u32;
                n += self.child(b, depth, to.wrapping_sub(delta), to, 0, false);
            }
        }
        // A king's step brings the no-progress draw one ply nearer: at the limit its
        // child is drawn, with no moves (spec §2.7 (c)).
        let draws = self.limit > 0 && u32::from(b.no_progress.saturating_add(1)) >= self.limit;
        for from in Bitboard(kings) {
            let from = from.index() as u32;
            for d in 0..4 {
                let reach = slide(1 << from, d, empty);
                moved |= reach != 0;
                if draws {
                    continue;
                }
                for to in Bitboard(reach) {
                    n += self.child(b, depth, from, to.index() as u32, 0, true);
                }
            }
        }
        if !moved {
            return self.blocked(b, depth);
        }
        n
    }

    /// The leaves below the child of `b` (at `depth`, at least 2) after the move from
    /// square index `from` to `to` that takes `captured`, of a king or a man: the
    /// bitboard half of [`Neva::apply_parts`].
    #[inline(always)]
    fn child(&self, b: &Board, depth: u32, from: u32, to: u32, captured: u64, king: bool) -> u64 {
        let (fb, tb) = (1u64 << from, 1u64 << to);
        let s = b.s;
        let next = self.next[s];
        let mut kings = if king {
            (b.kings & !fb) | tb
        } else {
            b.kings | tb & 1 << TARGET[s]
        };
        kings &= !captured;
        // Clear then set, as `apply_parts`: a sequence may end where it started.
        let all = (b.all & !fb & !captured) | tb;
        if captured != 0 && self.puts_out(b, captured) {
            return self.replay(b, depth, from, to, captured);
        }
        if depth == 2 {
            // The child's moves are counted from the next seat's pieces alone.
            return match count_moves(b.pieces[next] & !captured, all, kings, next) {
                0 => self.replay(b, depth, from, to, captured),
                n => n,
            };
        }
        let mut c = Board {
            pieces: b.pieces.map(|p| p & !captured),
            kings,
            all,
            s: next,
            no_progress: if king && captured == 0 {
                b.no_progress.saturating_add(1)
            } else {
                0
            },
        };
        c.pieces[s] = (c.pieces[s] & !fb) | tb;
        self.node(&c, depth - 1)
    }

    /// True if taking `captured` in `b` leaves a seat still playing without pieces.
    #[inline(always)]
    fn puts_out(&self, b: &Board, captured: u64) -> bool {
        let mut gone = 0;
        for (i, p) in b.pieces.iter().enumerate() {
            gone |= u8::from(p & !captured == 0) << i;
        }
        gone & self.playing != 0
    }

    /// The full position of `b`, under the run's seats and options.
    fn position(&self, b: &Board) -> Neva {
        Neva {
            pieces: b.pieces,
            kings: b.kings,
            turn: Seat::from_index(b.s),
            no_progress: b.no_progress,
            ..*self.base
        }
    }

    /// [`Tree::child`] for a move that puts a seat out: played on the full position.
    #[cold]
    #[inline(never)]
    fn replay(&self, b: &Board, depth: u32, from: u32, to: u32, captured: u64) -> u64 {
        let mut pos = self.position(b);
        pos.apply_parts(from, to, captured);
        Tree::perft(&pos, depth - 1)
    }

    /// [`Tree::node`] for a seat to move that is blocked: the full position hands the turn
    /// on per [`Blocked`](super::Blocked), and may end the game.
    #[cold]
    #[inline(never)]
    fn blocked(&self, b: &Board, depth: u32) -> u64 {
        let mut pos = self.position(b);
        if let Some(seat) = Seat::from_index(b.s) {
            pos.settle(seat);
        }
        Tree::perft(&pos, depth)
    }
}

/// A man's capture sequences in a [`Tree`] node: [`Search::man`] on bitboards.
struct Jumps<'t, 'p> {
    tree: &'t Tree<'p>,
    b: &'t Board,
    depth: u32,
    /// The man's start square.
    from: u32,
    /// Where it may land: the empty squares and its start square.
    empty: u64,
}

impl Jumps<'_, '_> {
    /// The leaves below every complete sequence of the man now on `at` having taken
    /// `taken`, with `capt` the pieces it may still take and `lands` its next landings
    /// (not none). A landing with no way on ends its sequence there, without a call.
    fn man(&self, at: u32, capt: u64, taken: u64, lands: u64) -> u64 {
        let mut n = 0;
        for l in Bitboard(lands) {
            let l = l.index() as u32;
            let mid = 1u64 << ((at + l) / 2);
            let onward = man_landings(l, capt ^ mid, self.empty);
            n += if onward == 0 {
                self.tree
                    .child(self.b, self.depth, self.from, l, taken | mid, false)
            } else {
                self.man(l, capt ^ mid, taken | mid, onward)
            };
        }
        n
    }
}

/// Receives the kings' capture sequences of a [`Tree`] node from the capture search,
/// which keeps the per-king maximum rule in one place.
struct KingJumps<'t, 'p> {
    tree: &'t Tree<'p>,
    b: &'t Board,
    depth: u32,
    leaves: u64,
}

/// Kings' captures are rare enough in perft to be built as moves.
impl MoveSink for KingJumps<'_, '_> {
    fn push(&mut self, build: impl FnOnce() -> Move) {
        let mv = build();
        if let (Some(from), Some(to)) = (mv.origin(), mv.destination()) {
            let king = mv.role() == Role::King;
            let (from, to) = (from.index() as u32, to.index() as u32);
            self.leaves += self
                .tree
                .child(self.b, self.depth, from, to, mv.captured_set().0, king);
        }
    }

    fn clear(&mut self) {
        self.leaves = 0;
    }
}

/// Perft plays without the hash upkeep, and counts paths on its own bitboards ([`Tree`]).
impl Ops<Neva> for Fast {
    #[inline(always)]
    fn play_counted(pos: &mut Neva, mv: &Move) {
        pos.apply(mv);
    }

    fn perft(pos: &Neva, depth: u32, counting: Counting) -> u64 {
        match counting {
            Counting::Paths => Tree::perft(pos, depth),
            Counting::Dedup => walk::<Self, Neva>(pos, depth, counting),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::position::Departure;
    use crate::{GameOptions, MoveList, NevaOptions, Position};

    /// Positions along pseudo-random games under `pairs`, with a seat departing now and
    /// then: kings, long capture sequences, eliminations, blocked seats, the no-progress
    /// limit and finished games all come up.
    fn positions(pairs: &[(&str, &str)], games: u64) -> Vec<Neva> {
        let start = Neva::new(NevaOptions::from_pairs(pairs.iter().copied()).unwrap()).unwrap();
        let mut out = Vec::new();
        for game in 0..games {
            let mut rng = 0x9e37_79b9_7f4a_7c15 ^ game.wrapping_mul(0x2545_f491_4f6c_dd1d);
            let mut pos = start;
            for ply in 0..160 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                out.push(pos);
                if ply == 40 + game % 50 && game % 3 == 0 {
                    if let Some(seat) = pos.turn() {
                        let _ = pos.depart(seat.next(), Departure::Resign);
                        continue;
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(&moves[(rng >> 8) as usize % moves.len()]);
            }
        }
        out
    }

    /// The trail table counts what the capture search lists, on random boards: every
    /// square, with pieces to take and empty squares drawn at random around it.
    #[test]
    fn trail_counts_agree_with_the_capture_search() {
        let mut rng = 0x853c_49e6_748f_ea9b_u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut sequences = MoveList::new();
        let mut checked = 0;
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            let capt = a & b & BOARD;
            let empty = !capt & (a | b | next()) & BOARD;
            for at in Bitboard(BOARD & !capt) {
                let at = at.index() as u32;
                let empty = empty | 1 << at;
                if man_landings(at, capt, empty) == 0 {
                    continue;
                }
                sequences.clear();
                let mut search = Search::new(empty, &mut sequences);
                search.man(at, at, capt, 0, man_landings(at, capt, empty), 64);
                assert_eq!(
                    count_man(at, capt, empty),
                    sequences.len() as u64,
                    "{at} {capt:x} {empty:x}"
                );
                checked += 1;
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Perft's two plies on the bitboards ([`Tree`]) and the bulk count
    /// ([`count_moves`]) agree with listing every move and playing it, under every seat
    /// layout and policy.
    #[test]
    fn bulk_counts_agree_with_the_move_lists() {
        let mut checked = 0;
        for pairs in super::super::TEST_LAYOUTS {
            for pos in positions(pairs, 24) {
                let list = pos.legal_moves();
                assert_eq!(pos.count_legal(), list.len() as u64, "{pos:?}");
                let two: u64 = list
                    .iter()
                    .map(|mv| {
                        let mut child = pos;
                        child.play_unchecked(mv);
                        child.legal_moves().len() as u64
                    })
                    .sum();
                let fast = Tree::perft(&pos, 2);
                assert_eq!(fast, two, "{pairs:?} {pos:?}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
