//! Nodes per second of the search, per game (one fixed-budget search from the start), and
//! the time of one level-5 move per game (from the start and from a middle game), to be
//! compared with level 5's one-second limit.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules::{AnyOptions, AnyPosition, Variant};

/// The start of every game with its default options.
fn starts() -> Vec<(Variant, AnyPosition)> {
    Variant::ALL
        .into_iter()
        .filter_map(|v| Some((v, AnyPosition::new(v, &AnyOptions::default_for(v)).ok()?)))
        .collect()
}

/// A middle game: `plies` moves of level-2 self-play from the start (fixed seeds).
fn middle(start: &AnyPosition, plies: u64) -> AnyPosition {
    let mut pos = start.clone();
    for ply in 0..plies {
        let Some(choice) = bots::choose(
            &pos,
            &[],
            bots::Level::new(2).unwrap_or(bots::Level::MIN),
            ply,
        ) else {
            break;
        };
        pos.play_unchecked(&choice.mv);
    }
    pos
}

fn nodes_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    for (v, pos) in starts() {
        let budget = 50_000;
        group.throughput(Throughput::Elements(budget));
        group.bench_function(v.key(), |b| {
            b.iter(|| bots::search(&pos, &[], bots::Limits::nodes(budget)))
        });
    }
    group.finish();
}

fn level_five_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("level5");
    group.sample_size(10);
    for (v, pos) in starts() {
        for (name, pos) in [("start", pos.clone()), ("middle", middle(&pos, 16))] {
            group.bench_function(format!("{}/{name}", v.key()), |b| {
                b.iter(|| bots::choose(&pos, &[], bots::Level::MAX, 1))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, nodes_per_second, level_five_move);
criterion_main!(benches);
