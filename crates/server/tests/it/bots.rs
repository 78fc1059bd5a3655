//! Bots in rooms, over real WebSockets: three bots and one human play Neva to the end.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::sync::atomic::Ordering;
use std::time::Duration;

use common::{Client, Server};
use serde_json::{json, Value};

#[tokio::test]
async fn three_bots_and_a_human_play_neva_to_the_end() {
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    let (status, created) = s
        .create_room(&token, json!({"game": "neva", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut human = s.ws(&id, Some(&token), None).await;
    human.until("snapshot", |v| v["type"] == "snapshot").await;

    // Only kinds and levels that exist are seated.
    for bad in [
        json!({"kind": "engine", "level": 9}),
        json!({"kind": "engine", "level": 0}),
        json!({"kind": "oracle", "level": 1}),
    ] {
        let code = human
            .refused("set_bot", json!({"seat": "red", "bot": bad}))
            .await;
        assert_eq!(code, "unknown_bot");
    }
    for (seat, level) in [("red", 1), ("green", 2), ("black", 3)] {
        human
            .act(
                "set_bot",
                json!({"seat": seat, "bot": {"kind": "engine", "level": level}}),
            )
            .await;
    }
    human.act("start", json!({})).await;

    // The human plays its first legal move whenever it is asked; the bots do the rest.
    let mut human_moves = 0;
    let finished = loop {
        let v = human
            .until("your_turn or finished", |v| {
                v["type"] == "event"
                    && (v["data"]["type"] == "your_turn" || v["data"]["type"] == "finished")
            })
            .await;
        if v["data"]["type"] == "finished" {
            break v;
        }
        let text = v["data"]["legal_moves"][0]["text"]
            .as_str()
            .unwrap()
            .to_string();
        // A your_turn may be stale if the game ended meanwhile: errors are fine then.
        let _ = human.send("move", json!({"move": text})).await;
        human_moves += 1;
    };
    assert!(human_moves > 0);
    let outcome = &finished["data"]["outcome"];
    assert!(outcome.is_object(), "{finished}");

    // Everyone sees the bots as bots, and every move the bots made is stored and legal.
    let (status, room) = s.get(&format!("/api/history/{id}"), None).await;
    assert_eq!(status, 200, "{room}");
    let record = reqwest::get(s.url(&format!("/api/history/{id}/export?format=record")))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(record.contains("Computer level"), "{record}");
    let replayed = record
        .parse::<rules::GameRecord>()
        .unwrap()
        .replay()
        .unwrap();
    assert!(!replayed.status().is_ongoing(), "{record}");
}

/// A Stockholm room where the human (white) plays a level-5 bot (black), started.
async fn against_level_five(s: &Server, token: &str) -> Client {
    let (status, created) = s
        .create_room(token, json!({"game": "stockholm", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut human = s.ws(&id, Some(token), None).await;
    human.until("snapshot", |v| v["type"] == "snapshot").await;
    human
        .act(
            "set_bot",
            json!({"seat": "black", "bot": {"kind": "engine", "level": 5}}),
        )
        .await;
    human.act("start", json!({})).await;
    human
}

/// Plays the human's first legal move when it is asked, then waits until the bot's search
/// runs on the pool. `false` if the search was not seen running (one quicker than the
/// polling); the caller then tries again on a later turn.
async fn move_and_wait_for_search(s: &Server, human: &mut Client) -> bool {
    let turn = human.event("your_turn").await;
    let text = turn["data"]["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    human.act("move", json!({"move": text})).await;
    let searches = &s.state.metrics.bot_searches;
    // Polling, not timing: the test waits for the search to start, however long that takes.
    for _ in 0..20_000 {
        if searches.load(Ordering::Relaxed) > 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    false
}

/// Sends a command while the bot thinks: its reply if it came before the bot's move (it
/// must, as the room task does not wait for the search), `None` if the bot moved first.
async fn while_thinking(human: &mut Client, kind: &str, data: Value) -> Option<Value> {
    // Only a move after everything read so far counts (earlier ones wait in the backlog).
    let seen = human.version;
    let id = human.send(kind, data).await;
    let is_reply = move |v: &Value| v["id"] == json!(id) && v["type"] != "event";
    let first = human
        .until("reply or bot move", |v| {
            is_reply(v)
                || (v["type"] == "event"
                    && v["data"]["type"] == "moved"
                    && v["data"]["seat"] == "black"
                    && v["v"].as_u64().is_some_and(|n| n > seen))
        })
        .await;
    if first["type"] == "event" {
        human.until("reply", is_reply).await;
        return None;
    }
    Some(first)
}

#[tokio::test]
async fn a_room_answers_its_human_while_its_bot_thinks() {
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    let mut human = against_level_five(&s, &token).await;
    // A catch-up request, a draw offer and a resignation, each sent while the bot searches,
    // are answered before the bot's move.
    for kind in ["sync", "offer_draw", "resign"] {
        let mut tries = 0;
        let reply = loop {
            tries += 1;
            assert!(
                tries <= 10,
                "{kind} was never answered while the bot thought"
            );
            if !move_and_wait_for_search(&s, &mut human).await {
                continue;
            }
            let data = match kind {
                "sync" => json!({"since": human.version}),
                _ => json!({}),
            };
            if let Some(reply) = while_thinking(&mut human, kind, data).await {
                break reply;
            }
        };
        assert_eq!(reply["type"], "ack", "{kind}: {reply}");
        match kind {
            "offer_draw" => {
                // The bot drops its move's search to answer the offer, then moves (or the
                // game is drawn); a drawn game leaves the resignation to a new one.
                let answer = human
                    .until("the bot's answer", |v| {
                        v["type"] == "event"
                            && (v["data"]["type"] == "finished"
                                || (v["data"]["type"] == "draw_offer"
                                    && v["data"]["by"] == "black"))
                    })
                    .await;
                if answer["data"]["type"] == "finished" {
                    human = against_level_five(&s, &token).await;
                }
            }
            "resign" => {
                let finished = human.event("finished").await;
                assert!(finished["data"]["outcome"].is_object(), "{finished}");
                // The search that was running is dropped: the game stays over, and no
                // move of the bot follows the resignation.
                let v = human.act("sync", json!({"since": human.version})).await;
                assert_eq!(v, human.version, "nothing after the end");
            }
            _ => {}
        }
    }
}
