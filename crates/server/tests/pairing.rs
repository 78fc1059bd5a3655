//! The pairing of one pool (`server::pools::pairing`), without a server: the window that
//! widens with the wait, the nearest ratings first, teams, and the properties every pairing
//! keeps (nobody at two tables, everyone within the window of the table's longest waiter,
//! rated exactly between accounts that asked for it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use server::pools::pairing::{window, JoinError, Queue, Shape, Waiting, WINDOW_MAX};
use std::collections::HashSet;
use uuid::Uuid;

fn player(n: u128, rating: i32, account: bool, wants_rated: bool, since_ms: i64) -> Waiting {
    Waiting {
        player: Uuid::from_u128(n),
        rating,
        account,
        wants_rated,
        since_ms,
    }
}

#[test]
fn the_window_widens_by_fifty_every_five_seconds_up_to_its_cap() {
    assert_eq!(window(0), 100);
    assert_eq!(window(4_999), 100);
    assert_eq!(window(5_000), 150);
    assert_eq!(window(12_000), 200);
    assert_eq!(window(10_000_000), WINDOW_MAX);
    assert_eq!(window(-5), 100);
}

#[test]
fn a_neva_pool_waits_for_four() {
    let mut q = Queue::new(Shape::FreeForAll);
    for n in 1..=3 {
        q.join(player(n, 1000, false, false, 0)).unwrap();
    }
    assert!(q.pair(600_000).is_empty());
    q.join(player(4, 1000, false, false, 0)).unwrap();
    let tables = q.pair(600_000);
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0].sides.len(), 4);
    assert!(!tables[0].rated);
}

#[test]
fn a_gap_of_three_hundred_needs_twenty_seconds() {
    let mut q = Queue::new(Shape::Duel);
    q.join(player(1, 1500, true, true, 0)).unwrap();
    q.join(player(2, 1800, true, true, 1_000)).unwrap();
    assert!(q.pair(19_999).is_empty());
    let tables = q.pair(20_000);
    assert_eq!(tables.len(), 1);
    assert!(tables[0].rated);
    assert!(q.waiting().is_empty());
}

#[test]
fn the_nearest_rating_is_chosen() {
    let mut q = Queue::new(Shape::Duel);
    q.join(player(1, 1500, false, false, 0)).unwrap();
    q.join(player(2, 1580, false, false, 1)).unwrap();
    q.join(player(3, 1510, false, false, 2)).unwrap();
    let tables = q.pair(3);
    assert_eq!(tables.len(), 1);
    let at: HashSet<_> = tables[0].players().collect();
    assert!(at.contains(&Uuid::from_u128(1)) && at.contains(&Uuid::from_u128(3)));
    assert_eq!(q.waiting().len(), 1);
}

#[test]
fn joining_twice_is_refused() {
    let mut q = Queue::new(Shape::Duel);
    q.join(player(1, 1500, false, false, 0)).unwrap();
    assert_eq!(
        q.join(player(1, 1500, false, false, 0)),
        Err(JoinError::AlreadyWaiting)
    );
    assert!(q.leave(Uuid::from_u128(1)));
    assert!(!q.leave(Uuid::from_u128(1)));
}

#[test]
fn teams_put_strongest_with_weakest() {
    let mut q = Queue::new(Shape::Teams);
    for (n, r) in [(1, 1000), (2, 1090), (3, 1030), (4, 1060)] {
        q.join(player(n, r, true, true, 0)).unwrap();
    }
    let tables = q.pair(0);
    assert_eq!(tables.len(), 1);
    let ids = |v: &[u128]| v.iter().map(|&n| Uuid::from_u128(n)).collect::<Vec<_>>();
    assert_eq!(tables[0].sides, vec![ids(&[1, 2]), ids(&[3, 4])]);
}

fn pools() -> impl Strategy<Value = (Vec<Waiting>, i64, u8)> {
    (
        prop::collection::vec(
            (800..2400i32, any::<bool>(), any::<bool>(), 0..60_000i64),
            0..60,
        ),
        0..120_000i64,
        0..3u8,
    )
        .prop_map(|(players, now, shape)| {
            let players = players
                .into_iter()
                .enumerate()
                .map(|(i, (rating, account, wants_rated, since))| {
                    player(i as u128, rating, account, wants_rated, since)
                })
                .collect();
            (players, now + 60_000, shape)
        })
}

proptest! {
    #[test]
    fn pairing_keeps_its_promises((players, now, shape) in pools()) {
        let shape = [Shape::Duel, Shape::FreeForAll, Shape::Teams][usize::from(shape)];
        let mut q = Queue::new(shape);
        for w in &players {
            q.join(w.clone()).unwrap();
        }
        let tables = q.pair(now);
        let by_id: std::collections::HashMap<Uuid, &Waiting> =
            players.iter().map(|w| (w.player, w)).collect();
        let mut seen = HashSet::new();
        for t in &tables {
            let at: Vec<&Waiting> = t.players().map(|p| by_id[&p]).collect();
            prop_assert_eq!(at.len(), shape.players());
            for w in &at {
                // Nobody is at two tables, nor at a table and still waiting.
                prop_assert!(seen.insert(w.player));
                prop_assert!(!q.waiting().iter().any(|x| x.player == w.player));
            }
            // The table was made around one of its players: every other is within that
            // player's window at that time.
            let centred = at.iter().any(|c| {
                let reach = window(now - c.since_ms).unsigned_abs();
                at.iter().all(|w| c.rating.abs_diff(w.rating) <= reach)
            });
            prop_assert!(centred);
            // In a duel that player is the longer waiter.
            if shape == Shape::Duel {
                let longest = at.iter().map(|w| now - w.since_ms).max().unwrap_or(0);
                prop_assert!(at[0].rating.abs_diff(at[1].rating) <= window(longest).unsigned_abs());
            }
            // Rated exactly when every player has an account and asked for it.
            prop_assert_eq!(t.rated, at.iter().all(|w| w.account && w.wants_rated));
            if shape == Shape::Teams {
                prop_assert_eq!(t.sides.len(), 2);
            }
        }
        // Everyone is either at a table or still waiting.
        prop_assert_eq!(seen.len() + q.waiting().len(), players.len());
    }
}
