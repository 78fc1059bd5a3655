//! Nodes per second of the search, per game: one fixed-budget search from the start.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules::{AnyOptions, AnyPosition, Variant};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    for v in Variant::ALL {
        let Ok(pos) = AnyPosition::new(v, &AnyOptions::default_for(v)) else {
            continue;
        };
        let budget = 50_000;
        group.throughput(Throughput::Elements(budget));
        group.bench_function(v.key(), |b| {
            b.iter(|| bots::search(&pos, &[], bots::Limits::nodes(budget)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
