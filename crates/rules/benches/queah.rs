//! Queah speed: bulk-counted perft from the start, legal moves of middlegame positions, and
//! parse + validate + apply of one move from notation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rules::{perft, GameOptions, MoveList, Position, Queah, QueahOptions};

/// A middlegame: four pieces a side, reserves partly used, no drop owed.
const MIDDLEGAME: &str = "W:Wc1,b2,c3,e3:Ba3,b4,d4,c5:reserve=W4,B5:rev=Wd2-c3,Bc5-b4:np=3";
/// Right after a capture: White owes a drop (the widest turn set of the default rules).
const OWED: &str = "W:Wc1,e1,b2:Bd2,d4,a5,c5:reserve=W6,B6:owe=W";

fn perft_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("queah_perft");
    g.sample_size(10);
    for (name, pairs) in [
        ("default", vec![]),
        (
            "all_links",
            vec![
                ("o_edge_ring", "true"),
                ("o_edge_centre", "true"),
                ("o_centre", "true"),
            ],
        ),
    ] {
        let pos = Queah::new(QueahOptions::from_pairs(pairs).unwrap()).unwrap();
        let depth = if name == "default" { 9 } else { 7 };
        let nodes = perft::perft(&pos, depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| perft::perft(black_box(pos), depth));
        });
    }
    g.finish();
}

fn legal_moves_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("queah_legal_moves");
    for (name, text) in [("middlegame", MIDDLEGAME), ("owed_drop", OWED)] {
        let pos = Queah::from_position_string(text, QueahOptions::default()).unwrap();
        let mut moves = MoveList::with_capacity(64);
        g.bench_function(name, |b| {
            b.iter(|| {
                black_box(&pos).legal_moves_into(&mut moves);
                black_box(moves.len())
            });
        });
        g.bench_function(format!("{name}_count"), |b| {
            b.iter(|| black_box(&pos).count_legal());
        });
    }
    g.finish();
}

fn parse_apply_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("queah_parse_apply");
    for (name, text, mv) in [
        ("step", MIDDLEGAME, "b2-a1"),
        ("drop_step", OWED, "@c3,b2-a3"),
    ] {
        let pos = Queah::from_position_string(text, QueahOptions::default()).unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                let p = black_box(&pos).clone();
                let m = p.parse_move(black_box(mv)).unwrap();
                p.play(&m).unwrap()
            });
        });
    }
    g.finish();
}

criterion_group!(benches, perft_bench, legal_moves_bench, parse_apply_bench);
criterion_main!(benches);
