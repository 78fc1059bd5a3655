//! The events carry the game record's own texts: every action of the record is one
//! `moved` (its `mv.text`) or `departed` (its `action`) event, in order, so a store maps
//! the events of a command to the actions it added one to one. Checked on games played
//! through rooms in all four games, Neva with four and three seats, with moves,
//! resignations, leaves, timeouts (by tick and by a late move) and claims.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    Actor, Command, Event, EventKind, FirstSeat, Reason, Room, RoomState, TimeControl, Viewer,
};
use rules::{GameRecord, Seat, SeatSet, Variant};

/// The player in `seat` (the host sits in White).
fn seat_player(seat: Seat) -> u128 {
    match seat {
        Seat::Morning => HOST,
        Seat::Day => 2,
        Seat::Evening => 3,
        Seat::Night => 4,
    }
}

/// A small deterministic generator (the same games every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

/// The record texts the events carry, in order.
fn texts(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Moved { mv, .. } => Some(mv.text.clone()),
            EventKind::Departed { action, .. } => Some(action.clone()),
            _ => None,
        })
        .collect()
}

/// Each `departed` event's reason fits its action: `resign` is resigned, `leave` is left
/// (or abandonment, for a claim), `timeout` is time; and the action names the seat.
fn check_departures(events: &[Event], claim: bool) {
    for e in events {
        if let EventKind::Departed {
            seat,
            reason,
            action,
            ..
        } = &e.kind
        {
            let (word, who) = action.split_once(' ').unwrap();
            assert_eq!(who, seat.key(), "{action}");
            let expected = match word {
                "resign" => Reason::Resigned,
                "leave" if claim => Reason::Abandonment,
                "leave" => Reason::Left,
                "timeout" => Reason::Time,
                other => panic!("unknown departure {other}"),
            };
            assert_eq!(*reason, expected, "{action}");
        }
    }
}

/// Applies a command that must be accepted, checks that its events carry exactly the
/// actions it added to the record, and returns those texts.
fn step(room: &mut Room, actor: &Actor, now: u64, cmd: Command, claim: bool) -> Vec<String> {
    let plies = room.plies();
    let events = ok(room, actor, t(now), cmd);
    check_departures(&events, claim);
    let texts = texts(&events);
    let added: Vec<String> = room.written_actions(plies).collect();
    assert_eq!(texts, added, "events and record differ");
    texts
}

/// The seats still playing.
fn playing(room: &Room) -> SeatSet {
    room.game()
        .map_or(SeatSet::EMPTY, |g| rules::record::playing(g.position()))
}

/// Whether `seat`'s clock is running (it is to move and has made its first move).
fn clock_runs(room: &Room, seat: Seat) -> bool {
    room.snapshot(Viewer::Spectator)
        .board
        .and_then(|b| b.clocks)
        .is_some_and(|c| c.running == Some(seat))
}

#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    resign: usize,
    leave: usize,
    timeout: usize,
}

/// Plays a random game with departures mixed in; returns what the events said, in order.
fn play_out(room: &mut Room, rng: &mut Lcg, timed: bool, seen: &mut Seen) -> Vec<String> {
    let mut all = Vec::new();
    let mut now = 0;
    for _ in 0..250 {
        if room.state() != RoomState::Playing {
            break;
        }
        let turn = room.turn().expect("a seat to move while playing");
        let mover = player(seat_player(turn));
        let roll = rng.next(100);
        let seats: Vec<Seat> = playing(room).iter().collect();
        let anyone = seats[rng.next(seats.len())];
        // A seat's clock runs only from its first move on (before it, a missed first move
        // would abort the game, which leaves no action in the record): time runs out only
        // on a running clock.
        let runs = timed && clock_runs(room, turn);
        now += 50;
        let texts = if roll < 3 {
            step(
                room,
                &player(seat_player(anyone)),
                now,
                Command::Leave,
                false,
            )
        } else if roll < 5 {
            step(
                room,
                &player(seat_player(anyone)),
                now,
                Command::Resign,
                false,
            )
        } else if runs && roll < 8 {
            // No move in time: the server's tick flags the seat to move.
            now += room.remaining_ms(turn).unwrap() + 1;
            step(room, &Actor::Server, now, Command::Tick, false)
        } else if runs && roll < 10 {
            // The move comes too late: the flag is the answer, the move is not played.
            let text = legal(room).remove(0);
            now += room.remaining_ms(turn).unwrap() + 1;
            let texts = step(room, &mover, now, Command::Move { text }, false);
            assert!(texts[0].starts_with("timeout "), "{texts:?}");
            texts
        } else {
            let moves = legal(room);
            let text = moves[rng.next(moves.len())].clone();
            step(room, &mover, now, Command::Move { text }, false)
        };
        for text in &texts {
            match text.split_once(' ').map(|(w, _)| w) {
                Some("resign") => seen.resign += 1,
                Some("leave") => seen.leave += 1,
                Some("timeout") => seen.timeout += 1,
                _ => seen.moves += 1,
            }
        }
        all.extend(texts);
    }
    all
}

/// The events' texts are the room's written actions and the record's, and the record
/// replays.
fn check_whole_game(room: &Room, texts: &[String]) {
    let written: Vec<String> = room.written_actions(0).collect();
    assert_eq!(texts, written);
    assert_eq!(room.action_texts(0), written);
    let record = room.record().unwrap();
    assert_eq!(record.actions, written);
    let read: GameRecord = record.to_string().parse().unwrap();
    assert_eq!(read.replay().unwrap().actions().len(), written.len());
}

fn fischer() -> TimeControl {
    TimeControl::Fischer {
        base_ms: 5_000,
        increment_ms: 100,
    }
}

#[test]
fn two_seat_events_carry_the_record() {
    for variant in [Variant::Stockholm, Variant::GiveAndTake, Variant::Queah] {
        let mut seen = Seen::default();
        for seed in 0..8 {
            let timed = seed % 2 == 0;
            let options = options(variant, &[]);
            let config = if timed {
                config_timed(options, fischer())
            } else {
                config(options)
            };
            let mut room = started(
                config,
                &[(HOST, Seat::WHITE), (4, Seat::BLACK)],
                FirstSeat::Lot(0),
            );
            let mut rng = Lcg(seed * 7 + variant as u64);
            let texts = play_out(&mut room, &mut rng, timed, &mut seen);
            check_whole_game(&room, &texts);
        }
        assert!(
            seen.moves > 20 && seen.leave + seen.resign > 0,
            "{variant}: {seen:?}"
        );
    }
}

#[test]
fn neva_events_carry_the_record_through_leaves_and_timeouts() {
    let mut seen = Seen::default();
    let layouts: [&[Seat]; 2] = [&Seat::ALL, &[Seat::Morning, Seat::Day, Seat::Night]];
    for (i, layout) in layouts.into_iter().enumerate() {
        for seed in 0..10u64 {
            let timed = seed % 3 != 2;
            let seats: Vec<&str> = layout.iter().map(|s| s.key()).collect();
            let seats = seats.join(",");
            let mut pairs = vec![("seats", seats.as_str())];
            if seed % 2 == 1 {
                pairs.push(("departed", "inert"));
            }
            if i == 0 && seed % 4 == 0 {
                pairs.push(("teams", "true"));
            }
            let options = options(Variant::Neva, &pairs);
            let config = if timed {
                config_timed(options, fischer())
            } else {
                config(options)
            };
            let seated: Vec<(u128, Seat)> = layout.iter().map(|&s| (seat_player(s), s)).collect();
            let mut room = started(config, &seated, FirstSeat::Lot(seed));
            let mut rng = Lcg(seed * 31 + i as u64);
            let texts = play_out(&mut room, &mut rng, timed, &mut seen);
            check_whole_game(&room, &texts);
        }
    }
    // The games above went through every kind of action.
    assert!(seen.moves > 100, "{seen:?}");
    assert!(
        seen.resign > 0 && seen.leave > 0 && seen.timeout > 0,
        "{seen:?}"
    );
}

/// A claim makes the absent seats leave: `leave <seat>` for each, reason abandonment.
#[test]
fn a_claim_records_the_absent_seats_as_leaving() {
    let mut room = started(
        config(options(Variant::Neva, &[])),
        &Seat::ALL.map(|s| (seat_player(s), s)),
        FirstSeat::Fixed(Seat::Morning),
    );
    let mut texts = Vec::new();
    // Every seat moves once: a claim before that aborts the game instead.
    for _ in 0..4 {
        let seat = room.turn().unwrap();
        let moves = legal(&room);
        texts.extend(step(
            &mut room,
            &player(seat_player(seat)),
            10,
            Command::Move {
                text: moves[0].clone(),
            },
            false,
        ));
    }
    for s in [Seat::Day, Seat::Evening, Seat::Night] {
        texts.extend(step(
            &mut room,
            &player(seat_player(s)),
            20,
            Command::Disconnect,
            false,
        ));
    }
    let grace = room.config().grace_ms;
    let claimed = step(
        &mut room,
        &player(HOST),
        20 + grace,
        Command::ClaimVictory,
        true,
    );
    assert_eq!(claimed, ["leave red", "leave green", "leave black"]);
    texts.extend(claimed);
    assert_eq!(room.state(), RoomState::Finished);
    assert_eq!(room.outcome().unwrap().reason, Reason::Abandonment);
    check_whole_game(&room, &texts);
}
