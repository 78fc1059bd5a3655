//! Round robin by Berger tables.

use std::collections::HashMap;

use proptest::prelude::*;
use rules::Seat;
use tourney::{pair_round, rounds, Format, PairError, Player};

use crate::{entrants, id, seated_once, Lcg};

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Every pair meets exactly once, nobody plays twice in a round, an odd count gives one
    /// bye a round and everyone exactly one bye, and nobody's whites and blacks differ by
    /// more than one (even counts) or two (odd counts, where everyone plays an even number).
    #[test]
    fn everyone_meets_everyone_once(n in 2usize..=14, seed: u64) {
        let mut rng = Lcg(seed);
        let es = entrants(n, &mut rng);
        let total = rounds(&Format::RoundRobin, n).unwrap();
        prop_assert_eq!(total as usize, if n % 2 == 0 { n - 1 } else { n });
        let mut met: HashMap<(Player, Player), u32> = HashMap::new();
        let mut byes: HashMap<Player, u32> = HashMap::new();
        let mut diff: HashMap<Player, i32> = HashMap::new();
        for round in 1..=total {
            let r = pair_round(&Format::RoundRobin, &es, &[], round).unwrap();
            prop_assert_eq!(seated_once(&r).len(), n);
            prop_assert_eq!(r.byes.len(), n % 2);
            for &b in &r.byes {
                *byes.entry(b).or_default() += 1;
            }
            for t in &r.tables {
                prop_assert_eq!((t[0].0, t[1].0), (Seat::Morning, Seat::Night));
                let (w, b) = (t[0].1, t[1].1);
                *met.entry((w.min(b), w.max(b))).or_default() += 1;
                *diff.entry(w).or_default() += 1;
                *diff.entry(b).or_default() -= 1;
            }
        }
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        prop_assert!(met.values().all(|&c| c == 1));
        if n % 2 == 1 {
            prop_assert!(es.iter().all(|e| byes.get(&e.id) == Some(&1)));
        }
        let limit = if n % 2 == 0 { 1 } else { 2 };
        prop_assert!(diff.values().all(|d| d.abs() <= limit), "{:?}", diff);
        prop_assert_eq!(
            pair_round(&Format::RoundRobin, &es, &[], total + 1),
            Err(PairError::RoundOutOfRange)
        );
    }
}

#[test]
fn a_withdrawn_players_opponent_has_the_bye_and_the_schedule_stays() {
    let mut rng = Lcg(1);
    let mut es = entrants(4, &mut rng);
    let before = pair_round(&Format::RoundRobin, &es, &[], 2).unwrap();
    es[2].active = false;
    let after = pair_round(&Format::RoundRobin, &es, &[], 2).unwrap();
    assert_eq!(after.tables.len(), 1);
    assert_eq!(after.byes.len(), 1);
    let opponent = before
        .tables
        .iter()
        .find(|t| t.iter().any(|&(_, p)| p == id(2)))
        .and_then(|t| t.iter().find(|&&(_, p)| p != id(2)))
        .map(|&(_, p)| p)
        .unwrap();
    assert_eq!(after.byes, vec![opponent]);
    assert!(after.tables.iter().all(|t| before.tables.contains(t)));
}

#[test]
fn too_few() {
    let mut rng = Lcg(1);
    let es = entrants(1, &mut rng);
    assert_eq!(rounds(&Format::RoundRobin, 1), Some(0));
    assert_eq!(
        pair_round(&Format::RoundRobin, &es, &[], 1),
        Err(PairError::RoundOutOfRange)
    );
}
