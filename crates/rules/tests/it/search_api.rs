//! The search API the bots build on: the Zobrist hash ([`Position::hash`]) is the same for
//! the same position however it was reached and equals the hash computed from scratch, and
//! [`Position::captures_into`] gives exactly the capturing legal moves. Checked in all four
//! games, on every position a few plies from the start and along random games.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;

use proptest::prelude::*;
use rules::{
    GameOptions, GiveAndTake, GiveAndTakeOptions, Move, MoveList, Neva, NevaOptions, Position,
    Problems, Queah, QueahOptions, Stockholm, StockholmOptions,
};

/// The position without its counters, which the hash leaves out on purpose.
fn identity<P: Position>(pos: &P) -> String {
    let mut setup = pos.to_setup();
    setup.no_progress = 0;
    setup.to_string()
}

/// Checks one position: its hash against a rebuilt copy, and its captures.
fn check<P: Position>(pos: &P, moves: &mut MoveList, captures: &mut MoveList) {
    pos.legal_moves_into(moves);
    pos.captures_into(captures);
    let expected: Vec<Move> = moves.iter().filter(|m| m.is_capture()).copied().collect();
    assert_eq!(captures.len(), expected.len(), "{pos:?}");
    assert!(expected.iter().all(|m| captures.contains(m)), "{pos:?}");
    if pos.turn().is_some() {
        // A finished game's string drops who would move, so only live positions rebuild.
        let rebuilt = P::from_setup(&pos.to_setup(), pos.options().clone(), Problems::WAIVABLE)
            .unwrap_or_else(|e| panic!("{pos:?}: {e}"));
        assert_eq!(rebuilt.hash(), pos.hash(), "{pos:?}");
        assert_eq!(pos.repetition_key(), pos.hash());
    }
}

/// Every position within `depth` plies of `start`: equal positions reached by different
/// move orders have one hash, and such transpositions do occur (so the test means
/// something). Returns how many distinct positions were seen.
fn transpositions<P: Position>(start: &P, depth: u32) -> usize {
    let mut hashes: HashMap<String, u64> = HashMap::new();
    let mut reached_twice = 0;
    let mut layer = vec![start.clone()];
    let (mut moves, mut captures) = (MoveList::new(), MoveList::new());
    for _ in 0..=depth {
        let mut next = Vec::new();
        for pos in &layer {
            check(pos, &mut moves, &mut captures);
            if let Some(h) = hashes.insert(identity(pos), pos.hash()) {
                assert_eq!(h, pos.hash(), "{pos:?} reached twice, two hashes");
                reached_twice += 1;
                continue;
            }
            for mv in moves.iter() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                next.push(child);
            }
        }
        layer = next;
    }
    assert!(reached_twice > 0, "no transposition within {depth} plies");
    // Distinct positions get distinct hashes (no collision among these few thousand).
    let mut distinct: Vec<u64> = hashes.values().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), hashes.len());
    hashes.len()
}

#[test]
fn equal_positions_have_equal_hashes_in_every_game() {
    assert!(transpositions(&Stockholm::new(StockholmOptions::default()).unwrap(), 5) > 1000);
    assert!(transpositions(&Stockholm::brazilian(), 5) > 1000);
    let neva = Neva::new(NevaOptions::default()).unwrap();
    assert!(transpositions(&neva, 5) > 1000);
    let two = Neva::new(NevaOptions::from_pairs([("seats", "2")]).unwrap()).unwrap();
    assert!(transpositions(&two, 5) > 300);
    assert!(transpositions(&GiveAndTake::new(GiveAndTakeOptions::default()).unwrap(), 4) > 1000);
    for timing in ["drop_then_move", "deferred_drop"] {
        let o = QueahOptions::from_pairs([("drop_timing", timing)]).unwrap();
        assert!(transpositions(&Queah::new(o).unwrap(), 6) > 100);
    }
}

#[test]
fn the_hash_tells_positions_apart() {
    // The same pieces with the other side to move.
    let a = Stockholm::from_position_string("W:Wc3:Bf6", StockholmOptions::default()).unwrap();
    let b = Stockholm::from_position_string("B:Wc3:Bf6", StockholmOptions::default()).unwrap();
    assert_ne!(a.hash(), b.hash());
    // The same board with and without a hot piece.
    let o = GiveAndTakeOptions::default();
    let hot = GiveAndTake::from_position_string("W:WKa1,Kc3:BKh8,Kf6:hot=f6", o).unwrap();
    let cold = GiveAndTake::from_position_string("W:WKa1,Kc3:BKh8,Kf6", o).unwrap();
    assert_ne!(hot.hash(), cold.hash());
    // The same board with and without a banned step back.
    let o = QueahOptions::default();
    let banned = Queah::from_position_string("W:Wb2:Be5:rev=Wa1-b2", o).unwrap();
    let free = Queah::from_position_string("W:Wb2:Be5", o).unwrap();
    assert_ne!(banned.hash(), free.hash());
}

/// Plays random legal moves, checking the hash and the captures at every step.
fn random_game<P: Position>(start: &P, choices: &[usize]) {
    let (mut moves, mut captures) = (MoveList::new(), MoveList::new());
    let mut pos = start.clone();
    for &c in choices {
        check(&pos, &mut moves, &mut captures);
        if moves.is_empty() {
            return;
        }
        // Prefer captures now and then, so capture-rich positions are reached.
        let list = if c % 3 == 0 && !captures.is_empty() {
            &captures
        } else {
            &moves
        };
        let mv = list[c % list.len()];
        pos = pos.play(&mv).unwrap();
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(64))]

    #[test]
    fn random_games_keep_hash_and_captures_right(
        choices in proptest::collection::vec(0usize..1000, 1..160),
        variant in 0usize..6,
    ) {
        match variant {
            0 => random_game(&Neva::new(NevaOptions::default()).unwrap(), &choices),
            1 => random_game(
                &Neva::new(NevaOptions::from_pairs([("seats", "3")]).unwrap()).unwrap(),
                &choices,
            ),
            2 => random_game(&Queah::new(QueahOptions::default()).unwrap(), &choices),
            3 => random_game(&GiveAndTake::new(GiveAndTakeOptions::default()).unwrap(), &choices),
            4 => random_game(&Stockholm::new(StockholmOptions::default()).unwrap(), &choices),
            _ => random_game(&Stockholm::brazilian(), &choices),
        }
    }
}
