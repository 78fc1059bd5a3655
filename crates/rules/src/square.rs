//! Squares and bitboards.
//!
//! Every Checkerhall board fits inside one 8×8 grid, so one [`Square`] type and one
//! 64-bit [`Bitboard`] serve all four games; each game masks the part of the grid it
//! plays on (see [`crate::Variant::board`]):
//!
//! * Neva's 6×6 lattice uses files 0-5 and ranks 0-5 (square `xy` is file `x-1`, rank `y-1`,
//!   spec §2.1), so the lattice's line directions are the grid's orthogonal directions;
//! * Queah's 13 cells are the dark squares of the 5×5 corner (spec §3.1);
//! * Give and Take uses all 64 squares (spec §4.1);
//! * Stockholm uses the 32 dark squares, a1 dark (spec §5.1).
//!
//! ```
//! use rules::{Bitboard, Square};
//! let c3 = Square::from_coords(2, 2).unwrap();
//! assert_eq!(c3.index(), 18);
//! assert_eq!(c3.offset(1, 1), Square::from_coords(3, 3));
//! assert!(Bitboard::from(c3).contains(c3));
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A square of the 8×8 grid; index `rank * 8 + file`. It can never be off the grid.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// Every square of the grid, a1 first.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index, if it is below 64.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` and `rank` (both counted from 0), if both are below 8.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with this index.
    ///
    /// # Panics
    /// If `index >= 64`: for indices the caller derived from a valid square or bitboard bit.
    #[inline]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        assert!(index < 64);
        Square(index)
    }

    /// Index `rank * 8 + file`, from 0 to 63.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File (column), from 0 to 7.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank (row), from 0 to 7.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `df` files and `dr` ranks away, if it is on the grid.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// Algebraic name such as `c3` (file letter, rank digit).
    pub fn algebraic(self) -> Algebraic {
        Algebraic(self)
    }

    /// Parses an algebraic name such as `c3` on the 8×8 grid (board membership is the
    /// caller's check).
    pub fn parse_algebraic(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'1')?;
        Square::from_coords(file, rank)
    }
}

/// Display helper returned by [`Square::algebraic`].
#[derive(Copy, Clone, Debug)]
pub struct Algebraic(Square);

impl fmt::Display for Algebraic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.0.file()) as char,
            (b'1' + self.0.rank()) as char
        )
    }
}

/// A set of squares, one bit per [`Square::index`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// True if no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if at least one square is set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True if `sq` is set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.0) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u64 << sq.0;
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u64 << sq.0);
    }

    /// The lowest set square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// Shifts every square by `delta` indices (positive towards h8), dropping those that
    /// leave the 64-bit word. Wrapping across files is the caller's mask to remove.
    #[inline]
    pub const fn shift(self, delta: i32) -> Bitboard {
        if delta >= 0 {
            Bitboard(self.0 << delta)
        } else {
            Bitboard(self.0 >> -delta)
        }
    }

    /// Iterates the set squares from a1 upwards.
    #[inline]
    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.algebraic().to_string()))
            .finish()
    }
}

macro_rules! bitop {
    ($tr:ident, $m:ident, $atr:ident, $am:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $m(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $am(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    #[inline]
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

/// Iterator over the squares of a [`Bitboard`], from a1 upwards.
#[derive(Clone, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square(i))
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl std::iter::FusedIterator for BitboardIter {}
