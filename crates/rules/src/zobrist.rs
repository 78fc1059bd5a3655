//! Zobrist hashing shared by the four games.
//!
//! A position's hash is the XOR of one fixed random key per (piece plane, square) occupied,
//! XORed with a mix of the game's small state (seat to move, reserves, hot piece, ...)
//! packed into one word. Each game's `play_unchecked` keeps it up to date from the move
//! itself: the keys of the squares the move names (origin, destination, captures, drop)
//! and of the state bytes that changed, so the cost follows what a move changes, not the
//! board; [`full`] is the reference it must agree with (property test below). Perft plays
//! the last ply with [`Hashed::apply`] alone, as leaves are counted, never hashed. Keys are
//! constants, so a hash means the same thing in every process (stored games, tests, bots).

use crate::position::{DepartError, Departure};
#[cfg(doc)]
use crate::Position;
use crate::{Move, Seat};

/// Piece planes a game may use: four seats times man and king.
pub(crate) const PLANES: usize = 8;

/// The pieces as a game keeps them: each seat's pieces (unused seats 0) and all kings.
/// Seat `i`'s men are plane `2i`, its kings plane `2i + 1`.
pub(crate) type Pieces = ([u64; 4], u64);

/// splitmix64's output function: a fixed bijection that spreads every input bit.
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One key per plane and square, from a fixed seed.
static KEYS: [[u64; 64]; PLANES] = {
    let mut keys = [[0; 64]; PLANES];
    let mut p = 0;
    while p < PLANES {
        let mut sq = 0;
        while sq < 64 {
            keys[p][sq] = mix(0x4348_4543_4b45_5248 ^ ((p as u64) << 8 | sq as u64));
            sq += 1;
        }
        p += 1;
    }
    keys
};

/// One key per byte position and value of a packed state word: the state's key is the XOR
/// over its bytes, so a move that changes one field costs one or two lookups.
static STATE_KEYS: [[u64; 256]; 8] = {
    let mut keys = [[0; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut v = 0;
        while v < 256 {
            // Byte value 0 keys to 0, so an all-zero state adds nothing; other keys random.
            keys[i][v] = if v == 0 {
                0
            } else {
                mix(0x5354_4154_4553_4545 ^ ((i as u64) << 8 | v as u64))
            };
            v += 1;
        }
        i += 1;
    }
    keys
};

/// What a game exposes so its hash can be computed from scratch ([`full`]) and kept up to
/// date by [`depart`], which its [`Position::depart`] calls.
pub(crate) trait Hashed {
    /// The pieces by seat (0 to 3, or colour 0 and 1) and the kings.
    fn pieces(&self) -> Pieces;
    /// Every other piece of state that changes the legal moves, packed injectively.
    fn state(&self) -> u64;
    /// The stored hash.
    fn hash_mut(&mut self) -> &mut u64;
    /// [`Position::play_unchecked`] without the hash.
    fn apply(&mut self, mv: &Move);
    /// [`Position::depart`] without the hash.
    ///
    /// # Errors
    /// As [`Position::depart`].
    fn leave(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError>;
}

/// XOR of the keys of the bits set in `bits` on plane `p`.
#[inline]
fn plane_keys(p: usize, mut bits: u64) -> u64 {
    let mut h = 0;
    while bits != 0 {
        h ^= KEYS[p][bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    h
}

/// The key of a packed state word.
#[inline(always)]
fn state_key(state: u64) -> u64 {
    let mut h = 0;
    for (i, keys) in STATE_KEYS.iter().enumerate() {
        h ^= keys[(state >> (8 * i)) as usize & 0xff];
    }
    h
}

/// What the hash changes by when the state word goes from `before` to `after`: only the
/// bytes that differ are looked up.
#[inline(always)]
pub(crate) fn state_delta(before: u64, after: u64) -> u64 {
    let mut diff = before ^ after;
    let mut h = 0;
    while diff != 0 {
        let i = diff.trailing_zeros() as usize / 8;
        h ^= STATE_KEYS[i][(before >> (8 * i)) as usize & 0xff]
            ^ STATE_KEYS[i][(after >> (8 * i)) as usize & 0xff];
        diff &= !(0xff << (8 * i));
    }
    h
}

/// The key of value `v` in byte `i` of a packed state word: a move that changes one byte
/// of the state changes the hash by `state_byte(i, old) ^ state_byte(i, new)`.
#[inline(always)]
pub(crate) fn state_byte(i: usize, v: u64) -> u64 {
    STATE_KEYS[i % 8][v as usize & 0xff]
}

/// What the hash changes by when the side to move flips between colour 0 and 1 in byte 0
/// of the state (the two-seat games): one fixed key, as byte value 0 keys to 0.
#[inline(always)]
pub(crate) fn side_flip() -> u64 {
    STATE_KEYS[0][1]
}

/// The key of a piece on plane `p` (seat `i`'s men `2i`, kings `2i + 1`) at square `sq`.
#[inline(always)]
pub(crate) fn piece(p: usize, sq: usize) -> u64 {
    KEYS[p % PLANES][sq % 64]
}

/// The key of what stands on `sq` (a bit) in `pieces`; 0 for an empty square.
#[inline(always)]
fn square_key((seats, kings): &Pieces, sq: usize) -> u64 {
    let bit = 1u64 << sq;
    let king = usize::from(kings & bit != 0);
    let mut h = 0;
    for (i, &own) in seats.iter().enumerate() {
        if own & bit != 0 {
            h ^= KEYS[2 * i + king][sq];
        }
    }
    h
}

/// The hash of `pos` computed from scratch.
pub(crate) fn full<P: Hashed>(pos: &P) -> u64 {
    let (seats, kings) = pos.pieces();
    let mut h = state_key(pos.state());
    for (i, &own) in seats.iter().enumerate() {
        h ^= plane_keys(2 * i, own & !kings) ^ plane_keys(2 * i + 1, own & kings);
    }
    h
}

/// What a position's hash changes by when it goes from (`before`, `state`) to `after`:
/// only the squares whose contents changed, and the state bytes that changed, are looked
/// up.
#[inline(always)]
fn delta<P: Hashed>(before: &Pieces, state: u64, after: &P) -> u64 {
    let now = after.pieces();
    let mut h = state_delta(state, after.state());
    let mut changed = before.1 ^ now.1;
    for i in 0..4 {
        changed |= before.0[i] ^ now.0[i];
    }
    while changed != 0 {
        let sq = changed.trailing_zeros() as usize;
        h ^= square_key(before, sq) ^ square_key(&now, sq);
        changed &= changed - 1;
    }
    h
}

/// Runs `change` on `pos` and updates its stored hash by what `change` did, whatever
/// it touched.
#[inline(always)]
fn track<P: Hashed, R>(pos: &mut P, change: impl FnOnce(&mut P) -> R) -> R {
    let (before, state) = (pos.pieces(), pos.state());
    let r = change(pos);
    let d = delta(&before, state, pos);
    *pos.hash_mut() ^= d;
    r
}

/// [`Position::depart`] for every game: [`Hashed::leave`], then the hash update.
///
/// # Errors
/// As [`Position::depart`].
pub(crate) fn depart<P: Hashed>(
    pos: &mut P,
    seat: Seat,
    how: Departure,
) -> Result<(), DepartError> {
    track(pos, |p| p.leave(seat, how))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::{
        Departure, GameOptions, GiveAndTake, GiveAndTakeOptions, MoveList, Neva, NevaOptions,
        Position, Queah, QueahOptions, Seat, Stockholm, StockholmOptions,
    };

    #[test]
    fn state_delta_is_the_change_of_state_key() {
        for (a, b) in [
            (0, 1),
            (1, 0),
            (0x1234, 0x1334),
            (u64::MAX, 7),
            (1 << 45, 1 << 44),
        ] {
            assert_eq!(state_delta(a, b), state_key(a) ^ state_key(b));
        }
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), PLANES * 64);
    }

    /// Random games (moves and, now and then, a departure): after every change the stored
    /// hash equals the one computed from scratch, finished games included.
    fn playouts<P: Position + Hashed>(start: &P, games: u64) {
        let mut moves = MoveList::new();
        let mut plies = 0;
        for game in 0..games {
            let mut rng = 0x9e37_79b9_7f4a_7c15 ^ game.wrapping_mul(0x2545_f491_4f6c_dd1d);
            let mut next = || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            };
            let mut pos = start.clone();
            assert_eq!(pos.hash(), full(&pos));
            for _ in 0..200 {
                pos.legal_moves_into(&mut moves);
                let r = next();
                if moves.is_empty() || r % 61 == 0 {
                    let seats: Vec<Seat> = pos.seats().iter().collect();
                    let seat = seats[(r >> 8) as usize % seats.len()];
                    let _ = pos.depart(seat, Departure::Leave);
                    assert_eq!(pos.hash(), full(&pos), "{pos:?} after a departure");
                    if moves.is_empty() {
                        break;
                    }
                    continue;
                }
                let mv = moves[(r >> 8) as usize % moves.len()];
                pos.play_unchecked(&mv);
                plies += 1;
                assert_eq!(pos.hash(), full(&pos), "{pos:?} after {mv:?}");
            }
        }
        // The games are long enough to reach kings, drops and eliminations.
        assert!(plies > games * 20, "{plies} plies in {games} games");
    }

    #[test]
    fn incremental_hash_matches_scratch_in_every_game() {
        for pairs in [
            vec![],
            vec![("seats", "2")],
            vec![("seats", "3"), ("departed", "inert")],
            vec![("teams", "true"), ("blocked", "pass")],
        ] {
            playouts(
                &Neva::new(NevaOptions::from_pairs(pairs).unwrap()).unwrap(),
                40,
            );
        }
        for timing in [
            "drop_then_move",
            "move_then_drop",
            "drop_instead_of_move",
            "deferred_drop",
        ] {
            let o = QueahOptions::from_pairs([("drop_timing", timing)]).unwrap();
            playouts(&Queah::new(o).unwrap(), 40);
        }
        for pairs in [
            vec![],
            vec![("removal", "end_of_move"), ("lone_man", "only_man")],
            vec![("hot_trigger", "anywhere"), ("king_landing", "free")],
        ] {
            let o = GiveAndTakeOptions::from_pairs(pairs).unwrap();
            playouts(&GiveAndTake::new(o).unwrap(), 40);
        }
        for o in [StockholmOptions::default(), StockholmOptions::brazilian()] {
            playouts(&Stockholm::new(o).unwrap(), 40);
        }
    }
}
