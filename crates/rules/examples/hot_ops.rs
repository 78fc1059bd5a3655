//! Repeats the operations the criterion benches time (legal moves, bulk count, parse +
//! validate + play of a move), on positions reached by fixed move sequences from each
//! game's start, for instruction counts that a busy machine does not disturb:
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/hot_ops [FILTER]`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use std::hint::black_box;

use rules::{
    GiveAndTake, GiveAndTakeOptions, MoveList, Neva, NevaOptions, Position, Queah, QueahOptions,
    Stockholm, StockholmOptions,
};

const REPEAT: usize = 20_000;

/// Plays `plies` moves from `start`, each time the legal move at a fixed stride.
fn middlegame<P: Position>(start: &P, plies: usize) -> P {
    let mut pos = start.clone();
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[(ply * 7 + 3) % moves.len()]);
    }
    pos
}

fn run<P: Position>(name: &str, start: &P, plies: usize) {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let pos = middlegame(start, plies);
    let mut moves = MoveList::with_capacity(64);
    let mut total = 0u64;
    if format!("{name} legal").contains(&filter) {
        for _ in 0..REPEAT {
            black_box(&pos).legal_moves_into(&mut moves);
            total += moves.len() as u64;
        }
    }
    if format!("{name} count").contains(&filter) {
        for _ in 0..REPEAT {
            total += black_box(&pos).count_legal();
        }
    }
    if format!("{name} play").contains(&filter) {
        let texts: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| pos.move_to_string(m))
            .collect();
        for i in 0..REPEAT {
            let Some(text) = texts.get(i % texts.len().max(1)) else {
                break;
            };
            let mv = black_box(&pos).parse_move(text).unwrap();
            let child = pos.clone().play(&mv).unwrap();
            total += child.hash() & 1;
        }
    }
    println!("{name}: {total}");
}

fn main() {
    run(
        "stockholm",
        &Stockholm::new(StockholmOptions::default()).unwrap(),
        14,
    );
    run(
        "giveandtake",
        &GiveAndTake::new(GiveAndTakeOptions::default()).unwrap(),
        14,
    );
    run("neva", &Neva::new(NevaOptions::default()).unwrap(), 20);
    run("queah", &Queah::new(QueahOptions::default()).unwrap(), 10);
}
