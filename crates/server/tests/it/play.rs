//! Complete games over real WebSockets against the real server.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{Client, Server};
use rules::{AnyOptions, AnyPosition, Seat, Variant};
use serde_json::json;
use server::config::ServerConfig;
use uuid::Uuid;

async fn two_seat_game(s: &Server, game: &str) -> (String, Client, Client) {
    s.two_seat_game(game).await
}

/// Plays `plies` moves chosen and checked by `rules` (the first legal move each time),
/// then Black resigns; White wins and the game is stored with every move.
async fn play_and_resign(game: &str, plies: usize) {
    let s = Server::memory().await;
    let (id, mut white, mut black) = two_seat_game(&s, game).await;
    let variant: Variant = game.parse().unwrap();
    let mut pos = AnyPosition::new(variant, &AnyOptions::default_for(variant)).unwrap();
    let mut texts = Vec::new();
    for _ in 0..plies {
        let mv = pos.legal_moves()[0];
        let text = pos.move_to_string(&mv);
        let turn = pos.turn().unwrap();
        pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
        let mover = if turn == Seat::WHITE {
            &mut white
        } else {
            &mut black
        };
        // The server told the mover it is its turn, with this move among the legal ones.
        let yt = mover.event("your_turn").await;
        assert!(yt["data"]["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["text"] == json!(text)));
        mover.act("move", json!({"move": text})).await;
        texts.push(text);
    }
    black.act("resign", json!({})).await;
    for c in [&mut white, &mut black] {
        let fin = c.event("finished").await;
        assert_eq!(fin["data"]["outcome"]["winners"], json!(["white"]), "{fin}");
    }
    let (row, moves) = s
        .state
        .store
        .game(Uuid::parse_str(&id).unwrap())
        .await
        .unwrap()
        .expect("the game is stored");
    assert_eq!(row.reason.as_deref(), Some("resigned"));
    assert_eq!(row.winners.as_deref(), Some("white"));
    let stored: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
    let mut expected: Vec<&str> = texts.iter().map(String::as_str).collect();
    expected.push("resign black");
    assert_eq!(stored, expected);
    assert!(moves.iter().enumerate().all(|(i, m)| m.ply == i as i64));

    // The finished game comes back from the history API, and both of its exports replay
    // through `rules` to the position the players reached.
    pos.depart(Seat::BLACK, rules::Departure::Resign).unwrap();
    let (status, detail) = s.get(&format!("/api/history/{id}"), None).await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(detail["moves"].as_array().map(Vec::len), Some(plies + 1));
    let (status, list) = s.get(&format!("/api/history?game={game}"), None).await;
    assert_eq!(status, 200, "{list}");
    assert!(list.to_string().contains(&id), "{list}");
    for format in ["", "?format=record"] {
        let text = reqwest::get(s.url(&format!("/api/history/{id}/export{format}")))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let record = if format.is_empty() {
            // The room's clock (this one has none) is tagged as PGN writes it.
            assert!(text.contains("\n[TimeControl \"-\"]\n"), "{text}");
            server::export::parse(&text).unwrap()
        } else {
            text.parse::<rules::GameRecord>().unwrap()
        };
        let replayed = record.replay().unwrap();
        assert_eq!(
            replayed.position().position_string(),
            pos.position_string(),
            "{text}"
        );
        assert_eq!(replayed.status(), pos.status(), "{text}");
    }
}

#[tokio::test]
async fn stockholm_game_to_resignation() {
    play_and_resign("stockholm", 6).await;
}

#[tokio::test]
async fn give_and_take_game_to_resignation() {
    play_and_resign("giveandtake", 6).await;
}

#[tokio::test]
async fn queah_game_to_resignation() {
    play_and_resign("queah", 6).await;
}

#[path = "../../../rules/tests/data/training_game.rs"]
mod training;

/// The training game's moves: `(seat, text)` for every move, then the resigning seat.
fn training_game() -> (Vec<(Seat, String)>, Seat) {
    let mut moves = Vec::new();
    let mut resign = None;
    for line in training::lines() {
        match line {
            training::Line::Resign(seat) => resign = Some(seat),
            training::Line::Slot(slot) if !slot.is_null() => moves.push((slot.seat, slot.text)),
            training::Line::Slot(_) => {}
        }
    }
    (moves, resign.unwrap())
}

#[tokio::test]
async fn neva_training_game_through_four_sockets_with_a_spectator() {
    let s = Server::memory().await;
    let mut tokens = Vec::new();
    for _ in 0..4 {
        tokens.push(s.player().await.1);
    }
    // The record starts with White, and the first seat is drawn by lot at the start: rooms
    // are made and started until the lot gives White (a quarter of the time each), each
    // one given up before a move (the three players who might have begun never did).
    let mut tries = 0;
    let (id, mut spectator, mut clients) = loop {
        tries += 1;
        assert!(tries <= 64, "the lot never gave White in {tries} starts");
        let (status, created) = s
            .create_room(&tokens[0], json!({"game": "neva", "seat": "white"}))
            .await;
        assert_eq!(status, 200, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let mut spectator = s.ws(&id, None, None).await;
        let mut clients = Vec::new();
        for (i, seat) in Seat::ALL.iter().enumerate() {
            let mut c = s.ws(&id, Some(&tokens[i]), None).await;
            if i > 0 {
                c.act("take_seat", json!({"seat": seat.key()})).await;
            }
            clients.push(c);
        }
        clients[0].act("start", json!({})).await;
        let started = spectator.event("started").await;
        if started["data"]["first"] == "white" {
            break (id, spectator, clients);
        }
        clients[0].act("abort", json!({})).await;
    };
    let (moves, resigner) = training_game();
    for (seat, text) in &moves {
        clients[seat.index()]
            .act("move", json!({"move": text}))
            .await;
    }
    clients[resigner.index()].act("resign", json!({})).await;
    for c in clients.iter_mut().chain(std::iter::once(&mut spectator)) {
        let fin = c.event("finished").await;
        assert_eq!(fin["data"]["outcome"]["winners"], json!(["black"]), "{fin}");
    }
    // The spectator saw every move and never anybody's legal moves.
    spectator.drain(200).await;
    let moved = spectator
        .seen
        .iter()
        .filter(|v| v["data"]["type"] == "moved")
        .count();
    assert_eq!(moved, moves.len());
    for v in &spectator.seen {
        assert_ne!(v["data"]["type"], "your_turn", "{v}");
        assert!(v["data"]["legal_moves"].is_null(), "{v}");
    }
    let (row, stored) = s
        .state
        .store
        .game(Uuid::parse_str(&id).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.winners.as_deref(), Some("black"));
    assert_eq!(stored.len(), moves.len() + 1);
    assert_eq!(stored.last().unwrap().notation, "resign white");
}

#[tokio::test]
async fn illegal_actions_get_typed_errors_and_change_nothing() {
    let mut config = ServerConfig::new("sqlite::memory:");
    config.limits.message_burst = 40;
    let s = Server::start(config).await;
    let (id, mut white, mut black) = two_seat_game(&s, "stockholm").await;
    let (_, other_token) = s.player().await;
    let mut other = s.ws(&id, Some(&other_token), None).await;
    let mut anon = s.ws(&id, None, None).await;
    let (_, before) = s.get(&format!("/api/rooms/{id}"), None).await;

    assert_eq!(
        black.refused("move", json!({"move": "f6-e5"})).await,
        "not_your_turn"
    );
    let err = white.refused("move", json!({"move": "c3-c4"})).await;
    assert_eq!(err, "illegal_move");
    let msg = white.seen.last().unwrap()["data"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(msg.starts_with("illegal move: "), "{msg}");
    // Acting for someone else's seat: a non-seated identity cannot move or resign.
    assert_eq!(
        other.refused("move", json!({"move": "c3-d4"})).await,
        "not_seated"
    );
    assert_eq!(other.refused("resign", json!({})).await, "not_seated");
    assert_eq!(anon.refused("resign", json!({})).await, "not_a_participant");
    assert_eq!(
        white.refused("take_seat", json!({"seat": "black"})).await,
        "wrong_state"
    );

    white.send_raw("{not json".into()).await;
    let e = white.until("error", |v| v["type"] == "error").await;
    assert_eq!(e["data"]["code"], "bad_json");
    white.send("teleport", json!({})).await;
    let e = white.until("error", |v| v["type"] == "error").await;
    assert_eq!(e["data"]["code"], "unknown_type");
    white.send("move", json!({})).await;
    let e = white.until("error", |v| v["type"] == "error").await;
    assert_eq!(e["data"]["code"], "bad_message");
    let big = "x".repeat(s.state.config.limits.max_message_bytes + 10);
    white.send("move", json!({"move": big})).await;
    let e = white.until("error", |v| v["type"] == "error").await;
    assert_eq!(e["data"]["code"], "too_large");

    let (_, after) = s.get(&format!("/api/rooms/{id}"), None).await;
    assert_eq!(
        before["version"], after["version"],
        "refusals change nothing"
    );
    assert_eq!(after["actions"], json!([]));

    // Rate limit: a burst beyond the credits is refused; pings stay exempt.
    let mut limited = false;
    for _ in 0..60 {
        black.send("offer_draw", json!({})).await;
    }
    for _ in 0..60 {
        let v = black
            .until("reply", |v| v["type"] == "ack" || v["type"] == "error")
            .await;
        if v["data"]["code"] == "rate_limited" {
            limited = true;
        }
    }
    assert!(limited);
    let id = black.send("ping", json!({})).await;
    black
        .until("pong", |v| v["type"] == "pong" && v["id"] == json!(id))
        .await;

    // A socket from another origin is refused.
    let req = tokio_tungstenite::tungstenite::http::Request::builder()
        .uri(format!("ws://{}/ws?room={}", s.addr, Uuid::nil()))
        .header("Host", s.addr.to_string())
        .header("Origin", "http://evil.example")
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
        .body(())
        .unwrap();
    let err = tokio_tungstenite::connect_async(req).await.unwrap_err();
    assert!(err.to_string().contains("403"), "{err}");
}

#[tokio::test]
async fn a_client_reconnects_with_since_and_resumes() {
    let s = Server::memory().await;
    let (id, mut white, mut black) = two_seat_game(&s, "stockholm").await;
    black.event("started").await;
    let seen = black.version;
    drop(black);
    white.event("your_turn").await;
    white.event("presence").await; // Black went away.
    white.act("move", json!({"move": "c3-d4"})).await;

    // Back with the last version seen: exactly the missed events, then play resumes.
    let (_, guest) = s.last_guest().await;
    let mut black = s.ws(&id, Some(&guest), Some(seen)).await;
    let first = black.recv().await.unwrap();
    assert_eq!(first["type"], "event", "{first}");
    assert!(first["v"].as_u64().unwrap() > seen, "{first}");
    black.event("moved").await;
    let yt = black.event("your_turn").await;
    let reply = yt["data"]["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    black.act("move", json!({"move": reply})).await;
    let yt = white.event("your_turn").await;
    let next = yt["data"]["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();

    // Too old (more than the room keeps): a snapshot instead.
    drop(black);
    white.event("presence").await;
    for _ in 0..40 {
        let c = s.ws(&id, Some(&guest), None).await;
        white.event("presence").await;
        drop(c);
        white.event("presence").await;
    }
    let mut late = s.ws(&id, Some(&guest), Some(seen)).await;
    let snap = late.recv().await.unwrap();
    assert_eq!(snap["type"], "snapshot", "{snap}");
    assert_eq!(snap["data"]["actions"].as_array().unwrap().len(), 2);
    // An explicit sync works the same way.
    let v = late.version;
    let id = late.send("sync", json!({"since": v})).await;
    // Answered by whatever was missed since `v` (events, read into `late.version`), then
    // the ack at the room's version: the version the socket has now reached.
    let reply = late
        .until("the sync's reply", |m| m["id"] == json!(id))
        .await;
    assert_eq!(reply["type"], "ack", "{reply}");
    let acked = reply["v"].as_u64().unwrap();
    assert!(acked >= v, "{reply}");
    assert_eq!(
        acked, late.version,
        "{reply}: every missed event before the ack"
    );
    white.act("move", json!({"move": next})).await;
    late.event("moved").await;
}

/// A finished room that nobody is connected to keeps no events for returning clients (its
/// memory): a player who comes back with a recent `since` gets a snapshot of the
/// finished game instead of the few events missed, and the rematch still works.
#[tokio::test]
async fn a_finished_room_left_alone_gives_returning_players_a_snapshot() {
    let s = Server::memory().await;
    let (id, mut white, mut black) = two_seat_game(&s, "stockholm").await;
    common::both_move("stockholm", &mut white, &mut black).await;
    black.act("resign", json!({})).await;
    white.event("finished").await;
    black.event("finished").await;
    // Two events back: well within what a room keeps while somebody watches it.
    let seen = white.version - 2;
    drop(white);
    drop(black);
    // A socket's detachment is queued to its room before the gauge goes down.
    common::eventually("the sockets close", || async {
        s.metric("checkerhall_sockets").await == 0
    })
    .await;

    let (_, white_token) = s.first_host().await;
    let (_, black_token) = s.last_guest().await;
    let mut white = s.ws(&id, Some(&white_token), Some(seen)).await;
    let snap = white.recv().await.unwrap();
    assert_eq!(snap["type"], "snapshot", "{snap}");
    assert_eq!(snap["data"]["state"], "finished", "{snap}");
    assert_eq!(
        snap["data"]["actions"].as_array().unwrap().len(),
        3,
        "{snap}"
    );
    let mut black = s.ws(&id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    let new_room = white.rematch(&mut black).await;
    assert_ne!(new_room, id);
}

#[tokio::test]
async fn a_restarted_server_restores_the_game_and_the_players_finish_it() {
    let path = std::env::temp_dir().join(format!("checkerhall-play-{}.db", Uuid::new_v4()));
    let url = format!("sqlite://{}", path.display());
    let mut s = Server::setup().database(url.clone()).start().await;
    let (id, mut white, mut black) = two_seat_game(&s, "giveandtake").await;
    let (_, white_token) = s.first_host().await;
    let (_, black_token) = s.last_guest().await;
    let variant = Variant::GiveAndTake;
    let mut pos = AnyPosition::new(variant, &AnyOptions::default_for(variant)).unwrap();
    let mut played = Vec::new();
    for i in 0..4 {
        let mv = pos.legal_moves()[0];
        let text = pos.move_to_string(&mv);
        pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
        let c = if i % 2 == 0 { &mut white } else { &mut black };
        c.act("move", json!({"move": text})).await;
        played.push(text);
    }
    let seen = black.version;
    s.stop().await;
    white
        .until("restarting", |v| v["type"] == "restarting")
        .await;
    black
        .until("restarting", |v| v["type"] == "restarting")
        .await;

    let s = Server::setup().database(url).start().await;
    let mut white = s.ws(&id, Some(&white_token), None).await;
    let snap = white.recv().await.unwrap();
    assert_eq!(snap["type"], "snapshot");
    assert_eq!(snap["data"]["state"], "playing");
    assert_eq!(snap["data"]["actions"], json!(played));
    let mut black = s.ws(&id, Some(&black_token), Some(seen)).await;
    for _ in 0..2 {
        let mv = pos.legal_moves()[0];
        let text = pos.move_to_string(&mv);
        pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
        let c = if pos.turn() == Some(Seat::WHITE) {
            &mut black
        } else {
            &mut white
        };
        c.act("move", json!({"move": text})).await;
        played.push(text);
    }
    white.act("resign", json!({})).await;
    black.event("finished").await;
    let (row, moves) = s
        .state
        .store
        .game(Uuid::parse_str(&id).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.winners.as_deref(), Some("black"));
    assert_eq!(moves.len(), played.len() + 1);
    let _ = std::fs::remove_file(&path);
}

/// The per-host limit of unfinished rooms counts what it should through a room's whole
/// life: a room stops counting once it finishes or is aborted, a rematch room counts, and
/// a restart counts the restored rooms again (the count is kept up to date, not scanned).
#[tokio::test]
async fn the_per_host_room_limit_follows_rooms_through_their_life() {
    let path = std::env::temp_dir().join(format!("checkerhall-limit-{}.db", Uuid::new_v4()));
    let url = format!("sqlite://{}", path.display());
    let config = || {
        let mut c = ServerConfig::new(url.clone());
        c.limits.rooms_per_identity = 2;
        c
    };
    let mut s = Server::start(config()).await;
    let (host_who, host) = s.player().await;
    let (_, guest) = s.player().await;
    let create = |s: &Server| {
        let s = s.addr;
        let host = host.clone();
        async move {
            let (status, body) = reqwest::Client::new()
                .post(format!("http://{s}/api/rooms"))
                .bearer_auth(&host)
                .json(&json!({"game": "stockholm", "seat": "white", "auto_start": false}))
                .send()
                .await
                .map(|r| (r.status().as_u16(), r))
                .unwrap();
            let body: serde_json::Value = body.json().await.unwrap();
            (status, body)
        }
    };
    let made = |(status, body): (u16, serde_json::Value)| {
        assert_eq!(status, 200, "{body}");
        body["id"].as_str().unwrap().to_string()
    };
    let refused = |(status, body): (u16, serde_json::Value)| {
        assert_eq!(status, 429, "{body}");
        assert_eq!(body["error"]["code"], "too_many", "{body}");
    };

    // Two waiting rooms: the third is refused; aborting one makes room.
    let a = made(create(&s).await);
    let b = made(create(&s).await);
    refused(create(&s).await);
    let mut host_a = s.ws(&a, Some(&host), None).await;
    host_a.act("abort", json!({})).await;
    let c = made(create(&s).await);
    refused(create(&s).await);

    // A game that finishes stops counting.
    let mut white = s.ws(&b, Some(&host), None).await;
    let mut black = s.ws(&b, Some(&guest), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    common::both_move("stockholm", &mut white, &mut black).await;
    white.act("resign", json!({})).await;
    black.event("finished").await;
    let d = made(create(&s).await);
    refused(create(&s).await);

    // Its rematch (hosted by the same host, playing) counts: three unfinished now.
    let e = white.rematch(&mut black).await;
    assert_eq!(s.state.rooms.unfinished_hosted_by(host_who.id), 3);
    refused(create(&s).await);
    let mut host_c = s.ws(&c, Some(&host), None).await;
    host_c.act("abort", json!({})).await;
    let mut host_e = s.ws(&e, Some(&host), None).await;
    host_e.act("abort", json!({})).await;
    made(create(&s).await);
    refused(create(&s).await);

    // After a restart the restored rooms (d and the last one, waiting) count again.
    drop((host_a, host_c, host_e, white, black));
    s.stop().await;
    let s = Server::start(config()).await;
    refused(create(&s).await);
    let mut host_d = s.ws(&d, Some(&host), None).await;
    host_d.act("abort", json!({})).await;
    made(create(&s).await);
    refused(create(&s).await);
    let _ = std::fs::remove_file(&path);
}

/// The room's timer ends a game whose seat to move lets its time run out while nobody sends
/// anything. A clock runs from its seat's first move (the lidraughts convention), so both
/// seats move once first.
#[tokio::test]
async fn a_flag_falls_on_the_rooms_timer() {
    let s = Server::memory().await;
    let (id, mut white, mut black) = s
        .two_seat_room(json!({"game": "stockholm", "seat": "white",
            "time_control": {"kind": "per_move", "limit_ms": 5_000}}))
        .await;
    white.event("your_turn").await;
    white.act("move", json!({"move": "c3-d4"})).await;
    let yt = black.event("your_turn").await;
    let reply = yt["data"]["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    black.act("move", json!({"move": reply})).await;
    let departed = black.event("departed").await;
    assert_eq!(departed["data"]["seat"], "white", "{departed}");
    assert_eq!(departed["data"]["reason"], "time", "{departed}");
    let finished = white.event("finished").await;
    assert_eq!(finished["data"]["outcome"]["winners"], json!(["black"]));
    assert_eq!(
        s.get(&format!("/api/rooms/{id}"), None).await.1["state"],
        "finished"
    );
}

/// A timed game whose first mover never moves is aborted by the room's timer, not lost: no
/// flag falls, nobody wins.
#[tokio::test]
async fn a_first_move_never_made_aborts_the_game() {
    let s = Server::memory().await;
    let (id, mut white, mut black) = s
        .two_seat_room(json!({"game": "stockholm", "seat": "white",
            "time_control": {"kind": "per_move", "limit_ms": 5_000}}))
        .await;
    let started = white.event("started").await;
    let by = started["data"]["board"]["clocks"]["first_move_by"].clone();
    assert!(by.is_u64(), "the first-move deadline is shown: {started}");
    let aborted = black.event("aborted").await;
    assert_eq!(aborted["data"]["reason"], "no_first_move", "{aborted}");
    assert_eq!(aborted["data"]["seat"], "white", "{aborted}");
    assert_eq!(
        s.get(&format!("/api/rooms/{id}"), None).await.1["state"],
        "aborted"
    );
}
