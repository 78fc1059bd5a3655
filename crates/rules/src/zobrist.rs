//! Zobrist hashing shared by the four games.
//!
//! A position's hash is the XOR of one fixed random key per (piece plane, square) occupied,
//! XORed with a mix of the game's small state (seat to move, reserves, hot piece, ...)
//! packed into one word. `play_unchecked` keeps it up to date by XORing the keys of the
//! squares whose pieces changed and swapping the old state mix for the new one, so the
//! cost follows what a move changes, not the board. Keys are constants, so a hash means the
//! same thing in every process (stored games, tests, bots).

use crate::position::{DepartError, Departure};
#[cfg(doc)]
use crate::Position;
use crate::{Move, Seat};

/// Piece planes a game may use: four seats times man and king.
pub(crate) const PLANES: usize = 8;

/// Piece bitboards by plane, as a game lays them out (unused planes stay 0).
pub(crate) type Planes = [u64; PLANES];

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

/// What a game exposes so its hash can be computed and kept up to date by [`play`] and
/// [`depart`], which its [`Position`] methods of the same names call.
pub(crate) trait Hashed {
    /// The pieces by plane; each (piece kind, square) must be in exactly one plane.
    fn planes(&self) -> Planes;
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

/// The mix of a packed state word (its own constant keeps it apart from piece keys).
#[inline]
fn state_key(state: u64) -> u64 {
    mix(state ^ 0x5354_4154_4553_4545)
}

/// The hash of `pos` computed from scratch.
pub(crate) fn full<P: Hashed>(pos: &P) -> u64 {
    let planes = pos.planes();
    let mut h = state_key(pos.state());
    for (p, &bits) in planes.iter().enumerate() {
        h ^= plane_keys(p, bits);
    }
    h
}

/// What a position's hash changes by when it goes from (`planes`, `state`) to `after`.
#[inline]
pub(crate) fn delta<P: Hashed>(planes: &Planes, state: u64, after: &P) -> u64 {
    let now = after.planes();
    let mut h = state_key(state) ^ state_key(after.state());
    for p in 0..PLANES {
        h ^= plane_keys(p, planes[p] ^ now[p]);
    }
    h
}

/// Runs `change` on `pos` and updates its stored hash by what `change` did, whatever
/// it touched.
#[inline(always)]
fn track<P: Hashed, R>(pos: &mut P, change: impl FnOnce(&mut P) -> R) -> R {
    let (planes, state) = (pos.planes(), pos.state());
    let r = change(pos);
    let d = delta(&planes, state, pos);
    *pos.hash_mut() ^= d;
    r
}

/// [`Position::play_unchecked`] for every game: [`Hashed::apply`], then the hash update.
#[inline(always)]
pub(crate) fn play<P: Hashed>(pos: &mut P, mv: &Move) {
    track(pos, |p| p.apply(mv));
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
