//! The live lobby: `GET /api/rooms/live`, a Server-Sent Events stream of the listed rooms
//! (a `snapshot`, then `room` and `gone` events as the rooms' feed publishes them).

use std::convert::Infallible;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use serde_json::json;
use tokio::sync::broadcast;

use crate::error::ApiError;
use crate::rooms::{Change, Rooms};
use crate::AppState;

fn event<T: serde::Serialize>(name: &str, data: &T) -> Event {
    // Serialising these plain structs cannot fail; an empty object would be harmless anyway.
    Event::default()
        .event(name)
        .data(serde_json::to_string(data).unwrap_or_else(|_| "{}".into()))
}

fn snapshot(rooms: &Rooms) -> Event {
    event("snapshot", &json!({ "rooms": rooms.listing() }))
}

/// `GET /api/rooms/live`: `snapshot`, then `room` and `gone` events as they happen.
pub(super) async fn live(State(state): State<AppState>) -> Response {
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
