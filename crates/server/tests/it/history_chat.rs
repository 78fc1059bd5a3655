//! A stored game's chat over HTTP, on SQLite and Postgres: while the game is on,
//! `GET /api/history/{id}` shows each caller what its socket would show it now (a player
//! the players' chat, a spectator or an anonymous caller the spectators'); once it is over,
//! both to everyone.

use serde_json::{json, Value};

use crate::clubdb;
use crate::common::{eventually, Server};

/// The chat texts of game `id` as `token` (or an anonymous caller) reads them.
async fn texts(s: &Server, id: &str, token: Option<&str>) -> Vec<String> {
    let (status, game) = s.get(&format!("/api/history/{id}"), token).await;
    assert_eq!(status, 200, "{game}");
    game["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_shows_each_caller_only_the_chat_it_may_read() {
    for b in clubdb::BACKENDS {
        let Some(url) = clubdb::fresh(b).await else {
            continue;
        };
        let mut s = Server::setup().database(url).start().await;
        let (id, mut host, mut guest) = s.two_seat_game("queah").await;
        let (_, host_token) = s.first_host().await;
        let (_, guest_token) = s.last_guest().await;
        let (_, watcher_token) = s.player().await;
        let mut watcher = s.ws(&id, Some(&watcher_token), None).await;
        watcher.until("snapshot", |v| v["type"] == "snapshot").await;
        // Both seats move, so the game is well under way.
        for c in [&mut host, &mut guest] {
            let turn = c.event("your_turn").await;
            let mv: Value = turn["data"]["legal_moves"][0]["text"].clone();
            c.act("move", json!({"move": mv})).await;
        }
        host.act("chat", json!({"channel": "players", "text": "good luck"}))
            .await;
        watcher
            .act(
                "chat",
                json!({"channel": "spectators", "text": "White is lost"}),
            )
            .await;
        // Lines are stored in order: once the later one is there, both are.
        eventually("both lines are stored", || async {
            texts(&s, &id, None).await == ["White is lost"]
        })
        .await;
        let players = ["good luck".to_string()];
        let spectators = ["White is lost".to_string()];
        assert_eq!(texts(&s, &id, Some(&host_token)).await, players);
        assert_eq!(texts(&s, &id, Some(&guest_token)).await, players);
        assert_eq!(texts(&s, &id, Some(&watcher_token)).await, spectators);
        assert_eq!(texts(&s, &id, None).await, spectators);

        // Over: everyone reads both, in order.
        host.act("resign", json!({})).await;
        let both = ["good luck".to_string(), "White is lost".to_string()];
        eventually("the game is stored as over", || async {
            texts(&s, &id, Some(&host_token)).await == both
        })
        .await;
        for token in [Some(&guest_token), Some(&watcher_token), None] {
            assert_eq!(texts(&s, &id, token.map(String::as_str)).await, both);
        }
        drop((host, guest, watcher));
        s.stop().await;
    }
}
