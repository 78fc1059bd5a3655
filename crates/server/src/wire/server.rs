//! Server messages other than a live event: `{"data":..,"id":..,"type":..,"v":..}`, the
//! keys in the order they have always had on the wire (sorted).

use lobby::{Since, Snapshot};
use serde::Serialize;
use serde_json::Value;

use super::event::event_message;
use super::json::{into_text, json_text, number};

/// A message the server sends on a socket, other than an event (see [`event_message`]).
#[derive(Debug, Clone, Copy)]
pub enum Reply<'a> {
    /// The command with this `id` was accepted; the room is at version `v`.
    Ack {
        /// The client's id.
        id: Option<&'a Value>,
        /// The room's version.
        v: u64,
    },
    /// The answer to a `ping`, with the server's clock.
    Pong {
        /// The client's id.
        id: Option<&'a Value>,
        /// Milliseconds since the epoch.
        t: i64,
    },
    /// The message with this `id` was refused.
    Error {
        /// The client's id.
        id: Option<&'a Value>,
        /// Stable code.
        code: &'a str,
        /// What was wrong, in plain words.
        message: &'a str,
        /// Why the rules refused a move (`capture_compulsory`, ...), when they say.
        reason: Option<&'a str>,
    },
    /// The round trip of the server's last ping.
    Lag {
        /// Milliseconds.
        ms: i64,
    },
    /// The server is restarting: the socket closes next.
    Restarting,
    /// The whole room, for this socket's viewer.
    Snapshot(&'a Snapshot),
}

/// The envelope as serde writes it.
#[derive(Serialize)]
struct Envelope<'a, T: ?Sized> {
    data: &'a T,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    #[serde(rename = "type")]
    kind: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    v: Option<u64>,
}

#[derive(Serialize)]
struct Empty {}

#[derive(Serialize)]
struct ErrorData<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
}

#[derive(Serialize)]
struct Millis {
    ms: i64,
}

#[derive(Serialize)]
struct Time {
    t: i64,
}

/// Bytes reserved for an envelope's text: an `ack` or a `pong` fits.
const ENVELOPE_TEXT: usize = 64;

fn envelope<T: Serialize + ?Sized>(
    kind: &str,
    id: Option<&Value>,
    v: Option<u64>,
    data: &T,
) -> String {
    let room = if kind == "snapshot" {
        4096
    } else {
        ENVELOPE_TEXT
    };
    json_text(&Envelope { data, id, kind, v }, room)
}

impl Reply<'_> {
    /// The message's text. An `ack` (one every move) is written straight to bytes; only
    /// its `id`, any JSON the client chose, goes through serde.
    pub fn text(&self) -> String {
        match *self {
            Reply::Ack { id, v } => ack(id, v),
            other => other.serde_text(),
        }
    }

    /// The message's text as serde writes it (what [`Reply::text`] must equal).
    fn serde_text(&self) -> String {
        match *self {
            Reply::Ack { id, v } => envelope("ack", id, Some(v), &Empty {}),
            Reply::Pong { id, t } => envelope("pong", id, None, &Time { t }),
            Reply::Error {
                id,
                code,
                message,
                reason,
            } => envelope(
                "error",
                id,
                None,
                &ErrorData {
                    code,
                    message,
                    reason,
                },
            ),
            Reply::Lag { ms } => envelope("lag", None, None, &Millis { ms }),
            Reply::Restarting => envelope("restarting", None, None, &Empty {}),
            Reply::Snapshot(s) => envelope("snapshot", None, Some(s.version), s),
        }
    }
}

/// [`Reply::Ack`] written straight to bytes.
fn ack(id: Option<&Value>, v: u64) -> String {
    let mut out = Vec::with_capacity(ENVELOPE_TEXT);
    out.extend_from_slice(b"{\"data\":{}");
    if let Some(id) = id {
        out.extend_from_slice(b",\"id\":");
        if serde_json::to_writer(&mut out, id).is_err() {
            out.extend_from_slice(b"null");
        }
    }
    out.extend_from_slice(b",\"type\":\"ack\",\"v\":");
    number(&mut out, v);
    out.push(b'}');
    into_text(out)
}

/// What a client that missed events is sent: the events themselves, or a snapshot.
pub fn since_messages(since: &Since) -> Vec<String> {
    match since {
        Since::Events(events) => events
            .iter()
            .map(|e| event_message(e).as_str().to_owned())
            .collect(),
        Since::Resync(snap) => vec![Reply::Snapshot(snap).text()],
    }
}

/// The whole HTTP answer to a connection over its address's cap (429 `too_many_sockets`),
/// written straight to the accepted socket before it is closed: the connection is refused
/// before any HTTP is read, so no router answers it (`docs/api.md`, Capacity).
pub fn too_many_connections() -> &'static [u8] {
    static ANSWER: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
        let body = serde_json::json!({"error": {
            "code": crate::error::HttpCode::TooManySockets.as_str(),
            "message": "this address has too many connections open; close some first",
        }})
        .to_string();
        format!(
            "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    });
    &ANSWER
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use serde_json::json;

    use super::*;

    /// Every kind of reply, with ids that need escaping: an exhaustive match keeps the
    /// list whole when a kind is added.
    pub(crate) fn every_reply<'a>(ids: &'a [Value], snap: &'a Snapshot) -> Vec<Reply<'a>> {
        let mut out = Vec::new();
        for id in ids.iter().map(Some).chain([None]) {
            out.push(Reply::Ack { id, v: 12 });
            out.push(Reply::Pong { id, t: 1_700_000 });
            out.push(Reply::Error {
                id,
                code: "bad_json",
                message: "no \"quote\"",
                reason: None,
            });
            out.push(Reply::Error {
                id,
                code: "illegal_move",
                message: "A capture is compulsory: you must take a piece this turn.",
                reason: Some("capture_compulsory"),
            });
        }
        out.push(Reply::Lag { ms: 3 });
        out.push(Reply::Restarting);
        out.push(Reply::Snapshot(snap));
        let mut seen = [false; 6];
        for r in &out {
            seen[match r {
                Reply::Ack { .. } => 0,
                Reply::Pong { .. } => 1,
                Reply::Error { .. } => 2,
                Reply::Lag { .. } => 3,
                Reply::Restarting => 4,
                Reply::Snapshot(_) => 5,
            }] = true;
        }
        assert!(seen.iter().all(|&s| s), "a reply kind has no example");
        out
    }

    #[test]
    fn replies_are_written_as_serde_writes_them() {
        let ids = [
            json!(7),
            json!("a\"b"),
            json!({"k": [1, null]}),
            json!(null),
        ];
        let snap = crate::wire::tests::a_snapshot();
        for r in every_reply(&ids, &snap) {
            let text = r.text();
            assert_eq!(text, r.serde_text());
            let v: Value = serde_json::from_str(&text).unwrap();
            assert!(v["type"].is_string(), "{text}");
        }
        assert_eq!(
            Reply::Ack {
                id: Some(&json!(7)),
                v: 12
            }
            .text(),
            r#"{"data":{},"id":7,"type":"ack","v":12}"#
        );
        assert_eq!(
            Reply::Restarting.text(),
            r#"{"data":{},"type":"restarting"}"#
        );
        assert_eq!(
            Reply::Error {
                id: Some(&json!("x")),
                code: "bad_json",
                message: "no",
                reason: None,
            }
            .text(),
            r#"{"data":{"code":"bad_json","message":"no"},"id":"x","type":"error"}"#
        );
        assert_eq!(
            Reply::Error {
                id: None,
                code: "illegal_move",
                message: "m",
                reason: Some("longest_capture"),
            }
            .text(),
            r#"{"data":{"code":"illegal_move","message":"m","reason":"longest_capture"},"type":"error"}"#
        );
    }
}
