//! Moves: a whole turn, with the full landing path and the captured squares; and the
//! sinks move generators put them into.
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

    /// [`Move::origin`] as a slice of none or one square, borrowed from the move (for
    /// writing its notation without a copy).
    #[inline]
    pub(crate) fn origin_slice(&self) -> &[Square] {
        if self.path_len > 0 {
            std::slice::from_ref(&self.origin)
        } else {
            &[]
        }
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

/// Where a move generator puts the legal moves it finds.
///
/// Every game has one traversal of its legal moves, generic over the sink and
/// monomorphised for each one (no `dyn`), so listing the moves ([`MoveList`]), counting
/// them for bulk perft ([`MoveCount`]) and asking whether there is any ([`AnyMove`]) run the
/// same code and pay only for what the sink uses: a counting sink never builds a [`Move`],
/// and a full sink stops the traversal early. [`crate::Position::generate`] drives it.
///
/// A generator may start over with [`MoveSink::clear`] (a longer capture found under the
/// maximum-capture rule), so a sink handed to a generator should hold nothing else.
///
/// ```
/// use rules::{AnyMove, MoveCount, MoveList, Position, Stockholm, StockholmOptions};
/// let pos = Stockholm::new(StockholmOptions::default()).unwrap();
/// let mut moves = MoveList::new();
/// pos.generate(&mut moves);
/// let mut count = MoveCount::default();
/// pos.generate(&mut count);
/// assert_eq!(count.0, moves.len() as u64);
/// let mut any = AnyMove::default();
/// pos.generate(&mut any);
/// assert!(any.0);
/// ```
pub trait MoveSink {
    /// Receives one legal move; `build` makes it, and is called only by sinks that keep
    /// moves.
    fn push(&mut self, build: impl FnOnce() -> Move);

    /// Forgets every move received so far.
    fn clear(&mut self);

    /// The count of a sink that only counts: generators then add the number of moves they
    /// can count without enumerating them (steps found with one popcount) instead of
    /// pushing each. `None` (the default) for sinks that want every move.
    #[inline(always)]
    fn counter(&mut self) -> Option<&mut u64> {
        None
    }

    /// True once the sink wants no more moves: generators stop as soon as they can.
    #[inline(always)]
    fn is_full(&self) -> bool {
        false
    }

    /// Receives the steps of the piece on `from`, of role `role`, to every square of
    /// `targets`, none of them crowning it (a counting sink adds their number at once).
    /// Returns [`MoveSink::is_full`] after them, so that a generator can stop.
    #[inline(always)]
    fn push_steps(&mut self, from: Square, targets: Bitboard, role: Role) -> bool {
        if let Some(count) = self.counter() {
            *count += u64::from(targets.count());
            return self.is_full();
        }
        for to in targets {
            self.push(|| Move::step(from, to, role, false));
            if self.is_full() {
                return true;
            }
        }
        false
    }

    /// Receives a capture sequence of the piece on `from`: its landings `path`, the
    /// `captured` squares in jump order, its role, and whether it is crowned at the end.
    ///
    /// # Panics
    /// As [`Move`]'s constructor, if the slices differ in length or exceed [`MAX_PATH`]
    /// (generators bound them by the setup's piece counts).
    #[inline(always)]
    fn push_capture(
        &mut self,
        from: Square,
        path: &[Square],
        captured: &[Square],
        role: Role,
        promotes: bool,
    ) {
        self.push(|| Move::capture(from, path, captured, role, promotes));
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, build: impl FnOnce() -> Move) {
        Vec::push(self, build());
    }

    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self);
    }
}

/// A sink that counts the moves without building them (perft's bulk count).
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct MoveCount(pub u64);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn push(&mut self, _: impl FnOnce() -> Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.0 = 0;
    }

    #[inline(always)]
    fn counter(&mut self) -> Option<&mut u64> {
        Some(&mut self.0)
    }
}

/// A sink that only records whether there is a legal move, and is full after the first.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct AnyMove(pub bool);

impl MoveSink for AnyMove {
    #[inline(always)]
    fn push(&mut self, _: impl FnOnce() -> Move) {
        self.0 = true;
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.0 = false;
    }

    #[inline(always)]
    fn is_full(&self) -> bool {
        self.0
    }
}
