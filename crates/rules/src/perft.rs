//! Perft: node counts of the legal-move tree, the standard check of a move generator.
//!
//! Two conventions (spec Appendix A): **paths** counts every distinct capture path;
//! **dedup** counts captures with the same origin, destination and captured set once.
//! A Neva seat that is blocked and eliminated is not a ply (spec §8.1): the next seat
//! moves in the same node.
//!
//! ```
//! use rules::{perft, Position, Stockholm, StockholmOptions};
//! let pos = Stockholm::new(StockholmOptions::default()).unwrap();
//! assert_eq!(perft::perft(&pos, 1), 7);
//! assert_eq!(perft::perft(&pos, 3), 302);
//! ```

use std::any::Any;
use std::marker::PhantomData;

use crate::zobrist::Hashed;
use crate::{GiveAndTake, Move, MoveList, Neva, Position, Queah, Stockholm};

/// Which perft convention to count with.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Counting {
    /// Every distinct capture path is a node.
    Paths,
    /// Captures with the same origin, destination and captured set are one node.
    Dedup,
}

/// Perft with the paths convention, bulk-counting the last ply.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    count(pos, depth, Counting::Paths)
}

/// Perft with the given convention.
pub fn count<P: Position>(pos: &P, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    // The four games have faster ways (`Fast`) through the last two plies, and Stockholm
    // and Neva (paths) through the whole tree, which need their internals; the trait is the crate's own,
    // so they are recognised by type. Any other position walks the plain way.
    let any: &dyn Any = pos;
    if let Some(p) = any.downcast_ref::<Stockholm>() {
        return <Fast as Ops<Stockholm>>::perft(p, depth, counting);
    }
    if let Some(p) = any.downcast_ref::<GiveAndTake>() {
        return Walk::<Fast>::new(depth, counting).run(p, depth);
    }
    if let Some(p) = any.downcast_ref::<Neva>() {
        return <Fast as Ops<Neva>>::perft(p, depth, counting);
    }
    if let Some(p) = any.downcast_ref::<Queah>() {
        return Walk::<Fast>::new(depth, counting).run(p, depth);
    }
    Walk::<Plain>::new(depth, counting).run(pos, depth)
}

/// How perft plays and counts the last two plies of one kind of position.
pub(crate) trait Ops<P: Position> {
    /// Plays `mv`, whose resulting position is only counted from: its hash is never read.
    fn play_counted(pos: &mut P, mv: &Move);

    /// Perft of `depth` (at least 1) from `pos`: the generic walk, built on
    /// [`Ops::count_two`] and [`Ops::count_dedup`], unless the game has a faster one.
    fn perft(pos: &P, depth: u32, counting: Counting) -> u64
    where
        Self: Sized,
    {
        walk::<Self, P>(pos, depth, counting)
    }

    /// Perft of depth 2 from `pos`: its legal moves (deduplicated under
    /// [`Counting::Dedup`]), each played and the resulting position's moves counted.
    /// `moves` and `leaf` are scratch.
    #[inline(always)]
    fn count_two(
        pos: &P,
        counting: Counting,
        moves: &mut MoveList,
        leaf: &mut MoveList,
        seen: &mut KeySet,
    ) -> u64
    where
        Self: Sized,
    {
        two_plies::<Self, P>(pos, counting, moves, leaf, seen)
    }

    /// The number of legal moves of `pos` under the dedup convention, using `moves` as
    /// scratch.
    #[inline(always)]
    fn count_dedup(pos: &P, moves: &mut MoveList, seen: &mut KeySet) -> u64 {
        // Without a capture every move has its own key: the bulk count is the answer.
        pos.captures_into(moves);
        if moves.is_empty() {
            return pos.count_legal();
        }
        let captures = moves.len() as u64;
        if pos.count_legal() != captures {
            // Capture is optional here: the other moves take part in the dedup too.
            pos.legal_moves_into(moves);
        }
        seen.distinct(moves)
    }
}

/// Perft of `depth` from `pos` by the generic walk: every ply generated and played, but
/// the last two, which go through [`Ops::count_two`] and [`Ops::count_dedup`].
pub(crate) fn walk<O: Ops<P>, P: Position>(pos: &P, depth: u32, counting: Counting) -> u64 {
    Walk::<O>::new(depth, counting).run(pos, depth)
}

/// [`Ops::count_two`] the plain way: generate, play, count.
#[inline(always)]
pub(crate) fn two_plies<O: Ops<P>, P: Position>(
    pos: &P,
    counting: Counting,
    moves: &mut MoveList,
    leaf: &mut MoveList,
    seen: &mut KeySet,
) -> u64 {
    pos.legal_moves_into(moves);
    if counting == Counting::Dedup {
        seen.dedup(moves);
    }
    let mut nodes = 0;
    for mv in moves.iter() {
        let mut child = pos.clone();
        O::play_counted(&mut child, mv);
        nodes += leaves::<O, P>(&child, counting, leaf, seen);
    }
    nodes
}

/// The number of legal moves of `pos` under the convention, using `moves` as scratch.
#[inline(always)]
fn leaves<O: Ops<P>, P: Position>(
    pos: &P,
    counting: Counting,
    moves: &mut MoveList,
    seen: &mut KeySet,
) -> u64 {
    match counting {
        Counting::Paths => pos.count_legal(),
        Counting::Dedup => O::count_dedup(pos, moves, seen),
    }
}

/// Any position: played with its hash, counted through [`Position`] alone.
struct Plain;

impl<P: Position> Ops<P> for Plain {
    #[inline(always)]
    fn play_counted(pos: &mut P, mv: &Move) {
        pos.play_unchecked(mv);
    }
}

/// The crate's games: played without the hash upkeep ([`Hashed::apply`]); Give and Take
/// counts dedup leaves from its generator, and Stockholm and Neva (paths) walk on their
/// own bitboards ([`Ops::perft`], in their own modules).
pub(crate) struct Fast;

impl Ops<Queah> for Fast {
    #[inline(always)]
    fn play_counted(pos: &mut Queah, mv: &Move) {
        pos.apply(mv);
    }
}

/// The move lists of one perft run (one per ply, reused, so the walk does not allocate
/// once they have grown) and the dedup key set.
struct Walk<O> {
    counting: Counting,
    stack: Vec<MoveList>,
    seen: KeySet,
    ops: PhantomData<O>,
}

impl<O> Walk<O> {
    fn new(depth: u32, counting: Counting) -> Walk<O> {
        Walk {
            counting,
            stack: (0..depth).map(|_| MoveList::with_capacity(64)).collect(),
            seen: KeySet::default(),
            ops: PhantomData,
        }
    }

    fn run<P: Position>(&mut self, pos: &P, depth: u32) -> u64
    where
        O: Ops<P>,
    {
        let mut stack = std::mem::take(&mut self.stack);
        let n = self.recurse(pos, depth, &mut stack);
        self.stack = stack;
        n
    }

    fn recurse<P: Position>(&mut self, pos: &P, depth: u32, stack: &mut [MoveList]) -> u64
    where
        O: Ops<P>,
    {
        let Some((moves, rest)) = stack.split_first_mut() else {
            return 1;
        };
        if depth == 1 {
            return leaves::<O, P>(pos, self.counting, moves, &mut self.seen);
        }
        if depth == 2 {
            let Some((leaf, _)) = rest.split_first_mut() else {
                return 0;
            };
            return O::count_two(pos, self.counting, moves, leaf, &mut self.seen);
        }
        pos.legal_moves_into(moves);
        if self.counting == Counting::Dedup {
            self.seen.dedup(moves);
        }
        let mut nodes = 0;
        for mv in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            nodes += self.recurse(&child, depth - 1, rest);
        }
        nodes
    }
}

/// The dedup key of a move, packed: the captured set, and the origin, destination and
/// drop (7 bits each, 127 for none).
#[inline(always)]
fn key(mv: &Move) -> (u64, u32) {
    let ((o, d, caps, drop), none) = (mv.dedup_key(), 127u32);
    let sq = |s: Option<crate::Square>| s.map_or(none, |s| s.index() as u32);
    (caps.0, sq(o) | sq(d) << 7 | sq(drop) << 14)
}

/// A set of dedup keys cleared in O(1) by a generation stamp: open addressing in a table
/// kept between nodes, so deduplicating allocates nothing once the table has grown.
#[derive(Default)]
pub(crate) struct KeySet {
    slots: Vec<((u64, u32), u32)>,
    stamp: u32,
}

impl KeySet {
    /// Empties the set and makes room for `n` keys.
    pub(crate) fn reset(&mut self, n: usize) {
        let want = (4 * n).next_power_of_two().max(64);
        if self.slots.len() < want {
            self.slots = vec![((0, 0), 0); want];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(((0, 0), 0));
            self.stamp = 1;
        }
    }

    /// Adds `key`; true if it was not in the set.
    #[inline]
    pub(crate) fn insert(&mut self, key: (u64, u32)) -> bool {
        let mask = self.slots.len() - 1;
        let h = (key.0 ^ u64::from(key.1).rotate_left(40)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut i = (h >> 40) as usize & mask;
        loop {
            let (k, stamp) = self.slots[i];
            if stamp != self.stamp {
                self.slots[i] = (key, self.stamp);
                return true;
            }
            if k == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// The number of distinct keys among `moves`.
    pub(crate) fn distinct(&mut self, moves: &[Move]) -> u64 {
        if moves.len() < 2 {
            return moves.len() as u64;
        }
        self.reset(moves.len());
        moves.iter().filter(|m| self.insert(key(m))).count() as u64
    }

    /// Keeps the first move of each key, if any move captures (spec Appendix A).
    fn dedup(&mut self, moves: &mut MoveList) {
        if moves.len() > 1 && moves.iter().any(Move::is_capture) {
            self.reset(moves.len());
            moves.retain(|m| self.insert(key(m)));
        }
    }
}

/// Perft split by first move: each legal move with the node count below it.
pub fn divide<P: Position>(pos: &P, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    let mut moves = pos.legal_moves();
    if counting == Counting::Dedup {
        KeySet::default().dedup(&mut moves);
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(&mv);
            let n = if depth <= 1 {
                1
            } else {
                count(&child, depth - 1, counting)
            };
            (mv, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::position::Departure;
    use crate::setup::{Problems, Setup};
    use crate::{
        GameOptions, GiveAndTakeOptions, NevaOptions, Piece, QueahOptions, Role, Square,
        StockholmOptions, Variant,
    };

    /// Positions along random games from `start` (kings, captures pending, counters near
    /// their limits, finished games).
    fn positions<P: Position>(start: &P, games: u64) -> Vec<P> {
        let mut out = Vec::new();
        let mut moves = MoveList::new();
        for game in 0..games {
            let mut rng = 0x2545_f491_4f6c_dd1d ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let mut pos = start.clone();
            for ply in 0..120 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if ply % 7 == 0 {
                    out.push(pos.clone());
                }
                pos.legal_moves_into(&mut moves);
                if moves.is_empty() {
                    out.push(pos.clone());
                    break;
                }
                let mv = moves[(rng >> 8) as usize % moves.len()];
                pos.play_unchecked(&mv);
            }
        }
        out
    }

    /// The games' fast walk counts what the plain walk (generate, play, count through
    /// `Position` alone) counts, under both conventions.
    fn agrees<P: Position>(start: &P)
    where
        Fast: Ops<P>,
    {
        for pos in positions(start, 12) {
            for depth in 1..=3 {
                for counting in [Counting::Paths, Counting::Dedup] {
                    let plain = Walk::<Plain>::new(depth, counting).run(&pos, depth);
                    let fast = <Fast as Ops<P>>::perft(&pos, depth, counting);
                    assert_eq!(fast, plain, "{pos:?} depth {depth} {counting:?}");
                    assert_eq!(count(&pos, depth, counting), plain);
                }
            }
        }
    }

    /// Stockholm's own walk on bare boards (`stockholm::gen`) one ply deeper than
    /// [`agrees`] goes, where kings, long sequences and the no-progress limit meet.
    #[test]
    fn stockholm_walk_agrees_with_the_plain_one_at_depth_four() {
        for pairs in [
            vec![],
            vec![("deferred_backward_capture", "false")],
            vec![
                ("max_capture", "false"),
                ("king_halt", "true"),
                ("no_progress", "2"),
            ],
        ] {
            let start = Stockholm::new(StockholmOptions::from_pairs(pairs).unwrap()).unwrap();
            for pos in positions(&start, 48) {
                for counting in [Counting::Paths, Counting::Dedup] {
                    let plain = Walk::<Plain>::new(4, counting).run(&pos, 4);
                    assert_eq!(count(&pos, 4, counting), plain, "{pos:?} {counting:?}");
                }
            }
        }
    }

    /// Neva positions along random games from `start` in which a seat departs now and
    /// then (eliminations, inert pieces, blocked seats), and random boards: up to three
    /// pieces a seat, kings anywhere, any seat to move and any no-progress counter, kept
    /// when they make a valid position.
    fn neva_positions(start: &Neva, games: u64) -> Vec<Neva> {
        let mut out = Vec::new();
        let mut rng = 0x9e37_79b9_7f4a_7c15 ^ games;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for game in 0..games {
            let mut pos = *start;
            for ply in 0..160 {
                if ply % 5 == 0 {
                    out.push(pos);
                }
                if ply == 30 + game % 60 && game % 2 == 0 {
                    if let Some(seat) = pos.turn() {
                        let how = [Departure::Resign, Departure::Timeout][game as usize / 2 % 2];
                        let _ = pos.depart(seat.next(), how);
                        continue;
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    out.push(pos);
                    break;
                }
                pos.play_unchecked(&moves[(next() >> 8) as usize % moves.len()]);
            }
        }
        let seats = start.seats();
        let limit = start.options().no_progress_plies(seats.len()).max(1);
        let mut boards = 0;
        while boards < 4 * games {
            let mut setup = Setup::empty(Variant::Neva);
            setup.seats = seats;
            let lattice: Vec<Square> = Square::ALL
                .into_iter()
                .filter(|sq| Variant::Neva.board().contains(*sq))
                .collect();
            for seat in seats.iter() {
                for _ in 0..1 + next() % 3 {
                    let sq = lattice[(next() >> 8) as usize % lattice.len()];
                    let role = if next() % 3 == 0 {
                        Role::King
                    } else {
                        Role::Man
                    };
                    setup.board[sq.index()] = Some(Piece { seat, role });
                }
            }
            setup.turn = seats.iter().nth((next() >> 8) as usize % seats.len());
            setup.no_progress = (next() % u64::from(limit)) as u16;
            if let Ok(pos) = Neva::from_setup(&setup, *start.options(), Problems::empty()) {
                out.push(pos);
                boards += 1;
            }
        }
        out
    }

    /// Neva's own walk on bare boards (`neva::gen`) counts what the plain walk counts, two
    /// plies deeper than [`agrees`] goes, under every layout and policy.
    #[test]
    fn neva_walk_agrees_with_the_plain_one_at_depth_four() {
        let mut checked = 0;
        for pairs in crate::neva::TEST_LAYOUTS {
            let start = Neva::new(NevaOptions::from_pairs(pairs.iter().copied()).unwrap()).unwrap();
            for pos in neva_positions(&start, 40) {
                for depth in [1, 2, 4] {
                    let plain = Walk::<Plain>::new(depth, Counting::Paths).run(&pos, depth);
                    let fast = count(&pos, depth, Counting::Paths);
                    assert_eq!(fast, plain, "{pairs:?} {pos:?} depth {depth}");
                }
                checked += 1;
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    /// With the draw rule off a setup may carry any counter, even the largest: king steps
    /// past it neither overflow nor change the count in Stockholm's walk.
    #[test]
    fn stockholm_walk_takes_a_full_no_progress_counter() {
        let off = StockholmOptions::from_pairs([("no_progress", "0")]).unwrap();
        let pos = Stockholm::from_position_string("W:WKa1,c3:BKh8,f6:np=65535", off).unwrap();
        for counting in [Counting::Paths, Counting::Dedup] {
            let plain = Walk::<Plain>::new(3, counting).run(&pos, 3);
            assert!(plain > 0);
            assert_eq!(count(&pos, 3, counting), plain);
        }
    }

    #[test]
    fn fast_walk_agrees_with_the_plain_one() {
        for pairs in [
            vec![],
            vec![("deferred_backward_capture", "false"), ("no_progress", "1")],
            vec![
                ("max_capture", "false"),
                ("king_halt", "true"),
                ("no_progress", "2"),
            ],
        ] {
            agrees(&Stockholm::new(StockholmOptions::from_pairs(pairs).unwrap()).unwrap());
        }
        for pairs in [
            vec![],
            vec![("removal", "end_of_move"), ("lone_man", "only_man")],
            vec![("hot_trigger", "anywhere"), ("king_landing", "free")],
        ] {
            agrees(&GiveAndTake::new(GiveAndTakeOptions::from_pairs(pairs).unwrap()).unwrap());
        }
        agrees(&Neva::new(NevaOptions::default()).unwrap());
        agrees(&Queah::new(QueahOptions::default()).unwrap());
    }
}
