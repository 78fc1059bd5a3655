//! Helpers shared by the lobby tests.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use lobby::{
    Actor, Command, Event, EventKind, FirstSeat, LobbyError, Participant, PlayerId, Room,
    RoomConfig, Since, Snapshot, TimeControl, Timestamp, Viewer,
};
use rules::{AnyOptions, Seat, Variant};
use uuid::Uuid;

pub const W: Seat = Seat::Morning;
pub const R: Seat = Seat::Day;
pub const G: Seat = Seat::Evening;
pub const B: Seat = Seat::Night;

/// The host's number; players are numbered, and `person(n)` is the same person every time.
pub const HOST: u128 = 1;

pub fn person(n: u128) -> Participant {
    Participant::new(PlayerId(Uuid::from_u128(n)), format!("p{n}"))
}

pub fn player(n: u128) -> Actor {
    Actor::Player(person(n))
}

pub fn t(ms: u64) -> Timestamp {
    Timestamp(ms)
}

pub fn options(variant: Variant, pairs: &[(&str, &str)]) -> AnyOptions {
    AnyOptions::from_pairs(variant, pairs.iter().copied()).unwrap()
}

pub fn config(options: AnyOptions) -> RoomConfig {
    RoomConfig::new(Uuid::from_u128(1000), options, person(HOST))
}

pub fn config_timed(options: AnyOptions, time_control: TimeControl) -> RoomConfig {
    let mut c = config(options);
    c.time_control = time_control;
    c
}

/// A waiting room with `seats` taken by the given players (at time 0).
pub fn seated(config: RoomConfig, seats: &[(u128, Seat)]) -> Room {
    let (mut room, created) = Room::new(config, t(0)).unwrap();
    assert_eq!(created.len(), 1);
    for &(n, seat) in seats {
        ok(
            &mut room,
            &player(n),
            t(0),
            Command::TakeSeat { seat: Some(seat) },
        );
    }
    room
}

/// A room started at time 0 with `first` (the host starts it).
pub fn started(config: RoomConfig, seats: &[(u128, Seat)], first: FirstSeat) -> Room {
    let mut room = seated(config, seats);
    ok(&mut room, &player(HOST), t(0), Command::Start { first });
    room
}

/// A room started at time 0 with `first`, in which every seat has then made one move (at
/// time 0, the first legal one): the game counts, so a resignation or a claim is a result.
pub fn counted(config: RoomConfig, seats: &[(u128, Seat)], first: FirstSeat) -> Room {
    let mut room = started(config, seats, first);
    play_round(&mut room, t(0));
    room
}

/// Every seat of the layout moves once, in turn, at `now` (the first legal move of each).
pub fn play_round(room: &mut Room, now: Timestamp) {
    for _ in 0..room.layout().len() {
        let Some(seat) = room.turn() else { return };
        let actor = match room.occupant(seat) {
            Some(lobby::Occupant::Player(p)) => Actor::Player(p.clone()),
            _ => Actor::Bot(seat),
        };
        let mv = legal(room)[0].clone();
        ok(room, &actor, now, Command::Move { text: mv });
    }
}

/// Applies a command that must be accepted; returns its events after checking their versions.
pub fn ok(room: &mut Room, actor: &Actor, now: Timestamp, cmd: Command) -> Vec<Event> {
    let before = room.version();
    let name = cmd.name();
    let handled = room
        .handle(actor, now, cmd)
        .unwrap_or_else(|e| panic!("{name} by {actor:?} at {now:?} refused: {e}"));
    let mut v = before;
    for e in &handled.events {
        assert_eq!(e.version, v + 1, "versions grow one by one");
        v = e.version;
    }
    assert_eq!(room.version(), v);
    handled.events
}

/// Everything a client could observe.
pub fn fingerprint(room: &Room) -> (u64, Vec<Snapshot>, Option<Timestamp>, Since) {
    let mut snaps = vec![room.snapshot(Viewer::Spectator)];
    for s in Seat::ALL {
        snaps.push(room.snapshot(Viewer::Seat(s)));
    }
    (
        room.version(),
        snaps,
        room.next_deadline(),
        room.events_since(0, Viewer::Spectator),
    )
}

/// Applies a command that must be refused with `expected`, and checks nothing changed.
pub fn refused(room: &mut Room, actor: &Actor, now: Timestamp, cmd: Command) -> LobbyError {
    let before = fingerprint(room);
    let name = cmd.name();
    let err = match room.handle(actor, now, cmd) {
        Ok(h) => panic!("{name} by {actor:?} was accepted: {:?}", h.events),
        Err(e) => e,
    };
    assert_eq!(
        fingerprint(room),
        before,
        "{name} refused with {err} changed the room"
    );
    err
}

/// The seat to move's legal moves in canonical notation.
pub fn legal(room: &Room) -> Vec<String> {
    let seat = room.turn().expect("someone to move");
    room.snapshot(Viewer::Seat(seat))
        .legal_moves
        .expect("the seat to move gets its legal moves")
        .into_iter()
        .map(|m| m.text)
        .collect()
}

pub fn kinds(events: &[Event]) -> Vec<&EventKind> {
    events.iter().map(|e| &e.kind).collect()
}

pub fn has<F: Fn(&EventKind) -> bool>(events: &[Event], f: F) -> bool {
    events.iter().any(|e| f(&e.kind))
}
