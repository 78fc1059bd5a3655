//! An overloaded server refuses what it cannot take, with a typed error, and counts each
//! refusal by kind in `/metrics` (issue 10, item 4). Each limit is set small and the store's
//! writer is paused, so the queues fill deterministically.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Client, Server};
use serde_json::{json, Value};

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

#[tokio::test]
async fn sockets_over_the_cap_are_refused_with_retry_after() {
    let s = Server::with_limits(|l| l.max_connections = 1).await;
    let (_, token) = s.player().await;
    let (_, created) = s.create_room(&token, json!({"game": "queah"})).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut first = s.ws(&id, Some(&token), None).await;
    first.until("snapshot", |v| v["type"] == "snapshot").await;
    let url = format!("ws://{}/ws?room={id}", s.addr);
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 503);
            assert!(r.headers().contains_key("retry-after"));
            let body: Value = serde_json::from_slice(r.body().as_deref().unwrap()).unwrap();
            assert_eq!(body["error"]["code"], "overloaded", "{body}");
        }
        other => panic!("a second socket was let in: {:?}", other.map(|_| ())),
    }
    assert_eq!(overloaded(&s, "socket").await, 1);
}
