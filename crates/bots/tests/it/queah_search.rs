//! Queah's draw rules as the search sees them: a repetition is adjudicated by piece count
//! at the rule's own count (3 by default), not at a position's second occurrence.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bots::{search_game, Limits, WIN, WIN_BOUND};
use rules::{Position, Queah, QueahOptions, SeatSet};

/// White (three pieces against two, so ahead on the count) to move, far from any capture.
fn ahead() -> Queah {
    Queah::from_position_string("W:Wa1,c1,e1:Ba5,c5", QueahOptions::default()).unwrap()
}

fn two_plies() -> Limits {
    Limits {
        depth: 2,
        ..Limits::nodes(100_000)
    }
}

fn white() -> SeatSet {
    SeatSet::only(ahead().turn().unwrap())
}

#[test]
fn a_second_occurrence_is_not_yet_an_adjudicated_win() {
    let pos = ahead();
    let plain = search_game(&pos, white(), &[pos.hash()], two_plies(), 0, 1).unwrap();
    assert!(plain.score.abs() < WIN_BOUND, "{plain:?}");
    // Every position White can reach has occurred once already: reaching one again is its
    // second occurrence, which the rule (three) does not end.
    for mv in pos.legal_moves() {
        let next = pos.clone().play(&mv).unwrap();
        let history = [next.hash(), pos.hash()];
        let found = search_game(&pos, white(), &history, two_plies(), 0, 1).unwrap();
        assert!(
            found.score.abs() < WIN_BOUND,
            "{}: {found:?}",
            pos.move_to_string(&mv)
        );
    }
}

#[test]
fn a_third_occurrence_is_adjudicated_by_the_piece_count() {
    let pos = ahead();
    let mv = pos.legal_moves()[0];
    let next = pos.clone().play(&mv).unwrap();
    let history = [next.hash(), pos.hash(), next.hash(), pos.hash()];
    let found = search_game(&pos, white(), &history, two_plies(), 0, 1).unwrap();
    assert_eq!(found.best, mv);
    assert_eq!(found.score, WIN - 1, "{found:?}");
}

#[test]
fn the_search_sees_the_no_progress_limit_coming() {
    // One turn before the limit: any turn without a capture or a drop ends the game, and
    // White is ahead on the count.
    let pos =
        Queah::from_position_string("W:Wa1,c1,e1:Ba5,c5:np=39", QueahOptions::default()).unwrap();
    let found = search_game(&pos, white(), &[pos.hash()], two_plies(), 0, 1).unwrap();
    assert_eq!(found.score, WIN - 1, "{found:?}");
}
