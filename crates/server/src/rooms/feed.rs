//! The live lobby's feed: the changes of the listed rooms, which `GET /api/rooms/live`
//! streams (`crate::http`).
//!
//! A room is listed while it is public and waiting or playing. The registry publishes a
//! change when a room is created, when its listing (state or seats) changes, and when it
//! stops being listed; moves, which change neither, publish nothing. Each subscriber reads a
//! bounded broadcast queue: one that falls behind gets a fresh snapshot instead of the
//! changes it missed, so a slow client never holds more than the queue.
//!
//! With several nodes (`docs/cluster.md`, "What is shared beyond rooms") the feed also
//! holds the rooms the other nodes own, as they stored them in `room_listing`
//! (`super::shared_list`): the lobby's list and its stream show both, and each
//! player's games (`super::player_games`) count both. A room is either this node's (live here)
//! or another's, never both: a room that comes to live here replaces the other node's
//! copy, and the other node's copy is taken in only while the room is not live here. Every
//! change of a room that lives here is queued for this node's row in `room_listing`, one
//! pending entry per room (a later change replaces an earlier one not yet written).

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use tokio::sync::{broadcast, Notify};
use uuid::Uuid;

use super::lock::lock;
use super::player_games::{Entry, Mine};
use super::summary::RoomSummary;

/// Changes queued per subscriber before it is resynced with a snapshot.
const FEED_QUEUE: usize = 256;

/// A change of the listed rooms.
#[derive(Clone, Debug)]
pub enum Change {
    /// A room was created or its listing changed.
    Room(Box<RoomSummary>),
    /// A room is no longer listed.
    Gone(Uuid),
    /// The server is shutting down: streams end.
    Closed,
}

/// Publishes listing changes to the live lobby's subscribers.
#[derive(Debug)]
pub struct Feed {
    tx: broadcast::Sender<Change>,
    /// Each player's games (kept here so that a room coming to live on this node replaces
    /// another node's copy in the same step, under the same lock).
    mine: Mine,
    /// The other nodes' rooms and this node's pending rows (set once, when the node is
    /// one of several).
    cluster: OnceLock<Shared>,
}

impl Default for Feed {
    fn default() -> Feed {
        Feed {
            tx: broadcast::channel(FEED_QUEUE).0,
            mine: Mine::default(),
            cluster: OnceLock::new(),
        }
    }
}

/// What the feed holds of a cluster.
#[derive(Debug, Default)]
struct Shared {
    merged: Mutex<Merged>,
    /// This node's rooms whose row is to be written: the summary to store (`None`: the
    /// room left memory), the latest only.
    pending: Mutex<HashMap<Uuid, Option<RoomSummary>>>,
    /// Rung when `pending` gains an entry.
    bell: Notify,
}

/// The rooms live on this node and the other nodes' rooms (disjoint).
#[derive(Debug, Default)]
struct Merged {
    local: HashSet<Uuid>,
    remote: HashMap<Uuid, RoomSummary>,
    /// The other nodes' private rooms by invite code.
    invites: HashMap<Box<str>, Uuid>,
}

impl Merged {
    fn forget(&mut self, id: Uuid) -> Option<RoomSummary> {
        let old = self.remote.remove(&id)?;
        if let Some(code) = &old.invite_code {
            if self.invites.get(code) == Some(&id) {
                self.invites.remove(code);
            }
        }
        Some(old)
    }
}

/// Whether the lobby lists a room: public, and waiting (joinable) or playing (watchable).
pub fn listed(s: &RoomSummary) -> bool {
    s.public && s.unfinished()
}

impl Feed {
    fn send(&self, change: Change) {
        // No subscriber is not an error.
        let _ = self.tx.send(change);
    }

    /// A new room (created, restored, taken over or a rematch). Another node's copy of it
    /// gives way (the room lives here now).
    pub(crate) fn created(&self, s: &RoomSummary) {
        if let Some(c) = self.cluster.get() {
            let mut merged = lock(&c.merged);
            merged.local.insert(s.id);
            if let Some(old) = merged.forget(s.id) {
                self.mine.update(s.id, &Entry::of(&old), &Entry::default());
                if listed(&old) && !listed(s) {
                    self.send(Change::Gone(s.id));
                }
            }
            drop(merged);
            c.queue(s.id, Some(s.clone()));
        }
        if listed(s) {
            self.send(Change::Room(Box::new(s.clone())));
        }
    }

    /// A room's summary went from `old` to `new`.
    pub(crate) fn changed(&self, old: &RoomSummary, new: &RoomSummary) {
        if let Some(c) = self.cluster.get() {
            if old.unfinished() || new.unfinished() {
                c.queue(new.id, Some(new.clone()));
            }
        }
        self.publish(old, new);
    }

    /// Tells the subscribers of a change from `old` to `new`.
    fn publish(&self, old: &RoomSummary, new: &RoomSummary) {
        match (listed(old), listed(new)) {
            (_, true)
                if !listed(old)
                    || old.state != new.state
                    || old.seats != new.seats
                    || old.host_name != new.host_name =>
            {
                self.send(Change::Room(Box::new(new.clone())));
            }
            (true, false) => self.send(Change::Gone(new.id)),
            _ => {}
        }
    }

    /// A room left memory; `last` is its final summary.
    pub(crate) fn removed(&self, last: &RoomSummary) {
        if let Some(c) = self.cluster.get() {
            lock(&c.merged).local.remove(&last.id);
            c.queue(last.id, None);
        }
        if listed(last) {
            self.send(Change::Gone(last.id));
        }
    }

    /// Each player's games.
    pub(crate) fn mine(&self) -> &Mine {
        &self.mine
    }

    /// Makes this feed one node's of several: from now on it queues its rooms' rows and
    /// takes in the other nodes' rooms. Once; later calls change nothing.
    pub(crate) fn join_cluster(&self) {
        let _ = self.cluster.set(Shared::default());
    }

    /// Another node's room as its row now stands (`None`: no row, or the row is this
    /// node's). Ignored while the room lives here; otherwise the lobby's subscribers and
    /// the players' games are told what changed.
    pub(crate) fn remote(&self, id: Uuid, now: Option<RoomSummary>) {
        let Some(c) = self.cluster.get() else {
            return;
        };
        let mut merged = lock(&c.merged);
        if merged.local.contains(&id) {
            return;
        }
        let old = merged.forget(id);
        let before = old.as_ref().map(Entry::of).unwrap_or_default();
        let after = now.as_ref().map(Entry::of).unwrap_or_default();
        self.mine.update(id, &before, &after);
        match (&old, &now) {
            (Some(old), Some(new)) => self.publish(old, new),
            (None, Some(new)) if listed(new) => self.send(Change::Room(Box::new(new.clone()))),
            (Some(old), None) if listed(old) => self.send(Change::Gone(id)),
            _ => {}
        }
        if let Some(new) = now {
            if let Some(code) = &new.invite_code {
                merged.invites.insert(code.clone(), id);
            }
            merged.remote.insert(id, new);
        }
    }

    /// The ids of the other nodes' rooms held now (to compare with the table after a
    /// missed notification).
    pub(crate) fn remote_ids(&self) -> Vec<Uuid> {
        self.cluster
            .get()
            .map(|c| lock(&c.merged).remote.keys().copied().collect())
            .unwrap_or_default()
    }

    /// Another node's room, as last heard.
    pub(crate) fn remote_room(&self, id: Uuid) -> Option<RoomSummary> {
        let c = self.cluster.get()?;
        lock(&c.merged).remote.get(&id).cloned()
    }

    /// Another node's private room by its invite code.
    pub(crate) fn remote_invite(&self, code: &str) -> Option<Uuid> {
        let c = self.cluster.get()?;
        lock(&c.merged).invites.get(code).copied()
    }

    /// The other nodes' listed rooms.
    pub(super) fn remote_listed(&self) -> Vec<RoomSummary> {
        self.cluster
            .get()
            .map(|c| {
                lock(&c.merged)
                    .remote
                    .values()
                    .filter(|s| listed(s))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits for rows to write, then takes them (every room's latest; `None`: the room
    /// left memory). Never resolves on a single node.
    pub(crate) async fn pending(&self) -> HashMap<Uuid, Option<RoomSummary>> {
        let Some(c) = self.cluster.get() else {
            return std::future::pending().await;
        };
        loop {
            let taken = std::mem::take(&mut *lock(&c.pending));
            if !taken.is_empty() {
                return taken;
            }
            c.bell.notified().await;
        }
    }

    /// Ends every stream (server shutdown).
    pub(crate) fn close(&self) {
        self.send(Change::Closed);
    }

    /// Every change from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Change> {
        self.tx.subscribe()
    }
}

impl Shared {
    fn queue(&self, id: Uuid, row: Option<RoomSummary>) {
        lock(&self.pending).insert(id, row);
        self.bell.notify_one();
    }
}
