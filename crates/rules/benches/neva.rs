//! Neva checkers benchmarks: bulk-counted perft (two, three and four seats, free-for-all
//! and teams), legal moves of a middlegame, and parse + validate + apply of one move from
//! notation.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rules::perft::{self, Counting};
use rules::{GameOptions, MoveList, Neva, NevaOptions, Position};

/// The training game after round 4 (spec §7.1): every seat still has six men.
const MIDDLEGAME: &str =
    "W:W14,15,24,25,26,35:R44,46,55,56,64,65:G41,42,51,52,53,62:B11,12,22,23,31,33";

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("neva_perft");
    group.sample_size(10);
    // The four- and two-seat names are the earlier ones, so criterion compares with them.
    for (name, pairs, depth) in [
        ("four_seats_depth_12", &[][..], 12),
        ("two_seats_depth_8", &[("seats", "2")][..], 8),
        ("three_seats_depth_10", &[("seats", "3")][..], 10),
        ("teams_depth_12", &[("teams", "true")][..], 12),
    ] {
        let options = NevaOptions::from_pairs(pairs.iter().copied()).unwrap();
        let start = Neva::new(options).unwrap();
        group.throughput(Throughput::Elements(perft::perft(&start, depth)));
        group.bench_function(name, |b| {
            b.iter(|| perft::count(black_box(&start), depth, Counting::Paths))
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let pos = Neva::from_position_string(MIDDLEGAME, NevaOptions::default()).unwrap();
    let mut moves = MoveList::with_capacity(64);
    c.bench_function("neva_legal_moves_middlegame", |b| {
        b.iter(|| {
            black_box(&pos).legal_moves_into(&mut moves);
            moves.len()
        })
    });
    // A capture position: the training game's round-6 White move, four sequences.
    let capture = Neva::from_position_string(
        "W:W14,15,24,25,26:R35,44,46,56,64,65:G42,51,52,53,62:B12,22,23,31,33",
        NevaOptions::default(),
    )
    .unwrap();
    c.bench_function("neva_legal_moves_capture", |b| {
        b.iter(|| {
            black_box(&capture).legal_moves_into(&mut moves);
            moves.len()
        })
    });
}

fn parse_and_apply(c: &mut Criterion) {
    let pos = Neva::from_position_string(MIDDLEGAME, NevaOptions::default()).unwrap();
    c.bench_function("neva_parse_validate_apply", |b| {
        b.iter(|| {
            let p = black_box(&pos);
            let mv = p.parse_move(black_box("35-45")).unwrap();
            (*p).play(&mv).unwrap()
        })
    });
}

criterion_group!(benches, perft_start, legal_moves, parse_and_apply);
criterion_main!(benches);
