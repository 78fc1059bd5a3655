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
    let four = Neva::new(NevaOptions::default()).unwrap();
    group.throughput(Throughput::Elements(perft::perft(&four, 12)));
    group.bench_function("four_seats_depth_12", |b| {
        b.iter(|| perft::count(black_box(&four), 12, Counting::Paths))
    });
    let two = Neva::new(NevaOptions::from_pairs([("seats", "2")]).unwrap()).unwrap();
    group.throughput(Throughput::Elements(perft::perft(&two, 8)));
    group.bench_function("two_seats_depth_8", |b| {
        b.iter(|| perft::count(black_box(&two), 8, Counting::Paths))
    });
    let three = Neva::new(NevaOptions::from_pairs([("seats", "3")]).unwrap()).unwrap();
    group.throughput(Throughput::Elements(perft::perft(&three, 10)));
    group.bench_function("three_seats_depth_10", |b| {
        b.iter(|| perft::count(black_box(&three), 10, Counting::Paths))
    });
    let teams = Neva::new(NevaOptions::from_pairs([("teams", "true")]).unwrap()).unwrap();
    group.throughput(Throughput::Elements(perft::perft(&teams, 12)));
    group.bench_function("teams_depth_12", |b| {
        b.iter(|| perft::count(black_box(&teams), 12, Counting::Paths))
    });
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
