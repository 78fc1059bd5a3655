//! The seed's Neva training game (spec §7.1) played through a four-seat room.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{Audience, Command, EventKind, FirstSeat, Reason, RoomState, Since, Verdict, Viewer};
use rules::{Seat, SeatSet, Variant};

#[path = "../../../rules/tests/data/training_game.rs"]
mod training;

use training::Line;

/// Player numbers by seat: the host sits at White.
fn player_of(seat: Seat) -> u128 {
    match seat {
        Seat::Morning => HOST,
        Seat::Day => 2,
        Seat::Evening => 3,
        Seat::Night => 4,
    }
}

#[test]
fn training_game_through_a_four_seat_room() {
    let seats = Seat::ALL.map(|s| (player_of(s), s));
    let mut room = started(
        config(options(Variant::Neva, &[])),
        &seats,
        FirstSeat::Fixed(W),
    );
    assert_eq!(room.turn(), Some(W));
    let mut now = 0;
    let mut moves = 0;
    let mut eliminated = Vec::new();
    for line in training::lines() {
        now += 1000;
        let slot = match line {
            Line::Slot(slot) => slot,
            Line::Resign(seat) => {
                assert_eq!(seat, W);
                // Where spec §7.1 says the game stands: White to move with three steps.
                let mut steps = legal(&room);
                steps.sort();
                assert_eq!(steps, ["24-23", "24-34", "25-35"]);
                let events = ok(&mut room, &player(player_of(seat)), t(now), Command::Resign);
                assert!(matches!(
                    events[0].kind,
                    EventKind::Departed {
                        seat: W,
                        reason: Reason::Resigned,
                        ..
                    }
                ));
                assert!(has(&events, |k| matches!(k, EventKind::Finished { .. })));
                continue;
            }
        };
        let (round, seat, text) = (slot.round, slot.seat, slot.text.as_str());
        if slot.is_null() {
            // The record's null slot: the seat is out and is skipped.
            assert_ne!(room.turn(), Some(seat), "round {round}: {seat} is out");
            continue;
        }
        assert_eq!(room.turn(), Some(seat), "round {round}: {seat} to move");
        // Nobody else may move for it.
        for other in Seat::ALL.into_iter().filter(|&s| s != seat) {
            let e = refused(
                &mut room,
                &player(player_of(other)),
                t(now),
                Command::Move { text: text.into() },
            );
            assert!(
                matches!(
                    e,
                    lobby::LobbyError::NotYourTurn | lobby::LobbyError::SeatOut(_)
                ),
                "{e}"
            );
        }
        let events = ok(
            &mut room,
            &player(player_of(seat)),
            t(now),
            Command::Move { text: text.into() },
        );
        moves += 1;
        match &events[0].kind {
            EventKind::Moved { seat: s, mv, .. } => {
                assert_eq!(*s, seat);
                assert_eq!(events[0].audience, Audience::Everyone);
                if text.starts_with("25:45:43:63:61:41:21") {
                    assert_eq!(mv.path, ["45", "43", "63", "61", "41", "21"]);
                    assert_eq!(mv.captured, ["35", "44", "53", "62", "51", "31"]);
                    assert!(!mv.promotes, "passing through 61 does not crown");
                }
                if text.starts_with("22:42:62:64:66") {
                    assert!(mv.promotes);
                }
            }
            other => panic!("expected a move, got {other:?}"),
        }
        for e in &events {
            if let EventKind::Eliminated { seat, reason } = e.kind {
                eliminated.push((round, seat, reason));
            }
            if let EventKind::YourTurn { seat, .. } = e.kind {
                assert_eq!(
                    e.audience,
                    Audience::Seat(seat),
                    "legal moves go to the mover only"
                );
            }
        }
    }
    assert_eq!(moves, 44);
    // Green goes out on Black's 6th move, Red on Black's 10th (spec §7.1).
    assert_eq!(
        eliminated,
        [(6, G, Reason::CapturedAll), (10, R, Reason::CapturedAll)]
    );

    assert_eq!(room.state(), RoomState::Finished);
    let outcome = room.outcome().unwrap().clone();
    assert_eq!(outcome.winners, SeatSet::only(B));
    assert_eq!(outcome.reason, Reason::Resigned);
    assert_eq!(
        outcome.finishing_order,
        [B, W, R, G].map(SeatSet::only).to_vec()
    );
    assert_eq!(outcome.winning_team, None);
    let result = |s: Seat| outcome.seats[s].unwrap();
    assert_eq!(result(B).verdict, Verdict::Win);
    assert_eq!(result(W).verdict, Verdict::Loss);
    assert_eq!(result(W).reason, Reason::Resigned);
    assert_eq!(result(R).verdict, Verdict::Loss);
    assert_eq!(result(R).reason, Reason::CapturedAll);
    assert_eq!(result(G).reason, Reason::CapturedAll);

    // The final board: White resigned, its men removed; Black's man 33 and king 21 remain.
    let snap = room.snapshot(Viewer::Spectator);
    let board = snap.board.unwrap();
    assert_eq!(board.turn, None);
    assert_eq!(board.position, "-:W:R:G:BK21,33:out=G,R,W");
    assert_eq!(snap.actions.len(), 45);
    assert_eq!(
        snap.actions.last().map(String::as_str),
        Some("resign white")
    );
    let record = room.record().unwrap();
    assert_eq!(record.players[W].as_deref(), Some("p1"));
    assert_eq!(record.replay().unwrap().actions().len(), 45);

    // A spectator catching up on the kept events never sees a seat's legal moves.
    match room.events_since(room.version() - 20, Viewer::Spectator) {
        Since::Events(events) => {
            assert!(!events.is_empty());
            assert!(events
                .iter()
                .all(|e| !matches!(e.kind, EventKind::YourTurn { .. })));
        }
        Since::Resync(_) => panic!("the last 20 events are kept"),
    }
}
