//! Rating updates per second: a Glicko-2 game and a four-player Neva game.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ratings::{rate, Rating, Seated, System};

fn updates(c: &mut Criterion) {
    let glicko = [
        Seated {
            rating: Rating {
                rated_at: Some(0),
                ..Rating::new(System::Glicko2)
            },
            team: 0,
            place: 0,
        },
        Seated {
            rating: Rating {
                value: 1650.0,
                deviation: 80.0,
                volatility: 0.06,
                games: 40,
                rated_at: Some(0),
            },
            team: 1,
            place: 1,
        },
    ];
    c.bench_function("glicko2 game", |b| {
        b.iter(|| rate(System::Glicko2, black_box(&glicko), 86_400_000));
    });
    let neva: Vec<Seated> = (0..4u8)
        .map(|i| Seated {
            rating: Rating::new(System::WengLin),
            team: i,
            place: i,
        })
        .collect();
    c.bench_function("weng-lin four-player game", |b| {
        b.iter(|| rate(System::WengLin, black_box(&neva), 0));
    });
}

criterion_group!(benches, updates);
criterion_main!(benches);
