//! Arena scoring and pairing.

use rules::Seat;
use tourney::{arena_pair, standings, Entrant, Format, Game, Player};

use crate::{duel, id};

fn es(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: id(i),
            rating: 1500 - i as i32,
            active: true,
            partner: None,
        })
        .collect()
}

const ARENA: Format = Format::Arena { minutes: 60 };

#[test]
fn two_wins_in_a_row_double_points_until_a_game_is_not_won() {
    let e = es(2);
    let (a, b) = (id(0), id(1));
    // a: win, win, win (4), draw (2, ends the streak), win (2), win (2), win (4), loss.
    let results = [1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 0.0];
    let games: Vec<Game> = results
        .iter()
        .enumerate()
        .map(|(k, &s)| duel(k as u32 + 1, a, b, s))
        .collect();
    let table = standings(&ARENA, &e, &games);
    assert_eq!(table[0].player, a);
    assert_eq!(table[0].points, 2.0 + 2.0 + 4.0 + 2.0 + 2.0 + 2.0 + 4.0);
    assert_eq!((table[0].wins, table[0].draws, table[0].losses), (6, 1, 1));
    // b: a draw (1) and a win (2).
    assert_eq!(table[1].points, 3.0);
    assert!(table[0].tiebreaks.is_empty());
}

#[test]
fn equal_points_rank_fewer_games_first_and_share_full_ties() {
    let e = es(4);
    let games = vec![
        duel(1, id(0), id(1), 1.0),
        duel(2, id(2), id(3), 0.5),
        duel(3, id(2), id(3), 0.5),
    ];
    let t = standings(&ARENA, &e, &games);
    assert_eq!(t[0].player, id(0));
    assert_eq!((t[1].rank, t[2].rank), (2, 2));
    assert_eq!(t[3].player, id(1));
    assert_eq!(t[3].rank, 4);
}

#[test]
fn waiting_players_meet_the_nearest_score_but_not_their_last_opponent() {
    let e = es(4);
    // 0 beat 1 and 2 beat 3: by score 0, 2, then 1, 3. Without the rematch rule 0 would
    // meet 2 and 1 meet 3; with last opponents 0-1 and 2-3 that is allowed.
    let games = vec![duel(1, id(0), id(1), 1.0), duel(2, id(2), id(3), 1.0)];
    let waiting: Vec<Player> = (0..4).map(id).collect();
    let pairs = arena_pair(&e, &waiting, &games);
    let set: Vec<(Player, Player)> = pairs.iter().map(|t| (t[0].1, t[1].1)).collect();
    assert_eq!(pairs.len(), 2);
    assert!(set
        .iter()
        .any(|&(x, y)| (x, y) == (id(0), id(2)) || (x, y) == (id(2), id(0))));
    // Now 0 and 2 just played: the two leaders must not meet at once again.
    let mut games = games;
    games.push(duel(3, id(0), id(2), 0.5));
    let pairs = arena_pair(&e, &waiting, &games);
    for t in &pairs {
        let (x, y) = (t[0].1, t[1].1);
        assert!(
            !((x, y) == (id(0), id(2)) || (x, y) == (id(2), id(0))),
            "{pairs:?}"
        );
        assert_eq!((t[0].0, t[1].0), (Seat::Morning, Seat::Night));
    }
}

#[test]
fn odd_waiting_leaves_the_latest_arrival_and_ignores_strangers() {
    let e = es(3);
    let stranger = id(99);
    let waiting = vec![id(2), id(0), stranger, id(0), id(1)];
    let pairs = arena_pair(&e, &waiting, &[]);
    assert_eq!(pairs.len(), 1);
    let mut seated = vec![pairs[0][0].1, pairs[0][1].1];
    seated.sort();
    assert_eq!(seated, vec![id(0), id(2)]);
    // Alone, or two who just played and nobody else: they play again rather than wait.
    assert!(arena_pair(&e, &[id(1)], &[]).is_empty());
    let g = vec![duel(1, id(0), id(1), 1.0)];
    assert_eq!(arena_pair(&e, &[id(0), id(1)], &g).len(), 1);
}

#[test]
fn colours_alternate() {
    let e = es(2);
    let g = vec![duel(1, id(0), id(1), 1.0)];
    let pairs = arena_pair(&e, &[id(0), id(1)], &g);
    assert_eq!(pairs[0], vec![(Seat::Morning, id(1)), (Seat::Night, id(0))]);
}
