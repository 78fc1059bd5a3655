//! Bots in rooms, over real WebSockets: three bots and one human play Neva to the end.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Server;
use serde_json::json;

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
    assert!(record.contains("bot"), "{record}");
    let replayed = record
        .parse::<rules::GameRecord>()
        .unwrap()
        .replay()
        .unwrap();
    assert!(!replayed.status().is_ongoing(), "{record}");
}
