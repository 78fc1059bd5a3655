//! Fixed seating (tournament games) and the no-show rule.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    Actor, Bot, Command, EventKind, LobbyError, Occupant, Reason, Room, RoomConfig, RoomState,
    TimeControl, Verdict, Viewer,
};
use rules::{Seat, SeatSet, Variant};

fn per_move(limit_ms: u64) -> TimeControl {
    TimeControl::PerMove { limit_ms }
}

/// A paired room: `people` seated by number, `bots` at level 1, the no-show wait given.
fn paired(
    variant: Variant,
    people: &[(u128, Seat)],
    bots: &[Seat],
    no_show_ms: Option<u64>,
) -> RoomConfig {
    let mut c = config_timed(options(variant, &[]), per_move(60_000));
    c.seated = people.iter().map(|&(n, s)| (s, person(n))).collect();
    c.seated_bots = bots
        .iter()
        .map(|&s| {
            (
                s,
                Bot {
                    kind: "random".into(),
                    level: 1,
                },
            )
        })
        .collect();
    c.no_show_ms = no_show_ms;
    c
}

fn mv(room: &mut Room, n: u128, at: u64) {
    let text = legal(room).remove(0);
    ok(room, &player(n), t(at), Command::Move { text });
}

#[test]
fn a_fixed_seating_starts_at_once_with_white_and_nobody_can_abort() {
    let (mut room, events) = Room::new(
        paired(Variant::Neva, &[(2, W), (3, G)], &[R, B], Some(5_000)),
        t(100),
    )
    .unwrap();
    assert_eq!(room.state(), RoomState::Playing);
    assert_eq!(room.turn(), Some(W));
    assert!(has(
        &events,
        |k| matches!(k, EventKind::Started { first, .. } if *first == W)
    ));
    assert!(matches!(room.occupant(R), Some(Occupant::Bot(_))));
    assert_eq!(room.seat_of(person(3).id), Some(G));
    // People are away until their socket comes; bots are there.
    let snap = room.snapshot(Viewer::Spectator);
    let connected: Vec<bool> = Seat::ALL
        .iter()
        .map(|&s| snap.seats[s].as_ref().unwrap().connected)
        .collect();
    assert_eq!(connected, [false, true, false, true], "{:?}", snap.seats);
    // The first move is due by the no-show wait, not the clock's first-move time.
    assert_eq!(room.next_deadline(), Some(t(5_100)));
    // A seated player, the host and a seated player again may not call the game off.
    assert_eq!(
        refused(&mut room, &player(2), t(200), Command::Abort),
        LobbyError::AbortNotAllowed
    );
    assert_eq!(
        refused(&mut room, &player(HOST), t(200), Command::Abort),
        LobbyError::AbortNotAllowed
    );
    // Seats are not for taking.
    assert!(matches!(
        refused(
            &mut room,
            &player(9),
            t(200),
            Command::TakeSeat { seat: None }
        ),
        LobbyError::WrongState { .. }
    ));
    // The server still may (an admin closing a room).
    ok(&mut room, &Actor::Server, t(300), Command::Abort);
    assert_eq!(room.state(), RoomState::Aborted);
}

#[test]
fn a_fixed_seating_must_fill_the_layout_exactly() {
    let cases: [(RoomConfig, LobbyError); 4] = [
        (
            paired(Variant::Stockholm, &[(2, W)], &[], None),
            LobbyError::NotAllSeatsTaken,
        ),
        (
            paired(Variant::Stockholm, &[(2, W), (2, Seat::Night)], &[], None),
            LobbyError::AlreadySeated(W),
        ),
        (
            paired(Variant::Stockholm, &[(2, W), (3, R)], &[], None),
            LobbyError::NoSuchSeat(R),
        ),
        (
            paired(Variant::Stockholm, &[(2, W)], &[W], None),
            LobbyError::SeatTaken(W),
        ),
    ];
    for (config, expected) in cases {
        assert_eq!(Room::new(config, t(0)).unwrap_err(), expected);
    }
    let mut untimed = paired(Variant::Stockholm, &[(2, W), (3, B)], &[], Some(1_000));
    untimed.time_control = TimeControl::None;
    assert!(matches!(
        Room::new(untimed, t(0)).unwrap_err(),
        LobbyError::InvalidConfig(_)
    ));
}

#[test]
fn a_two_seat_no_show_loses_by_forfeit() {
    let (mut room, _) = Room::new(
        paired(Variant::Stockholm, &[(2, W), (3, B)], &[], Some(10_000)),
        t(0),
    )
    .unwrap();
    mv(&mut room, 2, 4_000);
    // Black's wait starts with its first turn.
    assert_eq!(room.next_deadline(), Some(t(14_000)));
    ok(&mut room, &Actor::Server, t(13_999), Command::Tick);
    assert_eq!(room.state(), RoomState::Playing);
    let events = ok(&mut room, &Actor::Server, t(14_000), Command::Tick);
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Departed { seat, reason: Reason::NoShow, action, .. }
            if *seat == B && action == "timeout black"
    )));
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(W));
    assert_eq!(outcome.reason, Reason::NoShow);
    assert_eq!(outcome.reason.key(), "no_show");
    assert_eq!(outcome.seats[B].unwrap().verdict, Verdict::Loss);
}

#[test]
fn without_the_rule_a_missed_first_move_still_aborts() {
    let (mut room, _) = Room::new(
        paired(Variant::Stockholm, &[(2, W), (3, B)], &[], None),
        t(0),
    )
    .unwrap();
    // The per-move limit is the first-move time.
    ok(&mut room, &Actor::Server, t(60_000), Command::Tick);
    assert_eq!(room.state(), RoomState::Aborted);
}

#[test]
fn a_neva_no_show_goes_out_and_the_others_play_on() {
    let (mut room, _) = Room::new(
        paired(
            Variant::Neva,
            &[(HOST, W), (2, R), (3, G), (4, B)],
            &[],
            Some(5_000),
        ),
        t(0),
    )
    .unwrap();
    // White and Red never come: one tick long after puts both out, each at its deadline.
    let events = ok(&mut room, &Actor::Server, t(12_000), Command::Tick);
    let out: Vec<(Seat, Reason)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Departed { seat, reason, .. } => Some((*seat, *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(out, [(W, Reason::NoShow), (R, Reason::NoShow)]);
    assert_eq!(room.state(), RoomState::Playing);
    assert_eq!(room.turn(), Some(G));
    // Green's wait began when Red's ran out (10 s).
    assert_eq!(room.next_deadline(), Some(t(15_000)));
    mv(&mut room, 3, 14_000);
    mv(&mut room, 4, 15_000);
    assert_eq!(room.state(), RoomState::Playing);
    // Green resigns: Black wins; the no-shows are last, the later one before the earlier.
    ok(&mut room, &player(3), t(16_000), Command::Resign);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(B));
    assert_eq!(outcome.reason, Reason::Resigned);
    assert_eq!(outcome.seats[W].unwrap().reason, Reason::NoShow);
    assert_eq!(
        outcome.finishing_order,
        [B, G, R, W].map(SeatSet::only).to_vec()
    );
}

#[test]
fn a_rematch_of_a_paired_game_is_a_friendly_game() {
    let (mut room, _) = Room::new(
        paired(Variant::Stockholm, &[(2, W), (3, B)], &[], Some(10_000)),
        t(0),
    )
    .unwrap();
    ok(&mut room, &player(2), t(1_000), Command::Resign);
    ok(
        &mut room,
        &player(2),
        t(2_000),
        Command::Rematch {
            new_room: uuid::Uuid::from_u128(77),
            lot: 0,
        },
    );
    let handled = room
        .handle(
            &player(3),
            t(2_100),
            Command::Rematch {
                new_room: uuid::Uuid::from_u128(77),
                lot: 0,
            },
        )
        .unwrap();
    let rematch = handled.rematch.unwrap();
    assert_eq!(rematch.state(), RoomState::Playing);
    assert!(!rematch.config().fixed_seating());
    assert_eq!(rematch.config().no_show_ms, None);
    assert_eq!(rematch.seat_of(person(3).id), Some(W));
}
