//! Neva tables.
//!
//! What holds exactly, over random events:
//! - every active player is seated once or has a bye; free-for-all tables have four or three
//!   players (two only when two play, a bye only for five players or one);
//! - a table lists Neva's seats clockwise from White: four seats, or White, Red and Green
//!   for three, White and Green for two;
//! - the player given White (who moves first) had moved first no more often than any
//!   tablemate before the round;
//! - team events: tables of four, partners opposite (White + Green, Red + Black), the same
//!   partners every round, mutual partner requests honoured.

use std::collections::HashMap;

use proptest::prelude::*;
use rules::Seat;
use tourney::{pair_round, standings, Entrant, Format, Game, PairError, Placing, Player, Round};

use crate::{entrants, id, play, seated_once, Lcg};

fn first_moves(games: &[Game]) -> HashMap<Player, u32> {
    let mut m = HashMap::new();
    for g in games.iter().filter(|g| g.seats.len() > 1) {
        let first = g.seats.iter().min_by_key(|s| s.0).unwrap().1;
        *m.entry(first).or_default() += 1;
    }
    m
}

fn check_seats(r: &Round) {
    for t in &r.tables {
        let seats: Vec<Seat> = t.iter().map(|s| s.0).collect();
        let want: &[Seat] = match t.len() {
            4 => &Seat::ALL,
            3 => &[Seat::Morning, Seat::Day, Seat::Evening],
            2 => &[Seat::Morning, Seat::Evening],
            n => panic!("table of {n}"),
        };
        assert_eq!(seats, want);
    }
}

fn check_first_mover(r: &Round, games: &[Game]) {
    let fm = first_moves(games);
    let count = |p: &Player| fm.get(p).copied().unwrap_or(0);
    for t in &r.tables {
        let first = count(&t[0].1);
        assert!(t.iter().all(|(_, p)| count(p) >= first), "{t:?} {fm:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn free_for_all_events(n in 2usize..=23, rounds in 1u32..=6, seed: u64) {
        let mut rng = Lcg(seed);
        let mut es = entrants(n, &mut rng);
        let format = Format::NevaTables { rounds, teams: false };
        let mut games = Vec::new();
        for round in 1..=rounds {
            if rng.below(12) == 0 {
                let k = rng.below(n as u64) as usize;
                es[k].active = false;
            }
            let mut active: Vec<Player> = es.iter().filter(|e| e.active).map(|e| e.id).collect();
            active.sort();
            let r = match pair_round(&format, &es, &games, round) {
                Ok(r) => r,
                Err(PairError::TooFewPlayers) => {
                    prop_assert!(active.len() < 2);
                    break;
                }
                Err(e) => panic!("{e}"),
            };
            prop_assert_eq!(seated_once(&r), active.clone());
            let m = active.len();
            match m {
                2 => prop_assert_eq!(r.tables[0].len(), 2),
                5 => prop_assert_eq!(r.byes.len(), 1),
                _ => {
                    prop_assert!(r.byes.is_empty());
                    prop_assert!(r.tables.iter().all(|t| t.len() == 3 || t.len() == 4));
                }
            }
            check_seats(&r);
            check_first_mover(&r, &games);
            prop_assert_eq!(&pair_round(&format, &es, &games, round).unwrap(), &r);
            play(round, &r, &mut rng, &mut games);
        }
        let table = standings(&format, &es, &games);
        prop_assert_eq!(table.len(), n);
        prop_assert!(table.windows(2).all(|w| w[0].points >= w[1].points));
    }

    #[test]
    fn team_events(pairs in 2usize..=9, loners in 0usize..=5, rounds in 1u32..=5, seed: u64) {
        let mut rng = Lcg(seed);
        let n = 2 * pairs + loners;
        let mut es = entrants(n, &mut rng);
        for k in 0..pairs {
            es[2 * k].partner = Some(id(2 * k + 1));
            es[2 * k + 1].partner = Some(id(2 * k));
        }
        let format = Format::NevaTables { rounds, teams: true };
        let mut games: Vec<Game> = Vec::new();
        let mut partner_of: HashMap<Player, Player> = HashMap::new();
        for round in 1..=rounds {
            let r = pair_round(&format, &es, &games, round).unwrap();
            let mut active: Vec<Player> = es.iter().map(|e| e.id).collect();
            active.sort();
            prop_assert_eq!(seated_once(&r), active);
            check_seats(&r);
            check_first_mover(&r, &games);
            for t in &r.tables {
                prop_assert_eq!(t.len(), 4);
                for k in 0..4 {
                    let (p, q) = (t[k].1, t[(k + 2) % 4].1);
                    let known = *partner_of.entry(p).or_insert(q);
                    prop_assert_eq!(known, q, "partners changed");
                }
            }
            for k in 0..pairs {
                let (a, b) = (id(2 * k), id(2 * k + 1));
                let together = r.tables.iter().any(|t| {
                    (0..4).any(|s| t[s].1 == a && t[(s + 2) % 4].1 == b)
                }) || (r.byes.contains(&a) && r.byes.contains(&b));
                prop_assert!(together, "partners {a} and {b} apart: {r:?}");
            }
            play(round, &r, &mut rng, &mut games);
        }
    }
}

fn four_at_one_table(round: u32, seats: [Player; 4], places: [u8; 4]) -> Game {
    Game {
        round,
        seats: Seat::ALL.iter().copied().zip(seats).collect(),
        result: Some(Placing {
            places: seats.iter().copied().zip(places).collect(),
            forfeits: vec![],
        }),
    }
}

#[test]
fn four_players_four_rounds_each_moves_first_once_and_has_every_seat_once() {
    let mut rng = Lcg(3);
    let es = entrants(4, &mut rng);
    let format = Format::NevaTables {
        rounds: 4,
        teams: false,
    };
    let mut games = Vec::new();
    let mut had: HashMap<Player, Vec<Seat>> = HashMap::new();
    for round in 1..=4 {
        let r = pair_round(&format, &es, &games, round).unwrap();
        assert_eq!(r.tables.len(), 1);
        for &(s, p) in &r.tables[0] {
            had.entry(p).or_default().push(s);
        }
        play(round, &r, &mut rng, &mut games);
    }
    for seats in had.values() {
        let mut s = seats.clone();
        s.sort();
        assert_eq!(s, Seat::ALL.to_vec());
    }
}

#[test]
fn eight_players_round_two_mixes_the_tables() {
    let es: Vec<Entrant> = (0..8)
        .map(|i| Entrant {
            id: id(i),
            rating: 2000 - 10 * i as i32,
            active: true,
            partner: None,
        })
        .collect();
    let format = Format::NevaTables {
        rounds: 3,
        teams: false,
    };
    let r1 = pair_round(&format, &es, &[], 1).unwrap();
    // By rating: the top four at table one, seated in rank order (no history yet).
    assert_eq!(
        r1.tables[0].iter().map(|s| s.1).collect::<Vec<_>>(),
        (0..4).map(id).collect::<Vec<_>>()
    );
    let games = vec![
        four_at_one_table(1, [id(0), id(1), id(2), id(3)], [0, 1, 2, 3]),
        four_at_one_table(1, [id(4), id(5), id(6), id(7)], [0, 1, 2, 3]),
    ];
    let r2 = pair_round(&format, &es, &games, 2).unwrap();
    // Nobody meets a tablemate again: each table holds two of each first-round table.
    for t in &r2.tables {
        let low = t.iter().filter(|s| s.1 < id(4)).count();
        assert_eq!(low, 2, "{r2:?}");
    }
    // The winners lead the top table; neither of the first-round first movers moves first.
    assert!(r2.tables[0].iter().any(|s| s.1 == id(0)));
    assert!(r2.tables[0].iter().any(|s| s.1 == id(4)));
    for t in &r2.tables {
        assert!(t[0].1 != id(0) && t[0].1 != id(4));
    }
}

#[test]
fn table_sizes_for_awkward_counts() {
    let mut rng = Lcg(5);
    for (n, want, byes) in [
        (2, vec![2], 0),
        (3, vec![3], 0),
        (5, vec![4], 1),
        (6, vec![3, 3], 0),
        (7, vec![4, 3], 0),
        (9, vec![3, 3, 3], 0),
        (10, vec![4, 3, 3], 0),
        (13, vec![4, 3, 3, 3], 0),
    ] {
        let es = entrants(n, &mut rng);
        let r = pair_round(
            &Format::NevaTables {
                rounds: 1,
                teams: false,
            },
            &es,
            &[],
            1,
        )
        .unwrap();
        let sizes: Vec<usize> = r.tables.iter().map(Vec::len).collect();
        assert_eq!((sizes, r.byes.len()), (want, byes), "{n} players");
    }
}

#[test]
fn unpartnered_entrants_are_teamed_in_rating_order() {
    let es: Vec<Entrant> = (0..4)
        .map(|i| Entrant {
            id: id(i),
            rating: 1800 - 100 * i as i32,
            active: true,
            partner: None,
        })
        .collect();
    let r = pair_round(
        &Format::NevaTables {
            rounds: 2,
            teams: true,
        },
        &es,
        &[],
        1,
    )
    .unwrap();
    let t = &r.tables[0];
    let opposite = |p: Player| {
        let k = t.iter().position(|s| s.1 == p).unwrap();
        t[(k + 2) % 4].1
    };
    assert_eq!(opposite(id(0)), id(1));
    assert_eq!(opposite(id(2)), id(3));
}

#[test]
fn odd_team_count_gives_both_partners_a_bye() {
    let es: Vec<Entrant> = (0..6)
        .map(|i| Entrant {
            id: id(i),
            rating: 1800 - 100 * i as i32,
            active: true,
            partner: None,
        })
        .collect();
    let r = pair_round(
        &Format::NevaTables {
            rounds: 2,
            teams: true,
        },
        &es,
        &[],
        1,
    )
    .unwrap();
    assert_eq!(r.tables.len(), 1);
    let mut byes = r.byes.clone();
    byes.sort();
    assert_eq!(byes, vec![id(4), id(5)]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// With enough tables, the second and third rounds seat nobody with an earlier tablemate.
    #[test]
    fn no_repeated_tablemates_while_the_field_is_large(tables in 4usize..=12, seed: u64) {
        let mut rng = Lcg(seed);
        let n = 4 * tables;
        let es = entrants(n, &mut rng);
        let format = Format::NevaTables { rounds: 3, teams: false };
        let mut games = Vec::new();
        let mut met: std::collections::HashSet<(Player, Player)> = Default::default();
        for round in 1..=3 {
            if round == 3 && tables < 7 {
                break;
            }
            let r = pair_round(&format, &es, &games, round).unwrap();
            for t in &r.tables {
                for &(_, a) in t {
                    for &(_, b) in t {
                        if a != b {
                            prop_assert!(!met.contains(&(a, b)), "round {}: {:?}", round, r);
                        }
                    }
                }
            }
            for t in &r.tables {
                for &(_, a) in t {
                    for &(_, b) in t {
                        met.insert((a, b));
                    }
                }
            }
            play(round, &r, &mut rng, &mut games);
        }
    }
}
