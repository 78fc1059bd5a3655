//! Move generation for Neva: men's steps and short jumps, kings' flying steps and jumps
//! on the lattice (spec §2.2-§2.4), found with shifts of the seat's bitboards.

use super::{sq, Neva, BOARD, TARGET};
use crate::{Bitboard, Move, MoveSink, Role, Seat, Square, MAX_PATH};

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

/// forward directions (spec §2.1), spelt out so the hot paths avoid a table lookup.
#[inline(always)]
fn forward_pair(men: u64, s: usize) -> (u64, u64) {
    let (a, b) = match s {
        0 => (men << 1, men >> 8),
        1 => (men >> 1, men >> 8),
        2 => (men >> 1, men << 8),
        _ => (men << 1, men << 8),
    };
    (a & BOARD, b & BOARD)
}

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
    /// after `depth` jumps; `capt` holds the pieces it may still jump (not yet dead).
    /// Men are free to choose any complete sequence (spec §2.3, N8).
    fn man(&mut self, origin: u32, at: u32, capt: u64, depth: usize, target: u32) {
        let lands = man_landings(at, capt, self.empty);
        if lands == 0 {
            if depth > 0 {
                self.sink.push_capture(
                    sq(origin),
                    &self.path[..depth],
                    &self.caps[..depth],
                    Role::Man,
                    at == target,
                );
            }
            return;
        }
        for l in Bitboard(lands) {
            let l = l.index() as u32;
            let mid = (at + l) / 2;
            self.path[depth] = sq(l);
            self.caps[depth] = sq(mid);
            self.man(origin, l, capt ^ 1 << mid, depth + 1, target);
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

impl Neva {
    /// True if `seat` has a legal move (a step, or else a capture).
    #[inline]
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
    /// compulsory, spec §2.3), else the steps. A counting sink gets the steps by popcount.
    pub(super) fn generate_for<S: MoveSink>(&self, seat: Seat, sink: &mut S) {
        let s = seat.index();
        let own = self.pieces[s];
        let all = self.occupied();
        let empty = BOARD & !all;
        let capt = all & !own;
        let men = own & !self.kings;
        let kings = own & self.kings;
        let capturing_men = men_that_capture(men, capt, empty);
        let capturing_kings = kings_that_capture(kings, capt, empty);
        if capturing_men | capturing_kings != 0 {
            let target = u32::from(TARGET[s]);
            let mut search = Search::new(empty, sink);
            for from in Bitboard(capturing_men) {
                if search.sink.is_full() {
                    return;
                }
                let from = from.index() as u32;
                search.empty = empty | 1 << from;
                search.man(from, from, capt, 0, target);
            }
            for from in Bitboard(capturing_kings) {
                if search.sink.is_full() {
                    return;
                }
                let from = from.index() as u32;
                search.empty = empty | 1 << from;
                let (best, n) = search.king(from, from, capt, 0, 0);
                match search.sink.counter() {
                    Some(count) => *count += n,
                    None => {
                        search.king(from, from, capt, 0, best);
                    }
                }
            }
            return;
        }
        let target = u32::from(TARGET[s]);
        let (a, b) = forward_pair(men, s);
        for (steps, delta) in [(a, FORWARD_DELTA[s][0]), (b, FORWARD_DELTA[s][1])] {
            let tos = steps & empty;
            if let Some(count) = sink.counter() {
                *count += u64::from(tos.count_ones());
                continue;
            }
            for to in Bitboard(tos) {
                let from = (to.index() as u32).wrapping_sub(delta);
                sink.push(|| Move::step(sq(from), to, Role::Man, to.index() as u32 == target));
                if sink.is_full() {
                    return;
                }
            }
        }
        for from in Bitboard(kings) {
            let kb = 1u64 << from.index();
            for d in 0..4 {
                let tos = slide(kb, d, empty);
                if sink.push_steps(from, Bitboard(tos), Role::King) {
                    return;
                }
            }
        }
    }
}
