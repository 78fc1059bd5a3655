//! The live lobby (`GET /api/rooms/live`, Server-Sent Events) over a real socket, the
//! listing of playing rooms in `GET /api/rooms`, and `Sockets::drop_player`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::time::Duration;

use common::Server;
use serde_json::{json, Value};

/// An SSE reader over a `reqwest` response.
pub(crate) struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    pub(crate) async fn open(s: &Server) -> Events {
        let response = reqwest::Client::new()
            .get(s.url("/api/rooms/live"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next event (name and JSON data), skipping keep-alive comments.
    pub(crate) async fn next(&mut self) -> (String, Value) {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    }
                }
                if data.is_empty() {
                    continue;
                }
                return (name, serde_json::from_str(&data).unwrap());
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.response.chunk())
                .await
                .expect("an event in time")
                .unwrap()
                .expect("the stream goes on");
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

#[tokio::test]
async fn live_lobby_follows_a_room_from_creation_to_its_end() {
    let s = Server::memory().await;
    let (_, host) = s.player().await;
    let (_, guest) = s.player().await;
    let mut events = Events::open(&s).await;
    let (name, data) = events.next().await;
    assert_eq!(name, "snapshot");
    assert_eq!(data, json!({"rooms": []}));

    // A private room is never listed: the next event is the public one.
    let (status, _) = s
        .create_room(&host, json!({"game": "queah", "visibility": "private"}))
        .await;
    assert_eq!(status, 200);
    let (status, created) = s
        .create_room(&host, json!({"game": "stockholm", "seat": "white"}))
        .await;
    assert_eq!(status, 200);
    let id = created["id"].as_str().unwrap().to_string();
    let (name, room) = events.next().await;
    assert_eq!(name, "room");
    assert_eq!(room["id"], json!(id));
    assert_eq!(room["game"], "stockholm");
    assert_eq!(room["state"], "waiting");
    assert_eq!(room["public"], true);
    assert!(room.get("invite_code").is_none());

    let mut h = s.ws(&id, Some(&host), None).await;
    let mut g = s.ws(&id, Some(&guest), None).await;
    h.until("snapshot", |v| v["type"] == "snapshot").await;
    g.until("snapshot", |v| v["type"] == "snapshot").await;
    g.act("take_seat", json!({"seat": "black"})).await;
    let (name, room) = events.next().await;
    assert_eq!(name, "room");
    assert_eq!(room["state"], "waiting");
    let taken = room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|seat| !seat["name"].is_null())
        .count();
    assert_eq!(taken, 2, "{room}");

    h.act("start", json!({})).await;
    let (name, room) = events.next().await;
    assert_eq!((name.as_str(), &room["state"]), ("room", &json!("playing")));

    // Playing rooms are listed too (watchable), with their state.
    let (status, list) = s.get("/api/rooms", None).await;
    assert_eq!(status, 200);
    assert_eq!(list["rooms"].as_array().unwrap().len(), 1);
    assert_eq!(list["rooms"][0]["id"], json!(id));
    assert_eq!(list["rooms"][0]["state"], "playing");

    // A late subscriber's snapshot has it.
    let mut late = Events::open(&s).await;
    let (name, snap) = late.next().await;
    assert_eq!(name, "snapshot");
    assert_eq!(snap["rooms"][0]["state"], "playing");

    g.act("resign", json!({})).await;
    let (name, gone) = events.next().await;
    assert_eq!(name, "gone");
    assert_eq!(gone, json!({"id": id}));
    let (name, _) = late.next().await;
    assert_eq!(name, "gone");
    let (_, list) = s.get("/api/rooms", None).await;
    assert_eq!(list["rooms"], json!([]));
}

#[tokio::test]
async fn drop_player_closes_only_that_players_sockets() {
    let s = Server::memory().await;
    let (host_id, host) = s.player().await;
    let (_, guest) = s.player().await;
    let (_, created) = s
        .create_room(&host, json!({"game": "stockholm", "seat": "white"}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut h = s.ws(&id, Some(&host), None).await;
    let mut g = s.ws(&id, Some(&guest), None).await;
    h.until("snapshot", |v| v["type"] == "snapshot").await;
    g.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(s.state.sockets.drop_player(host_id.id), 1);
    // The host's socket ends (no close frame: the stream just stops).
    loop {
        match h.recv().await {
            None => break,
            Some(v) => assert_ne!(v["type"], "error", "{v}"),
        }
    }
    // The guest's still works, and the host can come back.
    g.act("take_seat", json!({"seat": "black"})).await;
    let mut h = s.ws(&id, Some(&host), None).await;
    h.until("snapshot", |v| v["type"] == "snapshot").await;
    h.act("start", json!({})).await;
    assert_eq!(s.state.sockets.drop_player(uuid::Uuid::new_v4()), 0);
}
