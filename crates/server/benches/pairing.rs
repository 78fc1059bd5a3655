//! Pairing one pool of 10,000 waiting players (`server::pools::pairing`): a duel pool and a
//! Neva pool of four-player tables, every player within reach of others, half of them
//! waiting long enough for a wide window.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use rand::{Rng, SeedableRng};
use server::pools::pairing::{Queue, Shape, Waiting};
use uuid::Uuid;

const PLAYERS: usize = 10_000;
const NOW_MS: i64 = 120_000;

fn pool(shape: Shape) -> Queue {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut q = Queue::new(shape);
    for i in 0..PLAYERS {
        let joined = q.join(Waiting {
            player: Uuid::from_u128(i as u128),
            rating: rng.gen_range(800..2400),
            account: rng.gen_bool(0.7),
            wants_rated: rng.gen_bool(0.5),
            since_ms: rng.gen_range(0..NOW_MS),
        });
        assert!(joined.is_ok());
    }
    q
}

fn pairing(c: &mut Criterion) {
    for (name, shape) in [
        ("pair a duel pool of 10,000", Shape::Duel),
        ("pair a Neva pool of 10,000", Shape::FreeForAll),
    ] {
        let full = pool(shape);
        c.bench_function(name, |b| {
            b.iter_batched(
                || full.clone(),
                |mut q| black_box(q.pair(NOW_MS)),
                BatchSize::LargeInput,
            );
        });
    }
}

criterion_group!(benches, pairing);
criterion_main!(benches);
