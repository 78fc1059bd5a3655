//! Whole games through rooms: the two-seat games, draw offers, abort and rematch.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    Actor, Bot, Command, DrawAction, EventKind, FirstSeat, LobbyError, Occupant, Reason, RoomState,
    Verdict, Viewer,
};
use rules::{Seat, SeatSet, Variant};
use uuid::Uuid;

fn seat_player(seat: Seat) -> u128 {
    match seat {
        Seat::Morning => HOST,
        Seat::Day => 2,
        Seat::Evening => 3,
        Seat::Night => 4,
    }
}

/// Plays the first legal move `n` times, each by the seat to move.
fn play_first_moves(room: &mut lobby::Room, n: usize, mut now: u64) -> u64 {
    for _ in 0..n {
        let Some(seat) = room.turn() else { break };
        let text = legal(room).remove(0);
        now += 10;
        let events = ok(
            room,
            &player(seat_player(seat)),
            t(now),
            Command::Move { text },
        );
        assert!(matches!(events[0].kind, EventKind::Moved { seat: s, .. } if s == seat));
    }
    now
}

#[test]
fn two_seat_games_play_and_end() {
    for variant in [Variant::Queah, Variant::GiveAndTake, Variant::Stockholm] {
        let mut room = started(
            config(options(variant, &[])),
            &[(HOST, W), (4, B)],
            FirstSeat::Lot(1),
        );
        assert_eq!(room.turn(), Some(W), "{variant}: White moves first");
        let now = play_first_moves(&mut room, 6, 0);
        assert_eq!(room.state(), RoomState::Playing, "{variant}");
        let snap = room.snapshot(Viewer::Spectator);
        assert_eq!(snap.actions.len(), 6);
        let last = snap.last_move.unwrap();
        assert_eq!(last.seat, B);
        assert!(!last.mv.path.is_empty() || last.mv.drop.is_some());
        // Black resigns: White wins.
        let events = ok(&mut room, &player(4), t(now + 1), Command::Resign);
        let outcome = room.outcome().unwrap();
        assert_eq!(outcome.winners, SeatSet::only(W), "{variant}");
        assert_eq!(outcome.reason, Reason::Resigned);
        assert_eq!(outcome.seats[W].unwrap().verdict, Verdict::Win);
        assert_eq!(outcome.seats[B].unwrap().verdict, Verdict::Loss);
        assert_eq!(outcome.seats[R], None);
        assert_eq!(
            outcome.finishing_order,
            vec![SeatSet::only(W), SeatSet::only(B)]
        );
        assert!(has(&events, |k| matches!(k, EventKind::Finished { .. })));
        assert_eq!(room.state(), RoomState::Finished);
    }
}

/// Leaving a two-seat game loses it like resigning, but the event, the outcome and the
/// record say it was a leave.
#[test]
fn leaving_during_a_two_seat_game_loses_it_as_left() {
    for variant in [Variant::Queah, Variant::GiveAndTake, Variant::Stockholm] {
        let mut room = started(
            config(options(variant, &[])),
            &[(HOST, W), (4, B)],
            FirstSeat::Lot(0),
        );
        // The game counts once both seats have moved: a departure before is an abort.
        play_round(&mut room, t(0));
        let events = ok(&mut room, &player(HOST), t(1), Command::Leave);
        match &events[0].kind {
            EventKind::Departed {
                seat,
                reason,
                action,
                ..
            } => {
                assert_eq!((*seat, *reason), (W, Reason::Left), "{variant}");
                assert_eq!(action, "leave white", "{variant}");
            }
            other => panic!("{variant}: {other:?}"),
        }
        let outcome = room.outcome().unwrap();
        assert_eq!(outcome.winners, SeatSet::only(B), "{variant}");
        assert_eq!(outcome.reason, Reason::Left, "{variant}");
        assert_eq!(outcome.seats[W].unwrap().verdict, Verdict::Loss);
        assert_eq!(outcome.seats[W].unwrap().reason, Reason::Left);
        assert_eq!(outcome.seats[B].unwrap().reason, Reason::Left);
        assert_eq!(
            room.record().unwrap().actions.last().unwrap(),
            "leave white"
        );
        let json = serde_json::to_value(&events[0]).unwrap();
        assert_eq!(json["reason"], "left");
        assert_eq!(json["action"], "leave white");
        let finished = events.iter().find_map(|e| match &e.kind {
            EventKind::Finished { outcome, .. } => Some(outcome.reason),
            _ => None,
        });
        assert_eq!(finished, Some(Reason::Left), "{variant}");
        assert_eq!(Reason::Left.key(), "left");
    }
}

/// Resigning is told apart from leaving: reason `resigned`, action `resign <seat>`.
#[test]
fn resigning_during_a_two_seat_game_is_resigned() {
    let mut room = started(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    play_first_moves(&mut room, 2, 0);
    let events = ok(&mut room, &player(4), t(100), Command::Resign);
    match &events[0].kind {
        EventKind::Departed {
            seat,
            reason,
            action,
            ..
        } => {
            assert_eq!((*seat, *reason), (B, Reason::Resigned));
            assert_eq!(action, "resign black");
        }
        other => panic!("{other:?}"),
    }
    let json = serde_json::to_value(&events[0]).unwrap();
    assert_eq!(json["reason"], "resigned");
    assert_eq!(json["action"], "resign black");
    assert_eq!(room.outcome().unwrap().reason, Reason::Resigned);
    assert_eq!(room.record().unwrap().actions[2], "resign black");
}

#[test]
fn two_seat_draw_offer_accept_decline_and_lapse() {
    let mut room = started(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    // Declined.
    ok(&mut room, &player(HOST), t(1), Command::OfferDraw);
    let events = ok(&mut room, &player(4), t(2), Command::DeclineDraw);
    assert!(matches!(
        events[0].kind,
        EventKind::DrawOffer {
            by: Some(B),
            action: DrawAction::Declined,
            offer: None
        }
    ));
    // Withdrawn.
    ok(&mut room, &player(HOST), t(3), Command::OfferDraw);
    let events = ok(&mut room, &player(HOST), t(4), Command::DeclineDraw);
    assert!(matches!(
        events[0].kind,
        EventKind::DrawOffer {
            action: DrawAction::Withdrawn,
            ..
        }
    ));
    // Lapsed: White moves, offers; Black moves instead of answering.
    ok(
        &mut room,
        &player(HOST),
        t(5),
        Command::Move {
            text: "c3-d4".into(),
        },
    );
    ok(&mut room, &player(HOST), t(6), Command::OfferDraw);
    assert!(room.snapshot(Viewer::Spectator).draw_offer.is_some());
    let events = ok(
        &mut room,
        &player(4),
        t(7),
        Command::Move {
            text: "f6-e5".into(),
        },
    );
    assert!(has(&events, |k| matches!(
        k,
        EventKind::DrawOffer {
            action: DrawAction::Lapsed,
            ..
        }
    )));
    assert!(room.snapshot(Viewer::Spectator).draw_offer.is_none());
    // Accepted; offering while an offer waits for you accepts it too.
    ok(&mut room, &player(4), t(8), Command::OfferDraw);
    let events = ok(&mut room, &player(HOST), t(9), Command::OfferDraw);
    assert!(matches!(
        events[0].kind,
        EventKind::DrawOffer {
            action: DrawAction::Accepted,
            offer: None,
            ..
        }
    ));
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Agreement);
    assert!(outcome.winners.is_empty());
    assert_eq!(outcome.seats[W].unwrap().verdict, Verdict::Draw);
    assert_eq!(outcome.seats[B].unwrap().verdict, Verdict::Draw);
    assert_eq!(outcome.finishing_order, vec![SeatSet::TWO]);
}

fn neva4(pairs: &[(&str, &str)]) -> lobby::Room {
    started(
        config(options(Variant::Neva, pairs)),
        &Seat::ALL.map(|s| (seat_player(s), s)),
        FirstSeat::Fixed(W),
    )
}

#[test]
fn teams_draw_needs_both_members_of_the_other_team() {
    let mut room = neva4(&[("teams", "true")]);
    let events = ok(&mut room, &player(seat_player(W)), t(1), Command::OfferDraw);
    match &events[0].kind {
        EventKind::DrawOffer {
            offer: Some(offer), ..
        } => {
            assert_eq!(offer.side, SeatSet::of(&[W, G]));
            assert_eq!(offer.waiting_for, SeatSet::of(&[R, B]));
        }
        k => panic!("{k:?}"),
    }
    // The partner has nothing to answer; the other team's members each must.
    assert_eq!(
        refused(
            &mut room,
            &player(seat_player(G)),
            t(2),
            Command::AcceptDraw
        ),
        LobbyError::NoDrawOffer
    );
    assert_eq!(
        refused(&mut room, &player(seat_player(G)), t(2), Command::OfferDraw),
        LobbyError::DrawAlreadyOffered
    );
    ok(
        &mut room,
        &player(seat_player(R)),
        t(3),
        Command::AcceptDraw,
    );
    assert_eq!(room.state(), RoomState::Playing);
    assert_eq!(
        refused(
            &mut room,
            &player(seat_player(R)),
            t(4),
            Command::AcceptDraw
        ),
        LobbyError::NoDrawOffer
    );
    ok(
        &mut room,
        &player(seat_player(B)),
        t(5),
        Command::AcceptDraw,
    );
    assert_eq!(room.state(), RoomState::Finished);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Agreement);
    assert_eq!(outcome.winning_team, None);
    for s in Seat::ALL {
        assert_eq!(outcome.seats[s].unwrap().verdict, Verdict::Draw);
    }
}

#[test]
fn teams_win_together() {
    let mut room = neva4(&[("teams", "true")]);
    play_round(&mut room, t(0));
    ok(&mut room, &player(seat_player(R)), t(1), Command::Resign);
    assert_eq!(room.state(), RoomState::Playing);
    ok(&mut room, &player(seat_player(B)), t(2), Command::Resign);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winning_team, Some(SeatSet::of(&[W, G])));
    assert_eq!(outcome.seats[W].unwrap().verdict, Verdict::Win);
    assert_eq!(outcome.seats[G].unwrap().verdict, Verdict::Win);
    assert_eq!(outcome.seats[R].unwrap().verdict, Verdict::Loss);
    assert_eq!(
        outcome.finishing_order,
        vec![SeatSet::of(&[W, G]), SeatSet::only(B), SeatSet::only(R)]
    );
}

#[test]
fn free_for_all_draw_needs_every_remaining_seat() {
    let mut room = neva4(&[]);
    play_round(&mut room, t(0));
    ok(&mut room, &player(seat_player(W)), t(1), Command::OfferDraw);
    ok(
        &mut room,
        &player(seat_player(R)),
        t(2),
        Command::AcceptDraw,
    );
    ok(
        &mut room,
        &player(seat_player(G)),
        t(3),
        Command::AcceptDraw,
    );
    assert_eq!(room.state(), RoomState::Playing);
    let offer = room.snapshot(Viewer::Spectator).draw_offer.unwrap();
    assert_eq!(offer.waiting_for, SeatSet::only(B));
    // One refusal ends it.
    ok(
        &mut room,
        &player(seat_player(B)),
        t(4),
        Command::DeclineDraw,
    );
    assert!(room.snapshot(Viewer::Spectator).draw_offer.is_none());
    // A seat going out voids a pending offer; then the three left must all agree.
    ok(&mut room, &player(seat_player(G)), t(5), Command::OfferDraw);
    let events = ok(&mut room, &player(seat_player(B)), t(6), Command::Resign);
    assert!(has(&events, |k| matches!(
        k,
        EventKind::DrawOffer {
            action: DrawAction::Lapsed,
            ..
        }
    )));
    ok(&mut room, &player(seat_player(G)), t(7), Command::OfferDraw);
    ok(
        &mut room,
        &player(seat_player(W)),
        t(8),
        Command::AcceptDraw,
    );
    ok(
        &mut room,
        &player(seat_player(R)),
        t(9),
        Command::AcceptDraw,
    );
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Agreement);
    assert_eq!(outcome.seats[B].unwrap().verdict, Verdict::Loss);
    assert_eq!(outcome.seats[B].unwrap().reason, Reason::Resigned);
    assert_eq!(outcome.seats[G].unwrap().verdict, Verdict::Draw);
    assert_eq!(
        outcome.finishing_order,
        vec![SeatSet::of(&[W, R, G]), SeatSet::only(B)]
    );
}

#[test]
fn neva_first_seat_by_lot_and_fixed() {
    for (lot, first) in [(0, W), (1, R), (2, G), (3, B), (6, G)] {
        let room = started(
            config(options(Variant::Neva, &[])),
            &Seat::ALL.map(|s| (seat_player(s), s)),
            FirstSeat::Lot(lot),
        );
        assert_eq!(room.turn(), Some(first), "lot {lot}");
        assert_eq!(room.snapshot(Viewer::Spectator).first, Some(first));
    }
    // Three seats: the lot picks among the seated corners only.
    let room = started(
        config(options(Variant::Neva, &[("seats", "white,green,black")])),
        &[(HOST, W), (3, G), (4, B)],
        FirstSeat::Lot(2),
    );
    assert_eq!(room.turn(), Some(B));
    let mut room = seated(
        config(options(Variant::Neva, &[("seats", "2")])),
        &[(HOST, W), (3, G)],
    );
    assert_eq!(
        refused(
            &mut room,
            &player(HOST),
            t(1),
            Command::Start {
                first: FirstSeat::Fixed(R)
            }
        ),
        LobbyError::NoSuchSeat(R)
    );
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::Start {
            first: FirstSeat::Fixed(G),
        },
    );
    assert_eq!(room.turn(), Some(G));
}

#[test]
fn turns_skip_departed_seats_clockwise() {
    let mut room = neva4(&[]);
    play_round(&mut room, t(0));
    // Red resigns before its turn; after White moves, Green is next.
    ok(&mut room, &player(seat_player(R)), t(1), Command::Resign);
    assert_eq!(room.turn(), Some(W));
    let text = legal(&room).remove(0);
    ok(&mut room, &player(HOST), t(2), Command::Move { text });
    assert_eq!(room.turn(), Some(G));
    // The seat to move leaving passes the turn on.
    let events = ok(&mut room, &player(seat_player(G)), t(3), Command::Leave);
    assert!(matches!(
        events[0].kind,
        EventKind::Departed { seat: G, reason: Reason::Left, ref action, ref board }
            if board.turn == Some(B) && action == "leave green"
    ));
    assert!(has(&events, |k| matches!(
        k,
        EventKind::YourTurn { seat: B, .. }
    )));
    assert_eq!(room.turn(), Some(B));
}

#[test]
fn abort_only_before_every_seat_has_moved() {
    let mut room = started(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::Move {
            text: "c3-d4".into(),
        },
    );
    ok(
        &mut room,
        &player(4),
        t(2),
        Command::Move {
            text: "f6-e5".into(),
        },
    );
    assert_eq!(
        refused(&mut room, &player(4), t(3), Command::Abort),
        LobbyError::TooLateToAbort
    );
    assert_eq!(
        refused(&mut room, &Actor::Server, t(3), Command::Abort),
        LobbyError::TooLateToAbort
    );

    // Black has not moved yet: either player may abort.
    let mut room = started(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::Move {
            text: "c3-d4".into(),
        },
    );
    let events = ok(&mut room, &player(HOST), t(2), Command::Abort);
    assert!(matches!(
        events[0].kind,
        EventKind::Aborted {
            by: Some(W),
            reason: lobby::AbortReason::Requested,
            seat: None
        }
    ));
    assert_eq!(room.state(), RoomState::Aborted);
    assert!(room.outcome().is_none());
    assert_eq!(room.turn(), None);

    // Neva: the abort stays open until every seat still playing has moved.
    let mut room = neva4(&[]);
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::Move {
            text: "25-24".into(),
        },
    );
    ok(
        &mut room,
        &player(2),
        t(2),
        Command::Move {
            text: "55-54".into(),
        },
    );
    ok(
        &mut room,
        &player(3),
        t(3),
        Command::Move {
            text: "52-42".into(),
        },
    );
    ok(&mut room, &Actor::Server, t(4), Command::Abort);
    assert_eq!(room.state(), RoomState::Aborted);
    let mut room = neva4(&[]);
    ok(
        &mut room,
        &player(HOST),
        t(1),
        Command::Move {
            text: "25-24".into(),
        },
    );
    ok(
        &mut room,
        &player(2),
        t(2),
        Command::Move {
            text: "55-54".into(),
        },
    );
    ok(
        &mut room,
        &player(3),
        t(3),
        Command::Move {
            text: "52-42".into(),
        },
    );
    ok(
        &mut room,
        &player(4),
        t(4),
        Command::Move {
            text: "31-32".into(),
        },
    );
    assert_eq!(
        refused(&mut room, &player(3), t(5), Command::Abort),
        LobbyError::TooLateToAbort
    );
}

#[test]
fn rematch_rotates_seats_when_every_human_agrees() {
    let bot = Bot {
        kind: "engine".into(),
        level: 2,
    };
    let mut room = seated(
        config(options(Variant::Neva, &[("seats", "3")])),
        &[(HOST, W), (3, G)],
    );
    ok(
        &mut room,
        &player(HOST),
        t(0),
        Command::SetBot {
            seat: R,
            bot: bot.clone(),
        },
    );
    ok(
        &mut room,
        &player(HOST),
        t(0),
        Command::Start {
            first: FirstSeat::Fixed(W),
        },
    );
    play_round(&mut room, t(0));
    ok(&mut room, &Actor::Bot(R), t(1), Command::Resign);
    ok(&mut room, &player(3), t(2), Command::Resign);
    assert_eq!(room.state(), RoomState::Finished);
    let ask = |lot| Command::Rematch {
        new_room: Uuid::from_u128(77),
        lot,
    };
    let handled = room.handle(&player(3), t(3), ask(0)).unwrap();
    assert!(handled.rematch.is_none());
    assert!(matches!(
        handled.events[0].kind,
        EventKind::Rematch { asked, waiting_for, room: None, .. }
            if asked == SeatSet::only(G) && waiting_for == SeatSet::only(W)
    ));
    let handled = room.handle(&player(HOST), t(4), ask(1)).unwrap();
    let new = handled.rematch.expect("everyone asked: the rematch room");
    assert!(matches!(
        handled.events[0].kind,
        EventKind::Rematch { room: Some(id), .. } if id == Uuid::from_u128(77)
    ));
    assert_eq!(new.id(), Uuid::from_u128(77));
    assert_eq!(new.state(), RoomState::Playing);
    // White -> Red, Red -> Green, Green -> White; the lot (1) drew Red to move first.
    assert_eq!(new.seat_of(person(HOST).id), Some(R));
    assert_eq!(new.seat_of(person(3).id), Some(W));
    let seats = new.snapshot(Viewer::Spectator).seats;
    assert_eq!(
        seats[G].as_ref().map(|s| &s.occupant),
        Some(&Occupant::Bot(bot))
    );
    assert_eq!(new.turn(), Some(R));
    assert_eq!(new.config().options, room.config().options);
    assert!(new.version() > 0);
    assert_eq!(
        room.snapshot(Viewer::Spectator).rematch.unwrap().room,
        Some(Uuid::from_u128(77))
    );

    // Two seats: colours swap, White still starts.
    let mut room = started(
        config(options(Variant::Queah, &[])),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    play_round(&mut room, t(0));
    ok(&mut room, &player(4), t(1), Command::Resign);
    ok(&mut room, &player(4), t(2), ask(5));
    let new = room
        .handle(&player(HOST), t(3), ask(5))
        .unwrap()
        .rematch
        .unwrap();
    assert_eq!(new.seat_of(person(HOST).id), Some(B));
    assert_eq!(new.seat_of(person(4).id), Some(W));
    assert_eq!(new.turn(), Some(W));
}
