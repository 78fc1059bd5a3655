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

use std::collections::HashSet;

use crate::{Move, MoveList, Position};

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
    let mut stack: Vec<MoveList> = (0..depth).map(|_| MoveList::with_capacity(64)).collect();
    recurse(pos, depth, counting, &mut stack)
}

fn dedup(moves: &mut MoveList) {
    if moves.iter().any(Move::is_capture) {
        let mut seen = HashSet::new();
        moves.retain(|m| seen.insert(m.dedup_key()));
    }
}

fn recurse<P: Position>(pos: &P, depth: u32, counting: Counting, stack: &mut [MoveList]) -> u64 {
    if depth == 1 && counting == Counting::Paths {
        return pos.count_legal();
    }
    let Some((moves, rest)) = stack.split_first_mut() else {
        return 1;
    };
    pos.legal_moves_into(moves);
    if counting == Counting::Dedup {
        dedup(moves);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += recurse(&child, depth - 1, counting, rest);
    }
    nodes
}

/// Perft split by first move: each legal move with the node count below it.
pub fn divide<P: Position>(pos: &P, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    let mut moves = pos.legal_moves();
    if counting == Counting::Dedup {
        dedup(&mut moves);
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
