//! Scoring and standings: worked examples.

use rules::Seat;
use tourney::{standings, Entrant, Format, Game, Placing, Player};

use crate::{bye, duel, id};

fn es(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: id(i),
            rating: 1500,
            active: true,
            partner: None,
        })
        .collect()
}

fn table(round: u32, players: &[Player], places: &[u8], forfeits: &[Player]) -> Game {
    let seats: &[Seat] = match players.len() {
        4 => &Seat::ALL,
        3 => &[Seat::Morning, Seat::Day, Seat::Evening],
        _ => &[Seat::Morning, Seat::Evening],
    };
    Game {
        round,
        seats: seats.iter().copied().zip(players.iter().copied()).collect(),
        result: Some(Placing {
            places: players
                .iter()
                .copied()
                .zip(places.iter().copied())
                .collect(),
            forfeits: forfeits.to_vec(),
        }),
    }
}

fn points_of(format: &Format, e: &[Entrant], games: &[Game]) -> Vec<f64> {
    let s = standings(format, e, games);
    (0..e.len())
        .map(|i| s.iter().find(|l| l.player == id(i)).unwrap().points)
        .collect()
}

const FFA: Format = Format::NevaTables {
    rounds: 3,
    teams: false,
};
const TEAMS: Format = Format::NevaTables {
    rounds: 3,
    teams: true,
};

#[test]
fn neva_points_by_place_and_table_size() {
    let e = es(4);
    let p: Vec<Player> = (0..4).map(id).collect();
    assert_eq!(
        points_of(&FFA, &e, &[table(1, &p, &[0, 1, 2, 3], &[])]),
        vec![3.0, 2.0, 1.0, 0.0]
    );
    // Ties share the points of the places they cover, whichever way places are numbered.
    assert_eq!(
        points_of(&FFA, &e, &[table(1, &p, &[0, 0, 2, 3], &[])]),
        vec![2.5, 2.5, 1.0, 0.0]
    );
    assert_eq!(
        points_of(&FFA, &e, &[table(1, &p, &[0, 0, 1, 1], &[])]),
        vec![2.5, 2.5, 0.5, 0.5]
    );
    assert_eq!(
        points_of(&FFA, &e, &[table(1, &p[..3], &[0, 1, 2], &[])])[..3],
        [3.0, 1.5, 0.0]
    );
    assert_eq!(
        points_of(&FFA, &e, &[table(1, &p[..2], &[1, 0], &[])])[..2],
        [0.0, 3.0]
    );
    // A forfeit scores nothing; the others share the places above it.
    assert_eq!(
        points_of(&FFA, &e, &[table(1, &p, &[3, 0, 1, 2], &[id(0)])]),
        vec![0.0, 3.0, 2.0, 1.0]
    );
    // A bye is a table's average, 1.5.
    assert_eq!(points_of(&FFA, &e, &[bye(1, id(0))])[0], 1.5);
}

#[test]
fn team_points_go_to_both_partners() {
    let e = es(4);
    let p: Vec<Player> = (0..4).map(id).collect();
    // White (0) + Green (2) against Red (1) + Black (3); Green finishes first.
    let g = table(1, &p, &[2, 1, 0, 3], &[]);
    assert_eq!(points_of(&TEAMS, &e, &[g]), vec![3.0, 0.0, 3.0, 0.0]);
    let draw = table(1, &p, &[0, 0, 0, 0], &[]);
    assert_eq!(points_of(&TEAMS, &e, &[draw]), vec![1.5; 4]);
    // White did not show up; Green won alone: Green gets the team's points, White nothing.
    let g = table(1, &p, &[3, 1, 0, 2], &[id(0)]);
    assert_eq!(points_of(&TEAMS, &e, &[g]), vec![0.0, 0.0, 3.0, 0.0]);
}

#[test]
fn neva_tiebreaks_opponents_points_then_wins() {
    let e = es(8);
    let a: Vec<Player> = (0..4).map(id).collect();
    let b: Vec<Player> = (4..8).map(id).collect();
    let games = vec![
        table(1, &a, &[0, 1, 2, 3], &[]),
        table(1, &b, &[0, 1, 2, 3], &[]),
        table(2, &[id(0), id(4), id(1), id(5)], &[0, 1, 2, 3], &[]),
    ];
    let s = standings(&FFA, &e, &games);
    assert_eq!(s[0].player, id(0));
    assert_eq!(s[0].points, 6.0);
    let names: Vec<&str> = s[0].tiebreaks.iter().map(|t| t.0).collect();
    assert_eq!(names, vec!["opponents_points", "wins"]);
    assert_eq!(s[0].wins, 2);
    assert_eq!(s[0].played, 2);
    assert_eq!(s.iter().map(|l| l.rank).collect::<Vec<_>>().len(), 8);
}

#[test]
fn swiss_buchholz_sonneborn_berger_and_shared_ranks() {
    let e = es(4);
    let s = Format::Swiss { rounds: 2 };
    let games = vec![
        duel(1, id(0), id(1), 1.0),
        duel(1, id(2), id(3), 0.5),
        duel(2, id(0), id(2), 0.5),
        duel(2, id(3), id(1), 0.5),
    ];
    // Points: 0: 1.5, 1: 0.5, 2: 1, 3: 1.
    let t = standings(&s, &e, &games);
    assert_eq!(t[0].player, id(0));
    assert_eq!(t[0].points, 1.5);
    // Buchholz of 0: 0.5 + 1; Sonneborn-Berger: 0.5 (beat 1) + 0.5 * 1 (drew 2).
    assert_eq!(
        t[0].tiebreaks,
        vec![("buchholz", 1.5), ("sonneborn_berger", 1.0)]
    );
    // 2 and 3: both 1 point; Buchholz 2: 1.5 + 1 = 2.5, 3: 1 + 0.5 = 1.5.
    assert_eq!(t[1].player, id(2));
    assert_eq!(t[2].player, id(3));
    assert_eq!((t[1].rank, t[2].rank, t[3].rank), (2, 3, 4));
    // Mirror results: full tie, shared rank.
    let even = vec![duel(1, id(0), id(1), 0.5), duel(1, id(2), id(3), 0.5)];
    let t = standings(&s, &e, &even);
    assert!(t.iter().all(|l| l.rank == 1));
    assert_eq!((t[0].draws, t[0].played), (1, 1));
}

#[test]
fn byes_count_points_not_games_and_withdrawn_players_stay() {
    let mut e = es(3);
    e[2].active = false;
    let games = vec![duel(1, id(0), id(1), 0.0), bye(1, id(2))];
    let t = standings(&Format::RoundRobin, &e, &games);
    assert_eq!(t.len(), 3);
    let c = t.iter().find(|l| l.player == id(2)).unwrap();
    assert_eq!((c.points, c.played), (1.0, 0));
    // Unfinished games count nothing; a forfeit is a loss for the absentee.
    let mut g = duel(2, id(0), id(1), 1.0);
    g.result = None;
    let f = Game {
        round: 2,
        seats: vec![(Seat::Morning, id(0)), (Seat::Night, id(1))],
        result: Some(Placing {
            places: vec![],
            forfeits: vec![id(1)],
        }),
    };
    let t = standings(&Format::Swiss { rounds: 3 }, &e, &[g, f]);
    assert_eq!(t[0].player, id(0));
    assert_eq!((t[0].points, t[0].wins, t[0].played), (1.0, 1, 1));
}

#[test]
fn format_json() {
    let cases = [
        (
            Format::Swiss { rounds: 5 },
            r#"{"kind":"swiss","rounds":5}"#,
        ),
        (Format::RoundRobin, r#"{"kind":"round_robin"}"#),
        (
            Format::Arena { minutes: 45 },
            r#"{"kind":"arena","minutes":45}"#,
        ),
        (
            Format::NevaTables {
                rounds: 4,
                teams: true,
            },
            r#"{"kind":"neva_tables","rounds":4,"teams":true}"#,
        ),
    ];
    for (f, json) in cases {
        assert_eq!(serde_json::to_string(&f).unwrap(), json);
        assert_eq!(serde_json::from_str::<Format>(json).unwrap(), f);
    }
    let g = duel(1, id(0), id(1), 1.0);
    let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    assert!(serde_json::to_string(&g).unwrap().contains(r#""white""#));
}

#[test]
fn a_bye_counts_in_buchholz_as_fide_2023_counts_it() {
    let e = es(3);
    let s = Format::Swiss { rounds: 2 };
    // Round 1: 0 beats 1, 2 has the bye. Round 2: 2 beats 0, 1 has the bye.
    let games = vec![
        duel(1, id(0), id(1), 1.0),
        bye(1, id(2)),
        duel(2, id(2), id(0), 1.0),
        bye(2, id(1)),
    ];
    // Points: 0: 1, 1: 1 (a bye), 2: 2 (a bye and a win).
    let t = standings(&s, &e, &games);
    let line = |i: usize| t.iter().find(|l| l.player == id(i)).unwrap().clone();
    // 2 met 0 (1 point) and had a bye: a virtual opponent on 2's own 2 points.
    assert_eq!(line(2).tiebreaks[0], ("buchholz", 1.0 + 2.0));
    // 0 met 1 (whose 1 point is a bye, counted as a draw: ½) and 2 (a bye and a win: 1½).
    assert_eq!(line(0).tiebreaks[0], ("buchholz", 0.5 + 1.5));
    // Sonneborn-Berger of 0: beat 1, worth 1's ½; a bye adds nothing to it.
    assert_eq!(line(0).tiebreaks[1], ("sonneborn_berger", 0.5));
    assert_eq!(line(2).tiebreaks[1], ("sonneborn_berger", 1.0));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 128, ..Default::default() })]

    /// Over random Swiss events with byes, every Buchholz is the sum over the player's games
    /// of the opponent's points with byes as draws, plus the player's own points per bye.
    #[test]
    fn buchholz_counts_byes_as_the_2023_rules_do(n in 3usize..=9, seed: u64) {
        let mut rng = crate::Lcg(seed);
        let e = crate::entrants(n, &mut rng);
        let format = Format::Swiss { rounds: 4 };
        let mut games = Vec::new();
        for round in 1..=4 {
            let r = tourney::pair_round(&format, &e, &games, round).unwrap();
            crate::play(round, &r, &mut rng, &mut games);
        }
        let t = standings(&format, &e, &games);
        let points = |p: Player| t.iter().find(|l| l.player == p).unwrap().points;
        let byes = |p: Player| games.iter().filter(|g| g.seats.len() == 1 && g.seats[0].1 == p).count() as f64;
        for line in &t {
            let me = line.player;
            let mut want = byes(me) * points(me);
            for g in games.iter().filter(|g| g.seats.len() == 2) {
                let (a, b) = (g.seats[0].1, g.seats[1].1);
                let opp = if a == me { b } else if b == me { a } else { continue };
                want += points(opp) - byes(opp) * 0.5;
            }
            proptest::prop_assert!((line.tiebreaks[0].1 - want).abs() < 1e-9, "{line:?}: want {want}");
        }
    }
}
