//! Orthogonal geometry of the full 8×8 board (spec §4.1): neighbours, rays and the
//! bitboard fills used to count steps without building them.

/// Direction indices. `d ^ 1` is the opposite direction.
pub(super) const NORTH: usize = 0;
pub(super) const SOUTH: usize = 1;
pub(super) const EAST: usize = 2;
pub(super) const WEST: usize = 3;

/// Marker for "off the board" in [`STEP`].
pub(super) const OFF: u8 = 64;

const DF: [i8; 4] = [0, 0, 1, -1];
const DR: [i8; 4] = [1, -1, 0, 0];

pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(super) const FILE_H: u64 = FILE_A << 7;
pub(super) const RANK_1: u64 = 0xff;
pub(super) const RANK_8: u64 = 0xff << 56;

/// `STEP[d][s]`: the square next to `s` in direction `d`, or [`OFF`].
pub(super) const STEP: [[u8; 64]; 4] = {
    let mut t = [[OFF; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 64 {
            let f = (s % 8) as i8 + DF[d];
            let r = (s / 8) as i8 + DR[d];
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[d][s] = (r * 8 + f) as u8;
            }
            s += 1;
        }
        d += 1;
    }
    t
};

/// `RAY[d][s]`: every square beyond `s` in direction `d` (excluding `s`).
pub(super) const RAY: [[u64; 64]; 4] = {
    let mut t = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 64 {
            let mut bb = 0u64;
            let mut x = STEP[d][s];
            while x != OFF {
                bb |= 1u64 << x;
                x = STEP[d][x as usize];
            }
            t[d][s] = bb;
            s += 1;
        }
        d += 1;
    }
    t
};

/// The square of `bb` nearest to the ray's origin in direction `d` (`bb` non-empty and
/// part of one ray).
#[inline(always)]
pub(super) fn nearest(d: usize, bb: u64) -> usize {
    debug_assert!(bb != 0);
    if d == NORTH || d == EAST {
        bb.trailing_zeros() as usize
    } else {
        63 - bb.leading_zeros() as usize
    }
}

/// One square in direction `d` for every square of `bb`, dropping those that leave the board.
#[inline(always)]
pub(super) fn shift(d: usize, bb: u64) -> u64 {
    match d {
        NORTH => bb << 8,
        SOUTH => bb >> 8,
        EAST => (bb & !FILE_H) << 1,
        _ => (bb & !FILE_A) >> 1,
    }
}

/// Occluded fill (Kogge-Stone): `gen` spread in direction `d` through the squares of `pro`.
#[inline(always)]
pub(super) fn fill(d: usize, mut gen: u64, pro: u64) -> u64 {
    match d {
        NORTH => {
            let mut pro = pro;
            gen |= pro & (gen << 8);
            pro &= pro << 8;
            gen |= pro & (gen << 16);
            pro &= pro << 16;
            gen |= pro & (gen << 32);
            gen
        }
        SOUTH => {
            let mut pro = pro;
            gen |= pro & (gen >> 8);
            pro &= pro >> 8;
            gen |= pro & (gen >> 16);
            pro &= pro >> 16;
            gen |= pro & (gen >> 32);
            gen
        }
        EAST => {
            let mut pro = pro & !FILE_A;
            gen |= pro & (gen << 1);
            pro &= pro << 1;
            gen |= pro & (gen << 2);
            pro &= pro << 2;
            gen |= pro & (gen << 4);
            gen
        }
        _ => {
            let mut pro = pro & !FILE_H;
            gen |= pro & (gen >> 1);
            pro &= pro >> 1;
            gen |= pro & (gen >> 2);
            pro &= pro >> 2;
            gen |= pro & (gen >> 4);
            gen
        }
    }
}

/// Squares a rook-moving piece of `sliders` reaches in direction `d` over `empty` squares.
/// Rays of different sliders in one direction never overlap (each stops before the next
/// piece), so the popcount is the number of such moves.
#[inline(always)]
pub(super) fn slides(d: usize, sliders: u64, empty: u64) -> u64 {
    shift(d, fill(d, sliders, empty)) & empty
}
