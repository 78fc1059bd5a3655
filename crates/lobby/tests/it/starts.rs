//! How a game starts and its first moves: rooms that start by themselves when the last
//! seat is filled, and the lidraughts clock convention (a seat's clock runs from its first
//! move; a first move not made in time aborts the game, nobody loses).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    AbortReason, Actor, Bot, Command, Event, EventKind, FirstSeat, LobbyError, Reason, Room,
    RoomConfig, RoomState, TimeControl, Viewer, FIRST_MOVE_MS,
};
use rules::{Seat, Variant};
use uuid::Uuid;

fn auto(variant: Variant, id: u128) -> RoomConfig {
    let mut c = config(options(variant, &[]));
    c.id = Uuid::from_u128(id);
    c.auto_start = true;
    c
}

fn bot() -> Bot {
    Bot {
        kind: "engine".into(),
        level: 2,
    }
}

fn mv(text: &str) -> Command {
    Command::Move { text: text.into() }
}

fn fischer(base_ms: u64, increment_ms: u64) -> TimeControl {
    TimeControl::Fischer {
        base_ms,
        increment_ms,
    }
}

fn clocks(room: &Room) -> lobby::ClockView {
    room.snapshot(Viewer::Spectator)
        .board
        .unwrap()
        .clocks
        .unwrap()
}

fn first_of(events: &[Event]) -> Option<Seat> {
    events.iter().find_map(|e| match e.kind {
        EventKind::Started { first, .. } => Some(first),
        _ => None,
    })
}

/// Seats a four-seat Neva room with auto start: three people, then the host's bot, at
/// `at`; returns the room and the last command's events.
fn neva_filled(id: u128, at: u64) -> (Room, Vec<Event>) {
    let mut room = Room::new(auto(Variant::Neva, id), t(0)).unwrap().0;
    for (n, seat) in [(HOST, W), (2, R), (3, G)] {
        let events = ok(
            &mut room,
            &player(n),
            t(at),
            Command::TakeSeat { seat: Some(seat) },
        );
        assert!(
            first_of(&events).is_none(),
            "not before every seat is taken"
        );
    }
    let events = ok(
        &mut room,
        &player(HOST),
        t(at),
        Command::SetBot {
            seat: B,
            bot: bot(),
        },
    );
    (room, events)
}

#[test]
fn a_room_that_starts_by_itself_starts_when_the_last_seat_is_filled() {
    let mut room = Room::new(auto(Variant::Stockholm, 5), t(0)).unwrap().0;
    assert!(room.info().auto_start);
    assert!(room.snapshot(Viewer::Spectator).room.auto_start);
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::TakeSeat { seat: Some(W) },
    );
    assert_eq!(room.state(), RoomState::Waiting);
    let events = ok(
        &mut room,
        &player(2),
        t(2),
        Command::TakeSeat { seat: None },
    );
    assert!(matches!(events[0].kind, EventKind::Seats { .. }));
    assert_eq!(
        first_of(&events),
        Some(W),
        "the two-seat games start with White"
    );
    assert_eq!(room.state(), RoomState::Playing);
    assert!(matches!(
        events.last().unwrap().kind,
        EventKind::YourTurn { seat: W, .. }
    ));
    // Without auto start, the host starts.
    let mut room = seated(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (2, B)],
    );
    assert_eq!(room.state(), RoomState::Waiting);
    assert!(!room.info().auto_start);
    ok(
        &mut room,
        &player(HOST),
        t(3),
        Command::Start {
            first: FirstSeat::Lot(0),
        },
    );
}

#[test]
fn the_lot_replays_the_same_and_varies_with_room_and_time() {
    let (room, events) = neva_filled(77, 1_234);
    assert_eq!(room.state(), RoomState::Playing);
    let first = first_of(&events).unwrap();
    // The server rebuilds a room by replaying its log: the same commands at the same
    // times draw the same first seat, event for event.
    let (again, replayed) = neva_filled(77, 1_234);
    assert_eq!(replayed, events);
    assert_eq!(
        again.snapshot(Viewer::Spectator),
        room.snapshot(Viewer::Spectator)
    );
    assert_eq!(first_of(&replayed), Some(first));
    // Over rooms and times, every seat gets drawn.
    let mut drawn = std::collections::BTreeSet::new();
    for i in 0..40u64 {
        let (_, events) = neva_filled(u128::from(i % 5) + 100, i * 7_919);
        drawn.insert(first_of(&events).unwrap());
    }
    assert_eq!(drawn.len(), 4, "{drawn:?}");
}

#[test]
fn a_rematch_of_a_room_that_starts_by_itself_starts_with_the_lot_given() {
    let mut room = Room::new(auto(Variant::Stockholm, 9), t(0)).unwrap().0;
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::TakeSeat { seat: Some(W) },
    );
    ok(
        &mut room,
        &player(2),
        t(1),
        Command::TakeSeat { seat: Some(B) },
    );
    play_round(&mut room, t(2));
    ok(&mut room, &player(2), t(2), Command::Resign);
    let ask = Command::Rematch {
        new_room: Uuid::from_u128(10),
        lot: 3,
    };
    ok(&mut room, &player(HOST), t(3), ask.clone());
    let handled = room.handle(&player(2), t(4), ask).unwrap();
    let new = handled.rematch.unwrap();
    assert_eq!(new.state(), RoomState::Playing);
    assert!(new.info().auto_start);
    assert_eq!(new.seat_of(person(2).id), Some(W), "seats rotate");
    let lobby::Since::Events(events) = new.events_since(0, Viewer::Spectator) else {
        panic!()
    };
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Started { .. }))
            .count(),
        1
    );
}

#[test]
fn clocks_do_not_run_before_a_seats_first_move() {
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(60_000, 1_000)),
        &[(HOST, W), (2, B)],
        FirstSeat::Lot(0),
    );
    let c = clocks(&room);
    assert_eq!(c.running, None);
    assert_eq!(c.first_move_by, Some(t(FIRST_MOVE_MS)));
    assert_eq!(room.next_deadline(), Some(t(30_000)));
    // White thinks 10 s: its bank is untouched.
    ok(&mut room, &player(HOST), t(10_000), mv("c3-d4"));
    let c = clocks(&room);
    assert_eq!(c.remaining_ms[W], Some(60_000));
    assert_eq!(c.running, None, "Black has not moved yet");
    assert_eq!(c.first_move_by, Some(t(40_000)));
    assert_eq!(room.next_deadline(), Some(t(40_000)));
    ok(&mut room, &player(2), t(39_000), mv("f6-e5"));
    let c = clocks(&room);
    assert_eq!(c.remaining_ms[B], Some(60_000));
    assert_eq!(
        c.running,
        Some(W),
        "White's clock runs from its second move on"
    );
    assert_eq!(c.first_move_by, None);
    assert_eq!(room.next_deadline(), Some(t(99_000)));
    ok(&mut room, &player(HOST), t(41_000), mv("d4xf6"));
    let c = clocks(&room);
    assert_eq!(c.remaining_ms[W], Some(59_000));
    assert_eq!(c.running, Some(B));
    assert_eq!(room.next_deadline(), Some(t(41_000 + 60_000)));
}

#[test]
fn a_first_move_not_made_in_thirty_seconds_aborts_a_fischer_game() {
    let make = || {
        started(
            config_timed(options(Variant::Stockholm, &[]), fischer(60_000, 0)),
            &[(HOST, W), (2, B)],
            FirstSeat::Lot(0),
        )
    };
    let mut room = make();
    assert!(ok(&mut room, &Actor::Server, t(29_999), Command::Tick).is_empty());
    let events = ok(&mut room, &Actor::Server, t(30_000), Command::Tick);
    assert_eq!(events.len(), 1);
    assert_eq!(
        events[0].kind,
        EventKind::Aborted {
            by: None,
            reason: AbortReason::NoFirstMove,
            seat: Some(W)
        }
    );
    assert_eq!(room.state(), RoomState::Aborted);
    assert!(room.outcome().is_none(), "aborted, not lost");
    assert_eq!(room.next_deadline(), None);
    assert_eq!(clocks(&room).first_move_by, None);

    // Black's turn: its wait starts at White's first move.
    let mut room = make();
    ok(&mut room, &player(HOST), t(20_000), mv("c3-d4"));
    assert!(ok(&mut room, &Actor::Server, t(49_999), Command::Tick).is_empty());
    // A move that comes too late is answered with the abort, not played.
    let events = ok(&mut room, &player(2), t(50_000), mv("f6-e5"));
    assert_eq!(
        events[0].kind,
        EventKind::Aborted {
            by: None,
            reason: AbortReason::NoFirstMove,
            seat: Some(B)
        }
    );
    assert_eq!(room.plies(), 1);
    assert_eq!(room.state(), RoomState::Aborted);
}

#[test]
fn per_move_rooms_abort_on_a_missed_first_move_and_flag_later_ones() {
    let make = || {
        started(
            config_timed(
                options(Variant::Stockholm, &[]),
                TimeControl::PerMove { limit_ms: 5_000 },
            ),
            &[(HOST, W), (2, B)],
            FirstSeat::Lot(0),
        )
    };
    let mut room = make();
    assert_eq!(room.next_deadline(), Some(t(5_000)));
    assert_eq!(clocks(&room).first_move_by, Some(t(5_000)));
    let events = ok(&mut room, &Actor::Server, t(5_000), Command::Tick);
    assert!(matches!(
        events[0].kind,
        EventKind::Aborted {
            reason: AbortReason::NoFirstMove,
            seat: Some(W),
            ..
        }
    ));
    // Once both have moved, a missed limit loses on time.
    let mut room = make();
    ok(&mut room, &player(HOST), t(4_000), mv("c3-d4"));
    ok(&mut room, &player(2), t(8_000), mv("f6-e5"));
    assert_eq!(clocks(&room).running, Some(W));
    let events = ok(&mut room, &Actor::Server, t(13_000), Command::Tick);
    assert!(matches!(
        events[0].kind,
        EventKind::Departed {
            seat: W,
            reason: Reason::Time,
            ..
        }
    ));
    assert_eq!(room.state(), RoomState::Finished);
}

#[test]
fn a_neva_seat_that_never_moves_aborts_the_game() {
    let mut room = started(
        config_timed(options(Variant::Neva, &[]), fischer(60_000, 0)),
        &[(HOST, W), (2, R), (3, G), (4, B)],
        FirstSeat::Fixed(W),
    );
    for (n, at) in [(HOST, 1_000), (2, 2_000)] {
        let text = legal(&room)[0].clone();
        ok(&mut room, &player(n), t(at), mv(&text));
    }
    assert_eq!(room.turn(), Some(G));
    assert_eq!(room.next_deadline(), Some(t(32_000)));
    let events = ok(&mut room, &Actor::Server, t(40_000), Command::Tick);
    assert!(matches!(
        events[0].kind,
        EventKind::Aborted {
            reason: AbortReason::NoFirstMove,
            seat: Some(G),
            ..
        }
    ));
}

#[test]
fn a_restart_gives_back_the_first_move_wait() {
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(60_000, 0)),
        &[(HOST, W), (2, B)],
        FirstSeat::Lot(0),
    );
    // Down from 10 s to 100 s: White still has its 20 s.
    let events = ok(
        &mut room,
        &Actor::Server,
        t(100_000),
        Command::Resume { down_at: t(10_000) },
    );
    assert!(matches!(
        events[0].kind,
        EventKind::Resumed {
            given_back_ms: 90_000,
            ..
        }
    ));
    assert_eq!(room.next_deadline(), Some(t(120_000)));
    assert_eq!(room.state(), RoomState::Playing);
}

#[test]
fn an_aborted_game_refuses_moves() {
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(60_000, 0)),
        &[(HOST, W), (2, B)],
        FirstSeat::Lot(0),
    );
    ok(&mut room, &Actor::Server, t(30_000), Command::Tick);
    assert!(matches!(
        refused(&mut room, &player(HOST), t(30_001), mv("c3-d4")),
        LobbyError::WrongState { .. }
    ));
}

/// A rated room says so to clients, and its rematch is rated too; a room is casual unless
/// made rated.
#[test]
fn a_rated_room_says_so_and_its_rematch_is_rated() {
    assert!(!config(options(Variant::Queah, &[])).rated);
    let mut c = auto(Variant::Stockholm, 11);
    c.rated = true;
    let mut room = Room::new(c, t(0)).unwrap().0;
    assert!(room.info().rated);
    assert!(room.snapshot(Viewer::Spectator).room.rated);
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::TakeSeat { seat: Some(W) },
    );
    ok(
        &mut room,
        &player(2),
        t(1),
        Command::TakeSeat { seat: Some(B) },
    );
    play_round(&mut room, t(2));
    ok(&mut room, &player(2), t(2), Command::Resign);
    let ask = Command::Rematch {
        new_room: Uuid::from_u128(12),
        lot: 3,
    };
    ok(&mut room, &player(HOST), t(3), ask.clone());
    let new = room.handle(&player(2), t(4), ask).unwrap().rematch.unwrap();
    assert!(new.config().rated && new.info().rated);
}
