//! Pairing speed: a 200-player Swiss round 5 (four rounds of history) and 50 Neva tables of
//! 200 players (round 3, two rounds of history).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rules::Seat;
use tourney::{pair_round, Entrant, Format, Game, Placing, Round};

/// A small deterministic generator, so every run measures the same event.
struct Lcg(u64);

impl Lcg {
    fn step(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn entrants(n: usize) -> Vec<Entrant> {
    let mut rng = Lcg(7);
    (0..n)
        .map(|i| Entrant {
            id: uuid::Uuid::from_u128(0x1000 + i as u128 * 7919),
            rating: 1200 + (rng.step() % 1000) as i32,
            active: true,
            partner: None,
        })
        .collect()
}

/// Plays `round` with random places (ties now and then).
fn play(round: u32, r: &Round, rng: &mut Lcg, games: &mut Vec<Game>) {
    for t in &r.tables {
        let places = t
            .iter()
            .map(|&(_, p)| (p, (rng.step() % t.len() as u64) as u8))
            .collect();
        games.push(Game {
            round,
            seats: t.clone(),
            result: Some(Placing {
                places,
                forfeits: vec![],
            }),
        });
    }
    for &p in &r.byes {
        games.push(Game {
            round,
            seats: vec![(Seat::Morning, p)],
            result: None,
        });
    }
}

fn history(format: &Format, es: &[Entrant], rounds: u32) -> Vec<Game> {
    let mut rng = Lcg(42);
    let mut games = Vec::new();
    for round in 1..=rounds {
        let r = pair_round(format, es, &games, round).unwrap();
        play(round, &r, &mut rng, &mut games);
    }
    games
}

fn bench(c: &mut Criterion) {
    let es = entrants(200);
    let swiss = Format::Swiss { rounds: 9 };
    let games = history(&swiss, &es, 4);
    c.bench_function("swiss_200_players_round_5", |b| {
        b.iter(|| pair_round(black_box(&swiss), &es, &games, 5).unwrap())
    });
    let neva = Format::NevaTables {
        rounds: 5,
        teams: false,
    };
    let games = history(&neva, &es, 2);
    c.bench_function("neva_50_tables_200_players_round_3", |b| {
        b.iter(|| {
            let r = pair_round(black_box(&neva), &es, &games, 3).unwrap();
            assert_eq!(r.tables.len(), 50);
            r
        })
    });
    let teams = Format::NevaTables {
        rounds: 5,
        teams: true,
    };
    let games = history(&teams, &es, 2);
    c.bench_function("neva_teams_50_tables_200_players_round_3", |b| {
        b.iter(|| pair_round(black_box(&teams), &es, &games, 3).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
