//! Position strings and the plain [`Setup`] they parse into.
//!
//! A position string holds every piece of state that changes the legal moves, in the
//! spirit of PDN's FEN tag. Fields are separated by `:`:
//!
//! ```text
//! position   := turn (":" seat-field)+ (":" extra)*
//! turn       := "W" | "R" | "G" | "B" | "-"          the seat to move; "-" once the game is over
//! seat-field := seat-letter [piece ("," piece)*]    one field per seat in the game, even if empty
//! piece      := ["K"] square                          K marks a king; squares as the game names them
//! extra      := "out=" group ("," group)*             eliminated seats in elimination order; a
//!                                                    group of letters was eliminated by one move
//!             | "reserve=" letter count ("," ...)*   Queah: pieces in reserve
//!             | "owe=" letter+                        Queah: seats owing a drop
//!             | "hot=" square                         Give and Take: where the piece that just moved stands
//!             | "rev=" letter square "-" square (",")* Queah: the step a seat may not undo (spec §3.6)
//!             | "np=" number                          plies since the last capture or other progress
//! ```
//!
//! Seat letters are `W` (White, Morning), `R` (Red, Day), `G` (Green, Evening), `B` (Black,
//! Night). Extras at their default (none eliminated, empty reserves, `np=0`) are left out.
//!
//! ```
//! use rules::{Setup, Variant};
//! let text = "W:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31";
//! let setup: Setup = Setup::parse(Variant::Neva, text).unwrap();
//! assert_eq!(setup.to_string(), text);
//! let queah = Setup::parse(Variant::Queah, "W:Wb2,c1,d2,e1:Ba5,b4,c5,d4:reserve=W6,B6").unwrap();
//! assert_eq!(queah.reserves[rules::Seat::WHITE], 6);
//! ```
//!
//! A `Setup` is only data: [`crate::Position::from_setup`] checks it against the game's rules.

use std::fmt;

use bitflags::bitflags;

use crate::{BySeat, Piece, Role, Seat, SeatSet, Square, Variant};

/// Everything a position string holds, not yet checked against the rules.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The game whose square names the string uses.
    pub variant: Variant,
    /// The seat to move; `None` once the game is over.
    pub turn: Option<Seat>,
    /// The seats in the game (present at the start, whether or not still playing).
    pub seats: SeatSet,
    /// The piece on each square, by [`Square::index`].
    pub board: [Option<Piece>; 64],
    /// Eliminated seats, in elimination order; seats in one group went out with one move.
    pub eliminated: Vec<SeatSet>,
    /// Queah reserves.
    pub reserves: BySeat<u8>,
    /// Queah: seats that owe a drop.
    pub owed_drop: SeatSet,
    /// Give and Take: the square of the piece that made the last move.
    pub hot: Option<Square>,
    /// Queah: per seat, the step `(from, to)` of its previous turn that may not be undone.
    pub last_step: BySeat<Option<(Square, Square)>>,
    /// Plies since the last capture, man move or drop (each game says which moves count).
    pub no_progress: u16,
}

/// Why a position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupParseError {
    /// The string is empty.
    #[error("empty position string")]
    Empty,
    /// The first field is not a seat letter or `-`.
    #[error("bad seat to move `{0}` (expected W, R, G, B or -)")]
    Turn(String),
    /// A seat field does not start with a seat letter.
    #[error(
        "bad field `{0}` (expected a seat letter W, R, G or B followed by pieces, or key=value)"
    )]
    Field(String),
    /// The same seat has two fields.
    #[error("seat {0} has two fields")]
    DuplicateSeat(Seat),
    /// A square name is not on this game's board.
    #[error("`{square}` is not a square of {variant}")]
    Square {
        /// The text that was not a square.
        square: String,
        /// The game.
        variant: Variant,
    },
    /// Two pieces on one square.
    #[error("two pieces on square {0}")]
    SquareTwice(String),
    /// An extra field has an unknown key.
    #[error("unknown field `{0}` (expected out, reserve, owe, hot, rev or np)")]
    UnknownKey(String),
    /// An extra field's value cannot be read.
    #[error("bad value `{value}` for field `{key}`")]
    Value {
        /// The field.
        key: &'static str,
        /// Its value.
        value: String,
    },
    /// No seat field at all.
    #[error("no seat fields")]
    NoSeats,
}

impl Setup {
    /// The game-specific fields that are set although the game does not read them, as
    /// the problems that name them: reserves ([`Problems::RESERVE`]), owed drops
    /// ([`Problems::OWED_DROP`]), the hot square ([`Problems::HOT`]) and the last steps
    /// ([`Problems::REVERSE`]). `used`: the fields the game reads, named the same way.
    /// The one check every game's `from_setup` makes of the fields it ignores.
    pub(crate) fn unused_fields(&self, used: Problems) -> Problems {
        let mut set = Problems::empty();
        set.set(Problems::RESERVE, self.reserves.iter().any(|(_, &n)| n > 0));
        set.set(Problems::OWED_DROP, !self.owed_drop.is_empty());
        set.set(Problems::HOT, self.hot.is_some());
        set.set(
            Problems::REVERSE,
            self.last_step.iter().any(|(_, s)| s.is_some()),
        );
        set - used
    }

    /// An empty board with no seats, White to move.
    pub fn empty(variant: Variant) -> Setup {
        Setup {
            variant,
            turn: Some(Seat::Morning),
            seats: SeatSet::EMPTY,
            board: [None; 64],
            eliminated: Vec::new(),
            reserves: BySeat::default(),
            owed_drop: SeatSet::EMPTY,
            hot: None,
            last_step: BySeat::default(),
            no_progress: 0,
        }
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The set of eliminated seats.
    pub fn eliminated_set(&self) -> SeatSet {
        self.eliminated
            .iter()
            .fold(SeatSet::EMPTY, |a, &g| a.union(g))
    }

    /// Parses a position string of `variant`.
    ///
    /// # Errors
    /// A [`SetupParseError`] naming the first thing that could not be read.
    pub fn parse(variant: Variant, text: &str) -> Result<Setup, SetupParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SetupParseError::Empty);
        }
        let mut fields = text.split(':');
        let turn_text = fields.next().unwrap_or_default().trim();
        let mut setup = Setup::empty(variant);
        setup.turn = match turn_text {
            "-" => None,
            t if t.chars().count() == 1 => Some(
                t.chars()
                    .next()
                    .and_then(Seat::from_letter)
                    .ok_or_else(|| SetupParseError::Turn(t.to_string()))?,
            ),
            t => return Err(SetupParseError::Turn(t.to_string())),
        };
        let square = |s: &str| {
            variant
                .parse_square(s.trim())
                .ok_or_else(|| SetupParseError::Square {
                    square: s.trim().to_string(),
                    variant,
                })
        };
        for field in fields {
            let field = field.trim();
            if let Some((key, value)) = field.split_once('=') {
                let (key, value) = (key.trim(), value.trim());
                let bad = |k: &'static str| SetupParseError::Value {
                    key: k,
                    value: value.to_string(),
                };
                match key {
                    "out" => {
                        for group in value.split(',').filter(|g| !g.trim().is_empty()) {
                            let mut set = SeatSet::EMPTY;
                            for c in group.trim().chars() {
                                let s = Seat::from_letter(c).ok_or_else(|| bad("out"))?;
                                if set.contains(s) || setup.eliminated_set().contains(s) {
                                    return Err(bad("out"));
                                }
                                set.insert(s);
                            }
                            setup.eliminated.push(set);
                        }
                    }
                    "reserve" => {
                        for item in value.split(',').filter(|g| !g.trim().is_empty()) {
                            let item = item.trim();
                            let mut chars = item.chars();
                            let s = chars
                                .next()
                                .and_then(Seat::from_letter)
                                .ok_or_else(|| bad("reserve"))?;
                            let n: u8 = chars.as_str().parse().map_err(|_| bad("reserve"))?;
                            setup.reserves[s] = n;
                        }
                    }
                    "owe" => {
                        for c in value.chars() {
                            setup
                                .owed_drop
                                .insert(Seat::from_letter(c).ok_or_else(|| bad("owe"))?);
                        }
                    }
                    "hot" => setup.hot = Some(square(value)?),
                    "rev" => {
                        for item in value.split(',').filter(|g| !g.trim().is_empty()) {
                            let item = item.trim();
                            let mut chars = item.chars();
                            let s = chars
                                .next()
                                .and_then(Seat::from_letter)
                                .ok_or_else(|| bad("rev"))?;
                            let (a, b) =
                                chars.as_str().split_once('-').ok_or_else(|| bad("rev"))?;
                            setup.last_step[s] = Some((square(a)?, square(b)?));
                        }
                    }
                    "np" => setup.no_progress = value.parse().map_err(|_| bad("np"))?,
                    _ => return Err(SetupParseError::UnknownKey(key.to_string())),
                }
                continue;
            }
            let mut chars = field.chars();
            let seat = chars
                .next()
                .and_then(Seat::from_letter)
                .ok_or_else(|| SetupParseError::Field(field.to_string()))?;
            if setup.seats.contains(seat) {
                return Err(SetupParseError::DuplicateSeat(seat));
            }
            setup.seats.insert(seat);
            for item in chars.as_str().split(',') {
                let item = item.trim();
                if item.is_empty() {
                    continue;
                }
                let (role, name) = match item.strip_prefix('K') {
                    Some(rest) => (Role::King, rest),
                    None => (Role::Man, item),
                };
                let sq = square(name)?;
                if setup.board[sq.index()].is_some() {
                    return Err(SetupParseError::SquareTwice(name.to_string()));
                }
                setup.board[sq.index()] = Some(Piece { seat, role });
            }
        }
        if setup.seats.is_empty() {
            return Err(SetupParseError::NoSeats);
        }
        Ok(setup)
    }
}

impl Setup {
    /// Appends the position string (what `Display` writes) to `out`: the server writes a
    /// position for every move it plays, into a string it made with room for one.
    pub fn write_to(&self, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = self.write(out);
    }

    /// The position string. The board, most of the text, goes a character at a time
    /// rather than through the formatting machinery (into a String, `write_char` is a
    /// push); the rest is short or absent.
    fn write(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let v = self.variant;
        f.write_char(self.turn.map_or('-', Seat::letter))?;
        // Each seat's pieces, in the order of their names: Neva's `xy` names (spec §2.1)
        // sort by file first, algebraic names by rank first. One pass over the board
        // marks each seat's squares by their place in that order; each seat's part then
        // visits only its own pieces (the server writes a position for every move).
        let at = |i: u8| match v {
            Variant::Neva => Square::from_coords(i / 8, i % 8),
            _ => Square::new(i),
        };
        let mut marks = BySeat::<u64>::default();
        for i in 0..64u8 {
            if let Some(p) = at(i).and_then(|sq| self.board[sq.index()]) {
                marks[p.seat] |= 1 << i;
            }
        }
        for seat in self.seats.iter() {
            f.write_char(':')?;
            f.write_char(seat.letter())?;
            let mut left = marks[seat];
            let mut first = true;
            while left != 0 {
                // Below 64: `left` is a u64.
                let i = left.trailing_zeros() as u8;
                left &= left - 1;
                let Some(sq) = at(i) else { continue };
                if !first {
                    f.write_char(',')?;
                }
                first = false;
                if self.board[sq.index()].is_some_and(|p| p.role == Role::King) {
                    f.write_char('K')?;
                }
                for b in v.square(sq).bytes() {
                    f.write_char(char::from(b))?;
                }
            }
        }
        if !self.eliminated.is_empty() {
            f.write_str(":out=")?;
            for (i, g) in self.eliminated.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{g}")?;
            }
        }
        // Items after the first with a comma, with no strings built on the way.
        let mut reserves = self.seats.iter().filter(|&s| self.reserves[s] > 0);
        if let Some(first) = reserves.next() {
            write!(f, ":reserve={}{}", first.letter(), self.reserves[first])?;
            for s in reserves {
                write!(f, ",{}{}", s.letter(), self.reserves[s])?;
            }
        }
        if !self.owed_drop.is_empty() {
            write!(f, ":owe={}", self.owed_drop)?;
        }
        if let Some(h) = self.hot {
            write!(f, ":hot={}", v.square(h))?;
        }
        let revs = Seat::ALL
            .into_iter()
            .filter_map(|s| self.last_step[s].map(|(a, b)| (s, a, b)));
        for (i, (s, a, b)) in revs.enumerate() {
            let lead = if i == 0 { ":rev=" } else { "," };
            write!(f, "{lead}{}{}-{}", s.letter(), v.square(a), v.square(b))?;
        }
        if self.no_progress > 0 {
            write!(f, ":np={}", self.no_progress)?;
        }
        Ok(())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

bitflags! {
    /// Rules a [`Setup`] breaks, as checked by [`crate::Position::from_setup`].
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
    pub struct Problems: u32 {
        /// The seat layout is not one the game and its options allow.
        const SEATS = 1 << 0;
        /// A piece stands on a square the game does not use.
        const OFF_BOARD = 1 << 1;
        /// A piece belongs to a seat that is not in the game.
        const ABSENT_OWNER = 1 << 2;
        /// A seat has more pieces than it starts with (never waivable: move buffers are
        /// sized by the start counts).
        const TOO_MANY_PIECES = 1 << 3;
        /// The seat to move is missing, not in the game or eliminated; or the game is marked
        /// over while it is not.
        const TURN = 1 << 4;
        /// A man stands where it would already have been crowned.
        const MAN_ON_PROMOTION = 1 << 5;
        /// Kings in a game without kings.
        const KINGS = 1 << 6;
        /// Queah: reserve and board counts are impossible (more than 4 on the board, more
        /// than 10 in all), or reserves in a game without them.
        const RESERVE = 1 << 7;
        /// An owed drop that cannot be owed.
        const OWED_DROP = 1 << 8;
        /// The Give and Take hot square does not hold a piece of the seat that moved last.
        const HOT = 1 << 9;
        /// The Queah no-reverse memory does not match the board.
        const REVERSE = 1 << 10;
        /// The eliminated seats do not fit the game (not in it, or still holding pieces where
        /// departed pieces are removed).
        const ELIMINATED = 1 << 11;
        /// A draw counter is beyond its limit.
        const COUNTER = 1 << 12;
    }
}

impl Problems {
    /// `Ok` if every problem found is waived (only [`Problems::WAIVABLE`] ones can be), else
    /// the [`PositionError`] with the rest: the one way games end `from_setup`.
    ///
    /// # Errors
    /// The problems left after the waiver.
    pub fn check(self, waive: Problems, setup: &Setup) -> Result<(), PositionError> {
        let left = self - (waive & Problems::WAIVABLE);
        if left.is_empty() {
            Ok(())
        } else {
            Err(PositionError {
                problems: left,
                setup: Box::new(setup.clone()),
            })
        }
    }

    /// The checks a tool may waive: the position stays safe to play on without them.
    pub const WAIVABLE: Problems = Problems::MAN_ON_PROMOTION
        .union(Problems::RESERVE)
        .union(Problems::COUNTER);

    const NAMES: [(Problems, &'static str); 13] = [
        (Problems::SEATS, "seat layout not allowed"),
        (Problems::OFF_BOARD, "piece off the board"),
        (Problems::ABSENT_OWNER, "piece of a seat not in the game"),
        (Problems::TOO_MANY_PIECES, "too many pieces"),
        (Problems::TURN, "bad seat to move"),
        (Problems::MAN_ON_PROMOTION, "man on its promotion square"),
        (Problems::KINGS, "kings in a game without kings"),
        (Problems::RESERVE, "impossible reserve"),
        (Problems::OWED_DROP, "impossible owed drop"),
        (
            Problems::HOT,
            "hot square without the piece that moved last",
        ),
        (
            Problems::REVERSE,
            "no-reverse memory does not match the board",
        ),
        (Problems::ELIMINATED, "inconsistent eliminated seats"),
        (Problems::COUNTER, "draw counter beyond its limit"),
    ];
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Problems::NAMES
            .iter()
            .filter(|(p, _)| self.contains(*p))
            .map(|&(_, n)| n)
            .collect();
        f.write_str(&names.join(", "))
    }
}

/// A setup that breaks the rules, with every problem found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal {} position: {problems}", setup.variant.name())]
pub struct PositionError {
    /// Every rule the setup breaks.
    pub problems: Problems,
    /// The setup, to retry with some problems waived.
    pub setup: Box<Setup>,
}

/// Either step of reading a position from text failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not a position string.
    #[error(transparent)]
    Syntax(#[from] SetupParseError),
    /// The text is a position string, but not a legal position.
    #[error(transparent)]
    Illegal(#[from] PositionError),
}
