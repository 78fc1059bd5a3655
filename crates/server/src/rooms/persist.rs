//! The durable rows one accepted command produces.

use lobby::{Actor, Command, EventKind, Occupant, Room, RoomState, Verdict};
use rules::Seat;
use uuid::Uuid;

use crate::store::{GameFinish, GameRow, LogRow, MoveRow, RoomRow, Write};

/// The options of a room as stored: the non-default pairs as a JSON object.
pub(crate) fn options_json(room: &Room) -> String {
    let map: serde_json::Map<String, serde_json::Value> = room
        .config()
        .options
        .non_default_pairs()
        .into_iter()
        .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// The state key stored in room rows.
pub(crate) fn state_key(s: RoomState) -> &'static str {
    match s {
        RoomState::Waiting => "waiting",
        RoomState::Playing => "playing",
        RoomState::Finished => "finished",
        RoomState::Aborted => "aborted",
    }
}

/// The log row of an accepted command.
pub(crate) fn log_row(id: Uuid, seq: i64, at: i64, actor: &Actor, command: &Command) -> Write {
    logged(id, seq, at, actor_text(actor), command_text(command))
}

/// The log row of an accepted command whose actor and command are already written (see
/// [`actor_text`], [`command_text`]).
pub(crate) fn logged(id: Uuid, seq: i64, at: i64, actor: String, command: String) -> Write {
    Write::Log(LogRow {
        room_id: id,
        seq,
        at,
        actor,
        command,
    })
}

/// An actor as the log stores it (JSON). Every move's log row has one: a player's is
/// written straight to bytes (serde formatted its uuid and scanned every key for escapes),
/// the rest by serde; the same text either way (tested).
pub(crate) fn actor_text(actor: &Actor) -> String {
    let Actor::Player(p) = actor else {
        return crate::ws::json_text(actor, 32);
    };
    let mut out = Vec::with_capacity(80 + p.name.len());
    out.extend_from_slice(b"{\"kind\":\"player\",\"who\":{\"id\":\"");
    let mut id = Uuid::encode_buffer();
    out.extend_from_slice(p.id.0.hyphenated().encode_lower(&mut id).as_bytes());
    out.extend_from_slice(b"\",\"name\":");
    super::wire::text(&mut out, &p.name);
    out.extend_from_slice(b"}}");
    // Only whole strings, themselves UTF-8, were written.
    String::from_utf8(out).unwrap_or_default()
}

/// A command as the log stores it (JSON): a move's (one in every log row of a game)
/// written straight to text, the rest by serde; the same text either way (tested).
pub(crate) fn command_text(command: &Command) -> String {
    let Command::Move { text } = command else {
        return crate::ws::json_text(command, 64);
    };
    let mut out = Vec::with_capacity(32 + text.len());
    out.extend_from_slice(b"{\"type\":\"move\",\"text\":");
    super::wire::text(&mut out, text);
    out.push(b'}');
    String::from_utf8(out).unwrap_or_default()
}

fn seats_json(room: &Room) -> (String, Vec<(String, Uuid)>) {
    let seats = room.seats();
    let mut map = serde_json::Map::new();
    let mut players = Vec::new();
    for s in room.layout().iter() {
        let v = match seats[s].as_ref().map(|v| &v.occupant) {
            Some(Occupant::Player(p)) => {
                players.push((s.key().to_string(), p.id.0));
                serde_json::json!({"player": p.id.0, "name": p.name, "bot": null})
            }
            Some(Occupant::Bot(b)) => {
                serde_json::json!({"player": null, "name": format!("{} (bot, level {})", b.kind, b.level), "bot": b})
            }
            None => serde_json::json!({"player": null, "name": "", "bot": null}),
        };
        map.insert(s.key().to_string(), v);
    }
    (serde_json::Value::Object(map).to_string(), players)
}

/// Where a room was before a command: all [`changes`] needs of it, so the command's rows
/// come from its events and the actions it added, never from a replay of the game.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Before {
    /// The state before the command.
    pub state: RoomState,
    /// Moves and departures played before the command.
    pub plies: usize,
}

impl Before {
    /// `room` as it is now.
    pub(crate) fn of(room: &Room) -> Before {
        Before {
            state: room.state(),
            plies: room.plies(),
        }
    }
}

/// Adds to `out` the writes of a command that took the room from `before` to `after`
/// (besides its log row): the game's start, the actions the command added, the end, the
/// state change. Costs what the command changed, whatever the length of the game.
pub(crate) fn changes(
    before: Before,
    after: &Room,
    events: &[lobby::Event],
    now: i64,
    out: &mut Vec<Write>,
) {
    let id = after.id();
    if before.state == RoomState::Waiting && after.state() != RoomState::Waiting {
        if let Some(start) = after.start_position() {
            let (seats, players) = seats_json(after);
            out.push(Write::StartGame(GameRow {
                id,
                variant: after.config().options.variant().key().to_string(),
                options: options_json(after),
                start_position: start,
                seats,
                players,
                result: None,
                reason: None,
                winners: None,
                started_at: now,
                finished_at: None,
            }));
        }
    }
    // Moves and departures: the actions the command added, with their plies; the seat and
    // clock of each come from its event (in the same order).
    let mut movers = events.iter().filter_map(|e| match &e.kind {
        EventKind::Moved { seat, board, .. } => Some((*seat, board.clocks)),
        EventKind::Departed { seat, board, .. } => Some((*seat, board.clocks)),
        _ => None,
    });
    for (i, text) in after.written_actions(before.plies).enumerate() {
        let ply = before.plies + i;
        let (seat, clocks) = movers.next().unwrap_or((Seat::WHITE, None));
        let seat = departure_seat(&text).unwrap_or(seat);
        out.push(Write::Move(MoveRow {
            game_id: id,
            ply: i64::try_from(ply).unwrap_or(i64::MAX),
            seat: seat.key().to_string(),
            clock_ms: clocks
                .and_then(|c| c.remaining_ms[seat])
                .and_then(|ms| i64::try_from(ms).ok()),
            notation: text,
            at: now,
        }));
    }
    if before.state != after.state() {
        if let (RoomState::Finished, Some(outcome)) = (after.state(), after.outcome()) {
            let verdicts = after
                .layout()
                .iter()
                .filter_map(|s| {
                    let v = outcome.seats[s]?;
                    let key = match v.verdict {
                        Verdict::Win => "win",
                        Verdict::Loss => "loss",
                        Verdict::Draw => "draw",
                    };
                    Some((s.key().to_string(), key.to_string()))
                })
                .collect();
            out.push(Write::FinishGame(GameFinish {
                id,
                result: serde_json::to_string(outcome).unwrap_or_default(),
                reason: outcome.reason.key().to_string(),
                winners: outcome
                    .winners
                    .iter()
                    .map(Seat::key)
                    .collect::<Vec<_>>()
                    .join(","),
                verdicts,
                finished_at: now,
            }));
        }
        out.push(Write::RoomState {
            id,
            state: state_key(after.state()).to_string(),
        });
    }
}

/// The seat of a departure action (`resign red`, `leave white`, `timeout black`).
fn departure_seat(text: &str) -> Option<Seat> {
    let (_, seat) = text.split_once(' ')?;
    seat.trim().parse().ok()
}

/// The room row of a new room.
pub(crate) fn room_row(room: &Room, host_name: &str, created_at: i64) -> RoomRow {
    let c = room.config();
    let (visibility, invite_code) = match &c.visibility {
        lobby::Visibility::Public => ("public", None),
        lobby::Visibility::Private { invite_code } => ("private", Some(invite_code.clone())),
    };
    RoomRow {
        id: room.id(),
        variant: c.options.variant().key().to_string(),
        options: options_json(room),
        host: c.host.id.0,
        host_name: host_name.to_string(),
        visibility: visibility.to_string(),
        invite_code,
        time_control: serde_json::to_string(&c.time_control).unwrap_or_default(),
        grace_ms: i64::try_from(c.grace_ms).unwrap_or(i64::MAX),
        state: state_key(room.state()).to_string(),
        created_at,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use lobby::{Participant, PlayerId};

    use super::*;

    /// The log's texts of actors and commands are those serde writes, names and moves
    /// that need escaping included.
    #[test]
    fn log_texts_are_serde_texts() {
        let names = [
            "p1",
            "Ann \"the\" best",
            "back\\slash",
            "tab\there",
            "Zoë 🙂",
            "",
        ];
        for (i, name) in names.into_iter().enumerate() {
            let actor = Actor::Player(Participant::new(
                PlayerId(Uuid::from_u128(
                    0xdead_beef_0000_1111_2222_3333_4444_5555 + i as u128,
                )),
                name,
            ));
            assert_eq!(actor_text(&actor), serde_json::to_string(&actor).unwrap());
        }
        for actor in [Actor::Bot(Seat::Night), Actor::Server] {
            assert_eq!(actor_text(&actor), serde_json::to_string(&actor).unwrap());
        }
        for text in ["c3-d4", "K12:34", "@c3", "a\"b\\c\nd", ""] {
            let command = Command::Move { text: text.into() };
            assert_eq!(
                command_text(&command),
                serde_json::to_string(&command).unwrap()
            );
        }
        for command in [
            Command::Resign,
            Command::TakeSeat {
                seat: Some(Seat::Morning),
            },
        ] {
            assert_eq!(
                command_text(&command),
                serde_json::to_string(&command).unwrap()
            );
        }
    }
}
