//! An overloaded server refuses what it cannot take, with a typed error, and counts each
//! refusal by kind in `/metrics`. Each limit is set small and the store's
//! writer is paused, so the queues fill deterministically. A socket whose client does not
//! keep up is resynced, and a closing connection keeps its place under the cap.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::sync::atomic::Ordering;

use common::{within, Client, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// `checkerhall_overloaded_total` of `kind` in `/metrics`.
async fn overloaded(s: &Server, kind: &str) -> u64 {
    s.metric(&format!("checkerhall_overloaded_total{{kind=\"{kind}\"}}"))
        .await
}

/// The mover of a started game and a legal move for it.
async fn mover<'a>(white: &'a mut Client, black: &'a mut Client) -> (&'a mut Client, String) {
    // Either seat may have been drawn to start: the one told its turn moves.
    let is_turn = |v: &Value| v["type"] == "event" && v["data"]["type"] == "your_turn";
    let (c, turn) = tokio::select! {
        t = white.until("your_turn", is_turn) => (0, t),
        t = black.until("your_turn", is_turn) => (1, t),
    };
    let text = turn["data"]["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    (if c == 0 { white } else { black }, text)
}

/// The reply (`ack` or `error`) to message `id`.
async fn reply(c: &mut Client, id: u64) -> Value {
    c.until("reply", |v| {
        v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error")
    })
    .await
}

#[tokio::test]
async fn moves_are_refused_when_the_store_queue_is_full() {
    let s = Server::with_limits(|l| l.store_queue = 1).await;
    let (_, mut w1, mut b1) = s.two_seat_game("queah").await;
    let (_, mut w2, mut b2) = s.two_seat_game("queah").await;
    let (m1, t1) = mover(&mut w1, &mut b1).await;
    let (m2, t2) = mover(&mut w2, &mut b2).await;
    let paused = s.state.writer.pause();
    // One write fits in the queue; the other room's finds it full.
    let id1 = m1.send("move", json!({ "move": t1 })).await;
    let id2 = m2.send("move", json!({ "move": t2 })).await;
    // (Each client numbers its own messages: which one was refused is told by the branch.)
    let (refused, first_refused) = tokio::select! {
        r = reply(m1, id1) => (r, true),
        r = reply(m2, id2) => (r, false),
    };
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["data"]["code"], "overloaded", "{refused}");
    assert_eq!(overloaded(&s, "store").await, 1);
    // Once the store takes writes again, the queued move is stored and acknowledged, and
    // the refused one (nothing of it was kept) can be sent again.
    drop(paused);
    let (queued, queued_id, again, retry) = if first_refused {
        (m2, id2, m1, t1)
    } else {
        (m1, id1, m2, t2)
    };
    assert_eq!(reply(queued, queued_id).await["type"], "ack");
    again.act("move", json!({ "move": retry })).await;
}

#[tokio::test]
async fn commands_are_refused_when_the_room_queue_is_full() {
    let s = Server::with_limits(|l| l.room_queue = 1).await;
    let (id, mut white, mut black) = s.two_seat_game("queah").await;
    let mut watchers = Vec::new();
    for _ in 0..2 {
        let (_, token) = s.player().await;
        let mut w = s.ws(&id, Some(&token), None).await;
        w.until("snapshot", |v| v["type"] == "snapshot").await;
        watchers.push(w);
    }
    let (mover, text) = mover(&mut white, &mut black).await;
    let paused = s.state.writer.pause();
    // The move holds the room (its write waits for the store): the room's queue takes at
    // most one more command, so of the two watchers' at least one is refused, and the
    // first answer to come is a refusal (a queued command waits for the move).
    let first = mover.send("move", json!({ "move": text })).await;
    let [a, b] = &mut watchers[..] else {
        unreachable!()
    };
    let ida = a.send("offer_draw", json!({})).await;
    let idb = b.send("offer_draw", json!({})).await;
    let refused = tokio::select! {
        r = reply(a, ida) => r,
        r = reply(b, idb) => r,
    };
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["data"]["code"], "overloaded", "{refused}");
    assert!(overloaded(&s, "command").await >= 1);
    drop(paused);
    assert_eq!(reply(mover, first).await["type"], "ack");
}

#[tokio::test]
async fn room_creation_over_the_cap_is_refused_with_retry_after() {
    let s = Server::with_limits(|l| l.max_rooms = 1).await;
    let (_, token) = s.player().await;
    assert_eq!(s.create_room(&token, json!({"game": "queah"})).await.0, 200);
    let r = reqwest::Client::new()
        .post(s.url("/api/rooms"))
        .bearer_auth(&token)
        .json(&json!({"game": "queah"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 503);
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"]["code"], "overloaded", "{body}");
    assert_eq!(overloaded(&s, "room").await, 1);
}

/// A server capped at one connection, a room on it, its id and its host's token.
async fn one_connection() -> (Server, String, String) {
    let s = Server::with_limits(|l| l.max_connections = 1).await;
    let (_, token) = s.player().await;
    let (_, created) = s.create_room(&token, json!({"game": "queah"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    (s, id, token)
}

/// Asserts that an upgrade was refused with 503 `overloaded` and a `Retry-After`.
fn assert_overloaded(r: &tokio_tungstenite::tungstenite::http::Response<Option<Vec<u8>>>) {
    assert_eq!(r.status().as_u16(), 503);
    assert!(r.headers().contains_key("retry-after"));
    let body: Value = serde_json::from_slice(r.body().as_deref().unwrap()).unwrap();
    assert_eq!(body["error"]["code"], "overloaded", "{body}");
}

#[tokio::test]
async fn sockets_over_the_cap_are_refused_with_retry_after() {
    let (s, id, token) = one_connection().await;
    let mut first = s.ws(&id, Some(&token), None).await;
    first.until("snapshot", |v| v["type"] == "snapshot").await;
    let url = format!("ws://{}/ws?room={id}", s.addr);
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_overloaded(&r),
        other => panic!("a second socket was let in: {:?}", other.map(|_| ())),
    }
    assert_eq!(overloaded(&s, "socket").await, 1);
}

/// Waits (polling, with [`common::WAIT`] as the deadline) until `cond` holds.
async fn until(what: &str, cond: impl Fn() -> bool) {
    common::eventually(what, || std::future::ready(cond())).await;
}

/// A connection in its lingering close still holds its place under
/// `--max-connections`: the next upgrade is refused until the client has closed its side.
#[tokio::test]
async fn a_lingering_connection_holds_its_place_under_the_cap() {
    let (s, id, _) = one_connection().await;
    let url = format!("ws://{}/ws?room={id}", s.addr);
    let counts = s.state.sockets.counts().clone();
    let sockets = || s.state.metrics.sockets.load(Ordering::Relaxed);
    // A lingering close lasts at most 2 s: on a machine too slow to try the second
    // upgrade within them, try again.
    for _ in 0..5 {
        let (mut first, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        within("the snapshot", first.next()).await.unwrap().unwrap();
        first.close(None).await.unwrap();
        // The server answers the Close, ends the socket and lingers: it closes its side and
        // reads until the client closes its own, which this one does not do yet.
        while let Some(Ok(_)) = within("the end of the stream", first.next()).await {}
        match tokio_tungstenite::connect_async(&url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_overloaded(&r),
            Ok(_) => {
                assert_eq!(
                    counts.lingering(),
                    0,
                    "a second socket was let in while the first lingered"
                );
                continue;
            }
            Err(e) => panic!("{e}"),
        }
        assert!(s.metric("checkerhall_ws_lingering").await >= 1);
        // Once the client closes its side the place is free again.
        drop(first);
        until("the connection is let go", || {
            counts.lingering() == 0 && sockets() == 0
        })
        .await;
        let (mut next, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        let snapshot: Value = match within("the snapshot", next.next()).await.unwrap().unwrap() {
            Message::Text(t) => serde_json::from_str(&t).unwrap(),
            other => panic!("{other:?}"),
        };
        assert_eq!(snapshot["type"], "snapshot");
        return;
    }
    panic!("every lingering close was over before the second upgrade");
}

/// A socket whose client stops reading falls behind its room (a ring of 4 changes): once it
/// reads again it gets the documented resync, a `snapshot`, and after it only newer events,
/// never one twice; every message it sent is answered exactly once.
#[tokio::test]
async fn a_socket_that_falls_behind_is_resynced_without_duplicates() {
    const PINGS: usize = 64;
    let s = Server::with_limits(|l| {
        l.socket_queue = 4;
        l.max_message_bytes = 128 * 1024;
        l.messages_per_second = 100_000;
        l.message_burst = 100_000;
    })
    .await;
    let (_, token) = s.player().await;
    let (_, created) = s
        .create_room(&token, json!({"game": "queah", "seat": "white"}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut host = s.ws(&id, Some(&token), None).await;
    host.until("snapshot", |v| v["type"] == "snapshot").await;
    // A spectator with a small receive buffer.
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(4096).unwrap();
    let stream = tcp.connect(s.addr).await.unwrap();
    let url = format!("ws://{}/ws?room={id}", s.addr);
    let (ws, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
    let (mut sink, mut stream) = ws.split();
    // Pings with ids of 100 KB: their pongs are more than the connection can hold while
    // the spectator does not read, so the server's output to it waits.
    let pad = "x".repeat(100 * 1024);
    let sender = tokio::spawn(async move {
        for i in 0..PINGS {
            let m = json!({"type": "ping", "id": format!("{i}:{pad}")}).to_string();
            sink.send(Message::Text(m.into())).await.unwrap();
        }
        sink
    });
    let counts = s.state.sockets.counts().clone();
    until("the spectator's output waits", || counts.stalled() > 0).await;
    let resyncs = counts.resyncs();
    // Twelve changes while it does not read: three times the ring.
    let mut last = 0;
    for _ in 0..6 {
        host.act("set_bot", json!({"seat": "black"})).await;
        last = host.act("remove_bot", json!({"seat": "black"})).await;
    }
    // Now it reads everything.
    let mut pongs = vec![0u32; PINGS];
    let mut events = Vec::new();
    let mut snapshots = Vec::new();
    let mut version = 0;
    while pongs.contains(&0) || version < last {
        let m = within("a message", stream.next())
            .await
            .expect("the socket stays open")
            .unwrap();
        let Message::Text(t) = m else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        match v["type"].as_str().unwrap() {
            "pong" => {
                let id = v["id"].as_str().unwrap();
                let i: usize = id.split(':').next().unwrap().parse().unwrap();
                pongs[i] += 1;
            }
            "snapshot" => {
                version = v["v"].as_u64().unwrap();
                snapshots.push(version);
                events.push(("snapshot", version));
            }
            "event" => {
                version = v["v"].as_u64().unwrap();
                events.push(("event", version));
            }
            _ => {}
        }
    }
    assert!(
        pongs.iter().all(|n| *n == 1),
        "each ping answered once: {pongs:?}"
    );
    // The first snapshot is the one on connect; the second is the resync, with every change.
    assert_eq!(snapshots.len(), 2, "{events:?}");
    assert_eq!(snapshots[1], last, "{events:?}");
    assert!(counts.resyncs() > resyncs);
    // After a snapshot, only newer events; no event twice.
    let mut seen = 0;
    for (kind, v) in &events {
        match *kind {
            "snapshot" => seen = *v,
            _ => {
                assert!(*v > seen, "event {v} after version {seen}: {events:?}");
                seen = *v;
            }
        }
    }
    drop(sender.await.unwrap());
}
