//! Perft: node counts of the legal-move tree, the standard check of a move generator.
//!
//! Two conventions (spec Appendix A): **paths** counts every distinct capture path;
//! **dedup** counts captures with the same origin, destination and captured set once.
//! A Neva seat that is blocked and eliminated is not a ply (spec §8.1): the next seat
//! moves in the same node.
//!
//! ```
//! use rules::{perft, Position, Stockholm, StockholmOptions};
//! let pos = Stockholm::new(StockholmOptions::default()).unwrap();
//! assert_eq!(perft::perft(&pos, 1), 7);
//! assert_eq!(perft::perft(&pos, 3), 302);
//! ```

use std::any::Any;

use crate::zobrist::Hashed;
use crate::{GiveAndTake, Move, MoveList, Neva, Position, Queah, Stockholm};

/// Which perft convention to count with.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Counting {
    /// Every distinct capture path is a node.
    Paths,
    /// Captures with the same origin, destination and captured set are one node.
    Dedup,
}

/// Perft with the paths convention, bulk-counting the last ply.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    count(pos, depth, Counting::Paths)
}

/// Perft with the given convention.
pub fn count<P: Position>(pos: &P, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    // The positions one ply above the leaves are only counted from, so their hash is never
    // read: the four games play them without the hash upkeep (`Hashed::apply`). `Hashed`
    // is the crate's own, so the games are recognised by type; any other position plays
    // as usual.
    let any: &dyn Any = pos;
    if let Some(p) = any.downcast_ref::<Stockholm>() {
        return Walk::new(depth, counting, <Stockholm as Hashed>::apply).run(p, depth);
    }
    if let Some(p) = any.downcast_ref::<GiveAndTake>() {
        return Walk::new(depth, counting, <GiveAndTake as Hashed>::apply).run(p, depth);
    }
    if let Some(p) = any.downcast_ref::<Neva>() {
        return Walk::new(depth, counting, <Neva as Hashed>::apply).run(p, depth);
    }
    if let Some(p) = any.downcast_ref::<Queah>() {
        return Walk::new(depth, counting, <Queah as Hashed>::apply).run(p, depth);
    }
    Walk::new(depth, counting, P::play_unchecked).run(pos, depth)
}

/// The move lists of one perft run (one per ply, reused, so the walk does not allocate
/// once they have grown), the dedup key set, and how the last ply is played.
struct Walk<F> {
    counting: Counting,
    stack: Vec<MoveList>,
    seen: KeySet,
    play_last: F,
}

impl<F> Walk<F> {
    fn new(depth: u32, counting: Counting, play_last: F) -> Walk<F> {
        Walk {
            counting,
            stack: (0..depth).map(|_| MoveList::with_capacity(64)).collect(),
            seen: KeySet::default(),
            play_last,
        }
    }

    fn run<P: Position>(&mut self, pos: &P, depth: u32) -> u64
    where
        F: Fn(&mut P, &Move) + Copy,
    {
        let mut stack = std::mem::take(&mut self.stack);
        let n = self.recurse(pos, depth, &mut stack);
        self.stack = stack;
        n
    }

    fn recurse<P: Position>(&mut self, pos: &P, depth: u32, stack: &mut [MoveList]) -> u64
    where
        F: Fn(&mut P, &Move) + Copy,
    {
        let Some((moves, rest)) = stack.split_first_mut() else {
            return 1;
        };
        if depth == 1 {
            return self.leaves(pos, moves);
        }
        pos.legal_moves_into(moves);
        if self.counting == Counting::Dedup {
            self.seen.dedup(moves);
        }
        let mut nodes = 0;
        if depth == 2 {
            let Some((leaf, _)) = rest.split_first_mut() else {
                return moves.len() as u64;
            };
            for mv in moves.iter() {
                let mut child = pos.clone();
                (self.play_last)(&mut child, mv);
                nodes += self.leaves(&child, leaf);
            }
            return nodes;
        }
        for mv in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            nodes += self.recurse(&child, depth - 1, rest);
        }
        nodes
    }

    /// The number of legal moves of `pos` under the convention, using `moves` as scratch.
    #[inline(always)]
    fn leaves<P: Position>(&mut self, pos: &P, moves: &mut MoveList) -> u64 {
        if self.counting == Counting::Paths {
            return pos.count_legal();
        }
        // Without a capture every move has its own key: the bulk count is the answer.
        pos.captures_into(moves);
        if moves.is_empty() {
            return pos.count_legal();
        }
        let captures = moves.len() as u64;
        if pos.count_legal() != captures {
            // Capture is optional here: the other moves take part in the dedup too.
            pos.legal_moves_into(moves);
        }
        self.seen.distinct(moves)
    }
}

/// The dedup key of a move, packed: the captured set, and the origin, destination and
/// drop (7 bits each, 127 for none).
#[inline(always)]
fn key(mv: &Move) -> (u64, u32) {
    let ((o, d, caps, drop), none) = (mv.dedup_key(), 127u32);
    let sq = |s: Option<crate::Square>| s.map_or(none, |s| s.index() as u32);
    (caps.0, sq(o) | sq(d) << 7 | sq(drop) << 14)
}

/// A set of dedup keys cleared in O(1) by a generation stamp: open addressing in a table
/// kept between nodes, so deduplicating allocates nothing once the table has grown.
#[derive(Default)]
struct KeySet {
    slots: Vec<((u64, u32), u32)>,
    stamp: u32,
}

impl KeySet {
    /// Empties the set and makes room for `n` keys.
    fn reset(&mut self, n: usize) {
        let want = (4 * n).next_power_of_two().max(64);
        if self.slots.len() < want {
            self.slots = vec![((0, 0), 0); want];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(((0, 0), 0));
            self.stamp = 1;
        }
    }

    /// Adds `key`; true if it was not in the set.
    #[inline]
    fn insert(&mut self, key: (u64, u32)) -> bool {
        let mask = self.slots.len() - 1;
        let h = (key.0 ^ u64::from(key.1).rotate_left(40)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut i = (h >> 40) as usize & mask;
        loop {
            let (k, stamp) = self.slots[i];
            if stamp != self.stamp {
                self.slots[i] = (key, self.stamp);
                return true;
            }
            if k == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// The number of distinct keys among `moves`.
    fn distinct(&mut self, moves: &[Move]) -> u64 {
        self.reset(moves.len());
        moves.iter().filter(|m| self.insert(key(m))).count() as u64
    }

    /// Keeps the first move of each key, if any move captures (spec Appendix A).
    fn dedup(&mut self, moves: &mut MoveList) {
        if moves.iter().any(Move::is_capture) {
            self.reset(moves.len());
            moves.retain(|m| self.insert(key(m)));
        }
    }
}

/// Perft split by first move: each legal move with the node count below it.
pub fn divide<P: Position>(pos: &P, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    let mut moves = pos.legal_moves();
    if counting == Counting::Dedup {
        KeySet::default().dedup(&mut moves);
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(&mv);
            let n = if depth <= 1 {
                1
            } else {
                count(&child, depth - 1, counting)
            };
            (mv, n)
        })
        .collect()
}
