//! Give and Take speed: bulk-counted perft from the start, legal moves of a middlegame,
//! and parse + validate + apply of one move from notation.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rules::{perft, GiveAndTake, GiveAndTakeOptions, MoveList, Position};

/// A middlegame with men and kings of both colours and a hot piece.
const MIDDLEGAME: &str = "W:Wa2,c3,d3,Ke4,f2,g3,h3,Kb6:Ba6,c6,d5,Kf5,g6,h6,b7,Kh1:hot=d5";
/// A men-only middlegame without a compulsory capture.
const MEN_MIDDLEGAME: &str =
    "W:Wa2,b2,c2,e2,f2,g2,h2,a3,b4,d3,e3,f4,h3:Ba6,b6,c6,d6,f6,h6,a7,c7,d7,e7,g7,h7,e5:hot=e5";

fn bench(c: &mut Criterion) {
    let start = GiveAndTake::new(GiveAndTakeOptions::default()).unwrap();
    let depth = 8;
    let nodes = perft::perft(&start, depth);
    let mut g = c.benchmark_group("giveandtake");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft_start_d8_bulk", |b| {
        b.iter(|| assert_eq!(perft::perft(black_box(&start), depth), nodes))
    });
    g.finish();

    let mut g = c.benchmark_group("giveandtake");
    let mid = GiveAndTake::from_position_string(MIDDLEGAME, GiveAndTakeOptions::default()).unwrap();
    let men =
        GiveAndTake::from_position_string(MEN_MIDDLEGAME, GiveAndTakeOptions::default()).unwrap();
    let mut list = MoveList::with_capacity(64);
    g.bench_function("legal_moves_middlegame_kings", |b| {
        b.iter(|| {
            black_box(&mid).legal_moves_into(&mut list);
            list.len()
        })
    });
    g.bench_function("legal_moves_middlegame_men", |b| {
        b.iter(|| {
            black_box(&men).legal_moves_into(&mut list);
            list.len()
        })
    });
    g.bench_function("count_legal_middlegame_kings", |b| {
        b.iter(|| black_box(&mid).count_legal())
    });
    g.bench_function("parse_validate_apply", |b| {
        b.iter(|| {
            let p = black_box(&mid);
            let mv = p.parse_move(black_box("e4-e7")).unwrap();
            p.clone().play(&mv).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
