//! The pairing of one pool, without I/O: players wait with a rating, the pool is asked to
//! pair at a given time, and tables come out. Time is a value (milliseconds), so the
//! widening window is tested without clocks.
//!
//! The window: a player who has waited `w` ms accepts opponents within
//! [`WINDOW_START`] + [`WINDOW_STEP`] for every whole [`WINDOW_EVERY_MS`] of `w` rating
//! points (±100, widened by 50 every 5 seconds), at most [`WINDOW_MAX`]. A table is made
//! around the longest-waiting player, whose window is the widest: every other player at the
//! table is within that window of them, the nearest ratings first.

use std::collections::BTreeSet;

use uuid::Uuid;

/// Rating points either side a player accepts on joining.
pub const WINDOW_START: i32 = 100;
/// Points the window widens by every [`WINDOW_EVERY_MS`].
pub const WINDOW_STEP: i32 = 50;
/// How often the window widens.
pub const WINDOW_EVERY_MS: i64 = 5_000;
/// The widest window: after about two and a half minutes, anyone in the pool.
pub const WINDOW_MAX: i32 = 1_500;

/// The rating points either side a player accepts after waiting `waited_ms`.
pub fn window(waited_ms: i64) -> i32 {
    let steps = waited_ms.max(0) / WINDOW_EVERY_MS;
    let widened = i64::from(WINDOW_START) + i64::from(WINDOW_STEP) * steps;
    i32::try_from(widened.min(i64::from(WINDOW_MAX))).unwrap_or(WINDOW_MAX)
}

/// How a pool's tables are made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One against one.
    Duel,
    /// Four, each on their own.
    FreeForAll,
    /// Four in two teams of two.
    Teams,
}

impl Shape {
    /// Players at one table.
    pub fn players(self) -> usize {
        match self {
            Shape::Duel => 2,
            Shape::FreeForAll | Shape::Teams => 4,
        }
    }
}

/// A player waiting in a pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The player.
    pub player: Uuid,
    /// Their rating in the pool's game and mode (the starting rating when they have none).
    pub rating: i32,
    /// They have an account (guests never play rated).
    pub account: bool,
    /// They asked for a rated game.
    pub wants_rated: bool,
    /// When they joined (ms).
    pub since_ms: i64,
}

impl Waiting {
    fn rated(&self) -> bool {
        self.account && self.wants_rated
    }
}

/// A table the pool made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The sides: one player each (duel, free-for-all), or two teams of two whose summed
    /// ratings are as close as the four allow.
    pub sides: Vec<Vec<Uuid>>,
    /// Rated: every player has an account and asked for a rated game.
    pub rated: bool,
}

impl Table {
    /// Every player at the table.
    pub fn players(&self) -> impl Iterator<Item = Uuid> + '_ {
        self.sides.iter().flatten().copied()
    }
}

/// Why a player cannot join a pool.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum JoinError {
    /// The player already waits here.
    #[error("already waiting in this pool")]
    AlreadyWaiting,
}

/// The players waiting in one pool.
#[derive(Clone, Debug)]
pub struct Queue {
    shape: Shape,
    waiting: Vec<Waiting>,
}

impl Queue {
    /// An empty pool making tables of `shape`.
    pub fn new(shape: Shape) -> Queue {
        Queue {
            shape,
            waiting: Vec::new(),
        }
    }

    /// The shape of its tables.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Adds a waiting player.
    ///
    /// # Errors
    /// [`JoinError::AlreadyWaiting`] when the player waits here already.
    pub fn join(&mut self, w: Waiting) -> Result<(), JoinError> {
        if self.waiting.iter().any(|x| x.player == w.player) {
            return Err(JoinError::AlreadyWaiting);
        }
        self.waiting.push(w);
        Ok(())
    }

    /// Removes a player; true when they were waiting.
    pub fn leave(&mut self, player: Uuid) -> bool {
        let before = self.waiting.len();
        self.waiting.retain(|w| w.player != player);
        self.waiting.len() != before
    }

    /// The players waiting, in the order they joined.
    pub fn waiting(&self) -> &[Waiting] {
        &self.waiting
    }

    /// Makes every table it can at `now_ms` and removes their players from the pool.
    ///
    /// The longest-waiting player without a table is served first: the players nearest
    /// their rating are taken when they are within that player's window (the widest of
    /// those still waiting). Costs O(n log n) for n waiting players.
    pub fn pair(&mut self, now_ms: i64) -> Vec<Table> {
        let need = self.shape.players();
        let mut order: Vec<usize> = (0..self.waiting.len()).collect();
        order.sort_by_key(|&i| (self.waiting[i].since_ms, i));
        let mut free: BTreeSet<(i32, usize)> = self
            .waiting
            .iter()
            .enumerate()
            .map(|(i, w)| (w.rating, i))
            .collect();
        let mut tables = Vec::new();
        let mut taken = vec![false; self.waiting.len()];
        for &first in &order {
            if taken[first] || free.len() < need {
                continue;
            }
            let anchor = &self.waiting[first];
            let reach = window(now_ms - anchor.since_ms);
            let key = (anchor.rating, first);
            free.remove(&key);
            let near = nearest(&free, anchor.rating, need - 1, reach);
            if near.len() + 1 < need {
                free.insert(key);
                continue;
            }
            let mut at_table = vec![first];
            for k in near {
                free.remove(&k);
                at_table.push(k.1);
            }
            for &i in &at_table {
                taken[i] = true;
            }
            tables.push(self.table(&at_table));
        }
        let mut i = 0;
        self.waiting.retain(|_| {
            i += 1;
            !taken[i - 1]
        });
        tables
    }

    fn table(&self, at_table: &[usize]) -> Table {
        let players: Vec<&Waiting> = at_table.iter().map(|&i| &self.waiting[i]).collect();
        let rated = players.iter().all(|w| w.rated());
        let sides = match self.shape {
            Shape::Duel | Shape::FreeForAll => players.iter().map(|w| vec![w.player]).collect(),
            Shape::Teams => {
                // Strongest with weakest against the middle two: the closest summed
                // ratings four players can make.
                let mut by_rating = players.clone();
                by_rating.sort_by_key(|w| w.rating);
                let side = |a: usize, b: usize| vec![by_rating[a].player, by_rating[b].player];
                match by_rating.len() {
                    4 => vec![side(0, 3), side(1, 2)],
                    _ => by_rating.iter().map(|w| vec![w.player]).collect(),
                }
            }
        };
        Table { sides, rated }
    }
}

/// Up to `count` entries of `free` nearest `rating`, each within `reach` of it; fewer when
/// there are not as many.
fn nearest(
    free: &BTreeSet<(i32, usize)>,
    rating: i32,
    count: usize,
    reach: i32,
) -> Vec<(i32, usize)> {
    let mut below = free.range(..(rating, 0)).rev().peekable();
    let mut above = free.range((rating, 0)..).peekable();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let down = below.peek().map(|k| rating.abs_diff(k.0));
        let up = above.peek().map(|k| rating.abs_diff(k.0));
        let next = match (down, up) {
            (Some(d), Some(u)) if d < u => below.next(),
            (Some(_), None) => below.next(),
            (_, Some(_)) => above.next(),
            (None, None) => None,
        };
        match next {
            Some(k) if rating.abs_diff(k.0) <= reach.unsigned_abs() => out.push(*k),
            _ => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn player(n: u128, rating: i32, account: bool, wants_rated: bool, since_ms: i64) -> Waiting {
        Waiting {
            player: Uuid::from_u128(n),
            rating,
            account,
            wants_rated,
            since_ms,
        }
    }

    #[test]
    fn the_window_widens_by_fifty_every_five_seconds_up_to_its_cap() {
        assert_eq!(window(0), 100);
        assert_eq!(window(4_999), 100);
        assert_eq!(window(5_000), 150);
        assert_eq!(window(12_000), 200);
        assert_eq!(window(10_000_000), WINDOW_MAX);
        assert_eq!(window(-5), 100);
    }

    #[test]
    fn players_far_apart_meet_once_the_window_has_widened() {
        let mut q = Queue::new(Shape::Duel);
        q.join(player(1, 1500, true, true, 0)).unwrap();
        q.join(player(2, 1800, true, true, 0)).unwrap();
        assert!(q.pair(0).is_empty());
        assert!(
            q.pair(35_000).is_empty(),
            "window 400 at 35 s? no: 100 + 7*50 = 450"
        );
    }

    #[test]
    fn a_gap_of_three_hundred_needs_twenty_seconds() {
        let mut q = Queue::new(Shape::Duel);
        q.join(player(1, 1500, true, true, 0)).unwrap();
        q.join(player(2, 1800, true, true, 1_000)).unwrap();
        assert!(q.pair(19_999).is_empty());
        let tables = q.pair(20_000);
        assert_eq!(tables.len(), 1);
        assert!(tables[0].rated);
        assert!(q.waiting().is_empty());
    }

    #[test]
    fn the_nearest_rating_is_chosen() {
        let mut q = Queue::new(Shape::Duel);
        q.join(player(1, 1500, false, false, 0)).unwrap();
        q.join(player(2, 1580, false, false, 1)).unwrap();
        q.join(player(3, 1510, false, false, 2)).unwrap();
        let tables = q.pair(3);
        assert_eq!(tables.len(), 1);
        let at: HashSet<_> = tables[0].players().collect();
        assert!(at.contains(&Uuid::from_u128(1)) && at.contains(&Uuid::from_u128(3)));
        assert_eq!(q.waiting().len(), 1);
    }

    #[test]
    fn joining_twice_is_refused() {
        let mut q = Queue::new(Shape::Duel);
        q.join(player(1, 1500, false, false, 0)).unwrap();
        assert_eq!(
            q.join(player(1, 1500, false, false, 0)),
            Err(JoinError::AlreadyWaiting)
        );
        assert!(q.leave(Uuid::from_u128(1)));
        assert!(!q.leave(Uuid::from_u128(1)));
    }

    #[test]
    fn teams_put_strongest_with_weakest() {
        let mut q = Queue::new(Shape::Teams);
        for (n, r) in [(1, 1000), (2, 1090), (3, 1030), (4, 1060)] {
            q.join(player(n, r, true, true, 0)).unwrap();
        }
        let tables = q.pair(0);
        assert_eq!(tables.len(), 1);
        let ids = |v: &[u128]| v.iter().map(|&n| Uuid::from_u128(n)).collect::<Vec<_>>();
        assert_eq!(tables[0].sides, vec![ids(&[1, 2]), ids(&[3, 4])]);
    }

    fn pools() -> impl Strategy<Value = (Vec<Waiting>, i64, u8)> {
        (
            prop::collection::vec(
                (800..2400i32, any::<bool>(), any::<bool>(), 0..60_000i64),
                0..60,
            ),
            0..120_000i64,
            0..3u8,
        )
            .prop_map(|(players, now, shape)| {
                let players = players
                    .into_iter()
                    .enumerate()
                    .map(|(i, (rating, account, wants_rated, since))| {
                        player(i as u128, rating, account, wants_rated, since)
                    })
                    .collect();
                (players, now + 60_000, shape)
            })
    }

    proptest! {
        #[test]
        fn pairing_keeps_its_promises((players, now, shape) in pools()) {
            let shape = [Shape::Duel, Shape::FreeForAll, Shape::Teams][usize::from(shape)];
            let mut q = Queue::new(shape);
            for w in &players {
                q.join(w.clone()).unwrap();
            }
            let tables = q.pair(now);
            let by_id: std::collections::HashMap<Uuid, &Waiting> =
                players.iter().map(|w| (w.player, w)).collect();
            let mut seen = HashSet::new();
            for t in &tables {
                let at: Vec<&Waiting> = t.players().map(|p| by_id[&p]).collect();
                prop_assert_eq!(at.len(), shape.players());
                for w in &at {
                    // Nobody is at two tables, nor at a table and still waiting.
                    prop_assert!(seen.insert(w.player));
                    prop_assert!(!q.waiting().iter().any(|x| x.player == w.player));
                }
                // Every pair at the table is within the window of its longest waiter.
                let longest = at.iter().map(|w| now - w.since_ms).max().unwrap_or(0);
                let reach = window(longest);
                for a in &at {
                    for b in &at {
                        prop_assert!(a.rating.abs_diff(b.rating) <= 2 * reach.unsigned_abs());
                    }
                }
                let anchor = at.iter().min_by_key(|w| (w.since_ms, w.player)).unwrap();
                for w in &at {
                    prop_assert!(anchor.rating.abs_diff(w.rating) <= reach.unsigned_abs());
                }
                // Rated exactly when every player has an account and asked for it.
                prop_assert_eq!(t.rated, at.iter().all(|w| w.account && w.wants_rated));
                if shape == Shape::Teams {
                    prop_assert_eq!(t.sides.len(), 2);
                }
            }
            // Everyone is either at a table or still waiting.
            prop_assert_eq!(seen.len() + q.waiting().len(), players.len());
        }
    }
}
