//! Tournament pairings and standings: property tests over random events and worked
//! examples.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod arena;
mod neva;
mod robin;
mod standings;
mod swiss;

use rules::Seat;
use tourney::{Entrant, Game, Placing, Player, Round};

/// A small deterministic generator driven by a proptest seed.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn step(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.step() % n.max(1)
    }
}

pub fn id(i: usize) -> Player {
    uuid::Uuid::from_u128(0xABC0_0000 + i as u128)
}

pub fn entrants(n: usize, rng: &mut Lcg) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: id(i),
            rating: 1000 + rng.below(1200) as i32,
            active: true,
            partner: None,
        })
        .collect()
}

/// Plays a round with random places; a table's player forfeits now and then.
pub fn play(round: u32, r: &Round, rng: &mut Lcg, games: &mut Vec<Game>) {
    for t in &r.tables {
        let places = t
            .iter()
            .map(|&(_, p)| (p, rng.below(t.len() as u64) as u8))
            .collect();
        let forfeits = if rng.below(12) == 0 {
            vec![t[rng.below(t.len() as u64) as usize].1]
        } else {
            vec![]
        };
        games.push(Game {
            round,
            seats: t.clone(),
            result: Some(Placing { places, forfeits }),
        });
    }
    for &p in &r.byes {
        games.push(bye(round, p));
    }
}

pub fn bye(round: u32, p: Player) -> Game {
    Game {
        round,
        seats: vec![(Seat::Morning, p)],
        result: None,
    }
}

/// A two-seat game White `w` against Black `b`: `score` is White's (1, 0.5 or 0).
pub fn duel(round: u32, w: Player, b: Player, score: f64) -> Game {
    let places = if score == 1.0 {
        vec![(w, 0), (b, 1)]
    } else if score == 0.0 {
        vec![(w, 1), (b, 0)]
    } else {
        vec![(w, 0), (b, 0)]
    };
    Game {
        round,
        seats: vec![(Seat::Morning, w), (Seat::Night, b)],
        result: Some(Placing {
            places,
            forfeits: vec![],
        }),
    }
}

/// Every player paired in the round exactly once (tables and byes).
pub fn seated_once(r: &Round) -> Vec<Player> {
    let mut all: Vec<Player> = r.tables.iter().flatten().map(|&(_, p)| p).collect();
    all.extend(&r.byes);
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), all.len(), "someone paired twice: {r:?}");
    sorted
}
