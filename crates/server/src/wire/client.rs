//! Client messages, read into types: the envelope (`type`, optional `id`, optional `data`)
//! and the message its type names (`docs/protocol.md`).
//!
//! A move, the message nearly every frame carries, is read in one pass ([`Incoming`]);
//! anything else, and anything that pass refuses, is read the general way, which also
//! words the errors.

use std::borrow::Cow;

use lobby::{Bot, ChatChannel};
use rules::Seat;
use serde::Deserialize;
use serde_json::{json, Value};

use super::codes::SocketCode;

/// A client message, as `docs/protocol.md` lists them: the envelope's `type` with its
/// `data`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Sit down (in `seat`, or the first free one).
    TakeSeat {
        /// The seat asked for.
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Move to another free seat.
    ChangeSeat {
        /// The seat asked for.
        seat: Seat,
    },
    /// Stand up before the start.
    LeaveSeat {},
    /// The host seats a bot (the `random` bot at level 1 without `bot`).
    SetBot {
        /// Where.
        seat: Seat,
        /// Which bot.
        #[serde(default)]
        bot: Option<Bot>,
    },
    /// The host removes a bot.
    RemoveBot {
        /// Whose seat.
        seat: Seat,
    },
    /// The host starts the game.
    Start {},
    /// A move in notation.
    Move {
        /// The move's text.
        #[serde(rename = "move")]
        text: String,
    },
    /// Resign the game.
    Resign {},
    /// Leave the game (Neva goes on without the seat).
    Leave {},
    /// Offer a draw.
    OfferDraw {},
    /// Accept the draw offered.
    AcceptDraw {},
    /// Decline the draw offered.
    DeclineDraw {},
    /// Ask to take back one's last move (casual games).
    AskTakeback {},
    /// Agree to the takeback asked for.
    AcceptTakeback {},
    /// Decline the takeback asked for, or withdraw one's own.
    DeclineTakeback {},
    /// Abort the game before it is under way.
    Abort {},
    /// Ask for a rematch.
    Rematch {},
    /// Turn down the rematch asked for (every request is cleared).
    DeclineRematch {},
    /// Say something in the room's chat.
    Chat {
        /// `players` (seated participants) or `spectators` (the others).
        channel: ChatChannel,
        /// The line (trimmed; 1 to 140 characters).
        text: String,
    },
    /// Claim the win against opponents away past the grace period.
    ClaimVictory {},
    /// Claim a draw against opponents away past the grace period.
    ClaimDraw {},
    /// Send what happened after version `since`.
    Sync {
        /// The last version the client has.
        since: u64,
    },
    /// A keep-alive with the server's time in the answer.
    Ping {},
    /// Any other type: refused as [`WireError::UnknownType`], never returned by
    /// [`read_client`].
    #[serde(other)]
    Unknown,
}

/// Why a client message could not be read; each has a stable code (`docs/protocol.md`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// Not JSON.
    #[error("{0}")]
    BadJson(String),
    /// JSON, but not a message: no `type`, or data of the wrong shape.
    #[error("{0}")]
    BadMessage(String),
    /// A type the protocol does not have.
    #[error("unknown message type `{0}`")]
    UnknownType(String),
}

impl WireError {
    /// The stable code.
    pub fn code(&self) -> &'static str {
        match self {
            WireError::BadJson(_) => SocketCode::BadJson,
            WireError::BadMessage(_) => SocketCode::BadMessage,
            WireError::UnknownType(_) => SocketCode::UnknownType,
        }
        .as_str()
    }
}

/// A client message read whole: the `id` its answer carries back, and the message.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Any JSON the client chose, echoed in the answer.
    pub id: Option<Value>,
    /// What it asks for (never [`ClientMessage::Unknown`]).
    pub message: ClientMessage,
}

/// A client message that could not be read, with the `id` it carried when one was found.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The `id` to answer with.
    pub id: Option<Value>,
    /// Why.
    pub error: WireError,
}

/// Reads one client text frame.
///
/// # Errors
/// A [`Refusal`] naming what was wrong, with the message's `id` if it had one.
pub fn read_client(text: &str) -> Result<Request, Refusal> {
    let env = match Incoming::read(text) {
        Ok((env, Some(message))) => {
            return Ok(Request {
                id: env.id,
                message,
            })
        }
        Ok((env, None)) => env,
        Err(e) => return Err(not_an_envelope(text, &e)),
    };
    match message_of(text, &env.kind) {
        Ok(message) => Ok(Request {
            id: env.id,
            message,
        }),
        Err(error) => Err(Refusal { id: env.id, error }),
    }
}

/// [`read_client`] without the ids: the message, or why it is refused.
///
/// # Errors
/// The [`WireError`] of a refused message.
pub fn parse_client(text: &str) -> Result<ClientMessage, WireError> {
    read_client(text).map(|r| r.message).map_err(|r| r.error)
}

/// The refusal of a text whose envelope could not be read: valid JSON that is not an
/// envelope is a bad message (its `id` still answered); anything else is bad JSON.
fn not_an_envelope(text: &str, e: &serde_json::Error) -> Refusal {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => Refusal {
            id: v.get("id").cloned(),
            error: WireError::BadMessage(format!(
                "an object with `type` (a string) is required: {e}"
            )),
        },
        Err(_) => Refusal {
            id: None,
            error: WireError::BadJson(e.to_string()),
        },
    }
}

/// The envelope around a client message (`type`, optional `id`), read without copying
/// the type; the data is read with the message's type.
#[derive(Debug, Deserialize)]
struct Envelope<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    id: Option<Value>,
}

/// A client message read once for the message every move sends: its envelope and, when
/// it is a move, its text.
#[derive(Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    data: Option<MoveData>,
}

/// The data of a move as [`Incoming`] reads it (the fields of other messages are
/// skipped).
#[derive(Deserialize)]
struct MoveData {
    #[serde(rename = "move", default)]
    text: Option<String>,
}

impl<'a> Incoming<'a> {
    /// The envelope of `text`, and its message when it is a move: one reading for a
    /// move, the general way for the rest (and for anything this reading refuses).
    fn read(text: &'a str) -> Result<(Envelope<'a>, Option<ClientMessage>), serde_json::Error> {
        match serde_json::from_str::<Incoming<'a>>(text) {
            Ok(Incoming { kind, id, data }) => {
                let known = match (kind.as_ref(), data) {
                    ("move", Some(MoveData { text: Some(text) })) => {
                        Some(ClientMessage::Move { text })
                    }
                    _ => None,
                };
                Ok((Envelope { kind, id }, known))
            }
            Err(_) => serde_json::from_str::<Envelope>(text).map(|env| (env, None)),
        }
    }
}

/// The data of a client message, read on its own when it is not that of a known type.
#[derive(Deserialize)]
struct Data {
    #[serde(default)]
    data: Option<Value>,
}

/// The typed message of `text`, whose envelope's type is `kind`.
fn message_of(text: &str, kind: &str) -> Result<ClientMessage, WireError> {
    // The common case (a known type with its data) is read straight from the text: the
    // envelope's other keys are ignored. Anything else takes the general way below, which
    // also words the errors.
    match serde_json::from_str::<ClientMessage>(text) {
        Ok(ClientMessage::Unknown) | Err(_) => {}
        Ok(m) => return Ok(m),
    }
    // Without data, or `null`: a message without fields.
    let data = match serde_json::from_str::<Data>(text) {
        Ok(Data {
            data: None | Some(Value::Null),
        }) => json!({}),
        Ok(Data { data: Some(d) }) => d,
        // The text is JSON (its envelope was read): a duplicated `data`, say.
        Err(e) => return Err(WireError::BadMessage(format!("`{kind}`: {e}"))),
    };
    // The catch-all is a unit variant: an unknown type is recognised without its data.
    if let Ok(ClientMessage::Unknown) =
        serde_json::from_value::<ClientMessage>(json!({ "type": kind }))
    {
        return Err(WireError::UnknownType(kind.to_string()));
    }
    let tagged = json!({ "type": kind, "data": data });
    match serde_json::from_value::<ClientMessage>(tagged) {
        Ok(ClientMessage::Unknown) => Err(WireError::UnknownType(kind.to_string())),
        Ok(m) => Ok(m),
        Err(e) => Err(WireError::BadMessage(format!("`{kind}`: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn read(text: &str) -> Result<(ClientMessage, Option<Value>), String> {
        read_client(text)
            .map(|r| (r.message, r.id))
            .map_err(|r| format!("{}: {}", r.error.code(), r.error))
    }

    /// Messages of a known type are read straight from their text, whatever the order of
    /// the envelope's keys; the general way still gives `{}` to a missing or `null` data.
    #[test]
    fn client_messages_are_read_with_their_id() {
        let (m, id) = read(r#"{"type":"move","id":7,"data":{"move":"c3-d4"}}"#).unwrap();
        assert_eq!(
            m,
            ClientMessage::Move {
                text: "c3-d4".into()
            }
        );
        assert_eq!(id, Some(json!(7)));
        let (m, id) = read(r#"{"data":{"move":"c3xe5"},"id":"a","type":"move"}"#).unwrap();
        assert_eq!(
            m,
            ClientMessage::Move {
                text: "c3xe5".into()
            }
        );
        assert_eq!(id, Some(json!("a")));
        for text in [
            r#"{"type":"leave_seat"}"#,
            r#"{"type":"leave_seat","data":null}"#,
            r#"{"type":"leave_seat","data":{}}"#,
        ] {
            assert_eq!(read(text).unwrap().0, ClientMessage::LeaveSeat {});
        }
        let (m, _) = read(r#"{"type":"take_seat","id":1}"#).unwrap();
        assert_eq!(m, ClientMessage::TakeSeat { seat: None });
    }

    /// A move read in one pass is the message the general way reads; anything that pass
    /// does not take is left to the general way, with its envelope.
    #[test]
    fn moves_are_read_once_as_the_general_way_reads_them() {
        for text in [
            r#"{"type":"move","id":7,"data":{"move":"c3-d4"}}"#,
            r#"{"data":{"move":"c3xe5","seat":"white"},"id":"a","type":"move"}"#,
            r#"{"type":"move","data":{"move":"c3-d4","seat":5},"id":null}"#,
            r#"{"type":"move","data":{"move":"a1-b2"}}"#,
        ] {
            let (env, known) = Incoming::read(text).unwrap();
            let general = message_of(text, &env.kind).unwrap();
            assert_eq!(known, Some(general), "{text}");
        }
        for text in [
            r#"{"type":"move","data":{}}"#,
            r#"{"type":"move","data":{"move":3}}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"move","data":null}"#,
            r#"{"type":"take_seat","id":1,"data":{"seat":"white"}}"#,
            r#"{"type":"leave","data":5}"#,
            r#"{"type":"move","data":{"move":"c3-d4"},"data":{}}"#,
        ] {
            let (env, known) = Incoming::read(text).unwrap();
            assert!(known.is_none(), "{text}");
            let general: Envelope<'_> = serde_json::from_str(text).unwrap();
            assert_eq!((env.kind, env.id), (general.kind, general.id), "{text}");
        }
    }

    #[test]
    fn client_message_errors_keep_their_codes() {
        let e = read(r#"{"type":"fly","id":2,"data":{"to":"moon"}}"#).unwrap_err();
        assert!(
            e.starts_with("unknown_type: unknown message type `fly`"),
            "{e}"
        );
        let e = read(r#"{"type":"move","data":{}}"#).unwrap_err();
        assert!(e.starts_with("bad_message: `move`:"), "{e}");
        let e = read(r#"{"type":"move","data":{"move":3}}"#).unwrap_err();
        assert!(e.starts_with("bad_message: `move`:"), "{e}");
        let e = read(r#"{"id":3}"#).unwrap_err();
        assert!(e.starts_with("bad_message: an object with `type`"), "{e}");
        let e = read(r#"{"type":"move","data":{"move":"c3-d4"},"data":{}}"#).unwrap_err();
        assert!(e.starts_with("bad_message: `move`:"), "{e}");
        let e = read("{not json").unwrap_err();
        assert!(e.starts_with("bad_json:"), "{e}");
        // The id of a message that is not an envelope is still answered.
        let r = read_client(r#"{"id":[1],"type":5}"#).unwrap_err();
        assert_eq!(r.id, Some(json!([1])));
    }
}
