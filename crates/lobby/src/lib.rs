//! Checkerhall rooms: everything about a room except sockets and storage.
//!
//! A [`Room`] is a pure state machine in the manner of lila-ws's room state: a command
//! from an [`Actor`] goes in with the current time ([`Timestamp`], passed in: the crate
//! never reads a clock, sleeps or does I/O), and the room either changes and returns
//! numbered [`Event`]s, or refuses with a [`LobbyError`] and stays exactly as it was.
//!
//! * Rooms hold the game and its options (validated by `rules`), the seat layout (two seats,
//!   or Neva's `seats` option), the host, visibility, time control and state
//!   ([`RoomState`]).
//! * Seats are taken, changed and left before the start; the host seats bots and starts;
//!   the first seat is fixed or drawn by lot (Neva only: the two-seat games start with
//!   White).
//! * Turns follow the rules (clockwise, skipping empty and eliminated seats); only the seat
//!   to move may move, and only it is told its legal moves.
//! * Resignation, leaving, draw offers (two seats, teams, free-for-all), abort, rematch,
//!   presence, claims after the disconnect grace period (none by correspondence), and
//!   Fischer, per-move or correspondence (days per move) clocks.
//! * Every event has a version that only grows and an [`Audience`]; the room keeps the last
//!   [`HISTORY_LEN`] so [`Room::events_since`] can replay what a client missed or tell it to
//!   resync from a [`Snapshot`].
//! * Events carry the facts a store needs: every action of the game record is one event, in
//!   order, with the record's own text of it: [`EventKind::Moved`]'s `mv.text` (canonical
//!   notation) and [`EventKind::Departed`]'s `action` (`resign red`, `leave white`,
//!   `timeout black`). Their concatenation is the record's actions
//!   ([`Room::written_actions`]), so a store maps events to stored rows one to one, without
//!   parsing seats back out of texts.
//! * Leaving and resigning are told apart: a seat that leaves during the game goes out
//!   (and, with two seats, loses) with [`Reason::Left`], one that resigns with
//!   [`Reason::Resigned`].
//! * [`Room::handle`] either applies a command or refuses it and leaves the room as it
//!   was. A server whose store refuses an accepted command takes it back with
//!   [`Room::undo`] (from [`Room::handle_undoable`]), so that no reader is shown a change
//!   that was not stored, and may rebuild the room from what it stored (the commands it
//!   logged).
//!
//! ```
//! use lobby::{Actor, Command, EventKind, FirstSeat, LobbyError, Participant, PlayerId, Room,
//!             RoomConfig, Timestamp, Viewer};
//! use rules::{AnyOptions, Seat, Variant};
//! use uuid::Uuid;
//!
//! let ann = Actor::Player(Participant::new(PlayerId(Uuid::from_u128(1)), "Ann"));
//! let bob = Actor::Player(Participant::new(PlayerId(Uuid::from_u128(2)), "Bob"));
//! let Actor::Player(host) = ann.clone() else { unreachable!() };
//! let options = AnyOptions::default_for(Variant::Stockholm);
//! let (mut room, _created) =
//!     Room::new(RoomConfig::new(Uuid::from_u128(10), options, host), Timestamp(0)).unwrap();
//!
//! room.handle(&ann, Timestamp(1), Command::TakeSeat { seat: Some(Seat::WHITE) }).unwrap();
//! room.handle(&bob, Timestamp(2), Command::TakeSeat { seat: None }).unwrap();
//! room.handle(&ann, Timestamp(3), Command::Start { first: FirstSeat::Lot(7) }).unwrap();
//!
//! // Bob (Black) may not move for White, and a refused command changes nothing.
//! let version = room.version();
//! let refused = room.handle(&bob, Timestamp(4), Command::Move { text: "c3-d4".into() });
//! assert_eq!(refused.unwrap_err(), LobbyError::NotYourTurn);
//! assert_eq!(room.version(), version);
//!
//! let done = room.handle(&ann, Timestamp(5), Command::Move { text: "c3-d4".into() }).unwrap();
//! assert!(matches!(done.events[0].kind, EventKind::Moved { seat: Seat::WHITE, .. }));
//! // Only Black is told its legal moves.
//! let black = room.snapshot(Viewer::Seat(Seat::BLACK));
//! assert!(black.legal_moves.is_some_and(|m| !m.is_empty()));
//! assert!(room.snapshot(Viewer::Spectator).legal_moves.is_none());
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod chat;
mod clock;
mod command;
mod error;
mod event;
mod outcome;
mod room;
mod types;

pub use chat::{
    clean_chat_text, ChatChannel, ChatLine, CHAT_BURST, CHAT_KEEP, CHAT_MAX_CHARS, CHAT_WINDOW_MS,
    NAME_MAX_CHARS,
};
pub use command::{Command, FirstSeat};
pub use error::{ErrorCode, LobbyError};
pub use event::{
    serialize_options, AbortReason, Audience, BoardView, ClockView, DrawAction, DrawOfferView,
    Event, EventKind, LastMove, LegalMoves, MoveView, Occupant, RematchView, RoomInfo, RoomState,
    SeatView, Since, Snapshot, TakebackAction, TakebackView, Viewer,
};
pub use outcome::{Outcome, Reason, SeatResult, Verdict};
pub use room::{Handled, Room, Undo, HISTORY_LEN};
pub use types::{
    Actor, Bot, Participant, PlayerId, RoomConfig, TimeControl, Timestamp, Unattended, Visibility,
    DEFAULT_GRACE_MS, FIRST_MOVE_MS, REMATCH_MS,
};
