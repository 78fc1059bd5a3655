//! Rules of the four Checkerhall games: Neva checkers, Queah, Give and Take and Stockholm
//! checkers (with Brazilian draughts as a Stockholm option), as specified in the project's
//! rules specification (cited as "spec §N" throughout).
//!
//! The crate is pure: no I/O, no async, no global state. It offers
//! * one type per game implementing [`Position`]: [`Neva`], [`Queah`], [`GiveAndTake`],
//!   [`Stockholm`], each with its options struct, and [`AnyPosition`] / [`AnyOptions`] to
//!   choose the game at run time;
//! * legal move generation ([`Position::legal_moves`]; [`Position::generate`] into any
//!   [`MoveSink`]: a [`MoveList`], a [`MoveCount`] for perft, an early-exit [`AnyMove`]),
//!   checked play ([`Position::play`],
//!   which returns the untouched position on an illegal move), status and departures;
//! * notation ([`notation`]), position strings ([`setup`]), game records ([`record`]) and
//!   [`perft`].
//!
//! ```
//! use rules::{Position, Stockholm, StockholmOptions, Status};
//! let pos = Stockholm::new(StockholmOptions::default()).unwrap();
//! let mv = pos.parse_move("c3-d4").unwrap();
//! let pos = pos.play(&mv).unwrap();
//! assert_eq!(pos.turn(), Some(rules::Seat::BLACK));
//! assert_eq!(pos.status(), Status::Ongoing);
//! assert!(pos.clone().play(&mv).is_err()); // White's move is not Black's
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod any;
mod giveandtake;
mod moves;
mod neva;
pub mod notation;
pub mod options;
pub mod perft;
mod position;
mod queah;
pub mod record;
mod seat;
pub mod setup;
mod square;
mod stockholm;
mod variant;
mod zobrist;

pub use any::{AnyOptions, AnyPosition};
pub use giveandtake::{GiveAndTake, GiveAndTakeOptions, HotJump, KingLanding, LoneMan, Removal};
pub use moves::{AnyMove, Move, MoveCount, MoveList, MoveSink, MAX_PATH};
pub use neva::{Blocked, Departed, Neva, NevaOptions};
pub use notation::{IllegalReason, MoveError, MoveText};
pub use options::{DrawLimits, GameOptions, OptionError, OptionSpec};
pub use position::{DepartError, Departure, EndReason, IllegalMove, PlayError, Position, Status};
pub use queah::{DropTiming, Queah, QueahOptions};
pub use record::{Action, Checkpoint, Game, GameError, GameRecord, RecordError};
pub use seat::{BySeat, ParseSeatError, Piece, Role, Seat, SeatSet};
pub use setup::{ParsePositionError, PositionError, Problems, Setup, SetupParseError};
pub use square::{Bitboard, Square};
pub use stockholm::{Stockholm, StockholmOptions};
pub use variant::{ParseVariantError, SquareName, Variant};
