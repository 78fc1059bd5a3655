//! Bulk-perft speed of every game from its start, in nodes per second, for side-by-side
//! runs (`tools/kish-side-by-side.sh`) and instruction counts (cachegrind):
//! `cargo run --release -p checkerhall-rules --example perft_nps [SCALE [FILTER...]]`, where
//! `SCALE` (default 0) adds plies to every depth (negative: fewer) and the lines run are
//! those whose name contains one of the `FILTER`s (all lines without one).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

use std::time::Instant;

use rules::perft::{self, Counting};
use rules::{
    GameOptions, GiveAndTake, GiveAndTakeOptions, Neva, NevaOptions, Position, Queah, QueahOptions,
    Stockholm, StockholmOptions,
};

fn run<P: Position>(name: &str, pos: &P, depth: i32, counting: Counting) {
    let mut args = std::env::args().skip(1);
    let scale: i32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let filters: Vec<String> = args.collect();
    if !filters.is_empty() && !filters.iter().any(|f| name.contains(f.as_str())) {
        return;
    }
    let depth = (depth + scale).max(1) as u32;
    let t = Instant::now();
    let nodes = perft::count(pos, depth, counting);
    let secs = t.elapsed().as_secs_f64().max(1e-9);
    println!(
        "{name:<24} depth {depth:>2} nodes {nodes:>12} time {secs:>7.3}s nps {:>6.1}M",
        nodes as f64 / secs / 1e6
    );
}

fn main() {
    let stockholm = Stockholm::new(StockholmOptions::default()).unwrap();
    let brazilian = Stockholm::brazilian();
    let gt = GiveAndTake::new(GiveAndTakeOptions::default()).unwrap();
    let neva = Neva::new(NevaOptions::default()).unwrap();
    let neva_with = |pairs: &[(&str, &str)]| {
        Neva::new(NevaOptions::from_pairs(pairs.iter().copied()).unwrap()).unwrap()
    };
    let queah = Queah::new(QueahOptions::default()).unwrap();
    run("stockholm paths", &stockholm, 9, Counting::Paths);
    run("stockholm dedup", &stockholm, 9, Counting::Dedup);
    run("brazilian paths", &brazilian, 9, Counting::Paths);
    run("brazilian dedup", &brazilian, 9, Counting::Dedup);
    run("giveandtake paths", &gt, 7, Counting::Paths);
    run("giveandtake dedup", &gt, 7, Counting::Dedup);
    run("neva 4 seats paths", &neva, 11, Counting::Paths);
    run(
        "neva teams paths",
        &neva_with(&[("teams", "true")]),
        11,
        Counting::Paths,
    );
    run(
        "neva 3 seats paths",
        &neva_with(&[("seats", "3")]),
        9,
        Counting::Paths,
    );
    run(
        "neva 2 seats paths",
        &neva_with(&[("seats", "2")]),
        7,
        Counting::Paths,
    );
    run("neva 4 seats dedup", &neva, 9, Counting::Dedup);
    run("queah paths", &queah, 9, Counting::Paths);
}
