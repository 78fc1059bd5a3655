//! The `event` message, with the events of a move written straight to bytes.
//!
//! Every move makes a `moved` event for everyone and a `your_turn` event (with each legal
//! move) for the seat to play next; their text is what the sockets spend most of their
//! encoding time on. Through serde every key and every string is scanned for characters to
//! escape and every field goes through the serializer's state machine; here the keys are
//! constants, square names are two ASCII characters, and the other strings are scanned once
//! and handed to `serde_json` only if they need escaping. The bytes are those `serde_json`
//! writes for the same event (tested below); other kinds of event go through serde.

use axum::extract::ws::Utf8Bytes;
use lobby::{Audience, BoardView, Event, EventKind, LegalMoves, MoveView};
use rules::{Move, Seat, SquareName, Variant};

use super::json::{into_text, number, text};

/// Bytes reserved for an event's message: a move's fits; a turn's grows with its legal
/// moves (about a hundred bytes each).
fn event_room(e: &Event) -> usize {
    match &e.kind {
        EventKind::YourTurn { legal_moves, .. } => 160 + 112 * legal_moves.len(),
        _ => 512,
    }
}

/// The `event` message of `e`: `{"type":"event","v":..,"data":<the event>}`. Written once
/// per event and shared by every socket that receives it.
pub fn event_message(e: &Event) -> Utf8Bytes {
    let mut out = Vec::with_capacity(event_room(e));
    out.extend_from_slice(b"{\"type\":\"event\",\"v\":");
    number(&mut out, e.version);
    out.extend_from_slice(b",\"data\":");
    write_event(&mut out, e);
    out.push(b'}');
    Utf8Bytes::from(into_text(out))
}

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
        Audience::Players => out.extend_from_slice(b"\"players\""),
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
