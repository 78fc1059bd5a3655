//! Correspondence games: days per move, no claims against absent players, and the outage
//! of a restart given back as for the live clocks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    AbortReason, Actor, Command, EventKind, FirstSeat, LobbyError, Reason, Room, RoomState,
    TimeControl, Viewer,
};
use rules::{SeatSet, Variant};

const DAY: u64 = TimeControl::DAY_MS;

fn days(days: u32) -> TimeControl {
    TimeControl::Correspondence { days }
}

/// A Stockholm game by correspondence, the host White and player 4 Black, started at 0.
fn game(per_move_days: u32) -> Room {
    started(
        config_timed(options(Variant::Stockholm, &[]), days(per_move_days)),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    )
}

/// The seat to move plays its first legal move at `at`.
fn play(room: &mut Room, at: lobby::Timestamp) -> Vec<lobby::Event> {
    let who = if room.turn() == Some(W) { HOST } else { 4 };
    let text = legal(room).remove(0);
    ok(room, &player(who), at, Command::Move { text })
}

#[test]
fn the_bounds_are_one_to_fourteen_days() {
    assert!(days(0).check_bounds().is_err());
    assert!(days(1).check_bounds().is_ok());
    assert!(days(14).check_bounds().is_ok());
    assert!(days(15).check_bounds().unwrap_err().contains("`days`"));
    assert!(days(u32::MAX).check_bounds().is_err());
    assert_eq!(days(3).move_limit_ms(), Some(3 * DAY));
    let parsed: TimeControl =
        serde_json::from_str(r#"{"kind":"correspondence","days":3}"#).unwrap();
    assert_eq!(parsed, days(3));
    assert_eq!(
        serde_json::to_string(&days(3)).unwrap(),
        r#"{"kind":"correspondence","days":3}"#
    );
    // The room refuses a game without a day to move, whatever the caller checked.
    let bad = config_timed(options(Variant::Stockholm, &[]), days(0));
    assert!(matches!(
        Room::new(bad, t(0)),
        Err(LobbyError::InvalidConfig(_))
    ));
}

#[test]
fn each_move_has_the_days_and_a_late_one_loses_on_time() {
    let mut room = game(2);
    // The first move has the same limit: two days, not the live games' 30 seconds.
    assert_eq!(room.next_deadline(), Some(t(2 * DAY)));
    ok(&mut room, &Actor::Server, t(2 * DAY - 1), Command::Tick);
    assert_eq!(room.state(), RoomState::Playing);
    play(&mut room, t(DAY)); // White's first move, after a day
    assert_eq!(room.next_deadline(), Some(t(3 * DAY)));
    assert_eq!(room.last_move_at(), Some(t(DAY)));
    play(&mut room, t(3 * DAY - 1)); // Black's, a moment before its two days ran out
    play(&mut room, t(4 * DAY)); // White's second
    assert_eq!(room.remaining_ms(B), Some(2 * DAY), "the limit is per move");
    assert_eq!(room.next_deadline(), Some(t(6 * DAY)));
    // Black lets its two days pass: it loses on time, at the moment they ran out.
    let events = ok(&mut room, &Actor::Server, t(9 * DAY), Command::Tick);
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Departed {
            seat: B,
            reason: Reason::Time,
            ..
        }
    )));
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(W));
    assert_eq!(outcome.reason, Reason::Time);
}

#[test]
fn a_first_move_not_made_within_the_days_aborts_the_game() {
    let mut room = game(1);
    play(&mut room, t(1_000));
    // Black has a day from White's first move.
    ok(&mut room, &Actor::Server, t(DAY), Command::Tick);
    assert_eq!(room.state(), RoomState::Playing);
    let events = ok(&mut room, &Actor::Server, t(DAY + 1_000), Command::Tick);
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Aborted {
            reason: AbortReason::NoFirstMove,
            seat: Some(B),
            ..
        }
    )));
    assert!(room.outcome().is_none());
}

#[test]
fn nobody_can_claim_against_an_absent_player() {
    let mut cfg = config_timed(options(Variant::Stockholm, &[]), days(14));
    cfg.grace_ms = 60_000;
    let mut room = started(cfg, &[(HOST, W), (4, B)], FirstSeat::Lot(0));
    play(&mut room, t(0));
    play(&mut room, t(1_000));
    let events = ok(&mut room, &player(4), t(2_000), Command::Disconnect);
    assert!(
        !has(&events, |k| matches!(k, EventKind::Claim { .. })),
        "no claim opens: {events:?}"
    );
    // Away for a week (within the clock): still no claim, of either kind.
    assert_eq!(room.snapshot(Viewer::Seat(W)).claim_opens_at, None);
    for claim in [Command::ClaimVictory, Command::ClaimDraw] {
        assert_eq!(
            refused(&mut room, &player(HOST), t(7 * DAY), claim),
            LobbyError::ClaimNotOpen { opens_in_ms: None }
        );
    }
    assert_eq!(room.state(), RoomState::Playing);
    // The game goes on when White moves, days later.
    play(&mut room, t(8 * DAY));
    assert_eq!(room.turn(), Some(B));
}

#[test]
fn a_restart_gives_the_days_back() {
    let mut room = game(3);
    play(&mut room, t(0));
    play(&mut room, t(DAY));
    // White's three days run from day 1; the server stopped at day 2 and came back at
    // day 10: White still has the two days it had when the server stopped.
    let events = ok(
        &mut room,
        &Actor::Server,
        t(10 * DAY),
        Command::Resume {
            down_at: t(2 * DAY),
        },
    );
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Resumed { down_ms, given_back_ms, .. }
            if *down_ms == 8 * DAY && *given_back_ms == 8 * DAY
    )));
    assert_eq!(room.state(), RoomState::Playing);
    assert_eq!(room.next_deadline(), Some(t(12 * DAY)));
}
