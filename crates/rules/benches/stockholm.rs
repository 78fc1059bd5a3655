//! Speed of the Stockholm checkers / Brazilian draughts module (contract targets: perft at
//! least 100M nodes/s single-threaded, legal moves of a middlegame within 300 ns,
//! parse+validate+apply one move within 2 µs).
//!
//! `cargo bench -p checkerhall-rules --bench stockholm -- --quick`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules::perft::{self, Counting};
use rules::{MoveList, Position, Stockholm, StockholmOptions};

/// A middlegame with a king on each side and no capture pending (10 legal moves).
const MIDDLEGAME: &str = "W:Wa1,c1,e1,b2,f2,c3,g3,f4,Kh2:Bb6,d6,h6,a7,e7,g7,b8,d8,Ka5";
/// A position where a capture is compulsory (the seed example, spec §5.4).
const CAPTURE: &str = "W:We5,f2:Bb4,b6,d4,g3,g5";
const PERFT_DEPTH: u32 = 10;

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, options) in [
        ("stockholm", StockholmOptions::default()),
        ("brazilian", StockholmOptions::brazilian()),
    ] {
        let pos = Stockholm::new(options).unwrap_or_else(|e| panic!("{e}"));
        let nodes = perft::perft(&pos, PERFT_DEPTH);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}_paths_depth_{PERFT_DEPTH}"), |b| {
            b.iter(|| perft::count(black_box(&pos), PERFT_DEPTH, Counting::Paths))
        });
        // The dedup convention walks the same tree; its target is at most 1.5 times the
        // paths count's time.
        let nodes = perft::count(&pos, PERFT_DEPTH, Counting::Dedup);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}_dedup_depth_{PERFT_DEPTH}"), |b| {
            b.iter(|| perft::count(black_box(&pos), PERFT_DEPTH, Counting::Dedup))
        });
    }
    group.finish();
}

fn movegen_benches(c: &mut Criterion) {
    let options = StockholmOptions::default();
    let mid =
        Stockholm::from_position_string(MIDDLEGAME, options).unwrap_or_else(|e| panic!("{e}"));
    let cap = Stockholm::from_position_string(CAPTURE, options).unwrap_or_else(|e| panic!("{e}"));
    let mut moves = MoveList::with_capacity(64);
    c.bench_function("legal_moves_middlegame", |b| {
        b.iter(|| {
            black_box(&mid).legal_moves_into(&mut moves);
            moves.len()
        })
    });
    c.bench_function("legal_moves_capture", |b| {
        b.iter(|| {
            black_box(&cap).legal_moves_into(&mut moves);
            moves.len()
        })
    });
    c.bench_function("count_legal_middlegame", |b| {
        b.iter(|| black_box(&mid).count_legal())
    });
    c.bench_function("parse_validate_apply_move", |b| {
        b.iter(|| {
            let pos = black_box(&mid).clone();
            let mv = pos
                .parse_move(black_box("c3-d4"))
                .unwrap_or_else(|e| panic!("{e}"));
            pos.play(&mv).unwrap_or_else(|e| panic!("{e}"))
        })
    });
    c.bench_function("parse_validate_apply_capture", |b| {
        b.iter(|| {
            let pos = black_box(&cap).clone();
            let mv = pos
                .parse_move(black_box("f2xh4xf6"))
                .unwrap_or_else(|e| panic!("{e}"));
            pos.play(&mv).unwrap_or_else(|e| panic!("{e}"))
        })
    });
}

criterion_group!(benches, perft_benches, movegen_benches);
criterion_main!(benches);
