//! Seats, pieces and per-seat tables.
//!
//! Seats are named by Neva's times of day (spec §2.1) and keep that order, which is the
//! clockwise turn order. The two-seat games use [`Seat::Morning`] for White (who moves
//! first) and [`Seat::Night`] for Black, so a seat's colour name is the same in every game.
//!
//! ```
//! use rules::{BySeat, Seat, SeatSet};
//! let counts = BySeat::new([6, 6, 0, 1]);
//! assert_eq!(counts.find(|&n| n == 0), Some(Seat::Evening));
//! let alive = SeatSet::ALL.filter(|s| counts[s] > 0);
//! assert_eq!(alive.len(), 3);
//! assert_eq!(Seat::Night.next(), Seat::Morning);
//! ```

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// One of the four seats, in clockwise turn order.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Seat {
    /// Morning, White. In the two-seat games: White.
    #[cfg_attr(feature = "serde", serde(rename = "white"))]
    Morning = 0,
    /// Day, Red.
    #[cfg_attr(feature = "serde", serde(rename = "red"))]
    Day = 1,
    /// Evening, Green.
    #[cfg_attr(feature = "serde", serde(rename = "green"))]
    Evening = 2,
    /// Night, Black. In the two-seat games: Black.
    #[cfg_attr(feature = "serde", serde(rename = "black"))]
    Night = 3,
}

impl Seat {
    /// All seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::Morning, Seat::Day, Seat::Evening, Seat::Night];
    /// White, the first seat of the two-seat games.
    pub const WHITE: Seat = Seat::Morning;
    /// Black, the second seat of the two-seat games.
    pub const BLACK: Seat = Seat::Night;

    /// The seat with this index (0 to 3).
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::Morning),
            1 => Some(Seat::Day),
            2 => Some(Seat::Evening),
            3 => Some(Seat::Night),
            _ => None,
        }
    }

    /// Index in turn order, 0 to 3.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The next seat clockwise.
    #[inline]
    pub const fn next(self) -> Seat {
        Seat::ALL[(self as usize + 1) & 3]
    }

    /// The seat diagonally opposite (Neva's partner in team play, spec §2.8).
    #[inline]
    pub const fn opposite(self) -> Seat {
        Seat::ALL[(self as usize + 2) & 3]
    }

    /// Stable lower-case key, the colour: `white`, `red`, `green`, `black`.
    pub const fn key(self) -> &'static str {
        match self {
            Seat::Morning => "white",
            Seat::Day => "red",
            Seat::Evening => "green",
            Seat::Night => "black",
        }
    }

    /// One-letter code used in position strings: `W`, `R`, `G`, `B`.
    pub const fn letter(self) -> char {
        match self {
            Seat::Morning => 'W',
            Seat::Day => 'R',
            Seat::Evening => 'G',
            Seat::Night => 'B',
        }
    }

    /// The seat with this one-letter code (either case).
    pub const fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'W' => Some(Seat::Morning),
            'R' => Some(Seat::Day),
            'G' => Some(Seat::Evening),
            'B' => Some(Seat::Night),
            _ => None,
        }
    }

    /// Neva's time-of-day name: `Morning`, `Day`, `Evening`, `Night`.
    pub const fn time_of_day(self) -> &'static str {
        match self {
            Seat::Morning => "Morning",
            Seat::Day => "Day",
            Seat::Evening => "Evening",
            Seat::Night => "Night",
        }
    }

    /// Colour name with a capital: `White`, `Red`, `Green`, `Black`.
    pub const fn colour(self) -> &'static str {
        match self {
            Seat::Morning => "White",
            Seat::Day => "Red",
            Seat::Evening => "Green",
            Seat::Night => "Black",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Error of [`Seat::from_str`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown seat `{0}` (expected white, red, green, black, morning, day, evening or night)")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;
    /// Accepts the colour key, the time of day, or the one-letter code, in any case.
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let l = s.trim().to_ascii_lowercase();
        Ok(match l.as_str() {
            "white" | "morning" | "w" => Seat::Morning,
            "red" | "day" | "r" => Seat::Day,
            "green" | "evening" | "g" => Seat::Evening,
            "black" | "night" | "b" => Seat::Night,
            _ => return Err(ParseSeatError(s.to_string())),
        })
    }
}

/// A table with one value per seat (serialised as a map from seat key to value).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Table from values in turn order.
    pub const fn new(values: [T; 4]) -> BySeat<T> {
        BySeat(values)
    }

    /// Table built by calling `f` for every seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::ALL.map(&mut f))
    }

    /// Applies `f` to every value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySeat<U> {
        let BySeat(v) = self;
        BySeat(v.map(&mut f))
    }

    /// Pairs this table with another.
    pub fn zip<U>(self, other: BySeat<U>) -> BySeat<(T, U)> {
        let BySeat([a0, a1, a2, a3]) = self;
        let BySeat([b0, b1, b2, b3]) = other;
        BySeat([(a0, b0), (a1, b1), (a2, b2), (a3, b3)])
    }

    /// The first seat (in turn order) whose value satisfies `pred`.
    pub fn find(&self, mut pred: impl FnMut(&T) -> bool) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| pred(&self.0[s.index()]))
    }

    /// Iterates `(seat, &value)` in turn order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

/// A set of seats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// All four seats.
    pub const ALL: SeatSet = SeatSet(0b1111);
    /// White and Black, the seats of the two-seat games.
    pub const TWO: SeatSet = SeatSet(0b1001);

    /// The set holding just `seat`.
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat as u8)
    }

    /// The set of these seats.
    pub fn of(seats: &[Seat]) -> SeatSet {
        seats.iter().fold(SeatSet::EMPTY, |s, &x| s.with(x))
    }

    /// The set as four bits, Morning lowest.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set from four bits, Morning lowest; higher bits are ignored.
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits & 0b1111)
    }

    /// True if `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    /// This set plus `seat`.
    #[inline]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat as u8))
    }

    /// This set less `seat`.
    #[inline]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat as u8))
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        *self = self.with(seat);
    }

    /// Removes `seat`.
    pub fn remove(&mut self, seat: Seat) {
        *self = self.without(seat);
    }

    /// Seats in both sets.
    pub const fn intersect(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// Seats in either set.
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// Seats in this set but not in `other`.
    pub const fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// Number of seats.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if there is no seat.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats that satisfy `pred`.
    pub fn filter(self, mut pred: impl FnMut(Seat) -> bool) -> SeatSet {
        self.iter()
            .filter(|&s| pred(s))
            .fold(SeatSet::EMPTY, SeatSet::with)
    }

    /// The first seat in turn order.
    pub fn first(self) -> Option<Seat> {
        self.iter().next()
    }

    /// The first seat of the set after `seat` in clockwise order, wrapping round (it may be
    /// `seat` itself when that is the only member).
    pub fn next_after(self, seat: Seat) -> Option<Seat> {
        let mut s = seat;
        for _ in 0..4 {
            s = s.next();
            if self.contains(s) {
                return Some(s);
            }
        }
        None
    }

    /// Iterates the seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for SeatSet {
    /// Seat letters in turn order, e.g. `WG`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in self.iter() {
            write!(f, "{}", s.letter())?;
        }
        Ok(())
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Man or king.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Role {
    /// An unpromoted piece.
    Man,
    /// A promoted piece.
    King,
}

/// A piece: its owner and role.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The seat that owns the piece.
    pub seat: Seat,
    /// Man or king.
    pub role: Role,
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{BySeat, Seat, SeatSet};
    use serde::de::Deserializer;
    use serde::ser::{SerializeMap, Serializer};
    use serde::{Deserialize, Serialize};
    use std::collections::BTreeMap;

    impl<T: Serialize> Serialize for BySeat<T> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut m = s.serialize_map(Some(4))?;
            for (seat, v) in self.iter() {
                m.serialize_entry(seat.key(), v)?;
            }
            m.end()
        }
    }

    impl<'de, T: Deserialize<'de> + Default> Deserialize<'de> for BySeat<T> {
        /// Missing seats take the default value.
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let map = BTreeMap::<Seat, T>::deserialize(d)?;
            let mut out = BySeat::<T>::default();
            for (seat, v) in map {
                out[seat] = v;
            }
            Ok(out)
        }
    }

    impl Serialize for SeatSet {
        /// A list of seat keys in turn order.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.iter())
        }
    }

    impl<'de> Deserialize<'de> for SeatSet {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Ok(Vec::<Seat>::deserialize(d)?.into_iter().collect())
        }
    }
}
