//! The writers against serde, over every kind of event and every command: rooms of all four
//! games are driven by random commands from random actors, and every event and accepted
//! command they make is written both ways. Exhaustive matches list the kinds, so a new
//! kind of event or command fails here until the walk reaches it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lobby::{Actor, Bot, Command, Event, EventKind, FirstSeat, Participant, PlayerId, Room};
use lobby::{RoomConfig, Snapshot, TimeControl, Timestamp, Viewer};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rules::{AnyOptions, Seat, Variant};
use serde::Serialize;
use uuid::Uuid;

use super::*;

/// The `event` message as serde writes it.
#[derive(Serialize)]
struct EventMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    v: u64,
    data: &'a Event,
}

fn person(n: u128) -> Participant {
    Participant::new(PlayerId(Uuid::from_u128(n)), format!("p\"{n}\\é"))
}

/// The index of an event's kind (exhaustive: a new kind must be added here).
fn event_kind(e: &EventKind) -> usize {
    match e {
        EventKind::Created { .. } => 0,
        EventKind::Seats { .. } => 1,
        EventKind::Started { .. } => 2,
        EventKind::YourTurn { .. } => 3,
        EventKind::Moved { .. } => 4,
        EventKind::Departed { .. } => 5,
        EventKind::Eliminated { .. } => 6,
        EventKind::DrawOffer { .. } => 7,
        EventKind::Presence { .. } => 8,
        EventKind::Claim { .. } => 9,
        EventKind::Finished { .. } => 10,
        EventKind::Aborted { .. } => 11,
        EventKind::Resumed { .. } => 12,
        EventKind::Rematch { .. } => 13,
        EventKind::Chat { .. } => 14,
        EventKind::ChatDeleted { .. } => 15,
        EventKind::Watchers { .. } => 16,
        EventKind::Renamed { .. } => 17,
        EventKind::Takeback { .. } => 18,
        EventKind::TookBack { .. } => 19,
    }
}
const EVENT_KINDS: usize = 20;

/// The index of a command (exhaustive: a new command must be added here).
fn command_kind(c: &Command) -> usize {
    match c {
        Command::TakeSeat { .. } => 0,
        Command::ChangeSeat { .. } => 1,
        Command::LeaveSeat => 2,
        Command::SetBot { .. } => 3,
        Command::RemoveBot { .. } => 4,
        Command::Start { .. } => 5,
        Command::Move { .. } => 6,
        Command::Resign => 7,
        Command::Leave => 8,
        Command::OfferDraw => 9,
        Command::AcceptDraw => 10,
        Command::DeclineDraw => 11,
        Command::Abort => 12,
        Command::Rematch { .. } => 13,
        Command::Connect => 14,
        Command::Disconnect => 15,
        Command::ClaimVictory => 16,
        Command::ClaimDraw => 17,
        Command::Tick => 18,
        Command::Resume { .. } => 19,
        Command::DeclineRematch => 20,
        Command::Chat { .. } => 21,
        Command::DeleteChat { .. } => 22,
        Command::Watchers { .. } => 23,
        Command::Rename { .. } => 24,
        Command::Expire { .. } => 25,
        Command::AskTakeback => 26,
        Command::AcceptTakeback => 27,
        Command::DeclineTakeback => 28,
    }
}
const COMMAND_KINDS: usize = 29;

/// A random command for `room`, mostly a legal move once the game is on.
fn random_command(rng: &mut StdRng, room: &Room, now: u64) -> Command {
    let seats: Vec<Seat> = room.layout().iter().collect();
    let seat = seats[rng.gen_range(0..seats.len())];
    match rng.gen_range(0..44) {
        0 => Command::TakeSeat {
            seat: rng.gen_bool(0.5).then_some(seat),
        },
        1 => Command::ChangeSeat { seat },
        2 => Command::LeaveSeat,
        3 => Command::SetBot {
            seat,
            bot: Bot {
                kind: "random".into(),
                level: 1,
            },
        },
        4 => Command::RemoveBot { seat },
        5 => Command::Start {
            first: FirstSeat::Lot(rng.gen()),
        },
        6 => Command::Resign,
        7 => Command::Leave,
        8 => Command::OfferDraw,
        9 => Command::AcceptDraw,
        10 => Command::DeclineDraw,
        11 => Command::Abort,
        12 => Command::Rematch {
            new_room: Uuid::from_u128(rng.gen()),
            lot: rng.gen(),
        },
        13 => Command::Connect,
        14 => Command::Disconnect,
        15 => Command::ClaimVictory,
        16 => Command::ClaimDraw,
        17 => Command::Tick,
        18 => Command::Resume {
            down_at: Timestamp(now.saturating_sub(rng.gen_range(0..5_000))),
        },
        19 => Command::DeclineRematch,
        20 => Command::Chat {
            channel: if rng.gen_bool(0.8) {
                lobby::ChatChannel::Players
            } else {
                lobby::ChatChannel::Spectators
            },
            text: format!("hi \"{}\" \u{e9}", rng.gen_range(0..100)),
        },
        21 => Command::DeleteChat {
            id: rng.gen_range(1..4),
        },
        22 => Command::Watchers {
            count: rng.gen_range(0..3),
        },
        23 => Command::Rename {
            name: format!("n\"{}", rng.gen_range(0..100)),
        },
        24 => Command::Expire {
            waits: lobby::Unattended {
                waiting_ms: rng.gen_range(0..3_000),
                game_ms: rng.gen_range(0..3_000),
            },
        },
        25 => Command::AskTakeback,
        26 => Command::AcceptTakeback,
        27 | 28 => Command::DeclineTakeback,
        _ => match room.game() {
            Some(game) if game.status().is_ongoing() => {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    return Command::Tick;
                }
                let mv = &moves[rng.gen_range(0..moves.len())];
                Command::Move {
                    text: rules::notation::write_move(room.config().options.variant(), mv),
                }
            }
            _ => Command::TakeSeat { seat: Some(seat) },
        },
    }
}

/// Who sends `command`: mostly one who may (the host seats bots and starts, the seat to
/// move moves, a seated player answers a draw offer), now and then anyone.
fn actor_for(rng: &mut StdRng, room: &Room, command: &Command, people: u128) -> Actor {
    let occupant = |seat: Seat| match room.occupant(seat) {
        Some(lobby::Occupant::Player(p)) => Actor::Player(p.clone()),
        _ => Actor::Bot(seat),
    };
    let seats: Vec<Seat> = room.layout().iter().collect();
    match rng.gen_range(0..12) {
        0 => return Actor::Server,
        1 => return Actor::Player(person(rng.gen_range(1..=people))),
        _ => {}
    }
    match command {
        Command::SetBot { .. } | Command::RemoveBot { .. } | Command::Start { .. } => {
            Actor::Player(person(1))
        }
        Command::DeleteChat { .. } | Command::Watchers { .. } => Actor::Server,
        // An answer comes from a seat the offer or request waits for, when there is one.
        Command::AcceptDraw => match room.draw_offer().and_then(|o| o.waiting_for.iter().next()) {
            Some(seat) => occupant(seat),
            None => occupant(seats[rng.gen_range(0..seats.len())]),
        },
        Command::AcceptTakeback | Command::DeclineTakeback => {
            let request = room.snapshot(lobby::Viewer::Spectator).takeback;
            match request.and_then(|r| r.waiting_for.iter().next()) {
                Some(seat) => occupant(seat),
                None => occupant(seats[rng.gen_range(0..seats.len())]),
            }
        }
        Command::Move { .. } | Command::Tick => match room.turn() {
            Some(turn) => occupant(turn),
            None => Actor::Server,
        },
        _ => occupant(seats[rng.gen_range(0..seats.len())]),
    }
}

/// A new room, waiting for its seats.
fn waiting(n: u128, variant: Variant, time_control: TimeControl) -> (Room, Vec<Event>) {
    let mut config = RoomConfig::new(
        Uuid::from_u128(n),
        AnyOptions::default_for(variant),
        person(1),
    );
    config.time_control = time_control;
    config.grace_ms = 1_000;
    Room::new(config, Timestamp(0)).unwrap()
}

/// A room with its seats taken and its game started.
fn started(n: u128, variant: Variant, time_control: TimeControl, lot: u64) -> (Room, Vec<Event>) {
    let (mut room, mut events) = waiting(n, variant, time_control);
    let seats: Vec<Seat> = room.layout().iter().collect();
    for (i, &s) in seats.iter().enumerate() {
        let actor = Actor::Player(person(i as u128 + 1));
        let h = room.handle(&actor, Timestamp(0), Command::TakeSeat { seat: Some(s) });
        events.extend(h.unwrap().events);
    }
    let start = Command::Start {
        first: FirstSeat::Lot(lot),
    };
    events.extend(
        room.handle(&Actor::Player(person(1)), Timestamp(0), start)
            .unwrap()
            .events,
    );
    (room, events)
}

/// Every event and accepted command of random rooms is written as serde writes it.
#[test]
fn every_event_and_command_is_written_as_serde_writes_it() {
    let mut rng = StdRng::seed_from_u64(22);
    let mut events_seen = [0usize; EVENT_KINDS];
    let mut commands_seen = [0usize; COMMAND_KINDS];
    for n in 0..256u128 {
        let variant = Variant::ALL[(n % 4) as usize];
        let time_control = match n % 3 {
            0 => TimeControl::None,
            1 => TimeControl::Fischer {
                base_ms: 20_000,
                increment_ms: 500,
            },
            _ => TimeControl::PerMove { limit_ms: 8_000 },
        };
        // Every fourth room is left waiting, for the seating commands.
        let (mut room, mut events) = if n % 4 == 1 {
            waiting(n, variant, time_control)
        } else {
            started(n, variant, time_control, rng.gen())
        };
        let mut now = 0u64;
        let people = room.layout().len() as u128 + 1;
        for _ in 0..1_000 {
            now += rng.gen_range(0..2_500);
            let command = random_command(&mut rng, &room, now);
            let actor = actor_for(&mut rng, &room, &command, people);
            let log = (actor_text(&actor), command_text(&command));
            let kind = command_kind(&command);
            if let Ok(h) = room.handle(&actor, Timestamp(now), command.clone()) {
                assert_eq!(log.0, serde_json::to_string(&actor).unwrap());
                assert_eq!(log.1, serde_json::to_string(&command).unwrap());
                assert_eq!(read_actor(&log.0).unwrap(), actor);
                assert_eq!(read_command(&log.1).unwrap(), command);
                commands_seen[kind] += 1;
                events.extend(h.events);
            }
            if matches!(
                room.state(),
                lobby::RoomState::Finished | lobby::RoomState::Aborted
            ) && rng.gen_range(0..30) == 0
            {
                break;
            }
        }
        for e in &events {
            let serde = serde_json::to_string(&EventMessage {
                kind: "event",
                v: e.version,
                data: e,
            })
            .unwrap();
            assert_eq!(event_message(e).as_str(), serde);
            events_seen[event_kind(&e.kind)] += 1;
        }
    }
    for (kind, n) in events_seen.iter().enumerate() {
        assert!(
            *n > 0,
            "no event of kind {kind} was written: {events_seen:?}"
        );
    }
    assert!(
        events_seen[3] > 300 && events_seen[4] > 300,
        "{events_seen:?}"
    );
    for (kind, n) in commands_seen.iter().enumerate() {
        assert!(
            *n > 0,
            "no command of kind {kind} was accepted: {commands_seen:?}"
        );
    }
}

/// A snapshot of a game under way, for the replies' test.
pub(crate) fn a_snapshot() -> Snapshot {
    let (room, _) = started(99, Variant::Neva, TimeControl::None, 3);
    let turn = room.turn().unwrap();
    room.snapshot(Viewer::Seat(turn))
}

/// The events a client missed come as the `event` messages the live sockets got.
#[test]
fn missed_events_are_the_live_messages() {
    let (room, events) = started(7, Variant::Stockholm, TimeControl::None, 1);
    let since = room.events_since(0, Viewer::Spectator);
    let texts = since_messages(&since);
    let live: Vec<String> = events
        .iter()
        .filter(|e| e.audience.admits(Viewer::Spectator))
        .map(|e| event_message(e).as_str().to_owned())
        .collect();
    assert!(!texts.is_empty());
    assert_eq!(texts, live);
}

/// The answer of a connection refused at accept is a whole HTTP answer: its length is what
/// it says, and its body is the documented error.
#[test]
fn the_refusal_at_accept_is_a_whole_http_answer() {
    let text = std::str::from_utf8(super::too_many_connections()).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 429 "), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(length, body.len());
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["error"]["code"], "too_many_sockets");
}
