//! Every byte the server writes to a socket or into the game log, and the reading of every
//! client message, in one place (`docs/protocol.md`).
//!
//! * [`event_message`]: a room event as the `event` message; written once per event and
//!   shared by the sockets that receive it. The events every move makes (`moved`,
//!   `your_turn`) are written straight to bytes, the rest by serde.
//! * [`Reply`]: every other server message (`ack`, `pong`, `error`, `lag`, `restarting`,
//!   `snapshot`), and [`since_messages`] for a client that missed events.
//! * [`too_many_connections`]: the HTTP answer of a connection refused at accept, over its
//!   address's cap.
//! * [`read_client`]: a client's text frame as a typed [`ClientMessage`], or a typed
//!   [`WireError`] with the message's `id`.
//! * [`actor_text`], [`command_text`]: the game log's texts, read back by [`read_actor`]
//!   and [`read_command`].
//! * [`SocketCode`]: the `error` codes that are the server's own; with the room's
//!   (`lobby::ErrorCode`) they are every code a socket is told ([`error_codes`]), and
//!   [`read_error_code`] reads one back from another node; [`error_sentence`] is a code's
//!   `message` in the socket's language.
//! * [`ipc`]: what the nodes of a cluster say to each other: notes ([`Note`]), forwarded
//!   requests ([`Forward`]) and their answers ([`Answer`]).
//!
//! The fast writers exist because the encoding of a move's messages was the sockets' main
//! cost; each is held to the bytes serde writes for the same value by a test that walks
//! every kind of event, reply and command.

mod client;
mod codes;
mod event;
pub mod ipc;
mod json;
mod log;
mod sentences;
mod server;

pub use client::{parse_client, read_client, ClientMessage, Refusal, Request, WireError};
pub use codes::{error_codes, read_error_code, SocketCode};
pub use event::event_message;
pub use ipc::{Answer, Forward, ForwardText, IpcError, Lane, Note};
pub use json::json_text;
pub use log::{actor_text, command_text, read_actor, read_command};
pub use sentences::error_sentence;
pub use server::{since_messages, too_many_connections, Reply};

#[cfg(test)]
pub(crate) mod tests;
