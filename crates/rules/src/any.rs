//! Positions and options of any game, chosen at run time (for the server, the CLI and
//! records).
//!
//! ```
//! use rules::{AnyOptions, AnyPosition, Variant};
//! let opts = AnyOptions::from_pairs(Variant::Neva, [("seats", "white,green")]).unwrap();
//! let pos = AnyPosition::new(Variant::Neva, &opts).unwrap();
//! assert_eq!(pos.seats().len(), 2);
//! let mv = pos.parse_move("25-24").unwrap();
//! let next = pos.play(&mv).unwrap();
//! assert_eq!(next.turn(), Some(rules::Seat::Evening));
//! ```

use crate::options::{GameOptions, OptionError, OptionSpec};
use crate::position::{DepartError, Departure, EndReason, PlayError, Status};
use crate::setup::{ParsePositionError, PositionError, Problems, Setup};
use crate::{
    notation::MoveError, GiveAndTake, GiveAndTakeOptions, Move, MoveList, Neva, NevaOptions, Piece,
    Position, Queah, QueahOptions, Seat, SeatSet, Square, Stockholm, StockholmOptions, Variant,
};

/// Options of any game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AnyOptions {
    /// Neva checkers.
    Neva(NevaOptions),
    /// Queah.
    Queah(QueahOptions),
    /// Give and Take.
    GiveAndTake(GiveAndTakeOptions),
    /// Stockholm checkers / Brazilian draughts.
    Stockholm(StockholmOptions),
}

macro_rules! each_options {
    ($value:expr, $o:ident => $body:expr) => {
        match $value {
            AnyOptions::Neva($o) => $body,
            AnyOptions::Queah($o) => $body,
            AnyOptions::GiveAndTake($o) => $body,
            AnyOptions::Stockholm($o) => $body,
        }
    };
}

impl AnyOptions {
    /// The defaults of `variant`.
    pub fn default_for(variant: Variant) -> AnyOptions {
        match variant {
            Variant::Neva => AnyOptions::Neva(NevaOptions::default()),
            Variant::Queah => AnyOptions::Queah(QueahOptions::default()),
            Variant::GiveAndTake => AnyOptions::GiveAndTake(GiveAndTakeOptions::default()),
            Variant::Stockholm => AnyOptions::Stockholm(StockholmOptions::default()),
        }
    }

    /// Defaults of `variant` overridden by `pairs`, then validated.
    ///
    /// # Errors
    /// The first refused pair, or the validation error.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        variant: Variant,
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<AnyOptions, OptionError> {
        Ok(match variant {
            Variant::Neva => AnyOptions::Neva(NevaOptions::from_pairs(pairs)?),
            Variant::Queah => AnyOptions::Queah(QueahOptions::from_pairs(pairs)?),
            Variant::GiveAndTake => AnyOptions::GiveAndTake(GiveAndTakeOptions::from_pairs(pairs)?),
            Variant::Stockholm => AnyOptions::Stockholm(StockholmOptions::from_pairs(pairs)?),
        })
    }

    /// Defaults of `variant` overridden by `key=value` texts (as on a command line), then
    /// validated.
    ///
    /// # Errors
    /// A text without `=`, the first refused pair, or the validation error.
    pub fn from_texts<S: AsRef<str>>(
        variant: Variant,
        texts: impl IntoIterator<Item = S>,
    ) -> Result<AnyOptions, OptionError> {
        let texts: Vec<S> = texts.into_iter().collect();
        let pairs = texts
            .iter()
            .map(|t| crate::options::split_pair(t.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        AnyOptions::from_pairs(variant, pairs)
    }

    /// The game these options belong to.
    pub fn variant(&self) -> Variant {
        match self {
            AnyOptions::Neva(_) => Variant::Neva,
            AnyOptions::Queah(_) => Variant::Queah,
            AnyOptions::GiveAndTake(_) => Variant::GiveAndTake,
            AnyOptions::Stockholm(_) => Variant::Stockholm,
        }
    }

    /// Every option of `variant`.
    pub fn specs(variant: Variant) -> &'static [OptionSpec] {
        match variant {
            Variant::Neva => NevaOptions::SPECS,
            Variant::Queah => QueahOptions::SPECS,
            Variant::GiveAndTake => GiveAndTakeOptions::SPECS,
            Variant::Stockholm => StockholmOptions::SPECS,
        }
    }

    /// Sets one option from text (validate afterwards).
    ///
    /// # Errors
    /// Unknown key or bad value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        each_options!(self, o => o.set(key, value))
    }

    /// The option's canonical value.
    pub fn get(&self, key: &str) -> Option<String> {
        each_options!(self, o => o.get(key))
    }

    /// Checks the options together.
    ///
    /// # Errors
    /// The option at fault.
    pub fn validate(&self) -> Result<(), OptionError> {
        each_options!(self, o => o.validate())
    }

    /// Every option with its canonical value.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        each_options!(self, o => o.pairs())
    }

    /// The options that differ from the defaults.
    pub fn non_default_pairs(&self) -> Vec<(&'static str, String)> {
        each_options!(self, o => o.non_default_pairs())
    }

    /// Repetitions that end the game; 0 = off.
    pub fn repetition_limit(&self) -> u16 {
        each_options!(self, o => o.repetition_limit())
    }
}

/// A position of any game.
#[derive(Clone, Debug)]
pub enum AnyPosition {
    /// Neva checkers.
    Neva(Neva),
    /// Queah.
    Queah(Queah),
    /// Give and Take.
    GiveAndTake(GiveAndTake),
    /// Stockholm checkers / Brazilian draughts.
    Stockholm(Stockholm),
}

macro_rules! each {
    ($value:expr, $p:ident => $body:expr) => {
        match $value {
            AnyPosition::Neva($p) => $body,
            AnyPosition::Queah($p) => $body,
            AnyPosition::GiveAndTake($p) => $body,
            AnyPosition::Stockholm($p) => $body,
        }
    };
}

/// The error for options of one game given to another.
fn mismatch() -> OptionError {
    OptionError::Invalid {
        key: "game",
        reason: "the options belong to another game",
    }
}

impl AnyPosition {
    /// The start position of `variant` under `options`.
    ///
    /// # Errors
    /// Options of another game, or refused by validation.
    pub fn new(variant: Variant, options: &AnyOptions) -> Result<AnyPosition, OptionError> {
        Ok(match (variant, options.clone()) {
            (Variant::Neva, AnyOptions::Neva(o)) => AnyPosition::Neva(Neva::new(o)?),
            (Variant::Queah, AnyOptions::Queah(o)) => AnyPosition::Queah(Queah::new(o)?),
            (Variant::GiveAndTake, AnyOptions::GiveAndTake(o)) => {
                AnyPosition::GiveAndTake(GiveAndTake::new(o)?)
            }
            (Variant::Stockholm, AnyOptions::Stockholm(o)) => {
                AnyPosition::Stockholm(Stockholm::new(o)?)
            }
            _ => return Err(mismatch()),
        })
    }

    /// A checked position from a setup.
    ///
    /// # Errors
    /// Every problem not waived; options of another game are reported as
    /// [`ParsePositionError::Illegal`] with [`Problems::SEATS`].
    pub fn from_setup(
        setup: &Setup,
        options: &AnyOptions,
        waive: Problems,
    ) -> Result<AnyPosition, PositionError> {
        let wrong = || PositionError {
            problems: Problems::SEATS,
            setup: Box::new(setup.clone()),
        };
        Ok(match (setup.variant, options.clone()) {
            (Variant::Neva, AnyOptions::Neva(o)) => {
                AnyPosition::Neva(Neva::from_setup(setup, o, waive)?)
            }
            (Variant::Queah, AnyOptions::Queah(o)) => {
                AnyPosition::Queah(Queah::from_setup(setup, o, waive)?)
            }
            (Variant::GiveAndTake, AnyOptions::GiveAndTake(o)) => {
                AnyPosition::GiveAndTake(GiveAndTake::from_setup(setup, o, waive)?)
            }
            (Variant::Stockholm, AnyOptions::Stockholm(o)) => {
                AnyPosition::Stockholm(Stockholm::from_setup(setup, o, waive)?)
            }
            _ => return Err(wrong()),
        })
    }

    /// Reads and checks a position string of `variant`.
    ///
    /// # Errors
    /// Syntax errors or every rule the position breaks.
    pub fn from_position_string(
        variant: Variant,
        text: &str,
        options: &AnyOptions,
    ) -> Result<AnyPosition, ParsePositionError> {
        let setup = Setup::parse(variant, text)?;
        Ok(AnyPosition::from_setup(&setup, options, Problems::empty())?)
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        match self {
            AnyPosition::Neva(_) => Variant::Neva,
            AnyPosition::Queah(_) => Variant::Queah,
            AnyPosition::GiveAndTake(_) => Variant::GiveAndTake,
            AnyPosition::Stockholm(_) => Variant::Stockholm,
        }
    }

    /// The options in force.
    pub fn options(&self) -> AnyOptions {
        match self {
            AnyPosition::Neva(p) => AnyOptions::Neva(*p.options()),
            AnyPosition::Queah(p) => AnyOptions::Queah(*p.options()),
            AnyPosition::GiveAndTake(p) => AnyOptions::GiveAndTake(*p.options()),
            AnyPosition::Stockholm(p) => AnyOptions::Stockholm(*p.options()),
        }
    }

    /// See [`Position::to_setup`].
    pub fn to_setup(&self) -> Setup {
        each!(self, p => p.to_setup())
    }

    /// See [`Position::position_string`].
    pub fn position_string(&self) -> String {
        each!(self, p => p.position_string())
    }

    /// See [`Position::seats`].
    pub fn seats(&self) -> SeatSet {
        each!(self, p => p.seats())
    }

    /// See [`Position::turn`].
    pub fn turn(&self) -> Option<Seat> {
        each!(self, p => p.turn())
    }

    /// See [`Position::side_to_move`].
    pub fn side_to_move(&self) -> Option<Seat> {
        each!(self, p => p.side_to_move())
    }

    /// See [`Position::piece_at`].
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        each!(self, p => p.piece_at(sq))
    }

    /// See [`Position::reserve`].
    pub fn reserve(&self, seat: Seat) -> u8 {
        each!(self, p => p.reserve(seat))
    }

    /// See [`Position::legal_moves`].
    pub fn legal_moves(&self) -> MoveList {
        each!(self, p => p.legal_moves())
    }

    /// See [`Position::is_legal`].
    pub fn is_legal(&self, mv: &Move) -> bool {
        each!(self, p => p.is_legal(mv))
    }

    /// See [`Position::play_unchecked`].
    ///
    /// # Panics
    /// As [`Position::play_unchecked`]: only for moves generated by this position.
    pub fn play_unchecked(&mut self, mv: &Move) {
        each!(self, p => p.play_unchecked(mv))
    }

    /// See [`Position::play`].
    ///
    /// # Errors
    /// The untouched position and the reason.
    pub fn play(self, mv: &Move) -> Result<AnyPosition, PlayError<AnyPosition>> {
        macro_rules! play {
            ($p:expr, $wrap:path) => {
                $p.play(mv).map($wrap).map_err(|e| PlayError {
                    position: $wrap(e.position),
                    kind: e.kind,
                })
            };
        }
        match self {
            AnyPosition::Neva(p) => play!(p, AnyPosition::Neva),
            AnyPosition::Queah(p) => play!(p, AnyPosition::Queah),
            AnyPosition::GiveAndTake(p) => play!(p, AnyPosition::GiveAndTake),
            AnyPosition::Stockholm(p) => play!(p, AnyPosition::Stockholm),
        }
    }

    /// See [`Position::depart`].
    ///
    /// # Errors
    /// The game is over or the seat is not playing.
    pub fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        each!(self, p => p.depart(seat, how))
    }

    /// See [`Position::status`].
    pub fn status(&self) -> Status {
        each!(self, p => p.status())
    }

    /// See [`Position::adjudicate`].
    pub fn adjudicate(&self, reason: EndReason) -> Status {
        each!(self, p => p.adjudicate(reason))
    }

    /// See [`Position::eliminated`].
    pub fn eliminated(&self) -> Vec<SeatSet> {
        each!(self, p => p.eliminated())
    }

    /// See [`Position::ranking`].
    pub fn ranking(&self) -> Vec<SeatSet> {
        each!(self, p => p.ranking())
    }

    /// See [`Position::out`].
    pub fn out(&self) -> SeatSet {
        each!(self, p => p.out())
    }

    /// See [`Position::hash`].
    pub fn hash(&self) -> u64 {
        each!(self, p => p.hash())
    }

    /// See [`Position::repetition_key`] (the same as [`AnyPosition::hash`]).
    pub fn repetition_key(&self) -> u64 {
        self.hash()
    }

    /// See [`Position::captures_into`].
    pub fn captures_into(&self, moves: &mut MoveList) {
        each!(self, p => p.captures_into(moves))
    }

    /// See [`Position::parse_move`].
    ///
    /// # Errors
    /// Bad syntax, illegal, or ambiguous.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        each!(self, p => p.parse_move(text))
    }

    /// See [`Position::move_to_string`].
    pub fn move_to_string(&self, mv: &Move) -> String {
        each!(self, p => p.move_to_string(mv))
    }

    /// Perft with the given convention.
    pub fn perft(&self, depth: u32, counting: crate::perft::Counting) -> u64 {
        each!(self, p => crate::perft::count(p, depth, counting))
    }

    /// Perft split by first move, with each move in canonical notation.
    pub fn divide(&self, depth: u32, counting: crate::perft::Counting) -> Vec<(String, u64)> {
        each!(self, p => crate::perft::divide(p, depth, counting)
            .into_iter()
            .map(|(m, n)| (p.move_to_string(&m), n))
            .collect())
    }
}
