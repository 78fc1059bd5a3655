//! The `event` messages of a move, written straight to bytes.
//!
//! Every move makes a `moved` event for everyone and a `your_turn` event (with each legal
//! move) for the seat to play next; their text is what the sockets spend most of their
//! encoding time on. Through serde every key and every string is scanned for characters to
//! escape and every field goes through the serializer's state machine; here the keys are
//! constants, square names are two ASCII characters, and the other strings are scanned once
//! and handed to `serde_json` only if they need escaping. The bytes are those `serde_json`
//! writes for the same event (tested below); other kinds of event go through serde.

use lobby::{Audience, BoardView, Event, EventKind, LegalMoves, MoveView};
use rules::{Move, Seat, SquareName, Variant};

/// Writes `e` as `serde_json::to_writer` does.
pub(crate) fn write_event(out: &mut Vec<u8>, e: &Event) {
    match &e.kind {
        EventKind::Moved { seat, mv, board } => {
            head(out, e, "moved", *seat);
            out.extend_from_slice(b",\"move\":");
            move_view(out, mv);
            out.extend_from_slice(b",\"board\":");
            board_view(out, board);
            out.push(b'}');
        }
        EventKind::YourTurn { seat, legal_moves } => {
            head(out, e, "your_turn", *seat);
            out.extend_from_slice(b",\"legal_moves\":");
            legal(out, legal_moves);
            out.push(b'}');
        }
        // Plain data: encoding cannot fail (an empty object would be harmless).
        _ => {
            if serde_json::to_writer(&mut *out, e).is_err() {
                out.extend_from_slice(b"{}");
            }
        }
    }
}

/// `{"version":..,"audience":..,"type":"<kind>","seat":".."`: the event's fields (flattened
/// into it by serde) up to its kind's own.
fn head(out: &mut Vec<u8>, e: &Event, kind: &str, seat: Seat) {
    out.extend_from_slice(b"{\"version\":");
    number(out, e.version);
    out.extend_from_slice(b",\"audience\":");
    match e.audience {
        Audience::Everyone => out.extend_from_slice(b"\"everyone\""),
        Audience::Spectators => out.extend_from_slice(b"\"spectators\""),
        Audience::Seat(s) => {
            out.extend_from_slice(b"{\"seat\":");
            seat_key(out, s);
            out.push(b'}');
        }
    }
    out.extend_from_slice(b",\"type\":");
    text(out, kind);
    out.extend_from_slice(b",\"seat\":");
    seat_key(out, seat);
}

fn move_view(out: &mut Vec<u8>, m: &MoveView) {
    out.extend_from_slice(b"{\"text\":");
    text(out, &m.text);
    move_rest(
        out,
        m.origin,
        m.path.iter().copied(),
        m.captured.iter().copied(),
        m.drop,
        m.promotes,
    );
}

/// A legal move as its [`MoveView`] would be written, without making one.
fn move_out(out: &mut Vec<u8>, v: Variant, mv: &Move) {
    out.extend_from_slice(b"{\"text\":\"");
    rules::notation::push_move_text(v, mv, out);
    out.push(b'"');
    let name = |sq| v.square(sq);
    move_rest(
        out,
        mv.origin().map(name),
        mv.path().iter().map(|&s| name(s)),
        mv.captured().iter().map(|&s| name(s)),
        mv.drop().map(name),
        mv.promotes(),
    );
}

/// The fields of a move after its text, and the end of the object.
fn move_rest(
    out: &mut Vec<u8>,
    origin: Option<SquareName>,
    path: impl Iterator<Item = SquareName>,
    captured: impl Iterator<Item = SquareName>,
    drop: Option<SquareName>,
    promoted: bool,
) {
    out.extend_from_slice(b",\"origin\":");
    optional_square(out, origin);
    out.extend_from_slice(b",\"path\":");
    squares(out, path);
    out.extend_from_slice(b",\"captured\":");
    squares(out, captured);
    out.extend_from_slice(b",\"drop\":");
    optional_square(out, drop);
    out.extend_from_slice(if promoted {
        b",\"promotes\":true}"
    } else {
        b",\"promotes\":false}"
    });
}

fn legal(out: &mut Vec<u8>, moves: &LegalMoves) {
    out.push(b'[');
    for (i, mv) in moves.moves().iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        move_out(out, moves.variant(), mv);
    }
    out.push(b']');
}

fn board_view(out: &mut Vec<u8>, b: &BoardView) {
    out.extend_from_slice(b"{\"position\":");
    text(out, &b.position);
    out.extend_from_slice(b",\"turn\":");
    match b.turn {
        Some(s) => seat_key(out, s),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"playing\":[");
    for (i, s) in b.playing.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        seat_key(out, s);
    }
    out.extend_from_slice(b"],\"plies\":");
    number(out, b.plies as u64);
    out.extend_from_slice(b",\"clocks\":");
    match &b.clocks {
        None => out.extend_from_slice(b"null"),
        // Only in rooms with clocks, and small: serde writes them.
        Some(c) => {
            if serde_json::to_writer(&mut *out, c).is_err() {
                out.extend_from_slice(b"null");
            }
        }
    }
    out.push(b'}');
}

fn squares(out: &mut Vec<u8>, names: impl Iterator<Item = SquareName>) {
    out.push(b'[');
    for (i, n) in names.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        square(out, n);
    }
    out.push(b']');
}

fn optional_square(out: &mut Vec<u8>, name: Option<SquareName>) {
    match name {
        Some(n) => square(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

/// A square's name: two letters or digits, nothing to escape.
fn square(out: &mut Vec<u8>, name: SquareName) {
    let [a, b] = name.bytes();
    out.extend_from_slice(&[b'"', a, b, b'"']);
}

fn seat_key(out: &mut Vec<u8>, s: Seat) {
    text(out, s.key());
}

/// A byte `serde_json` escapes in a string.
fn escaped(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// A JSON string: as it is when nothing in it needs escaping (keys, seats, squares,
/// notation and position strings never do), else as `serde_json` escapes it.
pub(crate) fn text(out: &mut Vec<u8>, s: &str) {
    // Without an early exit the scan goes several bytes at a time (positions are long,
    // and never stop it early).
    if s.bytes().fold(false, |any, b| any | escaped(b)) {
        if serde_json::to_writer(&mut *out, s).is_err() {
            out.extend_from_slice(b"\"\"");
        }
        return;
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// A number in decimal, as JSON writes it.
pub(crate) fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use lobby::{Actor, Command, FirstSeat, Participant, PlayerId, Room, RoomConfig};
    use lobby::{TimeControl, Timestamp};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use rules::AnyOptions;
    use uuid::Uuid;

    use super::*;

    /// The `event` message as it was written through serde.
    #[derive(serde::Serialize)]
    struct EventMessage<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        v: u64,
        data: &'a Event,
    }

    fn person(n: u128) -> Participant {
        Participant::new(PlayerId(Uuid::from_u128(n)), format!("p\"{n}\\"))
    }

    /// Every event of random games, all four games, with and without clocks, with the
    /// moves chosen at random among the legal ones (and now and then a resignation or a
    /// draw offer): each is written with the bytes serde writes.
    #[test]
    fn events_are_written_as_serde_writes_them() {
        let mut rng = StdRng::seed_from_u64(10);
        let mut checked = [0usize; 2];
        for game in 0..48u128 {
            let variant = [
                Variant::Stockholm,
                Variant::GiveAndTake,
                Variant::Queah,
                Variant::Neva,
            ][(game % 4) as usize];
            let mut config = RoomConfig::new(
                Uuid::from_u128(game),
                AnyOptions::default_for(variant),
                person(1),
            );
            config.time_control = match game % 3 {
                0 => TimeControl::None,
                1 => TimeControl::Fischer {
                    base_ms: 60_000,
                    increment_ms: 2_000,
                },
                _ => TimeControl::PerMove { limit_ms: 30_000 },
            };
            let mut now = 0u64;
            let (mut room, mut events) = Room::new(config, Timestamp(now)).unwrap();
            let seats: Vec<Seat> = room.layout().iter().collect();
            for (i, &s) in seats.iter().enumerate() {
                let actor = Actor::Player(person(i as u128 + 1));
                let h = room.handle(&actor, Timestamp(now), Command::TakeSeat { seat: Some(s) });
                events.extend(h.unwrap().events);
            }
            let host = Actor::Player(person(1));
            let start = Command::Start {
                first: FirstSeat::Lot(rng.gen()),
            };
            events.extend(room.handle(&host, Timestamp(now), start).unwrap().events);
            for _ in 0..400 {
                let Some(turn) = room.turn() else { break };
                let Some(game) = room.game() else { break };
                let i = seats.iter().position(|&s| s == turn).unwrap();
                let actor = Actor::Player(person(i as u128 + 1));
                now += rng.gen_range(0..3_000);
                let command = match rng.gen_range(0..200) {
                    0 => Command::Resign,
                    1 => Command::OfferDraw,
                    _ => {
                        let moves = game.position().legal_moves();
                        let mv = &moves[rng.gen_range(0..moves.len())];
                        Command::Move {
                            text: rules::notation::write_move(variant, mv),
                        }
                    }
                };
                if let Ok(h) = room.handle(&actor, Timestamp(now), command) {
                    events.extend(h.events);
                }
            }
            for e in &events {
                let mut fast = Vec::new();
                write_event(&mut fast, e);
                let serde = serde_json::to_vec(e).unwrap();
                assert_eq!(
                    String::from_utf8(fast).unwrap(),
                    String::from_utf8(serde).unwrap()
                );
                // The whole message, as the sockets got it when serde wrote it.
                let before = serde_json::to_string(&EventMessage {
                    kind: "event",
                    v: e.version,
                    data: e,
                })
                .unwrap();
                assert_eq!(crate::ws::event_message(e).as_str(), before);
                match e.kind {
                    EventKind::Moved { .. } => checked[0] += 1,
                    EventKind::YourTurn { .. } => checked[1] += 1,
                    _ => {}
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 1000), "{checked:?}");
    }

    #[test]
    fn numbers_and_strings_are_json() {
        for n in [0, 7, 10, 99, 1234567890, u64::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, serde_json::to_vec(&n).unwrap());
        }
        for s in ["", "c3-d4", "a\"b", "back\\slash", "tab\tnew\nline", "é"] {
            let mut out = Vec::new();
            text(&mut out, s);
            assert_eq!(out, serde_json::to_vec(s).unwrap());
        }
    }
}
