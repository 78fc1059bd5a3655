//! Event versions, per-viewer filtering, catching up and resyncing, and the wire form.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    Audience, Command, Event, EventKind, FirstSeat, Since, TimeControl, Viewer, HISTORY_LEN,
};
use rules::Variant;

fn events(since: Since) -> Vec<Event> {
    match since {
        Since::Events(e) => e,
        Since::Resync(_) => panic!("expected events, got a resync"),
    }
}

#[test]
fn a_client_gets_what_it_missed_or_a_resync() {
    let mut room = started(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    // Created, two seatings, Started, White's turn.
    assert_eq!(room.version(), 5);
    let all = events(room.events_since(0, Viewer::Seat(W)));
    assert_eq!(
        all.iter().map(|e| e.version).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    // Black does not see White's turn; spectators neither.
    assert_eq!(events(room.events_since(0, Viewer::Seat(B))).len(), 4);
    assert_eq!(events(room.events_since(0, Viewer::Spectator)).len(), 4);
    assert!(events(room.events_since(5, Viewer::Seat(W))).is_empty());
    // A client ahead of the room is confused: resync.
    assert!(matches!(
        room.events_since(6, Viewer::Seat(W)),
        Since::Resync(_)
    ));

    // Many presence changes push the early events out of the kept window.
    for i in 0..40 {
        ok(&mut room, &player(4), t(10 + 2 * i), Command::Disconnect);
        ok(&mut room, &player(4), t(11 + 2 * i), Command::Connect);
    }
    let v = room.version();
    assert!(v > HISTORY_LEN as u64 + 5);
    match room.events_since(0, Viewer::Spectator) {
        Since::Resync(snap) => {
            assert_eq!(snap.version, v);
            assert!(snap.legal_moves.is_none());
        }
        Since::Events(_) => panic!("the first events are gone"),
    }
    match room.events_since(v - HISTORY_LEN as u64 - 1, Viewer::Seat(W)) {
        Since::Resync(snap) => assert!(snap.legal_moves.is_some(), "White's own snapshot"),
        Since::Events(_) => panic!("one event too many was missed"),
    }
    // Each disconnection also tells White when its claim opens (and each return that it
    // closed): White sees every kept event, spectators only the presence half.
    let kept = events(room.events_since(v - HISTORY_LEN as u64, Viewer::Seat(W)));
    assert_eq!(kept.len(), HISTORY_LEN);
    let seen = events(room.events_since(v - HISTORY_LEN as u64, Viewer::Spectator));
    assert_eq!(seen.len(), HISTORY_LEN / 2);
    assert_eq!(kept.first().unwrap().version, v - HISTORY_LEN as u64 + 1);
    let recent = events(room.events_since(v - 3, Viewer::Seat(W)));
    assert_eq!(
        recent.iter().map(|e| e.version).collect::<Vec<_>>(),
        [v - 2, v - 1, v]
    );
}

#[test]
fn seat_private_events_reach_only_their_seat() {
    let mut room = started(
        config(options(Variant::Neva, &[])),
        &[(HOST, W), (2, R), (3, G), (4, B)],
        FirstSeat::Fixed(W),
    );
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::Move {
            text: "25-24".into(),
        },
    );
    ok(&mut room, &player(2), t(2), Command::Disconnect);
    for viewer in [
        Viewer::Spectator,
        Viewer::Seat(W),
        Viewer::Seat(R),
        Viewer::Seat(G),
        Viewer::Seat(B),
    ] {
        for e in events(room.events_since(0, viewer)) {
            assert!(e.audience.admits(viewer));
            match (e.kind, viewer) {
                (EventKind::YourTurn { seat, .. }, Viewer::Seat(v)) => assert_eq!(seat, v),
                (EventKind::YourTurn { .. }, Viewer::Spectator) => panic!("spectator saw moves"),
                (EventKind::Claim { .. }, Viewer::Spectator) => panic!("spectator saw a claim"),
                _ => {}
            }
        }
    }
    // Red sees its turn; the legal moves are in Red's snapshot only.
    assert!(events(room.events_since(0, Viewer::Seat(R)))
        .iter()
        .any(|e| matches!(e.kind, EventKind::YourTurn { seat: R, .. })));
    assert!(room.snapshot(Viewer::Seat(R)).legal_moves.is_some());
    assert!(room.snapshot(Viewer::Seat(G)).legal_moves.is_none());
    assert!(room.snapshot(Viewer::Spectator).legal_moves.is_none());
    assert_eq!(room.viewer(person(2).id), Viewer::Seat(R));
    assert_eq!(room.viewer(person(99).id), Viewer::Spectator);
    assert!(Audience::Spectators.admits(Viewer::Spectator));
    assert!(!Audience::Spectators.admits(Viewer::Seat(W)));
}

#[test]
fn events_and_snapshots_serialise_for_the_wire() {
    let mut room = started(
        config_timed(
            options(Variant::Stockholm, &[]),
            TimeControl::Fischer {
                base_ms: 60_000,
                increment_ms: 2_000,
            },
        ),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    let moved = ok(
        &mut room,
        &player(HOST),
        t(1_000),
        Command::Move {
            text: "c3-d4".into(),
        },
    );
    let json = serde_json::to_value(&moved[0]).unwrap();
    assert_eq!(json["type"], "moved");
    assert_eq!(json["version"], 6);
    assert_eq!(json["audience"], "everyone");
    assert_eq!(json["seat"], "white");
    assert_eq!(json["move"]["text"], "c3-d4");
    assert_eq!(json["move"]["origin"], "c3");
    assert_eq!(json["move"]["path"], serde_json::json!(["d4"]));
    assert_eq!(json["board"]["turn"], "black");
    assert_eq!(
        json["board"]["playing"],
        serde_json::json!(["white", "black"])
    );
    // White's first move is not timed and adds no increment; Black's clock does not run
    // before its own first move, which it must make within 30 s.
    assert_eq!(json["board"]["clocks"]["remaining_ms"]["white"], 60_000);
    assert_eq!(json["board"]["clocks"]["running"], serde_json::Value::Null);
    assert_eq!(json["board"]["clocks"]["since"], 1_000);
    assert_eq!(json["board"]["clocks"]["first_move_by"], 31_000);
    assert_eq!(
        json["board"]["clocks"]["remaining_ms"]["red"],
        serde_json::Value::Null
    );
    let your_turn = serde_json::to_value(&moved[1]).unwrap();
    assert_eq!(your_turn["type"], "your_turn");
    assert_eq!(
        your_turn["audience"],
        serde_json::json!({ "seat": "black" })
    );

    // Black moves too (the game counts from then on), then resigns.
    let reply = legal(&room).remove(0);
    ok(
        &mut room,
        &player(4),
        t(1_500),
        Command::Move {
            text: reply.clone(),
        },
    );
    ok(&mut room, &player(4), t(2_000), Command::Resign);
    let snap = serde_json::to_value(room.snapshot(Viewer::Seat(W))).unwrap();
    assert_eq!(snap["state"], "finished");
    assert_eq!(snap["room"]["game"], "stockholm");
    assert_eq!(snap["room"]["time_control"]["kind"], "fischer");
    assert_eq!(
        snap["room"]["layout"],
        serde_json::json!(["white", "black"])
    );
    assert_eq!(snap["seats"]["white"]["occupant"]["type"], "player");
    assert_eq!(snap["seats"]["white"]["occupant"]["name"], "p1");
    assert_eq!(snap["outcome"]["reason"], "resigned");
    assert_eq!(snap["outcome"]["winners"], serde_json::json!(["white"]));
    assert_eq!(snap["outcome"]["seats"]["black"]["verdict"], "loss");
    assert_eq!(
        snap["outcome"]["finishing_order"],
        serde_json::json!([["white"], ["black"]])
    );
    assert_eq!(snap["last_move"]["move"]["text"], reply);
    assert_eq!(
        snap["rematch"]["waiting_for"],
        serde_json::json!(["white", "black"])
    );
    assert_eq!(snap["rematch"]["expires_at"], serde_json::Value::Null);
    assert_eq!(snap["rematch"]["declined_by"], serde_json::Value::Null);
    assert_eq!(snap["rematch"]["expired"], false);
    assert_eq!(snap["room"]["auto_start"], false);
    assert_eq!(snap["room"]["rated"], false);
    assert_eq!(snap["chat"], serde_json::json!([]));
    assert_eq!(snap["watchers"], 0);
    let since = serde_json::to_value(room.events_since(9, Viewer::Spectator)).unwrap();
    assert_eq!(since["type"], "events");
    assert_eq!(since["data"][0]["type"], "departed");

    // A first move not made in time aborts the game, naming the seat that did not move.
    let mut room = started(
        config_timed(
            options(Variant::Stockholm, &[]),
            TimeControl::PerMove { limit_ms: 5_000 },
        ),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    let aborted = ok(&mut room, &lobby::Actor::Server, t(5_000), Command::Tick);
    let json = serde_json::to_value(&aborted[0]).unwrap();
    assert_eq!(json["type"], "aborted");
    assert_eq!(json["by"], serde_json::Value::Null);
    assert_eq!(json["reason"], "no_first_move");
    assert_eq!(json["seat"], "white");
}
