//! A game counts only once every seat has moved, and rooms nobody is in close.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use lobby::{
    AbortReason, Actor, Bot, Command, EventKind, FirstSeat, Reason, Room, RoomState, TimeControl,
    Unattended, Verdict, Viewer,
};
use proptest::prelude::*;
use rules::Variant;

use crate::common::*;

const WAITS: Unattended = Unattended {
    waiting_ms: 60_000,
    game_ms: 120_000,
};

fn stockholm() -> rules::AnyOptions {
    options(Variant::Stockholm, &[])
}

fn bot() -> Bot {
    Bot {
        kind: "random".into(),
        level: 1,
    }
}

fn expire(room: &mut Room, at: u64) -> Vec<lobby::Event> {
    ok(
        room,
        &Actor::Server,
        t(at),
        Command::Expire { waits: WAITS },
    )
}

/// The first move of whichever seat is to move.
fn first_move(room: &mut Room, at: u64) {
    let seat = room.turn().unwrap();
    let mv = legal(room)[0].clone();
    let who = match room.occupant(seat) {
        Some(lobby::Occupant::Player(p)) => Actor::Player(p.clone()),
        _ => Actor::Bot(seat),
    };
    ok(room, &who, t(at), Command::Move { text: mv });
}

fn aborted(events: &[lobby::Event]) -> Option<(AbortReason, Option<rules::Seat>)> {
    events.iter().find_map(|e| match e.kind {
        EventKind::Aborted { reason, seat, .. } => Some((reason, seat)),
        _ => None,
    })
}

/// A resignation before the resigner's first move aborts the game: no result, no loser.
#[test]
fn resigning_before_every_seat_moved_aborts() {
    let mut room = started(config(stockholm()), &[(1, W), (2, B)], FirstSeat::Lot(0));
    first_move(&mut room, 10);
    let events = ok(&mut room, &player(2), t(20), Command::Resign);
    assert_eq!(aborted(&events), Some((AbortReason::Resigned, Some(B))));
    assert_eq!(room.state(), RoomState::Aborted);
    assert!(room.outcome().is_none());
    // Nothing was written to the record for it.
    assert_eq!(room.plies(), 1);
}

/// Once both seats have moved, a resignation is a result.
#[test]
fn resigning_after_every_seat_moved_loses() {
    let mut room = started(config(stockholm()), &[(1, W), (2, B)], FirstSeat::Lot(0));
    first_move(&mut room, 10);
    first_move(&mut room, 20);
    ok(&mut room, &player(2), t(30), Command::Resign);
    assert_eq!(room.state(), RoomState::Finished);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Resigned);
    assert_eq!(outcome.seats[B].unwrap().verdict, Verdict::Loss);
}

/// Leaving, and a claim, before every seat moved abort as well.
#[test]
fn leaving_or_claiming_early_aborts() {
    let mut room = started(config(stockholm()), &[(1, W), (2, B)], FirstSeat::Lot(0));
    let events = ok(&mut room, &player(1), t(5), Command::Leave);
    assert_eq!(aborted(&events), Some((AbortReason::Left, Some(W))));

    let mut c = config(stockholm());
    c.grace_ms = 1_000;
    let mut room = started(c, &[(1, W), (2, B)], FirstSeat::Lot(0));
    first_move(&mut room, 10);
    ok(&mut room, &player(1), t(20), Command::Disconnect);
    let events = ok(&mut room, &player(2), t(2_000), Command::ClaimDraw);
    assert_eq!(aborted(&events), Some((AbortReason::Abandonment, None)));
    assert!(room.outcome().is_none());
}

/// A paired game keeps its result: it is played or forfeited.
#[test]
fn a_paired_game_counts_from_the_start() {
    let mut c = config_timed(
        stockholm(),
        TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 0,
        },
    );
    c.seated = vec![(W, person(1)), (B, person(2))];
    c.no_show_ms = Some(30_000);
    let (mut room, _) = Room::new(c, t(0)).unwrap();
    ok(&mut room, &player(1), t(5), Command::Resign);
    assert_eq!(room.state(), RoomState::Finished);
}

/// The first-move time and the rematch wait are the room's settings.
#[test]
fn first_move_and_rematch_times_are_settings() {
    let mut c = config_timed(
        stockholm(),
        TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 0,
        },
    );
    c.first_move_ms = 2_000;
    c.rematch_ms = 5_000;
    let mut room = started(c, &[(1, W), (2, B)], FirstSeat::Lot(0));
    let clocks = room
        .snapshot(Viewer::Spectator)
        .board
        .unwrap()
        .clocks
        .unwrap();
    assert_eq!(clocks.first_move_by, Some(t(2_000)));
    let events = ok(&mut room, &Actor::Server, t(2_000), Command::Tick);
    assert_eq!(aborted(&events), Some((AbortReason::NoFirstMove, Some(W))));

    let mut c = config(stockholm());
    c.rematch_ms = 5_000;
    let mut room = started(c, &[(1, W), (2, B)], FirstSeat::Lot(0));
    first_move(&mut room, 10);
    first_move(&mut room, 20);
    ok(&mut room, &player(1), t(30), Command::Resign);
    ok(
        &mut room,
        &player(1),
        t(100),
        Command::Rematch {
            new_room: uuid::Uuid::from_u128(7),
            lot: 0,
        },
    );
    let view = room.snapshot(Viewer::Seat(B)).rematch.unwrap();
    assert_eq!(view.expires_at, Some(t(5_100)));
    assert_eq!(view.offer_ms, 5_000);
}

/// A waiting room closes once nobody has been in it for the wait, and not before; anyone
/// coming back starts the wait again.
#[test]
fn an_empty_waiting_room_closes() {
    let (mut room, _) = Room::new(config(stockholm()), t(0)).unwrap();
    assert_eq!(room.expires_at(WAITS), Some(t(60_000)));
    ok(
        &mut room,
        &player(1),
        t(10),
        Command::TakeSeat { seat: Some(W) },
    );
    assert_eq!(room.expires_at(WAITS), None);
    ok(&mut room, &player(1), t(20), Command::Disconnect);
    assert_eq!(room.expires_at(WAITS), Some(t(60_020)));
    // A spectator keeps it open.
    ok(
        &mut room,
        &Actor::Server,
        t(30),
        Command::Watchers { count: 1 },
    );
    assert_eq!(room.expires_at(WAITS), None);
    ok(
        &mut room,
        &Actor::Server,
        t(40),
        Command::Watchers { count: 0 },
    );
    assert!(expire(&mut room, 60_039).is_empty());
    assert_eq!(room.state(), RoomState::Waiting);
    let events = expire(&mut room, 60_040);
    assert_eq!(aborted(&events), Some((AbortReason::Unattended, None)));
    assert_eq!(room.state(), RoomState::Aborted);
}

/// A game against the computer whose person left: aborted before it counts, won by the
/// bot after.
#[test]
fn a_bot_game_left_alone_ends() {
    let host = player(HOST);
    let make = || {
        let mut room = seated(config(stockholm()), &[(HOST, W)]);
        ok(
            &mut room,
            &host,
            t(0),
            Command::SetBot {
                seat: B,
                bot: bot(),
            },
        );
        ok(
            &mut room,
            &host,
            t(0),
            Command::Start {
                first: FirstSeat::Lot(0),
            },
        );
        room
    };
    let mut room = make();
    first_move(&mut room, 10);
    ok(&mut room, &host, t(20), Command::Disconnect);
    assert_eq!(room.expires_at(WAITS), Some(t(120_020)));
    let events = expire(&mut room, 120_020);
    assert_eq!(aborted(&events), Some((AbortReason::Unattended, None)));

    let mut room = make();
    first_move(&mut room, 10);
    first_move(&mut room, 20);
    ok(&mut room, &host, t(30), Command::Disconnect);
    // Coming back and leaving again starts the wait again.
    ok(&mut room, &host, t(40), Command::Connect);
    assert_eq!(room.expires_at(WAITS), None);
    ok(&mut room, &host, t(50), Command::Disconnect);
    expire(&mut room, 120_050);
    assert_eq!(room.state(), RoomState::Finished);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Abandonment);
    assert_eq!(outcome.seats[B].unwrap().verdict, Verdict::Win);
    assert_eq!(outcome.seats[W].unwrap().verdict, Verdict::Loss);
}

/// An untimed game between people both gone is drawn by abandonment; a timed one is left
/// to its clocks, and a correspondence game never expires.
#[test]
fn which_games_expire() {
    let mut room = started(config(stockholm()), &[(1, W), (2, B)], FirstSeat::Lot(0));
    first_move(&mut room, 10);
    first_move(&mut room, 20);
    ok(&mut room, &player(1), t(30), Command::Disconnect);
    assert_eq!(room.expires_at(WAITS), None, "Black is still there");
    ok(&mut room, &player(2), t(40), Command::Disconnect);
    expire(&mut room, 120_040);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Abandonment);
    assert!(outcome.winners.is_empty());

    for tc in [
        TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 0,
        },
        TimeControl::Correspondence { days: 1 },
    ] {
        let mut room = started(
            config_timed(stockholm(), tc),
            &[(1, W), (2, B)],
            FirstSeat::Lot(0),
        );
        ok(&mut room, &player(1), t(30), Command::Disconnect);
        ok(&mut room, &player(2), t(40), Command::Disconnect);
        assert_eq!(room.expires_at(WAITS), None, "{tc:?}");
    }
}

proptest! {
    /// Whatever seats resign, leave or are claimed against, and whenever: before every
    /// seat has moved the game ends aborted with no outcome; after, it ends with one.
    #[test]
    fn no_result_before_every_seat_moved(
        moves in 0usize..4,
        resign_white in any::<bool>(),
        leave in any::<bool>(),
    ) {
        let mut room = started(config(stockholm()), &[(1, W), (2, B)], FirstSeat::Lot(0));
        for i in 0..moves {
            first_move(&mut room, 10 * (i as u64 + 1));
        }
        let who = if resign_white { player(1) } else { player(2) };
        let cmd = if leave { Command::Leave } else { Command::Resign };
        ok(&mut room, &who, t(100), cmd);
        if moves >= 2 {
            prop_assert_eq!(room.state(), RoomState::Finished);
            prop_assert!(room.outcome().is_some());
        } else {
            prop_assert_eq!(room.state(), RoomState::Aborted);
            prop_assert!(room.outcome().is_none());
            prop_assert_eq!(room.plies(), moves);
        }
    }

    /// A room is never closed before its wait, and always at it, whatever the presence.
    #[test]
    fn expiry_comes_at_its_time(gap in 0u64..200_000, bots in any::<bool>()) {
        let host = player(HOST);
        let mut room = seated(config(stockholm()), &[(HOST, W)]);
        if bots {
            ok(&mut room, &host, t(0), Command::SetBot { seat: B, bot: bot() });
        } else {
            ok(&mut room, &player(2), t(0), Command::TakeSeat { seat: Some(B) });
            ok(&mut room, &player(2), t(1), Command::Disconnect);
        }
        ok(&mut room, &host, t(0), Command::Start { first: FirstSeat::Lot(0) });
        ok(&mut room, &host, t(5), Command::Disconnect);
        let due = room.expires_at(WAITS).unwrap();
        prop_assert_eq!(due, t(120_005));
        expire(&mut room, 5 + gap);
        prop_assert_eq!(room.state() == RoomState::Playing, 5 + gap < due.0);
    }
}

proptest! {
    /// A command taken back ([`Room::undo`], what a server does when its store refuses it)
    /// leaves the room exactly as it was (version, every viewer's snapshot, deadlines, the
    /// events kept), and the game goes on from there.
    #[test]
    fn undo_puts_the_room_back(plies in 0usize..6, pick in 0usize..5) {
        let mut room = started(
            config_timed(
                stockholm(),
                TimeControl::Fischer {
                    base_ms: 60_000,
                    increment_ms: 1_000,
                },
            ),
            &[(1, W), (2, B)],
            FirstSeat::Lot(0),
        );
        for i in 0..plies {
            first_move(&mut room, 10 * (i as u64 + 1));
        }
        let before = fingerprint(&room);
        let mover = match room.turn() {
            Some(W) => player(1),
            _ => player(2),
        };
        let command = match pick {
            0 => Command::Move { text: legal(&room)[0].clone() },
            1 => Command::Resign,
            2 => Command::OfferDraw,
            3 => Command::Leave,
            _ => Command::Disconnect,
        };
        let (handled, undo) = room.handle_undoable(&mover, t(1_000), command).unwrap();
        prop_assert!(!handled.events.is_empty());
        room.undo(undo);
        prop_assert_eq!(fingerprint(&room), before);
        first_move(&mut room, 2_000);
    }
}
