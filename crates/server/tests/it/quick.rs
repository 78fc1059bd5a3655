//! Quick games over real sockets: a game against the computer in one request,
//! starting at once with the bot moving; two players seeking an opponent meeting in one room
//! that starts by itself; rooms that start when full; bots named for people.

use serde_json::{json, Value};

use crate::common::{Client, Server};

async fn post(s: &Server, path: &str, token: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(s.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn snapshot(c: &mut Client) -> Value {
    c.until("snapshot", |v| v["type"] == "snapshot").await["data"].clone()
}

/// One request makes a started game against the computer: the caller in their seat, the
/// computer of the level asked in every other, moving when it is its turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_starts_at_once() {
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    let (status, body) = post(
        &s,
        "/api/quick/computer",
        &token,
        json!({"game": "stockholm", "level": 2, "seat": "black"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let mut me = s.ws(&id, Some(&token), None).await;
    let snap = snapshot(&mut me).await;
    assert_eq!(snap["state"], "playing", "{snap}");
    assert_eq!(snap["seats"]["white"]["occupant"]["type"], "bot", "{snap}");
    assert_eq!(snap["seats"]["white"]["occupant"]["level"], 2, "{snap}");
    // White (the computer) moves first in Stockholm, then it is my turn.
    let turn = me.event("your_turn").await;
    assert_eq!(turn["data"]["seat"], "black");
    let (_, now) = s.get(&format!("/api/rooms/{id}"), Some(&token)).await;
    assert_eq!(now["actions"].as_array().map(Vec::len), Some(1), "{now}");
    let (_, list) = s.get("/api/rooms", None).await;
    let room = &list["rooms"][0];
    assert_eq!(room["auto_start"], true, "{list}");
    assert_eq!(room["seats"][0]["name"], "Computer level 2", "{list}");
    assert_eq!(room["seats"][0]["bot"], true, "{list}");

    // Neva: the caller sits White and the computer fills every other seat.
    let (status, body) = post(
        &s,
        "/api/quick/computer",
        &token,
        json!({"game": "neva", "level": 1}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let mut neva = s.ws(body["id"].as_str().unwrap(), Some(&token), None).await;
    let snap = snapshot(&mut neva).await;
    assert_eq!(snap["state"], "playing", "{snap}");
    assert_eq!(
        snap["seats"]["white"]["occupant"]["type"], "player",
        "{snap}"
    );
    for seat in ["red", "green", "black"] {
        assert_eq!(
            snap["seats"][seat]["occupant"]["type"], "bot",
            "{seat}: {snap}"
        );
    }

    let (status, body) = post(
        &s,
        "/api/quick/computer",
        &token,
        json!({"game": "queah", "level": 6}),
    )
    .await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (400, &json!("unknown_bot")),
        "{body}"
    );
}

/// Two players seeking the same game at once meet in one room, which starts by itself; a
/// player who seeks again while waiting gets their own room back; other settings open
/// another room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_seekers_meet_in_one_room_that_starts() {
    let s = Server::memory().await;
    let (_, ann) = s.player().await;
    let (_, bob) = s.player().await;
    let (_, cy) = s.player().await;
    let seek = json!({"game": "queah", "time_control": {"kind": "per_move", "limit_ms": 60000}});
    let (a, b) = tokio::join!(
        post(&s, "/api/quick/seek", &ann, seek.clone()),
        post(&s, "/api/quick/seek", &bob, seek.clone()),
    );
    assert_eq!((a.0, b.0), (200, 200), "{a:?} {b:?}");
    assert_eq!(a.1["id"], b.1["id"], "{a:?} {b:?}");
    let created: Vec<bool> = [&a.1, &b.1]
        .iter()
        .map(|v| v["created"].as_bool().unwrap())
        .collect();
    assert!(
        created.contains(&true) && created.contains(&false),
        "{created:?}"
    );
    let id = a.1["id"].as_str().unwrap().to_string();
    let mut c = s.ws(&id, Some(&ann), None).await;
    let snap = snapshot(&mut c).await;
    assert_eq!(snap["state"], "playing", "{snap}");

    // Cy seeks: the room above is full, so a new one opens; seeking again returns it.
    let (status, first) = post(&s, "/api/quick/seek", &cy, seek.clone()).await;
    assert_eq!((status, &first["created"]), (200, &json!(true)), "{first}");
    assert_ne!(first["id"], a.1["id"]);
    let (_, again) = post(&s, "/api/quick/seek", &cy, seek.clone()).await;
    assert_eq!(again["id"], first["id"], "{again}");
    assert_eq!(again["created"], false, "{again}");
    // Another clock is another table.
    let (_, other) = post(&s, "/api/quick/seek", &ann, json!({"game": "queah"})).await;
    assert_eq!(other["created"], true, "{other}");
    assert_ne!(other["id"], first["id"]);
    // Bob, seeking the first settings, joins Cy.
    let (_, joined) = post(&s, "/api/quick/seek", &bob, seek).await;
    assert_eq!(joined["id"], first["id"], "{joined}");
    assert_eq!(joined["created"], false, "{joined}");
}

/// A room made with `auto_start` starts when the last seat is taken, without the host.
#[tokio::test]
async fn a_room_with_auto_start_starts_when_full() {
    let s = Server::memory().await;
    let (_, host) = s.player().await;
    let (_, guest) = s.player().await;
    // `auto_start` left out: a room starts by itself by default.
    let (status, created) = post(
        &s,
        "/api/rooms",
        &host,
        json!({"game": "giveandtake", "seat": "white"}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap();
    let mut h = s.ws(id, Some(&host), None).await;
    let snap = snapshot(&mut h).await;
    assert_eq!(snap["room"]["auto_start"], true, "{snap}");
    let mut g = s.ws(id, Some(&guest), None).await;
    snapshot(&mut g).await;
    g.act("take_seat", json!({})).await;
    let started = h.event("started").await;
    assert_eq!(started["data"]["type"], "started");
}
