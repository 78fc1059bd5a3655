//! The Checkerhall load generator: real clients over the HTTP API and the WebSocket protocol.
//!
//! * [`play`]: tables of two seats, each its own identity, play random legal moves from the
//!   `your_turn` events, closed loop or at a fixed rate per room, for a bounded time and
//!   number of moves, a new room when a game ends. Reports moves per second, the move round
//!   trip (hdrhistogram, measured from when the move was due) and errors by kind.
//! * [`idle`]: idle waiting rooms and idle seated sockets; the server's memory per each.
//! * [`crash`]: SIGKILL mid-run, restart, every acknowledged move stored, every unfinished
//!   game goes on.
//!
//! Traffic goes to loopback addresses only ([`client::loopback_only`]).

#![forbid(unsafe_code)]

pub mod client;
pub mod crash;
pub mod idle;
pub mod message;
pub mod play;
pub mod scan;
