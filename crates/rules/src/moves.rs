//! Moves: a whole turn, with the full landing path and the captured squares.
//!
//! A [`Move`] is made only by a game's move generator (and so by parsing notation against a
//! position, which picks one of the generated moves). It records everything a client or a
//! record needs (spec §1.2): origin, every landing square, the captured squares in jump
//! order, Queah's drop, and whether a man is crowned.

use std::fmt;

use crate::{Bitboard, Role, Square};

/// The most landings (and captures) one move can hold.
///
/// Setup validation caps each game's piece counts at their start values, and every jump
/// removes a distinct piece, so a sequence captures at most every other piece on the
/// board: Neva 23 (24 men), Give and Take 16, Stockholm 12, Queah 1. A step has one
/// landing. 24 covers them all.
pub const MAX_PATH: usize = 24;

/// A legal move of some position: one player's whole turn.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    origin: Square,
    path: [Square; MAX_PATH],
    path_len: u8,
    captured: [Square; MAX_PATH],
    captured_len: u8,
    drop: Option<Square>,
    drop_first: bool,
    role: Role,
    promotes: bool,
}

impl Move {
    /// A step of the piece on `from` to `to`.
    #[inline]
    pub(crate) fn step(from: Square, to: Square, role: Role, promotes: bool) -> Move {
        let mut path = [from; MAX_PATH];
        path[0] = to;
        Move {
            origin: from,
            path,
            path_len: 1,
            captured: [from; MAX_PATH],
            captured_len: 0,
            drop: None,
            drop_first: false,
            role,
            promotes,
        }
    }

    /// A capture sequence along `path` (landings) taking `captured` (jump order).
    ///
    /// # Panics
    /// If either slice is longer than [`MAX_PATH`] or they differ in length; generators only
    /// build sequences bounded by the setup's piece counts (see [`MAX_PATH`]).
    #[inline]
    pub(crate) fn capture(
        from: Square,
        path: &[Square],
        captured: &[Square],
        role: Role,
        promotes: bool,
    ) -> Move {
        assert!(path.len() <= MAX_PATH && path.len() == captured.len() && !path.is_empty());
        let mut p = [from; MAX_PATH];
        p[..path.len()].copy_from_slice(path);
        let mut c = [from; MAX_PATH];
        c[..captured.len()].copy_from_slice(captured);
        Move {
            origin: from,
            path: p,
            path_len: path.len() as u8,
            captured: c,
            captured_len: captured.len() as u8,
            drop: None,
            drop_first: false,
            role,
            promotes,
        }
    }

    /// A turn that is only a drop on `sq` (Queah, spec §3.4).
    #[inline]
    pub(crate) fn drop_only(sq: Square) -> Move {
        Move {
            origin: sq,
            path: [sq; MAX_PATH],
            path_len: 0,
            captured: [sq; MAX_PATH],
            captured_len: 0,
            drop: Some(sq),
            drop_first: true,
            role: Role::Man,
            promotes: false,
        }
    }

    /// This move combined with a drop on `sq`, before the piece moves (`first`) or after.
    #[inline]
    pub(crate) fn with_drop(mut self, sq: Square, first: bool) -> Move {
        self.drop = Some(sq);
        self.drop_first = first;
        self
    }

    /// The square the moving piece starts from; `None` for a drop-only turn.
    #[inline]
    pub fn origin(&self) -> Option<Square> {
        (self.path_len > 0).then_some(self.origin)
    }

    /// The square the moving piece ends on; `None` for a drop-only turn.
    #[inline]
    pub fn destination(&self) -> Option<Square> {
        self.path().last().copied()
    }

    /// Every landing square in order (one for a step, one per jump for a capture).
    #[inline]
    pub fn path(&self) -> &[Square] {
        &self.path[..self.path_len as usize]
    }

    /// The captured squares in jump order.
    #[inline]
    pub fn captured(&self) -> &[Square] {
        &self.captured[..self.captured_len as usize]
    }

    /// The captured squares as a set.
    #[inline]
    pub fn captured_set(&self) -> Bitboard {
        self.captured().iter().copied().collect()
    }

    /// True if the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured_len > 0
    }

    /// Queah: the cell a reserve piece is dropped on during this turn.
    #[inline]
    pub fn drop(&self) -> Option<Square> {
        self.drop
    }

    /// Queah: true if the drop comes before the piece's move (always true for drop-only).
    #[inline]
    pub fn drop_first(&self) -> bool {
        self.drop_first
    }

    /// Role of the moving piece before the move.
    #[inline]
    pub fn role(&self) -> Role {
        self.role
    }

    /// True if a man is crowned at the end of this move.
    #[inline]
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Key of the "dedup" perft convention (spec Appendix A): origin, destination and
    /// captured set, plus the drop.
    pub fn dedup_key(&self) -> (Option<Square>, Option<Square>, Bitboard, Option<Square>) {
        (
            self.origin(),
            self.destination(),
            self.captured_set(),
            self.drop,
        )
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Move");
        if let Some(o) = self.origin() {
            d.field("origin", &o.algebraic().to_string());
        }
        d.field(
            "path",
            &self
                .path()
                .iter()
                .map(|s| s.algebraic().to_string())
                .collect::<Vec<_>>(),
        );
        if self.is_capture() {
            d.field(
                "captured",
                &self
                    .captured()
                    .iter()
                    .map(|s| s.algebraic().to_string())
                    .collect::<Vec<_>>(),
            );
        }
        if let Some(s) = self.drop {
            d.field("drop", &s.algebraic().to_string());
            d.field("drop_first", &self.drop_first);
        }
        d.field("role", &self.role);
        if self.promotes {
            d.field("promotes", &true);
        }
        d.finish()
    }
}

/// A list of moves. A `Vec`, not a fixed array, because Give and Take kings with 180° turns
/// can have more distinct capture paths than any small fixed bound; perft reuses one list
/// per depth so the hot path does not allocate.
pub type MoveList = Vec<Move>;
