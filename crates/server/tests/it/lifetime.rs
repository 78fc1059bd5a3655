//! Rooms' lifetimes over real sockets: rooms nobody is in leave the lobby (`GET /api/rooms`
//! and its live stream) after the server's waits, and a game counts only once every seat
//! has moved (a resignation before changes no rating, on SQLite and Postgres).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb::{self, Backend, BACKENDS};
use crate::common::{self, Client, Server};
use crate::live::Events;

use serde_json::{json, Value};

/// Short waits, so that the test sees rooms close.
const WAIT_MS: u64 = 1_000;

async fn listed(s: &Server) -> Vec<String> {
    let (status, list) = s.get("/api/rooms", None).await;
    assert_eq!(status, 200, "{list}");
    list["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect()
}

/// The room as a spectator sees it over HTTP.
async fn room(s: &Server, id: &str) -> Value {
    let (status, snap) = s.get(&format!("/api/rooms/{id}"), None).await;
    assert_eq!(status, 200, "{snap}");
    snap
}

/// The live stream's next `gone`, skipping `room` events.
async fn gone(events: &mut Events) -> Value {
    loop {
        let (name, data) = events.next().await;
        if name == "gone" {
            return data["id"].clone();
        }
    }
}

/// A waiting room whose host walks away, a game against the computer whose player closed
/// the tab, and a game two people left before moving: each leaves the lobby's list and
/// its live stream once nobody has been there for the wait, ended as the docs say.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_nobody_is_in_leave_the_lobby() {
    let s = Server::setup()
        .config(|c| {
            c.unattended = lobby::Unattended {
                waiting_ms: WAIT_MS,
                game_ms: WAIT_MS,
            }
        })
        .start()
        .await;
    let mut events = Events::open(&s).await;
    assert_eq!(events.next().await.0, "snapshot");

    // A waiting room: open while its host is there, closed once nobody is.
    let (_, host) = s.player().await;
    let (status, created) = s
        .create_room(&host, json!({"game": "queah", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{created}");
    let waiting = created["id"].as_str().unwrap().to_string();
    let mut h = s.ws(&waiting, Some(&host), None).await;
    h.until("snapshot", |v| v["type"] == "snapshot").await;
    // Longer than the wait: someone is there, so it stays.
    tokio::time::sleep(std::time::Duration::from_millis(2 * WAIT_MS)).await;
    assert_eq!(listed(&s).await, std::slice::from_ref(&waiting));
    drop(h);
    assert_eq!(gone(&mut events).await, json!(waiting));
    assert_eq!(listed(&s).await, Vec::<String>::new());
    let snap = room(&s, &waiting).await;
    assert_eq!(snap["state"], "aborted", "{snap}");
    assert!(snap["outcome"].is_null(), "{snap}");

    // A game against the computer: both moved, then the player went; the bot wins.
    let (_, player) = s.player().await;
    let (_, created) = s
        .create_room(&player, json!({"game": "stockholm", "seat": "white"}))
        .await;
    let bot_game = created["id"].as_str().unwrap().to_string();
    let mut p = s.ws(&bot_game, Some(&player), None).await;
    p.until("snapshot", |v| v["type"] == "snapshot").await;
    p.act(
        "set_bot",
        json!({"seat": "black", "bot": {"kind": "random", "level": 1}}),
    )
    .await;
    p.act("start", json!({})).await;
    p.act("move", json!({"move": "c3-d4"})).await;
    p.until("the bot's move", |v| {
        v["type"] == "event" && v["data"]["type"] == "moved" && v["data"]["seat"] == "black"
    })
    .await;
    assert!(listed(&s).await.contains(&bot_game));
    drop(p);
    assert_eq!(gone(&mut events).await, json!(bot_game));
    assert!(!listed(&s).await.contains(&bot_game));
    let snap = room(&s, &bot_game).await;
    assert_eq!(snap["state"], "finished", "{snap}");
    assert_eq!(snap["outcome"]["reason"], "abandonment", "{snap}");
    assert_eq!(snap["outcome"]["winners"], json!(["black"]), "{snap}");

    // Two people who left before anyone moved: aborted, it does not count.
    // A spectator does not keep a game alive; it is told why the game ended.
    let (id, white, black) = s.two_seat_game("giveandtake").await;
    let mut watcher = s.ws(&id, None, None).await;
    watcher.until("snapshot", |v| v["type"] == "snapshot").await;
    assert!(listed(&s).await.contains(&id));
    drop((white, black));
    assert_eq!(gone(&mut events).await, json!(id));
    let aborted = watcher.event("aborted").await;
    assert_eq!(aborted["data"]["reason"], "unattended", "{aborted}");
    let snap = room(&s, &id).await;
    assert_eq!(snap["state"], "aborted", "{snap}");
    assert!(snap["outcome"].is_null(), "{snap}");
    assert_eq!(listed(&s).await, Vec::<String>::new());
}

/// A fresh identity claimed as an account named `name`; its token.
pub(crate) async fn account(s: &Server, name: &str) -> String {
    let (_, token) = s.player().await;
    let r = reqwest::Client::new()
        .post(s.url("/api/account/claim"))
        .bearer_auth(&token)
        .json(&json!({"username": name, "password": "a long enough password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200, "{}", r.text().await.unwrap());
    token
}

/// A room created by `host` with `body`; its id.
async fn open(s: &Server, host: &str, body: Value) -> String {
    let (status, created) = s.create_room(host, body).await;
    assert_eq!(status, 200, "{created}");
    created["id"].as_str().unwrap().to_string()
}

/// A rated Queah game: White moves, Black resigns before its own first move. The game is
/// aborted (reason `resigned`), and neither rating changes; once both have moved, the same
/// resignation is a rated result.
async fn early_resignation(backend: Backend) {
    let Some(url) = clubdb::fresh(backend).await else {
        return;
    };
    let mut s = Server::setup().database(url).start().await;
    let ann = account(&s, "ann").await;
    let bob = account(&s, "bob").await;
    let clock = json!({"kind": "fischer", "base_ms": 60000, "increment_ms": 0});
    let body = json!({"game": "queah", "seat": "white", "rated": true, "time_control": clock});
    let (ann_token, bob_token) = (ann.clone(), bob.clone());
    let id = open(&s, &ann, body.clone()).await;
    let mut white = s.ws(&id, Some(&ann_token), None).await;
    let mut black = s.ws(&id, Some(&bob_token), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    let variant = rules::Variant::Queah;
    let pos = rules::AnyPosition::new(variant, &rules::AnyOptions::default_for(variant)).unwrap();
    let first = pos.move_to_string(&pos.legal_moves()[0]);
    white.act("move", json!({ "move": first })).await;
    black.act("resign", json!({})).await;
    let aborted = white.event("aborted").await;
    assert_eq!(aborted["data"]["reason"], "resigned", "{aborted}");
    assert_eq!(aborted["data"]["seat"], "black", "{aborted}");
    let snap = room(&s, &id).await;
    assert_eq!(snap["state"], "aborted", "{snap}");
    assert!(snap["outcome"].is_null(), "{snap}");
    for name in ["ann", "bob"] {
        let (status, page) = s.get(&format!("/api/players/{name}"), None).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["ratings"], json!([]), "{name}: {page}");
    }

    // Once both have moved, a resignation is a result, and it is rated.
    let id = open(&s, &ann, body).await;
    let mut white = s.ws(&id, Some(&ann_token), None).await;
    let mut black = s.ws(&id, Some(&bob_token), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    common::both_move("queah", &mut white, &mut black).await;
    black.act("resign", json!({})).await;
    let finished = white.event("finished").await;
    assert_eq!(
        finished["data"]["outcome"]["reason"], "resigned",
        "{finished}"
    );
    common::eventually("the result is rated", || async {
        let (_, page) = s.get("/api/players/ann", None).await;
        page["ratings"].as_array().is_some_and(|r| r.len() == 1)
    })
    .await;
    drop::<[Client; 2]>([white, black]);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_before_every_seat_moved_changes_no_rating_on_both_backends() {
    for backend in BACKENDS {
        early_resignation(backend).await;
    }
}
