//! The pairing of one pool, without I/O: players wait with a rating, the pool is asked to
//! pair at a given time, and tables come out. Time is a value (milliseconds), so the
//! widening window is tested without clocks.
//!
//! The window: a player who has waited `w` ms accepts opponents within
//! [`WINDOW_START`] + [`WINDOW_STEP`] for every whole [`WINDOW_EVERY_MS`] of `w` rating
//! points (±100, widened by 50 every 5 seconds), at most [`WINDOW_MAX`]. Players are served
//! longest-waiting first: a table is made around the first who can have one, with the
//! players nearest their rating, every one within their window. A player nobody fits yet
//! goes on waiting, and may sit at a later player's table when within that player's window.

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
    /// their rating are taken when they are within that player's window. Costs
    /// O(n log n) for n waiting players.
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
