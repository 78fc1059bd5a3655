//! The live lobby's feed: the changes of the listed rooms, which `GET /api/rooms/live`
//! streams (`crate::http`).
//!
//! A room is listed while it is public and waiting or playing. The registry publishes a
//! change when a room is created, when its listing (state or seats) changes, and when it
//! stops being listed; moves, which change neither, publish nothing. Each subscriber reads a
//! bounded broadcast queue: one that falls behind gets a fresh snapshot instead of the
//! changes it missed, so a slow client never holds more than the queue.

use tokio::sync::broadcast;
use uuid::Uuid;

use super::{RoomSummary, Rooms};

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
}

impl Default for Feed {
    fn default() -> Feed {
        Feed {
            tx: broadcast::channel(FEED_QUEUE).0,
        }
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

    /// A new room (created, restored or a rematch).
    pub(crate) fn created(&self, s: &RoomSummary) {
        if listed(s) {
            self.send(Change::Room(Box::new(s.clone())));
        }
    }

    /// A room's summary went from `old` to `new`.
    pub(crate) fn changed(&self, old: &RoomSummary, new: &RoomSummary) {
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
        if listed(last) {
            self.send(Change::Gone(last.id));
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

impl Rooms {
    /// The listed rooms, newest first: the body of `GET /api/rooms` and of the live
    /// lobby's `snapshot` event.
    pub fn listing(&self) -> Vec<RoomSummary> {
        let mut list: Vec<RoomSummary> = self.summaries().into_iter().filter(listed).collect();
        // Newest first; the id breaks ties so that pages do not overlap.
        list.sort_by_key(|s| (std::cmp::Reverse(s.created_at), s.id));
        list
    }
}
