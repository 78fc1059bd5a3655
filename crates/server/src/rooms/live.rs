//! The live lobby: `GET /api/rooms/live`, a Server-Sent Events stream of the listed rooms.
//!
//! A room is listed while it is public and waiting or playing. The registry publishes a
//! change when a room is created, when its listing (state or seats) changes, and when it
//! stops being listed; moves, which change neither, publish nothing. Each subscriber reads a
//! bounded broadcast queue: one that falls behind gets a fresh snapshot instead of the
//! changes it missed, so a slow client never holds more than the queue.

use std::convert::Infallible;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use serde_json::json;
use tokio::sync::broadcast;
use uuid::Uuid;

use super::{RoomSummary, Rooms};
use crate::error::ApiError;
use crate::AppState;

/// Changes queued per subscriber before it is resynced with a snapshot.
const FEED_QUEUE: usize = 256;

/// A change of the listed rooms.
#[derive(Clone, Debug)]
pub(crate) enum Change {
    /// A room was created or its listing changed.
    Room(Box<RoomSummary>),
    /// A room is no longer listed.
    Gone(Uuid),
    /// The server is shutting down: streams end.
    Closed,
}

/// Publishes listing changes to the live lobby's subscribers.
#[derive(Debug)]
pub(crate) struct Feed {
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
pub(crate) fn listed(s: &RoomSummary) -> bool {
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
            (_, true) if !listed(old) || old.state != new.state || old.seats != new.seats => {
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

    fn subscribe(&self) -> broadcast::Receiver<Change> {
        self.tx.subscribe()
    }
}

/// The listed rooms, newest first: the body of `GET /api/rooms` and of the `snapshot` event.
pub(crate) fn listing(rooms: &Rooms) -> Vec<RoomSummary> {
    let mut list: Vec<RoomSummary> = rooms.summaries().into_iter().filter(listed).collect();
    // Newest first; the id breaks ties so that pages do not overlap.
    list.sort_by_key(|s| (std::cmp::Reverse(s.created_at), s.id));
    list
}

fn event<T: serde::Serialize>(name: &str, data: &T) -> Event {
    // Serialising these plain structs cannot fail; an empty object would be harmless anyway.
    Event::default()
        .event(name)
        .data(serde_json::to_string(data).unwrap_or_else(|_| "{}".into()))
}

fn snapshot(rooms: &Rooms) -> Event {
    event("snapshot", &json!({ "rooms": listing(rooms) }))
}

/// `GET /api/rooms/live`: `snapshot`, then `room` and `gone` events as they happen.
pub(crate) async fn live(State(state): State<AppState>) -> Response {
    let rooms = state.rooms.clone();
    if rooms.is_shutting_down() {
        return ApiError::Unavailable("the server is restarting").into_response();
    }
    // Subscribe before the snapshot, so no change falls between them (a change seen twice
    // is harmless: `room` replaces, `gone` of an unknown room is ignored).
    let rx = rooms.feed().subscribe();
    Sse::new(changes(rooms, rx))
        .keep_alive(KeepAlive::default())
        .into_response()
}

fn changes(
    rooms: Rooms,
    rx: broadcast::Receiver<Change>,
) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold((rooms, rx, true), |(rooms, mut rx, first)| async move {
        if first {
            let e = snapshot(&rooms);
            return Some((Ok(e), (rooms, rx, false)));
        }
        let e = match rx.recv().await {
            Ok(Change::Room(s)) => event("room", &*s),
            Ok(Change::Gone(id)) => event("gone", &json!({ "id": id })),
            Ok(Change::Closed) | Err(broadcast::error::RecvError::Closed) => return None,
            Err(broadcast::error::RecvError::Lagged(_)) => snapshot(&rooms),
        };
        Some((Ok(e), (rooms, rx, false)))
    })
}
