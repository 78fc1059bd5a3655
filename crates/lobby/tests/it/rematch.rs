//! Rematch requests: declined by a seated player, or expiring unanswered.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{Actor, Command, EventKind, FirstSeat, LobbyError, Room, Viewer, REMATCH_MS};
use rules::{SeatSet, Variant};
use uuid::Uuid;

const SPECTATOR: u128 = 3;

/// White resigned at 1 s, once both seats had moved.
fn finished() -> Room {
    let mut room = counted(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (2, B)],
        FirstSeat::Lot(0),
    );
    ok(&mut room, &player(HOST), t(1_000), Command::Resign);
    room
}

fn ask() -> Command {
    Command::Rematch {
        new_room: Uuid::from_u128(500),
        lot: 1,
    }
}

#[test]
fn a_seated_player_declines_and_the_requests_are_cleared() {
    let mut room = finished();
    let events = ok(&mut room, &player(HOST), t(2_000), ask());
    assert!(matches!(
        events[0].kind,
        EventKind::Rematch {
            room: None,
            expires_at: Some(at),
            declined_by: None,
            expired: false,
            ..
        } if at == t(2_000 + REMATCH_MS)
    ));
    assert_eq!(
        refused(
            &mut room,
            &player(SPECTATOR),
            t(3_000),
            Command::DeclineRematch
        ),
        LobbyError::NotSeated
    );
    assert_eq!(
        refused(&mut room, &Actor::Server, t(3_000), Command::DeclineRematch),
        LobbyError::NotAParticipant
    );
    let events = ok(&mut room, &player(2), t(3_000), Command::DeclineRematch);
    assert_eq!(events.len(), 1);
    assert!(matches!(
        events[0].kind,
        EventKind::Rematch {
            asked,
            waiting_for,
            room: None,
            expires_at: None,
            offer_ms: REMATCH_MS,
            declined_by: Some(B),
            expired: false,
        } if asked.is_empty() && waiting_for == SeatSet::TWO
    ));
    let view = room.snapshot(Viewer::Spectator).rematch.unwrap();
    assert_eq!(view.declined_by, Some(B));
    assert_eq!(room.next_deadline(), None);
    // Nothing left to decline.
    assert_eq!(
        refused(&mut room, &player(HOST), t(4_000), Command::DeclineRematch),
        LobbyError::NoRematchRequest
    );
    // Asking again opens a new request.
    ok(&mut room, &player(2), t(5_000), ask());
    let view = room.snapshot(Viewer::Spectator).rematch.unwrap();
    assert_eq!(view.declined_by, None);
    assert_eq!(view.asked, SeatSet::only(B));
    let handled = room.handle(&player(HOST), t(6_000), ask()).unwrap();
    assert!(handled.rematch.is_some());
    assert_eq!(
        refused(&mut room, &player(HOST), t(7_000), Command::DeclineRematch),
        LobbyError::RematchCreated(Uuid::from_u128(500))
    );
}

#[test]
fn an_unanswered_request_expires_a_minute_after_the_first_ask() {
    let mut room = finished();
    assert_eq!(room.next_deadline(), None);
    ok(&mut room, &player(HOST), t(2_000), ask());
    let expiry = t(2_000 + REMATCH_MS);
    assert_eq!(room.next_deadline(), Some(expiry));
    assert!(ok(&mut room, &Actor::Server, t(expiry.0 - 1), Command::Tick).is_empty());
    let events = ok(&mut room, &Actor::Server, expiry, Command::Tick);
    assert!(matches!(
        events[0].kind,
        EventKind::Rematch {
            expires_at: None,
            declined_by: None,
            expired: true,
            ..
        }
    ));
    let view = room.snapshot(Viewer::Seat(B)).rematch.unwrap();
    assert!(view.expired && view.asked.is_empty());
    assert_eq!(room.next_deadline(), None);
    // An answer that comes after the expiry is a new request (the expiry is told first).
    let handled = room.handle(&player(2), t(90_000), ask()).unwrap();
    assert!(handled.rematch.is_none());
    assert_eq!(handled.events.len(), 1);
    let view = room.snapshot(Viewer::Seat(B)).rematch.unwrap();
    assert_eq!(view.asked, SeatSet::only(B));
    assert!(!view.expired);
    assert_eq!(view.expires_at, Some(t(90_000 + REMATCH_MS)));
}

#[test]
fn a_late_answer_meets_the_expiry_first() {
    let mut room = finished();
    ok(&mut room, &player(HOST), t(2_000), ask());
    // Black answers after the expiry, without a tick in between.
    let handled = room
        .handle(&player(2), t(2_000 + REMATCH_MS + 5), ask())
        .unwrap();
    assert!(handled.rematch.is_none(), "the host's request had expired");
    assert!(matches!(
        handled.events[0].kind,
        EventKind::Rematch { expired: true, .. }
    ));
    assert!(matches!(
        handled.events[1].kind,
        EventKind::Rematch { expired: false, .. }
    ));
}
