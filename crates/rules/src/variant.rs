//! The four games, their stable keys, boards and square names.
//!
//! ```
//! use rules::Variant;
//! let v: Variant = "giveandtake".parse().unwrap();
//! assert_eq!(v, Variant::GiveAndTake);
//! assert_eq!(v.key(), "giveandtake");
//! let sq = Variant::Neva.parse_square("25").unwrap();
//! assert_eq!(Variant::Neva.square_name(sq), "25");
//! assert!(Variant::Stockholm.parse_square("b1").is_none()); // a light square
//! ```

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, Square};

/// One of the four games.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Variant {
    /// Neva checkers, 2-4 players on a 36-square lattice (spec §2).
    Neva,
    /// Queah, 2 players on 13 cells with reserves (spec §3).
    Queah,
    /// Give and Take, orthogonal 8×8 (spec §4).
    GiveAndTake,
    /// Stockholm checkers, and Brazilian draughts with its deferred rule off (spec §5).
    Stockholm,
}

/// Neva's 36 squares: files 0-5, ranks 0-5.
const NEVA_BOARD: u64 = 0x3f3f_3f3f_3f3f;
/// Queah's 13 cells: dark squares (file + rank even) of the 5×5 corner.
const QUEAH_BOARD: u64 = {
    let mut bb = 0u64;
    let mut r = 0;
    while r < 5 {
        let mut f = 0;
        while f < 5 {
            if (f + r) % 2 == 0 {
                bb |= 1 << (r * 8 + f);
            }
            f += 1;
        }
        r += 1;
    }
    bb
};
/// The 32 dark squares of 8×8, a1 dark.
const DARK_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;

impl Variant {
    /// All games, in the order of the spec.
    pub const ALL: [Variant; 4] = [
        Variant::Neva,
        Variant::Queah,
        Variant::GiveAndTake,
        Variant::Stockholm,
    ];

    /// Stable key used in URLs, the database, the CLI and records.
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Neva => "neva",
            Variant::Queah => "queah",
            Variant::GiveAndTake => "giveandtake",
            Variant::Stockholm => "stockholm",
        }
    }

    /// Human name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Neva => "Neva checkers",
            Variant::Queah => "Queah",
            Variant::GiveAndTake => "Give and Take",
            Variant::Stockholm => "Stockholm checkers",
        }
    }

    /// The squares this game plays on.
    pub const fn board(self) -> Bitboard {
        Bitboard(match self {
            Variant::Neva => NEVA_BOARD,
            Variant::Queah => QUEAH_BOARD,
            Variant::GiveAndTake => !0,
            Variant::Stockholm => DARK_SQUARES,
        })
    }

    /// Size of the drawn grid (files, ranks): Neva 6×6, Queah 5×5, others 8×8.
    pub const fn grid(self) -> (u8, u8) {
        match self {
            Variant::Neva => (6, 6),
            Variant::Queah => (5, 5),
            Variant::GiveAndTake | Variant::Stockholm => (8, 8),
        }
    }

    /// How many seats the game can have at most.
    pub const fn max_seats(self) -> usize {
        match self {
            Variant::Neva => 4,
            _ => 2,
        }
    }

    /// The square's name in this game: Neva's two digits `xy` (spec §2.1), otherwise
    /// algebraic (spec §3.1, §4.1, §5.1).
    pub fn square_name(self, sq: Square) -> String {
        self.square(sq).as_str().to_owned()
    }

    /// [`Variant::square_name`] without an allocation: the name is kept inline, for
    /// writers of positions and moves (the server writes several per move).
    pub fn square(self, sq: Square) -> SquareName {
        match self {
            Variant::Neva => SquareName([b'1' + sq.file(), b'1' + sq.rank()]),
            _ => SquareName([b'a' + sq.file(), b'1' + sq.rank()]),
        }
    }

    /// Parses a square name of this game; `None` if malformed or not on this board.
    pub fn parse_square(self, s: &str) -> Option<Square> {
        let sq = match self {
            Variant::Neva => {
                let b = s.as_bytes();
                if b.len() != 2 {
                    return None;
                }
                let x = b[0].checked_sub(b'1')?;
                let y = b[1].checked_sub(b'1')?;
                Square::from_coords(x, y)?
            }
            _ => Square::parse_algebraic(s)?,
        };
        self.board().contains(sq).then_some(sq)
    }
}

/// A square's name in one game (see [`Variant::square`]): two ASCII characters, kept
/// inline. It reads, prints, compares and serialises as the text of the name.
///
/// ```
/// use rules::Variant;
/// let sq = Variant::Neva.parse_square("25").unwrap();
/// assert_eq!(Variant::Neva.square(sq), "25");
/// assert_eq!(Variant::Neva.square(sq).to_string(), Variant::Neva.square_name(sq));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName([u8; 2]);

impl SquareName {
    /// The name's two ASCII characters, for writers that copy them without reading
    /// them as text first.
    pub fn bytes(self) -> [u8; 2] {
        self.0
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        // Always two ASCII characters: files and ranks are below 8.
        std::str::from_utf8(&self.0).unwrap_or("??")
    }
}

impl std::ops::Deref for SquareName {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for SquareName {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for SquareName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SquareName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for SquareName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Error of [`Variant::from_str`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}` (expected neva, queah, giveandtake or stockholm)")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.key().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseVariantError(s.to_string()))
    }
}
