//! Long games over real sockets: correspondence rooms, a player's list
//! of games (`GET /api/me/games`) and its live count (`GET /api/me/live`), and a
//! correspondence game that survives a restart with a fair clock.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;
use crate::restart::{kill, shift_back, start, start_anywhere, token};

use std::net::SocketAddr;
use std::time::Duration;

use common::{Client, Server};
use serde_json::{json, Value};

const DAY_MS: i64 = 86_400_000;

fn now_ms() -> i64 {
    i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
}

/// A player's live count stream (`GET /api/me/live`), read event by event.
struct Counts {
    response: reqwest::Response,
    buffer: String,
}

impl Counts {
    async fn open(addr: SocketAddr, token: &str) -> Counts {
        let response = reqwest::Client::new()
            .get(format!("http://{addr}/api/me/live"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Counts {
            response,
            buffer: String::new(),
        }
    }

    /// The next `games` event's data.
    async fn next(&mut self) -> Value {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::new();
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
                assert_eq!(name, "games");
                return serde_json::from_str(&data).unwrap();
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

async fn my_games(addr: SocketAddr, token: &str) -> Value {
    let r = reqwest::Client::new()
        .get(format!("http://{addr}/api/me/games"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// The seat to move's first legal move, from its `your_turn` event.
async fn first_legal(c: &mut Client) -> Value {
    let turn = c.event("your_turn").await;
    turn["data"]["legal_moves"][0]["text"].clone()
}

#[tokio::test]
async fn correspondence_rooms_are_made_within_their_bounds() {
    let s = Server::memory().await;
    let (_, host) = s.player().await;
    for (days, status) in [(0, 400), (15, 400), (1, 200), (14, 200)] {
        let (got, body) = s
            .create_room(
                &host,
                json!({"game": "queah", "time_control": {"kind": "correspondence", "days": days}}),
            )
            .await;
        assert_eq!(got, status, "{days} days: {body}");
        if status == 400 {
            assert_eq!(body["error"]["code"], "bad_time_control", "{body}");
        }
    }
    let (status, _) = s.get("/api/me/games", None).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn my_games_show_my_turn_and_the_count_is_pushed() {
    let s = Server::memory().await;
    let (_, ann) = s.player().await;
    let (_, bob) = s.player().await;
    let addr = s.addr;
    let (status, created) = s
        .create_room(
            &ann,
            json!({"game": "stockholm", "seat": "white",
                "time_control": {"kind": "correspondence", "days": 3}}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    // Waiting: in Ann's list, not her move; nothing in Bob's.
    let mine = my_games(addr, &ann).await;
    assert_eq!(mine["turns"], 0, "{mine}");
    assert_eq!(mine["games"][0]["state"], "waiting", "{mine}");
    assert!(mine["games"][0]["deadline_ms"].is_null(), "{mine}");
    assert_eq!(my_games(addr, &bob).await["games"], json!([]));

    let mut bob_live = Counts::open(addr, &bob).await;
    assert_eq!(bob_live.next().await, json!({"turns": 0, "games": 0}));

    let mut white = s.ws(&id, Some(&ann), None).await;
    let mut black = s.ws(&id, Some(&bob), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    assert_eq!(bob_live.next().await, json!({"turns": 0, "games": 1}));
    let before = now_ms();
    white.act("start", json!({})).await;

    // White moves first, with three days for it.
    let mine = my_games(addr, &ann).await;
    assert_eq!(mine["turns"], 1, "{mine}");
    let g = &mine["games"][0];
    assert_eq!(g["room_id"], json!(id));
    assert_eq!(g["game"], "stockholm");
    assert_eq!(g["mode"], "standard");
    assert_eq!(g["seat"], "white");
    assert_eq!(g["my_turn"], true);
    assert_eq!(
        g["time_control"],
        json!({"kind": "correspondence", "days": 3})
    );
    let deadline = g["deadline_ms"].as_i64().unwrap();
    assert!(
        (before + 3 * DAY_MS..=now_ms() + 3 * DAY_MS).contains(&deadline),
        "{g}"
    );
    let theirs = my_games(addr, &bob).await;
    assert_eq!(theirs["turns"], 0);
    assert_eq!(theirs["games"][0]["my_turn"], false);
    assert_eq!(
        theirs["games"][0]["opponents"],
        json!([created_name(&s, &ann).await])
    );

    // The opponent moves: Bob's stream says it is his move now, and so does his list.
    let mv = first_legal(&mut white).await;
    white.act("move", json!({"move": mv})).await;
    assert_eq!(bob_live.next().await, json!({"turns": 1, "games": 1}));
    let theirs = my_games(addr, &bob).await;
    assert_eq!(theirs["turns"], 1);
    assert_eq!(theirs["games"][0]["my_turn"], true);
    assert_eq!(my_games(addr, &ann).await["turns"], 0);

    // Away for as long as he likes: no claim opens against him.
    drop(black);
    let snap = white
        .until("presence", |v| {
            v["type"] == "event" && v["data"]["type"] == "presence"
        })
        .await;
    assert_eq!(snap["data"]["connected"], false);
    assert_eq!(
        white.refused("claim_victory", json!({})).await,
        "claim_not_open"
    );

    // The game ends: it leaves both lists, and Bob is told.
    white.act("resign", json!({})).await;
    assert_eq!(bob_live.next().await, json!({"turns": 0, "games": 0}));
    assert_eq!(my_games(addr, &ann).await["games"], json!([]));
}

/// The name `token`'s player has (as the room shows it).
async fn created_name(s: &Server, token: &str) -> String {
    let (_, me) = s.get("/api/me", Some(token)).await;
    me["name"].as_str().unwrap().to_string()
}

/// A correspondence game whose server is down for longer than a move's days: the outage
/// is given back, nobody loses on time, and the list shows the day left to the seat to
/// move.
async fn survives_a_restart(url: String) {
    let (mut server, addr) = start_anywhere(&url).await;
    let (white_token, black_token) = (token(addr).await, token(addr).await);
    let created: Value = reqwest::Client::new()
        .post(format!("http://{addr}/api/rooms"))
        .bearer_auth(&white_token)
        .json(
            &json!({"game": "stockholm", "seat": "white", "auto_start": false,
            "time_control": {"kind": "correspondence", "days": 1}}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let mut white = Client::connect(addr, &id, Some(&white_token), None).await;
    let mut black = Client::connect(addr, &id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    for white_moves in [true, false, true] {
        let c = if white_moves { &mut white } else { &mut black };
        let mv = first_legal(c).await;
        c.act("move", json!({"move": mv})).await;
    }
    let reply = first_legal(&mut black).await;

    // Black's day runs; the server dies and stays down two days (every stored time moved
    // two days back instead of waiting).
    kill(&mut server).await;
    drop((white, black));
    shift_back(&url, 2 * DAY_MS).await;
    let mut server = start(addr, &url).await;

    // The room gives the outage back as its task starts, a moment after the server is
    // ready: until then the list may show the deadline as it stood before.
    common::eventually("the outage is given back", || {
        let black_token = black_token.clone();
        async move {
            let g = my_games(addr, &black_token).await["games"][0].clone();
            g["deadline_ms"].as_i64().is_some_and(|d| d > now_ms())
        }
    })
    .await;
    let listed = my_games(addr, &black_token).await;
    assert_eq!(listed["turns"], 1, "{listed}");
    let g = &listed["games"][0];
    assert_eq!(g["state"], "playing", "{g}");
    assert_eq!(g["my_turn"], true, "{g}");
    let left = g["deadline_ms"].as_i64().unwrap() - now_ms();
    assert!(
        left > DAY_MS - 60_000 && left <= DAY_MS,
        "Black still has its day: {left} ms left"
    );
    let mut black = Client::connect(addr, &id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("move", json!({"move": reply})).await;
    let moved = black.event("moved").await;
    assert_eq!(moved["data"]["seat"], "black");
    assert_eq!(my_games(addr, &black_token).await["turns"], 0);
    assert_eq!(my_games(addr, &white_token).await["turns"], 1);
    kill(&mut server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_survives_a_restart_with_a_fair_clock_sqlite() {
    survives_a_restart(clubdb::fresh(clubdb::Backend::Sqlite).await.unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_survives_a_restart_with_a_fair_clock_postgres() {
    if let Some(url) = clubdb::fresh(clubdb::Backend::Postgres).await {
        survives_a_restart(url).await;
    }
}
