//! Each player's games: the unfinished live rooms where they hold a seat, and how many of
//! them wait for their move. `GET /api/me/games` reads it and `GET /api/me/live` pushes
//! its counts (`crate::http`).
//!
//! Kept up to date as rooms change rather than worked out from every room when asked: a
//! room's change touches the entries of its own (at most four) players, and a player's
//! list costs their own rooms.

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::sync::watch;
use uuid::Uuid;

use super::lock::lock;
use super::summary::RoomSummary;

/// What a player's live stream tells: how many of their games wait for their move, and
/// how many they have (a game added or gone changes their list).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Unfinished games where it is the player's move.
    pub turns: u32,
    /// Unfinished rooms where the player holds a seat.
    pub games: u32,
}

/// A room as the index sees it: who sits there while it is unfinished, and whose move it is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    seated: [Option<Uuid>; 4],
    to_move: Option<Uuid>,
}

impl Entry {
    /// The room of `s` as the index counts it: nobody once it is finished or aborted.
    pub(crate) fn of(s: &RoomSummary) -> Entry {
        let mut e = Entry::default();
        if !s.unfinished() {
            return e;
        }
        for (slot, seat) in e.seated.iter_mut().zip(&s.seats) {
            *slot = seat.player;
        }
        e.to_move = s.progress.to_move;
        e
    }

    fn holds(&self, p: Uuid) -> bool {
        self.seated.contains(&Some(p))
    }
}

/// One player's part of the index.
#[derive(Default)]
struct Player {
    rooms: Vec<Uuid>,
    turns: u32,
}

#[derive(Default)]
struct Index {
    players: HashMap<Uuid, Player>,
    /// The live streams' senders, for the players who have one open.
    streams: HashMap<Uuid, watch::Sender<Counts>>,
}

impl Index {
    fn counts(&self, p: Uuid) -> Counts {
        self.players.get(&p).map_or(Counts::default(), |e| Counts {
            turns: e.turns,
            games: u32::try_from(e.rooms.len()).unwrap_or(u32::MAX),
        })
    }

    fn tell(&self, p: Uuid) {
        if let Some(tx) = self.streams.get(&p) {
            tx.send_replace(self.counts(p));
        }
    }
}

/// The index of every player's games.
#[derive(Default)]
pub(crate) struct Mine {
    index: Mutex<Index>,
}

impl std::fmt::Debug for Mine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mine").finish_non_exhaustive()
    }
}

impl Mine {
    /// `room` went from `before` to `after` (a new room is `Entry::default()` before, a
    /// room leaving memory is after): the players it concerns are updated and told.
    pub(crate) fn update(&self, room: Uuid, before: &Entry, after: &Entry) {
        if before == after {
            return;
        }
        let mut index = lock(&self.index);
        let mut touched: Vec<Uuid> = Vec::with_capacity(4);
        for p in before.seated.iter().flatten() {
            if !after.holds(*p) {
                if let Some(e) = index.players.get_mut(p) {
                    e.rooms.retain(|r| *r != room);
                }
                touched.push(*p);
            }
        }
        for p in after.seated.iter().flatten() {
            if !before.holds(*p) {
                let e = index.players.entry(*p).or_default();
                if !e.rooms.contains(&room) {
                    e.rooms.push(room);
                }
                touched.push(*p);
            }
        }
        if before.to_move != after.to_move {
            if let Some(p) = before.to_move {
                if let Some(e) = index.players.get_mut(&p) {
                    e.turns = e.turns.saturating_sub(1);
                }
                touched.push(p);
            }
            if let Some(p) = after.to_move {
                index.players.entry(p).or_default().turns += 1;
                touched.push(p);
            }
        }
        touched.sort_unstable();
        touched.dedup();
        for p in touched {
            if index
                .players
                .get(&p)
                .is_some_and(|e| e.rooms.is_empty() && e.turns == 0)
            {
                index.players.remove(&p);
            }
            index.tell(p);
        }
    }

    /// The rooms where `player` holds a seat.
    pub(super) fn rooms_of(&self, player: Uuid) -> Vec<Uuid> {
        lock(&self.index)
            .players
            .get(&player)
            .map(|e| e.rooms.clone())
            .unwrap_or_default()
    }

    /// `player`'s counts now, then each time they change.
    pub(super) fn watch(&self, player: Uuid) -> watch::Receiver<Counts> {
        let mut index = lock(&self.index);
        let counts = index.counts(player);
        match index.streams.get(&player) {
            Some(tx) => tx.subscribe(),
            None => {
                let (tx, rx) = watch::channel(counts);
                index.streams.insert(player, tx);
                rx
            }
        }
    }

    /// A stream of `player` closed: its sender goes once nobody else listens.
    pub(super) fn unwatch(&self, player: Uuid) {
        let mut index = lock(&self.index);
        // The closing stream's receiver is still alive while it says so.
        if index
            .streams
            .get(&player)
            .is_some_and(|tx| tx.receiver_count() <= 1)
        {
            index.streams.remove(&player);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seated: &[Uuid], to_move: Option<Uuid>) -> Entry {
        let mut e = Entry::default();
        for (slot, p) in e.seated.iter_mut().zip(seated) {
            *slot = Some(*p);
        }
        e.to_move = to_move;
        e
    }

    #[test]
    fn the_index_follows_seats_and_turns() {
        let mine = Mine::default();
        let (a, b, room) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let none = Entry::default();
        let waiting = entry(&[a], None);
        mine.update(room, &none, &waiting);
        assert_eq!(mine.rooms_of(a), [room]);
        let (mut rx_a, mut rx_b) = (mine.watch(a), mine.watch(b));
        assert_eq!(*rx_a.borrow_and_update(), Counts { turns: 0, games: 1 });
        let a_moves = entry(&[a, b], Some(a));
        mine.update(room, &waiting, &a_moves);
        assert_eq!(*rx_a.borrow_and_update(), Counts { turns: 1, games: 1 });
        assert_eq!(*rx_b.borrow_and_update(), Counts { turns: 0, games: 1 });
        let b_moves = entry(&[a, b], Some(b));
        mine.update(room, &a_moves, &b_moves);
        assert_eq!(*rx_a.borrow_and_update(), Counts { turns: 0, games: 1 });
        assert_eq!(*rx_b.borrow_and_update(), Counts { turns: 1, games: 1 });
        // The game ends: both lists empty, and the index keeps nothing for them.
        mine.update(room, &b_moves, &none);
        assert_eq!(*rx_b.borrow_and_update(), Counts::default());
        assert!(mine.rooms_of(a).is_empty());
        assert!(lock(&mine.index).players.is_empty());
        drop(rx_a);
        mine.unwatch(b);
        assert!(lock(&mine.index).streams.contains_key(&a));
        mine.unwatch(a);
        assert!(!lock(&mine.index).streams.contains_key(&a));
    }
}
