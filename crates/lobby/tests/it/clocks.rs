//! Clocks and disconnect claims, driven by passing times in.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    Actor, Audience, Command, EventKind, FirstSeat, LobbyError, Reason, RoomState, TimeControl,
    Verdict, Viewer,
};
use rules::{Seat, SeatSet, Variant};

fn fischer(base_ms: u64, increment_ms: u64) -> TimeControl {
    TimeControl::Fischer {
        base_ms,
        increment_ms,
    }
}

fn mv(text: &str) -> Command {
    Command::Move { text: text.into() }
}

/// The player sitting in `seat` in these tests.
fn sitter(seat: Seat) -> u128 {
    match seat {
        Seat::Morning => HOST,
        Seat::Day => 2,
        Seat::Evening => 3,
        Seat::Night => 4,
    }
}

/// Every seat makes its first move at `at` (the first legal move), so that from then on
/// every clock runs on its seat's turn. A first move is not timed by the clock: the banks
/// are still whole afterwards, and the first seat's clock runs from `at`.
fn first_moves(room: &mut lobby::Room, at: lobby::Timestamp) {
    for _ in room.layout().iter() {
        let seat = room.turn().unwrap();
        let text = legal(room).remove(0);
        ok(room, &player(sitter(seat)), at, Command::Move { text });
    }
    let clocks = room
        .snapshot(Viewer::Spectator)
        .board
        .unwrap()
        .clocks
        .unwrap();
    assert_eq!(clocks.first_move_by, None);
    assert_eq!(clocks.running, room.turn());
    assert_eq!(clocks.since, at);
}

/// The first legal move, played by the seat to move.
fn any_move(room: &mut lobby::Room, at: lobby::Timestamp) -> Vec<lobby::Event> {
    let seat = room.turn().unwrap();
    let text = legal(room).remove(0);
    ok(room, &player(sitter(seat)), at, Command::Move { text })
}

fn remaining(room: &lobby::Room, seat: Seat) -> u64 {
    room.snapshot(Viewer::Spectator)
        .board
        .unwrap()
        .clocks
        .unwrap()
        .remaining_ms[seat]
        .unwrap()
}

#[test]
fn fischer_spends_and_adds_then_flags() {
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(10_000, 1_000)),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    first_moves(&mut room, t(0));
    // The first moves cost nothing and add no increment.
    assert_eq!(remaining(&room, W), 10_000);
    assert_eq!(remaining(&room, B), 10_000);
    assert_eq!(room.next_deadline(), Some(t(10_000)));
    any_move(&mut room, t(3_000));
    assert_eq!(remaining(&room, W), 8_000);
    assert_eq!(
        room.next_deadline(),
        Some(t(13_000)),
        "Black's clock runs from White's move"
    );
    any_move(&mut room, t(5_000));
    assert_eq!(remaining(&room, B), 9_000);
    let clocks = room
        .snapshot(Viewer::Spectator)
        .board
        .unwrap()
        .clocks
        .unwrap();
    assert_eq!(clocks.running, Some(W));
    assert_eq!(clocks.since, t(5_000));
    assert_eq!(clocks.remaining_ms[R], None);
    // White has 8 s from 5 s: nothing happens just before 13 s.
    assert!(ok(&mut room, &Actor::Server, t(12_999), Command::Tick).is_empty());
    let events = ok(&mut room, &Actor::Server, t(13_000), Command::Tick);
    assert!(matches!(
        events[0].kind,
        EventKind::Departed {
            seat: W,
            reason: Reason::Time,
            ..
        }
    ));
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(B));
    assert_eq!(outcome.reason, Reason::Time);
    assert_eq!(outcome.seats[W].unwrap().reason, Reason::Time);
    assert_eq!(remaining(&room, W), 0);
    assert_eq!(room.next_deadline(), None);
    assert_eq!(
        room.record().unwrap().actions.last().unwrap(),
        "timeout white"
    );
}

#[test]
fn a_move_after_the_flag_is_refused_as_a_timeout() {
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(5_000, 0)),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    first_moves(&mut room, t(0));
    // No tick came; the move arrives 1 ms late. The flag is applied, the move is not played.
    let events = any_move(&mut room, t(5_001));
    assert!(!has(&events, |k| matches!(k, EventKind::Moved { .. })));
    assert!(matches!(
        events[0].kind,
        EventKind::Departed { seat: W, reason: Reason::Time, ref action, ref board }
            if board.plies == 3 && action == "timeout white"
    ));
    assert_eq!(room.state(), RoomState::Finished);
    assert_eq!(room.outcome().unwrap().winners, SeatSet::only(B));

    // The other seat's commands are judged after the flag: the game is over.
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(5_000, 0)),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    first_moves(&mut room, t(0));
    assert_eq!(
        refused(&mut room, &player(4), t(6_000), Command::OfferDraw),
        LobbyError::WrongState {
            state: RoomState::Finished,
            command: "offer_draw"
        }
    );
    // ... and a refusal leaves even the flag to the next accepted command.
    assert_eq!(room.state(), RoomState::Playing);
}

#[test]
fn per_move_limit_flags() {
    let mut room = started(
        config_timed(
            options(Variant::GiveAndTake, &[]),
            TimeControl::PerMove { limit_ms: 2_000 },
        ),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    first_moves(&mut room, t(0));
    assert_eq!(room.next_deadline(), Some(t(2_000)));
    any_move(&mut room, t(1_999));
    assert_eq!(remaining(&room, W), 2_000, "the limit is per move");
    assert_eq!(room.next_deadline(), Some(t(3_999)));
    let events = any_move(&mut room, t(3_999));
    assert!(matches!(
        events[0].kind,
        EventKind::Departed {
            seat: B,
            reason: Reason::Time,
            ..
        }
    ));
    assert_eq!(room.outcome().unwrap().winners, SeatSet::only(W));
}

#[test]
fn a_neva_flag_eliminates_and_play_goes_on() {
    let mut room = started(
        config_timed(
            options(Variant::Neva, &[]),
            TimeControl::PerMove { limit_ms: 1_000 },
        ),
        &[(HOST, W), (2, R), (3, G), (4, B)],
        FirstSeat::Fixed(W),
    );
    first_moves(&mut room, t(0));
    assert_eq!(room.turn(), Some(W));
    // One tick long after two flags: White fell at 1 s, Red (running from then) at 2 s.
    let events = ok(&mut room, &Actor::Server, t(2_500), Command::Tick);
    let departed: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Departed { seat, reason, .. } => Some((*seat, *reason)),
            _ => None,
        })
        .collect();
    assert_eq!(departed, [(W, Reason::Time), (R, Reason::Time)]);
    assert_eq!(room.state(), RoomState::Playing);
    assert_eq!(room.turn(), Some(G));
    let clocks = room
        .snapshot(Viewer::Spectator)
        .board
        .unwrap()
        .clocks
        .unwrap();
    assert_eq!(clocks.running, Some(G));
    assert_eq!(
        clocks.since,
        t(2_000),
        "Green's clock started when Red's flag fell"
    );
    // White's pieces are gone (departed = remove); Green plays on within its time.
    let board = room.snapshot(Viewer::Spectator).board.unwrap();
    assert!(board.position.contains(":W:"), "{}", board.position);
    any_move(&mut room, t(2_900));
    assert_eq!(room.turn(), Some(B));
    assert_eq!(room.next_deadline(), Some(t(3_900)));
    // Black flags too: Green wins; the finishing order follows the flags.
    ok(&mut room, &Actor::Server, t(3_900), Command::Tick);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(G));
    assert_eq!(
        outcome.finishing_order,
        [G, B, R, W].map(SeatSet::only).to_vec()
    );
    assert_eq!(outcome.seats[W].unwrap().reason, Reason::Time);
    assert_eq!(outcome.seats[G].unwrap().verdict, Verdict::Win);
}

#[test]
fn a_late_neva_move_by_the_next_seat_is_played_after_the_flag() {
    let mut room = started(
        config_timed(options(Variant::Neva, &[("seats", "3")]), fischer(1_000, 0)),
        &[(HOST, W), (2, R), (3, G)],
        FirstSeat::Fixed(W),
    );
    first_moves(&mut room, t(0));
    // White's flag fell at 1 s; Red, to move from then, moves at 1.5 s (a move legal once
    // White is out, found on a copy that saw the flag).
    let mut flagged = room.clone();
    ok(&mut flagged, &Actor::Server, t(1_000), Command::Tick);
    assert_eq!(flagged.turn(), Some(R));
    let text = legal(&flagged).remove(0);
    let events = ok(&mut room, &player(2), t(1_500), mv(&text));
    assert!(matches!(
        events[0].kind,
        EventKind::Departed { seat: W, .. }
    ));
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Moved {
            seat: Seat::Day,
            ..
        }
    )));
    assert_eq!(remaining(&room, R), 500);
}

#[test]
fn claims_open_after_the_grace_period() {
    let mut cfg = config(options(Variant::Stockholm, &[]));
    cfg.grace_ms = 60_000;
    let mut room = counted(cfg, &[(HOST, W), (4, B)], FirstSeat::Lot(0));
    let events = ok(&mut room, &player(4), t(1_000), Command::Disconnect);
    assert!(matches!(
        events[0].kind,
        EventKind::Presence { seat: B, connected: false, since } if since == t(1_000)
    ));
    // White is told, and only White, when its claim opens.
    let claim = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Claim { .. }))
        .unwrap();
    assert_eq!(claim.audience, Audience::Seat(W));
    assert!(matches!(
        claim.kind,
        EventKind::Claim { seat: W, opens_at: Some(at), opens_in_ms: Some(60_000) } if at == t(61_000)
    ));
    assert_eq!(
        room.snapshot(Viewer::Seat(W)).claim_opens_at,
        Some(t(61_000))
    );
    assert_eq!(room.snapshot(Viewer::Seat(B)).claim_opens_at, None);
    // Too early: refused with the time left.
    assert_eq!(
        refused(&mut room, &player(HOST), t(31_000), Command::ClaimVictory),
        LobbyError::ClaimNotOpen {
            opens_in_ms: Some(30_000)
        }
    );
    // Black comes back: the claim is off; it goes away again later.
    let events = ok(&mut room, &player(4), t(40_000), Command::Connect);
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Claim {
            seat: W,
            opens_at: None,
            ..
        }
    )));
    assert_eq!(
        refused(&mut room, &player(HOST), t(70_000), Command::ClaimVictory),
        LobbyError::ClaimNotOpen { opens_in_ms: None }
    );
    ok(&mut room, &player(4), t(100_000), Command::Disconnect);
    assert_eq!(
        refused(&mut room, &player(HOST), t(159_999), Command::ClaimDraw),
        LobbyError::ClaimNotOpen {
            opens_in_ms: Some(1)
        }
    );
    let events = ok(&mut room, &player(HOST), t(160_000), Command::ClaimVictory);
    assert!(matches!(
        events[0].kind,
        EventKind::Departed {
            seat: B,
            reason: Reason::Abandonment,
            ..
        }
    ));
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(W));
    assert_eq!(outcome.reason, Reason::Abandonment);
    assert_eq!(outcome.seats[B].unwrap().reason, Reason::Abandonment);
}

#[test]
fn a_draw_can_be_claimed_instead() {
    let mut room = counted(
        config(options(Variant::Queah, &[])),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    ok(&mut room, &player(HOST), t(0), Command::Disconnect);
    ok(&mut room, &player(4), t(60_000), Command::ClaimDraw);
    let outcome = room.outcome().unwrap();
    assert!(outcome.winners.is_empty());
    assert_eq!(outcome.reason, Reason::Abandonment);
    assert_eq!(outcome.seats[W].unwrap().verdict, Verdict::Draw);
}

#[test]
fn neva_claims_need_every_opponent_away() {
    let mut room = counted(
        config(options(Variant::Neva, &[("seats", "3")])),
        &[(HOST, W), (2, R), (3, G)],
        FirstSeat::Fixed(W),
    );
    ok(&mut room, &player(2), t(0), Command::Disconnect);
    assert_eq!(
        refused(&mut room, &player(HOST), t(100_000), Command::ClaimVictory),
        LobbyError::ClaimNotOpen { opens_in_ms: None }
    );
    let events = ok(&mut room, &player(3), t(10_000), Command::Disconnect);
    // White's claim opens when the last of them has been away for the grace period.
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Claim { seat: W, opens_at: Some(at), opens_in_ms: Some(60_000) } if *at == t(70_000)
    )));
    assert_eq!(
        refused(&mut room, &player(HOST), t(60_000), Command::ClaimVictory),
        LobbyError::ClaimNotOpen {
            opens_in_ms: Some(10_000)
        }
    );
    ok(&mut room, &player(HOST), t(70_000), Command::ClaimVictory);
    let outcome = room.outcome().unwrap();
    assert_eq!(outcome.winners, SeatSet::only(W));
    assert_eq!(outcome.reason, Reason::Abandonment);
    assert_eq!(outcome.seats[R].unwrap().reason, Reason::Abandonment);
    assert_eq!(outcome.seats[G].unwrap().reason, Reason::Abandonment);

    // Teams: the partner's presence does not matter, the opponents' does; bots never leave.
    let mut room = counted(
        config(options(Variant::Neva, &[("teams", "true")])),
        &[(HOST, W), (2, R), (3, G), (4, B)],
        FirstSeat::Fixed(W),
    );
    ok(&mut room, &player(3), t(0), Command::Disconnect);
    ok(&mut room, &player(2), t(0), Command::Disconnect);
    ok(&mut room, &player(4), t(0), Command::Disconnect);
    ok(&mut room, &player(HOST), t(60_000), Command::ClaimVictory);
    assert_eq!(
        room.outcome().unwrap().winning_team,
        Some(SeatSet::of(&[W, G]))
    );
}

/// The server comes back at `now` after stopping at `down_at`.
fn resume(
    room: &mut lobby::Room,
    now: lobby::Timestamp,
    down_at: lobby::Timestamp,
) -> Vec<lobby::Event> {
    ok(room, &Actor::Server, now, Command::Resume { down_at })
}

fn resumed(events: &[lobby::Event]) -> (u64, u64) {
    events
        .iter()
        .find_map(|e| match e.kind {
            EventKind::Resumed {
                down_ms,
                given_back_ms,
                ..
            } => Some((down_ms, given_back_ms)),
            _ => None,
        })
        .expect("a resumed event")
}

#[test]
fn a_restart_gives_the_outage_back_to_the_running_clock() {
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(10_000, 0)),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    first_moves(&mut room, t(0));
    any_move(&mut room, t(3_000));
    // Black's clock ran 3 s while the server was up, then the server was down 54 s.
    let events = resume(&mut room, t(60_000), t(6_000));
    assert_eq!(resumed(&events), (54_000, 54_000));
    assert_eq!(room.state(), RoomState::Playing);
    // Black's 10 s now count from 57 s: at 60 s it has the 7 s it had at 6 s.
    assert_eq!(room.remaining_ms(B), Some(10_000));
    assert_eq!(room.next_deadline(), Some(t(67_000)));
    ok(&mut room, &Actor::Server, t(60_000), Command::Tick);
    assert_eq!(room.state(), RoomState::Playing);
    any_move(&mut room, t(62_000));
    assert_eq!(remaining(&room, B), 5_000);
    assert_eq!(remaining(&room, W), 7_000);
}

#[test]
fn a_restart_keeps_flags_that_fell_before_it_and_gives_per_move_time_back() {
    let mut room = started(
        config_timed(options(Variant::Stockholm, &[]), fischer(10_000, 0)),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    first_moves(&mut room, t(0));
    // White's 10 s ran out at 10 s; the server went down at 20 s without ticking.
    let events = resume(&mut room, t(60_000), t(20_000));
    assert!(has(&events, |k| matches!(
        k,
        EventKind::Departed {
            seat: W,
            reason: Reason::Time,
            ..
        }
    )));
    assert_eq!(room.state(), RoomState::Finished);

    let mut room = started(
        config_timed(
            options(Variant::Stockholm, &[]),
            TimeControl::PerMove { limit_ms: 10_000 },
        ),
        &[(HOST, W), (4, B)],
        FirstSeat::Lot(0),
    );
    first_moves(&mut room, t(0));
    let events = resume(&mut room, t(100_000), t(4_000));
    assert_eq!(resumed(&events), (96_000, 96_000));
    assert_eq!(room.next_deadline(), Some(t(106_000)));
    // Only the server resumes.
    assert_eq!(
        refused(
            &mut room,
            &player(HOST),
            t(100_000),
            Command::Resume { down_at: t(0) }
        ),
        LobbyError::ServerOnly
    );
}

#[test]
fn a_restart_does_not_count_towards_a_claim() {
    let mut cfg = config(options(Variant::Stockholm, &[]));
    cfg.grace_ms = 60_000;
    let mut room = started(cfg, &[(HOST, W), (4, B)], FirstSeat::Lot(0));
    ok(&mut room, &player(4), t(1_000), Command::Disconnect);
    // Away 9 s before the server went down at 10 s, back up at 500 s: no clocks, but the
    // grace resumes too.
    let events = resume(&mut room, t(500_000), t(10_000));
    assert_eq!(resumed(&events), (490_000, 0));
    assert_eq!(
        room.snapshot(Viewer::Seat(W)).claim_opens_at,
        Some(t(551_000))
    );
}
