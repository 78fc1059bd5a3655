//! Forced wins built from the rules: the bot must see the win and then carry it out against
//! a searching defender.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bots::arena::{play_game, Player};
use bots::{Limits, Style, WIN_BOUND};
use rules::{AnyOptions, AnyPosition, Status, Variant};

fn style(nodes: u64) -> Style {
    Style {
        limits: Limits::nodes(nodes),
        noise: 0,
        random_per_mille: 0,
    }
}

/// `text` (a position string of `variant` under `options`) is a forced win for the side to
/// move within `plies`; the bot proves it and wins the game.
fn puzzle(variant: Variant, options: &[(&str, &str)], text: &str, plies: usize) {
    let opts = AnyOptions::from_pairs(variant, options.iter().copied()).unwrap();
    let pos = AnyPosition::from_position_string(variant, text, &opts).unwrap();
    let mover = pos.turn().unwrap();
    let team = bots::team_of(&pos, mover);
    let found = bots::search(&pos, &[], Limits::nodes(1_000_000)).unwrap();
    assert!(
        found.score > WIN_BOUND,
        "{text}: no forced win seen ({found:?})"
    );
    let mut players = [None; 4];
    for seat in pos.seats().iter() {
        players[seat.index()] = Some(Player::Custom(style(if team.contains(seat) {
            1_000_000
        } else {
            50_000
        })));
    }
    let outcome = play_game(&pos, &players, 1).unwrap();
    match outcome.status {
        Status::Won { winners, .. } => {
            assert!(
                !winners.intersect(team).is_empty(),
                "{text}: {winners:?} won"
            )
        }
        other => panic!("{text}: ended {other:?}"),
    }
    assert!(
        outcome.plies <= plies,
        "{text}: took {} plies",
        outcome.plies
    );
}

#[test]
fn stockholm_king_and_man_trap_two_men() {
    // White's king and man catch both Black men before either crowns (spec §5.2-5.4).
    puzzle(Variant::Stockholm, &[], "W:WKa1,c3:Bf6,h8", 13);
}

#[test]
fn stockholm_two_against_one() {
    puzzle(Variant::Stockholm, &[], "W:WKe1,g1:Bb6", 5);
}

#[test]
fn brazilian_two_against_one() {
    puzzle(
        Variant::Stockholm,
        &[("deferred_backward_capture", "false")],
        "W:WKe1,g1:Bb6",
        5,
    );
}

#[test]
fn give_and_take_two_kings_hunt_a_king() {
    // Rook-like kings (spec §4.3); the hot-piece rule forces the exchanges (§4.5).
    puzzle(Variant::GiveAndTake, &[], "W:WKa1,Kh1:BKd5", 5);
}

#[test]
fn queah_blocked_piece_loses() {
    // Black's only piece on a1 has one link; taking it away leaves Black without a move (§3.7).
    puzzle(Variant::Queah, &[], "W:Wc3,d2:Ba1", 3);
}

#[test]
fn queah_two_against_two() {
    puzzle(Variant::Queah, &[], "W:Wc3,e3:Bb4,a5", 11);
}

#[test]
fn neva_two_seats_king_catches_man() {
    puzzle(Variant::Neva, &[("seats", "white,green")], "W:WK25:G52", 5);
}

#[test]
fn neva_three_seats_kings_win_free_for_all() {
    puzzle(
        Variant::Neva,
        &[("seats", "white,red,black")],
        "W:WK33,K43:R66:B11",
        40,
    );
}

#[test]
fn neva_four_seats_free_for_all() {
    puzzle(Variant::Neva, &[], "W:WK33,K44:R66:G61:B11", 60);
}

#[test]
fn neva_teams_partner_counts() {
    // White and Green against Red and Black: Green's king is White's ally (§2.8).
    puzzle(
        Variant::Neva,
        &[("teams", "true")],
        "W:WK33:R66:GK16:B11",
        7,
    );
}
